/**
 * Periods of Grundy sequences. A period is *certified* only when a theorem turns the finite evidence
 * into a proof (Guy–Smith for octal games, the finite window of a subtraction game); otherwise it is
 * only *apparent* and reported as such.
 * Convention (spec/CLI.md): the preperiod is the least n0 with G(n+p) = G(n) for every n >= n0.
 */
import type { Ruleset } from '../core/ruleset.js';
import { OctalGame } from '../games/heaps/octal.js';
import { SubtractionGame } from '../games/heaps/subtraction.js';

export interface Periodicity {
  /** The certified period, or null. */
  period: number | null;
  preperiod: number | null;
  certified: boolean;
  /** The theorem that certifies it. */
  certificate?: string;
  /** A period seen in the computed values but not proved. */
  apparentPeriod?: number;
  apparentPreperiod?: number;
}

/**
 * Decides from G(0..len-1) whether a period p with preperiod n0 is proved. Returns the name of the
 * argument, or undefined when the values computed are not enough (or no theorem applies).
 */
export type PeriodCertifier = (p: number, n0: number, len: number) => string | undefined;

/** The least n0 such that values[n + p] = values[n] for all n0 <= n < len - p. */
export function tailStart(values: ArrayLike<number>, p: number): number {
  let n = values.length - p - 1;
  while (n >= 0 && values[n] === values[n + p]) n--;
  return n + 1;
}

/**
 * Guy–Smith periodicity theorem (Winning Ways ch. 4): for an octal game whose last non-zero digit is
 * d_t, if G(n + p) = G(n) for n0 <= n < 2 n0 + p + t then it holds for every n >= n0.
 */
export function guySmithCertifier(t: number): PeriodCertifier {
  return (p, n0, len) => (len >= 2 * n0 + 2 * p + t ? `Guy–Smith: G(n+${p}) = G(n) checked for ${n0} <= n < ${2 * n0 + p + t}` : undefined);
}

/**
 * A subtraction game's G(n) depends only on the m = max(S) values before it, so once m consecutive
 * values repeat p later, the whole sequence repeats from there on.
 */
export function windowCertifier(m: number): PeriodCertifier {
  return (p, n0, len) => (len >= n0 + p + m ? `window: the ${m} values from ${n0} repeat at ${n0 + p}, and G(n) depends only on the ${m} before it` : undefined);
}

/** The certifier a ruleset admits, if any. */
export function certifierFor(rs: Ruleset<any>): PeriodCertifier | undefined {
  if (rs instanceof OctalGame && rs.digits[0] === 0) return guySmithCertifier(rs.lastDigit);
  if (rs instanceof SubtractionGame) return windowCertifier(rs.set[rs.set.length - 1]!);
  return undefined;
}

/**
 * The least certified period (and its preperiod); if none, the least apparent one whose repetition
 * covers at least three periods of the computed values.
 */
export function findPeriod(values: ArrayLike<number>, certify?: PeriodCertifier): Periodicity {
  const len = values.length;
  let apparent: { p: number; n0: number } | undefined;
  for (let p = 1; 2 * p <= len; p++) {
    const n0 = tailStart(values, p);
    if (len - n0 < 2 * p) continue;
    const why = certify?.(p, n0, len);
    if (why) return { period: p, preperiod: n0, certified: true, certificate: why };
    if (!apparent && len - n0 >= 3 * p) apparent = { p, n0 };
    if (!certify && apparent) break;
  }
  const out: Periodicity = { period: null, preperiod: null, certified: false };
  if (apparent) {
    out.apparentPeriod = apparent.p;
    out.apparentPreperiod = apparent.n0;
  }
  return out;
}
