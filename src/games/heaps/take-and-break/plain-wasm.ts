/**
 * The WebAssembly form of the kernel's plain path for codes whose splits leave at most two heaps
 * (wasm/plain.ts, compiled by `npm run build` into plain.wasm beside this file). The kernel's G stays its
 * own (in the narrow path's memory or an ordinary array); this instance keeps a 16-bit copy of it, brought
 * up to date before each call (only the values written since the last one) and read back after it.
 *
 * Its memory never grows: growing a WebAssembly memory detaches its old buffer, which makes V8 check every
 * typed-array access of the process from then on (narrow-wasm.ts). When the copy of G needs more room, a
 * new instance with a new memory takes over (the old memory is dropped, not detached).
 *
 * The memory layout below is the one place it is written down; the module reads every offset from the
 * parameter block.
 */
import { wasmModuleLoader } from '../wasm-module.js';
import type { NarrowMoves } from './narrow-wasm.js';

/** Slots of the parameter block (i32 at offset 4 * slot), as wasm/plain.ts names them. */
const Slot = {
  N: 0,
  To: 1,
  NTake: 2,
  NSplit: 3,
  T: 4,
  GPtr: 5,
  Limit: 6,
  TakePtr: 7,
  SplitPtr: 8,
  UnequalPtr: 9,
  WholePtr: 10,
  Wider: 11,
  SetsPtr: 12,
  Span: 13,
  Stride: 14,
} as const;

const PAGE = 65536;
/** The most tokens a move of a code handled here removes (tables below sized for it). */
const MAX_T = 255;
/** Bytes 64..1023 are the module's scratch (wasm/plain.ts: LANES at 512). seen: a byte per value at this fixed address (wasm/plain.ts: SEEN); values below 2^16 are stored, the mex can be one more. */
const SEEN_AT = 1024;
const SEEN_SIZE = 65536 + 16;
const TAKE_AT = SEEN_AT + SEEN_SIZE;
const SPLIT_AT = TAKE_AT + 4 * (MAX_T + 1);
const UNEQUAL_AT = SPLIT_AT + 4 * (MAX_T + 1);
const WHOLE_AT = UNEQUAL_AT + MAX_T + 1;
/**
 * The ring of split sets S(r) (wasm/plain.ts, for two split digits or more) starts here: one set of
 * STRIDE bytes (a byte per value and 16 to spare for the SIMD OR) per r in a window of `span`, the largest
 * split digit less the least, plus one. G follows it, 2 bytes per heap.
 */
const SETS_AT = Math.ceil((WHOLE_AT + MAX_T + 1) / 64) * 64;
const STRIDE = 65536 + 64;
/** Heaps of the first instance's room; each new instance at least doubles it. */
const FIRST_ROOM = 1 << 16;
/** Heap numbers are i32 in the module and G's room stays below 2 GiB. */
const MAX_ROOM = 2 ** 30 - 2 ** 20;

/** The compiled module, or null when plain.wasm is not there (the JavaScript path then runs). */
const plainModule = wasmModuleLoader(new URL('./plain.wasm', import.meta.url));

/** Whether plain.wasm was built and compiles here (the tests insist on it). */
export function plainWasmAvailable(): boolean {
  return plainModule() !== null;
}

/** The moves as the module reads them (two-heap splits only): the sparse paths' moves, and which splits leave unequal heaps. */
export interface PlainMoves extends NarrowMoves {
  readonly split2Unequal: Uint8Array;
}

/** One instance: a memory with room for `room` heaps of G and the seen stamps. */
class Instance {
  readonly memory: WebAssembly.Memory;
  readonly plain: () => number;
  readonly slots: Int32Array;
  readonly G: Uint16Array;

  constructor(module: WebAssembly.Module, moves: PlainMoves, readonly room: number) {
    const ks = moves.split2;
    const span = ks.length >= 2 ? ks[ks.length - 1]! - ks[0]! + 1 : 0;
    const gAt = SETS_AT + span * STRIDE;
    const pages = Math.ceil((gAt + 2 * room) / PAGE);
    this.memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory, abort: () => { throw new Error('plain.wasm aborted'); } } });
    this.plain = instance.exports['plain'] as () => number;
    const buffer = this.memory.buffer;
    this.slots = new Int32Array(buffer, 0, 16);
    this.G = new Uint16Array(buffer, gAt, room);
    const s = this.slots;
    s[Slot.NTake] = moves.take.length;
    s[Slot.NSplit] = moves.split2.length;
    s[Slot.T] = moves.t;
    s[Slot.GPtr] = gAt;
    s[Slot.SetsPtr] = SETS_AT;
    s[Slot.Span] = span;
    s[Slot.Stride] = STRIDE;
    s[Slot.TakePtr] = TAKE_AT;
    s[Slot.SplitPtr] = SPLIT_AT;
    s[Slot.UnequalPtr] = UNEQUAL_AT;
    s[Slot.WholePtr] = WHOLE_AT;
    new Int32Array(buffer, TAKE_AT, moves.take.length).set(moves.take);
    new Int32Array(buffer, SPLIT_AT, moves.split2.length).set(moves.split2);
    new Uint8Array(buffer, UNEQUAL_AT, moves.split2Unequal.length).set(moves.split2Unequal);
    new Uint8Array(buffer, WHOLE_AT, moves.whole.length).set(moves.whole);
  }
}

/** What a call did: the heaps done, and heap n's value when it needs more than 16 bits (not stored). */
export interface PlainRun {
  n: number;
  wider?: number;
}

/**
 * The plain path of one kernel. `run` takes the kernel's G (any element type; values below 2^16) and
 * writes G(n..) into the 16-bit copy, which `G` then shows; the caller records them.
 */
export class PlainWasm {
  private instance: Instance | undefined;
  /** G(0..synced-1) in the copy equal the kernel's. */
  private synced = 0;

  private constructor(
    private readonly module: WebAssembly.Module,
    private readonly moves: PlainMoves,
  ) {}

  /** An instance for these moves, or undefined when the module is missing or the code is outside its tables. */
  static create(moves: PlainMoves): PlainWasm | undefined {
    const module = plainModule();
    if (!module || moves.t > MAX_T) return undefined;
    return new PlainWasm(module, moves);
  }

  /** The 16-bit copy of G (valid for the heaps done). */
  get G(): Uint16Array {
    return this.instance!.G;
  }

  /** Whether a run to `to` heaps fits (the copy's room stays below 2 GiB). */
  fits(to: number): boolean {
    return to <= MAX_ROOM;
  }

  /**
   * G(n..to-1) from the kernel's G(0..n-1) (values below 2^16). Returns the heaps done; `wider` when
   * heap n's value needs more than 16 bits.
   */
  run(kernelG: Uint8Array | Uint16Array | Int32Array, maxValue: number, n: number, to: number): PlainRun {
    let inst = this.instance;
    if (!inst || to > inst.room) {
      const room = Math.min(MAX_ROOM, Math.max(FIRST_ROOM, to, inst ? 2 * inst.room : 0));
      inst = new Instance(this.module, this.moves, room);
      this.instance = inst;
      this.synced = 0;
    }
    // A kernel restored from a checkpoint starts again below what was synced.
    if (n < this.synced) this.synced = 0;
    if (this.synced < n) inst.G.set(kernelG.subarray(this.synced, n), this.synced);
    const s = inst.slots;
    s[Slot.N] = n;
    s[Slot.To] = to;
    // A power of two above every value so far: every XOR of two values is below it.
    s[Slot.Limit] = 2 ** (32 - Math.clz32(maxValue));
    const wider = inst.plain();
    const done = s[Slot.N]!;
    this.synced = done;
    return wider === 1 ? { n: done, wider: s[Slot.Wider]! } : { n: done };
  }
}
