/**
 * The WebAssembly form of the kernel's sparse-space path for values of 6 to 12 bits (wasm/wide.ts,
 * compiled by `npm run build` into wide.wasm beside this file), run on the kernel's memory (narrow-wasm.ts),
 * where G lives as bytes or 16-bit values. Like the narrow one, a call copies the kernel's small tables
 * in (rare list, counts, type table, witness cache, ring of witnesses) and back, and runs until the kernel
 * must look at its class again.
 *
 * Its tables lie in the room narrow-wasm.ts keeps for them (WIDE_AT .. WIDE_AT + WIDE_ROOM); the layout
 * below is the one place it is written down, and the module reads every offset from the parameter block.
 */
import { wasmModuleLoader } from '../wasm-module.js';
import { readRun, writeRun, WIDE_AT, WIDE_ROOM, type NarrowMoves, type NarrowRun, type NarrowWasm } from './narrow-wasm.js';

/** Slots of the parameter block (i32 at WIDE_AT + 4 * slot), as wasm/wide.ts names them. */
const Slot = {
  N: 0,
  To: 1,
  Rc: 2,
  MaxValue: 3,
  MaxAt: 4,
  Pos: 5,
  Pi: 6,
  Bits: 7,
  Period: 8,
  HotNext: 9,
  RecheckRare: 10,
  NTake: 11,
  NSplit: 12,
  T: 13,
  GPtr: 14,
  GWide: 15,
  RarePtr: 16,
  CountsPtr: 17,
  WitnessPtr: 18,
  WitnessKPtr: 19,
  HotPtr: 20,
  HotKPtr: 21,
  TakePtr: 22,
  SplitPtr: 23,
  UnequalPtr: 24,
  WholePtr: 25,
  TypePtr: 26,
  MarksPtr: 27,
  RangesPtr: 28,
  Wider: 29,
  StatsPtr: 30,
  HotGPtr: 31,
} as const;

/** The widest values the module takes: 2^12 (each lane's marks are 4096 bytes); wider ones run in JavaScript. */
export const WIDE_MAX_BITS = 12;
const MAX_W = 1 << WIDE_MAX_BITS;
/** The most tokens a move of a code handled here removes. */
const MAX_T = 255;
const HOT = 2048;
/** Local periods up to 24 (kernel.ts: localPeriod). */
const MAX_PERIOD = 24;
/** Bytes between two lanes' marks (wasm/wide.ts: STRIDE), 16 lanes. */
const STRIDE = MAX_W + 64;

const STATS_AT = WIDE_AT + 128;
const TAKE_AT = WIDE_AT + 256;
const SPLIT_AT = TAKE_AT + 4 * (MAX_T + 1);
const UNEQUAL_AT = SPLIT_AT + 4 * (MAX_T + 1);
const WHOLE_AT = UNEQUAL_AT + MAX_T + 1;
const RANGES_AT = WHOLE_AT + MAX_T + 1;
/** The type table is read 16 values at a time, a little past W. */
const TYPE_AT = RANGES_AT + 16 * (MAX_T + 1);
const COUNTS_AT = Math.ceil((TYPE_AT + MAX_W + 16) / 64) * 64;
const HOT_AT = COUNTS_AT + 4 * 2 * MAX_W;
const HOT_K_AT = HOT_AT + 4 * HOT;
/** The ring in the module: a, k + a and G(a) (wasm/wide.ts). */
const HOT_G_AT = HOT_K_AT + 4 * HOT;
const WITNESS_AT = HOT_G_AT + 4 * HOT;
const WITNESS_K_AT = WITNESS_AT + 4 * MAX_W * MAX_PERIOD;
const MARKS_AT = Math.ceil((WITNESS_K_AT + 4 * MAX_W * MAX_PERIOD) / 64) * 64;
const END = MARKS_AT + 16 * STRIDE + 16;
if (END > WIDE_AT + WIDE_ROOM) throw new Error(`wide-wasm.ts: its tables (${END - WIDE_AT} bytes) pass the room narrow-wasm.ts keeps (${WIDE_ROOM})`);

/** The compiled module, or null when wide.wasm is not there (the JavaScript path then runs). */
const wideModule = wasmModuleLoader(new URL('./wide.wasm', import.meta.url));

/** Whether wide.wasm was built and compiles here (the tests insist on it). */
export function wideWasmAvailable(): boolean {
  return wideModule() !== null;
}

export interface WideMoves extends NarrowMoves {
  readonly split2Unequal: Uint8Array;
}

/** The kernel's state a call reads and updates (the arrays in place). */
export interface WideState {
  n: number;
  /** G in the memory: bytes or 16-bit values. */
  G: Uint8Array | Uint16Array;
  rare: Int32Array;
  rareCount: number;
  maxValue: number;
  maxAt: number;
  pos: number;
  pi: number;
  bits: number;
  /** typeOf[v] = parity(v & mask), v < 2^bits. */
  typeOf: Uint8Array;
  witnessPeriod: number;
  witness: Int32Array;
  witnessK: Int32Array;
  hot: Int32Array;
  hotK: Int32Array;
  hotNext: number;
  recheckRare: number;
  counts: Float64Array;
}

/** What a call reports: the narrow path's fields (narrow-wasm.ts readRun reads both modules' slots). */
export type WideRun = NarrowRun;

/** The wide module, instantiated on one kernel's memory. */
export class WideWasm {
  private readonly wide: (at: number) => number;

  private constructor(
    module: WebAssembly.Module,
    private readonly memory: NarrowWasm,
    moves: WideMoves,
  ) {
    const instance = new WebAssembly.Instance(module, { env: { memory: memory.wasmMemory, abort: () => { throw new Error('wide.wasm aborted'); } } });
    this.wide = instance.exports['wide'] as (at: number) => number;
    const buffer = memory.wasmMemory.buffer;
    const slots = new Int32Array(buffer, WIDE_AT, 32);
    slots[Slot.NTake] = moves.take.length;
    slots[Slot.NSplit] = moves.split2.length;
    slots[Slot.T] = moves.t;
    new Int32Array(buffer, TAKE_AT, moves.take.length).set(moves.take);
    new Int32Array(buffer, SPLIT_AT, moves.split2.length).set(moves.split2);
    new Uint8Array(buffer, UNEQUAL_AT, moves.split2Unequal.length).set(moves.split2Unequal);
    new Uint8Array(buffer, WHOLE_AT, moves.whole.length).set(moves.whole);
  }

  /** The module on `memory` for these moves, or undefined when it is missing or the code is outside its tables. */
  static create(memory: NarrowWasm, moves: WideMoves): WideWasm | undefined {
    const module = wideModule();
    if (!module || moves.t > MAX_T || moves.split2.length === 0) return undefined;
    try {
      return new WideWasm(module, memory, moves);
    } catch {
      return undefined;
    }
  }

  /** Whether a call can run with these values and this rare list (else the JavaScript wide path runs). */
  fits(G: ArrayBufferView, bits: number, witnessPeriod: number, rareLimit: number): boolean {
    return this.memory.holds(G) && bits <= WIDE_MAX_BITS && witnessPeriod <= MAX_PERIOD && this.memory.fits(rareLimit);
  }

  /** G(n..to-1) of the wide path: updates `state`'s arrays in place and returns the rest. */
  run(state: WideState, to: number): WideRun {
    const { gAt, rareAt, rareRoom } = this.memory.layout;
    const buffer = this.memory.wasmMemory.buffer;
    const W = 1 << state.bits;
    const slots = new Int32Array(buffer, WIDE_AT, 32);
    writeRun(state, to, slots, Slot);
    slots[Slot.GPtr] = gAt;
    slots[Slot.GWide] = state.G instanceof Uint16Array ? 1 : 0;
    slots[Slot.RarePtr] = rareAt;
    slots[Slot.CountsPtr] = COUNTS_AT;
    slots[Slot.WitnessPtr] = WITNESS_AT;
    slots[Slot.WitnessKPtr] = WITNESS_K_AT;
    slots[Slot.HotPtr] = HOT_AT;
    slots[Slot.HotKPtr] = HOT_K_AT;
    slots[Slot.HotGPtr] = HOT_G_AT;
    slots[Slot.TakePtr] = TAKE_AT;
    slots[Slot.SplitPtr] = SPLIT_AT;
    slots[Slot.UnequalPtr] = UNEQUAL_AT;
    slots[Slot.WholePtr] = WHOLE_AT;
    slots[Slot.TypePtr] = TYPE_AT;
    slots[Slot.MarksPtr] = MARKS_AT;
    slots[Slot.RangesPtr] = RANGES_AT;
    slots[Slot.StatsPtr] = STATS_AT;
    const wLength = state.witness.length;
    if (W > MAX_W || wLength > MAX_W * MAX_PERIOD) throw new Error(`wide.wasm: values of ${state.bits} bits, a witness table of ${wLength} entries (at most ${WIDE_MAX_BITS} bits, ${MAX_W * MAX_PERIOD} entries)`);
    new Uint8Array(buffer, TYPE_AT, W).set(state.typeOf.subarray(0, W));
    const counts = new Int32Array(buffer, COUNTS_AT, 2 * W);
    for (let i = 0; i < 2 * W; i++) counts[i] = state.counts[i]!;
    const witness = new Int32Array(buffer, WITNESS_AT, wLength);
    const witnessK = new Int32Array(buffer, WITNESS_K_AT, wLength);
    const hot = new Int32Array(buffer, HOT_AT, HOT);
    const hotKA = new Int32Array(buffer, HOT_K_AT, HOT);
    const hotG = new Int32Array(buffer, HOT_G_AT, HOT);
    witness.set(state.witness);
    witnessK.set(state.witnessK);
    hot.set(state.hot);
    for (let p = 0; p < HOT; p++) {
      const a = state.hot[p]!;
      hotKA[p] = a === 0 ? 0 : state.hotK[p]! + a;
      hotG[p] = state.G[a]!;
    }
    // The module stops once the list reaches recheckRare (fits() checked the room for it).
    const rare = new Int32Array(buffer, rareAt, rareRoom);
    rare.set(state.rare.subarray(0, state.rareCount));

    const wider = this.wide(WIDE_AT);

    for (let i = 0; i < 2 * W; i++) state.counts[i] = counts[i]!;
    state.witness.set(witness);
    state.witnessK.set(witnessK);
    state.hot.set(hot);
    for (let p = 0; p < HOT; p++) state.hotK[p] = hot[p] === 0 ? 0 : hotKA[p]! - hot[p]!;
    return readRun(state, slots, Slot, rare, new Float64Array(buffer, STATS_AT, 3), wider === 1);
  }
}
