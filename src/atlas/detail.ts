/**
 * What a game's page shows beyond its census row: the values recomputed to a cap, their fingerprint in
 * tczajka's words and the pictures of the values and of the rare values. The row keeps only the first 40
 * values, so the sequence is computed again, by the same library call `sprague sequence SPEC --max N
 * --summary` makes (it stops at a certified period, so the fingerprint is the one that command prints).
 */
import type { SequenceFingerprint } from '../core/kernel.js';
import type { Stop } from '../core/stop.js';
import { sequenceWithPeriod } from '../analysis/sequence.js';
import { rareHeaps } from '../games/heaps/take-and-break/sequence.js';
import { parseSpec } from '../spec/index.js';
import { sequenceDensityChart } from '../plot/charts.js';
import type { FamilyRow } from '../census/row.js';

export interface GameDetail {
  /** G(0..max) were asked for (the census's reach, at most the cap). */
  max: number;
  /** The heaps computed, G(0..heaps-1): fewer than max + 1 when a certified period ended the run. */
  heaps: number;
  fingerprint: SequenceFingerprint;
  /** The values, and the values of the rare heaps, as inline SVG. */
  valuesSvg: string;
  rareSvg?: string;
  rareCount: number;
}

/** The games a page can draw: one-heap sequences that were computed. */
export function hasDetail(row: FamilyRow): boolean {
  return row.computation === 'sequence' && row.status !== 'failed';
}

/** The period the census found, to mark on the pictures: certified, else only seen. */
function markedPeriod(row: FamilyRow): { period?: number; preperiod?: number; status?: 'certified' | 'apparent' } {
  if (row.certified && row.period != null && row.preperiod != null) return { period: row.period, preperiod: row.preperiod, status: 'certified' };
  if (row.apparentPeriod != null && row.apparentPreperiod != null) return { period: row.apparentPeriod, preperiod: row.apparentPreperiod, status: 'apparent' };
  return {};
}

/**
 * G(0..min(reached, valuesMax)) of the row's game, its fingerprint and its pictures. A stop throws the
 * library's InterruptedError.
 */
export function gameDetail(row: FamilyRow, valuesMax: number, signal?: Stop): GameDetail {
  const max = Math.min(row.reached ?? row.bound, valuesMax);
  const rs = parseSpec(row.spec);
  const { values, fingerprint } = sequenceWithPeriod(rs, max, { stopAtPeriod: true, pPeriod: false, ...(signal ? { signal } : {}) });
  const heaps = values.length;
  const all = Int32Array.from({ length: heaps }, (_, n) => n);
  const mark = markedPeriod(row);
  const valuesSvg = sequenceDensityChart({ title: `G(n) of ${row.spec}, n < ${heaps}`, length: heaps, heaps: all, values, ...mark });
  const rare = rareHeaps(values, fingerprint);
  const detail: GameDetail = { max, heaps, fingerprint, valuesSvg, rareCount: rare.length };
  if (rare.length > 0) {
    detail.rareSvg = sequenceDensityChart({
      title: `Rare values of ${row.spec} (mask ${fingerprint.rareMask.toString(16)}${fingerprint.rarePos ? ' pos' : ''}), n < ${heaps}`,
      length: heaps,
      heaps: rare,
      values: rare.map((a) => values[a]!),
      label: 'G(n), n rare',
      ...mark,
      colour: '#d55e00',
    });
  }
  return detail;
}
