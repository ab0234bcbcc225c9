/**
 * The set of differences P - P ∩ N^n (deciding-game-invariance, section 2): the moves that join two
 * elements of P, exactly the moves an invariant game with P-positions P must not have (Lemma 12).
 */
import { InterruptedError } from '../core/errors.js';
import { Box, membersOf } from './box.js';
import type { Stop } from '../core/stop.js';

/**
 * (P' - P') ∩ [0,max]^n where P' = P ∩ [0, from.max]^n is given as a bitmap over `from`. Each pair is
 * looked at once: O(|P'|^2 n). A subset of the true (P - P) ∩ [0,max]^n, equal to it when every pair
 * of P whose difference lies in the box lies in `from` (a finite P inside `from`, or a proof such as
 * Lemma 37).
 */
export function differencesInBox(member: Uint8Array, from: Box, max: number, signal?: Stop): Uint8Array {
  const n = from.dimension;
  const to = new Box(n, max);
  const diff = new Uint8Array(to.cells);
  const pts = membersOf(member);
  const coords = from.coordinates(pts);
  for (let a = 0; a < pts.length; a++) {
    if ((a & 255) === 0 && signal?.aborted) throw new InterruptedError(diff);
    for (let b = 0; b <= a; b++) {
      // Packed order is lexicographic, so b <= a is necessary for coords[b] <= coords[a].
      let idx = 0;
      let ok = true;
      for (let i = 0; i < n; i++) {
        const d = coords[a * n + i]! - coords[b * n + i]!;
        if (d < 0 || d > max) {
          ok = false;
          break;
        }
        idx = idx * to.side + d;
      }
      if (ok) diff[idx] = 1;
    }
  }
  return diff;
}
