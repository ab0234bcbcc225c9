/** The grid searches by name: a ruleset names its own in `capabilities.gridSearch`, and the grid jobs (src/jobs/grids.ts) rebuild it from that name in their worker. */
import { CramRuleset } from './cram.js';
import { DomineeringRuleset } from './domineering.js';
import { PushCramRuleset } from './push.js';
import type { GridRuleset } from './solve.js';

/** The grid ruleset of a search name, or undefined. */
export function gridRuleset(name: string): GridRuleset | undefined {
  if (name === 'cram') return new CramRuleset();
  if (name === 'pushcram') return new PushCramRuleset();
  if (name === 'domineering') return new DomineeringRuleset();
  return undefined;
}
