/**
 * The command line's one Ctrl-C contract: the first Ctrl-C asks the running job to stop and keep what it
 * finished (the command prints it, complete lines only, and exits 130); a second one ends the job at once
 * (only the lines already printed stay). The handler stays installed for the whole run, so a Ctrl-C never
 * kills the process in the middle of a write; output stops only between lines.
 */

const stopper = new AbortController();
const killer = new AbortController();

/** Raised by the first Ctrl-C (stop and keep what was finished) and by the second (end at once). */
export const ctrlC: { readonly stop: AbortSignal; readonly kill: AbortSignal } = { stop: stopper.signal, kill: killer.signal };

/** How long a command may take to end after the second Ctrl-C before the process exits by itself. */
const KILL_GRACE_MS = 500;

let installed = false;

/** Installs the handler (the CLI's entry does it once). */
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

/** Lets a pending Ctrl-C be noticed: the signal's handler runs only when the thread is free. */
export function yieldToSignals(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
