/**
 * MARK (deciding-game-invariance, Example 5, after Fraenkel [15]): from a heap of x tokens remove 1 or
 * ceil(x/2), i.e. move to x - 1 or floor(x/2). Not t-invariant for any t: the move size grows with x.
 * Several heaps are a disjunctive sum.
 */
import type { Component, Heaps, Ruleset } from '../../core/ruleset.js';
import { heapMultisetDomain } from '../../core/positions.js';
import { splitHeaps } from './nim.js';

/**
 * MARK (spec `mark`; deciding-game-invariance, Example 5): from a heap of x tokens move to x - 1 or
 * floor(x/2).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Mark implements Ruleset<Heaps> {
  readonly name = 'mark';
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;

  /** The heaps a heap of x tokens can become. */
  static heapOptions(x: number): number[] {
    if (x === 0) return [];
    const half = Math.floor(x / 2);
    return half === x - 1 ? [x - 1] : [x - 1, half];
  }

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      for (const o of Mark.heapOptions(h)) out.push(p.map((x, j) => (j === i ? o : x)));
    });
    return out;
  }

  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}
