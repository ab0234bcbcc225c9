/**
 * Parikh-constant morphisms (deciding-game-invariance, section 6.2): every image has the same letter
 * counts, so the fixed point is a concatenation of blocks f(w_1) f(w_2) ... of length ℓ with N_a letters a
 * each, and the m-th a of w can be located from one letter of w far to the left.
 */
import { InputError } from '../core/errors.js';
import type { Morphism } from './morphism.js';

export interface ParikhData {
  /** ℓ = |f(a)| for every a. */
  readonly blockLength: number;
  /** N_b = |f(a)|_b (index 0 unused). */
  readonly counts: readonly number[];
  /** C_{r,a,b}: the position (1..ℓ) of the r-th a in f(b); stored at [a][b][r-1]. */
  readonly C: readonly (readonly (readonly number[])[])[];
}

/** ℓ, N_b and C_{r,a,b} of Proposition 43; throws when f is not Parikh-constant or some N_b is 0. */
export function parikhData(f: Morphism): ParikhData {
  if (!f.isParikhConstant()) throw new InputError(`${f} is not Parikh-constant: its images have different letter counts`);
  const n = f.alphabetSize;
  const blockLength = f.image(1).length;
  const counts = new Array<number>(n + 1).fill(0);
  for (const c of f.image(1)) counts[c]!++;
  for (let b = 1; b <= n; b++) {
    // Proposition 43 assumes N_b >= 1 ("otherwise we can restrict the morphism to a smaller alphabet").
    if (counts[b] === 0) throw new InputError(`the letter ${b} does not occur in the images of ${f}: restrict the alphabet`);
  }
  const C: number[][][] = [[]];
  for (let a = 1; a <= n; a++) {
    const byB: number[][] = [[]];
    for (let b = 1; b <= n; b++) {
      const img = f.image(b);
      const at: number[] = [];
      for (let i = 0; i < img.length; i++) if (img[i] === a) at.push(i + 1);
      byB.push(at);
    }
    C.push(byB);
  }
  return { blockLength, counts, C };
}

/**
 * w_i of the fixed point of an ℓ-uniform morphism from `start`: w_i is letter (i-1) mod ℓ of
 * f(w_⌈i/ℓ⌉), so O(log_ℓ i) steps (the automatic-word view of Lemma 42).
 */
export function uniformLetter(f: Morphism, start: number, i: number): number {
  const l = f.uniformLength();
  if (l === undefined || l < 2) throw new InputError(`${f} is not ℓ-uniform with ℓ >= 2`);
  if (f.image(start)[0] !== start) throw new InputError(`f(${start}) does not start with ${start}: no fixed point`);
  const digits: number[] = [];
  while (i > 1) {
    digits.push((i - 1) % l);
    i = Math.floor((i - 1) / l) + 1;
  }
  let letter = start;
  for (let k = digits.length - 1; k >= 0; k--) letter = f.image(letter)[digits[k]!]!;
  return letter;
}

/**
 * The j with g_{w,a}(m, j) (Proposition 43): the index of the m-th letter a of the fixed point w of the
 * Parikh-constant f from `start`. With m = q N_a + r, 0 < r <= N_a, it is q ℓ + C_{r,a,w_{q+1}}.
 */
export function parikhOccurrence(f: Morphism, data: ParikhData, start: number, a: number, m: number): number {
  if (m < 1) throw new RangeError('occurrences are counted from m = 1');
  const Na = data.counts[a]!;
  const q = Math.floor((m - 1) / Na);
  const r = m - q * Na;
  const b = uniformLetter(f, start, q + 1);
  return q * data.blockLength + data.C[a]![b]![r - 1]!;
}

/** T(m) of Definition 34 for the fixed point of a Parikh-constant f: (g_{w,1}(m), ..., g_{w,n}(m)). */
export function parikhTuple(f: Morphism, data: ParikhData, start: number, m: number): number[] {
  const t: number[] = [];
  for (let a = 1; a <= f.alphabetSize; a++) t.push(parikhOccurrence(f, data, start, a, m));
  return t;
}

/**
 * The tuples T(m) with every coordinate <= max, located through g_{w,a} (Proposition 43) instead of
 * scanning a prefix: each costs O(n log m). The m-th a lies in block ⌈m / N_a⌉, so m stops at the first
 * tuple leaving the box.
 */
export function parikhTuples(f: Morphism, start: number, max: number): number[][] {
  const data = parikhData(f);
  const out: number[][] = [];
  for (let m = 1; ; m++) {
    const t = parikhTuple(f, data, start, m);
    if (t.some((x) => x > max)) return out;
    out.push(t);
  }
}
