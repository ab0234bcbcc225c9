/**
 * The Walsh–Hadamard transform, which the take-and-break kernel uses to choose its sparse class (the
 * parities of the values under every mask at once) and the push-sum quotient to find the periods of an
 * outcome function (its autocorrelation).
 */
import type { Stop } from './stop.js';

/**
 * In place: h[F] becomes the sum over x of h[x] * (-1)^popcount(x & F) (h.length a power of two). A stop
 * is read between passes and leaves h unfinished: the caller drops it.
 */
export function walshHadamard(h: Float64Array, stop?: Stop): void {
  const n = h.length;
  for (let len = 1; len < n && !stop?.aborted; len <<= 1) {
    for (let i = 0; i < n; i += len << 1) {
      for (let j = i; j < i + len; j++) {
        const a = h[j]!;
        const b = h[j + len]!;
        h[j] = a + b;
        h[j + len] = a - b;
      }
    }
  }
}
