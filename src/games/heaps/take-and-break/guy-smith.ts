/**
 * The Guy–Smith certifier of octal and hexadecimal codes without `!`, and the period extension the
 * octal and pair-set kernels (octal-sequence.ts, pair-set.ts) share. certificate.ts generalises the
 * windows to every digit; these keep the window the two older kernels always used.
 */
import { findPeriod, type PeriodCertifier, type Periodicity } from '../../../core/period.js';

/**
 * Guy–Smith periodicity theorem (Winning Ways ch. 4): for an octal game whose last non-zero digit is
 * d_t, if G(n + p) = G(n) for n0 <= n < 2 n0 + p + t then it holds for every n >= n0. `parts` = 3 is the
 * same induction for hexadecimal games, whose options may leave three heaps: the window becomes
 * n0 <= n < 3 n0 + 2p + t, because only the largest of three parts summing to N + p - k is sure to be
 * >= n0 + p (it is >= (N + p - t)/3), and the options of N lift to N + p by adding p to their largest part.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function guySmithCertifier(t: number, parts: 2 | 3 = 2): PeriodCertifier {
  return (p, n0, len) => {
    // The induction maps the largest heap b of an option to b - p, which must stay a heap (>= 1): with
    // n0 = 0 that fails for b = p, so the window is taken from 1 (G(p) = G(0) is checked as well).
    const m = Math.max(n0, 1);
    const end = parts * m + (parts - 1) * p + t;
    const name = parts === 2 ? 'Guy–Smith' : 'Guy–Smith, three-part window';
    return len >= end + p ? `${name}: G(n+${p}) = G(n) checked for ${n0} <= n < ${end}` : undefined;
  };
}

/**
 * When G(0..n-1) has a period the certifier proves, fills G(n..max) from it and returns that period;
 * otherwise leaves G as it is and returns undefined.
 */
export function extendByCertifiedPeriod(G: Int32Array, n: number, max: number, certifier: PeriodCertifier): Periodicity | undefined {
  const period = findPeriod(G.subarray(0, n), certifier);
  if (!period.certified) return undefined;
  const p = period.period!;
  for (let m = n; m <= max; m++) G[m] = G[m - p]!;
  return period;
}
