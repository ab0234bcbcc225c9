import type { Stop } from './stop.js';

/**
 * What every kernel takes: a progress callback and a stop signal (a stop throws InterruptedError with what was finished).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface KernelOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: Stop;
}

/**
 * The state of a long sequence run as the sparse-space solvers print it (Flammenkamp, tczajka): the
 * largest value and the least heap with it, and the rare/common class with its rare heaps. A kernel
 * without a sparse space reports mask 0 and no rare heaps.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface SequenceFingerprint {
  /** Heaps computed: G(0..heaps-1) (values read off a certified period are not counted). */
  heaps: number;
  largest: number;
  largestAt: number;
  /**
   * The class: heap a >= 1 is rare when parity(G(a) & rareMask) ^ (rarePos & (a ^ splitParity)) is 0,
   * i.e. parity(G(a) & rareMask) is even, or, with rarePos, equals the parity of a ^ splitParity.
   */
  rareMask: number;
  rarePos: boolean;
  /**
   * The parity pi shared by the two-heap split digits, which a class with rarePos reads (absent: 0).
   * Reported by the kernels with a sparse space, so that the rare heaps can be listed from the values.
   */
  splitParity?: 0 | 1;
  /** Rare heaps among 1..heaps-1, and the last of them (0 when none). */
  rareCount: number;
  lastRare: number;
}

/**
 * The fingerprint of values from a kernel without a sparse space: the largest value and where it first occurs.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function plainFingerprint(values: ArrayLike<number>): SequenceFingerprint {
  let largest = 0;
  let largestAt = 0;
  for (let n = 0; n < values.length; n++) {
    if (values[n]! > largest) {
      largest = values[n]!;
      largestAt = n;
    }
  }
  return { heaps: values.length, largest, largestAt, rareMask: 0, rarePos: false, rareCount: 0, lastRare: 0 };
}

/**
 * Whether heap 0 is rare in the fingerprint's class: G(0) = 0, so parity(G(0) & rareMask) is even and heap 0
 * is rare unless the class reads the heap parity and the split parity is 1. No class (mask 0): no rare heap.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function heapZeroRare(f: SequenceFingerprint): boolean {
  return f.heaps > 0 && f.rareMask !== 0 && !(f.rarePos && f.splitParity === 1);
}

/**
 * The fingerprint line exactly as tczajka's `analyze` prints it, so that `diff` against his output passes:
 * `n=2^k largest G[i]=v rare_mask=m[pos] num_rare=c last_rare=l`. He prints only at powers of two, as
 * `n=2^k`; another n is printed in decimal. His num_rare counts heap 0 when it is rare (heapZeroRare), one
 * more than `rareCount`, which counts heaps 1..n-1 (the kernel's list, kept as it is in the census rows).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function formatFingerprint(f: SequenceFingerprint): string {
  return fingerprintLine({ ...f, numRare: f.rareCount + (heapZeroRare(f) ? 1 : 0) });
}

/**
 * The fingerprint line of formatFingerprint from fields as tczajka counts them (`numRare` counts heap 0 when
 * it is rare): what a census row stores (`fingerprintHeaps`, `largestAt`, `rareMask`, `rarePos`, `numRare`, `lastRare`).
 *
 * @beta
 */
export function fingerprintLine(f: { heaps: number; largest: number; largestAt: number; rareMask: number; rarePos: boolean; numRare: number; lastRare: number }): string {
  const n = f.heaps > 0 && Number.isSafeInteger(f.heaps) && (f.heaps & (f.heaps - 1)) === 0 && f.heaps < 2 ** 31 ? `2^${Math.log2(f.heaps)}` : `${f.heaps}`;
  return `n=${n} largest G[${f.largestAt}]=${f.largest} rare_mask=${f.rareMask.toString(16)}${f.rarePos ? 'pos' : ''} num_rare=${f.numRare} last_rare=${f.lastRare}`;
}
