import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { octalSequence } from '../../src/analysis/octal-sequence.js';
import type { OctalGame } from '../../src/games/heaps/octal.js';
import { parseSpec } from '../../src/spec/index.js';

const entry = new URL('../../src/cli/run.js', import.meta.url).pathname;

/** Runs the CLI, sends Ctrl-C after `ms`, and collects what it printed. */
async function interruptAfter(args: string[], ms: number): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [entry, ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGINT'), ms);
  const status = await new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  clearTimeout(timer);
  return { status, stdout, stderr };
}

test('sprague sequence: Ctrl-C keeps the values finished (JSON Lines from n = 0, each right), exit 130', async () => {
  // 0.6 has no known period and values in the hundreds: 5 million heaps take far longer than 2.5 s.
  const r = await interruptAfter(['sequence', 'octal:0.6', '--max', '5000000', '--json'], 2500);
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /interrupted/);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(lines.length > 100, `only ${lines.length} values kept`);
  assert.ok(lines.length < 5_000_001);
  const reference = octalSequence(parseSpec('octal:0.6') as OctalGame, lines.length - 1).values;
  lines.forEach((l, n) => assert.deepEqual(l, { n, grundy: reference[n] }));
});
