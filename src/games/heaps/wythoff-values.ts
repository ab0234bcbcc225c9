/**
 * Grundy values of WYTHOFF with extra moves on a square [0, N]^2, for the solver's closed-form hook
 * (Capabilities.grundyOf): the general solver lists about 3n options for each of the n^2 positions below
 * (n, n) and took a minute for G(500, 500); the table takes 0.03 s for that, 1.7 s to 3000.
 *
 * Row by row, each cell's value is the mex of the values seen in its row to the left, its column below
 * and its diagonal below, and of its extra moves' options. Row, columns and diagonals keep their seen
 * values as bitsets and their own mex: the cell's mex is at least the largest of the three, so the scan
 * starts there and usually stops in the same word (a row of Wythoff's game holds each value once, so its
 * mex climbs with it). The mex is at most the number of options, 3N plus two per extra move, which
 * bounds the bitsets. The scan still crosses about min(x, y) / 32 words, since a value is near x + y and
 * the three mexes below max(x, y): O(N^3 / 32) in all, 0.15 s for N = 1000, 3.3 s for N = 4000.
 */
import { checkMemory } from '../../core/budget.js';

/** The largest square kept: 8192^2 values (128 MiB at 2 bytes) plus bitsets of about 75 MiB; about 30 s to build. */
const MAX_SIDE = 8192;
/** A first table this wide at least, so that small positions do not rebuild it often. */
const MIN_SIDE = 64;

export class WythoffValues {
  /** The side N of the table (values for 0 <= x, y <= N), or -1 before the first. */
  private side = -1;
  private G: Uint16Array = new Uint16Array(0);

  /** `extra`: the pairs (k, l) whose moves (k, l) and (l, k) are added to Wythoff's. */
  constructor(private readonly extra: readonly (readonly [number, number])[]) {}

  /** G(x, y), building a larger table first when needed; undefined past MAX_SIDE (the solver then searches). */
  valueOf(x: number, y: number): number | undefined {
    const m = Math.max(x, y);
    if (m > MAX_SIDE) return undefined;
    if (m > this.side) this.build(Math.min(MAX_SIDE, Math.max(m, 2 * this.side, MIN_SIDE)));
    return this.G[y * (this.side + 1) + x];
  }

  private build(N: number): void {
    const S = N + 1;
    const extra: number[] = [];
    for (const [k, l] of this.extra) {
      extra.push(k, l);
      if (k !== l) extra.push(l, k);
    }
    const W = ((3 * N + extra.length + 1) >>> 5) + 1;
    checkMemory(`Wythoff's values on [0,${N}]^2`, 2 * S * S + 4 * W * (3 * S + 1));
    const G = new Uint16Array(S * S);
    const col = new Int32Array(S * W);
    const diag = new Int32Array((2 * S - 1) * W);
    const row = new Int32Array(W);
    const colMex = new Int32Array(S);
    const diagMex = new Int32Array(2 * S - 1);
    const extraValues: number[] = [];
    /** Sets bit g of the bitset at `at` and returns its mex, given the one before. */
    const mark = (bits: Int32Array, at: number, g: number, mex: number): number => {
      bits[at + (g >>> 5)]! |= 1 << (g & 31);
      if (g !== mex) return mex;
      while ((bits[at + (mex >>> 5)]! >>> (mex & 31)) & 1) mex++;
      return mex;
    };
    for (let y = 0; y <= N; y++) {
      row.fill(0);
      let rowMex = 0;
      for (let x = 0; x <= N; x++) {
        const c = x * W;
        const dIndex = x - y + N;
        const d = dIndex * W;
        extraValues.length = 0;
        for (let i = 0; i < extra.length; i += 2) {
          const k = extra[i]!;
          const l = extra[i + 1]!;
          if (x >= k && y >= l) extraValues.push(G[(y - l) * S + x - k]!);
        }
        let g = Math.max(rowMex, colMex[x]!, diagMex[dIndex]!);
        for (;;) {
          g = firstFree(row, col, c, diag, d, g);
          if (!extraValues.includes(g)) break;
          g++;
        }
        G[y * S + x] = g;
        row[g >>> 5]! |= 1 << (g & 31);
        if (g === rowMex) while ((row[rowMex >>> 5]! >>> (rowMex & 31)) & 1) rowMex++;
        colMex[x] = mark(col, c, g, colMex[x]!);
        diagMex[dIndex] = mark(diag, d, g, diagMex[dIndex]!);
      }
    }
    this.G = G;
    this.side = N;
  }
}

/** The least g' >= g set in none of row, col (from c) and diag (from d). */
function firstFree(row: Int32Array, col: Int32Array, c: number, diag: Int32Array, d: number, g: number): number {
  let i = g >>> 5;
  // Bits below g count as seen.
  let w = row[i]! | col[c + i]! | diag[d + i]! | ((1 << (g & 31)) - 1);
  while (w === -1) {
    i++;
    w = row[i]! | col[c + i]! | diag[d + i]!;
  }
  const free = ~w;
  return 32 * i + (31 - Math.clz32(free & -free));
}
