/**
 * Rewrite rules u -> v on words over single-character letters (seed taking-and-merging, section 1).
 * A taking-and-merging rule a^k -> ε is written `ak` in specs.
 */
import { compressWord } from '../../core/positions.js';

export { RESERVED, compressWord } from '../../core/positions.js';

/**
 * A rule u -> v of a rewrite game.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface RewriteRule {
  /** u, non-empty. */
  readonly lhs: string;
  /** v, possibly empty. */
  readonly rhs: string;
}

/** The letters used by the rules, in order of first appearance. */
export function alphabetOf(rules: readonly RewriteRule[]): string[] {
  const seen = new Set<string>();
  for (const r of rules) for (const c of r.lhs + r.rhs) seen.add(c);
  return [...seen];
}

/** True when every rule is a^k -> ε (a taking-and-merging game, seed section 1). */
export function isTakingAndMerging(rules: readonly RewriteRule[]): boolean {
  return rules.every((r) => r.rhs === '' && r.lhs.length > 0 && [...r.lhs].every((c) => c === r.lhs[0]));
}

/** Every move strictly shortens the word, so every play ends (seed section 5). */
export function isStronglyTerminating(rules: readonly RewriteRule[]): boolean {
  return rules.every((r) => r.lhs.length > r.rhs.length);
}

/** The rule as written in specs: `a3`, `aa->b`. */
export function formatRule(r: RewriteRule): string {
  if (r.rhs === '' && [...r.lhs].every((c) => c === r.lhs[0])) return compressWord(r.lhs);
  return `${r.lhs}->${r.rhs}`;
}
