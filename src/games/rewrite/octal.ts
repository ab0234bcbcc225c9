/**
 * Octal games as rewrite games (seed taking-and-merging, section 1, after Waldmann [9, Prop. 3]):
 * heaps n1, ..., nr are the word b a^n1 b ... b a^nr b, and each octal digit becomes rules on a's.
 * Example 1: 0.37 = {a -> ε, aa -> b}.
 */
import { InputError } from '../../core/errors.js';
import { RewriteGame } from './game.js';
import type { RewriteRule } from './rules.js';

/** The digits d1 d2 ... of an octal code `0.d1d2...` (d0 must be 0: removing nothing never moves). */
export function octalDigits(code: string): number[] {
  const m = /^0?\.([0-7]+)$/.exec(code.trim());
  if (!m) {
    if (/^[1-7]\./.test(code.trim())) {
      throw new InputError(`octal code ${JSON.stringify(code)}: a digit before the point splits heaps without taking, which lengthens the word`);
    }
    throw new InputError(`bad octal code ${JSON.stringify(code)}: expected 0. followed by digits 0-7, like 0.37`);
  }
  return [...m[1]!].map(Number);
}

/**
 * The rewrite rules of an octal game. Digit d_k (take k tokens): bit 1 = the heap may vanish,
 * bit 2 = one heap may remain, bit 4 = two non-empty heaps may remain. Deleting a's never splits a
 * heap, so bits 1|2 are a^k -> ε; a split writes a new separator b; an empty heap (bb) is harmless.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function octalRewriteRules(code: string): RewriteRule[] {
  const rules: RewriteRule[] = [];
  octalDigits(code).forEach((d, i) => {
    const k = i + 1;
    const ak = 'a'.repeat(k);
    switch (d) {
      case 0:
        break;
      case 1: // only a whole heap of exactly k
        rules.push({ lhs: `b${ak}b`, rhs: 'bb' });
        break;
      case 2: // k from a bigger heap
        rules.push({ lhs: `${ak}a`, rhs: 'a' });
        break;
      case 3: // k from a heap of at least k
        rules.push({ lhs: ak, rhs: '' });
        break;
      case 4: // k from inside, leaving two non-empty heaps
        rules.push({ lhs: `a${ak}a`, rhs: 'aba' });
        break;
      case 5:
        rules.push({ lhs: `b${ak}b`, rhs: 'bb' }, { lhs: `a${ak}a`, rhs: 'aba' });
        break;
      case 6: // at least one token stays, in one or two heaps
        rules.push({ lhs: `${ak}a`, rhs: 'ba' });
        break;
      case 7: // anything: an end of the heap leaves an empty heap bb
        rules.push({ lhs: ak, rhs: 'b' });
        break;
    }
  });
  if (rules.length === 0) throw new InputError(`octal code ${JSON.stringify(code)} has no move`);
  return rules;
}

/** The heaps of a word b a^n1 b ... b a^nr b (empty heaps dropped). */
export function heapsOfWord(word: string): number[] {
  return word
    .split('b')
    .map((s) => s.length)
    .filter((n) => n > 0);
}

/**
 * G(b a^n b) for n = 0..maxHeap in the rewrite game of `rules`: the options are the words the rules
 * produce from b a^n b; the b's are never erased, so a word is the disjunctive sum of its segments
 * b a^m b and its value the XOR of theirs (every rule removes a's, so smaller heaps come first).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function grundyOfHeapWords(rules: readonly RewriteRule[], maxHeap: number): number[] {
  const game = new RewriteGame(rules);
  const values: number[] = [];
  for (let n = 0; n <= maxHeap; n++) {
    const seen = new Set<number>();
    for (const option of game.options(`b${'a'.repeat(n)}b`)) {
      seen.add(heapsOfWord(option).reduce((x, m) => x ^ values[m]!, 0));
    }
    let g = 0;
    while (seen.has(g)) g++;
    values.push(g);
  }
  return values;
}
