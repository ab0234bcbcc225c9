/**
 * Octal games d0.d1d2...dk (Winning Ways; taking-and-merging, section 1): digit d_i says when i tokens may
 * be removed from a heap — bit 1: if that empties the heap, bit 2: if one non-empty heap is left, bit 4:
 * if the rest is split into two non-empty heaps. d0 concerns removing nothing: only the split bits are
 * meaningful there. Hexadecimal games (Winning Ways ch. 4) add bit 8: the rest may be split into three
 * non-empty heaps; digits then run 0..15 (written 0-9, A-F).
 */
import type { Capabilities, Component, Heaps, Ruleset } from '../../core/ruleset.js';
import { heapMultisetDomain } from '../../core/positions.js';
import { guySmithCertifier } from './guy-smith.js';
import { splitHeaps } from './nim.js';
import { octalSequence } from './octal-sequence.js';

/**
 * An octal or hexadecimal game d0.d1d2...dk (specs `octal:CODE`, `hex:CODE`; Winning Ways; taking-and-
 * merging, section 1).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class OctalGame implements Ruleset<Heaps> {
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly name: string;
  /**
   * The typed-array kernel (sparse space, extension by a certified period; the pair-set kernel for
   * hexadecimal games) and the Guy–Smith certifier. The Guy–Smith induction only needs every option of n
   * to leave heaps summing to n - k, 0 <= k <= t: d0 = 4 is covered.
   */
  readonly capabilities: Capabilities = {
    picture: 'sequence',
    sequence: (max, options) => {
      const { values, stats } = octalSequence(this, max, options);
      return stats.period ? { values, period: stats.period } : { values };
    },
    certifier: () => guySmithCertifier(this.lastDigit, this.maxParts),
  };

  /**
   * `digits[i]` = d_i; digits[0] is the digit before the point. `radix` 16 makes a hexadecimal game
   * (named `hex:...`); octal digits are 0..7, hexadecimal ones 0..15.
   */
  constructor(
    readonly digits: readonly number[],
    readonly radix: 8 | 16 = 8,
  ) {
    const top = radix - 1;
    if (digits.some((d) => !Number.isInteger(d) || d < 0 || d > top)) throw new RangeError(radix === 8 ? 'octal digits are 0..7' : 'hexadecimal digits are 0..15');
    if ((digits[0]! & 3) !== 0) throw new RangeError(`d0 may only be ${radix === 8 ? '0 or 4' : '0, 4, 8 or C'}: removing nothing must split the heap`);
    const show = (d: number): string => d.toString(16).toUpperCase();
    this.name = `${radix === 8 ? 'octal' : 'hex'}:${show(digits[0]!)}.${digits.slice(1).map(show).join('')}`;
  }

  /** The most parts a move may leave: 3 when some digit has bit 8 (a hexadecimal split), else 2. */
  get maxParts(): 2 | 3 {
    return this.digits.some((d) => d & 8) ? 3 : 2;
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
      if (d & 8) for (let i = 1; 3 * i <= rest; i++) for (let j = i; i + 2 * j <= rest; j++) out.push([i, j, rest - i - j]);
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
