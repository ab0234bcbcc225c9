/** Flag handling shared by commands that take a game spec. */
import type { Ruleset } from '../../core/ruleset.js';
import { parseSpecLoading } from '../../spec/parse.js';
import { parseCount } from '../io.js';

export interface SpecFlags {
  maxDepth?: string;
}

/**
 * Parses SPEC, loading only the game families it names; `--max-depth` opens the door to rewrite systems
 * that are not strongly terminating.
 */
export async function specFromFlags(spec: string, flags: SpecFlags): Promise<{ ruleset: Ruleset<any>; maxDepth?: number }> {
  const maxDepth = flags.maxDepth === undefined ? undefined : parseCount('--max-depth', flags.maxDepth);
  const ruleset = await parseSpecLoading(spec, { allowUnboundedRewriting: maxDepth !== undefined });
  return maxDepth === undefined ? { ruleset } : { ruleset, maxDepth };
}
