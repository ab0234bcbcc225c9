/**
 * The sparse-space path of the take-and-break kernel for values below 32, in WebAssembly
 * (AssemblyScript, compiled by `npm run build` into dist/src/games/heaps/take-and-break/narrow.wasm).
 *
 * The same algorithm as TakeAndBreakKernel.sparseNarrow (src/games/heaps/take-and-break/kernel.ts, whose
 * comments explain it), step for step and with the same witness cache and ring of recent witnesses, so
 * both give the same values and the same statistics; tests check it against that path and the plain one.
 * Two things differ. The splits with a rare heap are gathered for 16 heaps at once with SIMD: the values
 * reached, 1 << (G(a) ^ G(r - a)), are bytes of four planes (bit v of the word is bit v & 7 of plane v >> 3),
 * set by i8x16.swizzle from the 16 values G(r - a .. r - a + 15) at once. A split whose big heap is not yet
 * known when the block starts (a small rare heap a, or a rare heap found inside the block) is added heap by
 * heap. And there is no warm-up: the module is compiled when it is instantiated, so the first heaps run at
 * the speed of the last (a JavaScript kernel runs its first thousands of heaps in the interpreter).
 *
 * The memory is the caller's (imported): every table is at an offset the caller writes into the slots
 * below, so the layout lives in one place (narrow-wasm.ts). Only heaps without unequal splits (no `!`)
 * and with two-heap splits only come here.
 */
import { BLOCK, HOT, firstAtLeast, i32At, promotedTo, setI32At, setSlot, slot } from './common';

// Slots of the parameter block at offset 0 (i32 each): narrow-wasm.ts writes and reads them.
const N: usize = 0;
const TO: usize = 1;
const RC: usize = 2;
const MAX_VALUE: usize = 3;
const MAX_AT: usize = 4;
const POS: usize = 5;
const PI: usize = 6;
const BITS: usize = 7;
const RARE_BITS0: usize = 8;
const RARE_BITS1: usize = 9;
const PERIOD: usize = 10;
const HOT_NEXT: usize = 11;
const RECHECK_RARE: usize = 12;
const N_TAKE: usize = 13;
const N_SPLIT: usize = 14;
const T: usize = 15;
const G_PTR: usize = 16;
const RARE_PTR: usize = 17;
const COUNTS_PTR: usize = 18;
const WITNESS_PTR: usize = 19;
const WITNESS_K_PTR: usize = 20;
const HOT_PTR: usize = 21;
const HOT_K_PTR: usize = 22;
const TAKE_PTR: usize = 23;
const SPLIT_PTR: usize = 24;
const WHOLE_PTR: usize = 25;
const WIDER: usize = 26;
const SCRATCH_PTR: usize = 30;
/** The counters (splits scanned, heaps settled past the cache, ring entries tried): f64 at this byte offset, as they pass 2^31 in one call. */
const STATS: usize = 128;

// Set by narrow() for the helpers below (module globals: the helpers are inlined by Binaryen).
let G: usize = 0;
let rare: usize = 0;
let split: usize = 0;
let nSplit: i32 = 0;
/** Per split digit i: the rare heaps rare[0 .. prefixEnd[i]) are below 16 - k (their splits are added heap by heap). */
let prefixEnd: usize = 0;
/** Per split digit i: rare[recentFrom[i] ..) are the rare heaps >= n0 - k of the block (heap by heap too). */
let recentFrom: usize = 0;
/** The 16 words of the block: bits of the values reached by the splits gathered with SIMD. */
let pre: usize = 0;
let planes: usize = 0;

@inline function g(i: i32): i32 {
  return <i32>load<u8>(G + <usize>i);
}

/**
 * The splits with a rare heap of the heaps n0 .. n0+15 whose both heaps are below n0, for every split
 * digit k: the rare heaps a with 16 - k <= a < n0 - k (then r - a < n0 in every lane). With n0 < 32 none
 * (all are added heap by heap).
 */
function gatherBlock(n0: i32, rc: i32): void {
  let p0 = i8x16.splat(0);
  let p1 = i8x16.splat(0);
  let p2 = i8x16.splat(0);
  let p3 = i8x16.splat(0);
  const low = v128(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  const high = v128(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
  const sixteen = i8x16.splat(16);
  for (let i = 0; i < nSplit; i++) {
    const k = i32At(split, i);
    const r0 = n0 - k;
    const small = n0 < 32 ? 0 : firstAtLeast(rare, rc, 16 - k);
    const recent = n0 < 32 ? 0 : firstAtLeast(rare, rc, r0);
    setI32At(prefixEnd, i, small);
    setI32At(recentFrom, i, recent);
    for (let j = small; j < recent; j++) {
      const a = i32At(rare, j);
      const x = v128.xor(v128.load(G + <usize>(r0 - a)), i8x16.splat(<i8>load<u8>(G + <usize>a)));
      const y = i8x16.sub(x, sixteen);
      p0 = v128.or(p0, i8x16.swizzle(low, x));
      p1 = v128.or(p1, i8x16.swizzle(high, x));
      p2 = v128.or(p2, i8x16.swizzle(low, y));
      p3 = v128.or(p3, i8x16.swizzle(high, y));
    }
  }
  v128.store(planes, p0);
  v128.store(planes, p1, 16);
  v128.store(planes, p2, 32);
  v128.store(planes, p3, 48);
  for (let j = 0; j < BLOCK; j++) {
    const at = planes + <usize>j;
    const word = <i32>load<u8>(at) | (<i32>load<u8>(at, 16) << 8) | (<i32>load<u8>(at, 32) << 16) | (<i32>load<u8>(at, 48) << 24);
    setI32At(pre, j, word);
  }
}

/** The splits of heap n with a rare heap that gatherBlock left out: small rare heaps, and rare heaps >= n0 - k. */
function splitsLeftOut(n: i32, rc: i32): i32 {
  let reached = 0;
  for (let i = 0; i < nSplit; i++) {
    const r = n - i32At(split, i);
    const small = i32At(prefixEnd, i);
    for (let j = 0; j < small; j++) {
      const a = i32At(rare, j);
      if (a >= r) break;
      reached |= 1 << (g(a) ^ g(r - a));
    }
    for (let j = i32At(recentFrom, i); j < rc; j++) {
      const a = i32At(rare, j);
      if (a >= r) break;
      reached |= 1 << (g(a) ^ g(r - a));
    }
  }
  return reached;
}

/** kernel.ts's promote: a hit at depth h changes places with the entry at depth h / 2. */
function promote(hot: usize, hotK: usize, next: i32, p: i32, h: i32): void {
  const to = promotedTo(next, h);
  const a = i32At(hot, to);
  const k = i32At(hotK, to);
  setI32At(hot, to, i32At(hot, p));
  setI32At(hotK, to, i32At(hotK, p));
  setI32At(hot, p, a);
  setI32At(hotK, p, k);
}

/**
 * G(n..to-1) as TakeAndBreakKernel.sparseNarrow computes them, from and into the parameter block.
 * Returns 0 when it stopped after a heap (at `to`, or when the rare list reached the recheck mark), 1
 * when heap n's value needs more bits than the tables have (slot WIDER holds it; heap n is not stored).
 */
export function narrow(): i32 {
  let n = slot(N);
  const to = slot(TO);
  let rc = slot(RC);
  let maxValue = slot(MAX_VALUE);
  let maxAt = slot(MAX_AT);
  const pos = slot(POS);
  const pi = slot(PI);
  const bits = slot(BITS);
  const rareBits0 = slot(RARE_BITS0);
  const rareBits1 = slot(RARE_BITS1);
  const Q = slot(PERIOD);
  let hotNext = slot(HOT_NEXT);
  const recheckRare = slot(RECHECK_RARE);
  const nTake = slot(N_TAKE);
  const t = slot(T);
  G = <usize>slot(G_PTR);
  rare = <usize>slot(RARE_PTR);
  split = <usize>slot(SPLIT_PTR);
  nSplit = slot(N_SPLIT);
  const counts = <usize>slot(COUNTS_PTR);
  const witness = <usize>slot(WITNESS_PTR);
  const witnessK = <usize>slot(WITNESS_K_PTR);
  const hot = <usize>slot(HOT_PTR);
  const hotK = <usize>slot(HOT_K_PTR);
  const take = <usize>slot(TAKE_PTR);
  const whole = <usize>slot(WHOLE_PTR);
  const scratch = <usize>slot(SCRATCH_PTR);
  pre = scratch;
  planes = scratch + 64;
  prefixEnd = scratch + 128;
  recentFrom = prefixEnd + (<usize>nSplit << 2);
  const all = bits >= 5 ? -1 : (1 << (1 << bits)) - 1;
  let scanned: i64 = 0;
  let cached: i64 = 0;
  let hotChecked: i64 = 0;
  let result = 0;
  let q = n % Q;
  let lane = BLOCK;
  for (; n < to; n++) {
    if (lane === BLOCK) {
      lane = 0;
      gatherBlock(n, rc);
    }
    let reached = i32At(pre, lane++) | splitsLeftOut(n, rc);
    if (n <= t && load<u8>(whole + <usize>n) !== 0) reached |= 1;
    for (let i = 0; i < nTake; i++) {
      const k = i32At(take, i);
      if (k < n) reached |= 1 << g(n - k);
    }
    const sigma = pos & (n ^ pi);
    const rareBits = sigma === 0 ? rareBits0 : rareBits1;
    const commonFree = ~reached & ~rareBits & all;
    const c = commonFree === 0 ? 1 << bits : ctz(commonFree);
    let need = ~reached & rareBits & (c >= 32 ? -1 : (1 << c) - 1);
    if (need !== 0) {
      // The witness cache: the split that reached v Q heaps ago.
      for (let rest = need; rest !== 0; rest &= rest - 1) {
        const v = ctz(rest);
        const a = i32At(witness, v * Q + q);
        if (a !== 0 && (g(a) ^ g(n - i32At(witnessK, v * Q + q) - a)) === v) need ^= 1 << v;
      }
      if (need !== 0) {
        cached++;
        // The ring of recent witnesses, most recent first.
        let h = 0;
        for (let p = hotNext; need !== 0 && h < HOT; h++) {
          p = p === 0 ? HOT - 1 : p - 1;
          const a = i32At(hot, p);
          if (a === 0) break;
          const k = i32At(hotK, p);
          const x = g(a) ^ g(n - k - a);
          if (((need >>> x) & 1) !== 0) {
            need ^= 1 << x;
            setI32At(witness, x * Q + q, a);
            setI32At(witnessK, x * Q + q, k);
            if (h >= 4) promote(hot, hotK, hotNext, p, h);
          }
        }
        hotChecked += <i64>h;
        // Every split, stopped as soon as every value needed is reached.
        if (need !== 0) {
          for (let i = 0; i < nSplit; i++) {
            const k = i32At(split, i);
            const r = n - k;
            let a = 1;
            let b = r - 1;
            for (; a < b; a++, b--) {
              const x = g(a) ^ g(b);
              if (((need >>> x) & 1) !== 0) {
                need ^= 1 << x;
                setI32At(witness, x * Q + q, a);
                setI32At(witnessK, x * Q + q, k);
                setI32At(hot, hotNext, a);
                setI32At(hotK, hotNext, k);
                hotNext = hotNext + 1 === HOT ? 0 : hotNext + 1;
                if (need === 0) break;
              }
            }
            scanned += <i64>a;
            if (need === 0) break;
            if (a === b && (need & 1) !== 0) {
              need ^= 1;
              if (need === 0) break;
            }
          }
        }
      }
    }
    const value = need !== 0 ? ctz(need) : c;
    if (value > maxValue) {
      if (value >> bits !== 0) {
        setSlot(WIDER, value);
        result = 1;
        break;
      }
      maxValue = value;
      maxAt = n;
    }
    store<u8>(G + <usize>n, <u8>value);
    if (n >= 1) {
      const at = counts + (<usize>((value << 1) | ((n ^ pi) & 1)) << 2);
      store<i32>(at, load<i32>(at) + 1);
      if (((rareBits >>> value) & 1) !== 0) setI32At(rare, rc++, n);
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
  store<f64>(STATS, <f64>scanned);
  store<f64>(STATS + 8, <f64>cached);
  store<f64>(STATS + 16, <f64>hotChecked);
  return result;
}

// The period tracker's scans of the values (certificate.ts: nextCandidate, tailStart, holds, with the
// same answers; four values compared as one word): G at `at`, bytes or (`wide`) 16-bit values. In
// JavaScript they ran cold, a few times each over the whole sequence: some 15 ms of the 0.16 run to its
// period (here about 1.5 ms), more than the kernel's last 2^17 heaps.

@inline function valueAt(at: usize, wide: i32, i: i32): i32 {
  return wide ? <i32>load<u16>(at + (<usize>i << 1)) : <i32>load<u8>(at + <usize>i);
}

/** G(i .. i + 3) as one word. */
@inline function wordAt(at: usize, wide: i32, i: i32): u64 {
  return wide ? load<u64>(at + (<usize>i << 1)) : <u64>load<u32>(at + <usize>i);
}

/** The least n0 with G(n + p) = G(n) for n0 <= n < len - p (four values at a time, then one by one). */
export function tailStart(at: usize, wide: i32, len: i32, p: i32): i32 {
  let n = len - p - 1;
  while (n >= 3 && wordAt(at, wide, n - 3) == wordAt(at, wide, n - 3 + p)) n -= 4;
  while (n >= 0 && valueAt(at, wide, n) == valueAt(at, wide, n + p)) n--;
  return n + 1;
}

/**
 * The least p >= from whose last four values repeat p earlier and whose tail is min(max(2p, 24), 1024)
 * long; -1 when none. The four values are compared as one word (4 bytes or 4 16-bit values).
 */
export function nextCandidate(at: usize, wide: i32, len: i32, from: i32): i32 {
  if (from + 24 > len) return -1;
  const first = len - 4;
  // One loop per width: the test of the four values is the whole loop for nearly every p.
  if (wide) {
    const last4 = load<u64>(at + (<usize>first << 1));
    for (let p = from; p + 24 <= len; p++) {
      if (load<u64>(at + (<usize>(first - p) << 1)) != last4) continue;
      if (len - p - tailStart(at, wide, len, p) >= tailNeeded(p)) return p;
    }
  } else {
    const last4 = load<u32>(at + <usize>first);
    for (let p = from; p + 24 <= len; p++) {
      if (load<u32>(at + <usize>(first - p)) != last4) continue;
      if (len - p - tailStart(at, wide, len, p) >= tailNeeded(p)) return p;
    }
  }
  return -1;
}

/** The tail a candidate p needs: min(max(2p, 24), 1024). */
@inline function tailNeeded(p: i32): i32 {
  return p >= 512 ? 1024 : max(2 * p, 24);
}

/** 1 when G(m) = G(m - p) for from <= m < to, else 0. */
export function holds(at: usize, wide: i32, p: i32, from: i32, to: i32): i32 {
  let m = from;
  while (m + 4 <= to && wordAt(at, wide, m) == wordAt(at, wide, m - p)) m += 4;
  for (; m < to; m++) if (valueAt(at, wide, m) != valueAt(at, wide, m - p)) return 0;
  return 1;
}

/** The m in from..to-1 with G(m) = G(m - p) (the kernel's local period, kernel.ts: localPeriod). */
export function agreements(at: usize, wide: i32, p: i32, from: i32, to: i32): i32 {
  let count = 0;
  for (let m = from; m < to; m++) count += i32(valueAt(at, wide, m) == valueAt(at, wide, m - p));
  return count;
}
