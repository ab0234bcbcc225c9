/**
 * How a computation is asked to stop. The library polls `stop.aborted` between steps and keeps what it
 * finished; it never waits for an event, because a computation that holds its thread could not receive one.
 * So the one type it reads is `Stop`, which a real AbortSignal already is (the CLI's Ctrl-C, the explorer's
 * cancel): a face converts nothing. The constructors below build the others: a flag in shared memory (how a
 * stop reaches a job in a worker thread: a posted message would only arrive after the work ends), a
 * deadline read on the clock (AbortSignal.timeout needs the event loop), and any of several.
 */

/**
 * What a long computation reads to know it should stop: polled between steps, no events. An AbortSignal is one.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface Stop {
  readonly aborted: boolean;
}

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
 * A stop raised with a shared flag (given, or the current one from a getter).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function stopOnFlag(flag: Int32Array | (() => Int32Array)): Stop {
  const read = typeof flag === 'function' ? flag : () => flag;
  return {
    get aborted() {
      return isStopped(read());
    },
  };
}

/**
 * A stop raised once `ms` milliseconds have passed, read on the clock whenever it is asked.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function stopAfter(ms: number): Stop {
  const end = performance.now() + ms;
  return {
    get aborted() {
      return performance.now() >= end;
    },
  };
}

/**
 * A stop raised when any of these is (those undefined are left out).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function stopAny(...stops: (Stop | undefined)[]): Stop {
  const some = stops.filter((s): s is Stop => s !== undefined);
  return {
    get aborted() {
      return some.some((s) => s.aborted);
    },
  };
}

/** The callbacks waiting on each signal, behind its one abort listener (onAbort). */
const waiting = new WeakMap<AbortSignal, { callbacks: Set<() => void>; listener: () => void }>();

/**
 * Calls `f` once when `signal` aborts, through one listener per signal however many callers wait on it:
 * a census runs all its games on one signal, and a listener each passed Node's limit of 10 per signal
 * (MaxListenersExceededWarning). The function returned lets go of `f`; the last to let go removes the listener.
 */
export function onAbort(signal: AbortSignal, f: () => void): () => void {
  let entry = waiting.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      waiting.delete(signal);
      // As with a listener each: one that throws is reported (uncaught) and the others still run.
      for (const g of [...callbacks]) {
        try {
          g();
        } catch (e) {
          queueMicrotask(() => {
            throw e;
          });
        }
      }
    };
    entry = { callbacks, listener };
    waiting.set(signal, entry);
    signal.addEventListener('abort', listener, { once: true });
  }
  const own = entry;
  own.callbacks.add(f);
  return () => {
    own.callbacks.delete(f);
    if (own.callbacks.size === 0 && waiting.get(signal) === own) {
      waiting.delete(signal);
      signal.removeEventListener('abort', own.listener);
    }
  };
}
