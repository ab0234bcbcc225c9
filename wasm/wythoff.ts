/**
 * The build of Wythoff's value table (src/games/heaps/wythoff-values.ts: buildTriangle) in WebAssembly
 * (AssemblyScript, compiled by `npm run build` into dist/src/games/heaps/wythoff.wasm).
 *
 * The same algorithm, step for step: tiles, bitsets of rows, columns and diagonals with a summary bit per
 * full word, the leapfrog mex; wythoff-values.ts explains it, and the tests check this module's tables
 * against that JavaScript path. What WebAssembly saves is the typed-array bounds checks and the bit
 * tricks (ctz is one instruction): V8 spent about 60 ns a cell of the triangle at N = 8192.
 *
 * The memory is the caller's (imported); init() gets the byte offset of every array (wythoff-wasm.ts lays
 * them out) and tile() builds one tile, so the caller reads its stop signal between tiles.
 */

/** Side of a tile (wythoff-values.ts: TILE). */
let TILE: i32 = 0;
let N: i32 = 0;
/** 64-bit words per line and summary words per line. */
let W: i32 = 0;
let SW: i32 = 0;
let G: usize = 0;
let col: usize = 0;
let colSum: usize = 0;
let diag: usize = 0;
let diagSum: usize = 0;
let row: usize = 0;
let rowSum: usize = 0;
let colMex: usize = 0;
let diagMex: usize = 0;
let rowMex: usize = 0;
/** The extra moves as k, l, k', l', ... (nExtra numbers), and room for their options' values. */
let extra: usize = 0;
let nExtra: i32 = 0;
let extraValues: usize = 0;

export function init(
  t: i32,
  n: i32,
  w: i32,
  sw: i32,
  g: usize,
  c: usize,
  cs: usize,
  d: usize,
  ds: usize,
  r: usize,
  rs: usize,
  cm: usize,
  dm: usize,
  rm: usize,
  e: usize,
  ne: i32,
  ev: usize,
): void {
  TILE = t;
  N = n;
  W = w;
  SW = sw;
  G = g;
  col = c;
  colSum = cs;
  diag = d;
  diagSum = ds;
  row = r;
  rowSum = rs;
  colMex = cm;
  diagMex = dm;
  rowMex = rm;
  extra = e;
  nExtra = ne;
  extraValues = ev;
}

/** Word i of a line (64 bits: half the words the JavaScript build tests, so fewer rounds a cell). */
@inline function word(base: usize, i: i32): i64 {
  return load<i64>(base + (<usize>i << 3));
}
@inline function setWord(base: usize, i: i32, v: i64): void {
  store<i64>(base + (<usize>i << 3), v);
}
@inline function int(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline function setInt(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** Index of (x, y), x >= y, in the triangle of side N stored row by row. */
@inline function at(x: i32, y: i32): usize {
  return <usize>y * <usize>N - ((<usize>y * <usize>(y - 1)) >> 1) + <usize>x;
}

/** The least value >= g missing from the line at `bits` with summary words at `sum` (wythoff-values.ts: firstZero). */
@inline function firstZero(bits: usize, sum: usize, g: i32): i32 {
  let i = g >>> 6;
  let free = ~(word(bits, i) | ((<i64>1 << <i64>(g & 63)) - 1));
  if (free == 0) {
    i++;
    let k = i >>> 6;
    let notFull = ~(word(sum, k) | ((<i64>1 << <i64>(i & 63)) - 1));
    while (notFull == 0) notFull = ~word(sum, ++k);
    i = 64 * k + <i32>ctz(notFull);
    free = ~word(bits, i);
  }
  return 64 * i + <i32>ctz(free);
}

/** Sets bit g of a line and its summary bit when the word fills. */
@inline function mark(bits: usize, sum: usize, g: i32): void {
  const i = g >>> 6;
  const w = word(bits, i) | (<i64>1 << <i64>(g & 63));
  setWord(bits, i, w);
  if (w == -1) setWord(sum, i >>> 6, word(sum, i >>> 6) | (<i64>1 << <i64>(i & 63)));
}

/** The tile of rows y0.. and columns x0.. (x0 >= y0, both multiples of TILE), as buildTriangle's loop body. */
export function tile(y0: i32, x0: i32): void {
  const y1 = min(N, y0 + TILE - 1);
  const x1 = min(N, x0 + TILE - 1);
  const lineBytes = <usize>W << 3;
  const sumBytes = <usize>SW << 3;
  for (let y = y0; y <= y1 && y <= x1; y++) {
    const r = row + <usize>(y - y0) * lineBytes;
    const rs = rowSum + <usize>(y - y0) * sumBytes;
    let from = x0;
    if (y >= x0) {
      // The row starts here, at (y, y): its cells to the left are column y's below, by symmetry.
      memory.copy(r, col + <usize>y * lineBytes, lineBytes);
      memory.copy(rs, colSum + <usize>y * sumBytes, sumBytes);
      setInt(rowMex, y - y0, int(colMex, y));
      from = y;
    }
    let rm = int(rowMex, y - y0);
    const base = G + (at(0, y) << 2);
    for (let x = from; x <= x1; x++) {
      const c = col + <usize>x * lineBytes;
      const cs = colSum + <usize>x * sumBytes;
      const dIndex = x - y;
      const d = diag + <usize>dIndex * lineBytes;
      const ds = diagSum + <usize>dIndex * sumBytes;
      const cm = int(colMex, x);
      const dm = int(diagMex, dIndex);
      let extraCount = 0;
      for (let e = 0; e < nExtra; e += 2) {
        const k = int(extra, e);
        const l = int(extra, e + 1);
        if (x >= k && y >= l) {
          const v = x - k >= y - l ? load<i32>(G + (at(x - k, y - l) << 2)) : load<i32>(G + (at(y - l, x - k) << 2));
          setInt(extraValues, extraCount++, v);
        }
      }
      // Every value below g is in the row, the column or the diagonal, or is an extra option's.
      let g = max(max(rm, cm), dm);
      for (;;) {
        const i = g >>> 6;
        const free = ~(word(r, i) | word(c, i) | word(d, i) | ((<i64>1 << <i64>(g & 63)) - 1));
        if (free == 0) {
          g = firstZero(d, ds, firstZero(c, cs, firstZero(r, rs, 64 * i + 64)));
          continue;
        }
        g = 64 * i + <i32>ctz(free);
        if (extraCount == 0 || !includes(extraCount, g)) break;
        g++;
      }
      store<i32>(base + (<usize>x << 2), g);
      mark(r, rs, g);
      mark(c, cs, g);
      mark(d, ds, g);
      if (g == rm) rm = firstZero(r, rs, g);
      if (g == cm) setInt(colMex, x, firstZero(c, cs, g));
      if (g == dm) setInt(diagMex, dIndex, firstZero(d, ds, g));
    }
    setInt(rowMex, y - y0, rm);
  }
}

function includes(count: i32, g: i32): bool {
  for (let i = 0; i < count; i++) if (int(extraValues, i) == g) return true;
  return false;
}
