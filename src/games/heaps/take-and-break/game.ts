/**
 * The take-and-break game of a code (code.ts) as a ruleset on heaps: the plain reference for the fast
 * kernels, written to be obviously right rather than fast.
 */
import type { Component, Heaps, Ruleset } from '../../../core/ruleset.js';
import { heapMultisetDomain } from '../../../core/positions.js';
import { splitHeaps } from '../nim.js';
import { specName, type TakeAndBreakCode } from './code.js';

export class TakeAndBreakGame implements Ruleset<Heaps> {
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly name: string;

  constructor(readonly code: TakeAndBreakCode) {
    this.name = specName(code);
  }

  /**
   * The options of one heap of n tokens, each the list of heaps left (ascending within an option):
   * for each k <= n with digit d_k, bit 1 takes the whole heap (k = n >= 1), bit 2 leaves one heap
   * n - k >= 1 (k >= 1), bit 4 leaves two heaps a <= b, bit 8 three heaps a <= b <= c, all non-empty
   * and summing to n - k; with `!` the heaps of a split are pairwise unequal.
   */
  heapOptions(n: number): Heaps[] {
    const out: Heaps[] = [];
    const { digits, unequal } = this.code;
    for (let k = 0; k < digits.length && k <= n; k++) {
      const d = digits[k]!;
      const rest = n - k;
      const distinct = unequal[k]!;
      if (d & 1 && k >= 1 && rest === 0) out.push([]);
      if (d & 2 && k >= 1 && rest >= 1) out.push([rest]);
      if (d & 4) {
        for (let a = 1; 2 * a <= rest; a++) {
          const b = rest - a;
          if (!(distinct && a === b)) out.push([a, b]);
        }
      }
      if (d & 8) {
        for (let a = 1; 3 * a <= rest; a++) {
          for (let b = a; a + 2 * b <= rest; b++) {
            const c = rest - a - b;
            if (!(distinct && (a === b || b === c))) out.push([a, b, c]);
          }
        }
      }
    }
    return out;
  }

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      const others = p.filter((_, j) => j !== i);
      for (const o of this.heapOptions(h)) out.push([...others, ...o]);
    });
    return out;
  }

  /** A position is the disjunctive sum of its heaps. */
  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}

/** G(0..max) by the mex over heapOptions: the slow, plain reference (O(options) arrays per heap). */
export function referenceValues(game: TakeAndBreakGame, max: number): number[] {
  const G: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    for (const o of game.heapOptions(n)) seen.add(o.reduce((x, h) => x ^ G[h]!, 0));
    let g = 0;
    while (seen.has(g)) g++;
    G.push(g);
  }
  return G;
}
