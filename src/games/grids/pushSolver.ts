/**
 * The PUSH CRAM search. Before the button only vertical dominoes are placed, so each column evolves on
 * its own: a column is a small state machine (its reachable empty-cell masks), and a position is the
 * tuple of column states, packed in mixed radix into one integer key. Pushing the button is scored
 * at once: the rows split into runs whose 0.07 values are XORed (push-the-button, section 5), kept
 * up to date incrementally. The table is keyed by the least key over the reflections of the board.
 */
import { LimitError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { type Board, columnMask } from './board.js';
import { octal007Values } from './octal007.js';
import { TranspositionTable } from './table.js';
import { SearchClock } from './clock.js';
import type { Stop } from '../../core/stop.js';

/** One column kind: the masks reachable from an initial column mask by vertical dominoes. */
interface ColumnKind {
  readonly masks: Int32Array;
  readonly index: Map<number, number>;
  /** Moves from state i are k in [start[i], start[i + 1]): domino on rows row[k], row[k] + 1, to state next[k]. */
  readonly start: Int32Array;
  readonly row: Int32Array;
  readonly next: Int32Array;
}

function buildKind(initial: number, rows: number): ColumnKind {
  const masks: number[] = [initial];
  const index = new Map<number, number>([[initial, 0]]);
  for (let i = 0; i < masks.length; i++) {
    const m = masks[i]!;
    for (let r = 0; r + 1 < rows; r++) {
      const pair = 3 << r;
      if ((m & pair) === pair && !index.has(m & ~pair)) {
        index.set(m & ~pair, masks.length);
        masks.push(m & ~pair);
      }
    }
  }
  const start = new Int32Array(masks.length + 1);
  const row: number[] = [];
  const next: number[] = [];
  for (let i = 0; i < masks.length; i++) {
    start[i] = row.length;
    for (let r = 0; r + 1 < rows; r++) {
      const pair = 3 << r;
      if ((masks[i]! & pair) === pair) {
        row.push(r);
        next.push(index.get(masks[i]! & ~pair)!);
      }
    }
  }
  start[masks.length] = row.length;
  return { masks: Int32Array.from(masks), index, start, row: Int32Array.from(row), next: Int32Array.from(next) };
}

function reverseBits(m: number, w: number): number {
  let out = 0;
  for (let r = 0; r < w; r++) if ((m >>> r) & 1) out |= 1 << (w - 1 - r);
  return out;
}

export interface PushProgress {
  /** Positions searched so far. */
  nodes: number;
  /** Entries in the transposition table. */
  entries: number;
  /** First moves fully decided, of `rootTotal`. */
  rootDone: number;
  rootTotal: number;
}

export interface PushSearchOptions {
  signal?: Stop | undefined;
  /** A shared flag (element 0 non-zero = stop) for searches run in a worker while the caller stays responsive. */
  interrupt?: Int32Array | undefined;
  onProgress?: ((p: PushProgress) => void) | undefined;
  /** log2 of the table's slots (default: fitted to the board, at most 22, about 38 MB). */
  tableBits?: number | undefined;
  /** Called every few seconds and when interrupted, to save the table. */
  onCheckpoint?: () => void;
  checkpointEveryMs?: number;
  /** Most positions before the button (the product of the column states) a search is started on (default: pushCramPositions). */
  maxPositions?: number;
}

/** A root move: a vertical domino on rows row, row + 1 of column col, or the button. */
export type PushMove = { kind: 'push' } | { kind: 'vertical'; row: number; col: number };

export const MAX_PUSH_ROWS = 30;


/**
 * Searches one PUSH CRAM board before the button. `mode` 'outcome' stores 1 (N) / 0 (P) and prunes
 * as soon as a winning move is found; 'grundy' stores exact Grundy values (no pruning).
 */
export class PushCramSearch {
  readonly rows: number;
  readonly cols: number;
  private readonly kinds: ColumnKind[];
  private readonly idx: Int32Array;
  private readonly cur: Int32Array;
  private readonly g: Uint8Array;
  /** Radix weight of each column; columns with a single state weigh 0. */
  private readonly weight: Float64Array;
  /** Active reflections: 1 left-right, 2 top-bottom, 3 both; with per-column state maps for 2 and 3. */
  private readonly syms: number[] = [];
  private readonly tbIdx: Int32Array[] = [];
  private readonly rotIdx: Int32Array[] = [];
  private readonly keys = new Float64Array(4);
  private value = 0;
  readonly numericKeys: boolean;
  readonly table: TranspositionTable;
  readonly stringTable = new Map<string, number>();
  nodes = 0;
  private rootDone = 0;
  private rootTotal = 0;
  private readonly clock: SearchClock<PushProgress>;
  private readonly moveBuf: Int32Array[] = [];

  constructor(
    board: Board,
    readonly mode: 'outcome' | 'grundy',
    options: PushSearchOptions = {},
  ) {
    this.clock = new SearchClock(options, () => this.progress());
    if (board.rows > MAX_PUSH_ROWS) {
      throw new LimitError(`PUSH CRAM search handles at most ${MAX_PUSH_ROWS} rows, the board has ${board.rows}`, 'boardSize');
    }
    this.rows = board.rows;
    this.cols = board.cols;
    const n = this.cols;
    const initial = Array.from({ length: n }, (_, c) => columnMask(board, c));
    const byMask = new Map<number, ColumnKind>();
    this.kinds = initial.map((m) => {
      let k = byMask.get(m);
      if (!k) byMask.set(m, (k = buildKind(m, this.rows)));
      return k;
    });
    this.idx = new Int32Array(n);
    this.cur = Int32Array.from(initial);
    this.g = octal007Values(n + 2);
    this.weight = new Float64Array(n);
    let w = 1;
    for (let c = 0; c < n; c++) {
      const size = this.kinds[c]!.masks.length;
      this.weight[c] = size > 1 ? w : 0;
      if (size > 1) w *= size;
    }
    // The positions before the button are the tuples of column states: past the cap no search finishes (9x9: 55^9).
    const cap = options.maxPositions ?? limitDefault('pushCramPositions');
    if (w > cap) {
      throw new LimitError(`a PUSH CRAM search of ${this.rows}x${this.cols} ranges over ${w.toPrecision(3)} positions (the product of its column states), more than ${cap.toPrecision(3)}: no search finishes`, 'pushCramPositions');
    }
    this.numericKeys = w <= Number.MAX_SAFE_INTEGER;
    // Never more slots than about twice the positions there are (small boards get small tables).
    const fit = Math.min(22, Math.max(8, Math.ceil(Math.log2(w)) + 1));
    this.table = new TranspositionTable(this.numericKeys ? (options.tableBits ?? fit) : 1);

    const rev = initial.map((m) => reverseBits(m, this.rows));
    const lr = initial.every((m, c) => m === initial[n - 1 - c]);
    const tb = initial.every((m, c) => m === rev[c]);
    const rot = initial.every((m, c) => m === rev[n - 1 - c]);
    if (lr) this.syms.push(1);
    if (tb) this.syms.push(2);
    if (rot) this.syms.push(3);
    for (let c = 0; c < n; c++) {
      const own = this.kinds[c]!;
      if (tb) this.tbIdx[c] = Int32Array.from(own.masks, (m) => own.index.get(reverseBits(m, this.rows))!);
      if (rot) {
        const other = this.kinds[n - 1 - c]!;
        this.rotIdx[c] = Int32Array.from(own.masks, (m) => other.index.get(reverseBits(m, this.rows))!);
      }
    }
    this.value = 0;
    for (let r = 0; r < this.rows; r++) {
      let run = 0;
      for (let c = 0; c <= n; c++) {
        if (c < n && (this.cur[c]! >>> r) & 1) run++;
        else {
          this.value ^= this.g[run]!;
          run = 0;
        }
      }
    }
  }

  /** XOR of the 0.07 values of the row runs: the Grundy value of pushing the button now. */
  get pushValue(): number {
    return this.value;
  }

  private rowDelta(r: number, c: number): number {
    let left = 0;
    for (let x = c - 1; x >= 0 && (this.cur[x]! >>> r) & 1; x--) left++;
    let right = 0;
    for (let x = c + 1; x < this.cols && (this.cur[x]! >>> r) & 1; x++) right++;
    const g = this.g;
    return g[left + 1 + right]! ^ g[left]! ^ g[right]!;
  }

  /** Plays move k of column c; returns what `unmake` needs (the change of the push value). */
  private make(c: number, k: number): number {
    const kind = this.kinds[c]!;
    const r = kind.row[k]!;
    const delta = this.rowDelta(r, c) ^ this.rowDelta(r + 1, c);
    const from = this.idx[c]!;
    const to = kind.next[k]!;
    this.shiftKeys(c, from, to);
    this.idx[c] = to;
    this.cur[c] = kind.masks[to]!;
    this.value ^= delta;
    return delta | (from << 8);
  }

  private unmake(c: number, undo: number): void {
    const from = undo >>> 8;
    this.shiftKeys(c, this.idx[c]!, from);
    this.idx[c] = from;
    this.cur[c] = this.kinds[c]!.masks[from]!;
    this.value ^= undo & 255;
  }

  private shiftKeys(c: number, from: number, to: number): void {
    if (!this.numericKeys) return;
    const n = this.cols;
    const keys = this.keys;
    keys[0]! += (to - from) * this.weight[c]!;
    for (const s of this.syms) {
      if (s === 1) keys[1]! += (to - from) * this.weight[n - 1 - c]!;
      else if (s === 2) keys[2]! += (this.tbIdx[c]![to]! - this.tbIdx[c]![from]!) * this.weight[c]!;
      else keys[3]! += (this.rotIdx[c]![to]! - this.rotIdx[c]![from]!) * this.weight[n - 1 - c]!;
    }
  }

  private canonicalKey(): number {
    let k = this.keys[0]!;
    for (const s of this.syms) if (this.keys[s]! < k) k = this.keys[s]!;
    return k;
  }

  private canonicalString(): string {
    const n = this.cols;
    const variants: string[] = [];
    const build = (f: (c: number) => number) => {
      let s = '';
      for (let c = 0; c < n; c++) s += String.fromCharCode(f(c) & 0xffff, f(c) >>> 16);
      variants.push(s);
    };
    build((c) => this.idx[c]!);
    for (const s of this.syms) {
      if (s === 1) build((c) => this.idx[n - 1 - c]!);
      else if (s === 2) build((c) => this.tbIdx[c]![this.idx[c]!]!);
      else build((c) => this.rotIdx[n - 1 - c]![this.idx[n - 1 - c]!]!);
    }
    variants.sort();
    return variants[0]!;
  }

  private lookup(): number {
    if (this.numericKeys) return this.table.get(this.canonicalKey());
    return this.stringTable.get(this.canonicalString()) ?? -1;
  }

  private store(v: number): void {
    if (this.numericKeys) this.table.set(this.canonicalKey(), v);
    else this.stringTable.set(this.canonicalString(), v);
  }

  get entries(): number {
    return this.numericKeys ? this.table.size : this.stringTable.size;
  }

  /** Saves the table through `save` every `everyMs` milliseconds while searching. */
  setCheckpoint(save: () => void, everyMs = 60_000): void {
    this.clock.setCheckpoint(save, everyMs);
  }

  progress(): PushProgress {
    return { nodes: this.nodes, entries: this.entries, rootDone: this.rootDone, rootTotal: this.rootTotal };
  }

  /** Moves of the current position as (column, move) pairs packed c << 8 | k - base into buf; returns the count. */
  private genMoves(depth: number): number {
    let buf = this.moveBuf[depth];
    if (!buf) buf = this.moveBuf[depth] = new Int32Array(this.cols * this.rows * 2 + 2);
    let count = 0;
    // Centre columns first: they cut the longest runs and tend to decide the game.
    const n = this.cols;
    for (let i = 0; i < n; i++) {
      const c = (n >> 1) + (i & 1 ? -((i + 1) >> 1) : i >> 1);
      const kind = this.kinds[c]!;
      const s = this.idx[c]!;
      for (let k = kind.start[s]!; k < kind.start[s + 1]!; k++) {
        buf[count++] = c;
        buf[count++] = k;
      }
    }
    return count >> 1;
  }

  /** True when the player to move wins (normal play) from the current position before the button. */
  wins(depth = 0): boolean {
    if ((++this.nodes & 0x3fff) === 0) this.clock.tick();
    // Pushing onto a zero sum of 0.07 rows wins at once (push-the-button, Proposition 2.1.4 (i)).
    if (this.value === 0) return true;
    const known = this.lookup();
    if (known >= 0) return known === 1;
    const m = this.genMoves(depth);
    const buf = this.moveBuf[depth]!;
    // A move leaving push value 0 loses to the button; enhanced transposition cutoff on the rest.
    let live = 0;
    for (let i = 0; i < m; i++) {
      const c = buf[2 * i]!;
      const k = buf[2 * i + 1]!;
      const undo = this.make(c, k);
      const zero = this.value === 0;
      const seen = zero ? 1 : this.lookup();
      this.unmake(c, undo);
      if (seen === 0) {
        this.store(1);
        return true;
      }
      if (seen < 0) {
        buf[2 * live] = c;
        buf[2 * live + 1] = k;
        live++;
      }
    }
    if (depth === 0) this.rootTotal = live;
    for (let i = 0; i < live; i++) {
      if (depth === 0) this.rootDone = i;
      const c = buf[2 * i]!;
      const k = buf[2 * i + 1]!;
      const undo = this.make(c, k);
      const childWins = this.wins(depth + 1);
      this.unmake(c, undo);
      if (!childWins) {
        this.store(1);
        return true;
      }
    }
    this.store(0);
    return false;
  }

  /** The Grundy value of the current position before the button: mex of the push value and the options. */
  grundy(depth = 0): number {
    if ((++this.nodes & 0x3fff) === 0) this.clock.tick();
    const known = this.lookup();
    if (known >= 0) return known;
    const m = this.genMoves(depth);
    const buf = this.moveBuf[depth]!;
    // Options: the button (value = push value) and every vertical domino; at most m + 1 distinct values.
    const seen = new Uint8Array(m + 2);
    if (this.value <= m + 1) seen[this.value] = 1;
    for (let i = 0; i < m; i++) {
      const c = buf[2 * i]!;
      const k = buf[2 * i + 1]!;
      const undo = this.make(c, k);
      const v = this.grundy(depth + 1);
      this.unmake(c, undo);
      if (v <= m + 1) seen[v] = 1;
    }
    let mex = 0;
    while (seen[mex]) mex++;
    if (mex > 255) throw new LimitError('a PUSH CRAM Grundy value exceeds 255', 'grundyValue');
    this.store(mex);
    return mex;
  }

  /** The root's moves: every vertical domino, then the button. */
  rootMoves(): PushMove[] {
    const out: PushMove[] = [];
    for (let c = 0; c < this.cols; c++) {
      const kind = this.kinds[c]!;
      const s = this.idx[c]!;
      for (let k = kind.start[s]!; k < kind.start[s + 1]!; k++) out.push({ kind: 'vertical', row: kind.row[k]!, col: c });
    }
    out.push({ kind: 'push' });
    return out;
  }

  /**
   * Whether each root move wins (its result is a P-position), in rootMoves() order. The button wins
   * exactly when the push value is 0.
   */
  rootMoveWins(): boolean[] {
    const moves = this.rootMoves();
    this.rootTotal = moves.length;
    this.rootDone = 0;
    const out: boolean[] = [];
    for (const mv of moves) {
      if (mv.kind === 'push') out.push(this.value === 0);
      else {
        const kind = this.kinds[mv.col]!;
        const s = this.idx[mv.col]!;
        let k = kind.start[s]!;
        while (kind.row[k] !== mv.row) k++;
        const undo = this.make(mv.col, k);
        out.push(!this.wins(1));
        this.unmake(mv.col, undo);
      }
      this.rootDone++;
    }
    return out;
  }

  /** Loads saved entries (from a checkpoint of the same problem). */
  load(stored: { kind: 'numbers'; keys: Float64Array; vals: Uint8Array } | { kind: 'strings'; entries: [string, number][] }): void {
    if (stored.kind === 'numbers') for (let i = 0; i < stored.keys.length; i++) this.table.set(stored.keys[i]!, stored.vals[i]!);
    else for (const [k, v] of stored.entries) this.stringTable.set(k, v);
  }
}
