/**
 * PUSH CRAM on 3 rows as a push sum of independent pieces (push-the-button, section 5, Conjecture 5.0.3).
 *
 * Before the button only vertical dominoes are placed, so on 3 rows a column is free (E), top pair filled
 * (T: only row 2 free), bottom pair filled (B: only row 0 free) or full (X). Wherever no row has a free
 * cell on both sides of a column boundary (a T next to a B, or an X), no horizontal domino can ever cross
 * it, so after the button the 0.07 runs of the rows fall on one side or the other and the push value is
 * the XOR of the two sides' push values; before the button no move crosses a column at all. The board is
 * then the push sum of its pieces: the players move in any one piece, and the button, which ends the
 * first phase in every piece at once, is worth the XOR of the pieces' push values (a sum of pieces is no
 * disjunctive sum, since one button serves them all, but it is a sum of games all the same: commutative
 * and associative, and a piece may be replaced by an isomorphic one). So a position is known by
 *
 *   - the multiset of its live pieces (those with a free column), each up to its own reversal and
 *     top/bottom mirror (a piece's game does not depend on where it lies or how the others are turned),
 *   - and its push value (which fixes the XOR of the pieces without moves, dropped from the key).
 *
 * That key identifies far more positions than the whole-board key of pushCram3.ts: on 3 x 19 the outcome
 * search stores 0.26 M positions instead of 4.5 M. Two equal pieces are keyed as none (A + A + X has the
 * outcome of X: answer each move in one twin by the same move in the other), and with a PieceQuotient
 * each short piece is keyed as the smaller piece it is proved equivalent to (pieceQuotient.ts). Moves
 * that split a piece are searched first. A key names a sum of pieces, never a board, so every stored
 * outcome is true of whatever position reduces to that key.
 */
import { LimitError, PositionError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { type Board, formatBoard, isEmptyCell } from './board.js';
import { SearchClock } from './clock.js';
import { cutValue007, octal007Values, rowValue007 } from './octal007.js';
import type { PushMove, PushProgress } from './pushSolver.js';
import type { PieceQuotient } from './pieceQuotient.js';
import type { Stop } from '../../core/stop.js';

/** Key bits kept per row: the pieces laid end to end with one full column between them. */
export const KEY_BITS = 45;
/** Columns of a row bitboard in one word; wider boards keep a row in two (columns 0..31, then 32..63). */
const NARROW_COLS = 31;
/** What the transposition table knows of a child: it lost (so the parent wins), it won, or nothing. */
const CHILD_P = 0;
const CHILD_N = 1;
const CHILD_UNKNOWN = 2;
/** Columns handled: row bitboards in two words (a board's keys must also fit KEY_BITS: keyColumnsBound). */
export const MAX_SUM3_COLS = 63;
/** Words in a bucket (one 64-byte cache line): 5 slots of 3 key words, then one word of slot data. */
const BUCKET = 16;
const SLOTS = 5;
/**
 * The table also holds two other facts, marked in the third key word (outcomes never set these bits):
 * "proved equivalent to no position" and "has an option so proved" (provesZero).
 */
const ZERO_FACT = 1 << 29;
const REACH_FACT = 1 << 30;
/** Default memory ceiling of the table. */
export const DEFAULT_MAX_SUM_TABLE_BYTES = limitDefault('searchTableBytes');

/** The number of set bits of x. */
function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The number of trailing zeros of x (non-zero). */
function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The full 32-bit reversal of x. */
function reverse32(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}

/** Bits a .. a + len - 1 (len <= 31) of the two-word row (lo, hi), as one word. */
function slice(lo: number, hi: number, a: number, len: number): number {
  const w = a === 0 ? lo : a < 32 ? (lo >>> a) | (hi << (32 - a)) : hi >>> (a - 32);
  return w & ((1 << len) - 1);
}

/** Free cells of the two-word row (lo, hi) in the run just below column c. */
function runBelow(lo: number, hi: number, c: number): number {
  if (c < 32) {
    const below = ~lo & ((1 << c) - 1);
    return below === 0 ? c : c - 32 + Math.clz32(below);
  }
  const below = ~hi & ((1 << (c - 32)) - 1);
  return below !== 0 ? c - 64 + Math.clz32(below) : c - 32 + Math.clz32(~lo);
}

/** Free cells of the two-word row (lo, hi) (at most 63 columns) in the run just above column c. */
function runAbove(lo: number, hi: number, c: number): number {
  if (c < 31) {
    const above = ~lo >>> (c + 1);
    return above !== 0 ? ctz(above) : 31 - c + ctz(~hi);
  }
  return c === 31 ? ctz(~hi) : ctz(~hi >>> (c - 31));
}

/**
 * A table of positions keyed by three words (below 2^32, 2^32, 2^29), exact (whole keys stored), in
 * 64-byte buckets of 5 slots: one cache line a lookup. A slot's data (6 bits in the bucket's last word)
 * is the stored value and the log2 of the work that found it; a full bucket gives up its least-work slot.
 */
export class KeyTripleTable {
  readonly words: Int32Array;
  private readonly mask: number;
  size = 0;
  evictions = 0;

  constructor(readonly log2Buckets: number) {
    this.words = new Int32Array(2 ** log2Buckets * BUCKET);
    this.mask = 2 ** log2Buckets - 1;
  }

  get bytes(): number {
    return this.words.length * 4;
  }

  private bucket(a: number, b: number, c: number): number {
    let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x7feb352d), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return (h & this.mask) * BUCKET;
  }

  /** The stored value (0..1), or -1. The third word of a stored key is never 0. */
  get(a: number, b: number, c: number): number {
    const w = this.words;
    const base = this.bucket(a, b, c);
    for (let s = 0; s < SLOTS; s++) {
      const i = base + 3 * s;
      const z = w[i + 2]!;
      if (z === 0) return -1;
      if (z === c && w[i] === a && w[i + 1] === b) return (w[base + 15]! >>> (6 * s)) & 1;
    }
    return -1;
  }

  /** Stores value v (0..1) found with about 2^work positions of search. */
  set(a: number, b: number, c: number, v: number, work: number): void {
    const w = this.words;
    const base = this.bucket(a, b, c);
    let victim = -1;
    let least = 64;
    for (let s = 0; s < SLOTS; s++) {
      const i = base + 3 * s;
      const z = w[i + 2]!;
      if (z === 0) {
        victim = s;
        this.size++;
        break;
      }
      if (z === c && w[i] === a && w[i + 1] === b) {
        victim = s;
        break;
      }
      const slotWork = (w[base + 15]! >>> (6 * s + 1)) & 31;
      if (slotWork < least) {
        least = slotWork;
        victim = s - SLOTS;
      }
    }
    if (victim < 0) {
      victim += SLOTS;
      this.evictions++;
    }
    const i = base + 3 * victim;
    w[i] = a;
    w[i + 1] = b;
    w[i + 2] = c;
    const shift = 6 * victim;
    w[base + 15] = (w[base + 15]! & ~(63 << shift)) | (((Math.min(work, 31) << 1) | v) << shift);
  }

  /** Every stored entry as (key words, value): for checkpoints. */
  *entries(): Iterable<[number, number, number, number]> {
    const w = this.words;
    for (let base = 0; base < w.length; base += BUCKET) {
      for (let s = 0; s < SLOTS; s++) {
        const i = base + 3 * s;
        if (w[i + 2] === 0) break;
        yield [w[i]!, w[i + 1]!, w[i + 2]!, (w[base + 15]! >>> (6 * s)) & 63];
      }
    }
  }

  /** Stores an entry saved by entries() (its data byte: value and work). */
  restore(a: number, b: number, c: number, data: number): void {
    if (c === 0) throw new Error('KeyTripleTable.restore: a key whose third word is 0');
    this.set(a, b, c, data & 1, data >>> 1);
  }

  /** Empties the table (after a checkpoint that turned out damaged). */
  clear(): void {
    this.words.fill(0);
    this.size = 0;
    this.evictions = 0;
  }
}

export interface Sum3Options {
  signal?: Stop | undefined;
  interrupt?: Int32Array | undefined;
  onProgress?: ((p: PushProgress) => void) | undefined;
  /** log2 of the table's buckets (64 bytes, 5 positions each); default fitted to the board, at most 22 (256 MiB). */
  tableBits?: number | undefined;
  /** Refuse (LimitError) a table larger than this many bytes; default 8 GiB. */
  maxTableBytes?: number;
  /** Probe every child before searching any (enhanced transposition cutoff); default true. */
  etc?: boolean;
  /** Key two equal pieces as none (they cancel); default true. */
  cancelPairs?: boolean;
  /** Pieces proved equivalent to smaller ones (pieceQuotient.ts): each keyed as its representative. */
  quotient?: PieceQuotient | undefined;
  /** Called with each root move's verdict as soon as it is solved. */
  onRootMove?: (move: PushMove, wins: boolean) => void;
}

/** Whether the 3-row board (before the button) has only free, top-pair, bottom-pair or full columns, and keys that fit. */
export function isSum3Board(board: Board): boolean {
  return hasSum3Columns(board) && board.cols <= MAX_SUM3_COLS && keyColumnsBound(board) <= KEY_BITS;
}

function hasSum3Columns(board: Board): boolean {
  if (board.rows !== 3 || board.pushed) return false;
  for (let c = 0; c < board.cols; c++) {
    const a = isEmptyCell(board, 0, c);
    const b = isEmptyCell(board, 1, c);
    const d = isEmptyCell(board, 2, c);
    // Row 1 is free exactly when the column is free (E); otherwise the column is T, B or X.
    if (b !== (a && d)) return false;
  }
  return true;
}

/**
 * A bound on the columns of the key of every position reached from the board (hasSum3Columns): the pieces
 * laid end to end with a gap between them. Moves only split pieces, so the key's pieces lie within the
 * m columns of the board's live pieces, and each holds a free column (e of them): m + e - 1. And on n
 * columns, live pieces side by side (a T next to a B) form chains of two end pieces of >= 2 columns (an
 * E and the T or B) and middle ones of >= 3 (B, E, T): at most (n - 1) / 3 neighbours, so a key of at
 * most n + floor((n - 1) / 3) columns. An empty board fits KEY_BITS = 45 up to 3 x 34.
 */
export function keyColumnsBound(board: Board): number {
  const n = board.cols;
  const top = (c: number) => isEmptyCell(board, 0, c);
  const bottom = (c: number) => isEmptyCell(board, 2, c);
  let m = 0;
  let e = 0;
  for (let a = 0; a < n; ) {
    // The piece from column a: columns joined by row 0 or row 2.
    let b = a + 1;
    while (b < n && ((top(b - 1) && top(b)) || (bottom(b - 1) && bottom(b)))) b++;
    let free = 0;
    for (let c = a; c < b; c++) if (top(c) && bottom(c)) free++;
    if (free > 0) m += b - a;
    e += free;
    a = b;
  }
  return Math.max(0, Math.min(m + e - 1, n + Math.floor((n - 1) / 3)));
}

/** The outcome search of PUSH CRAM on 3 rows over push sums: `wins()`, `rootMoveWins()`. */
export class PushSum3Search {
  readonly cols: number;
  readonly table: KeyTripleTable;
  nodes = 0;
  /** Rows 0 and 2 of the starting board: columns 0..31 (r0, r2) and, on a wide board, 32..63 (h0, h2). */
  private readonly r0: number;
  private readonly r2: number;
  private readonly h0: number;
  private readonly h2: number;
  /** More than NARROW_COLS columns: rows in two words (searchWide, keyWide). */
  private readonly wide: boolean;
  private readonly value0: number;
  private readonly g: Uint8Array;
  /** Columns centre first: the order moves are tried in within each class (splitting, then the rest). */
  private readonly order: Int32Array;
  private readonly etc: boolean;
  private readonly cancel: boolean;
  private readonly quotient: PieceQuotient | undefined;
  /** Pieces up to this length are looked up in the quotient (0 without one). */
  private readonly quotientLen: number;
  /** Per depth: live moves (column << 1 | bottom) and the push value they leave. */
  private readonly moveBuf: Int32Array;
  private readonly valBuf: Int32Array;
  /** Scratch for one key: pieces sorted by (length, row 0, row 2). */
  private readonly pl = new Int32Array(32);
  private readonly p0 = new Int32Array(32);
  private readonly p2 = new Int32Array(32);
  private k0 = 0;
  private k1 = 0;
  private k2 = 0;
  /** Scratch for one key: the piece of 32 or more columns of a wide board (rows as low and high words), if any. */
  private long0 = 0;
  private long0h = 0;
  private long2 = 0;
  private long2h = 0;
  /** Per depth: the free columns left in each live move's reduced key (the move order). */
  private readonly leftBuf: Int32Array;
  private rootDone = 0;
  private rootTotal = 0;
  private readonly clock: SearchClock<PushProgress>;

  constructor(
    board: Board,
    private readonly options: Sum3Options = {},
  ) {
    if (board.rows !== 3 || board.pushed) {
      throw new PositionError(formatBoard(board), 0, 'the push-sum search takes a 3-row board before the button');
    }
    if (board.cols > MAX_SUM3_COLS) throw new LimitError(`the push-sum search handles at most ${MAX_SUM3_COLS} columns, the board has ${board.cols}`, 'boardSize');
    if (!hasSum3Columns(board)) {
      throw new PositionError(formatBoard(board), 0, 'the push-sum search takes columns that are free, top pair filled, bottom pair filled or full');
    }
    const keyCols = keyColumnsBound(board);
    if (keyCols > KEY_BITS) {
      throw new LimitError(
        `the push-sum keys of this 3 x ${board.cols} board may need ${keyCols} columns, more than the ${KEY_BITS} they hold (an empty board fits up to 3 x 34)`,
        'boardSize',
      );
    }
    const n = board.cols;
    this.cols = n;
    // Rows 0 and 2 as words of 32 columns: bit c & 31 of the word of columns from .. from + 31.
    const row = (r: number, from: number) => {
      let x = 0;
      for (let c = from; c < Math.min(n, from + 32); c++) if (isEmptyCell(board, r, c)) x |= 1 << (c & 31);
      return x;
    };
    this.r0 = row(0, 0);
    this.h0 = row(0, 32);
    this.r2 = row(2, 0);
    this.h2 = row(2, 32);
    this.wide = n > NARROW_COLS;
    this.g = octal007Values(n + 2);
    this.value0 = this.rowValue2(this.r0, this.h0) ^ this.rowValue2(this.r0 & this.r2, this.h0 & this.h2) ^ this.rowValue2(this.r2, this.h2);
    this.order = new Int32Array(n);
    for (let i = 0; i < n; i++) this.order[i] = (n >> 1) + (i & 1 ? -((i + 1) >> 1) : i >> 1);
    this.etc = options.etc ?? true;
    this.cancel = options.cancelPairs ?? true;
    this.quotient = options.quotient;
    this.quotientLen = options.quotient?.maxLen ?? 0;
    this.moveBuf = new Int32Array((n + 2) * 64);
    this.valBuf = new Int32Array((n + 2) * 64);
    this.leftBuf = new Int32Array((n + 2) * 64);
    // Default: about twice the positions stored on 3 x n (2.9 M for every first move of 3 x 23, 43 M of
    // 3 x 27 with a piece quotient: about 2x a column), 2^12 to 2^23 buckets (256 KiB to 512 MiB).
    const bits = options.tableBits ?? Math.min(23, Math.max(12, n - 3));
    if (!Number.isInteger(bits) || bits < 0) throw new LimitError(`the table's size is 2^tableBits buckets, tableBits a whole number >= 0, not ${bits}`, 'tableBits');
    const bytes = BUCKET * 4 * 2 ** bits;
    const limit = options.maxTableBytes ?? DEFAULT_MAX_SUM_TABLE_BYTES;
    if (bits > 27 || bytes > limit) {
      throw new LimitError(`a table of 2^${bits} buckets needs ${(bytes / 2 ** 30).toFixed(2)} GiB, over the limit of ${(limit / 2 ** 30).toFixed(2)} GiB`, 'searchTableBytes');
    }
    this.table = new KeyTripleTable(bits);
    this.clock = new SearchClock(options, () => this.progress());
  }

  /** The XOR of the 0.07 values of the runs of one row. */
  private rowValue(x: number): number {
    return rowValue007(x, this.cols, this.g);
  }

  /** rowValue of the two-word row (lo, hi). */
  private rowValue2(lo: number, hi: number): number {
    const g = this.g;
    let v = 0;
    let run = 0;
    for (let c = 0; c <= this.cols; c++) {
      if (c < this.cols && ((c < 32 ? lo >>> c : hi >>> (c - 32)) & 1) !== 0) run++;
      else {
        v ^= g[run]!;
        run = 0;
      }
    }
    return v;
  }

  /** cut for the two-word row (lo, hi). */
  private cutWide(lo: number, hi: number, c: number): number {
    const left = runBelow(lo, hi, c);
    const right = runAbove(lo, hi, c);
    return this.g[left + 1 + right]! ^ this.g[left]! ^ this.g[right]!;
  }

  /** The push value of the starting board: the button wins at once when it is 0. */
  get pushValue(): number {
    return this.value0;
  }

  get entries(): number {
    return this.table.size;
  }

  progress(): PushProgress {
    return { nodes: this.nodes, entries: this.table.size, rootDone: this.rootDone, rootTotal: this.rootTotal };
  }

  /** How filling cell c of a row with free cells x changes that row's 0.07 sum: its run splits in two. */
  private cut(x: number, c: number): number {
    return cutValue007(x, c, this.g);
  }

  /**
   * Sets k0, k1, k2 to the key of the position (rows 0 and 2 free at r0, r2; push value v): its live
   * pieces, each the least of its four images, sorted and laid end to end with a full column between
   * them (rows 0 and 2 as two 45-bit words: k0, k1 the low 32 bits, k2 the high bits and v).
   * A piece with a free column has row 0 or row 2 free at its last column, so the words end unambiguously.
   */
  private key(r0: number, r2: number, v: number): void {
    const n = this.cols;
    const free = r0 & r2;
    // Bit i: row 0 or row 2 joins column i to column i + 1 (row 1 is free only where both are).
    const joined = (r0 & (r0 >>> 1)) | (r2 & (r2 >>> 1));
    const pl = this.pl;
    const p0 = this.p0;
    const p2 = this.p2;
    let k = 0;
    let a = 0;
    while (a < n) {
      const gaps = ~joined >>> a;
      const len = 32 - Math.clz32(gaps & -gaps);
      const m = 0xffffffff >>> (32 - len);
      if (((free >>> a) & m) !== 0) k = this.addPiece(k, len, (r0 >>> a) & m, (r2 >>> a) & m);
      a += len;
    }
    this.assemble(k, v, 0);
  }

  /**
   * Adds the live piece of rows x0, x2 (len <= 31 columns) to the k pieces sorted by (length, row 0, row 2)
   * in pl, p0, p2 as the least of its four images, or as its representative, or not at all (a piece proved
   * equivalent to a static part); returns the new count.
   */
  private addPiece(k: number, len: number, x0: number, x2: number): number {
    let c0 = x0;
    let c2 = x2;
    if (c2 < c0) {
      c0 = x2;
      c2 = x0;
    }
    const y0 = reverse32(x0) >>> (32 - len);
    const y2 = reverse32(x2) >>> (32 - len);
    if (y0 < c0 || (y0 === c0 && y2 < c2)) {
      c0 = y0;
      c2 = y2;
    }
    if (y2 < c0 || (y2 === c0 && y0 < c2)) {
      c0 = y2;
      c2 = y0;
    }
    let pieceLen = len;
    if (len <= this.quotientLen) {
      // A piece proved equivalent to a smaller one plus a static part is keyed as that one (or as none).
      const rep = this.quotient!.representative(len, c0, c2);
      if (rep === 1) return k;
      if (rep !== 0) {
        pieceLen = (31 - Math.clz32(rep)) >> 1;
        const pm = 0xffffffff >>> (32 - pieceLen);
        c0 = (rep >>> pieceLen) & pm;
        c2 = rep & pm;
      }
    }
    const pl = this.pl;
    const p0 = this.p0;
    const p2 = this.p2;
    // Insertion into the sorted list (there are at most 16 live pieces).
    let j = k;
    while (j > 0 && (pl[j - 1]! > pieceLen || (pl[j - 1] === pieceLen && (p0[j - 1]! > c0 || (p0[j - 1] === c0 && p2[j - 1]! > c2))))) {
      pl[j] = pl[j - 1]!;
      p0[j] = p0[j - 1]!;
      p2[j] = p2[j - 1]!;
      j--;
    }
    pl[j] = pieceLen;
    p0[j] = c0;
    p2[j] = c2;
    return k + 1;
  }

  /**
   * Sets k0, k1, k2 from the k sorted pieces (pl, p0, p2) and, when longLen > 0, the piece of longLen >= 32
   * columns (long0.., the longest, so last) of a wide board: laid end to end, equal pairs dropped.
   */
  private assemble(k: number, v: number, longLen: number): void {
    const pl = this.pl;
    const p0 = this.p0;
    const p2 = this.p2;
    let lo0 = 0;
    let lo2 = 0;
    let hi0 = 0;
    let hi2 = 0;
    let pos = 0;
    for (let j = 0; j < k; j++) {
      const len = pl[j]!;
      const c0 = p0[j]!;
      const c2 = p2[j]!;
      // Two equal pieces cancel (A + A + X has the outcome of X: copy the opponent's moves in the twin).
      if (this.cancel && j + 1 < k && pl[j + 1] === len && p0[j + 1] === c0 && p2[j + 1] === c2) {
        j++;
        continue;
      }
      if (pos < 32) {
        lo0 |= c0 << pos;
        lo2 |= c2 << pos;
        if (pos + len > 32) {
          hi0 |= c0 >>> (32 - pos);
          hi2 |= c2 >>> (32 - pos);
        }
      } else {
        hi0 |= c0 << (pos - 32);
        hi2 |= c2 << (pos - 32);
      }
      pos += len + 1;
    }
    if (longLen > 0) {
      // The others take at most n - 32 columns and their gaps, so pos < 32 here whenever the key fits.
      if (pos + longLen <= KEY_BITS) {
        lo0 |= this.long0 << pos;
        lo2 |= this.long2 << pos;
        hi0 |= (pos === 0 ? 0 : this.long0 >>> (32 - pos)) | (this.long0h << pos);
        hi2 |= (pos === 0 ? 0 : this.long2 >>> (32 - pos)) | (this.long2h << pos);
      }
      pos += longLen + 1;
    }
    if (pos > KEY_BITS + 1) throw new Error(`push-sum key of ${pos - 1} columns exceeds ${KEY_BITS}`);
    this.k0 = lo0;
    this.k1 = lo2;
    this.k2 = hi0 | (hi2 << 13) | (v << 26);
  }

  /** key() for a wide board: rows 0 and 2 as low words a0, a2 (columns 0..31) and high words b0, b2. */
  private keyWide(a0: number, b0: number, a2: number, b2: number, v: number): void {
    const n = this.cols;
    // Bit i: row 0 or row 2 joins column i to column i + 1, in two words.
    const jLo = (a0 & ((a0 >>> 1) | (b0 << 31))) | (a2 & ((a2 >>> 1) | (b2 << 31)));
    const jHi = (b0 & (b0 >>> 1)) | (b2 & (b2 >>> 1));
    let k = 0;
    let longLen = 0;
    let a = 0;
    while (a < n) {
      let len: number;
      if (a >= 32) len = ctz(~jHi >>> (a - 32)) + 1;
      else if (~jLo >>> a !== 0) len = ctz(~jLo >>> a) + 1;
      else len = 32 - a + ctz(~jHi) + 1;
      if (len <= NARROW_COLS) {
        const x0 = slice(a0, b0, a, len);
        const x2 = slice(a2, b2, a, len);
        if ((x0 & x2) !== 0) k = this.addPiece(k, len, x0, x2);
      } else if (this.setLongPiece(a0, b0, a2, b2, a, len)) longLen = len;
      a += len;
    }
    this.assemble(k, v, longLen);
  }

  /**
   * Sets long0.. to the least of the four images of the piece at columns a .. a + len - 1 (len >= 32, so
   * a < 32) of a wide board, as two words a row; false when it has no free column.
   */
  private setLongPiece(a0: number, b0: number, a2: number, b2: number, a: number, len: number): boolean {
    const x0 = a === 0 ? a0 : (a0 >>> a) | (b0 << (32 - a));
    const x2 = a === 0 ? a2 : (a2 >>> a) | (b2 << (32 - a));
    const x0h = slice(a0, b0, a + 32, len - 32);
    const x2h = slice(a2, b2, a + 32, len - 32);
    if (((x0 & x2) | (x0h & x2h)) === 0) return false;
    // The reversal of a len-bit row (lo, hi): the 64-bit reversal shifted down by 64 - len (1..32).
    const s = 64 - len;
    const y0 = s === 32 ? reverse32(x0) : (reverse32(x0h) >>> s) | (reverse32(x0) << (32 - s));
    const y0h = s === 32 ? 0 : reverse32(x0) >>> s;
    const y2 = s === 32 ? reverse32(x2) : (reverse32(x2h) >>> s) | (reverse32(x2) << (32 - s));
    const y2h = s === 32 ? 0 : reverse32(x2) >>> s;
    // Images as (row 0, row 2), each row compared high word first, the low word unsigned.
    const images = [
      [x0h, x0 >>> 0, x2h, x2 >>> 0],
      [x2h, x2 >>> 0, x0h, x0 >>> 0],
      [y0h, y0 >>> 0, y2h, y2 >>> 0],
      [y2h, y2 >>> 0, y0h, y0 >>> 0],
    ];
    let best = images[0]!;
    for (const im of images) {
      for (let i = 0; i < 4; i++) {
        if (im[i] !== best[i]) {
          if (im[i]! < best[i]!) best = im;
          break;
        }
      }
    }
    this.long0h = best[0]!;
    this.long0 = best[1]! | 0;
    this.long2h = best[2]!;
    this.long2 = best[3]! | 0;
    return true;
  }

  /** The table key of the starting board (three words), as the search stores it. */
  rootKey(): [number, number, number] {
    if (this.wide) this.keyWide(this.r0, this.h0, this.r2, this.h2, this.value0);
    else this.key(this.r0, this.r2, this.value0);
    return [this.k0, this.k1, this.k2];
  }

  /** True when the player to move wins from the starting board. */
  wins(): boolean {
    return this.winsWithStatic(0);
  }

  /**
   * Queues a move at `base + at` among the `at` queued before it: with ETC, in order of the free columns its
   * child leaves once reduced (the child's key is in k0..k2), a stable insertion; else in the order given.
   */
  private queueMove(base: number, at: number, code: number, nv: number): void {
    let j = at;
    if (this.etc) {
      const left = popcount(this.k0 & this.k1) + popcount(this.k2 & (this.k2 >>> 13) & 0x1fff);
      for (; j > 0 && this.leftBuf[base + j - 1]! > left; j--) {
        this.moveBuf[base + j] = this.moveBuf[base + j - 1]!;
        this.valBuf[base + j] = this.valBuf[base + j - 1]!;
        this.leftBuf[base + j] = this.leftBuf[base + j - 1]!;
      }
      this.leftBuf[base + j] = left;
    }
    this.moveBuf[base + j] = code;
    this.valBuf[base + j] = nv;
  }

  /**
   * Enhanced transposition cutoff, on the child whose key is in k0..k2: CHILD_P when the table knows it
   * lost (the position keyed ka, kb, kc then wins at once, and is stored so), CHILD_N when it knows it
   * won (no need to search it), else CHILD_UNKNOWN.
   */
  private probeChild(ka: number, kb: number, kc: number): number {
    const s = this.table.get(this.k0, this.k1, this.k2);
    if (s === 0) {
      this.table.set(ka, kb, kc, 1, 0);
      return CHILD_P;
    }
    return s > 0 ? CHILD_N : CHILD_UNKNOWN;
  }

  /** Negamax on outcomes: true when the player to move (before the button) wins. */
  private search(r0: number, r2: number, v: number, depth: number): boolean {
    const before = ++this.nodes;
    if ((before & 0x3fff) === 0) this.clock.tick();
    // Pushing onto a zero sum of 0.07 rows wins at once (push-the-button, Proposition 2.1.4 (i)).
    if (v === 0) return true;
    this.key(r0, r2, v);
    const ka = this.k0;
    const kb = this.k1;
    const kc = this.k2;
    const table = this.table;
    const known = table.get(ka, kb, kc);
    if (known >= 0) return known === 1;
    const free = r0 & r2;
    const base = depth * 64;
    let live = 0;
    if (free !== 0) {
      // A top pair next to a B column, or a bottom pair next to a T column, splits its piece: tried first.
      const tCols = r2 & ~r0;
      const bCols = r0 & ~r2;
      const splitTop = free & ((bCols << 1) | (bCols >>> 1));
      const splitBottom = free & ((tCols << 1) | (tCols >>> 1));
      const order = this.order;
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < order.length; i++) {
          const c = order[i]!;
          const bit = 1 << c;
          if ((free & bit) === 0) continue;
          for (let bottom = 0; bottom < 2; bottom++) {
            const splits = ((bottom ? splitBottom : splitTop) & bit) !== 0;
            if (splits !== (pass === 0)) continue;
            const nv = bottom ? v ^ this.cut(free, c) ^ this.cut(r2, c) : v ^ this.cut(r0, c) ^ this.cut(free, c);
            // A move leaving push value 0 loses to the button.
            if (nv === 0) continue;
            if (this.etc) {
              if (bottom) this.key(r0, r2 & ~bit, nv);
              else this.key(r0 & ~bit, r2, nv);
              const known = this.probeChild(ka, kb, kc);
              if (known === CHILD_P) return true;
              if (known === CHILD_N) continue;
            }
            // Fewest free columns left once the child's pieces are reduced first (replies that cancel a
            // twin or leave pieces equivalent to static parts), ties split-first then centre-first: a
            // stable insertion, the keys being at hand. 3 x 23: 0.95 M positions instead of 1.28 M.
            this.queueMove(base, live++, (c << 1) | bottom, nv);
          }
        }
      }
    }
    for (let j = 0; j < live; j++) {
      const code = this.moveBuf[base + j]!;
      const bit = 1 << (code >> 1);
      const nv = this.valBuf[base + j]!;
      const childWins = code & 1 ? this.search(r0, r2 & ~bit, nv, depth + 1) : this.search(r0 & ~bit, r2, nv, depth + 1);
      if (!childWins) {
        table.set(ka, kb, kc, 1, 31 - Math.clz32(this.nodes - before + 1));
        return true;
      }
    }
    table.set(ka, kb, kc, 0, 31 - Math.clz32(this.nodes - before + 1));
    return false;
  }

  /**
   * search() for a wide board: rows 0 and 2 as low words a0, a2 (columns 0..31) and high words b0, b2 (32..),
   * the same moves in the same order, keys and table. Kept apart so that boards of 31 columns or fewer run
   * the one-word search unslowed.
   */
  private searchWide(a0: number, b0: number, a2: number, b2: number, v: number, depth: number): boolean {
    const before = ++this.nodes;
    if ((before & 0x3fff) === 0) this.clock.tick();
    if (v === 0) return true;
    this.keyWide(a0, b0, a2, b2, v);
    const ka = this.k0;
    const kb = this.k1;
    const kc = this.k2;
    const table = this.table;
    const known = table.get(ka, kb, kc);
    if (known >= 0) return known === 1;
    const free = a0 & a2;
    const freeH = b0 & b2;
    const base = depth * 64;
    let live = 0;
    if ((free | freeH) !== 0) {
      const tCols = a2 & ~a0;
      const tColsH = b2 & ~b0;
      const bCols = a0 & ~a2;
      const bColsH = b0 & ~b2;
      // Neighbours across the two words: bit 31 of the low word is next to bit 0 of the high word.
      const splitTop = free & ((bCols << 1) | (bCols >>> 1) | (bColsH << 31));
      const splitTopH = freeH & ((bColsH << 1) | (bColsH >>> 1) | (bCols >>> 31));
      const splitBottom = free & ((tCols << 1) | (tCols >>> 1) | (tColsH << 31));
      const splitBottomH = freeH & ((tColsH << 1) | (tColsH >>> 1) | (tCols >>> 31));
      const order = this.order;
      for (let pass = 0; pass < 2; pass++) {
        for (let i = 0; i < order.length; i++) {
          const c = order[i]!;
          const high = c >= 32;
          const bit = 1 << (c & 31);
          if (((high ? freeH : free) & bit) === 0) continue;
          for (let bottom = 0; bottom < 2; bottom++) {
            const splits = ((bottom ? (high ? splitBottomH : splitBottom) : high ? splitTopH : splitTop) & bit) !== 0;
            if (splits !== (pass === 0)) continue;
            const nv = bottom
              ? v ^ this.cutWide(free, freeH, c) ^ this.cutWide(a2, b2, c)
              : v ^ this.cutWide(a0, b0, c) ^ this.cutWide(free, freeH, c);
            if (nv === 0) continue;
            if (this.etc) {
              if (bottom) this.keyWide(a0, b0, high ? a2 : a2 & ~bit, high ? b2 & ~bit : b2, nv);
              else this.keyWide(high ? a0 : a0 & ~bit, high ? b0 & ~bit : b0, a2, b2, nv);
              const known = this.probeChild(ka, kb, kc);
              if (known === CHILD_P) return true;
              if (known === CHILD_N) continue;
            }
            this.queueMove(base, live++, (c << 1) | bottom, nv);
          }
        }
      }
    }
    for (let j = 0; j < live; j++) {
      const code = this.moveBuf[base + j]!;
      const c = code >> 1;
      const high = c >= 32;
      const bit = 1 << (c & 31);
      const nv = this.valBuf[base + j]!;
      const childWins =
        code & 1
          ? this.searchWide(a0, b0, high ? a2 : a2 & ~bit, high ? b2 & ~bit : b2, nv, depth + 1)
          : this.searchWide(high ? a0 : a0 & ~bit, high ? b0 & ~bit : b0, a2, b2, nv, depth + 1);
      if (!childWins) {
        table.set(ka, kb, kc, 1, 31 - Math.clz32(this.nodes - before + 1));
        return true;
      }
    }
    table.set(ka, kb, kc, 0, 31 - Math.clz32(this.nodes - before + 1));
    return false;
  }

  /** The child of the starting board after a vertical domino on `row` (0: top pair, 1: bottom pair) of column c. */
  private rootChild(row: number, c: number, depth: number): boolean {
    const hiCol = c >= 32;
    const bit = 1 << (c & 31);
    const v = this.value0;
    if (!this.wide) {
      const free = this.r0 & this.r2;
      const nv = row === 0 ? v ^ this.cut(this.r0, c) ^ this.cut(free, c) : v ^ this.cut(free, c) ^ this.cut(this.r2, c);
      return row === 0 ? this.search(this.r0 & ~bit, this.r2, nv, depth) : this.search(this.r0, this.r2 & ~bit, nv, depth);
    }
    const [a0, b0, a2, b2] = [this.r0, this.h0, this.r2, this.h2];
    const nv =
      row === 0
        ? v ^ this.cutWide(a0, b0, c) ^ this.cutWide(a0 & a2, b0 & b2, c)
        : v ^ this.cutWide(a0 & a2, b0 & b2, c) ^ this.cutWide(a2, b2, c);
    return row === 0
      ? this.searchWide(hiCol ? a0 : a0 & ~bit, hiCol ? b0 & ~bit : b0, a2, b2, nv, depth)
      : this.searchWide(a0, b0, hiCol ? a2 : a2 & ~bit, hiCol ? b2 & ~bit : b2, nv, depth);
  }

  /** True when the player to move wins from the starting board next to a static part worth s (no moves, push value s). */
  winsWithStatic(s: number): boolean {
    if (this.wide) return this.searchWide(this.r0, this.h0, this.r2, this.h2, this.value0 ^ s, 0);
    return this.search(this.r0, this.r2, this.value0 ^ s, 0);
  }

  /** Refuses a wide board in the methods that take rows as one word each (the piece quotient's). */
  private narrowOnly(what: string): void {
    if (this.wide) throw new LimitError(`${what} takes boards of at most ${NARROW_COLS} columns, the board has ${this.cols}`, 'boardSize');
  }

  /** True when the player to move wins from rows r0, r2 (within this board's columns, at most 31) with push value v. */
  winsFrom(r0: number, r2: number, v: number): boolean {
    this.narrowOnly('winsFrom');
    return this.search(r0, r2, v, 0);
  }

  /** The push value of rows r0, r2 (within this board's columns, at most 31) on their own. */
  pushValueOf(r0: number, r2: number): number {
    this.narrowOnly('pushValueOf');
    return this.rowValue(r0) ^ this.rowValue(r0 & r2) ^ this.rowValue(r2);
  }

  /**
   * True when the position (rows r0, r2, push value v) is proved equivalent to no position at all in
   * every push sum: its push value is 0 and every option has an option so proved. Then, whatever X,
   * Z + X has the outcome of X: the button is worth the same, a move in X is met as in X, and a move
   * in Z is answered in Z by such an option (by induction on X and Z). A sufficient condition only.
   */
  provesZero(r0: number, r2: number, v: number): boolean {
    this.narrowOnly('provesZero');
    return this.zero(r0, r2, v);
  }

  private zero(r0: number, r2: number, v: number): boolean {
    if (v !== 0) return false;
    if ((++this.nodes & 0x3fff) === 0) this.clock.tick();
    this.key(r0, r2, 0);
    const ka = this.k0;
    const kb = this.k1;
    const kc = this.k2 | ZERO_FACT;
    const known = this.table.get(ka, kb, kc);
    if (known >= 0) return known === 1;
    const before = this.nodes;
    const free = r0 & r2;
    let ok = true;
    for (let rest = free; rest !== 0 && ok; rest &= rest - 1) {
      const bit = rest & -rest;
      const c = 31 - Math.clz32(bit);
      ok = this.reachesZero(r0 & ~bit, r2, v ^ this.cut(r0, c) ^ this.cut(free, c)) && this.reachesZero(r0, r2 & ~bit, v ^ this.cut(free, c) ^ this.cut(r2, c));
    }
    this.table.set(ka, kb, kc, ok ? 1 : 0, 31 - Math.clz32(this.nodes - before + 1));
    return ok;
  }

  /** True when some option of the position is proved equivalent to no position (see provesZero). */
  private reachesZero(r0: number, r2: number, v: number): boolean {
    if ((++this.nodes & 0x3fff) === 0) this.clock.tick();
    this.key(r0, r2, v);
    const ka = this.k0;
    const kb = this.k1;
    const kc = this.k2 | REACH_FACT;
    const known = this.table.get(ka, kb, kc);
    if (known >= 0) return known === 1;
    const before = this.nodes;
    const free = r0 & r2;
    let ok = false;
    for (let rest = free; rest !== 0 && !ok; rest &= rest - 1) {
      const bit = rest & -rest;
      const c = 31 - Math.clz32(bit);
      const top = v ^ this.cut(r0, c) ^ this.cut(free, c);
      const bottom = v ^ this.cut(free, c) ^ this.cut(r2, c);
      ok = (top === 0 && this.zero(r0 & ~bit, r2, 0)) || (bottom === 0 && this.zero(r0, r2 & ~bit, 0));
    }
    this.table.set(ka, kb, kc, ok ? 1 : 0, 31 - Math.clz32(this.nodes - before + 1));
    return ok;
  }

  /** Saves through `save` every `everyMs` milliseconds while searching. */
  setCheckpoint(save: () => void, everyMs = 60_000): void {
    this.clock.setCheckpoint(save, everyMs);
  }

  /** The root's moves in PushCramSearch's order: column by column, top pair before bottom pair, then the button. */
  rootMoves(): PushMove[] {
    const out: PushMove[] = [];
    for (let c = 0; c < this.cols; c++) {
      const free = c < 32 ? this.r0 & this.r2 : this.h0 & this.h2;
      if (((free >>> (c & 31)) & 1) === 0) continue;
      out.push({ kind: 'vertical', row: 0, col: c });
      out.push({ kind: 'vertical', row: 1, col: c });
    }
    out.push({ kind: 'push' });
    return out;
  }

  /** Whether each root move wins (leads to a P-position), in rootMoves() order. */
  rootMoveWins(): boolean[] {
    const moves = this.rootMoves();
    this.rootTotal = moves.length;
    this.rootDone = 0;
    const out: boolean[] = [];
    for (const mv of moves) {
      const wins = mv.kind === 'push' ? this.value0 === 0 : !this.rootChild(mv.row, mv.col, 1);
      out.push(wins);
      this.rootDone++;
      this.options.onRootMove?.(mv, wins);
    }
    return out;
  }
}
