/**
 * Periodicity certificates for take-and-break games, after the Guy–Smith periodicity theorem (Winning
 * Ways ch. 4), for every code code.ts reads: two- and three-heap splits, with or without `!`.
 *
 * The argument (docs/take-and-break.md has it in full): suppose G(n + p) = G(n) for n0 <= n < N*.
 * Then it holds for every N >= N* by induction: each option of N + p turns into an option of N with
 * the same value by lowering one of its heaps by p, and each option of N into one of N + p by raising
 * its largest heap by p, as long as the heap moved stays >= max(n0, 1) (+ p when lowered) and below N.
 * N* is the least N for which that holds for every digit:
 *   take-all / leave-one-heap moves:     N >= t + 1 and N >= n0 + k
 *   two heaps, digit k:                  N >= 2m + p + k - 1          (m = max(n0, 1))
 *   two unequal heaps (`!`), digit k:    N >= 2m + 2p + k              (lower the smaller heap when
 *                                                                      lowering the larger makes them equal)
 *   three heaps, digit k:                N >= 3m + 2p + k - 2
 *   three unequal heaps (`!`), digit k:  N >= 3m + 5p + k              (worst case a, a + p, a + 2p)
 * The values G(0..N* + p - 1) decide the certificate.
 */
import type { TakeAndBreakCode } from './code.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface PeriodCertificate {
  /** The least period and its preperiod (least n0 with G(n + p) = G(n) for all n >= n0). */
  period: number;
  preperiod: number;
  /** The period and preperiod the window was checked for (period may be a multiple of the least). */
  checkedPeriod: number;
  checkedPreperiod: number;
  /** G(n + checkedPeriod) = G(n) was checked for checkedPreperiod <= n < windowEnd. */
  windowEnd: number;
  /** The number of values the certificate reads: windowEnd + checkedPeriod. */
  valuesRead: number;
  /** What proves it, in words. */
  certificate: string;
}

/**
 * N* for this code, period p and preperiod n0: checking G(n + p) = G(n) for n0 <= n < N* proves it
 * for all n >= n0 (see the module comment).
 */
export function certificateWindowEnd(code: TakeAndBreakCode, p: number, n0: number): number {
  const m = Math.max(n0, 1);
  let end = Math.max(n0, code.t + 1);
  code.digits.forEach((d, k) => {
    const distinct = code.unequal[k]!;
    if (k >= 1 && d & 2) end = Math.max(end, n0 + k);
    if (d & 4) end = Math.max(end, distinct ? 2 * m + 2 * p + k : 2 * m + p + k - 1);
    if (d & 8) end = Math.max(end, distinct ? 3 * m + 5 * p + k : 3 * m + 2 * p + k - 2);
  });
  return end;
}

/** The name of the argument, for the certificate text. */
function argumentName(code: TakeAndBreakCode): string {
  const unequal = code.unequal.some((u) => u);
  if (code.maxParts === 3) return unequal ? 'Guy–Smith, three-part window with unequal heaps' : 'Guy–Smith, three-part window';
  if (code.maxParts === 2) return unequal ? 'Guy–Smith, window for unequal heaps' : 'Guy–Smith';
  return 'Guy–Smith (no splits: G(n) depends on the t values before it)';
}

/** The least n0 with values[n + p] = values[n] for n0 <= n < len - p. */
export function tailStart(values: ArrayLike<number>, len: number, p: number): number {
  let n = len - p - 1;
  while (n >= 0 && values[n] === values[n + p]) n--;
  return n + 1;
}

/**
 * The scans of the values that the period tracker makes at each search and step (tailStart, nextCandidate,
 * holds): these, or the same loops in WebAssembly for values in the kernel's memory (narrow-wasm.ts),
 * which run compiled from the first call where these run cold (a few calls each, over the whole sequence).
 */
export interface ValueScans {
  tailStart(values: ArrayLike<number>, len: number, p: number): number;
  nextCandidate(values: ArrayLike<number>, len: number, from: number): number;
  holds(values: ArrayLike<number>, p: number, from: number, to: number): boolean;
}

/**
 * The certificate for period p from the values G(0..len-1), or undefined when they do not prove it
 * (the period fails inside them, or they are too few). Checks everything it claims from the values.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function certifyPeriod(code: TakeAndBreakCode, values: ArrayLike<number>, len: number, p: number): PeriodCertificate | undefined {
  return certifyWith(code, values, len, p, javaScriptScans);
}

function certifyWith(code: TakeAndBreakCode, values: ArrayLike<number>, len: number, p: number, scans: ValueScans): PeriodCertificate | undefined {
  if (p < 1 || p >= len) return undefined;
  const n0 = scans.tailStart(values, len, p);
  const windowEnd = certificateWindowEnd(code, p, n0);
  if (len < windowEnd + p) return undefined;
  const least = leastPeriod(values, len, p, n0);
  return {
    period: least.period,
    preperiod: least.preperiod,
    checkedPeriod: p,
    checkedPreperiod: n0,
    windowEnd,
    valuesRead: windowEnd + p,
    certificate: `${argumentName(code)}: G(n+${p}) = G(n) checked for ${n0} <= n < ${windowEnd}`,
  };
}

/**
 * The certificate of the least period that G(0..len-1) prove, or undefined when they prove none: every p
 * whose window can fit in len values is tried, least first. What a run checks when it ends, so that the
 * values computed are enough whatever the tracker was following: a period p with preperiod n0 is
 * certified as soon as len >= certificateWindowEnd(code, p, n0) + p (the window is nondecreasing in p
 * and in n0, so no multiple of p, and no larger p, is certified with fewer values). O(len) comparisons
 * for the ps that fail at once, plus their short tails.
 */
export function certifyValues(code: TakeAndBreakCode, values: ArrayLike<number>, len: number): PeriodCertificate | undefined {
  // The largest p whose window (at its least, n0 = 0) fits: a binary search, the window being monotone.
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (certificateWindowEnd(code, mid, 0) + mid <= len) lo = mid;
    else hi = mid - 1;
  }
  // A certificate for p checks its window less its preperiod at the end of the values: at least that of
  // p = 1 at the worst n0, which lies in 0..t+1 (past t + 1 the window grows with n0). Four values turn
  // away nearly every wrong p; a code whose windows check none (no splits, no leave-one-heap moves)
  // tries every p.
  let agree = 4;
  for (let n0 = 0; n0 <= code.t + 1; n0++) agree = Math.min(agree, certificateWindowEnd(code, 1, n0) - n0);
  // A multiple kq of a failed q with kq <= len - n0 (n0 where the values stop being q-periodic, going back)
  // stops being kq-periodic at n0 - 1 too, and its window is no smaller: it fails as well, and is skipped.
  // Without this a tail of period 4 (0.376 at 2^22) put a million multiples to the certifier, each an O(len) scan.
  const failed: { q: number; upTo: number }[] = [];
  for (let p = nextMatch(values, len, 1, lo, agree); p > 0; p = nextMatch(values, len, p + 1, lo, agree)) {
    if (failed.some((f) => p % f.q === 0 && p <= f.upTo)) continue;
    const cert = certifyPeriod(code, values, len, p);
    if (cert) return cert;
    const upTo = len - tailStart(values, len, p);
    if (upTo >= 2 * p) failed.push({ q: p, upTo });
  }
  return undefined;
}

/**
 * The least p in from..to whose last `agree` values repeat p later (values[m] = values[m - p] for
 * len - agree <= m < len), -1 when there is none. A small function of its own, so that V8 optimises the
 * loop early (a cold run to 3 * 10^5 heaps spent some 40 ms in it otherwise).
 */
function nextMatch(values: ArrayLike<number>, len: number, from: number, to: number, agree: number): number {
  for (let p = from; p <= to; p++) {
    let j = 0;
    while (j < agree && values[len - 1 - j] === values[len - 1 - j - p]) j++;
    if (j === agree) return p;
  }
  return -1;
}

/**
 * Given that the values are p-periodic from n0 for ever, the least period (a divisor d of p, checked
 * on one whole period [n0, n0 + p), which p-periodicity carries to every n >= n0) and its preperiod
 * (scanned back from n0). When the values are too few to check a divisor, p itself.
 */
export function leastPeriod(values: ArrayLike<number>, len: number, p: number, n0: number): { period: number; preperiod: number } {
  for (const d of divisors(p)) {
    if (d === p || n0 + p + d > len) continue;
    let ok = true;
    for (let n = n0; ok && n < n0 + p; n++) if (values[n] !== values[n + d]) ok = false;
    if (!ok) continue;
    let start = n0;
    while (start > 0 && values[start - 1] === values[start - 1 + d]) start--;
    return { period: d, preperiod: start };
  }
  return { period: p, preperiod: n0 };
}

/** The divisors of p, ascending (trial division up to sqrt(p)). */
function divisors(p: number): number[] {
  const low: number[] = [];
  const high: number[] = [];
  for (let d = 1; d * d <= p; d++) {
    if (p % d !== 0) continue;
    low.push(d);
    if (d * d !== p) high.push(p / d);
  }
  return [...low, ...high.reverse()];
}

/**
 * A certifier in the shape analysis/periodicity.ts uses (p, n0, len) => reason | undefined, for wiring
 * the take-and-break certificate into `findPeriod`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function takeAndBreakCertifier(code: TakeAndBreakCode): (p: number, n0: number, len: number) => string | undefined {
  return (p, n0, len) => {
    const end = certificateWindowEnd(code, p, n0);
    return len >= end + p ? `${argumentName(code)}: G(n+${p}) = G(n) checked for ${n0} <= n < ${end}` : undefined;
  };
}

/** Whether values[m] = values[m - p] for from <= m < to. */
function holds(values: ArrayLike<number>, p: number, from: number, to: number): boolean {
  for (let m = from; m < to; m++) if (values[m] !== values[m - p]) return false;
  return true;
}

/**
 * The least p >= from whose tail (the values that repeat p later, up to the end) is long enough to be
 * followed: two periods, at least 24 values, at most 1024 needed. -1 when there is none. A small
 * function of its own, so that V8 optimises the loop early and whole.
 */
function nextCandidate(values: ArrayLike<number>, len: number, from: number): number {
  const last = len - 1;
  const a0 = values[last]!;
  const a1 = values[last - 1]!;
  const a2 = values[last - 2]!;
  const a3 = values[last - 3]!;
  for (let p = from; p + 24 <= len; p++) {
    // The last four values first, without branches: most p fail one of them, in no pattern.
    if (((a0 ^ values[last - p]!) | (a1 ^ values[last - 1 - p]!) | (a2 ^ values[last - 2 - p]!) | (a3 ^ values[last - 3 - p]!)) !== 0) continue;
    if (len - p - tailStart(values, len, p) >= Math.min(Math.max(2 * p, 24), 1024)) return p;
  }
  return -1;
}

/** The scans in JavaScript, for any values. */
export const javaScriptScans: ValueScans = { tailStart, nextCandidate, holds };

/** Candidates are kept while they hold: at most this many, the least periods first. */
const MAX_CANDIDATES = 8;

/**
 * Finds and certifies a period while the sequence grows, without searching again from scratch at each
 * step: a search over all p (cheap: a wrong p fails at its first comparisons) runs at each power of
 * two (twice per doubling below 4096), only while no candidate is being followed, and keeps the least
 * p whose tail is long enough; the candidates are then checked heap by heap as values arrive and
 * dropped when they break. As soon as the values reach a candidate's certificate window, it is
 * certified. A true period p with preperiod n0 is found by the first search at a length >=
 * n0 + p + min(max(2p, 24), 1024), which is below twice that: about when its window closes
 * (2 n0 + 2p + t) for long periods, at worst some 2048 values later; for short ones, a few dozen.
 * So a run that ends between two searches checks its values once more (certifyValues): what they
 * prove is certified wherever the run stops.
 */
export class PeriodTracker {
  private candidates: { p: number; n0: number }[] = [];
  private checkedTo = 0;
  private nextSearch = 32;

  constructor(
    readonly code: TakeAndBreakCode,
    private readonly scans: ValueScans = javaScriptScans,
  ) {}

  /**
   * Takes G(0..len-1) (the same values, longer each call) and returns the certificate once one
   * holds. O(new values x candidates), plus O(len) at each search.
   */
  update(values: ArrayLike<number>, len: number): PeriodCertificate | undefined {
    // Drop the candidates that break on the new values.
    const kept: { p: number; n0: number }[] = [];
    for (const c of this.candidates) if (this.scans.holds(values, c.p, Math.max(this.checkedTo, c.p), len)) kept.push(c);
    this.candidates = kept;
    this.checkedTo = len;
    if (len >= this.nextSearch) {
      // Searched again only when no candidate is left: a candidate that holds needs no rival (a
      // smaller true period is a divisor of it, found when it is certified).
      if (this.candidates.length === 0) this.search(values, len);
      // Twice per doubling up to 2^12 values, then at each power of two.
      const step = 2 ** Math.max(5, Math.floor(Math.log2(len)) - (len < 4096 ? 1 : 0));
      this.nextSearch = (Math.floor(len / step) + 1) * step;
    }
    let best: PeriodCertificate | undefined;
    for (const { p, n0 } of this.candidates) {
      if (len < certificateWindowEnd(this.code, p, n0) + p) continue;
      const cert = certifyWith(this.code, values, len, p, this.scans);
      if (cert && (!best || cert.period < best.period)) best = cert;
    }
    return best;
  }

  /**
   * The number of values at which update() should next be called: the least at which a candidate
   * would be certified, or the next search when none is followed.
   */
  wantedAt(): number {
    let at = this.candidates.length === 0 ? this.nextSearch : Infinity;
    for (const { p, n0 } of this.candidates) at = Math.min(at, certificateWindowEnd(this.code, p, n0) + p);
    return at;
  }

  /**
   * The least period seen but not proved in G(0..len-1): a candidate that held on every value, whose
   * repetition covers at least three periods (the rule of core/period.ts's findPeriod). When no
   * candidate is followed, one last search over the values finds them.
   */
  apparent(values: ArrayLike<number>, len: number): { period: number; preperiod: number } | undefined {
    this.update(values, len);
    if (this.candidates.length === 0) this.search(values, len);
    const c = this.candidates.find(({ p, n0 }) => len - n0 >= 3 * p);
    return c ? { period: c.p, preperiod: c.n0 } : undefined;
  }

  /** The candidates being followed (period, preperiod so far), least first. */
  get following(): readonly { p: number; n0: number }[] {
    return this.candidates;
  }

  private search(values: ArrayLike<number>, len: number): void {
    const found: { p: number; n0: number }[] = [];
    const scans = this.scans;
    for (let p = scans.nextCandidate(values, len, 1); p > 0; p = found.length < MAX_CANDIDATES ? scans.nextCandidate(values, len, p + 1) : -1) {
      found.push({ p, n0: scans.tailStart(values, len, p) });
    }
    this.candidates = found;
  }
}
