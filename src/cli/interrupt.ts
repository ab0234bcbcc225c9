/**
 * The command line's one Ctrl-C contract: the first Ctrl-C asks the running job to stop and keep what it
 * finished (the command prints it, complete lines only, and exits 130); a second one ends the job at once
 * (only the lines already printed stay). A command takes the contract on when it starts its long work (a job,
 * the enumeration of `lengths`); from then on the handler stays for the rest of the run, so a Ctrl-C never
 * kills the process in the middle of a write: output stops only between lines (and what a stopped job kept is
 * printed for at most a second: io.ts). A command that computes one answer in its own thread without turns of
 * the event loop keeps Node's default (Ctrl-C ends the process), since a handler could never run there.
 */

const stopper = new AbortController();
const killer = new AbortController();

/** Raised by the first Ctrl-C (stop and keep what was finished) and by the second (end at once). */
export const ctrlC: { readonly stop: AbortSignal; readonly kill: AbortSignal } = { stop: stopper.signal, kill: killer.signal };

/** How long a command may take to end after the second Ctrl-C before the process exits by itself. */
const KILL_GRACE_MS = 500;

let installed = false;

/** Takes the contract on (once; later calls do nothing). */
export function installCtrlC(): void {
  if (installed) return;
  installed = true;
  process.on('SIGINT', () => {
    if (!stopper.signal.aborted) {
      stopper.abort();
      return;
    }
    killer.abort();
    // Jobs end at once; a command waiting on something else is not kept waiting either.
    setTimeout(() => process.exit(130), KILL_GRACE_MS).unref();
  });
}

/**
 * How long a job may take to stop by itself after the first Ctrl-C before it is ended: the command's own
 * grace (`ms`), or SPRAGUE_GRACE_MS when set. The graces are half a second, which a loaded machine can
 * spend before a worker reads its stop flag; tests that check a job stops by itself set a long one.
 */
export function stopGrace(ms: number): number {
  const env = process.env['SPRAGUE_GRACE_MS'];
  return env !== undefined && /^\d+$/.test(env) ? Number(env) : ms;
}

/** Lets a pending Ctrl-C be noticed: the signal's handler runs only when the thread is free. */
export function yieldToSignals(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
