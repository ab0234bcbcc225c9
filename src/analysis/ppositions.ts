/**
 * P-positions of heap games in a box [0, N]^k, k = 2 or 3, by the fastest exact method that applies:
 * the Wythoff-family column table (src/analysis/wythoff-table.ts) for a game that declares Wythoff moves,
 * the table kernel a ruleset declares (the 2-heap ray kernel of NIM, WYTHOFF, EUCLID and their push and
 * misère compounds, the ZERUCLID kernel, the invariant kernel), the one-heap values of a sequence kernel
 * for a sum of heaps (octal, hex and subtraction games: position.ts), the generic table from the rules, and last
 * the plain solver (for rulesets whose moves leave the box or do not lower the position).
 */
import { checkMemory } from '../core/budget.js';
import { InterruptedError } from '../core/errors.js';
import { type Ruleset, wythoffMovesOf } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';
import { NotTabulable, type PTable, outcomeTable } from './heap-tables.js';
import { heapValuesTable, isSumOfHeapValues } from './position.js';
import { type ExtraMove, wythoffFamilyTable } from './wythoff-table.js';
import type { Stop } from '../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface BoxOptions {
  maxDepth?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called with each P-position, in lexicographic order. */
  onPosition?: (coords: number[]) => void;
  signal?: Stop;
}

/**
 * How a box was filled: the built-in methods, or the name of a kernel a ruleset declares.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type BoxMethod = 'wythoff-columns' | 'rays' | 'invariant' | 'zeruclid' | 'heap-values' | 'table' | 'solver' | (string & {});

/**
 * Every P-position with `heaps` coordinates in [0, max], in lexicographic order, by the plain solver.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function pPositionsInBox(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): number[][] {
  const solver = new Solver({ ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }), ...(options.signal ? { signal: options.signal } : {}) });
  const out: number[][] = [];
  const total = (max + 1) ** heaps;
  const coords = new Array<number>(heaps).fill(0);
  for (let i = 0; i < total; i++) {
    // Checked per position: one position can take long, and a cancel must keep what was found.
    if (options.signal?.aborted) throw new InterruptedError(out);
    let r = i;
    for (let k = heaps - 1; k >= 0; k--) {
      coords[k] = r % (max + 1);
      r = Math.floor(r / (max + 1));
    }
    if (solver.outcome(rs, rs.domain.parse(coords.join(','))) === 'P') {
      const p = [...coords];
      out.push(p);
      options.onPosition?.(p);
    }
    if (options.onProgress && (i & 4095) === 0) options.onProgress(i, total);
  }
  return out;
}

/**
 * Hook for the Wythoff family (WYTHOFF with these extra moves): the column table of
 * src/analysis/wythoff-table.ts holds, for each column x, the one P-position (x, col[x]) (maharaja-nim,
 * Prop. 1.1), so the box is read off it in O(N).
 */
export function wythoffFamilyPPositions(extraMoves: readonly ExtraMove[], max: number, options: BoxOptions = {}): number[][] {
  const { onProgress, signal } = options;
  const table = wythoffFamilyTable(extraMoves, max + 1, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
  const out: number[][] = [];
  for (let x = 0; x <= max; x++) {
    const y = table.col[x]!;
    if (y >= 0 && y <= max) {
      out.push([x, y]);
      options.onPosition?.([x, y]);
    }
  }
  return out;
}

/**
 * The P-position table of `rs` in [0, max]^heaps, or undefined when only the solver can do it.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function pTable(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): { table: PTable; method: BoxMethod } | undefined {
  const { onProgress, signal } = options;
  const o = { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) };
  const kernel = rs.capabilities?.table?.(heaps, max, o);
  if (kernel) return kernel;
  if (isSumOfHeapValues(rs, heaps)) return { table: heapValuesTable(rs, heaps, max, o), method: 'heap-values' };
  try {
    return { table: outcomeTable(rs, heaps, max, o), method: 'table' };
  } catch (e) {
    if (e instanceof NotTabulable) return undefined;
    throw e;
  }
}

/**
 * Bytes the box [0, max]^heaps takes, known before any work, with its P-positions listed at `perPosition`
 * bytes each: the Wythoff column table (a column and a diagonal mark per x) and at most one P-position per
 * column, (x, col[x]); or a table of the box: a bit per cell for a kernel of the ruleset's own, four bytes per
 * cell for the generic table. (The Wythoff estimate was 133 bytes a column, two listed P-positions of 64
 * bytes each; a listing of 3*10^7 columns, flat, peaks at 18 bytes a column above the process's own.)
 */
export function boxBytes(rs: Ruleset<any>, heaps: number, max: number, perPosition = LISTED_POSITION_BYTES): number {
  if (heaps === 2 && wythoffMovesOf(rs)) return (max + 1) * (5 + perPosition);
  // A kernel of the ruleset's own fills a bitset (and arrays along one side); the generic table a value per cell.
  const cells = (max + 1) ** heaps;
  return rs.capabilities?.table || isSumOfHeapValues(rs, heaps) ? cells / 8 + (max + 1) * 16 : cells * 4;
}

/** Bytes of one P-position listed as a small array (pPositions). */
const LISTED_POSITION_BYTES = 64;

/**
 * Bytes of one P-position of `heaps` coordinates listed flat (pPositionCoords): four bytes a coordinate, held
 * twice, by the job's thread and by the thread it is handed to.
 */
function flatPositionBytes(heaps: number): number {
  return 2 * 4 * heaps;
}

/**
 * Every P-position in [0, max]^heaps, in lexicographic order, and the method that found them.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function pPositions(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): { positions: number[][]; method: BoxMethod } {
  checkMemory(`the P-positions of ${rs.name} in [0,${max}]^${heaps}`, boxBytes(rs, heaps, max));
  const wythoffMoves = heaps === 2 ? wythoffMovesOf(rs) : undefined;
  if (wythoffMoves) return { positions: wythoffFamilyPPositions(wythoffMoves, max, options), method: 'wythoff-columns' };
  const t = pTable(rs, heaps, max, options);
  if (!t) return { positions: pPositionsInBox(rs, heaps, max, options), method: 'solver' };
  const positions: number[][] = [];
  for (const p of t.table.pPositions()) {
    positions.push(p);
    options.onPosition?.(p);
  }
  return { positions, method: t.method };
}

/**
 * The same as pPositions, flat: `heaps` numbers per P-position in one Int32Array (a box of millions of
 * P-positions is one array, not millions of small ones, and crosses between threads as one). The listing
 * reads the stop signal too: a stop there throws InterruptedError with the P-positions listed so far
 * ({ prefix }, a lexicographic prefix), a stop in a kernel the kernel's own partial.
 */
export function pPositionCoords(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): { coords: Int32Array; method: BoxMethod } {
  checkMemory(`the P-positions of ${rs.name} in [0,${max}]^${heaps}`, boxBytes(rs, heaps, max, flatPositionBytes(heaps)));
  const wythoffMoves = heaps === 2 ? wythoffMovesOf(rs) : undefined;
  if (wythoffMoves) {
    const { onProgress, signal } = options;
    const col = wythoffFamilyTable(wythoffMoves, max + 1, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) }).col;
    let count = 0;
    for (let x = 0; x <= max; x++) if (col[x]! >= 0 && col[x]! <= max) count++;
    const coords = new Int32Array(2 * count);
    for (let x = 0, k = 0; x <= max; x++) {
      if (col[x]! >= 0 && col[x]! <= max) {
        coords[k++] = x;
        coords[k++] = col[x]!;
      }
    }
    return { coords, method: 'wythoff-columns' };
  }
  const t = pTable(rs, heaps, max, options);
  if (!t) return { coords: flatCoords(pPositionsInBox(rs, heaps, max, options), heaps), method: 'solver' };
  return { coords: t.table.pCoords(t.table.cells, options.signal), method: t.method };
}

/** Small arrays of `heaps` numbers, flat. */
export function flatCoords(positions: readonly number[][], heaps: number): Int32Array {
  const out = new Int32Array(positions.length * heaps);
  positions.forEach((p, i) => out.set(p, i * heaps));
  return out;
}
