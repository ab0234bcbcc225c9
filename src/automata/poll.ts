/**
 * How often the automata kernels read a stop signal: once per POLL_WORK transitions built (a few
 * milliseconds of work whatever the alphabet), so that Ctrl-C stops a product or a projection within
 * a second while the reading costs nothing measurable (one add and one compare a state).
 */
import { InterruptedError } from '../core/errors.js';

export const POLL_WORK = 1 << 16;

/** Throws InterruptedError with `partial` when the signal is raised. */
export function stopIfAborted(signal: AbortSignal | undefined, partial: () => unknown): void {
  if (signal?.aborted) throw new InterruptedError(partial());
}
