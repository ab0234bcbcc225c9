/**
 * The sparse-space path of the take-and-break kernel for values of any width up to 2^12, in WebAssembly
 * (AssemblyScript, compiled by `npm run build` into dist/src/games/heaps/take-and-break/wide.wasm).
 *
 * The same algorithm as TakeAndBreakKernel.sparseWide (src/games/heaps/take-and-break/kernel.ts, whose
 * comments explain it), step for step: the splits with a rare heap, the common candidate c, the witness
 * cache, the ring of recent witnesses with its promotions, the scan, in the same order, so both give the
 * same values and the same counters; tests check it against that path. What differs is how the options
 * reached are kept and gathered:
 * - each heap of a block of 16 has its own marks, one byte per value (lane j's at marks + j * STRIDE),
 *   cleared when the block starts, where the JavaScript path stamps one array heap by heap;
 * - the splits with a rare heap a are gathered for the 16 heaps of the block at once: the values
 *   G(r - a .. r - a + 15) are one or two 16-byte loads, XORed with G(a), widened to 32 bits and added to
 *   the lanes' mark addresses, and each lane's value marks its own byte (one extract, one store);
 * - the ring of recent witnesses keeps k + a and G(a) beside a (G(a) never changes), and its loop runs
 *   in a function of its own up to the next hit; The splits whose big heap is not known when the
 *   block starts (small rare heaps a < 16 - k, and rare heaps a >= n0 - k) and, for unequal splits, those
 *   whose two heaps may be equal in some lane (2a in r0 .. r0 + 15) are added heap by heap, as in narrow.ts;
 * - c and the rare-type values still needed are found 16 values at a time (a compare and a bitmask).
 * G holds bytes or 16-bit values (the kernel widens it in place when a value passes 255); the code is
 * written once, generic in the element type.
 *
 * The memory is the caller's (imported). wide(params) reads every offset from the parameter block at
 * `params`, so the layout lives in one place (wide-wasm.ts). Only codes whose splits leave two heaps come
 * here, with or without `!`.
 */
import { BLOCK, HOT, firstAtLeast, i32At, promotedTo, setI32At } from './common';

// Slots of the parameter block (i32 each): wide-wasm.ts writes and reads them.
const N: usize = 0;
const TO: usize = 1;
const RC: usize = 2;
const MAX_VALUE: usize = 3;
const MAX_AT: usize = 4;
const POS: usize = 5;
const PI: usize = 6;
const BITS: usize = 7;
const PERIOD: usize = 8;
const HOT_NEXT: usize = 9;
const RECHECK_RARE: usize = 10;
const N_TAKE: usize = 11;
const N_SPLIT: usize = 12;
const T: usize = 13;
const G_PTR: usize = 14;
const G_WIDE: usize = 15;
const RARE_PTR: usize = 16;
const COUNTS_PTR: usize = 17;
const WITNESS_PTR: usize = 18;
const WITNESS_K_PTR: usize = 19;
const HOT_PTR: usize = 20;
const HOT_K_PTR: usize = 21;
const TAKE_PTR: usize = 22;
const SPLIT_PTR: usize = 23;
const UNEQUAL_PTR: usize = 24;
const WHOLE_PTR: usize = 25;
const TYPE_PTR: usize = 26;
const MARKS_PTR: usize = 27;
const RANGES_PTR: usize = 28;
const WIDER: usize = 29;
const STATS_PTR: usize = 30;
const HOT_G_PTR: usize = 31;

/** Bytes between two lanes' marks: room for 4096 values, and 64 more so that the lanes fall in different cache sets. */
const STRIDE: usize = 4096 + 64;

let params: usize = 0;
@inline function slot(i: usize): i32 {
  return load<i32>(params + (i << 2));
}
@inline function setSlot(i: usize, v: i32): void {
  store<i32>(params + (i << 2), v);
}

// Set by wide() for the helpers below.
let G: usize = 0;
let rare: usize = 0;
let split: usize = 0;
let unequal: usize = 0;
let nSplit: i32 = 0;
let marks: usize = 0;
/** Values below 2^bits: W bytes of marks per lane. */
let W: i32 = 0;
/**
 * Per split digit i, four indices into the rare list, set when a block starts: [0] the small rare heaps
 * end (a < 16 - k), [1] and [2] the rare heaps whose two heaps may be equal in some lane (unequal
 * splits only), [3] the rare heaps >= r0 begin.
 */
let ranges: usize = 0;

@inline function g<T>(i: i32): i32 {
  return <i32>load<T>(G + (<usize>i << alignof<T>()));
}

@inline function clamp(x: i32, lo: i32, hi: i32): i32 {
  return x < lo ? lo : x > hi ? hi : x;
}

/**
 * Marks, in the 16 lanes of the block at n0, the splits with a rare heap a = rare[from..to) (both heaps
 * below n0 in every lane). The 16 values are widened to 32 bits and added to the lanes' mark addresses,
 * so that each lane's mark is one extract and one store.
 */
function gatherRange<T>(r0: i32, from: i32, to: i32): void {
  const s = <i32>STRIDE;
  const m = <i32>marks;
  const at0 = i32x4(m, m + s, m + 2 * s, m + 3 * s);
  const at1 = i32x4.add(at0, i32x4.splat(4 * s));
  const at2 = i32x4.add(at0, i32x4.splat(8 * s));
  const at3 = i32x4.add(at0, i32x4.splat(12 * s));
  for (let j = from; j < to; j++) {
    const a = i32At(rare, j);
    const b = G + (<usize>(r0 - a) << alignof<T>());
    let lo: v128;
    let hi: v128;
    if (sizeof<T>() == 1) {
      const x = v128.xor(v128.load(b), i8x16.splat(<i8>load<u8>(G + <usize>a)));
      lo = i16x8.extend_low_i8x16_u(x);
      hi = i16x8.extend_high_i8x16_u(x);
    } else {
      const ga = i16x8.splat(<i16>load<u16>(G + (<usize>a << 1)));
      lo = v128.xor(v128.load(b), ga);
      hi = v128.xor(v128.load(b, 16), ga);
    }
    const v0 = i32x4.add(i32x4.extend_low_i16x8_u(lo), at0);
    const v1 = i32x4.add(i32x4.extend_high_i16x8_u(lo), at1);
    const v2 = i32x4.add(i32x4.extend_low_i16x8_u(hi), at2);
    const v3 = i32x4.add(i32x4.extend_high_i16x8_u(hi), at3);
      store<u8>(<usize>i32x4.extract_lane(v0, 0), 1);
      store<u8>(<usize>i32x4.extract_lane(v0, 1), 1);
      store<u8>(<usize>i32x4.extract_lane(v0, 2), 1);
      store<u8>(<usize>i32x4.extract_lane(v0, 3), 1);
      store<u8>(<usize>i32x4.extract_lane(v1, 0), 1);
      store<u8>(<usize>i32x4.extract_lane(v1, 1), 1);
      store<u8>(<usize>i32x4.extract_lane(v1, 2), 1);
      store<u8>(<usize>i32x4.extract_lane(v1, 3), 1);
      store<u8>(<usize>i32x4.extract_lane(v2, 0), 1);
      store<u8>(<usize>i32x4.extract_lane(v2, 1), 1);
      store<u8>(<usize>i32x4.extract_lane(v2, 2), 1);
      store<u8>(<usize>i32x4.extract_lane(v2, 3), 1);
      store<u8>(<usize>i32x4.extract_lane(v3, 0), 1);
      store<u8>(<usize>i32x4.extract_lane(v3, 1), 1);
      store<u8>(<usize>i32x4.extract_lane(v3, 2), 1);
      store<u8>(<usize>i32x4.extract_lane(v3, 3), 1);
  }
}

/**
 * Starts the block of heaps n0 .. n0+15: clears the lanes' marks and marks the splits with a rare heap
 * whose both heaps are below n0 in every lane: the rare heaps a with 16 - k <= a < n0 - k, less (for
 * unequal splits) those with r0 <= 2a <= r0 + 15. With n0 < 32 none (all are added heap by heap).
 */
function gatherBlock<T>(n0: i32, rc: i32): void {
  for (let j = 0; j < BLOCK; j++) memory.fill(marks + <usize>j * STRIDE, 0, <usize>W);
  for (let i = 0; i < nSplit; i++) {
    const k = i32At(split, i);
    const r0 = n0 - k;
    const small = n0 < 32 ? 0 : firstAtLeast(rare, rc, 16 - k);
    const recent = n0 < 32 ? 0 : firstAtLeast(rare, rc, r0);
    let midFrom = small;
    let midTo = small;
    if (n0 >= 32 && load<u8>(unequal + <usize>i) !== 0) {
      midFrom = clamp(firstAtLeast(rare, rc, (r0 + 1) >> 1), small, recent);
      midTo = clamp(firstAtLeast(rare, rc, ((r0 + 15) >> 1) + 1), midFrom, recent);
    }
    const at = ranges + (<usize>i << 4);
    store<i32>(at, small);
    store<i32>(at, midFrom, 4);
    store<i32>(at, midTo, 8);
    store<i32>(at, recent, 12);
    gatherRange<T>(r0, small, midFrom);
    gatherRange<T>(r0, midTo, recent);
  }
}

/** Marks the splits a + (r - a) = r with a rare heap a = rare[from..to), a < r, leaving out a = r - a when `skip`. */
@inline function markSplits<T>(lane: usize, r: i32, from: i32, to: i32, skip: bool): void {
  for (let j = from; j < to; j++) {
    const a = i32At(rare, j);
    if (a >= r) break;
    if (skip && a + a === r) continue;
    store<u8>(lane + <usize>(g<T>(a) ^ g<T>(r - a)), 1);
  }
}

/** The splits of heap n with a rare heap that gatherBlock left out. */
function splitsLeftOut<T>(lane: usize, n: i32, rc: i32): void {
  for (let i = 0; i < nSplit; i++) {
    const r = n - i32At(split, i);
    const skip = load<u8>(unequal + <usize>i) !== 0;
    const at = ranges + (<usize>i << 4);
    markSplits<T>(lane, r, 0, load<i32>(at), skip);
    markSplits<T>(lane, r, load<i32>(at, 4), load<i32>(at, 8), skip);
    markSplits<T>(lane, r, load<i32>(at, 12), rc, skip);
  }
}

/**
 * The bits of the values v0 .. v0+15 whose mark is 0 and whose type (0/1) is `type` (one compare of 16
 * marks and 16 types). Values past W may come out set; the callers look no further than W.
 */
@inline function unmarked(lane: usize, types: usize, type: i32, v0: i32): i32 {
  const free = v128.and(i8x16.eq(v128.load(lane + <usize>v0), i8x16.splat(0)), i8x16.eq(v128.load(types + <usize>v0), i8x16.splat(<i8>type)));
  return i8x16.bitmask(free);
}

/** The least value v < W whose mark is 0 and whose type is `type`, else W. */
function leastUnmarked(lane: usize, types: usize, type: i32): i32 {
  for (let v = 0; v < W; v += 16) {
    const bits = unmarked(lane, types, type, v);
    if (bits !== 0) return min(v + ctz(bits), W);
  }
  return W;
}

/**
 * The ring of recent witnesses is three arrays here: the smaller heap a, k + a (k the tokens removed,
 * so that the big heap of heap n's split is n - (k + a); 0 for an unused entry), and G(a), which never
 * changes once computed. wide-wasm.ts converts from and to the kernel's (a, k).
 */
let hot: usize = 0;
let hotKA: usize = 0;
let hotG: usize = 0;

@inline function setRing(p: i32, a: i32, ka: i32, ga: i32): void {
  setI32At(hot, p, a);
  setI32At(hotKA, p, ka);
  setI32At(hotG, p, ga);
}

/** kernel.ts's promote: a hit at depth h changes places with the entry at depth h / 2. */
function promote(next: i32, p: i32, h: i32): void {
  const to = promotedTo(next, h);
  const a = i32At(hot, to);
  const ka = i32At(hotKA, to);
  const ga = i32At(hotG, to);
  setRing(to, i32At(hot, p), i32At(hotKA, p), i32At(hotG, p));
  setRing(p, a, ka, ga);
}

/** Set by ringPiece: the entries it looked at, and whether it met the ring's unused end. */
let checked: i32 = 0;
let ringEnded: bool = false;

/**
 * The ring entries p = from-1 down to `end` (depth h0 at from - 1) for the `need` rare-type values still
 * unreached at heap n, as kernel.ts's sparseWide tries them; returns what is still needed. Every value
 * from c up is marked already (see run), so a hit is an unmarked value. A function of its own, called
 * for each of the ring's two linear pieces, whose inner loop (up to the next hit) keeps its few values
 * in registers.
 */
function ringPiece<T>(lane: usize, from: i32, end: i32, h0: i32, need: i32, n: i32, Q: i32, q: i32, hotNext: i32): i32 {
  const ringKA = hotKA;
  const ringG = hotG;
  const base = G;
  ringEnded = false;
  let p = from - 1;
  while (need > 0) {
    // The next entry whose split reaches an unmarked value, or the piece's end, or an unused entry.
    let x = 0;
    for (; p >= end; p--) {
      const ka = i32At(ringKA, p);
      if (ka === 0) break;
      x = i32At(ringG, p) ^ <i32>load<T>(base + (<usize>(n - ka) << alignof<T>()));
      if (load<u8>(lane + <usize>x) === 0) break;
    }
    if (p < end) break;
    if (i32At(ringKA, p) === 0) {
      ringEnded = true;
      break;
    }
    store<u8>(lane + <usize>x, 1);
    const witness = <usize>slot(WITNESS_PTR);
    const witnessK = <usize>slot(WITNESS_K_PTR);
    const a = i32At(hot, p);
    setI32At(witness, x * Q + q, a);
    setI32At(witnessK, x * Q + q, i32At(ringKA, p) - a);
    need--;
    const h = h0 + (from - 1 - p);
    if (h >= 4) promote(hotNext, p, h);
    p--;
  }
  checked = from - 1 - p;
  return need;
}

/**
 * G(n..to-1) as TakeAndBreakKernel.sparseWide computes them, from and into the parameter block at
 * `at`. Returns 0 when it stopped after a heap (at `to`, or when the rare list reached the recheck
 * mark), 1 when heap n's value needs more bits than the tables have (slot WIDER holds it; heap n is
 * not stored).
 */
export function wide(at: usize): i32 {
  params = at;
  return slot(G_WIDE) !== 0 ? run<u16>() : run<u8>();
}

function run<T>(): i32 {
  let n = slot(N);
  const to = slot(TO);
  let rc = slot(RC);
  let maxValue = slot(MAX_VALUE);
  let maxAt = slot(MAX_AT);
  const pos = slot(POS);
  const pi = slot(PI);
  const bits = slot(BITS);
  const Q = slot(PERIOD);
  let hotNext = slot(HOT_NEXT);
  const recheckRare = slot(RECHECK_RARE);
  const nTake = slot(N_TAKE);
  const t = slot(T);
  G = <usize>slot(G_PTR);
  rare = <usize>slot(RARE_PTR);
  split = <usize>slot(SPLIT_PTR);
  unequal = <usize>slot(UNEQUAL_PTR);
  nSplit = slot(N_SPLIT);
  marks = <usize>slot(MARKS_PTR);
  ranges = <usize>slot(RANGES_PTR);
  W = 1 << bits;
  const counts = <usize>slot(COUNTS_PTR);
  const witness = <usize>slot(WITNESS_PTR);
  const witnessK = <usize>slot(WITNESS_K_PTR);
  hot = <usize>slot(HOT_PTR);
  hotKA = <usize>slot(HOT_K_PTR);
  hotG = <usize>slot(HOT_G_PTR);
  const take = <usize>slot(TAKE_PTR);
  const whole = <usize>slot(WHOLE_PTR);
  const types = <usize>slot(TYPE_PTR);
  let scanned: i64 = 0;
  let cached: i64 = 0;
  let hotChecked: i64 = 0;
  let result = 0;
  let q = n % Q;
  let laneIndex = BLOCK;
  for (; n < to; n++) {
    if (laneIndex === BLOCK) {
      laneIndex = 0;
      gatherBlock<T>(n, rc);
    }
    const lane = marks + <usize>laneIndex * STRIDE;
    laneIndex++;
    splitsLeftOut<T>(lane, n, rc);
    if (n <= t && load<u8>(whole + <usize>n) !== 0) store<u8>(lane, 1);
    for (let i = 0; i < nTake; i++) {
      const k = i32At(take, i);
      if (k < n) store<u8>(lane + <usize>g<T>(n - k), 1);
    }
    // Common-type values have type 1 ^ sigma, rare-type values type sigma.
    const sigma = pos & (n ^ pi);
    const c = leastUnmarked(lane, types, sigma ^ 1);
    // Values from c up are marked as if reached: what follows looks only for unreached values below c
    // (the JavaScript path's test x < c), and the least unreached rare-type value, if any, is below c.
    if (c < W) memory.fill(lane + <usize>c, 1, <usize>(W - c));
    // The rare-type values below c not reached: each first tried in the witness cache.
    let need = 0;
    for (let v0 = 0; v0 < c; v0 += 16) {
      let rest = unmarked(lane, types, sigma, v0);
      if (c - v0 < 16) rest &= (1 << (c - v0)) - 1;
      for (; rest !== 0; rest &= rest - 1) {
        const v = v0 + ctz(rest);
        const a = i32At(witness, v * Q + q);
        if (a !== 0 && (g<T>(a) ^ g<T>(n - i32At(witnessK, v * Q + q) - a)) === v) store<u8>(lane + <usize>v, 1);
        else need++;
      }
    }
    cached++;
    // The ring of recent witnesses, most recent first: its two linear pieces.
    need = ringPiece<T>(lane, hotNext, 0, 0, need, n, Q, q, hotNext);
    hotChecked += <i64>checked;
    if (need > 0 && !ringEnded) {
      need = ringPiece<T>(lane, HOT, hotNext, hotNext, need, n, Q, q, hotNext);
      hotChecked += <i64>checked;
    }
    // Every split, stopped as soon as every value needed is reached.
    if (need > 0) {
      for (let i = 0; i < nSplit; i++) {
        const k = i32At(split, i);
        const r = n - k;
        let a = 1;
        let b = r - 1;
        let done = false;
        for (; a < b; a++, b--) {
          const x = g<T>(a) ^ g<T>(b);
          if (load<u8>(lane + <usize>x) === 0) {
            store<u8>(lane + <usize>x, 1);
            setI32At(witness, x * Q + q, a);
            setI32At(witnessK, x * Q + q, k);
            setRing(hotNext, a, k + a, g<T>(a));
            hotNext = hotNext + 1 === HOT ? 0 : hotNext + 1;
            if (--need === 0) {
              done = true;
              break;
            }
          }
        }
        scanned += <i64>a;
        if (done) break;
        if (a === b && load<u8>(unequal + <usize>i) === 0) {
          const x = g<T>(a) ^ g<T>(b);
          if (load<u8>(lane + <usize>x) === 0) {
            store<u8>(lane + <usize>x, 1);
            if (--need === 0) break;
          }
        }
      }
    }
    const value = need > 0 ? leastUnmarked(lane, types, sigma) : c;
    if (value > maxValue) {
      if (value >> bits !== 0) {
        setSlot(WIDER, value);
        result = 1;
        break;
      }
      maxValue = value;
      maxAt = n;
    }
    store<T>(G + (<usize>n << alignof<T>()), <T>value);
    if (n >= 1) {
      const at = counts + (<usize>((value << 1) | ((n ^ pi) & 1)) << 2);
      store<i32>(at, load<i32>(at) + 1);
      if (<i32>load<u8>(types + <usize>value) === sigma) setI32At(rare, rc++, n);
    }
    q++;
    if (q === Q) q = 0;
    if (rc >= recheckRare) {
      n++;
      break;
    }
  }
  setSlot(N, n);
  setSlot(RC, rc);
  setSlot(MAX_VALUE, maxValue);
  setSlot(MAX_AT, maxAt);
  setSlot(HOT_NEXT, hotNext);
  const stats = <usize>slot(STATS_PTR);
  store<f64>(stats, <f64>scanned);
  store<f64>(stats, <f64>cached, 8);
  store<f64>(stats, <f64>hotChecked, 16);
  return result;
}
