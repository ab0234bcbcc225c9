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

/** G(0..max) of a game and the fingerprint of the run, as the sequence job returns them. */
export interface ComputedValues {
  values: ArrayLike<number>;
  fingerprint: SequenceFingerprint;
}

/**
 * How a page's values are computed: `sprague sequence SPEC --max N --summary`'s call, values kept. In this
 * thread by default; the CLI runs it as the sequence job in a worker, so that a Ctrl-C stops it at once.
 */
export type ValuesOf = (spec: string, max: number) => Promise<ComputedValues>;

export const valuesInThread =
  (signal?: Stop): ValuesOf =>
  async (spec, max) => {
    const { values, fingerprint } = sequenceWithPeriod(parseSpec(spec), max, { stopAtPeriod: true, pPeriod: false, ...(signal ? { signal } : {}) });
    return { values, fingerprint };
  };

/** The heaps a page computes: how far the census got, at most the cap. */
export function detailMax(row: FamilyRow, valuesMax: number): number {
  return Math.min(row.reached ?? row.bound, valuesMax);
}

/** The page's pictures of G(0..heaps-1) and of the rare values, from the values computed to `max`. */
export function drawDetail(row: FamilyRow, max: number, { values, fingerprint }: ComputedValues): GameDetail {
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
