/** SUBTRACTION(S) (push-the-button, Definition 4.2.1): remove s in S tokens from one heap. */
import type { Capabilities, Component, Heaps, Ruleset } from '../../core/ruleset.js';
import { heapMultisetDomain } from '../../core/positions.js';
import { splitHeaps } from './nim.js';
import { pushSubtractionCertifier, pushSubtractionSequence, subtractionSequence, windowCertifier } from './subtraction-sequence.js';

/**
 * SUBTRACTION(S) (spec `subtraction:S`; push-the-button, Definition 4.2.1): remove s in S tokens from one
 * heap.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class SubtractionGame implements Ruleset<Heaps> {
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  /** The subtraction set, ascending, without repeats. */
  readonly set: readonly number[];
  /** Its typed-array kernel and the window certifier; pushed before another game, the push's (Theorem 4.2.3). */
  readonly capabilities: Capabilities = {
    picture: 'sequence',
    sequence: (max, options) => ({ values: subtractionSequence(this.set, max, options) }),
    certifier: () => windowCertifier(this.largest),
    beforeButton: (after) => this.beforeButton(after),
  };

  constructor(set: Iterable<number>, readonly name = '') {
    this.set = [...new Set(set)].sort((a, b) => a - b);
    if (this.set.length === 0 || this.set[0]! <= 0) throw new RangeError('a subtraction set is a non-empty set of positive integers');
    if (!name) this.name = `subtraction:${formatSubtractionSet(this.set)}`;
  }

  /** max(S). */
  get largest(): number {
    return this.set[this.set.length - 1]!;
  }

  /**
   * SUBTRACTION(S) ⊙ R2 (normal play): its values from R2's in one pass, and a period certified by the
   * state cycle of Theorem 4.2.3 once R2's period is certified.
   */
  private beforeButton(after: Ruleset<any>): Capabilities | undefined {
    if (after.convention !== 'normal') return undefined;
    return {
      sequence: (max, options, sequenceOf) => ({ values: pushSubtractionSequence(this.set, sequenceOf(after, max), max, options) }),
      certifier: (periodOf) => {
        const tail = periodOf(after);
        return tail.certified ? pushSubtractionCertifier(this.largest, tail.period!, tail.preperiod!) : undefined;
      },
    };
  }

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      for (const s of this.set) if (s <= h) out.push(p.map((x, j) => (j === i ? h - s : x)));
    });
    return out;
  }

  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}

/** `1,2,3,4,7` -> `1-4,7`. */
export function formatSubtractionSet(set: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < set.length; ) {
    let j = i;
    while (j + 1 < set.length && set[j + 1] === set[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${set[i]}-${set[j]}` : set.slice(i, j + 1).join(','));
    i = j + 1;
  }
  return parts.join(',');
}
