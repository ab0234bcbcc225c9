/** Child processes of the CLI that a test watches line by line and kills at a chosen moment. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));

export interface Watched {
  child: ChildProcess;
  /** stdout lines so far. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line satisfying `match` (rejects after `timeoutMs`). */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the first stdout line (a server's address), or rejects with stderr when the process exits before writing one. */
  firstLine(): Promise<string>;
  /** Resolves with the exit code (or the signal's name). */
  exit: Promise<number | string>;
}

export function watchCli(args: string[]): Watched {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  const lines: string[] = [];
  let err = '';
  let partial = '';
  const waiters: { match: (l: string) => boolean; resolve: (l: string) => void }[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    partial += d.toString();
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      for (let i = waiters.length - 1; i >= 0; i--) {
        if (waiters[i]!.match(line)) {
          waiters[i]!.resolve(line);
          waiters.splice(i, 1);
        }
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? -1)));
  return {
    child,
    lines,
    stderr: () => err,
    exit,
    firstLine() {
      return new Promise((resolve, reject) => {
        if (lines.length > 0) return resolve(lines[0]!);
        waiters.push({ match: () => true, resolve });
        void exit.then((code) => reject(new Error(`exited with ${code} before its first line: ${err}`)));
      });
    },
    waitForLine(match, timeoutMs = 120_000) {
      const seen = lines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching line within ${timeoutMs} ms; stdout:\n${lines.join('\n')}\nstderr:\n${err}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}
