/**
 * Cancel flags in shared memory, so the request thread can stop a computation that is blocking its
 * worker's event loop (a posted message would only arrive after the work ends). The worker's
 * AbortSignal reads the flag of its current task between steps.
 */

/** A shared flag: index 0 is 1 once cancelled. */
export function newCancelFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function cancel(flag: Int32Array): void {
  Atomics.store(flag, 0, 1);
}

export function isCancelled(flag: Int32Array): boolean {
  return Atomics.load(flag, 0) === 1;
}
