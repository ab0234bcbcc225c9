/**
 * How often the automata kernels read a stop signal: once per POLL_WORK transitions built (a few
 * milliseconds of work whatever the alphabet), so that Ctrl-C stops a product or a projection within
 * a second while the reading costs nothing measurable (one add and one compare a state). Kernels throw
 * InterruptedError in place, not through a helper taking a closure: a closure over a hot loop's variable
 * moves that variable out of registers (measured: 5-7 % on the logic engine's products and minimisations).
 */
export const POLL_WORK = 1 << 16;
