/**
 * EUCLID (push-the-button, Definition 3.0.2): remove a positive multiple of the smaller heap from the
 * larger, both staying positive; plus, as in section 3, the single move (0,i) -> (0,0) for i > 0 so
 * that it is played on the same positions as NIM.
 */
import type { Capabilities, Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';
import { rayCapabilities } from './rays.js';

/**
 * EUCLID (spec `euclid`; push-the-button, Definition 3.0.2): remove a positive multiple of the smaller heap
 * from the larger, both staying positive; plus (0,i) -> (0,0).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Euclid implements Ruleset<Heaps> {
  readonly name = 'euclid';
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly heapCount = 2;
  /** The 2-heap ray kernel, also for its push chains and misère form. */
  readonly capabilities: Capabilities = rayCapabilities({ kind: 'euclid' });

  validate(p: Heaps): string | undefined {
    return p.length === 2 ? undefined : `euclid is played on 2 heaps, not ${p.length}`;
  }

  options([a, b]: Heaps): Heaps[] {
    if (a === 0 && b === 0) return [];
    if (a === 0 || b === 0) return [[0, 0]];
    const out: Heaps[] = [];
    if (a! < b!) for (let r = b! - a!; r > 0; r -= a!) out.push([a!, r]);
    if (b! < a!) for (let r = a! - b!; r > 0; r -= b!) out.push([r, b!]);
    return out;
  }
}
