/**
 * Periods of Grundy sequences. A period is *certified* only when a theorem turns the finite evidence
 * into a proof (Guy–Smith for octal games, the finite window of a subtraction game); otherwise it is
 * only *apparent* and reported as such.
 * Convention (spec/CLI.md): the preperiod is the least n0 with G(n+p) = G(n) for every n >= n0.
 */
import { PushCompound } from '../core/compounds.js';
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
 * d_t, if G(n + p) = G(n) for n0 <= n < 2 n0 + p + t then it holds for every n >= n0. `parts` = 3 is the
 * same induction for hexadecimal games, whose options may leave three heaps: the window becomes
 * n0 <= n < 3 n0 + 2p + t, because only the largest of three parts summing to N + p - k is sure to be
 * >= n0 + p (it is >= (N + p - t)/3), and the options of N lift to N + p by adding p to their largest part.
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
 * A subtraction game's G(n) depends only on the m = max(S) values before it, so once m consecutive
 * values repeat p later, the whole sequence repeats from there on.
 */
export function windowCertifier(m: number): PeriodCertifier {
  return (p, n0, len) => (len >= n0 + p + m ? `window: the ${m} values from ${n0} repeat at ${n0 + p}, and G(n) depends only on the ${m} before it` : undefined);
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Seed push-the-button, Theorem 4.2.3 (the state argument): in SUBTRACTION(S) ⊙ R2, for n >= max(S) = m,
 * G(n) is a function of G(n-1..n-m) and of R2's value at n, which repeats with R2's certified period k
 * from its preperiod n2 on. So if the m values from s >= n2 recur q later, with k | q, the states at s + m
 * and s + q + m agree and G is q-periodic from s: a cycle in the state space is a proof. With q = lcm(p, k)
 * and p-periodicity seen on [s, s + q) this proves period p. The same holds for outcome (0/1) sequences,
 * with k and n2 those of R2's outcomes.
 */
export function pushSubtractionCertifier(m: number, k: number, n2: number): PeriodCertifier {
  return (p, n0, len) => {
    const q = (p / gcd(p, k)) * k;
    const s = Math.max(n0, n2);
    if (len < s + q + Math.max(m, p)) return undefined;
    return `state cycle (push-the-button, Thm 4.2.3): the ${m} values from ${s} and ${s} mod ${k} recur at ${s + q}, so G is ${q}-periodic from ${s}; G(n+${p}) = G(n) checked for ${n0} <= n < ${s + q}`;
  };
}

/** The ruleset played after the first button push of a push compound. */
export function afterPush(rs: PushCompound<any>): Ruleset<any> {
  return rs.rulesets.length === 2 ? rs.rulesets[1]! : new PushCompound(rs.rulesets.slice(1));
}

/**
 * The certifier a ruleset admits, if any. For SUBTRACTION(S) ⊙ R2 this needs R2's certified period:
 * `periodOf` finds it (it computes R2's sequence), so the certificate is only as strong as R2's.
 */
export function certifierFor(rs: Ruleset<any>, periodOf?: (r: Ruleset<any>) => Periodicity): PeriodCertifier | undefined {
  if (rs.convention !== 'normal') return undefined;
  // The Guy–Smith induction only needs every option of n to leave heaps summing to n - k, 0 <= k <= t: d0 = 4 is covered.
  if (rs instanceof OctalGame) return guySmithCertifier(rs.lastDigit, rs.maxParts);
  if (rs instanceof SubtractionGame) return windowCertifier(rs.set[rs.set.length - 1]!);
  if (rs instanceof PushCompound && rs.rulesets[0] instanceof SubtractionGame && periodOf) {
    const tail = periodOf(afterPush(rs));
    if (!tail.certified) return undefined;
    const s = rs.rulesets[0].set;
    return pushSubtractionCertifier(s[s.length - 1]!, tail.period!, tail.preperiod!);
  }
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

/**
 * The period of the P-positions (G(n) = 0) implied by a certified period of the values: the outcomes
 * repeat with p from n0 too, so their least period d divides p and is found by checking each divisor
 * on one whole window [n0, n0 + p). Undefined when the values are not certified.
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
