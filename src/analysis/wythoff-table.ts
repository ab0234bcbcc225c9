/**
 * P-positions of Wythoff Nim extended by a finite set of extra moves {(k,l),(l,k)} (seed: maharaja-nim,
 * sections 1 and 4): Maharaja Nim is the extra pair (1,2), (2,3)-M the pair (2,3).
 *
 * Column by column over x < N on typed arrays, O(N) memory (5 bytes per column): `col[x]` is the y of the
 * unique P-position in column x, or -1 when it lies at y >= N.
 */
import { InputError, InterruptedError } from '../core/errors.js';
import type { Stop } from '../core/stop.js';

/**
 * An extra move (k, l): the Queen may also go from (x, y) to (x-k, y-l), and symmetrically to (x-l, y-k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type ExtraMove = readonly [number, number];

export interface WythoffTableOptions {
  /** Called now and then with the number of columns done. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the run; the InterruptedError's `partial` is the table of the columns finished so far. */
  signal?: Stop;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface WythoffTable {
  /** The extra moves as given (each stands for itself and its mirror). */
  readonly extraMoves: readonly ExtraMove[];
  /** Columns computed: x = 0..n-1. */
  readonly n: number;
  /** col[x] = y of the P-position in column x when y < n, else -1. */
  readonly col: Int32Array;
}

const PROGRESS_EVERY = 1 << 20;

/** Rejects moves the column algorithm cannot take (negative, (0,0), or larger than 2^30). */
export function validateExtraMoves(extraMoves: readonly ExtraMove[]): void {
  for (const [k, l] of extraMoves) {
    if (!Number.isInteger(k) || !Number.isInteger(l) || k < 0 || l < 0 || k > 2 ** 30 || l > 2 ** 30)
      throw new InputError(`bad extra move (${k},${l}): want two non-negative integers`);
    if (k + l === 0) throw new InputError('bad extra move (0,0): it is not a move');
  }
}

/** Both orientations of every extra move, flattened [dx0, dy0, dx1, dy1, ...]. */
export function orientedMoves(extraMoves: readonly ExtraMove[]): Int32Array {
  const out = new Int32Array(extraMoves.length * 4);
  extraMoves.forEach(([k, l], i) => out.set([k, l, l, k], 4 * i));
  return out;
}

/**
 * The P-positions of Wythoff Nim + `extraMoves` in all columns x < n.
 *
 * Each row, column and diagonal holds at most one P-position and the P-set is symmetric
 * (maharaja-nim, Proposition 1.1 and (2)), so a column not yet claimed by symmetry has its P-position
 * above the diagonal: the least y = x + d with diagonal d unused, row y unused and no extra move to a
 * P-position. d starts at the least unused diagonal. Time O(n * |extraMoves|), memory 5n bytes.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function wythoffFamilyTable(
  extraMoves: readonly ExtraMove[],
  n: number,
  options: WythoffTableOptions = {},
): WythoffTable {
  validateExtraMoves(extraMoves);
  if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 31 - 1) throw new InputError(`bad table size ${n}: want 1..2^31-1`);
  const col = new Int32Array(n).fill(-1);
  const diag = new Uint8Array(n);
  const mv = orientedMoves(extraMoves);
  const table: WythoffTable = { extraMoves: extraMoves.map(([k, l]) => [k, l] as const), n, col };
  let x = 0;
  let dmin = 0;
  while (x < n) {
    const end = Math.min(n, x + PROGRESS_EVERY);
    dmin = fillColumns(col, diag, mv, x, end, dmin);
    x = end;
    options.onProgress?.(x, n);
    if (options.signal?.aborted && x < n) throw new InterruptedError(truncate(table, x));
  }
  return table;
}

/**
 * The column kernel on caller-owned arrays (col = -1 and diag = 0 beyond the columns done): fills columns
 * from..to-1. `dmin` is a lower bound for the least unused diagonal (0 is always safe); the returned value is
 * the least unused diagonal, to pass to the next call. `mv` holds oriented moves [dx0, dy0, dx1, dy1, ...];
 * one extra pair takes an unrolled path.
 */
export function fillColumns(col: Int32Array, diag: Uint8Array, mv: Int32Array, from: number, to: number, dmin = 0): number {
  return mv.length === 4
    ? fillColumnsOnePair(col, diag, mv[0]!, mv[1]!, from, to, dmin)
    : fillColumnsGeneral(col, diag, mv, from, to, dmin);
}

function fillColumnsGeneral(col: Int32Array, diag: Uint8Array, mv: Int32Array, from: number, to: number, dmin: number): number {
  const n = col.length;
  const m = mv.length;
  while (dmin < n && diag[dmin] !== 0) dmin++;
  for (let x = from; x < to; x++) {
    if (dmin >= n - x) break; // no unused diagonal reaches inside the box from here on
    if (col[x]! >= 0) continue;
    const dEnd = n - x;
    for (let d = dmin; d < dEnd; d++) {
      if (diag[d] !== 0) continue;
      const y = x + d;
      if (col[y]! >= 0) continue;
      let ok = true;
      for (let i = 0; i < m; i += 2) {
        const u = x - mv[i]!;
        const v = y - mv[i + 1]!;
        if (u >= 0 && v >= 0 && col[u] === v) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      col[x] = y;
      col[y] = x;
      diag[d] = 1;
      while (dmin < n && diag[dmin] !== 0) dmin++;
      break;
    }
  }
  return dmin;
}

/**
 * The same for one extra pair (k,l) and its mirror (l,k): Maharaja Nim, (k,l)-M. Most columns take the least
 * unused diagonal, so that candidate is tried first; the scan past it runs only when it is blocked.
 */
function fillColumnsOnePair(col: Int32Array, diag: Uint8Array, k: number, l: number, from: number, to: number, dmin: number): number {
  const n = col.length;
  while (dmin < n && diag[dmin] !== 0) dmin++;
  for (let x = from; x < to; x++) {
    if (dmin >= n - x) break; // no unused diagonal reaches inside the box from here on
    if (col[x]! >= 0) continue;
    // The extra moves reach a P-position from (x, y) iff y is one of these (col[u] = v means (u, v) is P).
    const cK = x >= k ? col[x - k]! : -1;
    const cL = x >= l ? col[x - l]! : -1;
    const blockedK = cK >= 0 ? cK + l : -1;
    const blockedL = cL >= 0 ? cL + k : -1;
    let y = x + dmin;
    if (col[y]! < 0 && y !== blockedK && y !== blockedL) {
      col[x] = y;
      col[y] = x;
      diag[dmin] = 1;
      do dmin++;
      while (dmin < n && diag[dmin] !== 0);
      continue;
    }
    const dEnd = n - x;
    for (let d = dmin + 1; d < dEnd; d++) {
      if (diag[d] !== 0) continue;
      y = x + d;
      if (col[y]! >= 0 || y === blockedK || y === blockedL) continue;
      col[x] = y;
      col[y] = x;
      diag[d] = 1;
      break;
    }
  }
  return dmin;
}

/** The table restricted to its first `columns` columns (P-positions whose y lies beyond are dropped). */
function truncate(table: WythoffTable, columns: number): WythoffTable {
  const col = table.col.slice(0, columns);
  for (let x = 0; x < columns; x++) if (col[x]! >= columns) col[x] = -1;
  return { extraMoves: table.extraMoves, n: columns, col };
}

/**
 * Number of P-positions (x, y) with x, y < n.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function countPPositions(table: WythoffTable): number {
  let c = 0;
  for (let x = 0; x < table.n; x++) if (table.col[x]! >= 0) c++;
  return c;
}

/**
 * The baselines' checksum h = 31 h + (col[x] + 1) mod 2^32 over x = 0..n-1 (shared/baselines/README.md).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function tableChecksum(table: WythoffTable): number {
  let h = 0;
  const col = table.col;
  for (let x = 0; x < col.length; x++) h = (Math.imul(h, 31) + col[x]! + 1) >>> 0;
  return h;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface UpperStats {
  /** Upper P-positions (a_n, b_n), n = 0..count-1, taken while the index n is known (see below). */
  readonly count: number;
  /** Extremes of b_n - a_n - n (maharaja-nim, section 2.3: [-4, 3] for Maharaja Nim). */
  readonly devMin: number;
  readonly devMax: number;
  /** Where devMin / devMax are first attained (the index n). */
  readonly devMinAt: number;
  readonly devMaxAt: number;
  /** Extremes of b_n - φ a_n (Theorem 1.2, Conjecture 4.1). */
  readonly phiDevMin: number;
  readonly phiDevMax: number;
  /** The extremes of b_n - φ a_n over the upper P-positions with a_n below each mark asked for, in order. */
  readonly below: readonly { readonly below: number; readonly phiDevMin: number; readonly phiDevMax: number }[];
}

const PHI = (1 + Math.sqrt(5)) / 2;

/**
 * Statistics of the upper P-positions (a_n, b_n) (maharaja-nim, (11)): a_n increasing, b_n >= a_n,
 * (a_0, b_0) = (0, 0). They are taken up to the first column whose P-position lies outside the table,
 * since past it the index n is unknown (the same rule as shared/baselines/wythoff_family.c).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function upperStats(table: WythoffTable, marks: readonly number[] = []): UpperStats {
  const col = table.col;
  const below: { below: number; phiDevMin: number; phiDevMax: number }[] = [];
  let mark = 0;
  let count = 0;
  let devMin = 0;
  let devMax = 0;
  let devMinAt = 0;
  let devMaxAt = 0;
  let phiDevMin = Infinity;
  let phiDevMax = -Infinity;
  for (let x = 0; x < col.length; x++) {
    const y = col[x]!;
    if (y < 0) break;
    // Each mark's extremes are those of the columns before it, so that a run to N shows every decade's too.
    while (mark < marks.length && marks[mark]! <= x) below.push({ below: marks[mark++]!, phiDevMin, phiDevMax });
    if (y < x) continue;
    const dev = y - x - count;
    if (dev < devMin) (devMin = dev), (devMinAt = count);
    if (dev > devMax) (devMax = dev), (devMaxAt = count);
    const pd = y - PHI * x;
    if (pd < phiDevMin) phiDevMin = pd;
    if (pd > phiDevMax) phiDevMax = pd;
    count++;
  }
  return { count, devMin, devMax, devMinAt, devMaxAt, phiDevMin, phiDevMax, below };
}

/**
 * The first `count` upper P-positions (a_n, b_n) with b_n >= a_n, a_n increasing (fewer if the table ends).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function upperPPositions(table: WythoffTable, count: number): [number, number][] {
  const out: [number, number][] = [];
  for (let x = 0; x < table.n && out.length < count; x++) {
    const y = table.col[x]!;
    if (y < 0) break;
    if (y >= x) out.push([x, y]);
  }
  return out;
}

/**
 * Breaches of "at most one P-position per row, column and diagonal, and symmetric" (Proposition 1.1, (2)).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function lineViolations(table: WythoffTable): string[] {
  const { col, n } = table;
  const out: string[] = [];
  const diag = new Uint8Array(n);
  for (let x = 0; x < n && out.length < 10; x++) {
    const y = col[x]!;
    if (y < 0) continue;
    if (y >= n || col[y] !== x) out.push(`P-position (${x},${y}) has no mirror (${y},${x})`);
    if (y >= x) {
      if (diag[y - x]) out.push(`two P-positions on diagonal ${y - x}`);
      diag[y - x] = 1;
    }
  }
  return out;
}
