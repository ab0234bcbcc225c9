/**
 * Letters are integers 0..size-1. A multi-track letter (a tuple of digits, one per track, as the
 * logic engine reads several numbers in parallel) is packed mixed-radix into one integer, so every
 * algorithm here works on plain integer alphabets and never needs to know about tracks.
 */
import { InputError } from '../core/errors.js';

/**
 * Packs digits d_0..d_{t-1} (d_i < radices[i]) into d_0 + r_0 (d_1 + r_1 (d_2 + ...)).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function packTuple(digits: readonly number[], radices: readonly number[]): number {
  if (digits.length !== radices.length) throw new InputError(`tuple of ${digits.length} digits for ${radices.length} tracks`);
  let letter = 0;
  for (let i = digits.length - 1; i >= 0; i--) {
    const d = digits[i]!;
    const r = radices[i]!;
    if (!Number.isInteger(d) || d < 0 || d >= r) throw new InputError(`digit ${d} on track ${i} is outside 0..${r - 1}`);
    letter = letter * r + d;
  }
  return letter;
}

/**
 * The inverse of packTuple.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function unpackTuple(letter: number, radices: readonly number[]): number[] {
  const digits: number[] = [];
  for (const r of radices) {
    digits.push(letter % r);
    letter = Math.floor(letter / r);
  }
  return digits;
}

/**
 * The size of the packed alphabet of a multi-track automaton.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function tupleAlphabetSize(radices: readonly number[]): number {
  return radices.reduce((a, r) => a * r, 1);
}

/**
 * Named letters (single characters, as in rewrite games) <-> integers.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Alphabet {
  private readonly index: Map<string, number>;

  constructor(readonly names: readonly string[]) {
    this.index = new Map(names.map((n, i) => [n, i]));
    if (this.index.size !== names.length) throw new InputError(`repeated letter in alphabet ${names.join(',')}`);
  }

  get size(): number {
    return this.names.length;
  }

  letter(name: string): number {
    const i = this.index.get(name);
    if (i === undefined) throw new InputError(`letter ${JSON.stringify(name)} is not in the alphabet {${this.names.join(',')}}`);
    return i;
  }

  /** A word of single-character letters as integers. */
  encode(word: string): number[] {
    return [...word].map((c) => this.letter(c));
  }

  decode(word: readonly number[]): string {
    return word.map((l) => this.names[l]!).join('');
  }
}
