/**
 * Stores for subset constructions past the memory of the machine (the layer passes of G_5 in
 * src/logic/admissibility/passes.ts: hundreds of millions of subsets). `SubsetStore` interns the
 * encoded subsets within a budget of bytes: past it, the least recently used chunks of its byte pool
 * go to a spill file and a lookup that needs one of their strings reads those few bytes back
 * (exactly: a subset is only ever equal to a stored one byte for byte). `TransitionTable` holds the
 * subset automaton's transitions, written in order and read back in order, in memory or in a file.
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { LimitError } from '../core/errors.js';
import { atLeast } from './grow.js';

/** Bytes a pool chunk holds (the unit that stays in memory or goes to the spill file). */
const CHUNK = 1 << 22;
/** Entries a chunk of the per-string arrays (and of the transitions) holds. */
const ROWS = 1 << 20;
/**
 * A string's pool offset is its group's (the offset of every GROUP-th string, a double) plus its own
 * distance from it (32 bits): one read a string, and its length is the distance to the next.
 */
const GROUP = 1024;
/** A spilled chunk read this many times since it went out comes back into memory. */
const HOT = 256;

export interface StoreOptions {
  /**
   * Most bytes the store holds in memory: the pool chunks kept, the hash index and the per-string
   * arrays (plus `perString` bytes a string the caller holds beside). Past it, pool chunks are
   * spilled to a file in `dir`; without `dir`, or when the index alone passes it, a LimitError
   * ('max-bytes'). Default: no budget.
   */
  maxBytes?: number;
  /** A folder for the spill file (created if missing; the file is removed by close()). */
  dir?: string;
  /** Bytes a string the caller keeps beside the store (its flags and transitions in memory), counted in the budget. */
  perString?: number;
  /** What is stored, for messages. */
  what?: string;
  /** Bytes a pool chunk holds and entries a chunk of the per-string arrays holds (defaults 2^22 and 2^20; small ones in tests). */
  grain?: Grain;
}

export interface Grain {
  chunkBytes: number;
  rows: number;
}

/** A growable array of numbers in chunks of ROWS entries (no copy on growth). */
class Rows<T extends Uint32Array | Float64Array> {
  chunks: T[] = [];
  private readonly shift: number;
  private readonly mask: number;
  /** `rows`: a power of two (indices below 2^31, so shifts and masks do). */
  constructor(
    private readonly make: (n: number) => T,
    private readonly rows: number,
  ) {
    this.shift = Math.log2(rows);
    if (!Number.isInteger(this.shift)) throw new RangeError(`${rows} rows a chunk: not a power of two`);
    this.mask = rows - 1;
  }
  get(i: number): number {
    return this.chunks[i >>> this.shift]![i & this.mask]!;
  }
  set(i: number, v: number): void {
    const c = i >>> this.shift;
    while (this.chunks.length <= c) this.chunks.push(this.make(this.rows));
    this.chunks[c]![i & this.mask] = v;
  }
  get bytes(): number {
    return this.chunks.length === 0 ? 0 : this.chunks.length * this.chunks[0]!.byteLength;
  }
}

/** Reads exactly `length` bytes at `position` of the file (readSync may return fewer). */
function readFully(fd: number, into: Uint8Array, offset: number, length: number, position: number): void {
  for (let done = 0; done < length; ) {
    const got = readSync(fd, into, offset + done, length - done, position + done);
    if (got === 0) throw new Error(`the spill file ended at ${position + done}`);
    done += got;
  }
}

/** Writes exactly `length` bytes at `position` of the file. */
function writeFully(fd: number, from: Uint8Array, offset: number, length: number, position: number): void {
  for (let done = 0; done < length; ) done += writeSync(fd, from, offset + done, length - done, position + done);
}

/**
 * Byte strings numbered 0, 1, 2, … in order of first sight (`intern`), read back by number (`load`).
 * An open-addressing index over the pool whose slots hold a string's number and its 32-bit hash side
 * by side, so that a probe past another string reads nothing else (the hash in an array by number
 * was a second cache miss a probe, and at G_5's hundred million strings every probe misses); about
 * 17 to 30 bytes a string besides the string itself (8-byte slots, the index at most 5/8 full, and
 * the string's 32-bit offset within its group).
 */
export class SubsetStore {
  /** Strings stored. */
  count = 0;
  /** Whether the last intern stored a new string. */
  added = false;
  /** Pool chunks written to the spill file so far, and strings read back from it. */
  spills = 0;
  spillReads = 0;
  private readonly maxBytes: number;
  private readonly perString: number;
  private readonly what: string;
  private chunks: (Uint8Array | undefined)[] = [];
  private onFile = new Uint8Array(16);
  private lastUse = new Float64Array(16);
  private reads = new Int32Array(16);
  private resident = 0;
  private tick = 0;
  private used = 0;
  private readonly chunkBytes: number;
  private readonly rows: number;
  private readonly bases: Rows<Float64Array>;
  private readonly deltas: Rows<Uint32Array>;
  /** Pairs (number + 1, hash); 0 marks an empty slot. */
  private slots: Int32Array;
  private file: string | undefined;
  private fd = -1;
  // The chunk last read whole from the file (sequential reads go through it).
  private cached = -1;
  private cache: Uint8Array | undefined;
  private held = new Uint8Array(256);
  /** The string last loaded (`load`), at [0, its length). */
  loaded = new Uint8Array(256);
  // A chunk was added since the budget was last checked.
  private grew = false;

  constructor(private readonly options: StoreOptions = {}) {
    this.maxBytes = options.maxBytes ?? Infinity;
    this.perString = options.perString ?? 0;
    this.what = options.what ?? 'the subset construction';
    this.chunkBytes = options.grain?.chunkBytes ?? CHUNK;
    const rows = (this.rows = options.grain?.rows ?? ROWS);
    this.bases = new Rows((n) => new Float64Array(n), rows);
    this.deltas = new Rows((n) => new Uint32Array(n), rows);
    this.slots = new Int32Array(2 * Math.min(1 << 16, 4 * rows));
  }

  /** Bytes held in memory now (pool chunks kept, index, per-string arrays and the caller's share). */
  get bytesHeld(): number {
    return this.resident * this.chunkBytes + this.indexBytes();
  }

  /** Bytes of the pool chunks held in memory now. */
  get poolBytesHeld(): number {
    return this.resident * this.chunkBytes;
  }

  private indexBytes(): number {
    return 4 * this.slots.length + this.bases.bytes + this.deltas.bytes + this.perString * this.count + (this.cache ? this.chunkBytes : 0);
  }

  private static hash(bytes: Uint8Array, len: number): number {
    let h = (0x811c9dc5 ^ len) | 0;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
    return (h ^ (h >>> 15)) | 0;
  }

  /** The pool offset of string id (of the next string to come for id = count). */
  offset(id: number): number {
    return id === this.count ? this.used : this.bases.get((id / GROUP) | 0) + this.deltas.get(id);
  }

  /** The number of the string bytes[0..len), stored if new (`added` tells which). */
  intern(bytes: Uint8Array, len: number): number {
    const h = SubsetStore.hash(bytes, len);
    const slots = this.slots;
    const mask = (slots.length >>> 1) - 1;
    let at = h & mask;
    for (;;) {
      const held = slots[2 * at]!;
      if (held === 0) break;
      if (slots[2 * at + 1] === h) {
        const from = this.offset(held - 1);
        if (this.offset(held) - from === len && this.equals(from, bytes, len)) {
          this.added = false;
          return held - 1;
        }
      }
      at = (at + 1) & mask;
    }
    const id = this.count;
    if (id >= 2 ** 31 - 1) throw new LimitError(`${this.what} passed 2^31 subsets`, 'storedSubsets', id);
    if (id % GROUP === 0) this.bases.set(id / GROUP, this.used);
    const delta = this.used - this.bases.get((id / GROUP) | 0);
    if (delta >= 2 ** 32) throw new LimitError(`${this.what}: ${GROUP} subsets passed 2^32 bytes`, 'storedSubsets', id);
    this.deltas.set(id, delta);
    this.write(bytes, len);
    this.count++;
    slots[2 * at] = id + 1;
    slots[2 * at + 1] = h;
    this.added = true;
    if (16 * this.count > 5 * slots.length) {
      this.rehash();
      this.grew = true;
    }
    // The per-string arrays grow a chunk every `rows` strings (the offsets more rarely).
    if (this.grew || this.count % this.rows === 1) {
      this.grew = false;
      this.keepBudget();
    }
    return id;
  }

  /**
   * String id into loaded[0..), valid until the next load; returns its length (a read takes no view of
   * a string). `sequential`: the caller reads the strings in order (the expansion of a subset
   * construction), so a spilled chunk is read back whole, once.
   */
  load(id: number, sequential = false): number {
    const from = this.offset(id);
    const len = this.offset(id + 1) - from;
    this.loaded = atLeast(this.loaded, len, 0);
    this.copy(from, len, this.loaded, sequential);
    return len;
  }

  /** Removes the spill file and drops everything. */
  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    if (this.file) rmSync(this.file, { force: true });
    this.fd = -1;
    this.file = undefined;
    this.chunks = [];
    this.cache = undefined;
    this.slots = new Int32Array(0);
    this.resident = 0;
  }

  /** Whether the pool's bytes [at, at + len) are bytes[0..len). */
  private equals(at: number, bytes: Uint8Array, len: number): boolean {
    const c = Math.floor(at / this.chunkBytes);
    const from = at - c * this.chunkBytes;
    const chunk = this.chunks[c];
    // In memory and within one chunk (nearly always): compared in place.
    if (chunk && from + len <= this.chunkBytes) {
      this.lastUse[c] = ++this.tick;
      for (let i = 0; i < len; i++) if (chunk[from + i] !== bytes[i]) return false;
      return true;
    }
    this.held = atLeast(this.held, len, 0);
    this.copy(at, len, this.held, false);
    for (let i = 0; i < len; i++) if (this.held[i] !== bytes[i]) return false;
    return true;
  }

  /** Pool bytes [at, at + len) into `into`: from memory, the cached chunk, or the spill file. */
  private copy(at: number, len: number, into: Uint8Array, sequential: boolean): void {
    for (let done = 0; done < len; ) {
      const c = Math.floor((at + done) / this.chunkBytes);
      const from = at + done - c * this.chunkBytes;
      const take = Math.min(len - done, this.chunkBytes - from);
      const chunk = this.chunks[c];
      if (chunk) {
        this.lastUse[c] = ++this.tick;
        // Byte by byte: a subset's string is a few dozen bytes, and a view to copy through was an allocation a read.
        for (let i = 0; i < take; i++) into[done + i] = chunk[from + i]!;
      } else if (sequential || c === this.cached) {
        if (c !== this.cached) {
          this.cache ??= new Uint8Array(this.chunkBytes);
          readFully(this.fd, this.cache, 0, this.chunkBytes, c * this.chunkBytes);
          this.cached = c;
        }
        into.set(this.cache!.subarray(from, from + take), done);
      } else {
        readFully(this.fd, into, done, take, at + done);
        this.spillReads++;
        if (++this.reads[c]! >= HOT) this.reload(c);
      }
      done += take;
    }
  }

  private write(bytes: Uint8Array, len: number): void {
    for (let done = 0; done < len; ) {
      const c = Math.floor(this.used / this.chunkBytes);
      if (c === this.chunks.length) {
        this.chunks.push(new Uint8Array(this.chunkBytes));
        this.resident++;
        this.grew = true;
        this.onFile = atLeast(this.onFile, c + 1);
        this.lastUse = atLeast(this.lastUse, c + 1);
        this.reads = atLeast(this.reads, c + 1);
      }
      const from = this.used - c * this.chunkBytes;
      const take = Math.min(len - done, this.chunkBytes - from);
      const chunk = this.chunks[c]!;
      for (let i = 0; i < take; i++) chunk[from + i] = bytes[done + i]!;
      this.lastUse[c] = ++this.tick;
      this.used += take;
      done += take;
    }
  }

  private rehash(): void {
    // The old and the new index are held together for a moment: make room first.
    const old = this.slots;
    this.keepBudget(8 * old.length);
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >>> 1) - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] === 0) continue;
      let at = old[i + 1]! & mask;
      while (slots[2 * at] !== 0) at = (at + 1) & mask;
      slots[2 * at] = old[i]!;
      slots[2 * at + 1] = old[i + 1]!;
    }
    this.slots = slots;
  }

  /** A spilled chunk read often comes back into memory. */
  private reload(c: number): void {
    const chunk = new Uint8Array(this.chunkBytes);
    readFully(this.fd, chunk, 0, this.chunkBytes, c * this.chunkBytes);
    this.chunks[c] = chunk;
    this.resident++;
    this.reads[c] = 0;
    this.lastUse[c] = ++this.tick;
    this.keepBudget();
  }

  /** Spills the least recently used chunks (never the one being written) until the store fits its budget with `extra` bytes more. */
  private keepBudget(extra = 0): void {
    if (this.bytesHeld + extra <= this.maxBytes) return;
    const writing = Math.floor(this.used / this.chunkBytes);
    while (this.bytesHeld + extra > this.maxBytes) {
      let victim = -1;
      for (let c = 0; c < this.chunks.length; c++) {
        if (c !== writing && this.chunks[c] && (victim === -1 || this.lastUse[c]! < this.lastUse[victim]!)) victim = c;
      }
      if (victim === -1 || this.options.dir === undefined) {
        const why = this.options.dir === undefined ? 'give a folder to spill to, or raise the budget' : 'its index alone passes the budget';
        throw new LimitError(`${this.what} passed ${this.maxBytes} bytes at ${this.count} subsets: ${why}`, 'subsetBytes', this.count);
      }
      this.spill(victim);
    }
  }

  private spill(c: number): void {
    if (this.fd < 0) {
      mkdirSync(this.options.dir!, { recursive: true });
      this.file = join(this.options.dir!, `subsets-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.pool`);
      this.fd = openSync(this.file, 'w+');
    }
    if (!this.onFile[c]) {
      // A chunk is written whole once: its bytes never change after (strings are only appended).
      const full = (c + 1) * this.chunkBytes <= this.used;
      if (!full) throw new Error('only full chunks are spilled');
      writeFully(this.fd, this.chunks[c]!, 0, this.chunkBytes, c * this.chunkBytes);
      this.onFile[c] = 1;
    }
    this.chunks[c] = undefined;
    this.resident--;
    this.reads[c] = 0;
    this.spills++;
  }
}

/**
 * The transitions of a subset automaton, appended in order (state by state, letter by letter) and
 * read back in order by `get` (the minimisation's two sequential passes): in memory, or, given a
 * folder, in a file read through a window, so that they cost no memory while the subsets are built.
 */
export class TransitionTable {
  size = 0;
  private readonly memory: Int32Array[] = [];
  private fd = -1;
  private file: string | undefined;
  private buffer: Int32Array;
  private buffered = 0;
  // The window [windowStart, windowStart + windowLength) of entries read back.
  private window = new Int32Array(0);
  private windowStart = 0;
  private windowLength = 0;

  constructor(
    dir?: string,
    private readonly rows = ROWS,
  ) {
    this.buffer = new Int32Array(rows);
    if (dir !== undefined) {
      mkdirSync(dir, { recursive: true });
      this.file = join(dir, `transitions-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.table`);
      this.fd = openSync(this.file, 'w+');
    }
  }

  /** Bytes held in memory. */
  get bytesHeld(): number {
    return this.fd < 0 ? this.memory.length * this.rows * 4 : this.buffer.byteLength + this.window.byteLength;
  }

  push(value: number): void {
    if (this.fd < 0) {
      const c = Math.floor(this.size / this.rows);
      if (c === this.memory.length) this.memory.push(new Int32Array(this.rows));
      this.memory[c]![this.size % this.rows] = value;
      this.size++;
    } else {
      this.buffer[this.buffered++] = value;
      this.size++;
      if (this.buffered === this.buffer.length) this.flush();
    }
  }

  private flush(): void {
    if (this.buffered === 0) return;
    const bytes = new Uint8Array(this.buffer.buffer, 0, 4 * this.buffered);
    writeFully(this.fd, bytes, 0, bytes.length, 4 * (this.size - this.buffered));
    this.buffered = 0;
  }

  /** Entry i; fast when entries are read in order. */
  get(i: number): number {
    if (this.fd < 0) return this.memory[Math.floor(i / this.rows)]![i % this.rows]!;
    if (i < this.windowStart || i >= this.windowStart + this.windowLength) {
      this.flush();
      if (this.window.length === 0) this.window = new Int32Array(this.rows);
      this.windowStart = i;
      this.windowLength = Math.min(this.window.length, this.size - i);
      readFully(this.fd, new Uint8Array(this.window.buffer, 0, 4 * this.windowLength), 0, 4 * this.windowLength, 4 * i);
    }
    return this.window[i - this.windowStart]!;
  }

  /** Drops the entries (and the file). */
  close(): void {
    this.memory.length = 0;
    if (this.fd >= 0) closeSync(this.fd);
    if (this.file) rmSync(this.file, { force: true });
    this.fd = -1;
    this.file = undefined;
    this.window = new Int32Array(0);
    this.buffer = new Int32Array(0);
  }
}
