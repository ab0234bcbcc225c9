/**
 * The moves of a take-and-break code as flat typed arrays, the form every kernel loops over.
 */
import type { TakeAndBreakCode } from './code.js';

export interface Moves {
  /** The most tokens a move removes. */
  readonly t: number;
  /** whole[k] = 1 when removing k >= 1 tokens may empty the heap (bit 1). */
  readonly whole: Uint8Array;
  /** The k >= 1 whose digit may leave one heap (bit 2), ascending. */
  readonly take: Int32Array;
  /** The k whose digit may leave two heaps (bit 4), ascending, and whether they must be unequal. */
  readonly split2: Int32Array;
  readonly split2Unequal: Uint8Array;
  /** The k whose digit may leave three heaps (bit 8), ascending, and whether pairwise unequal. */
  readonly split3: Int32Array;
  readonly split3Unequal: Uint8Array;
}

export function movesOf(code: TakeAndBreakCode): Moves {
  const { digits, unequal, t } = code;
  const whole = new Uint8Array(t + 1);
  const take: number[] = [];
  const split2: number[] = [];
  const split2Unequal: number[] = [];
  const split3: number[] = [];
  const split3Unequal: number[] = [];
  for (let k = 0; k <= t; k++) {
    const d = digits[k]!;
    if (k >= 1 && d & 1) whole[k] = 1;
    if (k >= 1 && d & 2) take.push(k);
    if (d & 4) {
      split2.push(k);
      split2Unequal.push(unequal[k] ? 1 : 0);
    }
    if (d & 8) {
      split3.push(k);
      split3Unequal.push(unequal[k] ? 1 : 0);
    }
  }
  return {
    t,
    whole,
    take: Int32Array.from(take),
    split2: Int32Array.from(split2),
    split2Unequal: Uint8Array.from(split2Unequal),
    split3: Int32Array.from(split3),
    split3Unequal: Uint8Array.from(split3Unequal),
  };
}
