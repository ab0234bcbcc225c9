/**
 * Morphisms over {1, ..., n} and their fixed points (deciding-game-invariance, sections 1 and 6):
 * e.g. the Tribonacci morphism 1 -> 12, 2 -> 13, 3 -> 1 whose fixed point codes the Tribonacci game.
 */
import { InputError, LimitError } from '../core/errors.js';
import { type InfiniteWord, wordToString } from './word.js';

/**
 * A morphism of words over the letters 1..alphabetSize.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Morphism {
  /** images[a] = f(a) for a = 1..alphabetSize (index 0 unused). */
  readonly images: readonly Uint8Array[];
  readonly alphabetSize: number;

  constructor(images: readonly Uint8Array[]) {
    this.alphabetSize = images.length - 1;
    if (this.alphabetSize < 1) throw new InputError('a morphism needs at least one letter');
    for (let a = 1; a <= this.alphabetSize; a++) {
      const img = images[a];
      if (!img) throw new InputError(`the morphism has no image for the letter ${a}`);
      for (const c of img) {
        if (c < 1 || c > this.alphabetSize) {
          throw new InputError(`f(${a}) uses the letter ${c}, outside the alphabet 1..${this.alphabetSize}`);
        }
      }
    }
    this.images = images.map((x) => x.slice());
  }

  /** `1->12,2->13,3->1`; the error names the column of the first fault. */
  static parse(text: string): Morphism {
    const images: Uint8Array[] = [new Uint8Array(0)];
    let col = 1;
    for (const rule of text.split(',')) {
      const m = /^([1-9])->([1-9]*)$/.exec(rule);
      if (!m) {
        throw new InputError(`bad morphism ${JSON.stringify(text)} at column ${col}: expected a rule like 1->12, found ${JSON.stringify(rule)}`);
      }
      const a = Number(m[1]);
      if (images[a]) throw new InputError(`bad morphism ${JSON.stringify(text)} at column ${col}: the letter ${a} has two images`);
      images[a] = Uint8Array.from(m[2]!, (c) => Number(c));
      col += rule.length + 1;
    }
    for (let a = 1; a < images.length; a++) {
      if (!images[a]) throw new InputError(`bad morphism ${JSON.stringify(text)}: no rule for the letter ${a}`);
    }
    return new Morphism(images);
  }

  image(a: number): Uint8Array {
    return this.images[a]!;
  }

  /** ℓ when every image has length ℓ (ℓ-uniform, section 6.2), otherwise undefined. */
  uniformLength(): number | undefined {
    const l = this.images[1]!.length;
    for (let a = 2; a <= this.alphabetSize; a++) if (this.images[a]!.length !== l) return undefined;
    return l;
  }

  /** |f(a)|_c = |f(b)|_c for all letters a, b, c (section 6.2). */
  isParikhConstant(): boolean {
    const ref = counts(this.images[1]!, this.alphabetSize);
    for (let a = 2; a <= this.alphabetSize; a++) {
      const c = counts(this.images[a]!, this.alphabetSize);
      if (c.some((x, i) => x !== ref[i])) return false;
    }
    return true;
  }

  /** f applied to a finite word. */
  apply(word: Uint8Array): Uint8Array {
    let len = 0;
    for (const c of word) len += this.images[c]!.length;
    const out = new Uint8Array(len);
    let at = 0;
    for (const c of word) {
      out.set(this.images[c]!, at);
      at += this.images[c]!.length;
    }
    return out;
  }

  toString(): string {
    return this.images
      .slice(1)
      .map((img, i) => `${i + 1}->${wordToString(img)}`)
      .join(',');
  }
}

function counts(word: Uint8Array, n: number): number[] {
  const c = new Array<number>(n + 1).fill(0);
  for (const x of word) c[x]!++;
  return c;
}

/**
 * The fixed point f^ω(a) = lim f^k(a); it exists when f(a) starts with a and the iterates grow.
 * Letters are produced by reading the word being built (w = f(w_1) f(w_2) ...), so a prefix of length
 * L costs O(L).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function fixedPoint(f: Morphism, start = 1): InfiniteWord {
  if (start < 1 || start > f.alphabetSize) throw new InputError(`the letter ${start} is not in the alphabet of ${f}`);
  const first = f.image(start);
  if (first.length < 2 || first[0] !== start) {
    throw new InputError(`${f} has no infinite fixed point from ${start}: f(${start}) must start with ${start} and be longer than one letter`);
  }
  let built = first.slice();
  let length = first.length;
  let read = 1;
  const grow = (target: number): void => {
    while (length < target) {
      if (read >= length) {
        throw new LimitError(`the fixed point of ${f} from ${start} is finite (${length} letters)`, 'fixedPoint', built.slice(0, length));
      }
      const img = f.image(built[read++]!);
      if (length + img.length > built.length) {
        const bigger = new Uint8Array(Math.max(2 * built.length, length + img.length, 16));
        bigger.set(built.subarray(0, length));
        built = bigger;
      }
      built.set(img, length);
      length += img.length;
    }
  };
  return {
    alphabetSize: f.alphabetSize,
    description: `the fixed point of ${f} from ${start}`,
    prefix(n: number): Uint8Array {
      grow(n);
      return built.slice(0, n);
    },
  };
}
