/**
 * The WebAssembly form of the kernel's sparse-space path for values below 32 (wasm/narrow.ts, compiled
 * by `npm run build` into narrow.wasm beside this file), and the kernel's WebAssembly memory: one per
 * kernel, which holds the values G (bytes, widened in place to 16 bits when a value passes 255), so that
 * the JavaScript paths (plain, wide) and the WebAssembly ones (narrow here, wide in wide-wasm.ts, on the
 * same memory) read and write the same array. The small tables (rare list, counts, witness cache, ring of
 * witnesses) stay the kernel's: they are copied in before a call and back after it, and a call runs until
 * the kernel must look at its class again, so there are a few dozen calls in a run.
 *
 * The memory layout below is the one place it is written down (wide-wasm.ts lays out its own tables
 * within the room WIDE_AT .. WIDE_AT + WIDE_ROOM); the modules read every offset from their parameter blocks.
 */
import { wasmModuleLoader } from '../wasm-module.js';
import { javaScriptScans, type ValueScans } from './certificate.js';

/** Slots of the parameter block (i32 at offset 4 * slot), as wasm/narrow.ts names them. */
const Slot = {
  N: 0,
  To: 1,
  Rc: 2,
  MaxValue: 3,
  MaxAt: 4,
  Pos: 5,
  Pi: 6,
  Bits: 7,
  RareBits0: 8,
  RareBits1: 9,
  Period: 10,
  HotNext: 11,
  RecheckRare: 12,
  NTake: 13,
  NSplit: 14,
  T: 15,
  GPtr: 16,
  RarePtr: 17,
  CountsPtr: 18,
  WitnessPtr: 19,
  WitnessKPtr: 20,
  HotPtr: 21,
  HotKPtr: 22,
  TakePtr: 23,
  SplitPtr: 24,
  WholePtr: 25,
  Wider: 26,
  ScratchPtr: 30,
} as const;
/** The counters as f64 (they pass 2^31 in a long call): splits scanned, heaps settled past the cache, ring entries tried. */
const STATS_AT = 128;

const PAGE = 65536;
/** The most tokens a move of a code handled here removes (tables below sized for it). */
const MAX_T = 255;
const HOT = 2048;
/** Values below 32 and local periods up to 24 (kernel.ts: localPeriod): witness tables of 32 * 24 entries. */
const WITNESS = 32 * 24;
const COUNTS_AT = STATS_AT + 3 * 8 + 104;
const SCRATCH_AT = COUNTS_AT + 64 * 4;
const TAKE_AT = SCRATCH_AT + 128 + 2 * 4 * (MAX_T + 1);
const SPLIT_AT = TAKE_AT + 4 * (MAX_T + 1);
const WHOLE_AT = SPLIT_AT + 4 * (MAX_T + 1);
const WITNESS_AT = WHOLE_AT + MAX_T + 1;
const WITNESS_K_AT = WITNESS_AT + 4 * WITNESS;
const HOT_AT = WITNESS_K_AT + 4 * WITNESS;
const HOT_K_AT = HOT_AT + 4 * HOT;
/** The wide path's tables (wide-wasm.ts lays them out). */
export const WIDE_AT = Math.ceil((HOT_K_AT + 4 * HOT) / 64) * 64;
export const WIDE_ROOM = 2 ** 20;
/** G starts here, with 2 bytes of room per heap (widened in place); the rare list follows G's room. */
const G_AT = WIDE_AT + WIDE_ROOM;
/** The most bytes a memory may have (65536 pages: wasm32's 4 GiB). */
const MAX_BYTES = 2 ** 32;
/** The least room for the rare list (entries); below it, no memory is made and the JavaScript paths run. */
const MIN_RARE_ROOM = 2 ** 16;
/**
 * The most heaps a memory holds: 2 bytes each and the least rare room within 4 GiB (2^31 - 2^20 heaps,
 * so heap numbers stay i32 in the modules). Past it the kernel keeps its values in an ordinary array.
 */
export const MAX_CAPACITY = Math.floor((MAX_BYTES - G_AT - 64 - 4 * MIN_RARE_ROOM) / 2 / 2 ** 20) * 2 ** 20;

/** The compiled module, or null when narrow.wasm is not there (the JavaScript path then runs). */
const narrowModule = wasmModuleLoader(new URL('./narrow.wasm', import.meta.url));

/** Whether narrow.wasm was built and compiles here (the tests insist on it). */
export function narrowWasmAvailable(): boolean {
  return narrowModule() !== null;
}

/** The moves as the module reads them. */
export interface NarrowMoves {
  readonly t: number;
  readonly whole: Uint8Array;
  readonly take: Int32Array;
  readonly split2: Int32Array;
}

/** The kernel's state a call reads and updates (the arrays in place). */
export interface NarrowState {
  n: number;
  rare: Int32Array;
  rareCount: number;
  maxValue: number;
  maxAt: number;
  pos: number;
  pi: number;
  bits: number;
  rareTypeBits: Int32Array;
  witnessPeriod: number;
  witness: Int32Array;
  witnessK: Int32Array;
  hot: Int32Array;
  hotK: Int32Array;
  hotNext: number;
  recheckRare: number;
  counts: Float64Array;
}

export interface NarrowRun {
  /** The heaps done, rare heaps, ring position and statistics after the call. */
  n: number;
  rareCount: number;
  maxValue: number;
  maxAt: number;
  hotNext: number;
  scanned: number;
  cached: number;
  hot: number;
  /** Heap n's value when it needs more bits than the tables have: not stored, the caller records it. */
  wider?: number;
}

/**
 * One kernel's instance. Its memory is allocated once, for the most values the kernel will hold, and never
 * grows: growing a memory detaches its old buffer, and the first detached buffer of a process makes V8
 * check every typed-array access of optimised code from then on (a byte loop ran 1.65x slower after one
 * grow, in every kernel of the process). The pages are the operating system's zero pages until written,
 * so a large allocation costs nothing for the values a run never reaches.
 */
export class NarrowWasm {
  private readonly memory: WebAssembly.Memory;
  private readonly narrow: () => number;
  /** The period tracker's scans of values in this memory (wasm/narrow.ts: tailStart, nextCandidate, holds). */
  readonly scans: ValueScans;
  private readonly agreementsIn: (at: number, wide: number, p: number, from: number, to: number) => number;
  /** The rare list's place and room (it follows G's room). */
  private readonly rareAt: number;
  private readonly rareRoom: number;

  private constructor(
    module: WebAssembly.Module,
    moves: NarrowMoves,
    /** The most values G may hold. */
    private readonly limit: number,
    pages: number,
  ) {
    this.memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    this.rareAt = NarrowWasm.rareAt(limit);
    this.rareRoom = Math.floor((pages * PAGE - this.rareAt) / 4);
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory, abort: () => { throw new Error('narrow.wasm aborted'); } } });
    this.narrow = instance.exports['narrow'] as () => number;
    this.scans = moduleScans(this.memory, instance.exports);
    this.agreementsIn = instance.exports['agreements'] as (at: number, wide: number, p: number, from: number, to: number) => number;
    const slots = new Int32Array(this.memory.buffer, 0, 32);
    slots[Slot.NTake] = moves.take.length;
    slots[Slot.NSplit] = moves.split2.length;
    slots[Slot.T] = moves.t;
    new Int32Array(this.memory.buffer, TAKE_AT, moves.take.length).set(moves.take);
    new Int32Array(this.memory.buffer, SPLIT_AT, moves.split2.length).set(moves.split2);
    new Uint8Array(this.memory.buffer, WHOLE_AT, moves.whole.length).set(moves.whole);
  }

  private static rareAt(limit: number): number {
    return Math.ceil((G_AT + 2 * limit + 64) / 8) * 8;
  }

  /**
   * An instance for these moves with room for `limit` values (2 bytes each), or undefined when the
   * module is missing, the code is outside its tables or `limit` passes MAX_CAPACITY. The rare list gets
   * room for half as many heaps as G (a sparse path runs while at most a quarter of the heaps are rare,
   * and the kernel looks at its class again when the list doubles), or what is left of the 4 GiB.
   */
  static create(moves: NarrowMoves, limit: number): NarrowWasm | undefined {
    const module = narrowModule();
    if (!module || moves.t > MAX_T || moves.split2.length === 0 || limit > MAX_CAPACITY) return undefined;
    const bytes = Math.min(NarrowWasm.rareAt(limit) + 4 * (Math.ceil(limit / 2) + 4096), MAX_BYTES);
    const pages = Math.ceil(bytes / PAGE);
    try {
      return new NarrowWasm(module, moves, limit, pages);
    } catch {
      return undefined;
    }
  }

  /**
   * The m in from..to-1 with G(m) = G(m - p), counted in the module (the kernel's local period: a few
   * thousand comparisons, cold in JavaScript); undefined when G lives elsewhere.
   */
  agreements(G: ArrayBufferView, p: number, from: number, to: number): number | undefined {
    return this.holds(G) ? this.agreementsIn(G.byteOffset, G instanceof Uint16Array ? 1 : 0, p, from, to) : undefined;
  }

  /** Whether `G` lives in this instance's memory (the module can run on it). */
  holds(G: ArrayBufferView): boolean {
    return G.buffer === this.memory.buffer;
  }

  /** The memory, for the wide module (wide-wasm.ts) to run on. */
  get wasmMemory(): WebAssembly.Memory {
    return this.memory;
  }

  /** Where G and the rare list start, and the room of the list (entries). */
  get layout(): { gAt: number; rareAt: number; rareRoom: number } {
    return { gAt: G_AT, rareAt: this.rareAt, rareRoom: this.rareRoom };
  }

  /**
   * The view of G for `capacity` values (those already there are kept), bytes or, when `wide`, 16-bit
   * values; undefined past the room.
   */
  values(capacity: number, wide = false): Uint8Array | Uint16Array | undefined {
    if (capacity > this.limit) return undefined;
    return wide ? new Uint16Array(this.memory.buffer, G_AT, capacity) : new Uint8Array(this.memory.buffer, G_AT, capacity);
  }

  /**
   * G(0..n-1), bytes, rewritten in place as 16-bit values (from the top down: value i goes to bytes 2i
   * and 2i + 1, which only held values above i), and the 16-bit view of `capacity` values.
   */
  widen(n: number, capacity: number): Uint16Array {
    const bytes = new Uint8Array(this.memory.buffer, G_AT, capacity);
    const wide = new Uint16Array(this.memory.buffer, G_AT, capacity);
    for (let i = n - 1; i >= 0; i--) wide[i] = bytes[i]!;
    return wide;
  }

  /** Whether a call for heaps n..to-1 has room for the rare list, which may reach `rareLimit` entries. */
  fits(rareLimit: number): boolean {
    return rareLimit + 16 <= this.rareRoom;
  }

  /** G(n..to-1) of the narrow path: updates `state`'s arrays in place and returns the rest. */
  run(state: NarrowState, to: number): NarrowRun {
    const rarePtr = this.rareAt;
    const buffer = this.memory.buffer;
    const slots = new Int32Array(buffer, 0, 32);
    writeRun(state, to, slots, Slot);
    slots[Slot.RareBits0] = state.rareTypeBits[0]!;
    slots[Slot.RareBits1] = state.rareTypeBits[1]!;
    slots[Slot.GPtr] = G_AT;
    slots[Slot.RarePtr] = rarePtr;
    slots[Slot.CountsPtr] = COUNTS_AT;
    slots[Slot.WitnessPtr] = WITNESS_AT;
    slots[Slot.WitnessKPtr] = WITNESS_K_AT;
    slots[Slot.HotPtr] = HOT_AT;
    slots[Slot.HotKPtr] = HOT_K_AT;
    slots[Slot.TakePtr] = TAKE_AT;
    slots[Slot.SplitPtr] = SPLIT_AT;
    slots[Slot.WholePtr] = WHOLE_AT;
    slots[Slot.ScratchPtr] = SCRATCH_AT;
    const wLength = state.witness.length;
    if (wLength > WITNESS) throw new Error(`narrow.wasm: a witness table of ${wLength} entries (at most ${WITNESS})`);
    const counts = new Int32Array(buffer, COUNTS_AT, 64);
    for (let i = 0; i < 64; i++) counts[i] = i < state.counts.length ? state.counts[i]! : 0;
    const witness = new Int32Array(buffer, WITNESS_AT, wLength);
    const witnessK = new Int32Array(buffer, WITNESS_K_AT, wLength);
    const hot = new Int32Array(buffer, HOT_AT, HOT);
    const hotK = new Int32Array(buffer, HOT_K_AT, HOT);
    witness.set(state.witness);
    witnessK.set(state.witnessK);
    hot.set(state.hot);
    hotK.set(state.hotK);
    // The module stops once the list reaches recheckRare (fits() checked the room for it).
    const rare = new Int32Array(buffer, rarePtr, this.rareRoom);
    rare.set(state.rare.subarray(0, state.rareCount));

    const wider = this.narrow();

    for (let i = 0; i < Math.min(64, state.counts.length); i++) state.counts[i] = counts[i]!;
    state.witness.set(witness);
    state.witnessK.set(witnessK);
    state.hot.set(hot);
    state.hotK.set(hotK);
    return readRun(state, slots, Slot, rare, new Float64Array(buffer, STATS_AT, 3), wider === 1);
  }
}

/**
 * The tracker's scans in the module for values in `memory` (a view of bytes or of 16-bit values, as the
 * kernel keeps G), in JavaScript for any others.
 */
function moduleScans(memory: WebAssembly.Memory, exports: WebAssembly.Instance['exports']): ValueScans {
  const tailStart = exports['tailStart'] as (at: number, wide: number, len: number, p: number) => number;
  const nextCandidate = exports['nextCandidate'] as (at: number, wide: number, len: number, from: number) => number;
  const holds = exports['holds'] as (at: number, wide: number, p: number, from: number, to: number) => number;
  const inMemory = (values: ArrayLike<number>): values is Uint8Array | Uint16Array =>
    (values instanceof Uint8Array || values instanceof Uint16Array) && values.buffer === memory.buffer;
  const wide = (values: Uint8Array | Uint16Array): number => (values instanceof Uint16Array ? 1 : 0);
  return {
    tailStart: (values, len, p) => (inMemory(values) ? tailStart(values.byteOffset, wide(values), len, p) : javaScriptScans.tailStart(values, len, p)),
    nextCandidate: (values, len, from) => (inMemory(values) ? nextCandidate(values.byteOffset, wide(values), len, from) : javaScriptScans.nextCandidate(values, len, from)),
    holds: (values, p, from, to) => (inMemory(values) ? holds(values.byteOffset, wide(values), p, from, to) === 1 : javaScriptScans.holds(values, p, from, to)),
  };
}

/** Where a sparse-path module (narrow.wasm, wide.wasm) reads a call's state and leaves what it reports, in its parameter block. */
export interface RunSlots {
  readonly N: number;
  readonly To: number;
  readonly Rc: number;
  readonly MaxValue: number;
  readonly MaxAt: number;
  readonly Pos: number;
  readonly Pi: number;
  readonly Bits: number;
  readonly Period: number;
  readonly HotNext: number;
  readonly RecheckRare: number;
  readonly Wider: number;
}

/**
 * The state both sparse paths (narrow.wasm, wide.wasm) start a call from, into the module's slots: the
 * heaps to do, the rare list's count, the largest value, the P-position parity (pos, pi), the value bits,
 * the witness period, the ring position and the recheck mark. readRun reads the same slots back.
 */
export function writeRun(state: Pick<NarrowState, 'n' | 'rareCount' | 'maxValue' | 'maxAt' | 'pos' | 'pi' | 'bits' | 'witnessPeriod' | 'hotNext' | 'recheckRare'>, to: number, slots: Int32Array, at: RunSlots): void {
  slots[at.N] = state.n;
  slots[at.To] = to;
  slots[at.Rc] = state.rareCount;
  slots[at.MaxValue] = state.maxValue;
  slots[at.MaxAt] = state.maxAt;
  slots[at.Pos] = state.pos;
  slots[at.Pi] = state.pi;
  slots[at.Bits] = state.bits;
  slots[at.Period] = state.witnessPeriod;
  slots[at.HotNext] = state.hotNext;
  slots[at.RecheckRare] = state.recheckRare;
}

/**
 * What a call of a sparse-path module reports, read back from its memory: the rare heaps it appended join
 * the state's list (grown when full), and its counters (`stats`: scanned, cached, hot) come with the slots.
 */
export function readRun(state: { rare: Int32Array; rareCount: number }, slots: Int32Array, at: RunSlots, rare: Int32Array, stats: Float64Array, wider: boolean): NarrowRun {
  const rareCount = slots[at.Rc]!;
  let list = state.rare;
  if (rareCount > list.length) {
    list = new Int32Array(Math.max(rareCount, 2 * list.length));
    list.set(state.rare.subarray(0, state.rareCount));
  }
  list.set(rare.subarray(state.rareCount, rareCount), state.rareCount);
  state.rare = list;
  return {
    n: slots[at.N]!,
    rareCount,
    maxValue: slots[at.MaxValue]!,
    maxAt: slots[at.MaxAt]!,
    hotNext: slots[at.HotNext]!,
    scanned: stats[0]!,
    cached: stats[1]!,
    hot: stats[2]!,
    ...(wider ? { wider: slots[at.Wider]! } : {}),
  };
}
