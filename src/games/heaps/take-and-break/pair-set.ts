/**
 * The pair-set kernel: G(0..max) of a take-and-break code whose digits may split a heap into three
 * (hexadecimal games), without `!`. pairs[s] = {G(b) ^ G(c) : b + c = s, 1 <= b <= c} is kept as a
 * bitset, so the three-heap options of a heap cost O(n · words) instead of the O(n^2) triples of the
 * plain loop (kernel.ts), which is what codes with `!` need: a set of XORs cannot lose the one pair that
 * a part equal to another would need removed. Once the three-part Guy–Smith window certifies a period,
 * the rest is read off it.
 */
import { InterruptedError, LimitError } from '../../../core/errors.js';
import { limitDefault } from '../../../core/limits.js';
import type { Periodicity } from '../../../core/period.js';
import type { TakeAndBreakCode } from './code.js';
import { extendByCertifiedPeriod, guySmithCertifier } from './guy-smith.js';
import { movesOf, type Moves } from './moves.js';
import type { Stop } from '../../../core/stop.js';

export interface PairSetOptions {
  /** Fill the rest of the sequence from a Guy–Smith-certified period once one is found (default true). */
  extendByPeriod?: boolean | undefined;
  onProgress?: ((done: number, total: number) => void) | undefined;
  signal?: Stop | undefined;
  /**
   * The most 32-bit words the pair sets may take ((max + 1) · W, W growing with the largest value);
   * default the `pairWords` limit, 2^27 (512 MiB). Exceeding it throws LimitError with the values finished.
   */
  maxPairWords?: number | undefined;
}

export interface PairSetSequence {
  /** G(0..max). */
  values: Int32Array;
  /** Heaps computed by the kernel; the rest of `values` was read off `period`. */
  computed: number;
  /** The certified period the values were extended by, if any. */
  period?: Periodicity;
}

/** Masks for swapping the bit blocks of size 1, 2, 4, 8, 16 inside a 32-bit word. */
const SWAP_LO = Int32Array.of(0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff);

/** The word m with bit i moved to bit i ^ c, for 0 <= c < 32: one block swap per bit of c. */
function xorPermute(m: number, c: number): number {
  for (let j = 0; j < 5; j++) {
    if ((c >> j) & 1) {
      const s = 1 << j;
      const lo = SWAP_LO[j]!;
      m = ((m & lo) << s) | ((m >>> s) & lo);
    }
  }
  return m;
}

/**
 * The pair sets of a code that may split a heap into three (hexadecimal games). pairs[s] is the
 * set {G(b) ^ G(c) : b + c = s, 1 <= b <= c}, a bitset of `words` 32-bit words, filled as each value is
 * found. Two-part options of a rest r are pairs[r]; three-part options are the union over the first
 * part a of G(a) ^ pairs[r - a] (every unordered triple appears, whichever part is called a); these
 * unions are gathered per value G(a) and each gathered set is XOR-translated once.
 * Cost per heap n: O(n) to insert the new pairs plus O(n · words) per three-split digit, so O(N^2 · words)
 * for G(0..N), against O(N^3) for the direct loop over triples.
 */
class PairSetKernel {
  readonly G: Int32Array;
  /** Bitset words per value set; values stay below 32 · words (a power of two, so XORs do too). */
  words = 1;
  pairs: Int32Array;
  /** gathered[v · words ..]: the union of pairs[r - a] over the a with G(a) = v, for the heap at hand. */
  private gathered: Int32Array;
  private touched: Int32Array;
  /** stamps[v] = n + 1 once value v has a gathered set for heap n. */
  private stamps: Int32Array;
  private result: Int32Array;

  constructor(
    readonly moves: Moves,
    size: number,
    readonly maxPairWords: number,
  ) {
    this.G = new Int32Array(size);
    this.pairs = new Int32Array(size);
    this.gathered = new Int32Array(32);
    this.touched = new Int32Array(32);
    this.stamps = new Int32Array(32);
    this.result = new Int32Array(1);
  }

  /** Doubles the bitset width until value g fits, keeping every set. */
  private widen(g: number): void {
    let w = this.words;
    while (32 * w <= g) w *= 2;
    if (w === this.words) return;
    const old = this.pairs;
    const ow = this.words;
    const n = old.length / ow;
    if (n * w > this.maxPairWords) {
      throw new LimitError(`hexadecimal kernel: value ${g} needs pair sets of ${n} x ${w} words, over the budget of ${this.maxPairWords}`, 'pairWords');
    }
    this.pairs = new Int32Array(n * w);
    for (let s = 0; s < n; s++) for (let i = 0; i < ow; i++) this.pairs[s * w + i] = old[s * ow + i]!;
    this.words = w;
    this.gathered = new Int32Array(32 * w * w);
    this.touched = new Int32Array(32 * w);
    this.stamps = new Int32Array(32 * w);
    this.result = new Int32Array(w);
  }

  step(n: number): void {
    const { G, words: W, pairs } = this;
    const { t, whole, take, split2 } = this.moves;
    const R = this.result;
    R.fill(0);
    const set = (v: number): void => {
      R[v >>> 5]! |= 1 << (v & 31);
    };
    if (n >= 1 && n <= t && whole[n]) set(0);
    for (let i = 0; i < take.length && take[i]! < n; i++) set(G[n - take[i]!]!);
    for (let i = 0; i < split2.length; i++) {
      const r = n - split2[i]!;
      if (r >= 2) for (let w = 0; w < W; w++) R[w]! |= pairs[r * W + w]!;
    }
    this.threeSplits(n);
    let g = 0;
    for (let w = 0; w < W; w++) {
      const free = ~R[w]!;
      if (free !== 0) {
        g = 32 * w + 31 - Math.clz32(free & -free);
        break;
      }
      g = 32 * (w + 1);
    }
    G[n] = g;
    if (g >= 32 * this.words) {
      try {
        this.widen(g);
      } catch (e) {
        if (e instanceof LimitError) throw new LimitError(e.message, e.limit, G.slice(0, n + 1));
        throw e;
      }
    }
    this.addPairs(n);
  }

  /** Marks in `result` the XORs of every split of n - k into three non-empty heaps, k a three-split digit. */
  private threeSplits(n: number): void {
    const { G, words: W, pairs, gathered, touched, stamps, result } = this;
    const triple = this.moves.split3;
    let nt = 0;
    for (let i = 0; i < triple.length; i++) {
      const r = n - triple[i]!;
      for (let a = 1; a + 2 <= r; a++) {
        const v = G[a]!;
        const dst = v * W;
        const src = (r - a) * W;
        if (stamps[v] !== n + 1) {
          stamps[v] = n + 1;
          touched[nt++] = v;
        }
        if (W === 1) gathered[dst]! |= pairs[src]!;
        else for (let w = 0; w < W; w++) gathered[dst + w]! |= pairs[src + w]!;
      }
    }
    for (let i = 0; i < nt; i++) {
      const v = touched[i]!;
      const hi = v >>> 5;
      const lo = v & 31;
      for (let w = 0; w < W; w++) {
        const m = gathered[v * W + w]!;
        if (m !== 0) result[w ^ hi]! |= xorPermute(m, lo);
        gathered[v * W + w] = 0;
      }
    }
  }

  /** Puts G(b) ^ G(n) into pairs[b + n] for 1 <= b <= n. */
  private addPairs(n: number): void {
    if (n === 0) return;
    const { G, words: W, pairs } = this;
    const gn = G[n]!;
    const last = Math.min(n, pairs.length / W - 1 - n);
    for (let b = 1; b <= last; b++) {
      const x = G[b]! ^ gn;
      pairs[(b + n) * W + (x >>> 5)]! |= 1 << (x & 31);
    }
  }
}

/**
 * G(0..max) of a code without `!` by pair sets (any code; the faster kernel for those with a three-heap
 * digit). Periods are looked for at every power of two from 256 and certified by the three-part
 * Guy–Smith window. Exact; an interruption throws InterruptedError, a pair-set memory budget overrun
 * LimitError, both with the values finished.
 */
export function pairSetSequence(code: TakeAndBreakCode, max: number, options: PairSetOptions = {}): PairSetSequence {
  if (code.unequal.some((u) => u)) throw new RangeError(`the pair-set kernel cannot require unequal heaps: ${code.text} has a digit with !`);
  const extend = options.extendByPeriod !== false;
  const moves = movesOf(code);
  const k = new PairSetKernel(moves, max + 1, options.maxPairWords ?? limitDefault('pairWords'));
  const certifier = guySmithCertifier(code.t, 3);
  let checkpoint = 256;
  for (let n = 0; n <= max; n++) {
    if (n === checkpoint) {
      checkpoint *= 2;
      const period = extend ? extendByCertifiedPeriod(k.G, n, max, certifier) : undefined;
      if (period) return { values: k.G, computed: n, period };
    }
    if ((n & 0xff) === 0) {
      if (options.signal?.aborted) throw new InterruptedError(k.G.slice(0, n));
      options.onProgress?.(n, max + 1);
    }
    k.step(n);
  }
  options.onProgress?.(max + 1, max + 1);
  return { values: k.G, computed: max + 1 };
}
