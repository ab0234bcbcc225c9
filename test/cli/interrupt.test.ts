import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { octalSequence } from '../../src/games/heaps/octal-sequence.js';
import { phiDeviations } from '../../src/analysis/wythoff-conjecture.js';
import type { OctalGame } from '../../src/games/heaps/octal.js';
import { parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';

const entry = new URL('../../src/cli/run.js', import.meta.url).pathname;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI and sends Ctrl-C after `ms`, or as soon as `whenLines` lines are on stdout; collects what it printed. */
async function interrupt(args: string[], when: { ms?: number; lines?: number }): Promise<Run> {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  let sent = false;
  const send = () => {
    if (!sent) child.kill('SIGINT');
    sent = true;
  };
  child.stdout.on('data', (d) => {
    stdout += d;
    if (when.lines !== undefined && stdout.split('\n').length > when.lines) send();
  });
  child.stderr.on('data', (d) => (stderr += d));
  const timer = when.ms === undefined ? undefined : setTimeout(send, when.ms);
  const status = await new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  clearTimeout(timer);
  return { status, stdout, stderr };
}

const jsonLines = (text: string) => text.trim().split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l));

test('sprague sequence: Ctrl-C keeps the values finished (JSON Lines from n = 0, each right), exit 130', async () => {
  // 0.6 has no known period and values in the hundreds: 5 million heaps take far longer than 2.5 s.
  const r = await interrupt(['sequence', 'octal:0.6', '--max', '5000000', '--json'], { ms: 2500 });
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /interrupted/);
  const lines = jsonLines(r.stdout);
  assert.ok(lines.length > 100, `only ${lines.length} values kept`);
  assert.ok(lines.length < 5_000_001);
  const reference = octalSequence(parseSpec('octal:0.6') as OctalGame, lines.length - 1).values;
  lines.forEach((l, n) => assert.deepEqual(l, { n, grundy: reference[n], spec: 'octal:0.6' }));
});

test('sprague ppositions: Ctrl-C in the solver keeps a lexicographic prefix of the P-positions (each right), exit 130', async () => {
  // Two heaps of octal 0.6 go through the plain solver (a move splits a heap): 4 million cells take a minute.
  const max = 2000;
  const r = await interrupt(['ppositions', 'octal:0.6', '--heaps', '2', '--max', String(max), '--json'], { ms: 1500 });
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /kept the first \d+ P-positions/);
  const kept = jsonLines(r.stdout).map((l) => l.position as number[]);
  // Sprague-Grundy: (a,b) is P iff G(a) = G(b), so the whole list follows from the one-heap values.
  const g = octalSequence(parseSpec('octal:0.6') as OctalGame, max).values;
  const reference: number[][] = [];
  for (let a = 0; a <= max && reference.length <= kept.length; a++) for (let b = 0; b <= max; b++) if (g[a] === g[b]) reference.push([a, b]);
  assert.ok(kept.length < reference.length, 'the run should have been stopped');
  assert.deepEqual(kept, reference.slice(0, kept.length));
});

test('sprague ppositions: Ctrl-C in a table kernel keeps the P-positions of the cells finished, a lexicographic prefix, exit 130', async () => {
  // Take one token from a heap or one from each of three: every move takes an odd number, so P iff the sum is even.
  const max = 400;
  const r = await interrupt(['ppositions', 'invariant:(1,0,0),(0,1,0),(0,0,1),(1,1,1)', '--max', String(max), '--json'], { ms: 3000 });
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /kept the first \d+ P-positions/);
  const kept = jsonLines(r.stdout).map((l) => l.position as number[]);
  assert.ok(kept.length > 0 && kept.length < (max + 1) ** 3 / 2, `${kept.length} kept`);
  const reference: number[][] = [];
  for (let a = 0; reference.length < kept.length; a++) {
    for (let b = 0; b <= max; b++) for (let c = 0; c <= max; c++) if ((a + b + c) % 2 === 0) reference.push([a, b, c]);
  }
  assert.deepEqual(kept, reference.slice(0, kept.length));
});

test('sprague admissible: Ctrl-C in the witness search says how far it got, exit 130 (deciding-game-invariance, Lemma 37 box)', async () => {
  // A balanced 3-letter period of length 90: the box [0,360]^3 has 47 million cells to search, about
  // 1.8 s in all here, the search from about 0.9 s (2.5 s was past the end of the run on an idle
  // machine, so Ctrl-C comes at 1 s).
  const v = '123'.repeat(15) + '321'.repeat(15);
  const r = await interrupt(['admissible', `periodic:${v}`, '--json'], { ms: 1000 });
  assert.equal(r.status, 130, r.stderr);
  const lines = jsonLines(r.stdout);
  // Stopped in the search: one line with the cells checked; stopped before it: nothing decided, nothing printed.
  if (lines.length === 0) return assert.match(r.stderr, /interrupted; nothing was finished/);
  assert.equal(lines.length, 1);
  assert.equal(lines[0].interrupted, true);
  // P_w of a balanced word is 1-admissible here (the whole run says so), so no witness can have been met.
  assert.equal(lines[0].admissible, null);
  assert.ok(Number.isInteger(lines[0].checkedCells) && lines[0].checkedCells < 361 ** 3);
});

test('sprague logic --file: Ctrl-C in a long command keeps the lines of the commands done and names the one stopped, exit 130', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'logic-int-'));
  const quick = ['def even "Ey x=2*y";', 'eval t "Ax $even(x) | $even(x+1)";', 'eval u "?msd_fib Ax $vu(x,x) => x>=1";'];
  const slow = 'def p "?msd_trib Ex,y,z,w x+y=z & z+w=x+y+y";';
  const all = join(dir, 'all.txt');
  const done = join(dir, 'done.txt');
  writeFileSync(all, [...quick, slow, 'eval v "Ax x=x";'].join('\n') + '\n');
  writeFileSync(done, quick.join('\n') + '\n');
  const r = await interrupt(['logic', '--file', all, '--json'], { lines: 3 });
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /interrupted in command 4 of 5: def p /);
  const reference = runCli(['logic', '--file', done, '--json']);
  assert.equal(reference.status, 0, reference.stderr);
  assert.deepEqual(jsonLines(r.stdout), reference.lines);
});

test('sprague conjecture41: Ctrl-C keeps the rows of the pairs (k,l) finished, each as an uninterrupted run gives it (maharaja-nim, Conj. 4.1)', async () => {
  // 780 pairs of 2 million columns take 10 s or more; at 200,000 the whole run could end before the stop.
  const n = 2_000_000;
  const r = await interrupt(['conjecture41', '--max-l', '40', '--n', String(n), '--json'], { ms: 1200 });
  assert.equal(r.status, 130, r.stderr);
  const kept = jsonLines(r.stdout);
  assert.ok(kept.length < (40 * 39) / 2, 'the run should have been stopped');
  if (kept.length === 0) return;
  // Rows come l by l: the kept ones are the start of the rows for l up to the last kept l.
  const reference = phiDeviations(kept.at(-1).l, n);
  assert.deepEqual(kept, JSON.parse(JSON.stringify(reference.slice(0, kept.length))));
});
