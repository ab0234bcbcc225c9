/**
 * The bit string of a Wythoff-family game (seed: maharaja-nim, section 2.1): bit i is 0 iff the unique
 * P-position in column i lies strictly above the main diagonal (an upper P-position), else 1.
 * Column 0 holds (0,0), on the diagonal, so its bit is 1.
 */
import { InputError } from '../core/errors.js';
import { wythoffFamilyTable, type ExtraMove, type WythoffTable, type WythoffTableOptions } from './wythoff-table.js';

/**
 * Bits of columns from..to-1 of a table (to <= table.n); a P-position beyond the table is above the diagonal.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function bitsOfTable(table: WythoffTable, from = 0, to = table.n): Uint8Array {
  if (from < 0 || to > table.n || from > to) throw new InputError(`bad bit range ${from}..${to} for a table of ${table.n} columns`);
  const out = new Uint8Array(to - from);
  const col = table.col;
  for (let i = from; i < to; i++) {
    const y = col[i]!;
    out[i - from] = y >= 0 && y <= i ? 1 : 0;
  }
  return out;
}

/**
 * The first `bits` bits of the game Wythoff + extraMoves (a table of `bits` columns decides them all).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function wythoffBitString(
  extraMoves: readonly ExtraMove[],
  bits: number,
  options: WythoffTableOptions = {},
): Uint8Array {
  if (bits === 0) return new Uint8Array(0);
  return bitsOfTable(wythoffFamilyTable(extraMoves, bits, options));
}

/**
 * h = 31 h + bit mod 2^32 over the bits, as the baselines hash their outputs.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function bitChecksum(bits: Uint8Array): number {
  let h = 0;
  for (let i = 0; i < bits.length; i++) h = (Math.imul(h, 31) + bits[i]!) >>> 0;
  return h;
}

/**
 * '0'/'1' text of bits (through ASCII bytes: building 10^8 characters one by one is slow).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function bitsToText(bits: Uint8Array): string {
  const ascii = new Uint8Array(bits.length);
  for (let i = 0; i < bits.length; i++) ascii[i] = 48 + (bits[i] ? 1 : 0);
  return new TextDecoder('latin1').decode(ascii);
}

/** Bits from '0'/'1' text; anything else is an InputError naming the column. */
export function textToBits(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 48 && c !== 49) throw new InputError(`bad bit string ${JSON.stringify(text)} at column ${i + 1}: want 0 or 1`);
    out[i] = c - 48;
  }
  return out;
}
