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
 * (stampSplits) and each mark is one byte store whose address is the XOR itself (seen at a fixed address).
 *
 * The memory is the caller's (imported): every table but seen is at an offset the caller writes into the
 * slots below, so the layout lives in one place (plain-wasm.ts). G holds 16-bit values; a value that does not fit
 * is not stored and the call returns 1 with it in slot WIDER (the caller goes on in JavaScript).
 */

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

/** The largest value G holds (16 bits); the mex of heap n can be at most this plus one. */
const MAX_VALUE: i32 = 0xffff;
/**
 * seen[v] (a byte, 1 when value v is reached at the heap at hand) is at this fixed address, so that a
 * stamp is one store with the XOR as its address (plain-wasm.ts puts the other tables after it).
 */
const SEEN: usize = 1024;

@inline function slot(i: usize): i32 {
  return load<i32>(i << 2);
}
@inline function setSlot(i: usize, v: i32): void {
  store<i32>(i << 2, v);
}
@inline function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

let G: usize = 0;

@inline function g(i: i32): i32 {
  return <i32>load<u16>(G + (<usize>i << 1));
}
@inline function stampAt(v: i32): void {
  store<u8>(<usize>v, 1, SEEN);
}

/** The 16-bit lanes of a vector in reverse order. */
@inline function reversed(v: v128): v128 {
  return i8x16.shuffle(v, v, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
}

/**
 * Stamps G(a) ^ G(r - a) for 1 <= a < r - a (and a = r - a when `equal`). Eight splits per turn: the
 * small heaps a..a+7 are one load, the big heaps b-7..b another, reversed, and the eight XORs are one
 * instruction; the stamps stay stores one by one.
 */
function stampSplits(r: i32, equal: bool): void {
  let a = 1;
  let b = r - 1;
  for (; a + 7 < b - 7; a += 8, b -= 8) {
    const x = v128.xor(v128.load(G + (<usize>a << 1)), reversed(v128.load(G + (<usize>(b - 7) << 1))));
    stampAt(i16x8.extract_lane_u(x, 0));
    stampAt(i16x8.extract_lane_u(x, 1));
    stampAt(i16x8.extract_lane_u(x, 2));
    stampAt(i16x8.extract_lane_u(x, 3));
    stampAt(i16x8.extract_lane_u(x, 4));
    stampAt(i16x8.extract_lane_u(x, 5));
    stampAt(i16x8.extract_lane_u(x, 6));
    stampAt(i16x8.extract_lane_u(x, 7));
  }
  for (; a < b; a++, b--) stampAt(g(a) ^ g(b));
  if (a == b && equal) stampAt(0);
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
  for (let n = slot(N); n < to; n++) {
    memory.fill(SEEN, 0, <usize>limit + 1);
    if (n <= t && load<u8>(whole + <usize>n) == 1) stampAt(0);
    for (let i = 0; i < nTake; i++) {
      const k = i32At(take, i);
      if (k < n) stampAt(g(n - k));
    }
    for (let i = 0; i < nSplit; i++) stampSplits(n - i32At(split, i), load<u8>(unequal + <usize>i) == 0);
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
