/**
 * Periods of Grundy sequences. A period is *certified* only when a theorem turns the finite evidence
 * into a proof (the certifier a ruleset declares: Guy–Smith for octal games, the finite window of a
 * subtraction game, ...); otherwise it is only *apparent* and reported as such.
 * Convention (docs/conventions.md): the preperiod is the least n0 with G(n+p) = G(n) for every n >= n0.
 */
import type { PeriodCertifier, Periodicity } from '../core/period.js';
import type { Ruleset } from '../core/ruleset.js';

export { findPeriod, tailStart, type PeriodCertifier, type Periodicity } from '../core/period.js';

const UNCERTIFIED: Periodicity = { period: null, preperiod: null, certified: false };

/**
 * The certifier a ruleset declares, if any (normal play only). A compound's may need the certified
 * period of the game after its button (SUBTRACTION(S) ⊙ R2, Theorem 4.2.3): `periodOf` finds it (it
 * computes R2's sequence), so the certificate is only as strong as R2's; without `periodOf` there is none.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function certifierFor(rs: Ruleset<any>, periodOf?: (r: Ruleset<any>) => Periodicity): PeriodCertifier | undefined {
  if (rs.convention !== 'normal') return undefined;
  return rs.capabilities?.certifier?.(periodOf ?? (() => UNCERTIFIED));
}

/**
 * The period of the P-positions (G(n) = 0) implied by a certified period of the values: the outcomes
 * repeat with p from n0 too, so their least period d divides p and is found by checking each divisor
 * on one whole window [n0, n0 + p). Undefined when the values are not certified.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function outcomePeriod(values: ArrayLike<number>, values_: Periodicity): Periodicity | undefined {
  if (!values_.certified) return undefined;
  const p = values_.period!;
  const n0 = values_.preperiod!;
  const isP = (n: number): boolean => values[n] === 0;
  for (let d = 1; d <= p; d++) {
    if (p % d !== 0 || n0 + p + d > values.length) continue;
    let ok = true;
    for (let n = n0; ok && n < n0 + p; n++) if (isP(n) !== isP(n + d)) ok = false;
    if (!ok) continue;
    let start = n0;
    while (start > 0 && isP(start - 1) === isP(start - 1 + d)) start--;
    return { period: d, preperiod: start, certified: true, certificate: `the values are ${p}-periodic from ${n0} (${values_.certificate}); P-positions checked on one period` };
  }
  return undefined;
}

/**
 * The least p (and its saltus s > 0) such that G(n + p) = G(n) + s for n0 <= n < len - p, where the
 * relation covers at least three periods and 32 heaps: an apparent arithmetic period, never a proof.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function findArithmeticPeriod(values: ArrayLike<number>): { period: number; saltus: number; preperiod: number } | undefined {
  const len = values.length;
  for (let p = 1; 4 * p <= len; p++) {
    const s = values[len - 1]! - values[len - 1 - p]!;
    if (s <= 0) continue;
    let n = len - p - 1;
    while (n >= 0 && values[n + p]! - values[n]! === s) n--;
    const n0 = n + 1;
    if (len - n0 >= Math.max(3 * p, 32) + p) return { period: p, saltus: s, preperiod: n0 };
  }
  return undefined;
}
