/** Plain references for the Wythoff-family tests: P-positions straight from the rules, no line reasoning. */

/** P[x][y] for x, y < n, each position decided from all its options (O(n^3)). */
export function naivePTable(extraMoves: readonly (readonly [number, number])[], n: number): Uint8Array {
  const P = new Uint8Array(n * n);
  const moves = extraMoves.flatMap(([k, l]) => [[k, l], [l, k]] as const);
  for (let x = 0; x < n; x++)
    for (let y = 0; y < n; y++) {
      let p = 1;
      for (let i = 1; p && i <= x; i++) if (P[(x - i) * n + y]) p = 0;
      for (let i = 1; p && i <= y; i++) if (P[x * n + y - i]) p = 0;
      for (let i = 1; p && i <= x && i <= y; i++) if (P[(x - i) * n + y - i]) p = 0;
      for (const [k, l] of moves) if (p && x >= k && y >= l && P[(x - k) * n + y - l]) p = 0;
      P[x * n + y] = p;
    }
  return P;
}

/** col[x] from a naive table: the y of the P-position in column x, -1 if none below n; throws on two. */
export function naiveColumns(extraMoves: readonly (readonly [number, number])[], n: number): Int32Array {
  const P = naivePTable(extraMoves, n);
  const col = new Int32Array(n).fill(-1);
  for (let x = 0; x < n; x++)
    for (let y = 0; y < n; y++)
      if (P[x * n + y]) {
        if (col[x]! >= 0) throw new Error(`two P-positions in column ${x}`);
        col[x] = y;
      }
  return col;
}

/**
 * The column scan in its plainest form (one P-position per row, column and diagonal, least free y first),
 * with no fast path and no early stop: the reference the tuned kernel must equal at sizes naiveColumns
 * cannot reach.
 */
export function plainColumnScan(extraMoves: readonly (readonly [number, number])[], n: number): Int32Array {
  const col = new Int32Array(n).fill(-1);
  const usedDiagonal = new Uint8Array(n);
  const moves = extraMoves.flatMap(([k, l]) => [[k, l], [l, k]] as const);
  for (let x = 0; x < n; x++) {
    if (col[x]! >= 0) continue;
    for (let y = x; y < n; y++) {
      if (usedDiagonal[y - x] || col[y]! >= 0) continue;
      if (moves.some(([k, l]) => x >= k && y >= l && col[x - k] === y - l)) continue;
      col[x] = y;
      col[y] = x;
      usedDiagonal[y - x] = 1;
      break;
    }
  }
  return col;
}
