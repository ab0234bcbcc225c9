/**
 * Grid boards for placement games (seed: push-the-button, section 5): M rows, N columns, each cell
 * empty or blocked. The public form keeps the empty cells in one BigInt (any size); solvers convert
 * to packed column or row masks for their hot loops.
 */
import { PositionError } from '../../core/errors.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface Board {
  readonly rows: number;
  readonly cols: number;
  /** Bit r * cols + c is set when cell (r, c) is empty (0-based, row 0 on top). */
  readonly empty: bigint;
  /** Push games only: true once the button has been pushed (the paper's (2, g)). */
  readonly pushed?: boolean;
}

/** Boards larger than this are refused at parse time: no solver here could use them. */
export const MAX_SIDE = 1024;

/**
 * @remarks Since 0.1.0
 * @public
 */
export function emptyBoard(rows: number, cols: number): Board {
  const n = rows * cols;
  return { rows, cols, empty: n === 0 ? 0n : (1n << BigInt(n)) - 1n };
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export function isEmptyCell(b: Board, r: number, c: number): boolean {
  return r >= 0 && c >= 0 && r < b.rows && c < b.cols && ((b.empty >> BigInt(r * b.cols + c)) & 1n) === 1n;
}

/** Column c as a bit mask over rows (bit r = cell (r, c) empty); needs rows <= 32. */
export function columnMask(b: Board, c: number): number {
  let m = 0;
  for (let r = 0; r < b.rows; r++) if (isEmptyCell(b, r, c)) m |= 1 << r;
  return m >>> 0;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export function fromCells(rows: number, cols: number, isEmpty: (r: number, c: number) => boolean, pushed?: boolean): Board {
  let e = 0n;
  for (let r = rows - 1; r >= 0; r--) {
    for (let c = cols - 1; c >= 0; c--) e = (e << 1n) | (isEmpty(r, c) ? 1n : 0n);
  }
  return pushed ? { rows, cols, empty: e, pushed } : { rows, cols, empty: e };
}

/**
 * The board with the two cells of a domino filled (the cells must be empty).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function place(b: Board, r1: number, c1: number, r2: number, c2: number): Board {
  const mask = (1n << BigInt(r1 * b.cols + c1)) | (1n << BigInt(r2 * b.cols + c2));
  return { ...b, empty: b.empty & ~mask };
}

/**
 * The drawn form: rows of `.` (empty) and `#` (blocked) joined by `/`; `MxN` when every cell is empty.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function formatBoard(b: Board): string {
  let s: string;
  if (b.rows === 0 || b.cols === 0 || b.empty === emptyBoard(b.rows, b.cols).empty) s = `${b.rows}x${b.cols}`;
  else {
    const lines: string[] = [];
    for (let r = 0; r < b.rows; r++) {
      let line = '';
      for (let c = 0; c < b.cols; c++) line += isEmptyCell(b, r, c) ? '.' : '#';
      lines.push(line);
    }
    s = lines.join('/');
  }
  return b.pushed ? `(2,${s})` : s;
}

/**
 * Parses a grid position (docs/specs.md): `MxN` (M rows, N columns, all empty) or rows of `.`/`#`
 * separated by `/`. A push position after the button may be written `(2,BOARD)` and before it
 * `(1,BOARD)`, as in push-the-button, Definition 2.0.1. Errors name the 1-based column.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseBoard(text: string): Board {
  const t = text;
  const wrapped = /^\(([12]),(.*)\)$/.exec(t);
  if (wrapped) {
    const inner = parseBoardBody(t, wrapped[2]!, 4);
    return wrapped[1] === '2' ? { ...inner, pushed: true } : inner;
  }
  if (t.startsWith('(')) {
    throw new PositionError(t, 1, 'expected (1,BOARD) or (2,BOARD), where BOARD is MxN or rows of . and #');
  }
  return parseBoardBody(t, t, 1);
}

function parseBoardBody(whole: string, body: string, col0: number): Board {
  if (body.length === 0) throw new PositionError(whole, col0, 'empty board: expected MxN or rows of . and #');
  const dims = /^(\d+)x(\d+)$/i.exec(body);
  if (dims) {
    const rows = Number(dims[1]);
    const cols = Number(dims[2]);
    if (rows > MAX_SIDE) throw new PositionError(whole, col0, `at most ${MAX_SIDE} rows`);
    if (cols > MAX_SIDE) throw new PositionError(whole, col0 + dims[1]!.length + 1, `at most ${MAX_SIDE} columns`);
    return emptyBoard(rows, cols);
  }
  if (/^\d/.test(body)) {
    const m = /^\d+/.exec(body)!;
    const at = m[0].length;
    if (body[at] !== 'x' && body[at] !== 'X') throw new PositionError(whole, col0 + at, `expected "x" after the row count`);
    const rest = body.slice(at + 1);
    const bad = /^\d*/.exec(rest)![0].length;
    throw new PositionError(whole, col0 + at + 1 + bad, rest.length === 0 || bad === rest.length ? 'expected the column count' : `unexpected ${JSON.stringify(rest[bad])}`);
  }
  const lines = body.split('/');
  let offset = col0;
  const width = lines[0]!.length;
  for (const line of lines) {
    if (line.length === 0) throw new PositionError(whole, offset, 'empty row');
    for (let i = 0; i < line.length; i++) {
      if (line[i] !== '.' && line[i] !== '#') {
        throw new PositionError(whole, offset + i, `unexpected ${JSON.stringify(line[i])}: cells are . (empty) or # (blocked)`);
      }
    }
    if (line.length !== width) {
      throw new PositionError(whole, line.length > width ? offset + width : offset, `row has ${line.length} cells, the first row has ${width}`);
    }
    offset += line.length + 1;
  }
  if (lines.length > MAX_SIDE) throw new PositionError(whole, col0, `at most ${MAX_SIDE} rows`);
  if (width > MAX_SIDE) throw new PositionError(whole, col0, `at most ${MAX_SIDE} columns`);
  return fromCells(lines.length, width, (r, c) => lines[r]![c] === '.');
}

/** The boards obtained by the 8 symmetries of the square (transposes included), or 4 without transposes. */
export function transform(b: Board, flipRows: boolean, flipCols: boolean, transpose: boolean): Board {
  const rows = transpose ? b.cols : b.rows;
  const cols = transpose ? b.rows : b.cols;
  return fromCells(
    rows,
    cols,
    (r, c) => {
      let sr = transpose ? c : r;
      let sc = transpose ? r : c;
      if (flipRows) sr = b.rows - 1 - sr;
      if (flipCols) sc = b.cols - 1 - sc;
      return isEmptyCell(b, sr, sc);
    },
    b.pushed,
  );
}

/**
 * The connected components (4-neighbourhood) of the empty cells, each cropped to its bounding box.
 * Dominoes only ever cover two adjacent empty cells, so placement games split along them.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function components(b: Board): Board[] {
  const seen = new Set<number>();
  const out: Board[] = [];
  for (let start = 0; start < b.rows * b.cols; start++) {
    const r0 = Math.floor(start / b.cols);
    const c0 = start % b.cols;
    if (seen.has(start) || !isEmptyCell(b, r0, c0)) continue;
    const cells: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      cells.push(i);
      const r = Math.floor(i / b.cols);
      const c = i % b.cols;
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const j = (r + dr) * b.cols + (c + dc);
        if (isEmptyCell(b, r + dr, c + dc) && !seen.has(j)) {
          seen.add(j);
          stack.push(j);
        }
      }
    }
    let rMin = Infinity, rMax = -1, cMin = Infinity, cMax = -1;
    for (const i of cells) {
      const r = Math.floor(i / b.cols);
      const c = i % b.cols;
      rMin = Math.min(rMin, r); rMax = Math.max(rMax, r);
      cMin = Math.min(cMin, c); cMax = Math.max(cMax, c);
    }
    const set = new Set(cells);
    out.push(fromCells(rMax - rMin + 1, cMax - cMin + 1, (r, c) => set.has((r + rMin) * b.cols + (c + cMin)), b.pushed));
  }
  return out;
}
