/** Runs the compiled CLI in a child process, as a user would. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON Lines. */
  lines: any[];
}

export function runCli(args: string[], options: { input?: string; timeoutMs?: number; env?: Record<string, string>; maxBuffer?: number; uid?: number; gid?: number; cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [entry, ...args], {
    encoding: 'utf8',
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.uid === undefined ? {} : { uid: options.uid }),
    ...(options.gid === undefined ? {} : { gid: options.gid }),
    input: options.input,
    timeout: options.timeoutMs ?? 120_000,
    ...(options.maxBuffer === undefined ? {} : { maxBuffer: options.maxBuffer }),
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  const stdout = r.stdout ?? '';
  const lines = args.includes('--json')
    ? stdout
        .split('\n')
        .filter((l) => l.length > 0)
        .map((l) => JSON.parse(l))
    : [];
  return { status: r.status ?? -1, stdout, stderr: r.stderr ?? '', lines };
}

/**
 * Runs the CLI's `main` in this process, as `runCli` would in a child (stdout and stderr captured, the exit
 * code returned), for tests that run hundreds of command lines: no process start-up per run.
 */
export async function runCliInProcess(args: string[]): Promise<CliResult> {
  const { main } = await import('../../src/cli/main.js');
  const out: string[] = [];
  const err: string[] = [];
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  const capture = (into: string[]) => ((chunk: string | Uint8Array) => (into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true)) as typeof process.stdout.write;
  process.exitCode = undefined;
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  let status: number;
  try {
    status = await main(args);
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.exitCode = undefined;
  }
  const stdout = out.join('');
  const lines = args.includes('--json') && status === 0 ? stdout.split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l)) : [];
  return { status, stdout, stderr: err.join(''), lines };
}

/** Ends the worker thread of the jobs the in-process runs started. */
export async function closeInProcessJobs(): Promise<void> {
  const { closeCommandJobs } = await import('../../src/cli/jobs.js');
  await closeCommandJobs();
}
