/**
 * The older octal kernel: Grundy sequences of octal codes (two heaps at most, no `!`) on typed arrays,
 * kept as the public `octalSequence` and as a reference for kernel.ts, which it shares no code with.
 *
 * Three layers, each exact:
 * - the plain kernel: every option of every heap, option values stamped into an array (O(n^2) splits);
 * - the sparse-space technique (Gangolli–Plambeck, Flammenkamp): choose a mask so that few heaps have
 *   a value of even parity under it ("rare"). Then an odd XOR of two values needs exactly one rare heap,
 *   so the odd option values come from the short rare list; an even candidate below the least missing
 *   odd value is settled by searching splits until one hits it (usually at once, since common ^ common
 *   is even). The choice of mask only changes the speed, never the values.
 * - extension by a certified period: once the Guy–Smith theorem proves G periodic, the rest of the
 *   sequence is read off the period.
 * Hexadecimal games (a digit with bit 8: split into three heaps) go through the pair-set kernel instead
 * (pair-set.ts, `hexSequence`), with the same period extension (Guy–Smith with a three-part window).
 */
import { InterruptedError } from '../../../core/errors.js';
import type { Periodicity } from '../../../core/period.js';
import type { TakeAndBreakCode } from './code.js';
import type { TakeAndBreakGame } from './game.js';
import { extendByCertifiedPeriod, guySmithCertifier } from './guy-smith.js';
import { parity } from './kernel.js';
import { pairSetSequence } from './pair-set.js';
import type { Stop } from '../../../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface OctalSequenceOptions {
  /** Use the sparse-space technique when a good mask exists (default true). */
  sparse?: boolean;
  /** Fill the rest of the sequence from a Guy–Smith-certified period once one is found (default true). */
  extendByPeriod?: boolean;
  onProgress?: (done: number, total: number) => void;
  signal?: Stop;
  /**
   * Hexadecimal games: the most 32-bit words the pair sets may take ((max + 1) · W, W growing with the
   * largest value); default 2^27 (512 MiB). Exceeding it throws LimitError with the values finished.
   */
  maxPairWords?: number;
}

export interface OctalSequenceStats {
  /** Heap sizes computed by the plain kernel, by the sparse kernel, and read off a certified period. */
  plain: number;
  sparse: number;
  extended: number;
  /** The last sparse-space mask used (0 when none). */
  mask: number;
  /** Heaps whose value was rare (even under the mask) at the end. */
  rare: number;
  /** The certified period used to extend the sequence, if any. */
  period?: Periodicity;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface OctalSequence {
  /** G(0..max). */
  values: Int32Array;
  stats: OctalSequenceStats;
}

/** Heaps computed plainly before a sparse space is looked for. */
const PLAIN_PREFIX = 1024;
/** A mask is used only when at most this fraction of recent heaps are rare. */
const MAX_RARE_FRACTION = 0.125;

/** The digits as flag arrays: whole[k], leave[k], split[k] say what removing k tokens may do. */
interface Moves {
  t: number;
  whole: Uint8Array;
  leave: Uint8Array;
  split: Uint8Array;
  /** The k with split[k], ascending. */
  splitKs: Int32Array;
}

function movesOf(code: TakeAndBreakCode): Moves {
  const t = code.t;
  const whole = new Uint8Array(t + 1);
  const leave = new Uint8Array(t + 1);
  const split = new Uint8Array(t + 1);
  const ks: number[] = [];
  for (let k = 0; k <= t; k++) {
    const d = code.digits[k]!;
    if (k > 0) {
      whole[k] = d & 1;
      leave[k] = (d >> 1) & 1;
    }
    split[k] = (d >> 2) & 1;
    if (split[k]) ks.push(k);
  }
  return { t, whole, leave, split, splitKs: Int32Array.from(ks) };
}

class Kernel {
  readonly G: Int32Array;
  private seen: Int32Array = new Int32Array(64);
  private stamp = 0;
  maxValue = 0;
  mask = 0;
  rare: Int32Array = new Int32Array(1024);
  rareCount = 0;

  constructor(
    readonly moves: Moves,
    size: number,
  ) {
    this.G = new Int32Array(size);
  }

  private mark(v: number): void {
    this.seen[v] = this.stamp;
  }

  /** Marks the options that are not splits; returns nothing, uses the current stamp. */
  private markSimple(n: number): void {
    const { t, whole, leave } = this.moves;
    const G = this.G;
    for (let k = 1; k <= t && k <= n; k++) {
      if (whole[k] && k === n) this.mark(0);
      if (leave[k] && k < n) this.mark(G[n - k]!);
    }
  }

  private finish(n: number, g: number): void {
    this.G[n] = g;
    if (g > this.maxValue) {
      this.maxValue = g;
      // XORs of values below 2^b stay below 2^b.
      let size = this.seen.length;
      while (size <= 2 * g + 1) size *= 2;
      if (size !== this.seen.length) {
        const s = new Int32Array(size);
        s.set(this.seen);
        this.seen = s;
      }
    }
    if (this.mask !== 0 && n > 0 && parity(g & this.mask) === 0) this.pushRare(n);
  }

  private pushRare(n: number): void {
    if (this.rareCount === this.rare.length) {
      const r = new Int32Array(this.rare.length * 2);
      r.set(this.rare);
      this.rare = r;
    }
    this.rare[this.rareCount++] = n;
  }

  /** G(n) from every option: the reference kernel. */
  plain(n: number): void {
    const G = this.G;
    const seen = this.seen;
    const stamp = ++this.stamp;
    this.markSimple(n);
    const ks = this.moves.splitKs;
    for (let i = 0; i < ks.length; i++) {
      const rest = n - ks[i]!;
      for (let a = 1, b = rest - 1; a <= b; a++, b--) seen[G[a]! ^ G[b]!] = stamp;
    }
    let g = 0;
    while (seen[g] === stamp) g++;
    this.finish(n, g);
  }

  /** G(n) by the sparse-space technique under the current mask (see the module comment). */
  sparse(n: number): void {
    const G = this.G;
    const seen = this.seen;
    const mask = this.mask;
    const stamp = ++this.stamp;
    this.markSimple(n);
    const ks = this.moves.splitKs;
    const rare = this.rare;
    const rc = this.rareCount;
    for (let i = 0; i < ks.length; i++) {
      const rest = n - ks[i]!;
      for (let j = 0; j < rc; j++) {
        const a = rare[j]!;
        if (a >= rest) break;
        const gb = G[rest - a]!;
        if (parity(gb & mask) === 1) seen[G[a]! ^ gb] = stamp;
      }
    }
    let odd = 0;
    while (seen[odd] === stamp || parity(odd & mask) === 0) odd++;
    let need = 0;
    for (let v = 0; v < odd; v++) if (seen[v] !== stamp) need++;
    if (need > 0) this.coverEven(n, odd, need);
    let g = 0;
    while (seen[g] === stamp) g++;
    this.finish(n, g);
  }

  /**
   * Marks the even values below `odd` that some split reaches, scanning splits once and stopping as
   * soon as all `need` of them are found (usually after a few splits: common ^ common is even).
   */
  private coverEven(n: number, odd: number, need: number): void {
    const G = this.G;
    const seen = this.seen;
    const stamp = this.stamp;
    const ks = this.moves.splitKs;
    for (let i = 0; i < ks.length; i++) {
      const rest = n - ks[i]!;
      for (let a = 1, b = rest - 1; a <= b; a++, b--) {
        const x = G[a]! ^ G[b]!;
        if (x < odd && seen[x] !== stamp) {
          seen[x] = stamp;
          if (--need === 0) return;
        }
      }
    }
  }

  /**
   * Picks the mask that makes the fewest of G(from..to-1) even, among masks on the bits the values
   * use; returns 0 when even the best leaves too many rare heaps to pay off.
   */
  chooseMask(from: number, to: number): number {
    let bits = 1;
    while (1 << bits <= this.maxValue) bits++;
    bits = Math.min(bits, 12);
    const counts = new Int32Array(1 << bits);
    for (let n = from; n < to; n++) counts[this.G[n]! & ((1 << bits) - 1)]!++;
    let best = 0;
    let bestRare = Infinity;
    for (let m = 1; m < 1 << bits; m++) {
      let r = 0;
      for (let v = 0; v < counts.length; v++) if (counts[v] !== 0 && parity(v & m) === 0) r += counts[v]!;
      if (r < bestRare) {
        bestRare = r;
        best = m;
      }
    }
    return bestRare <= MAX_RARE_FRACTION * (to - from) ? best : 0;
  }

  /** Switches to `mask` and rebuilds the rare list over G(1..n-1). */
  useMask(mask: number, n: number): void {
    this.mask = mask;
    this.rareCount = 0;
    if (mask === 0) return;
    for (let a = 1; a < n; a++) if (parity(this.G[a]! & mask) === 0) this.pushRare(a);
  }
}

/** Refuses a code with `!`: neither older kernel can require unequal heaps (kernel.ts can). */
function withoutUnequal(game: TakeAndBreakGame, kernel: string): TakeAndBreakCode {
  const { code } = game;
  if (code.unequal.some((u) => u)) throw new RangeError(`${kernel} cannot require unequal heaps: ${code.text} has a digit with ! (takeAndBreakSequence can)`);
  return code;
}

/**
 * G(0..max) of an octal game (`new TakeAndBreakGame(code)` of a code without `!`; a code with a three-heap
 * digit goes to `hexSequence`). Exact whatever the options: the sparse kernel and the period extension
 * are fast paths, cross-checked against the plain kernel and the general solver in tests.
 * An interruption throws InterruptedError whose `partial` is the Int32Array of values finished.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function octalSequence(game: TakeAndBreakGame, max: number, options: OctalSequenceOptions = {}): OctalSequence {
  const code = withoutUnequal(game, 'octalSequence');
  if (code.maxParts === 3) return hexSequence(game, max, options);
  const useSparse = options.sparse !== false;
  const extend = options.extendByPeriod !== false;
  const k = new Kernel(movesOf(code), max + 1);
  const stats: OctalSequenceStats = { plain: 0, sparse: 0, extended: 0, mask: 0, rare: 0 };
  let checkpoint = PLAIN_PREFIX;
  for (let n = 0; n <= max; n++) {
    if (n === checkpoint) {
      checkpoint *= 2;
      const period = extend ? extendByCertifiedPeriod(k.G, n, max, guySmithCertifier(code.t)) : undefined;
      if (period) {
        stats.extended = max + 1 - n;
        stats.period = period;
        break;
      }
      if (useSparse) k.useMask(k.chooseMask(n >> 1, n), n);
    }
    if ((n & 0x3ff) === 0) {
      if (options.signal?.aborted) throw new InterruptedError(k.G.slice(0, n));
      options.onProgress?.(n, max + 1);
    }
    if (k.mask !== 0) {
      k.sparse(n);
      stats.sparse++;
    } else {
      k.plain(n);
      stats.plain++;
    }
  }
  stats.mask = k.mask;
  stats.rare = k.rareCount;
  options.onProgress?.(max + 1, max + 1);
  return { values: k.G, stats };
}

/**
 * G(0..max) of a hexadecimal game (some digit lets the rest be split into three heaps; any code without
 * `!` is accepted) by the pair-set kernel (pair-set.ts); once the three-part Guy–Smith window certifies
 * a period, the rest is read off it. Exact; an interruption throws InterruptedError, a pair-set memory
 * budget overrun LimitError, both with the values finished.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function hexSequence(game: TakeAndBreakGame, max: number, options: OctalSequenceOptions = {}): OctalSequence {
  const { values, computed, period } = pairSetSequence(withoutUnequal(game, 'hexSequence'), max, options);
  const stats: OctalSequenceStats = { plain: computed, sparse: 0, extended: max + 1 - computed, mask: 0, rare: 0, ...(period ? { period } : {}) };
  return { values, stats };
}
