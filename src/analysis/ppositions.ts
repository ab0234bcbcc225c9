/**
 * P-positions of heap games in a box [0, N]^k, k = 2 or 3, by the fastest exact method that applies:
 * the Wythoff-family column table (src/analysis/wythoff-table.ts), the 2-heap ray kernel (NIM, WYTHOFF,
 * EUCLID and their push and misère compounds), the ZERUCLID kernel, the generic table from the rules,
 * and last the plain solver (for rulesets whose moves leave the box or do not lower the position).
 */
import { InterruptedError } from '../core/errors.js';
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';
import { WythoffFamily } from '../games/heaps/wythoff.js';
import { Zeruclid } from '../games/heaps/zeruclid.js';
import { NotTabulable, PTable, hasInvariantTable, hasRayTable, invariantTable2, outcomeTable, rayTable2, zeruclidTable } from './heap-tables.js';
import { wythoffFamilyTable } from './wythoff-table.js';

export interface BoxOptions {
  maxDepth?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called with each P-position, in lexicographic order. */
  onPosition?: (coords: number[]) => void;
  signal?: AbortSignal;
}

export type BoxMethod = 'wythoff-columns' | 'rays' | 'invariant' | 'zeruclid' | 'table' | 'solver';

/** Every P-position with `heaps` coordinates in [0, max], in lexicographic order, by the plain solver. */
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
 * Hook for the Wythoff family: the column table of src/analysis/wythoff-table.ts holds, for each column
 * x, the one P-position (x, col[x]) (maharaja-nim, Prop. 1.1), so the box is read off it in O(N).
 */
export function wythoffFamilyPPositions(rs: WythoffFamily, max: number, options: BoxOptions = {}): number[][] {
  const { onProgress, signal } = options;
  const table = wythoffFamilyTable(rs.extraMoves, max + 1, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) });
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

/** The P-position table of `rs` in [0, max]^heaps, or undefined when only the solver can do it. */
export function pTable(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): { table: PTable; method: BoxMethod } | undefined {
  const { onProgress, signal } = options;
  const o = { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) };
  if (heaps === 2 && hasRayTable(rs)) return { table: rayTable2(rs, max, o), method: 'rays' };
  if (heaps === 2 && hasInvariantTable(rs)) return { table: invariantTable2(rs, max, o), method: 'invariant' };
  if (rs instanceof Zeruclid) return { table: zeruclidTable(heaps, max, o), method: 'zeruclid' };
  try {
    return { table: outcomeTable(rs, heaps, max, o), method: 'table' };
  } catch (e) {
    if (e instanceof NotTabulable) return undefined;
    throw e;
  }
}

/** Every P-position in [0, max]^heaps, in lexicographic order, and the method that found them. */
export function pPositions(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): { positions: number[][]; method: BoxMethod } {
  if (heaps === 2 && rs instanceof WythoffFamily) return { positions: wythoffFamilyPPositions(rs, max, options), method: 'wythoff-columns' };
  const t = pTable(rs, heaps, max, options);
  if (!t) return { positions: pPositionsInBox(rs, heaps, max, options), method: 'solver' };
  const positions: number[][] = [];
  for (const p of t.table.pPositions()) {
    positions.push(p);
    options.onPosition?.(p);
  }
  return { positions, method: t.method };
}
