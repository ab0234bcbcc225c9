/**
 * What the take-and-break kernel's WebAssembly modules (narrow.ts, wide.ts, plain.ts) share: the
 * parameter block at offset 0, the i32 tables, the ring of recent witnesses and the rare list. Each module
 * is its own `asc` entry (package.json: build:wasm), and this file is compiled into each; the helpers are
 * @inline, so sharing them costs the hot loops nothing (the same code as when each module wrote them out).
 */

/** The ring of recent witnesses (kernel.ts: HOT). */
export const HOT: i32 = 2048;
/** Heaps per block (one SIMD vector of bytes). */
export const BLOCK: i32 = 16;

/** Slot i of the parameter block at offset 0 (narrow.ts, plain.ts; wide.ts's block is where the caller says). */
@inline export function slot(i: usize): i32 {
  return load<i32>(i << 2);
}
@inline export function setSlot(i: usize, v: i32): void {
  store<i32>(i << 2, v);
}

/** Entry i of the i32 table at `base`. */
@inline export function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}
@inline export function setI32At(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** The first index in rare[0..rc) whose heap is >= v (the rare heaps ascend). */
export function firstAtLeast(rare: usize, rc: i32, v: i32): i32 {
  let lo = 0;
  let hi = rc;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (i32At(rare, mid) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where kernel.ts's promote moves a ring hit at depth h: to depth h / 2 (next is the slot after the newest entry). */
@inline export function promotedTo(next: i32, h: i32): i32 {
  let to = next - 1 - (h >> 1);
  if (to < 0) to += HOT;
  return to;
}
