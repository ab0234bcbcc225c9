/**
 * Morphic words as automata (deciding-game-invariance, section 6, Proposition 56 and Cobham's
 * theorem for uniform morphisms): Walnut's `morphism` text, and the DFAO of the fixed point of a
 * k-uniform morphism in base k.
 */
import { InputError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { counterexample } from '../automata/ops.js';
import { NumerationSystem } from '../numeration/system.js';

/** A morphism on integer letters: letter -> image. */
export type LetterMorphism = ReadonlyMap<number, readonly number[]>;

/** Splits a word of letters: single digits, or [n] for any integer (Walnut's `[-1]`, `[10]`). */
function lettersOf(text: string, where: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) continue;
    if (c === '[') {
      const j = text.indexOf(']', i);
      if (j < 0) throw new InputError(`${where}: unclosed [ in ${JSON.stringify(text)}`);
      const v = Number(text.slice(i + 1, j).trim());
      if (!Number.isInteger(v)) throw new InputError(`${where}: bad letter ${JSON.stringify(text.slice(i, j + 1))}`);
      out.push(v);
      i = j;
    } else if (/\d/.test(c)) out.push(Number(c));
    else throw new InputError(`${where}: bad letter ${JSON.stringify(c)} in ${JSON.stringify(text)}`);
  }
  return out;
}

/**
 * Parses Walnut's `"0->01 1->10"` (rules separated by spaces or commas).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseMorphism(text: string, where = 'morphism'): Map<number, number[]> {
  const rules = new Map<number, number[]>();
  // The whole text is rules and separators: anything else (a stray word, a rule cut short) names where it is.
  const rule = /(\[-?\d+\]|\d)\s*->\s*((?:\[-?\d+\]|\d)+)/y;
  const separator = /[\s,]*/y;
  let at = 0;
  for (;;) {
    separator.lastIndex = at;
    separator.exec(text);
    at = separator.lastIndex;
    if (at === text.length) break;
    rule.lastIndex = at;
    const m = rule.exec(text);
    if (!m) throw new InputError(`${where}: unexpected ${JSON.stringify(text.slice(at, at + 12))} at character ${at + 1} of ${JSON.stringify(text)} (expected rules like "0->01 1->10")`);
    at = rule.lastIndex;
    const [a] = lettersOf(m[1]!, where);
    if (rules.has(a!)) throw new InputError(`${where}: two rules for the letter ${a}`);
    rules.set(a!, lettersOf(m[2]!, where));
  }
  if (rules.size === 0) throw new InputError(`${where}: no rules in ${JSON.stringify(text)} (expected e.g. "0->01 1->10")`);
  return rules;
}

/** k when every image has length k, else undefined. */
export function uniformLength(h: LetterMorphism): number | undefined {
  const lengths = new Set([...h.values()].map((w) => w.length));
  return lengths.size === 1 ? [...lengths][0] : undefined;
}

/**
 * The DFAO of the fixed point of a k-uniform morphism h starting with `start`, msd base k
 * (Cobham; Proposition 56 in the uniform case): the state is the letter at the prefix read so far,
 * and digit d moves from a to h(a)[d]. Requires h(start) to begin with start.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function uniformFixedPointDfao(h: LetterMorphism, start = 0): { base: number; dfa: Dfa } {
  const k = uniformLength(h);
  if (k === undefined || k < 2) throw new InputError('promote: the morphism must be uniform of length at least 2');
  if (h.get(start)?.[0] !== start) throw new InputError(`promote: the image of ${start} must begin with ${start} (a fixed point from ${start})`);
  const letters: number[] = [start];
  const index = new Map([[start, 0]]);
  const delta: number[] = [];
  for (let i = 0; i < letters.length; i++) {
    const img = h.get(letters[i]!);
    if (!img) throw new InputError(`promote: no rule for the letter ${letters[i]}`);
    for (let d = 0; d < k; d++) {
      const b = img[d]!;
      if (!index.has(b)) {
        index.set(b, letters.length);
        letters.push(b);
      }
      delta.push(index.get(b)!);
    }
  }
  return { base: k, dfa: minimise(new Dfa(k, Int32Array.from(delta), Int32Array.from(letters), 0)) };
}

/** The first n letters of the fixed point of h from `start` (a reference for the tests). */
export function fixedPointPrefix(h: LetterMorphism, n: number, start = 0): number[] {
  let w = [start];
  while (w.length < n) {
    const next = w.flatMap((a) => {
      const img = h.get(a);
      if (!img) throw new InputError(`no rule for the letter ${a}`);
      return img;
    });
    if (next.length <= w.length) throw new InputError('the morphism does not grow from the start letter');
    w = next;
  }
  return w.slice(0, n);
}

/**
 * The automaton associated with a morphism (deciding-game-invariance, Proposition 56 and the
 * construction before it): states are the letters reachable from `start`, and digit i leads from a
 * to the i-th letter of h(a). Each state outputs its letter; digits past |h(a)| go to a sink
 * (output 0, the last state).
 */
export function morphismAutomaton(h: LetterMorphism, start: number): { dfa: Dfa; letters: number[] } {
  const base = Math.max(...[...h.values()].map((w) => w.length));
  const letters: number[] = [start];
  const index = new Map([[start, 0]]);
  const rows: number[][] = [];
  for (let i = 0; i < letters.length; i++) {
    const img = h.get(letters[i]!);
    if (!img) throw new InputError(`no rule for the letter ${letters[i]}`);
    rows.push(
      Array.from({ length: base }, (_, d) => {
        if (d >= img.length) return -1;
        const b = img[d]!;
        if (!index.has(b)) {
          index.set(b, letters.length);
          letters.push(b);
        }
        return index.get(b)!;
      }),
    );
  }
  const sink = letters.length;
  const delta = new Int32Array((sink + 1) * base).fill(sink);
  rows.forEach((row, s) => row.forEach((t, d) => (delta[s * base + d] = t < 0 ? sink : t)));
  const output = Int32Array.from([...letters, 0]);
  return { dfa: new Dfa(base, delta, output, 0), letters };
}

/**
 * Integer coefficients a_1..a_k of the shortest linear recurrence U_{n+k} = a_1 U_{n+k-1} + ... +
 * a_k U_n met by the lengths U_n = |h^n(start)| (checked on 2k + 8 terms), or undefined.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function lengthRecurrence(h: LetterMorphism, start: number): number[] | undefined {
  const letters = new Set<number>([start]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const a of [...letters]) {
      for (const b of h.get(a) ?? []) {
        if (!letters.has(b)) {
          letters.add(b);
          changed = true;
        }
      }
    }
  }
  const maxK = letters.size;
  const terms = 2 * maxK + 10;
  // |h^n(a)| for every letter, by the incidence matrix, in BigInt.
  let len = new Map<number, bigint>([...letters].map((a) => [a, 1n]));
  const U: bigint[] = [1n];
  for (let n = 1; n < terms; n++) {
    const next = new Map<number, bigint>();
    for (const a of letters) next.set(a, (h.get(a) ?? []).reduce((s, b) => s + len.get(b)!, 0n));
    len = next;
    U.push(len.get(start)!);
  }
  for (let k = 1; k <= maxK; k++) {
    const coeffs = solveRecurrence(U, k);
    if (!coeffs) continue;
    let ok = true;
    for (let n = k; n < U.length && ok; n++) ok = U[n] === coeffs.reduce((s, c, j) => s + BigInt(c) * U[n - 1 - j]!, 0n);
    if (ok) return coeffs;
  }
  return undefined;
}

/** Solves U_{n+k} = Σ a_j U_{n+k-j} on the first k equations (exact rational elimination); integers only. */
function solveRecurrence(U: readonly bigint[], k: number): number[] | undefined {
  // Rows [U_{i+k-1} .. U_i | U_{i+k}], fractions as [numerator, denominator] pairs.
  const m: [bigint, bigint][][] = Array.from({ length: k }, (_, i) => [
    ...Array.from({ length: k }, (_, j) => [U[i + k - 1 - j]!, 1n] as [bigint, bigint]),
    [U[i + k]!, 1n],
  ]);
  const sub = (a: [bigint, bigint], b: [bigint, bigint]): [bigint, bigint] => [a[0] * b[1] - b[0] * a[1], a[1] * b[1]];
  const mul = (a: [bigint, bigint], b: [bigint, bigint]): [bigint, bigint] => [a[0] * b[0], a[1] * b[1]];
  const div = (a: [bigint, bigint], b: [bigint, bigint]): [bigint, bigint] => {
    const num = a[0] * b[1];
    const den = a[1] * b[0];
    return den < 0n ? [-num, -den] : [num, den];
  };
  for (let c = 0; c < k; c++) {
    const p = m.findIndex((row, r) => r >= c && row[c]![0] !== 0n);
    if (p < 0) return undefined;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c || m[r]![c]![0] === 0n) continue;
      const f = div(m[r]![c]!, m[c]![c]!);
      m[r] = m[r]!.map((x, j) => sub(x, mul(f, m[c]![j]!)));
    }
  }
  const out: number[] = [];
  for (let c = 0; c < k; c++) {
    const [n, d] = div(m[c]![k]!, m[c]![c]!);
    if (n % d !== 0n) return undefined;
    out.push(Number(n / d));
  }
  return out;
}

/**
 * A morphic word as a DFAO in its own numeration system (Proposition 56, non-uniform case): U_n =
 * |h^n(start)| must satisfy a linear recurrence whose greedy expansions are exactly the words of
 * the automaton associated with h (then the genealogical order of Proposition 56 is the numerical
 * order, and rep_U(m) leads to the m-th letter). Throws InputError naming the condition that fails.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function morphicWordDfao(h: LetterMorphism, start: number): { system: NumerationSystem; dfa: Dfa } {
  if (h.get(start)?.[0] !== start) throw new InputError(`the image of ${start} must begin with ${start} (a fixed point from ${start})`);
  const coeffs = lengthRecurrence(h, start);
  if (!coeffs) throw new InputError('the lengths |h^n(a)| satisfy no linear recurrence with integer coefficients of order at most the alphabet size');
  if (coeffs.some((c) => c < 0)) throw new InputError(`the lengths |h^n(a)| satisfy U_{n+${coeffs.length}} = ${coeffs.map((c, j) => `${c} U_{n+${coeffs.length - 1 - j}}`).join(' + ')}, with a negative coefficient: no Bertrand numeration system`);
  const key = coeffs.join('_');
  const name = key === '1_1' ? 'msd_fib' : key === '1_1_1' ? 'msd_trib' : coeffs.length === 1 ? `msd_${key}` : `msd_lin_${key}`;
  const system = NumerationSystem.byName(name);
  const { dfa, letters } = morphismAutomaton(h, start);
  if (dfa.alphabetSize !== system.base) throw new InputError(`the automaton of the morphism reads ${dfa.alphabetSize} digits, the system ${system.name} ${system.base}`);
  // Proposition 56's language M (with its leading zeros) against the greedy expansions.
  const sink = letters.length;
  const M = new Dfa(dfa.alphabetSize, dfa.delta, Int32Array.from(dfa.output, (_, s) => (s === sink ? 0 : 1)), dfa.start);
  const w = counterexample(minimise(M), minimise(system.validity()));
  if (w !== undefined) {
    throw new InputError(`the words of the automaton of the morphism are not the greedy expansions in ${system.name} (they differ on ${w.join('') || 'the empty word'})`);
  }
  return { system, dfa };
}
