/** Flag handling shared by commands that take a game spec. */
import type { Ruleset } from '../../core/ruleset.js';
import { parseSpec } from '../../spec/index.js';
import { parseCount } from '../io.js';

export interface SpecFlags {
  maxDepth?: string;
}

/** Parses SPEC; `--max-depth` opens the door to rewrite systems that are not strongly terminating. */
export function specFromFlags(spec: string, flags: SpecFlags): { ruleset: Ruleset<any>; maxDepth?: number } {
  const maxDepth = flags.maxDepth === undefined ? undefined : parseCount('--max-depth', flags.maxDepth);
  const ruleset = parseSpec(spec, { allowUnboundedRewriting: maxDepth !== undefined });
  return maxDepth === undefined ? { ruleset } : { ruleset, maxDepth };
}
