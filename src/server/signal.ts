/**
 * An AbortSignal whose state lives in shared memory, so the request thread can stop a computation
 * that is blocking its worker's event loop (a posted message would only arrive after the work ends).
 * The library reads `signal.aborted` between steps; that is all this signal has to answer.
 */

/** A shared flag: index 0 is 1 once cancelled. */
export function newCancelFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

export function cancel(flag: Int32Array): void {
  Atomics.store(flag, 0, 1);
}

class FlagSignal extends EventTarget {
  onabort: ((this: AbortSignal, ev: Event) => unknown) | null = null;
  constructor(private readonly flag: Int32Array) {
    super();
  }
  get aborted(): boolean {
    return Atomics.load(this.flag, 0) === 1;
  }
  get reason(): unknown {
    return this.aborted ? new Error('cancelled') : undefined;
  }
  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
}

/** The signal a worker hands to the library for a flag made by newCancelFlag. */
export function signalOf(flag: Int32Array): AbortSignal {
  return new FlagSignal(flag) as unknown as AbortSignal;
}
