/** Positions as typed on the command line, checked against the ruleset they belong to. */
import { PositionError } from '../core/errors.js';
import type { Ruleset } from '../core/ruleset.js';

/**
 * A position of `rs` from its text (e.g. `3,5` for heaps), checked against the ruleset; throws
 * PositionError.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parsePosition<P>(rs: Ruleset<P>, text: string): P {
  const p = rs.domain.parse(text);
  const why = rs.validate?.(p);
  if (why) throw new PositionError(text, 0, why);
  return p;
}
