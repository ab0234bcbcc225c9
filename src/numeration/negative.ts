/**
 * Base −k (negabinary for k = 2): every integer, positive or negative, has exactly one expansion
 * n = Σ d_i (−k)^i with digits 0..k−1 and no leading zeros, so no sign is needed (Walnut's
 * msd_neg_k / lsd_neg_k). The automata are built least significant digit first, where addition
 * and comparison are carry automata, and reversed for msd.
 */
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { buildDfa } from './build.js';

/**
 * The expansion of n in base −k, most significant digit first ([] for 0).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function negabaseDigits(n: bigint, k: number): number[] {
  const K = BigInt(k);
  const out: number[] = [];
  let m = n;
  while (m !== 0n) {
    let r = m % K;
    if (r < 0n) r += K;
    out.push(Number(r));
    m = (m - r) / -K;
  }
  return out.reverse();
}

/**
 * The integer of a base −k word, most significant digit first.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function negabaseValue(digits: readonly number[], k: number): bigint {
  let v = 0n;
  for (const d of digits) v = v * BigInt(-k) + BigInt(d);
  return v;
}

/** States whose zero-letter closure reaches acceptance accept: an lsd word may stop before the carry is spent. */
function acceptAfterZeros(dfa: Dfa, zero: number): Dfa {
  const n = dfa.stateCount;
  const ok = Int32Array.from(dfa.output, (o) => (o !== 0 ? 1 : 0));
  for (let changed = true; changed; ) {
    changed = false;
    for (let s = 0; s < n; s++) {
      if (!ok[s] && ok[dfa.next(s, zero)]) {
        ok[s] = 1;
        changed = true;
      }
    }
  }
  return minimise(new Dfa(dfa.alphabetSize, dfa.delta, ok, dfa.start));
}

/**
 * x + y = z in base −k, lsd first, letters x + k y + k² z. State: the carry c with
 * x_i + y_i + c − z_i = −k c'. Accepts when the carry is 0.
 */
export function lsdNegabaseAddition(k: number): Dfa {
  return minimise(
    buildDfa<number>(
      k * k * k,
      0,
      String,
      (c, L) => {
        const x = L % k;
        const y = Math.floor(L / k) % k;
        const z = Math.floor(L / (k * k));
        const s = x + y + c - z;
        if (s % k !== 0) return null;
        return -s / k + 0;
      },
      (c) => (c === 0 ? 1 : 0),
    ),
  );
}

/**
 * x < y in base −k, lsd first, letters x + k y: the digits of d = y − x are computed with their
 * carry, and d > 0 iff its most significant non-zero digit sits at an even position (weight k^2j).
 * State [carry, parity of the position, sign of d so far (0 zero, 1 positive, 2 negative)].
 */
export function lsdNegabaseLess(k: number): Dfa {
  const raw = buildDfa<[number, number, number]>(
    k * k,
    [0, 0, 0],
    (s) => s.join(','),
    ([c, p, sign], L) => {
      const x = L % k;
      const y = Math.floor(L / k);
      // x_i + d_i + c = y_i − k c'.
      const d = (((y - x - c) % k) + k) % k;
      const s = x + d + c - y;
      const c2 = -s / k + 0;
      return [c2, 1 - p, d === 0 ? sign : p === 0 ? 1 : 2];
    },
    ([c, , sign]) => (c === 0 && sign === 1 ? 1 : 0),
  );
  return acceptAfterZeros(raw, 0);
}
