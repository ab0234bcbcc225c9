/**
 * The periodic-word algorithm for balanced periods over n >= 2 letters (deciding-game-invariance, section
 * 6.1, "our result should remain true for words over a larger alphabet"). With |ρ|_a = ℓ/n for every
 * letter, P_w \ {0} = P^0 + N(ℓ,...,ℓ) and every element lies in a diagonal block [sℓ+1,(s+1)ℓ]^n, so
 * Lemma 37 holds verbatim: (P_w - P_w) ∩ N^n = (P_w ∩ [0,2ℓ]^n - P_w ∩ [0,ℓ]^n) ∩ N^n + N(ℓ,...,ℓ).
 *
 * In place of Lemma 38 (whose proof is specific to two letters) we use: (i) a difference of P_w has
 * spread max - min <= 2ℓ - 2, so an x of larger spread is absorbed by the move x to 0; (ii) if
 * min(x) > 2ℓ, x' = x - k(ℓ,...,ℓ) with min(x') in [ℓ+1, 2ℓ] is not in P_w either, and a move of x' to
 * p' in P_w outside P_w - P_w gives one from x: to p' + k(ℓ,...,ℓ) when p' != 0, and to 0 when p' = 0
 * (x = d + t(ℓ,...,ℓ) with d a difference in [0,2ℓ]^n forces t >= k, making x' a difference). So every
 * witness leads to one in [0,4ℓ]^n with a smaller largest coordinate: checking [0,4ℓ]^n decides.
 */
import { InputError } from '../core/errors.js';
import { alphabetSizeOf, letterCounts, periodicWord, primitiveRoot, wordToString } from '../words/word.js';
import { pwInBox } from '../words/pw.js';
import { Box, membersOf } from './box.js';
import { leastWitness, type PeriodicAdmissibility, type WitnessSearchOptions } from './bounded.js';

export function isBalanced(v: Uint8Array): boolean {
  const n = alphabetSizeOf(v);
  const c = letterCounts(v, n);
  return n >= 2 && c.slice(1).every((x) => x === c[1]);
}

/** (P_w - P_w) ∩ [0, 4ℓ]^n by the n-letter Lemma 37; `member` is P_w on the same box. O(ℓ^2 n) pairs. */
export function balancedDifferences(member: Uint8Array, box: Box, l: number): Uint8Array {
  const n = box.dimension;
  const pts = membersOf(member);
  const coords = box.coordinates(pts);
  const within = (k: number, bound: number): boolean => {
    for (let i = 0; i < n; i++) if (coords[k * n + i]! > bound) return false;
    return true;
  };
  const big: number[] = [];
  const small: number[] = [];
  for (let k = 0; k < pts.length; k++) {
    if (within(k, 2 * l)) big.push(k);
    if (within(k, l)) small.push(k);
  }
  const diff = new Uint8Array(box.cells);
  const shift = box.index(new Array<number>(n).fill(l));
  for (const a of big) {
    for (const b of small) {
      let dmax = 0;
      let ok = true;
      for (let i = 0; i < n && ok; i++) {
        const d = coords[a * n + i]! - coords[b * n + i]!;
        ok = d >= 0;
        if (d > dmax) dmax = d;
      }
      if (!ok) continue;
      let idx = pts[a]! - pts[b]!;
      for (let top = dmax; top <= box.max; top += l, idx += shift) diff[idx] = 1;
    }
  }
  return diff;
}

/** 1-admissibility of P_w, w = v^ω, v balanced over 1..n (n >= 2), decided in [0,4ℓ]^n. */
export function balancedPeriodicAdmissibility(v: Uint8Array, options: WitnessSearchOptions = {}): PeriodicAdmissibility {
  if (!isBalanced(v)) throw new InputError(`${wordToString(v)} is not balanced: every letter 1..n must occur equally often`);
  const rho = primitiveRoot(v);
  const n = alphabetSizeOf(rho);
  const l = rho.length;
  const box = new Box(n, 4 * l);
  const member = pwInBox(periodicWord(rho), box.max);
  const diff = balancedDifferences(member, box, l);
  const witness = leastWitness(member, diff, box, options);
  return {
    admissible: witness === undefined,
    method: 'periodic',
    bound: box.max,
    ...(witness ? { witness } : {}),
    certified: true,
    differenceBound: box.max,
    period: wordToString(rho),
    balanced: true,
  };
}
