/**
 * Packed storage of every word of length 0..N over an alphabet of size A (seed taking-and-merging,
 * section 1: positions are words). A word of length n is the base-A integer whose most significant
 * digit is its first letter, so numeric order is lexicographic order; lengths are stored one after
 * the other in one byte array, length n starting at offset(n) = A^0 + ... + A^(n-1).
 */
import { InputError, LimitError } from '../../core/errors.js';

export interface PackedLayout {
  /** The letters, digit d = alphabet[d]; sorted so that the order of words is fixed. */
  readonly alphabet: readonly string[];
  readonly radix: number;
  readonly maxLength: number;
  /** offsets[n] = index of the first word of length n; offsets[maxLength + 1] = total size. */
  readonly offsets: readonly number[];
  /** powers[i] = radix^i for i = 0..maxLength. */
  readonly powers: readonly number[];
}

/** The largest table a single buffer can hold in this runtime (and the kernels' 2^31 index range). */
export const MAX_TABLE_BYTES = 2 ** 31;

export function packedLayout(alphabet: readonly string[], maxLength: number): PackedLayout {
  if (alphabet.length === 0) throw new InputError('the rule set uses no letters');
  if (!Number.isInteger(maxLength) || maxLength < 0) throw new InputError(`bad maximum length ${maxLength}`);
  const radix = alphabet.length;
  const powers: number[] = [1];
  const offsets: number[] = [0];
  for (let n = 0; n <= maxLength; n++) {
    offsets.push(offsets[n]! + powers[n]!);
    powers.push(powers[n]! * radix);
  }
  powers.pop();
  return { alphabet: [...alphabet], radix, maxLength, offsets, powers };
}

/** Bytes of the table for all lengths 0..N: one byte per word. */
export function tableBytes(layout: PackedLayout): number {
  return layout.offsets[layout.maxLength + 1]!;
}

/** Refuses up front a run whose table would not fit in `budget` bytes or in one buffer. */
export function checkFits(layout: PackedLayout, budget: number): void {
  const need = tableBytes(layout);
  const limit = Math.min(budget, MAX_TABLE_BYTES);
  if (need > limit) {
    const mb = (x: number) => `${Math.ceil(x / 2 ** 20)} MiB`;
    const fits = largestLengthThatFits(layout.radix, limit);
    throw new LimitError(
      `words of length <= ${layout.maxLength} over ${layout.radix} letters need ${mb(need)} ` +
        `(one byte per word) but the limit is ${mb(limit)}; the largest length that fits is ${fits}`,
      'lengthsMemory',
    );
  }
}

/** The largest N whose table (all lengths 0..N) fits in `bytes`. */
export function largestLengthThatFits(radix: number, bytes: number): number {
  let total = 1;
  let power = 1;
  let n = 0;
  for (;;) {
    power *= radix;
    if (total + power > bytes) return n;
    total += power;
    n++;
    if (n > 10_000) return n;
  }
}

/**
 * The integer of `word` (first letter most significant); -1 when a letter is not in the alphabet.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function encodeWord(layout: PackedLayout, word: string): number {
  let w = 0;
  for (const c of word) {
    const d = layout.alphabet.indexOf(c);
    if (d < 0) return -1;
    w = w * layout.radix + d;
  }
  return w;
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export function decodeWord(layout: PackedLayout, length: number, w: number): string {
  let s = '';
  for (let i = length - 1; i >= 0; i--) s += layout.alphabet[Math.floor(w / layout.powers[i]!) % layout.radix]!;
  return s;
}
