/**
 * The non-regularity family of Theorem 5 (seed taking-and-merging, section 2.1): for a
 * taking-and-merging game whose least exponents are k1 > 1 (for a) and l1 > 1 (for b), the word
 * b^(l1-1) (a b^(l1-1))^i (b a^(k1-1))^j is a P-position iff i >= j, so P is not regular.
 */
import { InputError } from '../../core/errors.js';
import { Solver } from '../../core/solver.js';
import { RewriteGame } from './game.js';
import { type RewriteRule, formatRule, isTakingAndMerging } from './rules.js';

/** The least exponents k1, l1 of the two letters, checked against the hypotheses of Theorem 5. */
export function theorem5Exponents(rules: readonly RewriteRule[]): { a: string; b: string; k1: number; l1: number } {
  const letters = [...new Set(rules.map((r) => r.lhs[0]!))].sort();
  if (!isTakingAndMerging(rules) || letters.length !== 2) {
    throw new InputError(`Theorem 5 is about taking-and-merging games on two letters; got ${rules.map(formatRule).join(',')}`);
  }
  const [a, b] = letters as [string, string];
  const least = (c: string) => Math.min(...rules.filter((r) => r.lhs[0] === c).map((r) => r.lhs.length));
  const k1 = least(a);
  const l1 = least(b);
  if (k1 < 2 || l1 < 2) {
    throw new InputError(`Theorem 5 needs k1 > 1 and l1 > 1 (no rule ${a} -> ε or ${b} -> ε); here k1 = ${k1}, l1 = ${l1}`);
  }
  return { a, b, k1, l1 };
}

/**
 * b^(l1-1) (a b^(l1-1))^i (b a^(k1-1))^j, the words of the proof of Theorem 5.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function nonRegularWord(a: string, b: string, k1: number, l1: number, i: number, j: number): string {
  return b.repeat(l1 - 1) + (a + b.repeat(l1 - 1)).repeat(i) + (b + a.repeat(k1 - 1)).repeat(j);
}

export interface Theorem5Case {
  i: number;
  j: number;
  word: string;
  outcome: 'P' | 'N';
  /** What Theorem 5 says: P iff i >= j. */
  expected: 'P' | 'N';
}

/**
 * Solves every word of the family with 0 <= i <= iMax, 0 <= j <= jMax by the plain solver.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function checkNonRegularity(rules: readonly RewriteRule[], iMax: number, jMax: number, solver = new Solver()): Theorem5Case[] {
  const { a, b, k1, l1 } = theorem5Exponents(rules);
  const game = new RewriteGame(rules);
  const cases: Theorem5Case[] = [];
  for (let i = 0; i <= iMax; i++) {
    for (let j = 0; j <= jMax; j++) {
      const word = nonRegularWord(a, b, k1, l1, i, j);
      cases.push({ i, j, word, outcome: solver.outcome(game, word), expected: i >= j ? 'P' : 'N' });
    }
  }
  return cases;
}
