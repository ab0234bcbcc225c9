/** NIM on any number of heaps: take any positive number of tokens from one heap (push-the-button, §1.2). */
import type { Capabilities, Component, Heaps, Ruleset } from '../../core/ruleset.js';
import { heapMultisetDomain } from '../../core/positions.js';
import { rayCapabilities } from './rays.js';

/**
 * NIM on any number of heaps: take any positive number of tokens from one heap (spec `nim`; push-the-button,
 * §1.2).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Nim implements Ruleset<Heaps> {
  readonly name = 'nim';
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  /**
   * The 2-heap ray kernel, also for its push chains and misère form; and the closed form of its value, the
   * nim-sum of the heaps (Bouton; push-the-button §1.2), so that a heap of 10^6 lists no option.
   */
  readonly capabilities: Capabilities = nimCapabilities();

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      for (let t = 0; t < h; t++) out.push(p.map((x, j) => (j === i ? t : x)));
    });
    return out;
  }

  /** Nim on k heaps is the disjunctive sum of k one-heap games. */
  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}

/**
 * The ray kernels of Nim, with the closed forms of Bouton: the value is the nim-sum of the heaps; under the
 * misère convention the previous player wins iff the nim-sum is 0 with a heap above 1, or 1 with none.
 */
function nimCapabilities(): Capabilities {
  const rays = rayCapabilities({ kind: 'nim' });
  const nimSum = (p: Heaps) => p.reduce((x, h) => x ^ h, 0);
  const misereOutcomeOf = (p: Heaps): 'P' | 'N' => ((p.some((h) => h > 1) ? nimSum(p) === 0 : nimSum(p) === 1) ? 'P' : 'N');
  return { ...rays, grundyOf: nimSum, misereForm: () => ({ ...rays.misereForm?.(), misereOutcomeOf }) };
}

/**
 * The one-heap components of a heap game that is a disjunctive sum of its heaps.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function splitHeaps(rs: Ruleset<Heaps>, p: Heaps): Component[] | undefined {
  if (p.length <= 1) return undefined;
  return p.map((h) => ({ ruleset: rs, position: [h] }));
}
