/**
 * Walnut's `transduce NAME T W`: the word y with y[n] = the output of the sequential transducer T
 * on the letter x[n], after T has read x[0..n-1] (x is the word of the DFAO W). The result is
 * again a DFAO in W's numeration system.
 *
 * Read msd, the positions below n = d_{L-1}...d_0 split into blocks: for each digit position j and
 * each digit e < d_j, the indices with the prefix read so far, then e, then any valid j digits. The
 * effect of a block on T's state depends only on the state q of W after the prefix and on j: a map
 * Φ_j(q): S → S, with Φ_j(q) = Φ_{j-1}(δ(q, k-1)) ∘ ... ∘ Φ_{j-1}(δ(q, 0)). Reading msd we do not
 * know j in advance, so an NFA guesses Φ_j among the finitely many Φ_0, F(Φ_0), F²(Φ_0), ... and
 * checks the guess backwards (it ends at Φ_0); the consistent run is unique, and the subset
 * construction gives the DFAO.
 */
import { InputError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { determinise, NfaBuilder } from '../automata/nfa.js';
import { reverseMoore } from '../automata/language.js';
import { coReachable } from '../numeration/build.js';
import type { WordAutomaton } from './compile.js';

/** A deterministic sequential transducer over integer letters, with an output per transition. */
export interface SequentialTransducer {
  /** The input letters, in the order of the file. */
  readonly alphabet: readonly number[];
  readonly stateCount: number;
  /** next[s * |alphabet| + i] and out[...] for input letter alphabet[i]; -1 where undefined. */
  readonly next: Int32Array;
  readonly out: Int32Array;
}

/**
 * Walnut's transducer file: header `{a, b}`, state lines `q`, transitions `d -> p / o`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function parseTransducer(text: string, what = 'transducer'): SequentialTransducer {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  const head = /^\{(.*)\}$/.exec(lines[0] ?? '');
  if (!head) throw new InputError(`${what}: the first line must be the input alphabet, e.g. {0, 1}`);
  const alphabet = head[1]!.split(',').map((x) => Number(x.trim()));
  if (alphabet.some((x) => !Number.isInteger(x))) throw new InputError(`${what}: bad alphabet ${lines[0]}`);
  const ids = new Map<number, number>();
  const idOf = (q: number) => {
    if (!ids.has(q)) ids.set(q, ids.size);
    return ids.get(q)!;
  };
  const edges: [number, number, number, number][] = [];
  let cur = -1;
  for (const line of lines.slice(1)) {
    const m = /^(-?\d+)\s*->\s*(-?\d+)\s*\/\s*(-?\d+)$/.exec(line);
    if (m) {
      if (cur < 0) throw new InputError(`${what}: transition before any state: ${line}`);
      const i = alphabet.indexOf(Number(m[1]));
      if (i < 0) throw new InputError(`${what}: letter ${m[1]} is not in the alphabet`);
      edges.push([cur, i, idOf(Number(m[2])), Number(m[3])]);
    } else if (/^-?\d+$/.test(line)) cur = idOf(Number(line));
    else throw new InputError(`${what}: bad line ${JSON.stringify(line)}`);
  }
  const n = ids.size;
  const next = new Int32Array(n * alphabet.length).fill(-1);
  const out = new Int32Array(n * alphabet.length);
  for (const [s, i, t, o] of edges) {
    if (next[s * alphabet.length + i] !== -1) throw new InputError(`${what}: two transitions from state ${s} on ${alphabet[i]} (only deterministic transducers)`);
    next[s * alphabet.length + i] = t;
    out[s * alphabet.length + i] = o;
  }
  return { alphabet, stateCount: n, next, out };
}

/**
 * y = T(x) for the word x of w (one arithmetic track, msd or lsd); `valid` is the msd validity automaton of its system.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function transduceWord(t: SequentialTransducer, w: WordAutomaton, valid: Dfa, maxStates = limitDefault('languageStates')): WordAutomaton {
  const track = w.tracks[0];
  if (w.tracks.length !== 1 || !track?.system) throw new InputError('Error transducing automaton');
  const msdW = track.system.msd ? w.dfa : reverseMoore(w.dfa, maxStates);
  const y = transduceMsd(t, msdW, valid, maxStates);
  return { tracks: w.tracks, dfa: track.system.msd ? y : reverseMoore(y, maxStates) };
}

function transduceMsd(t: SequentialTransducer, W: Dfa, valid: Dfa, maxStates: number): Dfa {
  const k = W.alphabetSize;
  if (valid.alphabetSize !== k) throw new InputError('Error transducing automaton');
  const S = t.stateCount;
  const A = t.alphabet.length;
  // The product of W with validity: dead states stand for no position at all.
  const live = coReachable(valid);
  const key = (q: number, v: number) => q * valid.stateCount + v;
  const index = new Map<number, number>([[key(W.start, valid.start), 0]]);
  const pq = [W.start];
  const pv = [valid.start];
  const pDelta: number[] = [];
  for (let i = 0; i < pq.length; i++) {
    for (let d = 0; d < k; d++) {
      const q = W.next(pq[i]!, d);
      const v = valid.next(pv[i]!, d);
      const kk = key(q, v);
      if (!index.has(kk)) {
        index.set(kk, pq.length);
        pq.push(q);
        pv.push(v);
      }
      pDelta.push(index.get(kk)!);
    }
  }
  const P = pq.length;
  const dead = (i: number) => !live[pv[i]!];
  const letterOf = (i: number): number => {
    const a = t.alphabet.indexOf(W.output[pq[i]!]!);
    if (a < 0) throw new InputError('Error transducing automaton');
    return a;
  };
  // Φ as one Int32Array: Φ[i * S + s] = the state after the block of product state i, from s.
  const phi0 = new Int32Array(P * S);
  for (let i = 0; i < P; i++) {
    for (let s = 0; s < S; s++) {
      if (dead(i)) phi0[i * S + s] = s;
      else {
        const nx = t.next[s * A + letterOf(i)]!;
        if (nx < 0) throw new InputError('Error transducing automaton');
        phi0[i * S + s] = nx;
      }
    }
  }
  const applyBlocks = (phi: Int32Array, i: number, upto: number, s: number): number => {
    let r = s;
    for (let d = 0; d < upto; d++) r = phi[pDelta[i * k + d]! * S + r]!;
    return r;
  };
  const step = (phi: Int32Array): Int32Array => {
    const out = new Int32Array(P * S);
    for (let i = 0; i < P; i++) for (let s = 0; s < S; s++) out[i * S + s] = dead(i) ? s : applyBlocks(phi, i, k, s);
    return out;
  };
  // The orbit Φ_0, F(Φ_0), ... (finite: maps of a finite set).
  const orbit: Int32Array[] = [phi0];
  const seen = new Map<string, number>([[phi0.join(','), 0]]);
  const succ: number[] = [];
  for (let j = 0; ; j++) {
    const nx = step(orbit[j]!);
    const kk = nx.join(',');
    const hit = seen.get(kk);
    if (hit !== undefined) {
      succ.push(hit);
      break;
    }
    seen.set(kk, orbit.length);
    succ.push(orbit.length);
    orbit.push(nx);
    if (orbit.length > 10_000) throw new InputError('transduce: the block maps do not cycle within 10000 steps');
  }
  // pred[a] = the orbit indices b with F(Φ_b) = Φ_a.
  const pred: number[][] = orbit.map(() => []);
  succ.forEach((a, b) => pred[a]!.push(b));
  const O = orbit.length;
  const id = (i: number, s: number, a: number) => (i * S + s) * O + a;
  const b = new NfaBuilder(k);
  for (let x = 0; x < P * S * O; x++) b.addState(false);
  for (let i = 0; i < P; i++) {
    for (let s = 0; s < S; s++) {
      for (let a = 0; a < O; a++) {
        for (let d = 0; d < k; d++) {
          const i2 = pDelta[i * k + d]!;
          for (const p of pred[a]!) b.addEdge(id(i, s, a), d, id(i2, applyBlocks(orbit[p]!, i, d, s), p));
        }
      }
    }
  }
  const starts = Array.from({ length: O }, (_, a) => id(0, 0, a));
  const nfa = b.build(starts);
  return minimise(
    determinise(nfa, {
      maxStates,
      output: (states) => {
        for (const x of states) {
          if (x % O !== 0) continue;
          const i = Math.floor(x / (S * O));
          const s = Math.floor(x / O) % S;
          if (dead(i)) return 0;
          return t.out[s * A + letterOf(i)]!;
        }
        return 0;
      },
    }),
  );
}
