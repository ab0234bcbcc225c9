/**
 * Ctrl-C at an event: the CLI in a child process (SPRAGUE_PROGRESS on, so that a long run says how far it
 * is on stderr), SIGINT sent when its stderr or its stdout first shows the event, never after a guessed time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));

export interface CtrlCRun {
  status: number | null;
  /** The signal that ended the process, when the CLI left Ctrl-C to Node (a command computing one answer in its own thread). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the Ctrl-C to the exit (undefined: the run ended before its event). */
  exitAfter?: number;
  /** The largest resident set seen after the Ctrl-C was sent, in MiB (read from /proc at each output event and at the end). */
  rssMb: number;
}

export interface CtrlCEvent {
  /** Ctrl-C once stderr matches. */
  stderr?: RegExp;
  /** Ctrl-C once stdout has this many complete lines. */
  lines?: number;
  /** Never read stdout (a reader that does not read): the event must then come on stderr. */
  stalledReader?: boolean;
}

/** `via`: the script to run (default: the CLI's modules, dist/src/cli/run.js; bin/sprague.js runs its bundle). */
export function ctrlCAt(args: string[], event: CtrlCEvent, timeoutMs = 120_000, via = entry): Promise<CtrlCRun> {
  const child = spawn(process.execPath, [via, ...args], { env: { ...process.env, NO_COLOR: '1', SPRAGUE_PROGRESS: '1', ...(event.stalledReader ? { SPRAGUE_TRACE_JOBS: '1' } : {}) } });
  let stdout = '';
  let stderr = '';
  let sentAt: number | undefined;
  let rssMb = 0;
  const sampleRss = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      rssMb = Math.max(rssMb, kb / 1024);
    } catch {
      // The process has ended.
    }
  };
  const send = () => {
    if (sentAt !== undefined) return;
    sampleRss();
    sentAt = performance.now();
    child.kill('SIGINT');
  };
  if (event.stalledReader) child.stdout.pause();
  else {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (event.lines !== undefined && stdout.split('\n').length > event.lines) send();
    });
  }
  child.stderr.on('data', (d) => {
    stderr += d;
    if (event.stderr?.test(stderr)) send();
  });
  // Only a hung run reaches this: a test failure with what it printed, not a hung test.
  const guard = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const sampler = setInterval(() => sentAt !== undefined && sampleRss(), 100);
  return new Promise((resolve) => {
    let exitAfter: number | undefined;
    const done = (code: number | null, sig: NodeJS.Signals | null) => {
      clearTimeout(guard);
      clearInterval(sampler);
      resolve({ status: code, signal: sig, stdout, stderr, rssMb, ...(exitAfter === undefined ? {} : { exitAfter }) });
    };
    child.on('exit', (code, sig) => {
      exitAfter = sentAt === undefined ? undefined : performance.now() - sentAt;
      // The pipes may still hold output at 'exit' (a busy machine once cut a line there): read to 'close'. A
      // stalled reader's pipe never reaches its end, so that run ends at 'exit'.
      if (event.stalledReader) done(code, sig);
    });
    if (!event.stalledReader) child.on('close', done);
  });
}
