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
 * The fingerprint in tczajka's words: `n=N largest G[i]=v rare_mask=m[pos] num_rare=c last_rare=l`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function formatFingerprint(f: SequenceFingerprint): string {
  return `n=${f.heaps} largest G[${f.largestAt}]=${f.largest} rare_mask=${f.rareMask.toString(16)}${f.rarePos ? 'pos' : ''} num_rare=${f.rareCount} last_rare=${f.lastRare}`;
}
