/**
 * The plain path of the take-and-break kernel for codes whose splits leave at most two heaps, in
 * WebAssembly (AssemblyScript, compiled by `npm run build` into
 * dist/src/games/heaps/take-and-break/plain.wasm).
 *
 * The same algorithm as TakeAndBreakKernel.plainRange (src/games/heaps/take-and-break/kernel.ts): for each
 * heap n, every option's value is marked in `seen` (kernel.ts stamps seen[v] = n + 1; here seen is a byte per
 * value, cleared for each heap up to a power of two above every value so far), then G(n) is the least
 * value not marked. Tests check it against that path on every code 0.d1d2d3 and 4.d1d2. It is the kernel's cost
 * where no sparse space pays (O(n) splits per heap and split digit); here eight splits are one SIMD XOR
 * (markSplits) and each mark is one byte store; with two split digits or more, the splits of each r are
 * marked once, in a set that every heap r + k reads.
 *
 * The memory is the caller's (imported): every table but seen is at an offset the caller writes into the
 * slots below, so the layout lives in one place (plain-wasm.ts). G holds 16-bit values; a value that does not fit
 * is not stored and the call returns 1 with it in slot WIDER (the caller goes on in JavaScript).
 */
import { i32At, setSlot, slot } from './common';

// Slots of the parameter block at offset 0 (i32 each): plain-wasm.ts writes and reads them.
const N: usize = 0;
const TO: usize = 1;
const N_TAKE: usize = 2;
const N_SPLIT: usize = 3;
const T: usize = 4;
const G_PTR: usize = 5;
const LIMIT: usize = 6;
const TAKE_PTR: usize = 7;
const SPLIT_PTR: usize = 8;
const UNEQUAL_PTR: usize = 9;
const WHOLE_PTR: usize = 10;
const WIDER: usize = 11;
const SETS_PTR: usize = 12;
const SPAN: usize = 13;
const STRIDE: usize = 14;

/** The largest value G holds (16 bits); the mex of heap n can be at most this plus one. */
const MAX_VALUE: i32 = 0xffff;
/**
 * seen[v] (a byte, 1 when value v is reached at the heap at hand) is at this fixed address, so that a
 * stamp is one store with the XOR as its address (plain-wasm.ts puts the other tables after it).
 */
const SEEN: usize = 1024;
/**
 * A scratch vector (plain-wasm.ts leaves bytes 64..1023 free): the eight XORs are stored here and read back
 * as scalars, cheaper than eight lane extractions (pextrw is two micro-ops on the vector ports; the reloads
 * go to the load ports). Measured 11% less CPU on 0.371 to 2^17.
 */
const LANES: usize = 512;

let G: usize = 0;

@inline function g(i: i32): i32 {
  return <i32>load<u16>(G + (<usize>i << 1));
}
@inline function stampAt(v: i32): void {
  store<u8>(<usize>v, 1, SEEN);
}
@inline function markAt(base: usize, v: i32): void {
  store<u8>(base + <usize>v, 1);
}

/** The 16-bit lanes of a vector in reverse order. */
@inline function reversed(v: v128): v128 {
  return i8x16.shuffle(v, v, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
}

/**
 * Marks at base + (G(a) ^ G(r - a)) for 1 <= a < r - a (the split a = r - a, value 0, is the caller's).
 * Eight splits per turn: the small heaps a..a+7 are one load, the big heaps b-7..b another, reversed, and
 * the eight XORs are one instruction; the marks stay stores one by one, their addresses read back from LANES.
 */
function markSplits(base: usize, r: i32): void {
  let a = 1;
  let b = r - 1;
  for (; a + 7 < b - 7; a += 8, b -= 8) {
    const x = v128.xor(v128.load(G + (<usize>a << 1)), reversed(v128.load(G + (<usize>(b - 7) << 1))));
    v128.store(LANES, x);
    markAt(base, <i32>load<u16>(LANES));
    markAt(base, <i32>load<u16>(LANES, 2));
    markAt(base, <i32>load<u16>(LANES, 4));
    markAt(base, <i32>load<u16>(LANES, 6));
    markAt(base, <i32>load<u16>(LANES, 8));
    markAt(base, <i32>load<u16>(LANES, 10));
    markAt(base, <i32>load<u16>(LANES, 12));
    markAt(base, <i32>load<u16>(LANES, 14));
  }
  for (; a < b; a++, b--) markAt(base, g(a) ^ g(b));
}

/**
 * With two split digits or more, the set S(r) = {G(a) ^ G(r - a) : 1 <= a < r - a} serves every heap
 * r + k, k a split digit: each S(r) is computed once, into a ring of `span` byte sets (span = the largest
 * split digit less the least, plus one; set r at sets + (r mod span) * stride), and heap n ORs the sets
 * S(n - k) together, sixteen bytes at a time. The bytes past `limit` of a set are zero: no value reached
 * that far when any set was written, and limit only grows.
 */
let sets: usize = 0;
let span: i32 = 0;
let stride: usize = 0;

@inline function setOf(r: i32): usize {
  return sets + <usize>(r % span) * stride;
}

function computeSet(r: i32, limit: i32): void {
  const base = setOf(r);
  memory.fill(base, 0, <usize>limit + 1);
  markSplits(base, r);
}

/** seen[0 .. limit] = the OR of S(n - k) over the split digits k (those with n - k >= 0). */
function gatherSets(n: i32, split: usize, nSplit: i32, limit: i32): void {
  memory.fill(SEEN, 0, <usize>limit + 1);
  const bytes = <usize>limit + 1;
  for (let i = 0; i < nSplit; i++) {
    const r = n - i32At(split, i);
    if (r < 0) continue;
    const from = setOf(r);
    for (let j: usize = 0; j < bytes; j += 16) v128.store(SEEN + j, v128.or(v128.load(SEEN + j), v128.load(from + j)));
  }
}

/** G(n..to-1); returns 0, or 1 when heap n's value needs more than 16 bits (it is in slot WIDER, unstored, and slot N is n). */
export function plain(): i32 {
  G = <usize>slot(G_PTR);
  const take = <usize>slot(TAKE_PTR);
  const split = <usize>slot(SPLIT_PTR);
  const unequal = <usize>slot(UNEQUAL_PTR);
  const whole = <usize>slot(WHOLE_PTR);
  const nTake = slot(N_TAKE);
  const nSplit = slot(N_SPLIT);
  const t = slot(T);
  const to = slot(TO);
  // Every XOR of two values is below `limit` (a power of two above every value so far).
  let limit = slot(LIMIT);
  const from = slot(N);
  const shared = nSplit >= 2;
  // The least split digit is split[0], the largest split[nSplit - 1] (ascending).
  const kLeast = nSplit > 0 ? i32At(split, 0) : 0;
  if (shared) {
    sets = <usize>slot(SETS_PTR);
    span = slot(SPAN);
    stride = <usize>slot(STRIDE);
    // The sets the first heap reads besides its own newest one: computed by earlier heaps, perhaps in
    // another path, so computed again here.
    for (let r = max(from - i32At(split, nSplit - 1), 0); r < from - kLeast; r++) computeSet(r, limit);
  }
  for (let n = from; n < to; n++) {
    if (shared) {
      if (n - kLeast >= 0) computeSet(n - kLeast, limit);
      gatherSets(n, split, nSplit, limit);
    } else {
      memory.fill(SEEN, 0, <usize>limit + 1);
      if (nSplit == 1 && n - kLeast >= 0) markSplits(SEEN, n - kLeast);
    }
    // The split of r = n - k into two equal heaps (value 0), where the digit allows it.
    for (let i = 0; i < nSplit; i++) {
      const r = n - i32At(split, i);
      if (r >= 2 && (r & 1) == 0 && load<u8>(unequal + <usize>i) == 0) stampAt(0);
    }
    if (n <= t && load<u8>(whole + <usize>n) == 1) stampAt(0);
    for (let i = 0; i < nTake; i++) {
      const k = i32At(take, i);
      if (k < n) stampAt(g(n - k));
    }
    // seen[limit] is 0: the mex is at most limit.
    let v = 0;
    while (load<u8>(<usize>v, SEEN) != 0) v++;
    if (v > MAX_VALUE) {
      setSlot(N, n);
      setSlot(WIDER, v);
      return 1;
    }
    store<u16>(G + (<usize>n << 1), <u16>v);
    if (v >= limit) limit <<= 1;
  }
  setSlot(LIMIT, limit);
  setSlot(N, to);
  return 0;
}
