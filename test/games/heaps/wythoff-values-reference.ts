/**
 * The plain reference for games/heaps/wythoff-values.ts: its former algorithm, kept to check the table
 * against (tests) and to time it against (bench/wythoff-values.ts). The whole square, row by row; each
 * row, column and diagonal keeps its values as a bitset and its mex; a cell's value is the first value
 * missing from the union of the three, scanned word by word from the largest of their mexes (and not an
 * extra option's). The scan crosses about min(x, y) / 32 words: O(N^3 / 32).
 */
import type { MovePair } from '../../../src/games/heaps/wythoff.js';

/** G on [0, N]^2 of WYTHOFF plus the moves (k, l), (l, k) of each extra pair, row by row: G(x, y) at y (N + 1) + x. */
export function wythoffValuesByRowScan(extraPairs: readonly MovePair[], N: number): Uint32Array {
  const S = N + 1;
  const extra: number[] = [];
  for (const [k, l] of extraPairs) {
    extra.push(k, l);
    if (k !== l) extra.push(l, k);
  }
  const W = ((3 * N + extra.length + 1) >>> 5) + 1;
  const G = new Uint32Array(S * S);
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
  return G;
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
