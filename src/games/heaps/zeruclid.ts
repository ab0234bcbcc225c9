/**
 * ZERUCLID (push-the-button, Definition 3.0.1): on any number of heaps, remove from one heap a positive
 * multiple of the smallest non-zero heap, heaps staying non-negative.
 */
import type { KernelOptions } from '../../core/kernel.js';
import { PTable, checkTableProgress, tableStopped } from '../../core/ptable.js';
import type { Capabilities, Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';

/**
 * ZERUCLID (spec `zeruclid`; push-the-button, Definition 3.0.1): remove from one heap a positive multiple of
 * the smallest non-zero heap.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Zeruclid implements Ruleset<Heaps> {
  readonly name = 'zeruclid';
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  /** A table kernel by index arithmetic, on any number of heaps. */
  readonly capabilities: Capabilities = {
    table: (heaps, max, options) => ({ table: zeruclidTable(heaps, max, options), method: 'zeruclid' }),
  };

  options(p: Heaps): Heaps[] {
    const positive = p.filter((h) => h > 0);
    if (positive.length === 0) return [];
    const m = Math.min(...positive);
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      for (let r = h - m; r >= 0; r -= m) out.push(p.map((x, j) => (j === i ? r : x)));
    });
    return out;
  }
}

/**
 * ZERUCLID (seed push-the-button, Definition 3.0.1) on `heaps` heaps in [0, max]^heaps: remove a positive
 * multiple of the least non-zero heap from one heap.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function zeruclidTable(heaps: number, max: number, options: KernelOptions = {}): PTable {
  const t = new PTable(heaps, max);
  const side = t.side;
  const total = t.cells;
  const stride = new Array<number>(heaps);
  for (let k = heaps - 1, s = 1; k >= 0; k--, s *= side) stride[k] = s;
  const c = new Array<number>(heaps).fill(0);
  for (let i = 0; i < total; i++) {
    checkTableProgress(i, total, options, () => tableStopped(t, i));
    if (i > 0) for (let k = heaps - 1; k >= 0 && ++c[k]! > max; k--) c[k] = 0;
    let m = Infinity;
    for (const h of c) if (h > 0 && h < m) m = h;
    let p = true;
    if (m !== Infinity) {
      for (let k = 0; p && k < heaps; k++) {
        for (let r = m, j = i - m * stride[k]!; r <= c[k]!; r += m, j -= m * stride[k]!) {
          if (t.isP(j)) {
            p = false;
            break;
          }
        }
      }
    }
    if (p) t.setP(i);
  }
  return t;
}
