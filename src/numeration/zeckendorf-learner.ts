/**
 * Learning a DFAO that reads n in Zeckendorf representation (msd first, leading zeros allowed, Walnut's
 * `msd_fib`) and outputs a(n), from a table of a(0..N-1): the Myhill–Nerode classes of the prefixes, told
 * apart by the values after a set E of suffixes, with E grown from the counterexamples the whole table gives
 * (Rivest–Schapire: the first place where replacing a prefix by its class's representative changes the
 * value names a suffix that splits a class). A result that agrees with every entry of the table is a
 * conjecture about all n; the logic engine is what proves it (src/invariance/wythoff-automaton.ts).
 */
import { LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';

/**
 * Fibonacci weights of the Zeckendorf digits: F[0] = 1, F[1] = 2, F[i] = F[i-1] + F[i-2].
 *
 * @remarks Since 0.1.0
 * @beta
 */
export const ZECKENDORF_WEIGHTS: readonly number[] = (() => {
  const f = [1, 2];
  while (f[f.length - 1]! < 2 ** 53) f.push(f[f.length - 1]! + f[f.length - 2]!);
  return f;
})();

/**
 * A DFAO over the digits 0 and 1: `next[2q + d]` (-1 where the digit cannot follow: 1 after 1), `output[q]`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ZeckendorfDfao {
  next: Int32Array;
  output: Int32Array;
}

/**
 * The learner's bounds.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ZeckendorfLearnOptions {
  /** Every valid suffix up to this length is in E from the start (default 10). */
  suffixLength?: number;
  /** Rounds of counterexamples before giving up (default: the zeckendorfRounds limit). */
  maxRounds?: number;
  /** States before giving up (default: the zeckendorfStates limit). */
  maxStates?: number;
}

/**
 * A DFAO that agrees with every known entry of the table, and how it was found.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ZeckendorfLearnResult {
  dfao: ZeckendorfDfao;
  /** Table entries the final DFAO was checked against (those not `unknown`). */
  checked: number;
  /** Per round: the states, the suffixes in E, and the entries the DFAO got wrong. */
  rounds: { states: number; suffixes: number; disagreements: number }[];
}

const valueOf = (digits: readonly number[]): number => {
  let v = 0;
  for (let i = 0; i < digits.length; i++) if (digits[i]) v += ZECKENDORF_WEIGHTS[digits.length - 1 - i]!;
  return v;
};

/** The digits of n, msd first, padded to `length`. */
function digitsOf(n: number, length: number): number[] {
  const d: number[] = [];
  for (let i = length - 1; i >= 0; i--) {
    if (ZECKENDORF_WEIGHTS[i]! <= n) {
      d.push(1);
      n -= ZECKENDORF_WEIGHTS[i]!;
    } else d.push(0);
  }
  return d;
}

/**
 * The value a DFAO gives n (its Zeckendorf digits read msd first).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function zeckendorfOutput(dfao: ZeckendorfDfao, n: number | bigint): number {
  let q = 0;
  for (const d of zeckendorfDigits(BigInt(n)).digits) q = dfao.next[2 * q + d]!;
  return dfao.output[q]!;
}

/**
 * The Zeckendorf digits of n >= 0, msd first, and `weights`, the Fibonacci weights from 1 up to one past the
 * leading digit's (digit i from the end stands for weights[i]). BigInt: any size.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function zeckendorfDigits(n: bigint): { digits: number[]; weights: bigint[] } {
  const weights: bigint[] = [1n, 2n];
  while (weights[weights.length - 1]! <= n) weights.push(weights[weights.length - 1]! + weights[weights.length - 2]!);
  const digits: number[] = [];
  for (let i = weights.length - 2; i >= 0; i--) {
    const d = weights[i]! <= n ? 1 : 0;
    if (d) n -= weights[i]!;
    digits.push(d);
  }
  return { digits, weights };
}

/**
 * The DFAO of `values` (a(n) = values[n]; `unknown` where the table does not know it), or a LimitError when
 * the rounds or states run out. Agreement is checked on every known entry by one walk over the digit trie.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function learnZeckendorfDfao(values: Int32Array, unknown: number, options: ZeckendorfLearnOptions = {}): ZeckendorfLearnResult {
  const N = values.length;
  const maxLength = ZECKENDORF_WEIGHTS.findIndex((w) => w > N - 1);
  const entry = (w: readonly number[], e: readonly number[]): number | undefined => {
    if (w.length > 0 && w[w.length - 1] === 1 && e[0] === 1) return -Infinity; // not a representation
    if (w.length + e.length > maxLength) return undefined;
    const x = valueOf([...w, ...e]);
    return x >= N || values[x] === unknown ? undefined : values[x]!;
  };
  // E: every valid suffix up to the length asked, then the splitting suffixes found.
  const E: number[][] = [];
  (function grow(s: number[]) {
    if (s.length > (options.suffixLength ?? 10)) return;
    E.push(s);
    grow([...s, 0]);
    if (s[s.length - 1] !== 1) grow([...s, 1]);
  })([]);
  // Two rows agree where both are known: a row with a hole matches the first class it fits.
  const fits = (a: readonly (number | undefined)[], b: readonly (number | undefined)[]) => a.every((v, i) => v === undefined || b[i] === undefined || v === b[i]);
  const rounds: ZeckendorfLearnResult['rounds'] = [];
  for (let round = 0; round < (options.maxRounds ?? limitDefault('zeckendorfRounds')); round++) {
    const reps: number[][] = [[]];
    const rows = [E.map((e) => entry([], e))];
    // A row with no hole can only fit an equal row or one with holes: the first by key, the others by a scan.
    const complete = new Map<string, number>();
    const holed: number[] = [];
    const file = (row: (number | undefined)[], q: number) => (row.includes(undefined) ? holed.push(q) : complete.set(row.join(','), q));
    const find = (row: (number | undefined)[]) => {
      if (row.includes(undefined)) return rows.findIndex((r) => fits(r, row));
      const equal = complete.get(row.join(',')) ?? -1;
      const holedFit = holed.find((q) => fits(rows[q]!, row)) ?? -1;
      return equal < 0 ? holedFit : holedFit < 0 ? equal : Math.min(equal, holedFit);
    };
    file(rows[0]!, 0);
    const next: number[] = [];
    for (let q = 0; q < reps.length; q++) {
      for (const d of [0, 1]) {
        if (d === 1 && reps[q]![reps[q]!.length - 1] === 1) {
          next.push(-1);
          continue;
        }
        const w = [...reps[q]!, d];
        const row = E.map((e) => entry(w, e));
        let t = find(row);
        if (t < 0) {
          t = reps.length;
          if (t >= (options.maxStates ?? limitDefault('zeckendorfStates'))) throw new LimitError(`the Zeckendorf DFAO passed ${t} states`, 'zeckendorfStates', t);
          reps.push(w);
          rows.push(row);
          file(row, t);
        }
        next.push(t);
      }
    }
    const dfao: ZeckendorfDfao = { next: Int32Array.from(next), output: Int32Array.from(reps, (w) => values[valueOf(w)]!) };
    // Every known entry, by one walk over the trie of the representations of 0..N-1.
    let checked = 0;
    let disagreements = 0;
    const wrong: number[] = [];
    const walk = (q: number, v: number, depth: number, last: number): void => {
      if (depth === maxLength) {
        if (values[v] !== unknown) {
          checked++;
          if (dfao.output[q] !== values[v] && disagreements++ < 200) wrong.push(v);
        }
        return;
      }
      walk(dfao.next[2 * q]!, v, depth + 1, 0);
      const w = ZECKENDORF_WEIGHTS[maxLength - 1 - depth]!;
      if (!last && v + w < N) walk(dfao.next[2 * q + 1]!, v + w, depth + 1, 1);
    };
    walk(0, 0, 0, 0);
    rounds.push({ states: reps.length, suffixes: E.length, disagreements });
    if (disagreements === 0) return { dfao, checked, rounds };
    // Rivest–Schapire: x_i = rep(q_i) followed by x's digits after i; the value changes between some i and
    // i + 1, and the digits after i + 1 tell rep(q_i)·d from rep(q_{i+1}).
    const known = new Set(E.map((e) => e.join('')));
    let added = 0;
    for (const x of wrong) {
      const d = digitsOf(x, maxLength);
      const qs = [0];
      for (const a of d) qs.push(dfao.next[2 * qs[qs.length - 1]! + a]!);
      const at = (i: number) => entry(reps[qs[i]!]!, d.slice(i));
      for (let i = 0; i < d.length; i++) {
        const a = at(i);
        const b = at(i + 1);
        if (a !== undefined && b !== undefined && a !== b) {
          const e = d.slice(i + 1);
          if (!known.has(e.join(''))) {
            known.add(e.join(''));
            E.push(e);
            added++;
          }
          break;
        }
      }
    }
    if (added === 0) break;
  }
  throw new LimitError(`no Zeckendorf DFAO agreed with the table after ${rounds.length} rounds (${rounds.map((r) => `${r.states} states, ${r.disagreements} wrong`).join('; ')})`, 'zeckendorfRounds', rounds.length);
}
