/** Grundy sequences of one-heap games: G(0), G(1), ..., G(N). */
import { InterruptedError } from '../core/errors.js';
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';

export interface SequenceOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  solver?: Solver;
}

/**
 * G(n) for n = 0..max by the plain solver, heap sizes ascending so each value finds its options
 * already memoised. An interruption throws InterruptedError whose `partial` is the values finished.
 */
export function grundySequence(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): number[] {
  const solver = options.solver ?? new Solver();
  const values: number[] = [];
  for (let n = 0; n <= max; n++) {
    if (options.signal?.aborted) throw new InterruptedError(values);
    values.push(solver.grundy(rs, rs.domain.parse(String(n))));
    if (options.onProgress && (n & 1023) === 0) options.onProgress(n, max + 1);
  }
  return values;
}
