/**
 * A dedicated PUSH CRAM kernel for 3-row boards (push-the-button, section 5, Conjecture 5.0.3).
 *
 * Before the button only vertical dominoes are placed, so on 3 rows a column is free, top-pair filled
 * or bottom-pair filled, and a position is three row bitboards (bit c set = cell free). Row 0 loses a
 * cell only to a top pair and row 2 only to a bottom pair, so (row 0, row 2) determine row 1 given the
 * starting board: that pair of n-bit words is the table key. Pushing the button is worth the XOR of the
 * 0.07 values of the row runs (section 5), kept up to date from the two runs each placement cuts.
 */
import { LimitError, PositionError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { type Board, formatBoard, isEmptyCell } from './board.js';
import { SearchClock } from './clock.js';
import { cutValue007, octal007Values, rowValue007 } from './octal007.js';
import type { PushMove, PushProgress } from './pushSolver.js';
import type { Stop } from '../../core/stop.js';

/** Columns a 3-row board may have: row bitboards stay in 31 bits, so every word is a positive int32. */
export const MAX_KERNEL3_COLS = 31;
/** Columns in Grundy mode: keys take 25 bits of a word and the value (below 128) the other 7. */
export const GRUNDY_KERNEL3_COLS = 25;
/** Columns for checkpoints: two n-bit rows packed into one number key below 2^53. */
export const MAX_CHECKPOINT_COLS = 26;
/** Probe length of the table: a full probe overwrites its home slot (bounded memory, values stay exact). */
const PROBE = 8;
/** Default memory ceiling of the table (8 bytes a slot). */
export const DEFAULT_MAX_TABLE_BYTES = limitDefault('searchTableBytes');

/**
 * Table keyed by a pair of words below 2^keyBits (keyBits <= 31). A slot is two adjacent words: the
 * first word + 1 (0 = empty), then the second word with the stored value in the bits above keyBits
 * (outcomes: 1 = N, 0 = P). A key probes only the 8 slots of its 64-byte bucket: one cache line a lookup.
 */
export class KeyPairTable {
  readonly slots: Uint32Array;
  private readonly mask: number;
  private readonly keyMask: number;
  size = 0;
  evictions = 0;

  constructor(
    readonly log2Capacity: number,
    readonly keyBits = 31,
  ) {
    this.slots = new Uint32Array(2 ** (log2Capacity + 1));
    this.mask = 2 ** log2Capacity - 1;
    this.keyMask = 2 ** keyBits - 1;
  }

  home(x: number, y: number): number {
    let h = Math.imul(x ^ Math.imul(y, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h & this.mask;
  }

  /** The stored value, or -1. O(1): at most 8 slots of one cache line. */
  get(x: number, y: number): number {
    const want = x + 1;
    const h = this.home(x, y);
    const bucket = h & ~(PROBE - 1);
    for (let p = 0; p < PROBE; p++) {
      const i = (bucket | ((h + p) & (PROBE - 1))) << 1;
      const s = this.slots[i]!;
      if (s === want) {
        const t = this.slots[i + 1]!;
        if ((t & this.keyMask) === y) return t >>> this.keyBits;
      } else if (s === 0) return -1;
    }
    return -1;
  }

  set(x: number, y: number, v: number): void {
    const want = x + 1;
    const word = (y + v * 2 ** this.keyBits) >>> 0;
    const h = this.home(x, y);
    const bucket = h & ~(PROBE - 1);
    for (let p = 0; p < PROBE; p++) {
      const i = (bucket | ((h + p) & (PROBE - 1))) << 1;
      const s = this.slots[i]!;
      if (s === 0) {
        this.slots[i] = want;
        this.slots[i + 1] = word;
        this.size++;
        return;
      }
      if (s === want && (this.slots[i + 1]! & this.keyMask) === y) {
        this.slots[i + 1] = word;
        return;
      }
    }
    // A full bucket: overwrite the home slot (no slot becomes empty, so every other probe stays valid).
    this.slots[h << 1] = want;
    this.slots[(h << 1) + 1] = word;
    this.evictions++;
  }
}

export interface Kernel3Options {
  signal?: Stop | undefined;
  interrupt?: Int32Array | undefined;
  onProgress?: ((p: PushProgress) => void) | undefined;
  /** log2 of the table's slots (8 bytes each); default fitted to the board, at most 24 (128 MB). */
  tableBits?: number | undefined;
  /** Refuse (LimitError) a table larger than this many bytes; default 8 GiB. */
  maxTableBytes?: number;
  /** 'outcome' (default) stores N/P and prunes; 'grundy' stores exact Grundy values (boards up to GRUNDY_KERNEL3_COLS columns). */
  mode?: 'outcome' | 'grundy' | undefined;
  /** Called with each root move's verdict as soon as it is solved (long runs keep what they finished). */
  onRootMove?: (move: PushMove, wins: boolean) => void;
}

function reverse31(x: number, n: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  x = (x >>> 16) | (x << 16);
  return x >>> (32 - n);
}

/** The 3-row PUSH CRAM search: `wins()` for the outcome, `rootMoveWins()` for every first move. */
export class PushCram3Search {
  readonly cols: number;
  readonly table: KeyPairTable;
  nodes = 0;
  private readonly r0: number;
  private readonly r1: number;
  private readonly r2: number;
  private readonly value0: number;
  private readonly g: Uint8Array;
  /** Columns in search order: centre first (they cut the longest runs). */
  private readonly order: Int32Array;
  private readonly lr: boolean;
  private readonly tb: boolean;
  private readonly rot: boolean;
  /** Per depth: live moves (column << 1 | bottom) and the push value they leave. */
  private readonly moveBuf: Int32Array;
  private readonly valBuf: Int32Array;

  private ka = 0;
  private kb = 0;
  private rootDone = 0;
  private rootTotal = 0;
  private readonly clock: SearchClock<PushProgress>;

  constructor(
    board: Board,
    private readonly options: Kernel3Options = {},
  ) {
    if (board.rows !== 3 || board.pushed) {
      throw new PositionError(formatBoard(board), 0, 'the 3-row kernel takes a 3-row board before the button');
    }
    const n = board.cols;
    if (n > MAX_KERNEL3_COLS) throw new LimitError(`the 3-row kernel handles at most ${MAX_KERNEL3_COLS} columns, the board has ${n}`, 'boardSize');
    this.cols = n;
    const rows = [0, 0, 0];
    for (let r = 0; r < 3; r++) for (let c = 0; c < n; c++) if (isEmptyCell(board, r, c)) rows[r]! |= 1 << c;
    [this.r0, this.r1, this.r2] = rows as [number, number, number];
    this.g = octal007Values(n + 2);
    let v = 0;
    for (const x of rows) v ^= this.rowValue(x);
    this.value0 = v;
    const rev = (x: number) => (n === 0 ? 0 : reverse31(x, n));
    this.lr = rev(this.r0) === this.r0 && rev(this.r1) === this.r1 && rev(this.r2) === this.r2;
    this.tb = this.r0 === this.r2;
    this.rot = rev(this.r0) === this.r2 && rev(this.r1) === this.r1;
    this.order = new Int32Array(n);
    for (let i = 0; i < n; i++) this.order[i] = (n >> 1) + (i & 1 ? -((i + 1) >> 1) : i >> 1);
    this.moveBuf = new Int32Array((n + 2) * 64);
    this.valBuf = new Int32Array((n + 2) * 64);

    // Default fitted to what a search stores, at most 2^26 slots (512 MiB): the Grundy search about
    // 3^n / 4 positions; the outcome search measured 3^n / 250 to 3^n / 450 on 3 x 17 .. 3 x 23.
    const want = n * Math.log2(3) - (options.mode === 'grundy' ? 1 : 7);
    const bits = options.tableBits ?? Math.min(26, Math.max(10, Math.ceil(want)));
    const bytes = 8 * 2 ** bits;
    const limit = options.maxTableBytes ?? DEFAULT_MAX_TABLE_BYTES;
    if (bits > 30 || bytes > limit) {
      throw new LimitError(`a table of 2^${bits} slots needs ${(bytes / 2 ** 30).toFixed(2)} GiB, over the limit of ${(limit / 2 ** 30).toFixed(2)} GiB`, 'searchTableBytes');
    }
    const grundy = options.mode === 'grundy';
    if (grundy && n > GRUNDY_KERNEL3_COLS) {
      throw new LimitError(`the 3-row kernel computes Grundy values on at most ${GRUNDY_KERNEL3_COLS} columns, the board has ${n}`, 'boardSize');
    }
    this.table = new KeyPairTable(bits, grundy ? GRUNDY_KERNEL3_COLS : 31);
    this.clock = new SearchClock(options, () => this.progress());
  }

  /** A row bitboard with its columns reversed. */
  private rev(x: number): number {
    return this.cols === 0 ? 0 : reverse31(x, this.cols);
  }

  /** The XOR of the 0.07 values of the runs of one row. */
  private rowValue(x: number): number {
    return rowValue007(x, this.cols, this.g);
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
   * Sets ka, kb to the least (row 0, row 2) pair over the board's symmetries; q0, q2 are rows 0 and 2
   * reversed, kept up to date by the search so that no probe pays for a bit reversal.
   */
  private canonical(r0: number, r2: number, q0: number, q2: number): void {
    let a = r0;
    let b = r2;
    if (this.tb && (r2 < a || (r2 === a && r0 < b))) {
      a = r2;
      b = r0;
    }
    if (this.lr && (q0 < a || (q0 === a && q2 < b))) {
      a = q0;
      b = q2;
    }
    if (this.rot && (q2 < a || (q2 === a && q0 < b))) {
      a = q2;
      b = q0;
    }
    this.ka = a;
    this.kb = b;
  }

  private probe(r0: number, r2: number, q0: number, q2: number): number {
    this.canonical(r0, r2, q0, q2);
    return this.table.get(this.ka, this.kb);
  }

  private requireOutcomeMode(): void {
    if (this.options.mode === 'grundy') throw new Error("outcomes need a search built with mode 'outcome'");
  }

  /**
   * True when the player to move wins from the starting board. Time O(n) per position searched (each of
   * the up to 2n placements costs O(1) plus one table probe); positions searched grow about 7x per two
   * columns on empty 3 x (2k+1) boards. Memory: the table only (fixed at construction).
   */
  wins(): boolean {
    this.requireOutcomeMode();
    return this.search(this.r0, this.r1, this.r2, this.rev(this.r0), this.rev(this.r2), this.value0, 0);
  }

  /** Negamax on outcomes: true when the player to move (before the button) wins. */
  private search(r0: number, r1: number, r2: number, q0: number, q2: number, v: number, depth: number): boolean {
    if ((++this.nodes & 0x3fff) === 0) this.clock.tick();
    // Pushing onto a zero sum of 0.07 rows wins at once (push-the-button, Proposition 2.1.4 (i)).
    if (v === 0) return true;
    const known = this.probe(r0, r2, q0, q2);
    if (known >= 0) return known === 1;
    const ka = this.ka;
    const kb = this.kb;
    const canTop = r0 & r1;
    const canBottom = r1 & r2;
    const base = depth * 64;
    let live = 0;
    if ((canTop | canBottom) !== 0) {
      const order = this.order;
      for (let i = 0; i < order.length; i++) {
        const c = order[i]!;
        const bit = 1 << c;
        for (let bottom = 0; bottom < 2; bottom++) {
          if (((bottom ? canBottom : canTop) & bit) === 0) continue;
          const nv = bottom ? v ^ this.cut(r1, c) ^ this.cut(r2, c) : v ^ this.cut(r0, c) ^ this.cut(r1, c);
          // A move leaving push value 0 loses to the button.
          if (nv === 0) continue;
          const mirror = 1 << (this.cols - 1 - c);
          const s = bottom ? this.probe(r0, r2 & ~bit, q0, q2 & ~mirror) : this.probe(r0 & ~bit, r2, q0 & ~mirror, q2);
          // (That probe is an enhanced transposition cutoff: a child already known to be P wins at once.)
          if (s === 0) {
            this.table.set(ka, kb, 1);
            return true;
          }
          if (s < 0) {
            this.moveBuf[base + live] = (c << 1) | bottom;
            this.valBuf[base + live++] = nv;
          }
        }
      }
    }
    for (let j = 0; j < live; j++) {
      const code = this.moveBuf[base + j]!;
      const bit = 1 << (code >> 1);
      const mirror = 1 << (this.cols - 1 - (code >> 1));
      const nv = this.valBuf[base + j]!;
      const childWins =
        code & 1
          ? this.search(r0, r1 & ~bit, r2 & ~bit, q0, q2 & ~mirror, nv, depth + 1)
          : this.search(r0 & ~bit, r1 & ~bit, r2, q0 & ~mirror, q2, nv, depth + 1);
      if (!childWins) {
        this.table.set(ka, kb, 1);
        return true;
      }
    }
    this.table.set(ka, kb, 0);
    return false;
  }

  /** Saves through `save` every `everyMs` milliseconds while searching. */
  setCheckpoint(save: () => void, everyMs = 60_000): void {
    this.clock.setCheckpoint(save, everyMs);
  }

  /** The table as packed number keys (row 0 * 2^n + row 2, exact for n <= 26) for checkpoints. */
  numberTable(): { size: number; entries(): Iterable<[number, number]> } {
    if (this.cols > MAX_CHECKPOINT_COLS) throw new LimitError(`3-row checkpoints handle at most ${MAX_CHECKPOINT_COLS} columns`, 'boardSize');
    const slots = this.table.slots;
    const keyBits = this.table.keyBits;
    const keyMask = 2 ** keyBits - 1;
    const shift = 2 ** this.cols;
    return {
      size: this.table.size,
      *entries() {
        for (let i = 0; i < slots.length; i += 2) {
          if (slots[i] === 0) continue;
          const w = slots[i + 1]!;
          yield [(slots[i]! - 1) * shift + (w & keyMask), w >>> keyBits];
        }
      },
    };
  }

  /** Loads entries saved by numberTable() for the same board and mode. */
  load(keys: Float64Array, vals: Uint8Array): void {
    const shift = 2 ** this.cols;
    for (let i = 0; i < keys.length; i++) {
      const a = Math.floor(keys[i]! / shift);
      this.table.set(a, keys[i]! - a * shift, vals[i]!);
    }
  }

  /** The Grundy value of the starting board (mode 'grundy'): a full search, no pruning; O(n 3^n) time on an empty 3 x n board. */
  grundy(): number {
    if (this.options.mode !== 'grundy') throw new Error("grundy() needs a search built with mode 'grundy'");
    return this.grundyOf(this.r0, this.r1, this.r2, this.rev(this.r0), this.rev(this.r2), this.value0);
  }

  /** mex of the button (worth the push value v) and of every vertical domino's result. */
  private grundyOf(r0: number, r1: number, r2: number, q0: number, q2: number, v: number): number {
    if ((++this.nodes & 0x3fff) === 0) this.clock.tick();
    const known = this.probe(r0, r2, q0, q2);
    if (known >= 0) return known;
    const ka = this.ka;
    const kb = this.kb;
    // At most 2 * 31 + 1 options: a 64-bit seen set in two words.
    let lo = v < 32 ? 1 << v : 0;
    let hi = v >= 32 && v < 64 ? 1 << (v - 32) : 0;
    let top = r0 & r1;
    let bottom = r1 & r2;
    while ((top | bottom) !== 0) {
      let g: number;
      if (top !== 0) {
        const bit = top & -top;
        const c = 31 - Math.clz32(bit);
        top ^= bit;
        const mirror = 1 << (this.cols - 1 - c);
        g = this.grundyOf(r0 & ~bit, r1 & ~bit, r2, q0 & ~mirror, q2, v ^ this.cut(r0, c) ^ this.cut(r1, c));
      } else {
        const bit = bottom & -bottom;
        const c = 31 - Math.clz32(bit);
        bottom ^= bit;
        const mirror = 1 << (this.cols - 1 - c);
        g = this.grundyOf(r0, r1 & ~bit, r2 & ~bit, q0, q2 & ~mirror, v ^ this.cut(r1, c) ^ this.cut(r2, c));
      }
      if (g < 32) lo |= 1 << g;
      else if (g < 64) hi |= 1 << (g - 32);
    }
    const mex = ~lo !== 0 ? 31 - Math.clz32(~lo & (lo + 1)) : ~hi !== 0 ? 32 + 31 - Math.clz32(~hi & (hi + 1)) : 64;
    this.table.set(ka, kb, mex);
    return mex;
  }

  /** The root's moves in PushCramSearch's order: column by column, top pair before bottom pair, then the button. */
  rootMoves(): PushMove[] {
    const out: PushMove[] = [];
    for (let c = 0; c < this.cols; c++) {
      const bit = 1 << c;
      if (this.r0 & this.r1 & bit) out.push({ kind: 'vertical', row: 0, col: c });
      if (this.r1 & this.r2 & bit) out.push({ kind: 'vertical', row: 1, col: c });
    }
    out.push({ kind: 'push' });
    return out;
  }

  /** Whether each root move wins (leads to a P-position), in rootMoves() order. */
  rootMoveWins(): boolean[] {
    this.requireOutcomeMode();
    const moves = this.rootMoves();
    this.rootTotal = moves.length;
    this.rootDone = 0;
    const out: boolean[] = [];
    for (const mv of moves) {
      let wins: boolean;
      if (mv.kind === 'push') wins = this.value0 === 0;
      else {
        const bit = 1 << mv.col;
        const top = mv.row === 0;
        const nv = this.value0 ^ (top ? this.cut(this.r0, mv.col) ^ this.cut(this.r1, mv.col) : this.cut(this.r1, mv.col) ^ this.cut(this.r2, mv.col));
        wins = top
          ? !this.search(this.r0 & ~bit, this.r1 & ~bit, this.r2, this.rev(this.r0 & ~bit), this.rev(this.r2), nv, 1)
          : !this.search(this.r0, this.r1 & ~bit, this.r2 & ~bit, this.rev(this.r0), this.rev(this.r2 & ~bit), nv, 1);
      }
      out.push(wins);
      this.rootDone++;
      this.options.onRootMove?.(mv, wins);
    }
    return out;
  }
}
