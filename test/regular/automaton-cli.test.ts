import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';

test('sprague automaton: {a,a2,a3,b} gives the proved 8-state automaton of taking-and-merging Theorem 13 (CLI.md line)', () => {
  const r = runCli(['automaton', 'rewrite:a,a2,a3,b', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 1);
  const { states, grundyValues, verified, lowerBound, alphabet, start, outputs, transitions } = r.lines[0];
  assert.deepEqual({ states, grundyValues, verified }, { states: 8, grundyValues: [0, 1, 2, 3], verified: true });
  // The machine itself travels in the line, as the human output's table shows it.
  assert.equal(lowerBound, 8);
  assert.deepEqual(alphabet, ['a', 'b']);
  assert.equal(start, 0);
  assert.equal(outputs.length, 8);
  assert.equal(transitions.length, 8);
  assert.ok(transitions.every((row: number[]) => row.length === 2 && row.every((t) => t >= 0 && t < 8)));
});

test('sprague automaton: past --max-states it says verified false with a counterexample word, in compact form', () => {
  const r = runCli(['automaton', 'rewrite:a2,b2', '--max-states', '6', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 1);
  const line = r.lines[0];
  assert.equal(line.verified, false);
  assert.match(line.counterexample, /^[ab0-9]+$/);
});

test('sprague automaton --dot writes DOT, and SVG for a .svg name; --p-positions proves Theorem 15 in 3 states', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-automaton-'));
  const r = runCli(['automaton', 'rewrite:a2,b', '--dot', join(dir, 'g.dot'), '--json']);
  assert.equal(r.status, 0, r.stderr);
  const dot = readFileSync(join(dir, 'g.dot'), 'utf8');
  assert.equal((dot.match(/label="q\d: \d"/g) ?? []).length, 4);
  const p = runCli(['automaton', 'rewrite:a,a2,b,b2', '--p-positions', '--dot', join(dir, 'p.svg'), '--json']);
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(
    p.lines.map(({ states, grundyValues, verified }) => ({ states, grundyValues, verified })),
    [{ states: 3, grundyValues: [0], verified: true }],
  );
  assert.match(readFileSync(join(dir, 'p.svg'), 'utf8'), /<svg[\s\S]*q0: P/);
});

test('sprague automaton rejects a game that is not a rewrite game, and a bad flag, with exit code 2', () => {
  const r = runCli(['automaton', 'nim', '--json']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^sprague: .*rewrite/);
  assert.equal(r.stdout, '');
  const f = runCli(['automaton', 'rewrite:a2,b', '--max-states', 'x']);
  assert.equal(f.status, 2);
  assert.match(f.stderr, /--max-states/);
});

test('sprague automaton: Ctrl-C stops the learner in its worker and keeps the last hypothesis (verified false, exit 130)', async () => {
  const { spawn } = await import('node:child_process');
  const entry = new URL('../../src/cli/run.js', import.meta.url);
  // {a,a4,b} needs 100 states and a minute of CPU: Ctrl-C once the learner reports its first hypothesis
  // (a progress line, SPRAGUE_PROGRESS), not at a guessed time.
  const child = spawn(process.execPath, [entry.pathname, 'automaton', 'rewrite:a,a4,b', '--max-states', '5000', '--json'], { env: { ...process.env, SPRAGUE_PROGRESS: '1' } });
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => {
    stderr += d;
    if (!sent && /learning progress [1-9]\d*\//.test(stderr)) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  const status = await new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  assert.equal(status, 130, stderr);
  const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, 1);
  assert.equal(lines[0].verified, false);
  assert.ok(lines[0].states > 0, 'the hypothesis learned so far is reported');
  assert.match(stderr, /interrupted/);
});
