/**
 * Grundy values of WYTHOFF with extra moves on a square [0, N]^2, for the solver's closed-form hook
 * (Capabilities.grundyOf): the general solver lists about 3n options for each of the n^2 positions below
 * (n, n) and took a minute for G(500, 500).
 *
 * G(x, y) is the mex of the values in its row to the left, its column below, its diagonal below, and its
 * extra moves' options. The game is symmetric (extra moves come in pairs (k, l), (l, k)), so only the
 * triangle x >= y is built and kept. Each row, column and diagonal keeps its values as a bitset, with a
 * summary bit per word that says the word is full, so "the least value >= g missing from this line" skips
 * 32 full words at a time. The mex of the three lines is found by leapfrogging: if the word holding the
 * candidate is full in the union of the three, the candidate moves past it to the least value missing
 * from the row, then from the column, then from the diagonal, and the word there is tested again. Between
 * a line's mex and the cell's value lie up to about 3 min(x, y) values (a value is near x + y, the
 * column's and diagonal's values crowd around it), which the plain scan of the union (the reference in
 * test/games/heaps/wythoff-values-reference.ts) crossed word by word, O(N^3 / 32) in all; the leapfrog
 * takes 2.5 to 3 rounds a cell for N from 1000 to 8192 (bench/wythoff-values.ts).
 *
 * Cells go in tiles of TILE x TILE (a band of TILE rows, its tiles from the diagonal rightwards, each tile
 * row by row), so that the lines a tile reads stay in cache; a cell's row to the left, column below and
 * diagonal below all come before it in that order.
 *
 * The tiles are built in WebAssembly (wasm/wythoff.ts through wythoff-wasm.ts: the same algorithm on
 * 64-bit words, about twice as fast) when the module is there; buildTriangle's JavaScript below is the
 * fallback and the tests' reference.
 */
import { checkMemory } from '../../core/budget.js';
import { InterruptedError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import type { Stop } from '../../core/stop.js';
import { wasmTriangle } from './wythoff-wasm.js';

/**
 * The largest square kept (row wythoffValuesSide of the limits table): 2^15, the triangle x >= y of 2^29
 * values at 4 bytes (2 GiB; a value can pass 2^16 here), and bitsets of 0.8 GiB while it is built.
 */
const MAX_SIDE = limitDefault('wythoffValuesSide');
/** A first table this wide at least, so that small positions do not rebuild it often. */
const MIN_SIDE = 64;
/** Side of a tile; the stop signal is read once a tile. */
const TILE = 128;

export class WythoffValues {
  /** The side N of the table (values for 0 <= x, y <= N), or -1 before the first. */
  private side = -1;
  private G: Uint32Array = new Uint32Array(0);
  /** The moves (k, l) and (l, k) of each extra pair, as a flat list k, l, k', l', ... */
  private readonly extra: number[] = [];

  /**
   * `extra`: the pairs (k, l) whose moves (k, l) and (l, k) are added to Wythoff's. `wasm: false` builds
   * in JavaScript even when wythoff.wasm is there (the tests' reference for the WebAssembly build).
   */
  constructor(
    extra: readonly (readonly [number, number])[],
    private readonly options: { readonly wasm?: boolean } = {},
  ) {
    for (const [k, l] of extra) {
      this.extra.push(k, l);
      if (k !== l) this.extra.push(l, k);
    }
  }

  /**
   * G(x, y), building a larger table first when needed; undefined past MAX_SIDE (the solver then searches).
   * A build reads `signal` once a tile and throws InterruptedError when it is raised (the table is dropped).
   */
  valueOf(x: number, y: number, signal?: Stop): number | undefined {
    const m = Math.max(x, y);
    if (m > MAX_SIDE) return undefined;
    if (m > this.side) {
      const N = Math.min(MAX_SIDE, Math.max(m, 2 * this.side, MIN_SIDE));
      this.G = buildTriangle(this.extra, N, signal, this.options.wasm ?? true);
      this.side = N;
    }
    return x >= y ? this.G[at(this.side, x, y)] : this.G[at(this.side, y, x)];
  }
}

/** Index of (x, y), x >= y, in the triangle of side N stored row by row. */
function at(N: number, x: number, y: number): number {
  return y * N - (y * (y - 1)) / 2 + x;
}

/**
 * The triangle x >= y of G on [0, N]^2; `extra` lists each extra move (k, l) as k, l. In WebAssembly
 * (wythoff-wasm.ts) when `wasm` and the module is there, else in JavaScript below; the same tiles in the
 * same order either way.
 */
function buildTriangle(extra: readonly number[], N: number, signal: Stop | undefined, wasm: boolean): Uint32Array {
  const S = N + 1;
  // A value is at most the number of options: x + 2y plus the extra moves for x >= y.
  const W = ((3 * N + extra.length / 2 + 1) >>> 5) + 2;
  const SW = (W >>> 5) + 2;
  const cells = (S * (S + 1)) / 2;
  checkMemory(`Wythoff's values on [0,${N}]^2`, 4 * cells + 4 * (W + SW) * (2 * S + TILE) + 12 * S);
  const built = wasm ? wasmTriangle({ N, W, SW, tile: TILE }, extra) : undefined;
  if (built) {
    for (let y0 = 0; y0 <= N; y0 += TILE) {
      for (let x0 = y0; x0 <= N; x0 += TILE) {
        if (signal?.aborted) throw new InterruptedError();
        built.tile(y0, x0);
      }
    }
    return built.G;
  }
  const G = new Uint32Array(cells);
  // Line j's words are at j * W, its summary words at j * SW: columns by x, diagonals by x - y, the rows
  // of the band by y - y0.
  const col = new Int32Array(S * W);
  const colSum = new Int32Array(S * SW);
  const diag = new Int32Array(S * W);
  const diagSum = new Int32Array(S * SW);
  const row = new Int32Array(TILE * W);
  const rowSum = new Int32Array(TILE * SW);
  const colMex = new Int32Array(S);
  const diagMex = new Int32Array(S);
  const rowMex = new Int32Array(TILE);
  const extraValues = new Int32Array(extra.length / 2);
  for (let y0 = 0; y0 <= N; y0 += TILE) {
    const y1 = Math.min(N, y0 + TILE - 1);
    for (let x0 = y0; x0 <= N; x0 += TILE) {
      if (signal?.aborted) throw new InterruptedError();
      const x1 = Math.min(N, x0 + TILE - 1);
      for (let y = y0; y <= y1 && y <= x1; y++) {
        const r = (y - y0) * W;
        const rs = (y - y0) * SW;
        let from = x0;
        if (y >= x0) {
          // The row starts here, at (y, y): its cells to the left are column y's below, by symmetry.
          row.set(col.subarray(y * W, y * W + W), r);
          rowSum.set(colSum.subarray(y * SW, y * SW + SW), rs);
          rowMex[y - y0] = colMex[y]!;
          from = y;
        }
        let rm = rowMex[y - y0]!;
        const base = at(N, 0, y);
        for (let x = from; x <= x1; x++) {
          const c = x * W;
          const cs = x * SW;
          const dIndex = x - y;
          const d = dIndex * W;
          const ds = dIndex * SW;
          const cm = colMex[x]!;
          const dm = diagMex[dIndex]!;
          let extraCount = 0;
          for (let e = 0; e < extra.length; e += 2) {
            const k = extra[e]!;
            const l = extra[e + 1]!;
            if (x >= k && y >= l) extraValues[extraCount++] = x - k >= y - l ? G[at(N, x - k, y - l)]! : G[at(N, y - l, x - k)]!;
          }
          // Every value below g is in the row, the column or the diagonal, or is an extra option's.
          let g = rm > cm ? rm : cm;
          if (dm > g) g = dm;
          for (;;) {
            const i = g >>> 5;
            const free = ~(row[r + i]! | col[c + i]! | diag[d + i]! | ((1 << (g & 31)) - 1));
            if (free === 0) {
              g = firstZero(diag, d, diagSum, ds, firstZero(col, c, colSum, cs, firstZero(row, r, rowSum, rs, 32 * i + 32)));
              continue;
            }
            g = 32 * i + lowestBit(free);
            if (extraCount === 0 || !includes(extraValues, extraCount, g)) break;
            g++;
          }
          G[base + x] = g;
          const i = g >>> 5;
          const bit = 1 << (g & 31);
          if ((row[r + i]! |= bit) === -1) rowSum[rs + (i >>> 5)]! |= 1 << (i & 31);
          if ((col[c + i]! |= bit) === -1) colSum[cs + (i >>> 5)]! |= 1 << (i & 31);
          if ((diag[d + i]! |= bit) === -1) diagSum[ds + (i >>> 5)]! |= 1 << (i & 31);
          if (g === rm) rm = firstZero(row, r, rowSum, rs, g);
          if (g === cm) colMex[x] = firstZero(col, c, colSum, cs, g);
          if (g === dm) diagMex[dIndex] = firstZero(diag, d, diagSum, ds, g);
        }
        rowMex[y - y0] = rm;
      }
    }
  }
  return G;
}

/**
 * The least value >= g missing from the line whose words start at `at` and summary words at `sumAt`
 * (summary bit i set: word i is full). A line holds at most N + 1 values below 32 W - 32, so there is one.
 */
function firstZero(bits: Int32Array, at: number, sum: Int32Array, sumAt: number, g: number): number {
  let i = g >>> 5;
  let free = ~(bits[at + i]! | ((1 << (g & 31)) - 1));
  if (free === 0) {
    i++;
    let k = i >>> 5;
    let notFull = ~(sum[sumAt + k]! | ((1 << (i & 31)) - 1));
    while (notFull === 0) notFull = ~sum[sumAt + ++k]!;
    i = 32 * k + lowestBit(notFull);
    free = ~bits[at + i]!;
  }
  return 32 * i + lowestBit(free);
}

/** Whether g is among the first `count` values. */
function includes(values: Int32Array, count: number, g: number): boolean {
  for (let i = 0; i < count; i++) if (values[i] === g) return true;
  return false;
}

/** The index of the lowest set bit of a non-zero word. */
function lowestBit(w: number): number {
  return 31 - Math.clz32(w & -w);
}
