/**
 * Sets of P-positions of the games of deciding-game-invariance, section 6, as automata:
 * Wythoff and Fraenkel's (s,t) games (Proposition 46, Remark 47), the Tribonacci game (Theorem 48),
 * the generalised Tribonacci games G_s (Theorem 52), the Raleigh game (Theorem 58), and P_w for the
 * fixed point of a Parikh-constant morphism (Proposition 43). Each set includes 0 and is closed
 * under permuting coordinates (Definition 34).
 */
import { InputError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { determinise, NfaBuilder } from '../automata/nfa.js';
import { minimise } from '../automata/minimise.js';
import { NumerationSystem } from '../numeration/system.js';
import { Compiler, type WordAutomaton } from './compile.js';
import { OneShotLibrary } from './admissibility/compiled.js';
import { parseFormula } from './parser.js';
import { fromDfa, type Limits, Predicate, type Track } from './predicate.js';
import { compileRegex } from './regex.js';

/**
 * Tuples of words (0^{L-|s_1|} w s_1, ..., 0^{L-|s_n|} w s_n), L = max |s_j|, over the digits of an
 * msd system, where w is accepted by `wCondition` (one track). This is the shape of Figures 3 and 5:
 * the automaton remembers the last L digits of w.
 */
export function shiftedWords(sys: NumerationSystem, suffixes: readonly (readonly number[])[], wCondition: Dfa): Dfa {
  if (!sys.msd) throw new InputError('shifted words are built for msd systems');
  const b = sys.base;
  const n = suffixes.length;
  const L = Math.max(...suffixes.map((s) => s.length));
  const lead = suffixes.findIndex((s) => s.length === L);
  const lag = suffixes.map((s) => L - s.length);
  const K = b ** n;
  const builder = new NfaBuilder(K);
  const ids = new Map<string, number>();
  type S = { phase: number; buf: number[]; q: number };
  const todo: S[] = [];
  const id = (s: S): number => {
    const key = `${s.phase}|${s.buf.join(',')}|${s.q}`;
    let i = ids.get(key);
    if (i === undefined) {
      const accept = s.phase === L && wCondition.output[s.q] !== 0;
      i = builder.addState(accept);
      ids.set(key, i);
      todo.push(s);
    }
    return i;
  };
  const digitsOf = (letter: number) => Array.from({ length: n }, (_, j) => Math.floor(letter / b ** j) % b);
  const start = id({ phase: 0, buf: new Array<number>(L).fill(0), q: wCondition.start });
  for (let k = 0; k < todo.length; k++) {
    const s = todo[k]!;
    const from = id(s);
    for (let letter = 0; letter < K; letter++) {
      const d = digitsOf(letter);
      if (s.phase === 0) {
        // Another digit c of w: lagging tracks show older digits of w.
        const c = d[lead]!;
        if (d.every((x, j) => lag[j] === 0 ? x === c : x === s.buf[L - lag[j]!])) {
          builder.addEdge(from, letter, id({ phase: 0, buf: [...s.buf.slice(1), c], q: wCondition.next(s.q, c) }));
        }
      }
      if (s.phase < L) {
        // Suffix step t = phase: a track shows w's tail until its lag is used up, then its suffix.
        const t = s.phase;
        const want = suffixes.map((sfx, j) => (t < lag[j]! ? s.buf[L + t - lag[j]!]! : sfx[t - lag[j]!]!));
        if (d.every((x, j) => x === want[j])) builder.addEdge(from, letter, id({ phase: t + 1, buf: s.buf, q: s.q }));
      }
    }
  }
  return minimise(determinise(builder.build([start])));
}

function tracksNamed(sys: NumerationSystem, names: string[]): Track[] {
  return names.map((name) => ({ name, system: sys }));
}

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/**
 * {0} ∪ all permutations of {(x_1 + shift, ..., x_n + shift) : base(x)} as a predicate on tracks
 * a0..a{n-1}.
 */
function symmetricSet(sys: NumerationSystem, base: Predicate, shift: number, limits: Limits): Predicate {
  const n = base.tracks.length;
  const lib = new OneShotLibrary(new Map([['B', base]]));
  const compiler = new Compiler(lib, limits);
  const a = Array.from({ length: n }, (_, i) => `a${i}`);
  const x = Array.from({ length: n }, (_, i) => `x${i}`);
  let shifted: Predicate = base;
  if (shift > 0) {
    shifted = compiler.formula(parseFormula(`?${sys.name} E${x.join(',')} $B(${x.join(',')}) & ${a.map((v, i) => `${v}=${x[i]}+${shift}`).join(' & ')}`));
  }
  lib.preds.set('S', shifted);
  const perms = permutations(n).map((p) => `$S(${p.map((i) => a[i]).join(',')})`);
  return compiler.formula(parseFormula(`?${sys.name} (${a.map((v) => `${v}=0`).join(' & ')}) | ${perms.join(' | ')}`));
}

/** Words ending in an even number (possibly 0) of zeros, or all zeros (the number 0). */
function evenZerosAtEnd(sys: NumerationSystem): Dfa {
  return compileRegex(`0*|.*[1-${sys.base - 1}](00)*`, [{ name: '#00', system: sys }]);
}

/**
 * Fraenkel's (s,t) game (Proposition 46): (x, y) is a P-position iff rep_U(x) ends in an even number
 * of zeros and rep_U(y) = rep_U(x)0, U_i = (s+t-1) U_{i-1} + s U_{i-2}. s = t = 1 is Wythoff (Remark 47).
 */
export function fraenkelSet(s: number, t: number, limits: Limits = {}): Predicate {
  const sys = NumerationSystem.byName(s === 1 && t === 1 ? 'msd_fib' : `msd_fraenkel_${s}_${t}`);
  const pairs = fromDfa(tracksNamed(sys, ['x0', 'x1']), shiftedWords(sys, [[], [0]], evenZerosAtEnd(sys)));
  return symmetricSet(sys, pairs, 0, limits);
}

/** Wythoff's game: P-positions in the Fibonacci system (Remark 47, Figure 4). */
export function wythoffSet(limits: Limits = {}): Predicate {
  return fraenkelSet(1, 1, limits);
}

function anyWord(sys: NumerationSystem): Dfa {
  return Dfa.from(1, sys.base, () => 0, () => 1);
}

/** The Tribonacci game (Theorem 48): rep_T(a-1) = w0, rep_T(b-1) = w01, rep_T(c-1) = w011. */
export function tribonacciSet(limits: Limits = {}): Predicate {
  const sys = NumerationSystem.byName('msd_trib');
  const triples = fromDfa(tracksNamed(sys, ['x0', 'x1', 'x2']), shiftedWords(sys, [[0], [0, 1], [0, 1, 1]], anyWord(sys)));
  return symmetricSet(sys, triples, 1, limits);
}

/**
 * The generalised Tribonacci game G_s (Theorem 52): rep_U(a-1) = w, rep_U(b-1) = ws,
 * rep_U(c-1) = ws1 with w the label of a cycle on the initial state of the automaton of U-expansions.
 */
export function generalisedTribonacciSet(s: number, limits: Limits = {}): Predicate {
  const sys = NumerationSystem.byName(`msd_gtrib_${s}`);
  const beta = sys.betaShift();
  const cycle = beta.mapOutput(() => 0);
  const cond = new Dfa(beta.alphabetSize, beta.delta, Int32Array.from(cycle.output, (_, q) => (q === beta.start ? 1 : 0)), beta.start);
  const triples = fromDfa(tracksNamed(sys, ['x0', 'x1', 'x2']), shiftedWords(sys, [[], [s], [s, 1]], cond));
  return symmetricSet(sys, triples, 1, limits);
}

/** The Raleigh game (Theorem 58): rep_F(a-1) = w00, rep_F(b-1) = w01, rep_F(c-1) = w010. */
export function raleighSet(limits: Limits = {}): Predicate {
  const sys = NumerationSystem.byName('msd_fib');
  const triples = fromDfa(tracksNamed(sys, ['x0', 'x1', 'x2']), shiftedWords(sys, [[0, 0], [0, 1], [0, 1, 0]], anyWord(sys)));
  return symmetricSet(sys, triples, 1, limits);
}

/**
 * The DFAO of an ℓ-uniform morphism in base ℓ (section 6.2, Lemma 42): reading the base-ℓ digits of
 * i (0-based), msd first, from the start letter gives w_{i+1}. Letters are 1..n; states 0..n-1.
 */
export function uniformMorphismDfao(images: readonly (readonly number[])[], start = images[0]![0]!): WordAutomaton {
  const n = images.length;
  const l = images[0]!.length;
  if (l < 2 || images.some((im) => im.length !== l)) throw new InputError('the morphism must be ℓ-uniform with ℓ >= 2');
  if (images[start - 1]![0] !== start) throw new InputError(`f(${start}) must start with ${start} for a fixed point`);
  const sys = NumerationSystem.byName(`msd_${l}`);
  const dfa = Dfa.from(n, l, (q, d) => images[q]![d]! - 1, (q) => q + 1, start - 1);
  return { tracks: [{ name: '#00', system: sys }], dfa };
}

/**
 * P_w for the fixed point w of a Parikh-constant morphism (Proposition 43): the m-th letter a sits
 * at q ℓ + C_{r,a,b} where m = q N_a + r, 0 < r <= N_a, and w_{q+1} = b (the predicate g_{w,a}).
 */
export function parikhConstantSet(images: readonly (readonly number[])[], limits: Limits = {}): Predicate {
  const n = images.length;
  const l = images[0]!.length;
  const counts = Array.from({ length: n }, (_, a) => images[0]!.filter((c) => c === a + 1).length);
  for (const im of images) {
    const c = Array.from({ length: n }, (_, a) => im.filter((x) => x === a + 1).length);
    if (c.some((x, i) => x !== counts[i])) throw new InputError('the morphism is not Parikh-constant');
  }
  if (counts.some((c) => c === 0)) throw new InputError('every letter must occur in the images (restrict the alphabet)');
  const dfao = uniformMorphismDfao(images);
  const sys = dfao.tracks[0]!.system!;
  const lib = new OneShotLibrary(new Map(), new Map([['W', dfao]]));
  const compiler = new Compiler(lib, limits);
  const x = Array.from({ length: n }, (_, i) => `x${i}`);
  const parts = Array.from({ length: n }, (_, a) => {
    const alts: string[] = [];
    for (let r = 1; r <= counts[a]!; r++) {
      const bs = images.map((im, b) => {
        const positions = im.map((c, i) => (c === a + 1 ? i + 1 : 0)).filter((i) => i > 0);
        return `(W[q] = @${b + 1} & ${x[a]} = ${l}*q + ${positions[r - 1]})`;
      });
      alts.push(`(m = ${counts[a]}*q + ${r} & (${bs.join(' | ')}))`);
    }
    return `(Eq ${alts.join(' | ')})`;
  });
  const base = compiler.formula(parseFormula(`?${sys.name} Em m >= 1 & ${parts.join(' & ')}`));
  return symmetricSet(sys, base, 0, limits);
}

/**
 * The set named on the command line of `sprague admissible`, as an automaton: a game (wythoff,
 * tribonacci, raleigh, fraenkel:S,T, gtrib:S), `periodic:V` (P_w for w = V V V ..., Remark 41) or
 * `morphic:RULES` (a Parikh-constant morphism, or one of the morphisms of section 6 whose numeration
 * system is known). Throws InputError for sets logic cannot express here.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function logicSetOf(text: string, limits: Limits = {}): Predicate {
  let m: RegExpExecArray | null;
  if (text === 'wythoff') return wythoffSet(limits);
  if (text === 'tribonacci') return tribonacciSet(limits);
  if (text === 'raleigh') return raleighSet(limits);
  if ((m = /^fraenkel:(\d+),(\d+)$/.exec(text))) return fraenkelSet(Number(m[1]), Number(m[2]), limits);
  if ((m = /^gtrib:(\d+)$/.exec(text))) return generalisedTribonacciSet(Number(m[1]), limits);
  if ((m = /^periodic:([1-9]+)$/.exec(text))) {
    const v = [...m[1]!].map(Number);
    const n = Math.max(...v);
    if (v.length < 2) throw new InputError(`periodic:${m[1]}: the period needs at least two letters`);
    for (let a = 1; a <= n; a++) if (!v.includes(a)) throw new InputError(`periodic:${m[1]}: the letter ${a} does not occur`);
    // v^ω is the fixed point of the Parikh-constant morphism a -> v (every a).
    return parikhConstantSet(Array.from({ length: n }, () => v), limits);
  }
  if ((m = /^morphic:(.+)$/.exec(text))) {
    const rules = m[1]!.split(',');
    const images: number[][] = [];
    for (const r of rules) {
      const rm = /^([1-9])->([1-9]*)$/.exec(r);
      if (!rm) throw new InputError(`bad morphism ${JSON.stringify(m[1])}: expected rules like 1->12, found ${JSON.stringify(r)}`);
      images[Number(rm[1]) - 1] = [...rm[2]!].map(Number);
    }
    const key = images.map((im) => im.join('')).join(',');
    if (key === '12,1') return wythoffSet(limits);
    if (key === '12,13,1') return tribonacciSet(limits);
    if (key === '12,3,12') return raleighSet(limits);
    const g = /^(1+)2,13,1$/.exec(key);
    if (g) return generalisedTribonacciSet(g[1]!.length, limits);
    const l = images[0]!.length;
    if (images.every((im) => im.length === l)) return parikhConstantSet(images, limits);
    throw new InputError(`morphic:${m[1]}: no numeration system is known for this morphism (supported: Parikh-constant morphisms and those of deciding-game-invariance section 6)`);
  }
  throw new InputError(`${JSON.stringify(text)}: logic knows the sets wythoff, tribonacci, raleigh, fraenkel:S,T, gtrib:S, periodic:V and morphic:RULES`);
}
