/**
 * The Grundy-value kernel of take-and-break games, G(n) for n = 0, 1, 2, ... in order.
 *
 * Two paths, both exact:
 * - plain: every option of heap n, its value stamped into `seen`, then the mex. O(n) per two-heap
 *   digit, O(n^2) per three-heap digit.
 * - sparse space (Gangolli–Plambeck, Flammenkamp; two-heap splits only): a parity class splits the
 *   heaps into rare and common ones so that a split of two common heaps always gives a value of one
 *   parity type and a split with exactly one rare heap the other type. Every option of the second type
 *   then comes from the short rare list (O(#rare) per heap), which fixes the least unreached value c of
 *   that type; the values of the first type below c are settled by scanning splits, stopped as soon as
 *   all of them are reached (usually after a few dozen splits, since almost every split is of two
 *   common heaps). The class is chosen by a Walsh–Hadamard transform of the counts of (value, heap
 *   parity): one transform gives, for every mask at once, how many heaps it makes rare.
 *
 * The class. For a value mask M and a position flag s (0, or 1 when all two-heap split digits k share
 * a parity pi), heap a >= 1 is rare when parity(G(a) & M) ^ (s & (a ^ pi)) = 0, common when it is 1.
 * For a split a + b = n - k, parity((G(a) ^ G(b)) & M) = cls(a) ^ cls(b) ^ sigma(n) with
 * sigma(n) = s & (n ^ pi) and cls the 0/1 above: two common heaps give values of parity sigma(n)
 * ("rare-type" at n), one rare and one common heap give parity 1 ^ sigma(n) ("common-type"). A heap
 * whose value is common-type is then common itself, which keeps the rare heaps rare; the other
 * polarity (rare = parity 1) would make every heap with a common-type value rare, so it is not used.
 * The class only changes the speed, never the values.
 *
 * Storage: G in the narrowest typed array that holds its values (Uint8Array below 256, then
 * Uint16Array, then Int32Array), allocated once for the heaps asked for: 1 byte per heap while values
 * stay below 256. Everything else is O(#rare + 2^bits). With the WebAssembly paths, G lives in the
 * kernel's WebAssembly memory (bytes, widened in place to 16 bits) while it fits there.
 */
import { walshHadamard } from '../../../core/walsh-hadamard.js';
import type { Moves } from './moves.js';
import type { ValueScans } from './certificate.js';
import { NarrowWasm, type NarrowRun, type NarrowState } from './narrow-wasm.js';
import { WideWasm } from './wide-wasm.js';
import { PlainWasm } from './plain-wasm.js';

export type Values = Uint8Array | Uint16Array | Int32Array;

/** The rare/common class in use: heap a >= 1 is rare when parity(G(a) & mask) ^ (pos & (a ^ pi)) === 0. */
export interface SparseClass {
  /** The value mask M; 0 means no sparse space is in use (the plain path runs). */
  readonly mask: number;
  /** 1 when the class also looks at the heap's parity (tczajka's "pos"). */
  readonly pos: 0 | 1;
}

export interface KernelStats {
  /** Heaps computed by the plain path and by the sparse-space path. */
  plain: number;
  sparse: number;
  /** Splits looked at by the sparse path's scan for rare-type values (its main cost). */
  scanned: number;
  /** Heaps whose rare-type values were first looked up in the witness cache. */
  cached: number;
  /** Splits tried from the ring of recent witnesses. */
  hot: number;
  /** Times the class was re-chosen, and times it changed. */
  rechosen: number;
  changed: number;
}

/** A sparse space is used only while at most this fraction of heaps is rare (above it the rare loop costs as much as the plain path). */
const MAX_RARE_FRACTION = 1 / 4;
/**
 * With values of six bits or more (the wide path, which stamps every rare split into `seen`), the sparse
 * path runs only while at most this fraction of heaps is rare under the class: above it the plain path
 * (in WebAssembly) is the faster one, and runs instead, keeping the class and its rare list up to date.
 * Both paths in WebAssembly, octal:3 to 2^16 (every game in one process, kernel CPU, same load): 1/16
 * 91.3 s, 1/8 78.9 s, 1/4 82.0 s; the 162 games whose path changes: 54.3, 44.7 and 48.0 s.
 */
const MAX_RARE_FRACTION_WIDE = 1 / 8;
/** Heaps computed plainly before the first class is chosen. */
const PLAIN_PREFIX = 64;
/** Size of the ring of recent witnesses (see `hot`). */
const HOT = 2048;
/** Bits of the value mask the transform looks at (2 * 2^15 counts at most). */
const MAX_MASK_BITS = 15;

/** The parity of the set bits of v (the class of a value under a mask: parity(G & mask)). */
export function parity(v: number): number {
  v ^= v >>> 16;
  v ^= v >>> 8;
  v ^= v >>> 4;
  v ^= v >>> 2;
  v ^= v >>> 1;
  return v & 1;
}

/**
 * The parity pi of the two-heap split digits (the least one's; the position flag is allowed only when
 * they all share it), which the class reads: heap a is rare when parity(G(a) & M) ^ (s & (a ^ pi)) = 0.
 */
export function splitParity(moves: Moves): 0 | 1 {
  return moves.split2.length > 0 ? ((moves.split2[0]! & 1) as 0 | 1) : 0;
}


/** The bits 1 << (G(a) ^ G(r - a)) over the rare heaps a = rare[0..end-1] (all < r), a = skip left out. */
function rareSplitBits(G: Values, rare: Int32Array, end: number, r: number, skip: number): number {
  let reached = 0;
  if (skip < 0) {
    for (let j = 0; j < end; j++) {
      const a = rare[j]!;
      reached |= 1 << (G[a]! ^ G[r - a]!);
    }
  } else {
    for (let j = 0; j < end; j++) {
      const a = rare[j]!;
      if (a !== skip) reached |= 1 << (G[a]! ^ G[r - a]!);
    }
  }
  return reached;
}

/**
 * rareSplitBits for the heaps n, n+1, .. n+block-1 at once (r = n - k): out[j] gets the bits of
 * G(a) ^ G(r + j - a). Each G(a) is loaded once for the whole block.
 */
function rareSplitBlock(G: Values, rare: Int32Array, end: number, r: number, block: number, out: Int32Array): void {
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  if (block === 3) {
    for (let j = 0; j < end; j++) {
      const a = rare[j]!;
      const ga = G[a]!;
      const b = r - a;
      b0 |= 1 << (ga ^ G[b]!);
      b1 |= 1 << (ga ^ G[b + 1]!);
      b2 |= 1 << (ga ^ G[b + 2]!);
    }
  } else {
    for (let j = 0; j < end; j++) {
      const a = rare[j]!;
      const ga = G[a]!;
      const b = r - a;
      b0 |= 1 << (ga ^ G[b]!);
      b1 |= 1 << (ga ^ G[b + 1]!);
    }
  }
  out[0]! |= b0;
  out[1]! |= b1;
  out[2]! |= b2;
}

/**
 * A hit at depth h (h entries more recent than it) of the ring of witnesses changes places with the
 * entry at depth h/2: entries that keep giving values drift to the front without copies crowding
 * the ring (0.16 to 2^19: 3.5 million ring checks fall to 0.8 million; Grundy's game to 2^18: the
 * scan halves).
 */
function promote(hot: Int32Array, hotK: Int32Array, next: number, p: number, h: number): void {
  let to = next - 1 - (h >> 1);
  if (to < 0) to += HOT;
  const a = hot[to]!;
  const k = hotK[to]!;
  hot[to] = hot[p]!;
  hotK[to] = hotK[p]!;
  hot[p] = a;
  hotK[p] = k;
}

/**
 * The bits of the values reached by the splits with a rare heap, for the heaps n..n+block-1 into
 * pre[0..block-1] (values below 32). below[i] counts the rare heaps below n - k_i, kept from call to
 * call. A function of its own, small, so that V8 optimises it within the first thousand heaps.
 */
function gatherRareSplits(G: Values, rare: Int32Array, rc: number, below: Int32Array, n: number, split2: Int32Array, split2Unequal: Uint8Array, block: number, pre: Int32Array): void {
  pre[0] = 0;
  pre[1] = 0;
  pre[2] = 0;
  for (let i = 0; i < split2.length; i++) {
    const r = n - split2[i]!;
    let end = below[i]!;
    while (end < rc && rare[end]! < r) end++;
    below[i] = end;
    if (block === 1) pre[0]! |= rareSplitBits(G, rare, end, r, split2Unequal[i] === 1 && (r & 1) === 0 ? r >> 1 : -1);
    else rareSplitBlock(G, rare, end, r, block, pre);
    // Rare heaps r <= a < r + block - 1 split only for the later heaps of the block.
    for (let e = end; e < rc && rare[e]! < r + block - 1; e++) {
      const a = rare[e]!;
      for (let jj = a - r + 1; jj < block; jj++) pre[jj]! |= 1 << (G[a]! ^ G[r + jj - a]!);
    }
  }
}

/**
 * The values of `need` (bits, values below 32) that the witness cache does not settle at heap n: for
 * each, the split that reached it Q heaps ago (Q the local period of the values, so its big heap most
 * likely has the same value again) is tried.
 */
function cachedWitnesses(G: Values, witness: Int32Array, witnessK: Int32Array, Q: number, q: number, n: number, need: number): number {
  for (let rest = need; rest !== 0; rest &= rest - 1) {
    const v = 31 - Math.clz32(rest & -rest);
    const a = witness[v * Q + q]!;
    if (a !== 0 && (G[a]! ^ G[n - witnessK[v * Q + q]! - a]!) === v) need ^= 1 << v;
  }
  return need;
}

/**
 * The plain path's two-heap splits a + b = r, a < b (and a = b when `equal`): each value stamped. One
 * copy per element type, so that V8 keeps each loop monomorphic: one loop over both Uint8Array and
 * Uint16Array ran at half the speed (0.76 to 2^16: 11.6 s, against 5.7 s for octal-sequence.ts's
 * Int32Array kernel).
 */
function stampSplits8(G: Uint8Array, seen: Int32Array, r: number, equal: boolean, stamp: number): void {
  let a = 1;
  let b = r - 1;
  for (; a < b; a++, b--) seen[G[a]! ^ G[b]!] = stamp;
  if (a === b && equal) seen[0] = stamp;
}

function stampSplits16(G: Uint16Array, seen: Int32Array, r: number, equal: boolean, stamp: number): void {
  let a = 1;
  let b = r - 1;
  for (; a < b; a++, b--) seen[G[a]! ^ G[b]!] = stamp;
  if (a === b && equal) seen[0] = stamp;
}

function stampSplits32(G: Int32Array, seen: Int32Array, r: number, equal: boolean, stamp: number): void {
  let a = 1;
  let b = r - 1;
  for (; a < b; a++, b--) seen[G[a]! ^ G[b]!] = stamp;
  if (a === b && equal) seen[0] = stamp;
}

/** Values for heap counts up to `capacity`, in the narrowest array holding values below `limit`. */
function valueArray(capacity: number, limit: number): Values {
  if (limit <= 256) return new Uint8Array(capacity);
  if (limit <= 65536) return new Uint16Array(capacity);
  return new Int32Array(capacity);
}

/** The largest value an array of this kind holds, plus one. */
function valueLimit(G: Values): number {
  return G instanceof Uint8Array ? 256 : G instanceof Uint16Array ? 65536 : 2 ** 31;
}

export class TakeAndBreakKernel {
  /** G(0..n-1) are done; G has room for `capacity` heaps. */
  n = 0;
  G: Values;
  /** The largest value so far and the least heap that has it. */
  maxValue = 0;
  maxAt = 0;
  /** Every value so far is below 2^bits. */
  private bits = 1;
  private seen: Int32Array = new Int32Array(2);
  /** counts[(G(a) << 1) | ((a ^ pi) & 1)] over heaps a >= 1: the input of the transform. */
  private counts: Float64Array = new Float64Array(4);

  private cls: SparseClass = { mask: 0, pos: 0 };
  /** The rare heaps (ascending) under `cls`, when it has a mask. */
  rare: Int32Array = new Int32Array(64);
  rareCount = 0;
  /** typeOf[v] = parity(v & mask); per sigma, the values of each type below 2^bits, ascending. */
  private typeOf: Uint8Array = new Uint8Array(2);
  private commonType: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];
  private rareType: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];
  /**
   * The same as bits of one word, for values below 32: rareTypeBits[sigma] has bit v for each rare-type
   * v. An Int32Array: in a plain array a word with bit 30 or 31 set is no small integer, and the array's
   * change of kind would throw away V8's optimised kernel (a "dependency change").
   */
  private rareTypeBits = new Int32Array(2);
  /**
   * The witness cache: witness[v * Q + n mod Q] = the smaller heap a of the split (removing
   * witnessK[..] tokens) that last reached the rare-type value v at a heap of the same residue.
   * Q is the local period of the values (G(n) = G(n - Q) for most recent n), so the big heap of that
   * split has most likely the same value again. Only ever a shortcut: a hit is checked on the values.
   */
  private witnessPeriod = 1;
  private witness: Int32Array = new Int32Array(2);
  private witnessK: Int32Array = new Int32Array(2);
  /**
   * The smaller heaps (and tokens removed) of the last HOT splits the scan found, a ring: tried, most
   * recent first, for the values the witness cache did not settle; a hit moves halfway to the front. The small heaps that give the
   * hard values are few, so this settles nearly all the rest (0.16: the scan falls from 72 million
   * splits to about 1 million to 2^19).
   */
  private hot = new Int32Array(HOT);
  private hotK = new Int32Array(HOT);
  private hotNext = 0;
  /** The class is looked at again when n reaches nextCheck or the rare list reaches recheckRare. */
  private nextCheck = PLAIN_PREFIX;
  private recheckRare = 0;
  /** The position flag is allowed when every two-heap split digit has the parity pi. */
  private readonly posAllowed: boolean;
  private readonly pi: number;
  /** Sparse space needs two-heap splits and no three-heap ones. */
  private readonly sparseAllowed: boolean;
  /** Heaps whose rare splits the narrow path gathers in one pass (1..3). */
  private readonly block: number;
  /**
   * The kernel's WebAssembly memory and the narrow path in it (narrow-wasm.ts, for codes without unequal
   * splits): the memory holds G while the values fit in 16 bits and G in its room. Undefined when it was
   * not asked for, does not apply or is not built.
   */
  private wasm: NarrowWasm | undefined;
  private readonly narrowAllowed: boolean;
  /**
   * The wide path in WebAssembly (wide-wasm.ts), on the same memory, for values of 6 to 12 bits: made when
   * first asked for (null until then), so that a run whose values stay below 32 does not compile it.
   */
  private wideMade: WideWasm | undefined | null = null;
  /** Heaps computed by each WebAssembly path (not part of `stats`, which both forms of a path share). */
  readonly inWasm = { narrow: 0, wide: 0 };
  /**
   * The plain path in WebAssembly (plain-wasm.ts), for codes whose splits leave at most two heaps, while
   * the values fit in 16 bits. Undefined when it was not asked for, does not apply or is not built.
   */
  private plainWasm: PlainWasm | undefined;
  private readonly maxRareFractionWide: number;
  /** Set when the class was last looked at: the plain path runs instead of the wide one (MAX_RARE_FRACTION_WIDE). */
  private plainInstead = false;

  readonly stats: KernelStats = { plain: 0, sparse: 0, scanned: 0, cached: 0, hot: 0, rechosen: 0, changed: 0 };

  constructor(
    readonly moves: Moves,
    capacity: number,
    options: {
      sparse?: boolean;
      /** Run the narrow path in WebAssembly when it applies (default true; false keeps the JavaScript path). */
      wasm?: boolean;
      /** The most heaps the kernel will hold (default `capacity`): the WebAssembly memory's room, given once. */
      limit?: number;
      /** With values of six bits or more, the largest fraction of rare heaps the sparse path runs with (default 1/8; above it the plain path runs; tests raise it to run the wide path). */
      maxRareFractionWide?: number;
    } = {},
  ) {
    const ks = moves.split2;
    this.pi = splitParity(moves);
    this.posAllowed = ks.length > 0 && ks.every((k) => (k & 1) === this.pi);
    this.sparseAllowed = options.sparse !== false && ks.length > 0 && moves.split3.length === 0;
    // Heaps n..n+k (k the least split digit) only split heaps below n; unequal splits go one by one.
    this.block = ks.length > 0 && !moves.split2Unequal.some((u) => u === 1) ? Math.min(ks[0]! + 1, 3) : 1;
    this.narrowAllowed = !moves.split2Unequal.some((u) => u === 1);
    this.wasm = options.wasm !== false && this.sparseAllowed ? NarrowWasm.create(moves, Math.max(options.limit ?? capacity, capacity, 1)) : undefined;
    this.plainWasm = options.wasm !== false && moves.split3.length === 0 ? PlainWasm.create(moves) : undefined;
    this.maxRareFractionWide = options.maxRareFractionWide ?? MAX_RARE_FRACTION_WIDE;
    this.G = this.allocate(Math.max(capacity, 1), 256);
    this.unpinFields();
  }

  /**
   * Writes once more each field that a run changes only now and then (the value array, the tables that
   * grow with the values, the class and its rare list, the witness cache). V8 compiles the kernel
   * assuming that a field written only once stays constant; when such a field then changes (the class
   * is chosen again, a value needs another bit), the compile under way is thrown away and the kernel
   * runs unoptimised for tens of milliseconds longer. Written twice here, no field is assumed constant.
   */
  private unpinFields(): void {
    this.G = this.G.subarray(0);
    this.seen = this.seen.slice();
    this.counts = this.counts.slice();
    this.cls = { ...this.cls };
    this.rare = this.rare.slice();
    this.typeOf = this.typeOf.slice();
    this.commonType = [this.commonType[0], this.commonType[1]];
    this.rareType = [this.rareType[0], this.rareType[1]];
    this.rareTypeBits = this.rareTypeBits.slice();
    this.witness = this.witness.slice();
    this.witnessK = this.witnessK.slice();
    this.hot = this.hot.slice();
    this.hotK = this.hotK.slice();
    for (const f of ['bits', 'witnessPeriod', 'nextCheck', 'recheckRare', 'maxValue', 'maxAt', 'rareCount', 'hotNext', 'n'] as const) {
      const v = this[f];
      this[f] = v + 1;
      this[f] = v;
    }
  }

  /** The period tracker's scans of G: in WebAssembly while G lives in the kernel's memory (narrow-wasm.ts). */
  get scans(): ValueScans | undefined {
    return this.wasm?.scans;
  }

  private get wide(): WideWasm | undefined {
    if (this.wideMade === null) this.wideMade = this.wasm ? WideWasm.create(this.wasm, this.moves) : undefined;
    return this.wideMade;
  }

  /** Whether G lives in the WebAssembly memory (the paths there can run on it). */
  get narrowInWasm(): boolean {
    return this.wasm?.holds(this.G) === true;
  }

  /** The class in use (mask 0: none). */
  get sparseClass(): SparseClass {
    return this.cls;
  }

  /**
   * Room for heaps 0..capacity-1, keeping the values: the array at least doubles (so that growing heap
   * by heap costs O(1) per heap), but never past `limit`.
   */
  ensureCapacity(capacity: number, limit = Infinity): void {
    if (capacity <= this.G.length) return;
    const size = Math.max(capacity, Math.min(limit, 2 * this.G.length));
    if (this.wasm?.holds(this.G)) {
      // A longer view of the same memory keeps the values; past its room G moves to an ordinary array
      // and the JavaScript paths go on.
      const G = this.wasm.values(size, this.G instanceof Uint16Array);
      if (G) {
        this.G = G;
        return;
      }
      this.wasm = undefined;
    }
    const G = valueArray(size, valueLimit(this.G));
    G.set(this.G.subarray(0, this.n));
    this.G = G;
  }

  /** An array for `capacity` values below `limit`: in the WebAssembly memory while they fit in 16 bits and it is in use. */
  private allocate(capacity: number, limit: number): Values {
    if (limit <= 65536 && this.wasm) {
      const G = this.wasm.values(capacity, limit > 256);
      if (G) return G;
      this.wasm = undefined;
    }
    return valueArray(capacity, limit);
  }

  /** G(0..n-1) as a view (not a copy). */
  values(): Values {
    return this.G.subarray(0, this.n);
  }

  /** Computes G(n..to-1). */
  run(to: number): void {
    this.ensureCapacity(to);
    while (this.n < to) {
      // At most 1024 heaps per call: V8 then swaps in its optimised kernel at the next call instead of
      // compiling a second, on-stack-replacement version for a call that runs on and on.
      const rareLimit = Math.max(this.rareCount, this.recheckRare) + 1;
      const plain = this.cls.mask === 0 || this.plainInstead;
      const narrow = !plain && this.bits <= 5 && this.narrowAllowed && this.wasm !== undefined && this.wasm.holds(this.G) && this.wasm.fits(rareLimit);
      const wide = !plain && this.bits > 5 && this.wide !== undefined && this.wide.fits(this.G, this.bits, this.witnessPeriod, rareLimit);
      const plainWasm = plain && this.plainWasm !== undefined && this.maxValue <= 0xffff;
      const stop = Math.min(to, this.nextCheck, narrow || wide || plainWasm ? Infinity : this.n + 1024);
      if (plainWasm) this.plainInWasm(stop);
      else if (plain) this.plainRange(stop);
      else if (narrow) this.narrowWasm(stop);
      else if (this.bits <= 5) this.sparseNarrow(stop);
      else if (wide) this.wideWasm(stop);
      else this.sparseWide(stop);
      if (this.n === this.nextCheck || (this.cls.mask !== 0 && this.rareCount >= this.recheckRare)) this.recheck();
    }
  }

  /**
   * Continues from given values G(0..len-1) (a checkpoint) on a kernel that has computed nothing: they are
   * followed from heap 0 (follow), so that the class, its rare list and the heaps where it is looked at
   * again are those of a run that computed them, and a resumed run reports the fingerprint a straight run
   * would. The class the checkpoint kept is not needed for that (a resumed run once took it, with its rare
   * list rebuilt but not its schedule of rechecks, and could end in another class than a straight run).
   */
  restore(values: ArrayLike<number>): void {
    if (this.n !== 0) throw new Error('restore: the kernel has already computed values');
    this.follow(values);
  }

  /**
   * Takes G(n..len-1) from `values` instead of computing them, with everything else a run records on the
   * way: the maxima, the counts, the rare list of the class, and the class looked at again exactly where
   * run() looks at it (at nextCheck, and when the rare list reaches recheckRare), which depend on the
   * values only. The fingerprint afterwards is that of a run that computed the values (a test checks it).
   */
  follow(values: ArrayLike<number>, len = values.length): void {
    this.ensureCapacity(len);
    for (let n = this.n; n < len; n++) {
      const due = this.recordPlain(n, values[n]!);
      this.n = n + 1;
      if (this.n === this.nextCheck || due) this.recheck();
    }
  }

  /** Stores G(a) = g and updates the maxima and counts (not the rare list). */
  private record(a: number, g: number): void {
    if (g >= valueLimit(this.G)) {
      if (this.wasm?.holds(this.G) && g < 65536) {
        // Bytes to 16 bits in place: G stays in the memory the WebAssembly paths run on.
        this.G = this.wasm.widen(a, this.G.length);
      } else {
        const G = valueArray(this.G.length, g + 1);
        G.set(this.G.subarray(0, a));
        this.G = G;
      }
    }
    this.G[a] = g;
    if (g > this.maxValue) {
      this.maxValue = g;
      this.maxAt = a;
    }
    if (g >> this.bits !== 0) this.widen(g);
    if (a >= 1) this.counts[(g << 1) | ((a ^ this.pi) & 1)]!++;
  }

  /** Makes room for value g: 2^bits > g; the seen stamps, counts and type tables grow with it. */
  private widen(g: number): void {
    let bits = this.bits;
    while (g >> bits !== 0) bits++;
    if (bits === this.bits) return;
    this.bits = bits;
    const seen = new Int32Array(1 << bits);
    seen.set(this.seen);
    this.seen = seen;
    const counts = new Float64Array(2 << bits);
    counts.set(this.counts);
    this.counts = counts;
    if (this.cls.mask !== 0) this.typeTables();
  }

  /** The plain path for G(n..to-1). */
  private plainRange(to: number): void {
    const { whole, take, split2, split2Unequal, split3, split3Unequal, t } = this.moves;
    for (let n = this.n; n < to; n++) {
      const G = this.G;
      const seen = this.seen;
      const stamp = n + 1;
      if (n <= t && whole[n] === 1) seen[0] = stamp;
      for (let i = 0; i < take.length; i++) {
        const k = take[i]!;
        if (k < n) seen[G[n - k]!] = stamp;
      }
      for (let i = 0; i < split2.length; i++) {
        const r = n - split2[i]!;
        const equal = split2Unequal[i] === 0;
        if (G instanceof Uint8Array) stampSplits8(G, seen, r, equal, stamp);
        else if (G instanceof Uint16Array) stampSplits16(G, seen, r, equal, stamp);
        else stampSplits32(G, seen, r, equal, stamp);
      }
      for (let i = 0; i < split3.length; i++) {
        const r = n - split3[i]!;
        const distinct = split3Unequal[i] === 1;
        for (let a = 1; 3 * a <= r; a++) {
          const ga = G[a]!;
          for (let b = a; a + 2 * b <= r; b++) {
            const c = r - a - b;
            if (distinct && (a === b || b === c)) continue;
            seen[ga ^ G[b]! ^ G[c]!] = stamp;
          }
        }
      }
      let g = 0;
      while (seen[g] === stamp) g++;
      const recheck = this.recordPlain(n, g);
      this.n = n + 1;
      this.stats.plain++;
      if (recheck) return;
    }
  }

  /**
   * plainRange in WebAssembly (wasm/plain.ts: the same stamps and mex on a 16-bit copy of G): the values
   * it finds are recorded here as plainRange records them. A value past 16 bits comes back unstored; it
   * is recorded here and the JavaScript path goes on from there.
   */
  private plainInWasm(to: number): void {
    const wasm = this.plainWasm!;
    const from = this.n;
    const r = wasm.run(this.G, this.maxValue, from, to);
    const H = wasm.G;
    let n = from;
    let recheck = false;
    for (; n < r.n && !recheck; n++) recheck = this.recordPlain(n, H[n]!);
    if (r.wider !== undefined && !recheck) {
      this.recordPlain(n, r.wider);
      n++;
      this.plainWasm = undefined;
    }
    this.stats.plain += n - from;
    this.n = n;
  }

  /**
   * Records G(n) = g found by the plain path; when it runs instead of the wide path, also keeps the rare
   * list of the class, as the wide path would. Returns true when the list has grown to where the class
   * is looked at again (the heaps after n are then left for the next call).
   */
  private recordPlain(n: number, g: number): boolean {
    this.record(n, g);
    const { mask, pos } = this.cls;
    if (mask === 0 || n < 1 || (parity(g & mask) ^ (pos & (n ^ this.pi))) !== 0) return false;
    this.rareCount = this.pushRare(n, this.rareCount);
    return this.rareCount >= this.recheckRare;
  }

  /**
   * The sparse-space path for G(n..to-1) while every value is below 32: the options reached are bits
   * of one 32-bit word, so the rare splits, the candidate and the values still needed stay in
   * registers. Returns early when the class should be looked at again or values reach 32. The inner
   * loops are small functions of their own, which V8 optimises within the first few thousand heaps.
   */
  private sparseNarrow(to: number): void {
    const { whole, take, split2, split2Unequal, t } = this.moves;
    const nsplit = split2.length;
    const pos = this.cls.pos;
    const pi = this.pi;
    const bits = this.bits;
    const rareBits0 = this.rareTypeBits[0]!;
    const rareBits1 = this.rareTypeBits[1]!;
    const all = bits >= 5 ? -1 : (1 << (1 << bits)) - 1;
    const counts = this.counts;
    const Q = this.witnessPeriod;
    const witness = this.witness;
    const witnessK = this.witnessK;
    const below = new Int32Array(nsplit);
    const block = this.block;
    const pre = new Int32Array(3);
    const recheckRare = this.recheckRare;
    let maxValue = this.maxValue;
    let j = block;
    const G = this.G;
    let rare = this.rare;
    let rc = this.rareCount;
    const from = this.n;
    let n = from;
    let q = n % Q;
    for (; n < to; n++, q++, q = q === Q ? 0 : q) {
      // Every split with a rare heap: the only source of common-type values. With the least split
      // digit k >= 1, heaps n..n+k only split heaps below n, so up to three heaps share one pass.
      if (j === block) {
        j = 0;
        gatherRareSplits(G, rare, rc, below, n, split2, split2Unequal, block, pre);
      }
      let reached = pre[j++]! | (n <= t && whole[n] === 1 ? 1 : 0);
      for (let i = 0; i < take.length; i++) {
        const k = take[i]!;
        if (k < n) reached |= 1 << G[n - k]!;
      }
      const sigma = pos & (n ^ pi);
      const rareBits = sigma === 0 ? rareBits0 : rareBits1;
      const commonFree = ~reached & ~rareBits & all;
      const c = commonFree === 0 ? 1 << bits : 31 - Math.clz32(commonFree & -commonFree);
      let need = ~reached & rareBits & (c >= 32 ? -1 : (1 << c) - 1);
      if (need !== 0) {
        need = cachedWitnesses(G, witness, witnessK, Q, q, n, need);
        if (need !== 0) need = this.settleNarrow(n, q, need);
      }
      // The least rare-type value not reached, else the common candidate.
      const g = need !== 0 ? 31 - Math.clz32(need & -need) : c;
      if (g > maxValue) {
        // A new largest value (rare): record() also widens the tables when it needs another bit.
        this.record(n, g);
        maxValue = g;
        if (n >= 1 && parity(g & this.cls.mask) === sigma) rc = this.pushRare(n, rc);
        if (this.bits !== bits) {
          n++;
          break;
        }
        rare = this.rare;
      } else {
        G[n] = g;
        if (n >= 1) counts[(g << 1) | ((n ^ pi) & 1)]!++;
        if (n >= 1 && ((rareBits >>> g) & 1) === 1) {
          rc = this.pushRare(n, rc);
          rare = this.rare;
        }
      }
      if (rc >= recheckRare) {
        n++;
        break;
      }
    }
    this.stats.sparse += n - from;
    this.n = n;
    this.rareCount = rc;
  }

  /**
   * sparseNarrow in WebAssembly (wasm/narrow.ts: the same steps, with the rare splits of 16 heaps
   * gathered at once): the kernel's tables go in and come back; a value that needs another bit comes
   * back unstored and is recorded here, as sparseNarrow records it.
   */
  private narrowWasm(to: number): void {
    const wasm = this.wasm!;
    const from = this.n;
    const state = { ...this.sparseState(), rareTypeBits: this.rareTypeBits };
    this.takeRun(wasm.run(state, to), state.rare, from, 'narrow');
  }

  /**
   * The sparse space's tables both WebAssembly paths (narrowWasm, wideWasm) take in and hand back: the rare
   * list, the largest value, the class's pos and pi, the witness cache and the ring of recent witnesses,
   * the counts. Each path adds how it tells the rare-type values.
   */
  private sparseState(): Omit<NarrowState, 'rareTypeBits'> {
    return {
      n: this.n,
      rare: this.rare,
      rareCount: this.rareCount,
      maxValue: this.maxValue,
      maxAt: this.maxAt,
      pos: this.cls.pos,
      pi: this.pi,
      bits: this.bits,
      witnessPeriod: this.witnessPeriod,
      witness: this.witness,
      witnessK: this.witnessK,
      hot: this.hot,
      hotK: this.hotK,
      hotNext: this.hotNext,
      recheckRare: this.recheckRare,
      counts: this.counts,
    };
  }

  /**
   * sparseWide in WebAssembly (wasm/wide.ts: the same steps, with the splits with a rare heap gathered
   * for 16 heaps at once): as narrowWasm, the kernel's tables go in and come back, and a value that needs
   * another bit comes back unstored and is recorded here, as sparseWide records it.
   */
  private wideWasm(to: number): void {
    const from = this.n;
    const state = { ...this.sparseState(), G: this.G as Uint8Array | Uint16Array, typeOf: this.typeOf };
    this.takeRun(this.wide!.run(state, to), state.rare, from, 'wide');
  }

  /**
   * After a sparse-path WebAssembly call: its results into the kernel, and the value that needed another bit
   * (it comes back unstored) recorded here, as the JavaScript paths record it.
   */
  private takeRun(r: NarrowRun, rare: Int32Array, from: number, path: 'narrow' | 'wide'): void {
    this.rare = rare;
    this.rareCount = r.rareCount;
    this.maxValue = r.maxValue;
    this.maxAt = r.maxAt;
    this.hotNext = r.hotNext;
    this.stats.scanned += r.scanned;
    this.stats.cached += r.cached;
    this.stats.hot += r.hot;
    let n = r.n;
    if (r.wider !== undefined) {
      const g = r.wider;
      const sigma = this.cls.pos & (n ^ this.pi);
      this.record(n, g);
      if (n >= 1 && parity(g & this.cls.mask) === sigma) this.rareCount = this.pushRare(n, this.rareCount);
      n++;
    }
    this.stats.sparse += n - from;
    this.inWasm[path] += n - from;
    this.n = n;
  }

  /**
   * Settles the rare-type values `need` (bits, all below 32) of heap n that the witness cache did
   * not: each is reached by a split of two common heaps or not at all. First the smaller heaps of the
   * latest splits the scan found, most recent first, then the scan of all splits, stopped as soon as
   * every value is settled. Returns the values no split reaches.
   */
  private settleNarrow(n: number, q: number, need: number): number {
    const { split2, split2Unequal } = this.moves;
    const G = this.G;
    const Q = this.witnessPeriod;
    const witness = this.witness;
    const witnessK = this.witnessK;
    this.stats.cached++;
    const hot = this.hot;
    const hotK = this.hotK;
    let hotNext = this.hotNext;
    let h = 0;
    for (let p = hotNext; need !== 0 && h < HOT; h++) {
      p = p === 0 ? HOT - 1 : p - 1;
      const a = hot[p]!;
      if (a === 0) break;
      const k = hotK[p]!;
      const x = G[a]! ^ G[n - k - a]!;
      if ((need >>> x) & 1) {
        need ^= 1 << x;
        witness[x * Q + q] = a;
        witnessK[x * Q + q] = k;
        if (h >= 4) promote(hot, hotK, hotNext, p, h);
      }
    }
    this.stats.hot += h;
    if (need !== 0) {
      let scanned = 0;
      outer: for (let i = 0; i < split2.length; i++) {
        const r = n - split2[i]!;
        let a = 1;
        let b = r - 1;
        for (; a < b; a++, b--) {
          const x = G[a]! ^ G[b]!;
          if ((need >>> x) & 1) {
            need ^= 1 << x;
            witness[x * Q + q] = a;
            witnessK[x * Q + q] = split2[i]!;
            hot[hotNext] = a;
            hotK[hotNext] = split2[i]!;
            hotNext = hotNext + 1 === HOT ? 0 : hotNext + 1;
            if (need === 0) break;
          }
        }
        scanned += a;
        if (need === 0) break;
        if (a === b && split2Unequal[i] === 0) {
          const x = G[a]! ^ G[b]!;
          if ((need >>> x) & 1) {
            need ^= 1 << x;
            if (need === 0) break outer;
          }
        }
      }
      this.stats.scanned += scanned;
    }
    this.hotNext = hotNext;
    return need;
  }

  /** The sparse-space path with values of any size: options reached are stamped into `seen`. */
  private sparseWide(to: number): void {
    const { whole, take, split2, split2Unequal, t } = this.moves;
    const nsplit = split2.length;
    const pos = this.cls.pos;
    const pi = this.pi;
    const bits = this.bits;
    const W = 1 << bits;
    const typeOf = this.typeOf;
    const [common0, common1] = this.commonType;
    const [rareT0, rareT1] = this.rareType;
    const counts = this.counts;
    const Q = this.witnessPeriod;
    const witness = this.witness;
    const witnessK = this.witnessK;
    const seen = this.seen;
    const hot = this.hot;
    const hotK = this.hotK;
    let hotNext = this.hotNext;
    let hotChecked = 0;
    const below = new Int32Array(nsplit);
    const G = this.G;
    let rare = this.rare;
    let rc = this.rareCount;
    let scanned = 0;
    let cached = 0;
    const from = this.n;
    let n = from;
    let q = n % Q;
    for (; n < to; n++, q++, q = q === Q ? 0 : q) {
      const stamp = n + 1;
      if (n <= t && whole[n] === 1) seen[0] = stamp;
      for (let i = 0; i < take.length; i++) {
        const k = take[i]!;
        if (k < n) seen[G[n - k]!] = stamp;
      }
      for (let i = 0; i < nsplit; i++) {
        const r = n - split2[i]!;
        let end = below[i]!;
        while (end < rc && rare[end]! < r) end++;
        below[i] = end;
        if (split2Unequal[i] === 1 && (r & 1) === 0) {
          const equal = r >> 1;
          for (let j = 0; j < end; j++) {
            const a = rare[j]!;
            if (a !== equal) seen[G[a]! ^ G[r - a]!] = stamp;
          }
        } else {
          for (let j = 0; j < end; j++) {
            const a = rare[j]!;
            seen[G[a]! ^ G[r - a]!] = stamp;
          }
        }
      }
      const sigma = pos & (n ^ pi);
      const commonList = sigma === 0 ? common0 : common1;
      let c = W;
      for (let i = 0; i < commonList.length; i++) {
        const v = commonList[i]!;
        if (seen[v] !== stamp) {
          c = v;
          break;
        }
      }
      const rareList = sigma === 0 ? rareT0 : rareT1;
      let need = 0;
      for (let i = 0; i < rareList.length; i++) {
        const v = rareList[i]!;
        if (v >= c) break;
        if (seen[v] !== stamp) {
          const a = witness[v * Q + q]!;
          if (a !== 0 && (G[a]! ^ G[n - witnessK[v * Q + q]! - a]!) === v) seen[v] = stamp;
          else need++;
        }
      }
      cached++;
      for (let h = 0, p = hotNext; need > 0 && h < HOT; h++) {
        p = p === 0 ? HOT - 1 : p - 1;
        const a = hot[p]!;
        if (a === 0) break;
        const k = hotK[p]!;
        const x = G[a]! ^ G[n - k - a]!;
        if (x < c && seen[x] !== stamp) {
          seen[x] = stamp;
          witness[x * Q + q] = a;
          witnessK[x * Q + q] = k;
          need--;
          if (h >= 4) promote(hot, hotK, hotNext, p, h);
        }
        hotChecked++;
      }
      if (need > 0) {
        outer: for (let i = 0; i < nsplit; i++) {
          const r = n - split2[i]!;
          let a = 1;
          let b = r - 1;
          for (; a < b; a++, b--) {
            const x = G[a]! ^ G[b]!;
            if (x < c && seen[x] !== stamp) {
              seen[x] = stamp;
              witness[x * Q + q] = a;
              witnessK[x * Q + q] = split2[i]!;
              hot[hotNext] = a;
              hotK[hotNext] = split2[i]!;
              hotNext = hotNext + 1 === HOT ? 0 : hotNext + 1;
              if (--need === 0) {
                scanned += a;
                break outer;
              }
            }
          }
          scanned += a;
          if (a === b && split2Unequal[i] === 0) {
            const x = G[a]! ^ G[b]!;
            if (x < c && seen[x] !== stamp) {
              seen[x] = stamp;
              if (--need === 0) break outer;
            }
          }
        }
      }
      let g = c;
      if (need > 0) {
        for (let i = 0; i < rareList.length; i++) {
          const v = rareList[i]!;
          if (seen[v] !== stamp) {
            g = v;
            break;
          }
        }
      }
      let isRare: boolean;
      if (g > this.maxValue) {
        this.record(n, g);
        isRare = parity(g & this.cls.mask) === sigma;
      } else {
        G[n] = g;
        if (n >= 1) counts[(g << 1) | ((n ^ pi) & 1)]!++;
        isRare = typeOf[g] === sigma;
      }
      if (n >= 1 && isRare) {
        rc = this.pushRare(n, rc);
        rare = this.rare;
      }
      if (this.bits !== bits || rc >= this.recheckRare) {
        n++;
        break;
      }
    }
    this.stats.sparse += n - from;
    this.stats.scanned += scanned;
    this.stats.cached += cached;
    this.stats.hot += hotChecked;
    this.hotNext = hotNext;
    this.n = n;
    this.rareCount = rc;
  }

  private pushRare(a: number, rc: number): number {
    if (rc === this.rare.length) {
      const r = new Int32Array(2 * rc);
      r.set(this.rare);
      this.rare = r;
    }
    this.rare[rc] = a;
    return rc + 1;
  }

  /**
   * Chooses the class again from the counts (one transform for every mask) and keeps the current one
   * unless another has fewer rare heaps; falls back to the plain path when even the best has too many.
   */
  private recheck(): void {
    if (this.n >= this.nextCheck) this.nextCheck = 2 * this.nextCheck;
    if (!this.sparseAllowed) {
      this.nextCheck = Infinity;
      return;
    }
    this.stats.rechosen++;
    // The local period is looked at from 2^12 heaps on, at powers of two (it is cheap then).
    if (this.n >= 4096 && (this.n & (this.n - 1)) === 0) {
      const Q = this.localPeriod();
      if (Q !== this.witnessPeriod) {
        this.witnessPeriod = Q;
        this.resetWitnesses();
      }
    }
    const best = this.bestClass();
    const heaps = this.n - 1;
    const current = this.cls.mask !== 0 ? this.rareCount : Infinity;
    if (best.rare > MAX_RARE_FRACTION * heaps) {
      if (this.cls.mask !== 0) this.stats.changed++;
      this.cls = { mask: 0, pos: 0 };
      this.rareCount = 0;
      this.plainInstead = false;
      return;
    }
    if (best.rare < current) {
      this.useClass(best.cls);
      this.stats.changed++;
    }
    this.recheckRare = Math.max(2 * this.rareCount, this.rareCount + 64);
    this.plainInstead = this.bits > 5 && this.rareCount > this.maxRareFractionWide * heaps;
  }

  /** The class with the fewest rare heaps among G(1..n-1), by one Walsh–Hadamard transform. */
  private bestClass(): { cls: SparseClass; rare: number } {
    const bits = Math.min(this.bits, MAX_MASK_BITS);
    const size = 2 << bits;
    const h = new Float64Array(size);
    const counts = this.counts;
    for (let x = 0; x < counts.length; x++) if (counts[x] !== 0) h[x & (size - 1)]! += counts[x]!;
    walshHadamard(h);
    const heaps = Math.max(this.n - 1, 0);
    let bestF = 0;
    let bestRare = Infinity;
    // F = (M << 1) | s; M = 0 is no class at all. Rare = even parity: (heaps + h[F]) / 2 of them.
    for (let F = 2; F < size; F++) {
      if (F & 1 && !this.posAllowed) continue;
      const r = (heaps + h[F]!) / 2;
      if (r < bestRare) {
        bestRare = r;
        bestF = F;
      }
    }
    if (bestF === 0) return { cls: { mask: 0, pos: 0 }, rare: Infinity };
    return { cls: { mask: bestF >> 1, pos: (bestF & 1) as 0 | 1 }, rare: bestRare };
  }

  /** Switches to `cls` and rebuilds the rare list and type tables. */
  private useClass(cls: SparseClass): void {
    this.cls = cls;
    this.typeTables();
    const { mask, pos } = cls;
    let rc = 0;
    const G = this.G;
    for (let a = 1; a < this.n; a++) if ((parity(G[a]! & mask) ^ (pos & (a ^ this.pi))) === 0) rc = this.pushRare(a, rc);
    this.rareCount = rc;
    this.recheckRare = Math.max(2 * rc, rc + 64);
  }

  private typeTables(): void {
    const W = 1 << this.bits;
    const mask = this.cls.mask;
    const typeOf = new Uint8Array(W);
    const ones: number[] = [];
    const zeros: number[] = [];
    for (let v = 0; v < W; v++) {
      typeOf[v] = parity(v & mask);
      (typeOf[v] ? ones : zeros).push(v);
    }
    this.typeOf = typeOf;
    // With sigma = 0 the common-type values have parity 1; with sigma = 1, parity 0.
    this.commonType = [Int32Array.from(ones), Int32Array.from(zeros)];
    this.rareType = [Int32Array.from(zeros), Int32Array.from(ones)];
    if (W <= 32) {
      const bitsOf = (vs: number[]): number => vs.reduce((m, v) => m | (1 << v), 0);
      this.rareTypeBits = Int32Array.of(bitsOf(zeros), bitsOf(ones));
    }
    this.resetWitnesses();
  }

  private resetWitnesses(): void {
    const size = (1 << this.bits) * this.witnessPeriod;
    this.witness = new Int32Array(size);
    this.witnessK = new Int32Array(size);
  }

  /**
   * The P in 1..24 with G(m) = G(m - P) for the most m among the last (up to 512) heaps: the local
   * period the witness cache is keyed by (1 when no P holds for a quarter of them).
   */
  private localPeriod(): number {
    const G = this.G;
    const end = this.n;
    const start = Math.max(1, end - 512);
    const span = end - start;
    const counts: number[] = [0];
    let bestCount = 0;
    for (let P = 1; P <= 24 && 4 * P <= span; P++) {
      let count = this.wasm?.agreements(G, P, start + P, end);
      if (count === undefined) {
        count = 0;
        for (let m = start + P; m < end; m++) if (G[m] === G[m - P]) count++;
      }
      counts.push(count);
      bestCount = Math.max(bestCount, count);
    }
    if (bestCount < span / 4) return 1;
    // The least P nearly as good as the best (a multiple of the local period is about as good).
    return counts.findIndex((c) => c >= 0.9 * bestCount);
  }
}
