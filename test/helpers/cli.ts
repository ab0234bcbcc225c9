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

export function runCli(args: string[], options: { input?: string; timeoutMs?: number; env?: Record<string, string> } = {}): CliResult {
  const r = spawnSync(process.execPath, [entry, ...args], {
    encoding: 'utf8',
    input: options.input,
    timeout: options.timeoutMs ?? 120_000,
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
