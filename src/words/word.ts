/**
 * Infinite words over the alphabet {1, ..., n} (deciding-game-invariance, section 6). Letters are small
 * integers; positions are 1-based as in the paper ("the first letter in w has index 1").
 */
import { InputError } from '../core/errors.js';

/** An infinite word that can hand out any prefix. */
export interface InfiniteWord {
  /** n: the letters are 1..n. */
  readonly alphabetSize: number;
  /** w_1 ... w_length, one letter per byte. */
  prefix(length: number): Uint8Array;
  /** How the word was given, for messages (e.g. `(1122)^ω`). */
  readonly description: string;
}

/**
 * Reads a word over the digits 1..9, e.g. `1122`; `what` names it in errors. Every digit 1..max must
 * occur, so that the alphabet is exactly {1, ..., n} as Definition 34 needs.
 */
export function parseDigitWord(text: string, what = 'word'): Uint8Array {
  if (text.length === 0) throw new InputError(`${what} is empty`);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 1 || c > 9) {
      throw new InputError(`${what} ${JSON.stringify(text)} at column ${i + 1}: expected a digit 1..9, found ${JSON.stringify(text[i])}`);
    }
    out[i] = c;
  }
  const n = alphabetSizeOf(out);
  const seen = new Uint8Array(n + 1);
  for (const c of out) seen[c] = 1;
  for (let a = 1; a <= n; a++) {
    if (!seen[a]) throw new InputError(`${what} ${JSON.stringify(text)} uses the digits 1..${n} but not ${a}`);
  }
  return out;
}

export function alphabetSizeOf(word: Uint8Array): number {
  let n = 0;
  for (const c of word) if (c > n) n = c;
  return n;
}

export function wordToString(word: Uint8Array): string {
  return Array.from(word, (c) => String(c)).join('');
}

/** |v|_a for every letter a (index 0 unused). */
export function letterCounts(word: Uint8Array, alphabetSize: number): number[] {
  const counts = new Array<number>(alphabetSize + 1).fill(0);
  for (const c of word) counts[c]!++;
  return counts;
}

/** The shortest ρ with v = ρ^k (the primitive root); v^ω = ρ^ω, so P_w depends only on ρ. O(|v|). */
export function primitiveRoot(v: Uint8Array): Uint8Array {
  const n = v.length;
  // Knuth–Morris–Pratt failure function: the period of v is n - border(v).
  const fail = new Int32Array(n + 1);
  fail[0] = -1;
  for (let i = 1, k = -1; i <= n; i++) {
    while (k >= 0 && v[k] !== v[i - 1]) k = fail[k]!;
    fail[i] = ++k;
  }
  const p = n - fail[n]!;
  return n % p === 0 ? v.slice(0, p) : v;
}

/**
 * The periodic word v^ω = vvv... (section 6.1).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function periodicWord(v: Uint8Array): InfiniteWord {
  if (v.length === 0) throw new InputError('the period of a periodic word must not be empty');
  const period = v.slice();
  return {
    alphabetSize: alphabetSizeOf(period),
    description: `(${wordToString(period)})^ω`,
    prefix(length: number): Uint8Array {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = period[i % period.length]!;
      return out;
    },
  };
}
