/**
 * Walnut's automaton text format (read and write): a header with one token per track (a numeration
 * system or an explicit set {a, b}), then state blocks `q output` and transitions `d1 .. dk -> p`.
 * The first block is the initial state; missing transitions reject.
 */
import { InputError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { determinise, NfaBuilder } from '../automata/nfa.js';
import { NumerationSystem } from '../numeration/system.js';
import { lettersOf, type Track, radixOf, trackKindName } from './predicate.js';
import { coReachable } from '../numeration/build.js';

export interface ParsedAutomaton {
  /** true/false for a sentence file. */
  truth?: boolean;
  /** Tracks named #00, #01, ... in header order. */
  tracks: Track[];
  /** Complete DFA over the packed letters (first track fastest), outputs as in the file. */
  dfa: Dfa;
}

/** The track of a header token; `msd`/`lsd`, a bare k and a bare word w are Walnut's shorthands. */
export function trackOfToken(token: string, index: number, customBases?: (name: string) => NumerationSystem | undefined): Track {
  const name = `#${index.toString().padStart(2, '0')}`;
  if (token.startsWith('{')) {
    const inner = token.slice(1, -1).replace(/\s+/g, '');
    const values = inner.length === 0 ? [] : inner.split(',').map((x) => Number(x));
    if (values.some((v) => !Number.isInteger(v))) throw new InputError(`bad alphabet ${token}`);
    return { name, system: null, alphabet: [...new Set(values)] };
  }
  return { name, system: systemOfToken(token, customBases) };
}

export function systemOfToken(token: string, customBases?: (name: string) => NumerationSystem | undefined): NumerationSystem {
  let t = token;
  if (t === 'msd' || t === 'lsd') t = `${t}_2`;
  else if (/^\d+$/.test(t)) t = `msd_${t}`;
  else if (!/^(msd|lsd)_/.test(t)) t = `msd_${t}`;
  return customBases?.(t) ?? NumerationSystem.byName(t);
}

/** Splits a header line into tokens, keeping {a, b} sets whole. */
function headerTokens(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (/\s/.test(line[i]!)) {
      i++;
      continue;
    }
    if (line[i] === '{') {
      const j = line.indexOf('}', i);
      if (j < 0) throw new InputError(`unclosed { in the header ${JSON.stringify(line)}`);
      out.push(line.slice(i, j + 1));
      i = j + 1;
    } else {
      const m = /^\S+/.exec(line.slice(i))!;
      out.push(m[0]);
      i += m[0].length;
    }
  }
  return out;
}

export function parseWalnutAutomaton(text: string, customBases?: (name: string) => NumerationSystem | undefined): ParsedAutomaton {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0);
  if (lines.length === 0) throw new InputError('empty automaton file');
  if (lines.length === 1 && (lines[0] === 'true' || lines[0] === 'false')) {
    const truth = lines[0] === 'true';
    return { truth, tracks: [], dfa: Dfa.from(1, 1, () => 0, () => (truth ? 1 : 0)) };
  }
  const tracks = headerTokens(lines[0]!).map((t, i) => trackOfToken(t, i, customBases));
  const radices = tracks.map(radixOf);
  const K = lettersOf(tracks);
  const digitIndex = (t: Track, d: number): number => {
    if (t.system) {
      if (d < 0 || d >= t.system.base) throw new InputError(`digit ${d} outside ${trackKindName(t)}`);
      return d;
    }
    const i = t.alphabet!.indexOf(d);
    if (i < 0) throw new InputError(`digit ${d} outside ${trackKindName(t)}`);
    return i;
  };
  const ids = new Map<number, number>();
  const outputs: number[] = [];
  const edges: [number, number[], number[]][] = []; // state, letters, targets
  const idOf = (q: number) => {
    let id = ids.get(q);
    if (id === undefined) {
      id = ids.size;
      ids.set(q, id);
      outputs.push(0);
    }
    return id;
  };
  let current = -1;
  for (const line of lines.slice(1)) {
    const tr = /^(.*)->(.*)$/.exec(line);
    if (!tr) {
      const m = /^(-?\d+)\s+(-?\d+)$/.exec(line);
      if (!m) throw new InputError(`bad automaton line ${JSON.stringify(line)}`);
      current = idOf(Number(m[1]));
      outputs[current] = Number(m[2]);
      continue;
    }
    if (current < 0) throw new InputError(`transition before any state: ${JSON.stringify(line)}`);
    const digits = tr[1]!.trim().split(/\s+/).filter((x) => x.length > 0);
    if (digits.length !== tracks.length) throw new InputError(`transition ${JSON.stringify(line)} has ${digits.length} digits for ${tracks.length} tracks`);
    // A * digit stands for every letter of its track.
    let letters = [0];
    let weight = 1;
    digits.forEach((d, i) => {
      const choices = d === '*' ? Array.from({ length: radices[i]! }, (_, j) => j) : [digitIndex(tracks[i]!, Number(d))];
      const next: number[] = [];
      for (const l of letters) for (const c of choices) next.push(l + c * weight);
      letters = next;
      weight *= radices[i]!;
    });
    const targets = tr[2]!.trim().split(/\s+/).map((x) => idOf(Number(x.split('/')[0])));
    edges.push([current, letters, targets]);
  }
  const n = outputs.length;
  const deterministic = edges.every(([, , t]) => t.length === 1);
  if (deterministic) {
    const delta = new Int32Array((n + 1) * K).fill(n);
    for (const [s, letters, [t]] of edges) for (const l of letters) delta[s * K + l] = t!;
    return { tracks, dfa: new Dfa(K, delta, Int32Array.from([...outputs, 0]), 0) };
  }
  const b = new NfaBuilder(K);
  for (let s = 0; s < n; s++) b.addState(outputs[s] !== 0);
  for (const [s, letters, targets] of edges) for (const l of letters) for (const t of targets) b.addEdge(s, l, t);
  return { tracks, dfa: determinise(b.build([0])) };
}

/** Walnut's canonical numbering of a DFA's states (what `canonize` gives its files and matrices). */
export interface CanonicalStates {
  /** The DFA states in canonical order: order[i] is the DFA state numbered i. */
  order: number[];
  /** The canonical number of each DFA state, -1 for a state that is dropped. */
  number: Int32Array;
}

/**
 * Walnut's canonical numbering: breadth-first from the start, successors in increasing packed
 * letter (first track fastest), keeping only states that can still accept (for acceptors; a DFAO
 * keeps every reachable state). Empty when the start state cannot accept. O(n k).
 */
export function canonicalStates(dfa: Dfa, acceptor = true): CanonicalStates {
  const live = acceptor ? coReachable(dfa) : new Uint8Array(dfa.stateCount).fill(1);
  const order: number[] = [];
  const number = new Int32Array(dfa.stateCount).fill(-1);
  if (live[dfa.start]) {
    order.push(dfa.start);
    number[dfa.start] = 0;
  }
  for (let i = 0; i < order.length; i++) {
    const s = order[i]!;
    for (let L = 0; L < dfa.alphabetSize; L++) {
      const t = dfa.next(s, L);
      if (live[t] && number[t] === -1) {
        number[t] = order.length;
        order.push(t);
      }
    }
  }
  return { order, number };
}

/** The digits (the values, not the letter indices) of a packed letter, one per track, first track fastest. */
export function letterDigits(tracks: readonly Track[], letter: number): number[] {
  let rest = letter;
  return tracks.map((tr) => {
    const r = radixOf(tr);
    const d = rest % r;
    rest = Math.floor(rest / r);
    return tr.system ? d : tr.alphabet![d]!;
  });
}

/**
 * Walnut's canonical text for an acceptor or a DFAO: states that can still accept (for acceptors),
 * breadth-first from the start, transitions by packed letter ascending, rejecting sink dropped.
 */
export function formatWalnutAutomaton(tracks: readonly Track[], dfa: Dfa, acceptor = true): string {
  if (tracks.length === 0) return dfa.output[dfa.start] !== 0 ? 'true' : 'false';
  const { order, number } = canonicalStates(dfa, acceptor);
  const lines: string[] = [tracks.map((t) => (t.system ? t.system.name : `{${t.alphabet!.join(', ')}} `)).join(' ')];
  for (let i = 0; i < order.length; i++) {
    const s = order[i]!;
    lines.push('', `${i} ${dfa.output[s]}`);
    for (let L = 0; L < dfa.alphabetSize; L++) {
      const t = number[dfa.next(s, L)]!;
      if (t >= 0) lines.push(`${letterDigits(tracks, L).join(' ')} -> ${t}`);
    }
  }
  if (order.length === 0) lines.push('', '0 0');
  return lines.join('\n') + '\n';
}
