/**
 * Walnut's `ost NAME [preperiod] [period]`: the Ostrowski numeration system of α = [0; a_1, a_2, …]
 * (Berthé, "Autour du système de numération d'Ostrowski", 2001). With q_{-1} = 0, q_0 = 1 and
 * q_j = a_j q_{j-1} + q_{j-2}, every n ≥ 0 is uniquely n = Σ_{j≥1} b_j q_{j-1} with
 * 0 ≤ b_1 ≤ a_1 − 1, 0 ≤ b_j ≤ a_j, and b_j = a_j ⇒ b_{j−1} = 0.
 *
 * The automata read msd first, so the position j of a digit (counted from the right, 1 at the end)
 * is not known while reading; an NFA guesses it among the positions of the preperiod and the phases
 * of the period, and only a run whose guess ends at position 1 with the last digit accepts. The adder
 * x + y = z keeps the prefix value P = Σ_{i≥j} (x_i + y_i − z_i) q_{i−1} as P = A q_{j−1} + B q_{j−2};
 * reading digit difference c at position j gives (A, B) ← (a_j A + B + c, A), and the sum is right
 * when A = 0 after position 1. On valid triples |P| < 2 q_{j−1}, and with the convergents p_j/q_j of
 * α this bounds |A| and |B| by 3 + 3 c_max (c_max = 2 d_max, see `bound`), so runs beyond that
 * bound are cut without losing an accepted triple and the NFA is finite.
 */
import { InputError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { determinise, NfaBuilder } from '../automata/nfa.js';
import { product } from '../automata/ops.js';
import { limitDefault } from '../core/limits.js';

/** The continued fraction as Walnut normalises it: a_1 ≥ 2 (α < 1/2), preperiod non-empty. */
export interface OstrowskiFraction {
  preperiod: number[];
  period: number[];
}

/** The automata of an Ostrowski system, letters packed with the first track fastest, digits 0..dMax. */
export interface OstrowskiAutomata {
  fraction: OstrowskiFraction;
  dMax: number;
  validity: Dfa;
  addition: Dfa;
  lessThan: Dfa;
}

/**
 * Walnut's normalisation: leading zeros of the preperiod dropped; an empty preperiod is the period;
 * a_1 = 1 (α > 1/2, two place values 1) becomes α' = 1 − α = [0; a_2 + 1, a_3, …], which has the
 * same place values without the repeated 1.
 */
export function normaliseFraction(preperiod: readonly number[], period: readonly number[], what: string): OstrowskiFraction {
  let pre = [...preperiod];
  let per = [...period];
  while (pre.length > 0 && pre[0] === 0) pre.shift();
  if (pre.length === 0) pre = [...per];
  if (per.length === 0) throw new InputError(`${what}: the period cannot be empty`);
  if ([...pre, ...per].some((a) => !Number.isInteger(a) || a <= 0)) throw new InputError(`${what}: all digits of the continued fraction must be positive integers`);
  if ([...pre, ...per].some((a) => a > limitDefault('ostrowskiQuotient'))) throw new InputError(`${what}: a partial quotient above ${limitDefault('ostrowskiQuotient')}`);
  if (pre[0] === 1) {
    if (pre.length > 1) pre = [pre[1]! + 1, ...pre.slice(2)];
    else {
      pre = [per[0]! + 1];
      per = [...per.slice(1), per[0]!];
    }
  }
  return { preperiod: pre, period: per };
}

/** The positions a run can be at: exact positions 1..m of the preperiod (class j−1), then the period's phases (class m + r). */
class Positions {
  readonly m: number;
  readonly p: number;
  readonly dMax: number;

  constructor(readonly f: OstrowskiFraction) {
    this.m = f.preperiod.length;
    this.p = f.period.length;
    this.dMax = Math.max(f.preperiod[0]! - 1, ...f.preperiod.slice(1), ...f.period);
  }

  get count(): number {
    return this.m + this.p;
  }

  /** a_j of the class. */
  a(c: number): number {
    return c < this.m ? this.f.preperiod[c]! : this.f.period[c - this.m]!;
  }

  /** The largest digit at the class's position (a_1 − 1 at position 1). */
  maxDigit(c: number): number {
    return c === 0 ? this.a(0) - 1 : this.a(c);
  }

  /** The classes of position j − 1; [] after position 1 (the word ends there). */
  next(c: number): number[] {
    if (c < this.m) return c === 0 ? [] : [c - 1];
    const r = c - this.m;
    if (r > 0) return [c - 1];
    // j = m + 1 + k p: j − 1 is m (k = 0) or the period's last phase (k ≥ 1).
    return [this.m - 1, this.m + this.p - 1];
  }
}

/** Runs of an NFA over keyed states, built breadth-first from the start keys. */
function buildNfa(letters: number, starts: string[], accepting: (key: string) => boolean, step: (key: string, letter: number) => string[]): Dfa {
  const b = new NfaBuilder(letters);
  const ids = new Map<string, number>();
  const queue: string[] = [];
  const id = (key: string) => {
    let i = ids.get(key);
    if (i === undefined) {
      i = b.addState(accepting(key));
      ids.set(key, i);
      queue.push(key);
    }
    return i;
  };
  const startIds = starts.map(id);
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!;
    const from = ids.get(key)!;
    for (let L = 0; L < letters; L++) for (const t of step(key, L)) b.addEdge(from, L, id(t));
  }
  return minimise(determinise(b.build(startIds)));
}

/**
 * The bound on |A| and |B|: with the convergents p_j/q_j, A = ±(P p_{j−2} − R q_{j−2}) where
 * R = Σ c_i p_{i−1}; |P| < 2 q_{j−1}, |p_i − α q_i| < 1/q_{i+1} and q_{i+2} ≥ 2 q_i give
 * |A| < 2 + 1.4 c_max and |B| < 2 + 2.4 c_max.
 */
function bound(dMax: number): number {
  return 3 + 3 * 2 * dMax;
}

const END = 'end';

/** The Ostrowski system's validity automaton, adder and (lexicographic) order, msd first. */
export function ostrowskiAutomata(fraction: OstrowskiFraction): OstrowskiAutomata {
  const pos = new Positions(fraction);
  const b = pos.dMax + 1;
  // Validity: state (class, whether the digit before was a_{j+1}).
  const validity = buildNfa(
    b,
    [END, ...Array.from({ length: pos.count }, (_, c) => `${c},0`)],
    (k) => k === END,
    (k, d) => {
      if (k === END) return [];
      const [c, wasMax] = k.split(',').map(Number) as [number, number];
      if (d > pos.maxDigit(c) || (wasMax && d !== 0)) return [];
      const flag = c > 0 && d === pos.a(c) ? 1 : 0;
      return c === 0 ? [END] : pos.next(c).map((n) => `${n},${flag}`);
    },
  );
  const K = bound(pos.dMax);
  // Adder: state (class, A, B); the digits' validity is checked by the product with `validity` below.
  const sum = buildNfa(
    b * b * b,
    [END, ...Array.from({ length: pos.count }, (_, c) => `${c},0,0`)],
    (k) => k === END,
    (k, L) => {
      if (k === END) return [];
      const [c, A, B] = k.split(',').map(Number) as [number, number, number];
      const x = L % b;
      const y = Math.floor(L / b) % b;
      const z = Math.floor(L / (b * b));
      const A2 = pos.a(c) * A + B + x + y - z;
      if (c === 0) return A2 === 0 ? [END] : [];
      if (Math.abs(A2) > K || Math.abs(A) > K) return [];
      return pos.next(c).map((n) => `${n},${A2},${A}`);
    },
  );
  const track = (i: number, arity: number) =>
    Dfa.from(validity.stateCount, b ** arity, (s, L) => validity.next(s, Math.floor(L / b ** i) % b), (s) => validity.output[s]!, validity.start);
  const all = (d: Dfa, arity: number) => {
    let out = d;
    for (let i = 0; i < arity; i++) out = minimise(product(out, track(i, arity), (u, v) => (u !== 0 && v !== 0 ? 1 : 0)));
    return out;
  };
  return { fraction, dMax: pos.dMax, validity, addition: all(sum, 3), lessThan: lexicographicLessThan(b, validity) };
}

/** `[0 3 1]`: the numbers of a bracketed list. */
export function parseBracketList(text: string, what: string): number[] {
  const inner = text.trim();
  if (inner === '') return [];
  return inner.split(/\s+/).map((t) => {
    if (!/^\d+$/.test(t)) throw new InputError(`${what}: ${JSON.stringify(t)} is not a non-negative integer`);
    return Number(t);
  });
}

/** The place values q_0, q_1, … (count of them) of a normalised fraction. */
export function placeValues(f: OstrowskiFraction, count: number): bigint[] {
  const pos = new Positions(f);
  const q: bigint[] = [];
  let prev = 0n;
  let cur = 1n;
  for (let j = 1; j <= count; j++) {
    q.push(cur);
    const a = j <= pos.m ? f.preperiod[j - 1]! : f.period[(j - pos.m - 1) % pos.p]!;
    [prev, cur] = [cur, BigInt(a) * cur + prev];
  }
  return q;
}

/**
 * Walnut's order of a custom base without a `_less_than` file: x < y iff their equal-length words
 * differ first where x has the smaller digit (right for greedy expansions), both valid.
 */
export function lexicographicLessThan(base: number, validity: Dfa): Dfa {
  const b = base;
  const lex = Dfa.from(3, b * b, (s, L) => (s !== 0 ? s : L % b < Math.floor(L / b) ? 1 : L % b > Math.floor(L / b) ? 2 : 0), (s) => (s === 1 ? 1 : 0));
  let out = lex;
  for (let i = 0; i < 2; i++) {
    const track = Dfa.from(validity.stateCount, b * b, (s, L) => validity.next(s, Math.floor(L / b ** i) % b), (s) => validity.output[s]!, validity.start);
    out = minimise(product(out, track, (u, v) => (u !== 0 && v !== 0 ? 1 : 0)));
  }
  return out;
}
