/**
 * Stopping a computation that runs in a worker thread. A posted message would only arrive after the work
 * ends (the worker's event loop is busy), so the stop travels as a flag in shared memory, and the library,
 * which polls `signal.aborted` between steps, reads it through `flagSignal`.
 */

/** A shared flag: index 0 is 1 once raised. */
export function newStopFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function raiseStop(flag: Int32Array): void {
  Atomics.store(flag, 0, 1);
}

export function isStopped(flag: Int32Array): boolean {
  return Atomics.load(flag, 0) === 1;
}

/**
 * An AbortSignal whose `aborted` reads a shared flag (given, or the current one from a getter). Only
 * `aborted` is live: it fires no events, which is all the polling library code needs.
 */
export function flagSignal(flag: Int32Array | (() => Int32Array)): AbortSignal {
  const read = typeof flag === 'function' ? flag : () => flag;
  return {
    get aborted() {
      return isStopped(read());
    },
    addEventListener() {},
    removeEventListener() {},
  } as unknown as AbortSignal;
}
