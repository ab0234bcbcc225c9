/**
 * What the pictures show, gathered from the library (no game logic here): P-positions in a box,
 * Grundy values on a grid, one-heap sequences with their period, rewrite games by length, automata.
 * Each gatherer takes an AbortSignal and a progress callback; an interruption throws an
 * InterruptedError whose `partial` is the data finished so far.
 */
import type { TablePrefix } from '../analysis/heap-tables.js';
import { PositionValues } from '../analysis/position.js';
import { pPositions } from '../analysis/ppositions.js';
import type { Periodicity } from '../analysis/periodicity.js';
import { sequenceWithPeriod } from '../analysis/sequence.js';
import { upperPPositions, upperStats, wythoffFamilyTable, type UpperStats } from '../analysis/wythoff-table.js';
import { InputError, InterruptedError } from '../core/errors.js';
import { rewriteRulesOf, type Ruleset, wythoffMovesOf } from '../core/ruleset.js';
import { alphabetFor, enumerateByLength, type LengthStats } from '../games/rewrite/enumerate.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import type { Stop } from '../core/stop.js';

export interface GatherOptions {
  signal?: Stop;
  onProgress?: (done: number, total: number) => void;
  /** Depth bound for rulesets not known to terminate. */
  maxDepth?: number;
}

function valuesFor(rs: Ruleset<any>, o: GatherOptions): PositionValues {
  return new PositionValues(rs, { ...(o.maxDepth === undefined ? {} : { maxDepth: o.maxDepth }), ...(o.signal ? { signal: o.signal } : {}) });
}

/** A heap position of `rs`: the heaps themselves (what the heaps domain parses "x,y" to), with the ruleset's checks. */
function heapPosition(rs: Ruleset<any>, heaps: number[]): number[] {
  const why = rs.validate?.(heaps);
  if (why) throw new InputError(why);
  return heaps;
}

export function requireHeaps(rs: Ruleset<any>, heaps: number): void {
  if (rs.domain.kind !== 'heaps') throw new InputError(`${rs.name} is played on ${rs.domain.kind}, not on heaps`);
  if (rs.heapCount !== undefined && rs.heapCount !== heaps) throw new InputError(`${rs.name} is played on ${rs.heapCount} heaps, not ${heaps}`);
}

/**
 * The P-positions (x, y) of a 2-heap game with x, y <= max, lexicographic. Games that declare Wythoff
 * moves go through the column algorithm of maharaja-nim (O(N) instead of a solver over N^2 positions).
 */
export function pPositionsPlane(rs: Ruleset<any>, max: number, o: GatherOptions = {}): [number, number][] {
  requireHeaps(rs, 2);
  const wythoffMoves = rs.convention === 'normal' ? wythoffMovesOf(rs) : undefined;
  if (wythoffMoves) {
    const t = wythoffFamilyTable(wythoffMoves, max + 1, { ...(o.signal ? { signal: o.signal } : {}), ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
    const out: [number, number][] = [];
    for (let x = 0; x <= max; x++) if (t.col[x]! >= 0) out.push([x, t.col[x]!]);
    return out;
  }
  const found: [number, number][] = [];
  try {
    // The fastest method that applies (a table kernel, the one-heap values of a sum of heaps, the generic table, the solver).
    const { positions } = pPositions(rs, 2, max, {
      ...(o.maxDepth === undefined ? {} : { maxDepth: o.maxDepth }),
      ...(o.signal ? { signal: o.signal } : {}),
      // The solver checks the signal only inside deep searches; a box of small positions is checked here.
      onProgress: (d, t) => {
        o.onProgress?.(d, t);
        if (o.signal?.aborted) throw new InterruptedError(undefined);
      },
    });
    for (const p of positions) found.push([p[0]!, p[1]!]);
  } catch (e) {
    if (e instanceof InterruptedError) throw new InterruptedError(keptPositions(e.partial));
    throw e;
  }
  return found;
}

/** The P-positions a stopped box kept: a table's final cells (a TablePrefix), or the solver's list. */
function keptPositions(partial: unknown): [number, number][] {
  if (partial instanceof Object && 'table' in partial && 'done' in partial) {
    const { table, done } = partial as TablePrefix;
    return [...table.pPositions(done)].map((p) => [p[0]!, p[1]!]);
  }
  return Array.isArray(partial) ? (partial as number[][]).map((p) => [p[0]!, p[1]!]) : [];
}

export interface ValueGrid {
  /** values[y * width + x]; -1 where not computed (an interruption). */
  values: Int32Array;
  width: number;
  height: number;
  /** The fixed first heap of a 3-heap slice, or undefined for a 2-heap game. */
  slice?: number;
}

/**
 * Grundy values G(x, y), or G(slice, x, y) on a slice of a 3-heap game (push-the-button, Figure 2
 * draws 3-heap Zeruclid at slice 1), for x, y <= max, by the method analysis/position.ts picks (the
 * one-heap values of a sum of heaps, else the memoised solver). Row by row (y).
 */
export function grundyGrid(rs: Ruleset<any>, max: number, slice: number | undefined, o: GatherOptions = {}): ValueGrid {
  requireHeaps(rs, slice === undefined ? 2 : 3);
  const values = valuesFor(rs, o);
  // A closed form (Wythoff's value table) is asked directly: through PositionValues each cell paid for
  // parsing its text and the solver's look-up, 20 times the closed form's own cost (12 s of 16 a million cells).
  const closed = rs.convention === 'normal' ? rs.capabilities?.grundyOf : undefined;
  const width = max + 1;
  const grid: ValueGrid = { values: new Int32Array(width * width).fill(-1), width, height: width, ...(slice === undefined ? {} : { slice }) };
  for (let y = 0; y <= max; y++) {
    for (let x = 0; x <= max; x++) {
      // Per cell: a row of a large box can take seconds, and cancel should answer at once.
      if (o.signal?.aborted) throw new InterruptedError(grid);
      const p = heapPosition(rs, slice === undefined ? [x, y] : [slice, x, y]);
      try {
        grid.values[y * width + x] = closed?.(p, o.signal) ?? values.grundy(p);
      } catch (e) {
        if (e instanceof InterruptedError) throw new InterruptedError(grid);
        throw e;
      }
    }
    o.onProgress?.(y + 1, width);
  }
  return grid;
}

export interface SequenceData {
  values: number[];
  periodicity: Periodicity;
}

/**
 * G(0..max) of a one-heap game, by the sequence kernel it declares or the solver, and its period
 * (certified when a theorem applies, else apparent). An interruption keeps the values finished (number[]).
 */
export function sequenceData(rs: Ruleset<any>, max: number, o: GatherOptions = {}): SequenceData {
  if (rs.domain.kind !== 'heaps') throw new InputError(`${rs.name} is played on ${rs.domain.kind}, not on one heap`);
  if (rs.heapCount !== undefined && rs.heapCount !== 1) throw new InputError(`${rs.name} is played on ${rs.heapCount} heaps, not on one heap`);
  try {
    const { values, period } = sequenceWithPeriod(rs, max, {
      solver: valuesFor(rs, o).solver,
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    });
    return { values: Array.from(values), periodicity: period };
  } catch (e) {
    const kept = e instanceof InterruptedError ? (e.partial as ArrayLike<number> | undefined) : undefined;
    if (kept && typeof kept.length === 'number') throw new InterruptedError(Array.from(kept));
    throw e;
  }
}

/** The rules of a rewrite game, or an InputError naming the game. */
export function rewriteRules(rs: Ruleset<any>): readonly RewriteRule[] {
  const rules = rewriteRulesOf(rs);
  if (!rules) throw new InputError(`${rs.name} is not a rewrite game (a spec like rewrite:a,a2,b)`);
  return rules;
}

/** Every word of length 0..max of a rewrite game: per-length statistics (the `sprague lengths` lines). */
export async function lengthsData(rs: Ruleset<any>, max: number, o: GatherOptions = {}): Promise<LengthStats[]> {
  const rules = rewriteRules(rs);
  const before = wordsBefore(alphabetFor(rules).length, max + 1);
  try {
    const table = await enumerateByLength(rules, max, {
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.maxDepth === undefined ? {} : { maxDepth: o.maxDepth }),
      onProgress: (n, done) => o.onProgress?.(before[n]! + done, before[max + 1]!),
    });
    return table.lengths;
  } catch (e) {
    if (e instanceof InterruptedError) {
      const partial = e.partial as { lengths?: LengthStats[] } | undefined;
      throw new InterruptedError(partial?.lengths ?? []);
    }
    throw e;
  }
}

/**
 * before[n]: the words of lengths 0..n-1 over `letters` letters, n = 0..lengths. Progress by length counts
 * words, not lengths: each length has `letters` times the words of the one before (twice the work over two
 * letters), so a count of lengths read 84% with most of the time still to come.
 */
export function wordsBefore(letters: number, lengths: number): number[] {
  const out = [0];
  for (let n = 0, words = 1; n < lengths; n++, words *= letters) out.push(out[n]! + words);
  return out;
}

export interface UpperPositions {
  /** Upper P-positions (a_n, b_n), n = 0, 1, ... (maharaja-nim, (11)), while the index n is known. */
  a: Int32Array;
  b: Int32Array;
  /** The library's statistics of the same table (b_n - a_n - n and b_n - φ a_n extremes). */
  stats: UpperStats;
}

/** The upper P-positions of a Wythoff-family game in the columns x <= max, by the column algorithm. */
export function upperPositions(rs: Ruleset<any>, max: number, o: GatherOptions = {}): UpperPositions {
  const wythoffMoves = rs.convention === 'normal' ? wythoffMovesOf(rs) : undefined;
  if (!wythoffMoves) throw new InputError(`${rs.name} is not Wythoff Nim with extra moves (wythoff, maharaja, wythoff+K,L,...)`);
  const t = wythoffFamilyTable(wythoffMoves, max + 1, { ...(o.signal ? { signal: o.signal } : {}), ...(o.onProgress ? { onProgress: o.onProgress } : {}) });
  const ups = upperPPositions(t, Number.POSITIVE_INFINITY);
  return { a: Int32Array.from(ups, (p) => p[0]), b: Int32Array.from(ups, (p) => p[1]), stats: upperStats(t) };
}
