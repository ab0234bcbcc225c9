/**
 * The sets P_w of Definition 34 (deciding-game-invariance, section 6): for a word w over {1, ..., n},
 * the n-tuples T(m) = (i_{m,1}, ..., i_{m,n}), i_{m,j} the index of the m-th letter j of w, all their
 * permutations, and 0.
 */
import { LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { InfiniteWord } from './word.js';

/**
 * Positions (1-based) of every occurrence of each letter in w_1..w_length: result[a] lists the a's.
 * O(length).
 */
export function occurrences(prefix: Uint8Array, alphabetSize: number): Int32Array[] {
  const counts = new Int32Array(alphabetSize + 1);
  for (const c of prefix) counts[c]!++;
  const out: Int32Array[] = [new Int32Array(0)];
  for (let a = 1; a <= alphabetSize; a++) out.push(new Int32Array(counts[a]!));
  const fill = new Int32Array(alphabetSize + 1);
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i]!;
    out[c]![fill[c]!++] = i + 1;
  }
  return out;
}

/**
 * The tuples T(1), T(2), ... of Definition 34 whose coordinates are all <= max (without the
 * permutations and without 0), in order of m. Since i_{m,j} increases with m, these are T(1..M) with M
 * the least count of a letter in w_1..w_max.
 */
export function occurrenceTuples(word: InfiniteWord, max: number): number[][] {
  const n = word.alphabetSize;
  const occ = occurrences(word.prefix(max), n);
  let count = Infinity;
  for (let a = 1; a <= n; a++) count = Math.min(count, occ[a]!.length);
  const tuples: number[][] = [];
  for (let m = 0; m < count; m++) {
    const t: number[] = [];
    for (let a = 1; a <= n; a++) t.push(occ[a]![m]!);
    tuples.push(t);
  }
  return tuples;
}

/** Every ordering of the coordinates of t (n! of them; the coordinates of T(m) are distinct). */
export function permutations(t: readonly number[]): number[][] {
  if (t.length <= 1) return [t.slice()];
  const out: number[][] = [];
  for (let i = 0; i < t.length; i++) {
    const rest = [...t.slice(0, i), ...t.slice(i + 1)];
    for (const p of permutations(rest)) out.push([t[i]!, ...p]);
  }
  return out;
}

/**
 * P_w ∩ [0, max]^n (Definition 34) as a membership bitmap over the box, x_n varying fastest
 * (index = Σ x_i (max+1)^(n-i)). Throws a LimitError when the box has more than `maxCells` cells.
 */
export function pwInBox(word: InfiniteWord, max: number, maxCells = limitDefault('boxCells')): Uint8Array {
  const n = word.alphabetSize;
  const side = max + 1;
  const cells = side ** n;
  if (cells > maxCells) throw new LimitError(`the box [0,${max}]^${n} has ${cells} cells, more than ${maxCells}`, 'boxCells');
  const member = new Uint8Array(cells);
  member[0] = 1;
  for (const t of occurrenceTuples(word, max)) {
    for (const p of permutations(t)) {
      let idx = 0;
      for (const x of p) idx = idx * side + x;
      member[idx] = 1;
    }
  }
  return member;
}
