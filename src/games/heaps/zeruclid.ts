/**
 * ZERUCLID (push-the-button, Definition 3.0.1): on any number of heaps, remove from one heap a positive
 * multiple of the smallest non-zero heap, heaps staying non-negative.
 */
import type { Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';

export class Zeruclid implements Ruleset<Heaps> {
  readonly name = 'zeruclid';
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;

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
