import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { octalSequence } from '../../src/games/heaps/take-and-break/octal-sequence.js';
import { phiDeviations } from '../../src/analysis/wythoff-conjecture.js';
import { parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';
import { octalGame } from '../helpers/octal-game.js';

const entry = new URL('../../src/cli/run.js', import.meta.url).pathname;

interface Run {
  status: number | null;
  /** The signal that ended the process, if one did (a Ctrl-C the CLI did not handle). */
  signal: NodeJS.Signals | null;
  stdout: string;
  /** stderr without the progress and job-trace lines the test asked for. */
  stderr: string;
  /** The job's trace line (SPRAGUE_TRACE_JOBS): how the job ended. */
  trace: string;
}

/**
 * A Ctrl-C on a busy machine is sent on an event, never after a guessed time: when `stderr` matches a
 * progress line (SPRAGUE_PROGRESS prints one at most once a second), or when `lines` lines are on stdout.
 * Stops are given a minute's grace (SPRAGUE_GRACE_MS) so that a job that stops by itself is never ended
 * from outside because the machine was slow; the trace says which happened.
 */
async function interrupt(args: string[], when: { lines?: number; stderr?: RegExp }): Promise<Run> {
  const env = { ...process.env, NO_COLOR: '1', SPRAGUE_PROGRESS: '1', SPRAGUE_TRACE_JOBS: '1', SPRAGUE_GRACE_MS: '60000' };
  const child = spawn(process.execPath, [entry, ...args], { env });
  let stdout = '';
  let stderr = '';
  let sent = false;
  const send = () => {
    if (!sent) {
      sent = true;
      child.kill('SIGINT');
    }
  };
  child.stdout.on('data', (d) => {
    stdout += d;
    if (when.lines !== undefined && stdout.split('\n').length > when.lines) send();
  });
  child.stderr.on('data', (d) => {
    stderr += d;
    if (when.stderr?.test(stderr)) send();
  });
  const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on('close', (code, sig) => r([code, sig])));
  const trace = /^sprague: job .*\n/m.exec(stderr)?.[0] ?? '';
  const rest = stderr.replace(/^sprague: (\w+ progress |job ).*\n/gm, '');
  return { status, signal, stdout, stderr: rest, trace };
}

const jsonLines = (text: string) => text.trim().split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l));

test('sprague sequence: Ctrl-C keeps the values finished (JSON Lines from n = 0, each right), exit 130', async () => {
  // 0.6 has no known period and values in the hundreds: 5 million heaps take minutes. Ctrl-C once a progress
  // line says a thousand values or more are done.
  const r = await interrupt(['sequence', 'octal:0.6', '--max', '5000000', '--json'], { stderr: /sequence progress [1-9]\d{3,}\// });
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /interrupted/);
  const lines = jsonLines(r.stdout);
  assert.ok(lines.length > 100, `only ${lines.length} values kept`);
  assert.ok(lines.length < 5_000_001);
  const reference = octalSequence(octalGame('0.6'), lines.length - 1).values;
  lines.forEach((l, n) => assert.deepEqual(l, { n, grundy: reference[n], spec: 'octal:0.6' }));
});

test('sprague ppositions: Ctrl-C in a table kernel keeps the P-positions of the cells finished, a lexicographic prefix, exit 130', async () => {
  // Take one token from a heap or one from each of three: every move takes an odd number, so P iff the sum is even.
  const max = 400;
  const r = await interrupt(['ppositions', 'invariant:(1,0,0),(0,1,0),(0,0,1),(1,1,1)', '--max', String(max), '--json'], { stderr: /ppositions progress [1-9]\d*\// });
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
  // A balanced 3-letter period of length 99: the box [0,396]^3 has 62 million cells to search. The Ctrl-C
  // comes when the search reports its first progress (SPRAGUE_PROGRESS), not at a guessed time: a run that
  // ended before a timed Ctrl-C made this test fail now and then.
  const v = '123'.repeat(16) + '321'.repeat(17);
  const r = await interrupt(['admissible', `periodic:${v}`, '--json'], { stderr: /admissible progress \d+\/62570773/ });
  assert.equal(r.status, 130, r.stderr);
  const lines = jsonLines(r.stdout);
  assert.equal(lines.length, 1, r.stderr);
  assert.equal(lines[0].interrupted, true);
  // P_w of a balanced word is 1-admissible here (the whole run says so), so no witness can have been met.
  assert.equal(lines[0].admissible, null);
  assert.ok(Number.isInteger(lines[0].checkedCells) && lines[0].checkedCells < 397 ** 3, String(lines[0].checkedCells));
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
  // 780 pairs of 2 million columns take 10 s or more; Ctrl-C once some rows are done (a progress line).
  const n = 2_000_000;
  const r = await interrupt(['conjecture41', '--max-l', '40', '--n', String(n), '--max-columns', '2000000000', '--json'], { stderr: /conjecture41 progress [1-9]\d*\// });
  assert.equal(r.status, 130, r.stderr);
  const kept = jsonLines(r.stdout);
  assert.ok(kept.length > 0 && kept.length < (40 * 39) / 2, `${kept.length} rows kept: the run should have been stopped after some`);
  // Rows come l by l: the kept ones are the start of the rows for l up to the last kept l.
  const reference = phiDeviations(kept.at(-1).l, n);
  assert.deepEqual(kept, JSON.parse(JSON.stringify(reference.slice(0, kept.length))));
});

test('sprague logic: Ctrl-C inside a command that runs more than 5 s stops it by itself (the engine reads the signal in its products and projections), exit 130, the finished lines printed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'logic-long-'));
  // Twelve independent sentences x = c y + d in msd_2, c near 2^14: each builds a multiplier of about c states
  // (a second or so apiece, 300 MB at most), so the command runs well over 5 s however idle the machine.
  const constants = Array.from({ length: 12 }, (_, i) => `(Ex,y x=${16383 - 2 * i}*y+${1000 - i})`);
  const quick = ['def even "Ey x=2*y";', 'eval t "Ax $even(x) | $even(x+1)";'];
  const slow = `eval long "?msd_2 ${constants.join(' & ')}";`;
  const file = join(dir, 'long.txt');
  const done = join(dir, 'done.txt');
  writeFileSync(file, [...quick, slow, 'eval after "Ax x=x";'].join('\n') + '\n');
  writeFileSync(done, quick.join('\n') + '\n');
  // The lines of the quick commands come first; Ctrl-C once the progress names the long one (an event: 5 s
  // after the first line was a guess, and a job's progress once kept the first command's label).
  const r = await interrupt(['logic', '--file', file, '--json'], { stderr: /logic progress 2\/4 eval long / });
  assert.equal(r.status, 130, `the run should still have been in the long command: ${r.stderr}`);
  // Not ended from outside after its grace: the engine read the flag (its grace is half a second, lengthened
  // here so that a slow machine cannot make the difference; a wall-clock bound would fail there).
  assert.match(r.trace, /^sprague: job logic interrupted \(/);
  assert.match(r.stderr, /interrupted in command 3 of 4: eval long /);
  const reference = runCli(['logic', '--file', done, '--json']);
  assert.equal(reference.status, 0, reference.stderr);
  assert.equal(reference.lines.length, 2);
  assert.deepEqual(jsonLines(r.stdout), reference.lines);
});

// Nim's and Wythoff's values come from closed forms and tables now (no search); Wythoff written as an
// invariant game has neither, so its (2000,2000) is a long search (4 M positions of 6000 options).
const WYTHOFF_SEARCHED = 'invariant:(*,0),(0,*),(=,=)';

test('sprague grundy on a heap game: Ctrl-C stops the solver (it stops by itself), exit 130 (issue 24: `grundy nim 1000000` needed SIGKILL)', async () => {
  // Ctrl-C once the job reports the position it searches (a progress line), not at a guessed time: on a busy
  // machine the CLI may not have taken Ctrl-C over yet two seconds after its start.
  const r = await interrupt(['grundy', WYTHOFF_SEARCHED, '2000,2000', '--json'], { stderr: /grundy progress 0\/1/ });
  assert.equal(r.signal, null, 'the CLI handles Ctrl-C itself');
  assert.equal(r.status, 130, r.stderr);
  // Not ended from outside after its grace: the solver read the flag.
  assert.match(r.trace, /^sprague: job grundy interrupted \(/);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'sprague: interrupted; nothing was finished\n');
});

test("sprague grundy wythoff: Ctrl-C during the value table's build (tried in the CLI's thread first: both heaps <= 10^4) stops it, exit 130", async () => {
  // The table of side 10^4 takes seconds; its build reads the stop signal once a tile, so neither the
  // inline try (which no worker kill can end) nor the worker holds the Ctrl-C up.
  // Ctrl-C once the job reports the position it values (a progress line); with a minute's grace, an exit 130
  // with nothing finished means the build read the stop (a build deaf to it would run to the end: exit 0).
  const r = await interrupt(['grundy', 'wythoff', '10000,10000', '--json'], { stderr: /grundy progress 0\/1/ });
  assert.equal(r.signal, null, 'the CLI handles Ctrl-C itself');
  assert.equal(r.status, 130, r.stderr);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'sprague: interrupted; nothing was finished\n');
});

test('sprague grundy: Ctrl-C keeps the lines of the positions done, each as an uninterrupted run gives it', async () => {
  // The two lines are on stdout once the search of 2000,2000 has begun (the items of an inline try are dropped).
  const r = await interrupt(['grundy', WYTHOFF_SEARCHED, '3,5', '4,4', '2000,2000', '--json'], { lines: 2 });
  assert.equal(r.status, 130, r.stderr);
  const reference = runCli(['grundy', WYTHOFF_SEARCHED, '3,5', '4,4', '--json']);
  assert.equal(reference.status, 0, reference.stderr);
  assert.deepEqual(jsonLines(r.stdout), reference.lines);
  assert.equal(r.stderr, 'sprague: interrupted; finished work was kept\n');
});

test('sprague sequence --json: Ctrl-C while the values are written ends them after a whole line (issue 24: it could die mid-line), exit 130', async () => {
  // The job takes well under a second; writing three million lines takes longer, so the Ctrl-C lands there.
  const r = await interrupt(['sequence', 'octal:0.07', '--max', '3000000', '--json'], { lines: 0 });
  assert.equal(r.signal, null, 'not killed by the signal in the middle of a write');
  assert.equal(r.status, 130, r.stderr);
  assert.ok(r.stdout.endsWith('\n'), 'complete lines only');
  const lines = jsonLines(r.stdout);
  assert.ok(lines.length > 0 && lines.length < 3_000_001, `${lines.length} lines`);
  const reference = octalSequence(octalGame('0.07'), lines.length - 1).values;
  lines.forEach((l, n) => assert.deepEqual(l, { n, grundy: reference[n], spec: 'octal:0.07' }));
});

test('the CLI runs its long commands as jobs of the one runner (src/jobs registry, the same as the explorer)', () => {
  const env = { SPRAGUE_TRACE_JOBS: '1' };
  const small = runCli(['grundy', 'wythoff', '3,5', '--json'], { env });
  assert.equal(small.status, 0, small.stderr);
  assert.deepEqual(small.lines, [{ position: '3,5', grundy: 0, outcome: 'P', heaps: [3, 5] }]);
  assert.match(small.stderr, /^sprague: job grundy done \(jobs of the runner so far: 1 inline, 0 in a worker\)\n$/);
  // Past the inline budget the same job moves to the runner's worker.
  const big = runCli(['sequence', 'octal:0.04', '--max', '80000', '--summary', '--json'], { env }); // no sparse space: the plain path, seconds
  assert.equal(big.status, 0, big.stderr);
  assert.match(big.stderr, /^sprague: job sequence done \(jobs of the runner so far: 0 inline, 1 in a worker\)\n$/);
});
