/**
 * Octal games d0.d1d2...dk (Winning Ways; taking-and-merging, section 1): digit d_i says when i tokens may
 * be removed from a heap — bit 1: if that empties the heap, bit 2: if one non-empty heap is left, bit 4:
 * if the rest is split into two non-empty heaps. d0 concerns removing nothing: only bit 4 (split a heap
 * in two) is meaningful there.
 */
import type { Component, Heaps, Ruleset } from '../../core/ruleset.js';
import { heapMultisetDomain } from '../../core/positions.js';
import { splitHeaps } from './nim.js';

export class OctalGame implements Ruleset<Heaps> {
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly name: string;

  /** `digits[i]` = d_i; digits[0] is the digit before the point. */
  constructor(readonly digits: readonly number[]) {
    if (digits.some((d) => !Number.isInteger(d) || d < 0 || d > 7)) throw new RangeError('octal digits are 0..7');
    if ((digits[0]! & 3) !== 0) throw new RangeError('d0 may only be 0 or 4: removing nothing must split the heap');
    this.name = `octal:${digits[0]}.${digits.slice(1).join('')}`;
  }

  /** Index of the last non-zero digit (t in the Guy–Smith periodicity theorem). */
  get lastDigit(): number {
    let t = this.digits.length - 1;
    while (t > 0 && this.digits[t] === 0) t--;
    return t;
  }

  /** The options of one heap of size n, each a list of the heaps left. */
  heapOptions(n: number): Heaps[] {
    const out: Heaps[] = [];
    for (let k = 0; k < this.digits.length && k <= n; k++) {
      const d = this.digits[k]!;
      const rest = n - k;
      if (d & 1 && rest === 0 && k > 0) out.push([]);
      if (d & 2 && rest > 0 && k > 0) out.push([rest]);
      if (d & 4) for (let i = 1; 2 * i <= rest; i++) if (rest - i >= 1) out.push([i, rest - i]);
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

  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}
