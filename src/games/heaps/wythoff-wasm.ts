/**
 * The WebAssembly build of Wythoff's value table (wasm/wythoff.ts, compiled by `npm run build` into
 * wythoff.wasm beside this file): the same tiles and leapfrog mex as wythoff-values.ts's buildTriangle,
 * about twice as fast. The memory layout below is the one place it is written down; the module is told
 * every offset by init().
 *
 * One memory a table, allocated at its final size and never grown (a grown memory detaches its buffer,
 * which slows every typed-array access of the process: narrow-wasm.ts). The triangle G comes first and
 * is handed back as a view; the bitsets after it stay allocated as long as the table (a memory cannot
 * shrink): about 40% more than the triangle alone.
 */
import { wasmModuleLoader } from './wasm-module.js';

const PAGE = 65536;
/** The most bytes a memory may have (65536 pages). */
const MAX_BYTES = 2 ** 32;

/** The compiled module, or null when wythoff.wasm is not there (the JavaScript build then runs). */
const wythoffModule = wasmModuleLoader(new URL('./wythoff.wasm', import.meta.url));

/** Whether wythoff.wasm was built and compiles here (the tests insist on it). */
export function wythoffWasmAvailable(): boolean {
  return wythoffModule() !== null;
}

/** The sizes buildTriangle works with: side N, words W and summary words SW a line, TILE rows a band. */
export interface TriangleShape {
  readonly N: number;
  readonly W: number;
  readonly SW: number;
  readonly tile: number;
}

/** A build in progress: tile(y0, x0) fills one tile; G is the triangle (a view of the instance's memory). */
export interface WasmTriangle {
  readonly G: Uint32Array;
  tile(y0: number, x0: number): void;
}

/**
 * An instance laid out for this shape and these extra moves (k, l, k', l', ...), or undefined when the
 * module is missing or the memory would pass 4 GiB (the JavaScript build then runs).
 */
export function wasmTriangle(shape: TriangleShape, extra: readonly number[]): WasmTriangle | undefined {
  const module = wythoffModule();
  if (!module) return undefined;
  const { N, tile } = shape;
  // The module's lines are of 64-bit words, with a summary bit per word (64 a summary word).
  const W = (shape.W >>> 1) + 1;
  const SW = (W >>> 6) + 2;
  const S = N + 1;
  const cells = (S * (S + 1)) / 2;
  let end = 0;
  const place = (bytes: number): number => {
    const at = end;
    end += Math.ceil(bytes / 64) * 64;
    return at;
  };
  const G = place(4 * cells);
  const col = place(8 * S * W);
  const colSum = place(8 * S * SW);
  const diag = place(8 * S * W);
  const diagSum = place(8 * S * SW);
  const row = place(8 * tile * W);
  const rowSum = place(8 * tile * SW);
  const colMex = place(4 * S);
  const diagMex = place(4 * S);
  const rowMex = place(4 * tile);
  const extraAt = place(4 * extra.length);
  const extraValues = place(4 * extra.length);
  if (end > MAX_BYTES) return undefined;
  let memory: WebAssembly.Memory;
  try {
    const pages = Math.max(1, Math.ceil(end / PAGE));
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  } catch {
    return undefined;
  }
  const instance = new WebAssembly.Instance(module, { env: { memory, abort: () => { throw new Error('wythoff.wasm aborted'); } } });
  const init = instance.exports['init'] as (...offsets: number[]) => void;
  new Int32Array(memory.buffer, extraAt, extra.length).set(extra);
  init(tile, N, W, SW, G, col, colSum, diag, diagSum, row, rowSum, colMex, diagMex, rowMex, extraAt, extra.length, extraValues);
  return { G: new Uint32Array(memory.buffer, G, cells), tile: instance.exports['tile'] as (y0: number, x0: number) => void };
}
