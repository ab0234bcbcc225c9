/**
 * The values of recent runs, kept so that a code whose moves are another's plus a few take-all (bit 1) or
 * leave-one-heap (bit 2) moves is checked against that code's values instead of computed. Exact, by
 * induction on n: when B's moves are A's plus some such moves and G_B = G_A below n, B's options at n are
 * A's (the same values) plus the extra ones; since A's options reach every value below G_A(n), the mex is
 * still G_A(n) unless an extra option has that value. So G_B = G_A on 0..max iff no extra option of any
 * n <= max has value G_A(n): O(max) per extra move (a split digit added would cost O(max^2), so only these
 * two kinds count). A census meets such codes by the dozen (octal:3 to 2^16: 340 of its 575 games, two
 * thirds of its CPU, e.g. 0.764, 0.766 and 0.767 share one sequence); a census worker turns this on.
 */
import type { TakeAndBreakCode } from './code.js';

/** A run kept: the code and its exact values G(0..length-1). */
interface Kept {
  code: TakeAndBreakCode;
  values: Uint16Array | Int32Array;
}

/**
 * Whether B's moves are A's plus only take-all (bit 1) and leave-one-heap (bit 2) moves: the same digit d0
 * and the same splits (bits 4 and 8, with the same `!`) for every k, and A's bits 1 and 2 among B's.
 */
function addsOnlySingleMoves(a: TakeAndBreakCode, b: TakeAndBreakCode): boolean {
  const t = Math.max(a.t, b.t);
  for (let k = 0; k <= t; k++) {
    const da = a.digits[k] ?? 0;
    const db = b.digits[k] ?? 0;
    if (k === 0 && da !== db) return false;
    if ((da & ~3) !== (db & ~3) || (da & 3 & ~db) !== 0) return false;
    if (da & 12 && (a.unequal[k] ?? false) !== (b.unequal[k] ?? false)) return false;
  }
  return true;
}

/** Whether no option of B that A lacks has value G(n), for every heap n < length (G = A's values). */
function extraMovesMissEveryValue(a: TakeAndBreakCode, b: TakeAndBreakCode, G: ArrayLike<number>, length: number): boolean {
  for (let k = 1; k <= b.t; k++) {
    const extra = (b.digits[k] ?? 0) & ~(a.digits[k] ?? 0);
    // Taking all k tokens: heap k reaches the empty position, value 0.
    if (extra & 1 && k < length && G[k] === 0) return false;
    // Taking k and leaving one heap: heap n reaches n - k >= 1.
    if (extra & 2) for (let n = k + 1; n < length; n++) if (G[n - k] === G[n]) return false;
  }
  return true;
}

/**
 * The exact values of the latest runs that reached their end (every value computed or read off a certified
 * period), most recent first, within `bytes` (64 MiB by default: about 500 runs to 2^16).
 */
export class RecentRuns {
  private kept: Kept[] = [];

  constructor(readonly bytes: number) {}

  /** Keeps G(0..length-1) of `code` (a copy), when it is at least `length` long. */
  keep(code: TakeAndBreakCode, values: ArrayLike<number>, length: number): void {
    if (values.length < length || this.kept.some((k) => k.code.text === code.text && k.values.length >= length)) return;
    let max = 0;
    for (let n = 0; n < length; n++) max = Math.max(max, values[n]!);
    const copy = max <= 0xffff ? new Uint16Array(length) : new Int32Array(length);
    for (let n = 0; n < length; n++) copy[n] = values[n]!;
    const kept = [{ code, values: copy }, ...this.kept.filter((k) => k.code.text !== code.text)];
    let used = 0;
    const fits = kept.findIndex((k) => (used += k.values.byteLength) > this.bytes);
    this.kept = fits < 0 ? kept : kept.slice(0, fits);
  }

  /** G(0..length-1) of `code`, when a kept run of a code it only adds single moves to proves them (see the module comment). */
  valuesFor(code: TakeAndBreakCode, length: number): Uint16Array | Int32Array | undefined {
    for (const k of this.kept) {
      if (k.values.length < length || !addsOnlySingleMoves(k.code, code)) continue;
      if (extraMovesMissEveryValue(k.code, code, k.values, length)) return k.values.slice(0, length);
    }
    return undefined;
  }
}

let recent: RecentRuns | undefined;

/**
 * From now on, this thread's take-and-break runs keep their values (the latest, within `bytes`) and reuse them
 * where they prove a later code's (a census worker: one game after another of the same family).
 */
export function keepRecentRuns(bytes = 2 ** 26): void {
  if (!recent || recent.bytes !== bytes) recent = new RecentRuns(bytes);
}

/** The kept runs of this thread, when keepRecentRuns was called. */
export function recentRuns(): RecentRuns | undefined {
  return recent;
}
