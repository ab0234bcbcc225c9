/** Shared by the rewrite tests: rule lists through the project's own spec parser. */
import { parseSpec } from '../../../src/spec/index.js';
import type { RewriteGame } from '../../../src/games/rewrite/game.js';
import type { RewriteRule } from '../../../src/games/rewrite/rules.js';

/** The rules of `rewrite:TEXT`, e.g. `a,a2,b` or `a->,aa->b`. */
export function rules(text: string): RewriteRule[] {
  return [...(parseSpec(`rewrite:${text}`, { allowUnboundedRewriting: true }) as RewriteGame).rules];
}
