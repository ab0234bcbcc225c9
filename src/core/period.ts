/**
 * The period search every sequence kernel and analysis shares: the least period of a finite run of
 * Grundy values, proved when a certifier (a theorem about the game) accepts it, else only apparent.
 * It lives below the games so that a family's kernel can certify periods beside its ruleset (the
 * octal kernel extends its values by the period it proves).
 * Convention (docs/conventions.md): the preperiod is the least n0 with G(n+p) = G(n) for every n >= n0.
 */

/**
 * The period of a run of Grundy values: certified by a theorem, or only apparent in the values computed.
 *
 * @remarks Since 0.1.0
 * @public
 */
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
  /**
   * An arithmetic period seen but not proved (G(n + p) = G(n) + s, s > 0, from the preperiod on), the
   * regularity of many hexadecimal games (Howse–Nowakowski 2004); only when no period is found.
   */
  apparentArithmeticPeriod?: number;
  apparentSaltus?: number;
  apparentArithmeticPreperiod?: number;
}

/**
 * Decides from G(0..len-1) whether a period p with preperiod n0 is proved. Returns the name of the
 * argument, or undefined when the values computed are not enough (or no theorem applies).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type PeriodCertifier = (p: number, n0: number, len: number) => string | undefined;

/**
 * The least n0 such that values[n + p] = values[n] for all n0 <= n < len - p.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function tailStart(values: ArrayLike<number>, p: number): number {
  let n = values.length - p - 1;
  while (n >= 0 && values[n] === values[n + p]) n--;
  return n + 1;
}

/**
 * The least certified period (and its preperiod); if none, the least apparent one whose repetition
 * covers at least three periods of the computed values. Every p < len is put to the certifier, however
 * short its repetition: the certifier decides what the values prove (a subtraction game's window needs
 * only max(S) values to recur, fewer than a period when p > max(S)), so a period is certified with the
 * fewest values its theorem needs.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function findPeriod(values: ArrayLike<number>, certify?: PeriodCertifier): Periodicity {
  const len = values.length;
  let apparent: { p: number; n0: number } | undefined;
  for (let p = 1; p < len && (certify || 2 * p <= len); p++) {
    const n0 = tailStart(values, p);
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
