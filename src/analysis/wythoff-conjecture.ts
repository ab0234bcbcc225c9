/**
 * Conjecture 4.1 of seed maharaja-nim: for k < l, every upper P-position (x, y) of (k,l)-Maharaja Nim
 * has y = φx + O(1). The explorer measures y - φx over the upper P-positions of each (k,l)-M below N.
 */
import { checkMemory } from '../core/budget.js';
import { InterruptedError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { upperStats, wythoffFamilyTable } from './wythoff-table.js';
import type { Stop } from '../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface DeviationRow {
  readonly k: number;
  readonly l: number;
  /** max |y - φx| over the upper P-positions (x, y) found (Conjecture 4.1). */
  readonly maxAbsPhiDev: number;
  readonly phiDevMin: number;
  readonly phiDevMax: number;
  /** Extremes of b_n - a_n - n (maharaja-nim, section 2.3). */
  readonly devMin: number;
  readonly devMax: number;
  /** Upper P-positions examined (those with a known index n, see upperStats). */
  readonly upper: number;
  /** The extremes of y - φx below each power of ten from 10^3 on, then below N. */
  readonly decades: readonly { readonly below: number; readonly phiDevMin: number; readonly phiDevMax: number }[];
  /**
   * The pairs to watch: max |y - φx| rose in the last decade (below N against below the largest power of ten
   * under N) by at least 0.001 and by at least a third of its rise in the decade before. A heuristic, not a
   * proof either way: a bounded deviation creeps up to its supremum too (Wythoff's y - φx tends to 1/φ), but
   * its rises shrink about tenfold a decade, while a deviation growing like log N rises as much each decade.
   * Absent when N <= 10^4 (two decades are compared).
   */
  readonly stillGrowing?: boolean;
}

/** A rise of max |y - φx| that the table's three decimals show. */
const RISE_VISIBLE = 0.001;

export interface ExplorerOptions {
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: Stop;
  /** Most columns of all the tables together (default: the conjectureColumns row of core/limits.ts). */
  readonly maxColumns?: number;
}

/**
 * The explorer of maharaja-nim Conjecture 4.1: y - φx over the upper P-positions of (k,l)-Maharaja Nim,
 * one row per pair k < l <= maxL, each from a table of n columns. Interrupting keeps the finished rows.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function phiDeviations(maxL: number, n: number, options: ExplorerOptions = {}): DeviationRow[] {
  const pairs: [number, number][] = [];
  // The work is a table of n columns per pair (about 30 ns a column): refused up front past the cap, not after hours.
  const pairCount = maxL < 2 ? 0 : (maxL * (maxL - 1)) / 2;
  const maxColumns = options.maxColumns ?? limitDefault('conjectureColumns');
  if (pairCount * n > maxColumns) throw new LimitError(`${pairCount} pairs (k,l) with l <= ${maxL} times ${n} columns make ${(pairCount * n).toExponential(2)} columns, more than ${maxColumns}`, 'conjectureColumns');
  // One table at a time: an Int32Array and a byte per column.
  checkMemory(`a table of ${n} columns`, 5 * n);
  for (let l = 2; l <= maxL; l++) for (let k = 1; k < l; k++) pairs.push([k, l]);
  const marks: number[] = [];
  for (let m = 1000; m < n; m *= 10) marks.push(m);
  const rows: DeviationRow[] = [];
  for (const [k, l] of pairs) {
    if (options.signal?.aborted) throw new InterruptedError(rows);
    const s = upperStats(wythoffFamilyTable([[k, l]], n), marks);
    const decades = [...s.below, { below: n, phiDevMin: s.phiDevMin, phiDevMax: s.phiDevMax }];
    const maxAbs = (d: { phiDevMin: number; phiDevMax: number }) => Math.max(Math.abs(d.phiDevMin), Math.abs(d.phiDevMax));
    const rise = (i: number) => maxAbs(decades[i]!) - maxAbs(decades[i - 1]!);
    const last = decades.length - 1;
    rows.push({
      k,
      l,
      maxAbsPhiDev: Math.max(Math.abs(s.phiDevMin), Math.abs(s.phiDevMax)),
      phiDevMin: s.phiDevMin,
      phiDevMax: s.phiDevMax,
      devMin: s.devMin,
      devMax: s.devMax,
      upper: s.count,
      decades,
      ...(last < 2 ? {} : { stillGrowing: rise(last) >= RISE_VISIBLE && rise(last) >= rise(last - 1) / 3 }),
    });
    options.onProgress?.(rows.length, pairs.length);
  }
  return rows;
}
