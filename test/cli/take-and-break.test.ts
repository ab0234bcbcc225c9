/**
 * Take-and-break codes through the command line (issue 22, phase B): CGSuite's codes in every command
 * that takes a spec, `sequence --summary`, checkpoints that survive a SIGKILL, Ctrl-C keeping the
 * fingerprint of what finished. Each test spawns the binary as a user would.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseTakeAndBreakCode } from '../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame, referenceValues } from '../../src/games/heaps/take-and-break/game.js';
import { checkpointPath, loadCheckpoint } from '../../src/games/heaps/take-and-break/checkpoint.js';
import { takeAndBreakSequence } from '../../src/games/heaps/take-and-break/sequence.js';
import { runCli } from '../helpers/cli.js';
import { A002188 } from '../helpers/published.js';

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));

test("sprague sequence octal:4!.0 (Grundy's game, Winning Ways ch. 4): the first 100 values are OEIS A002188, named by the canonical spec", () => {
  const r = runCli(['sequence', 'octal:4!.0', '--max', '99', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const values = r.lines.slice(0, 100);
  assert.deepEqual(values.map((l) => l.grundy), A002188.slice(0, 100));
  assert.deepEqual(values.map((l) => l.n), Array.from({ length: 100 }, (_, i) => i));
  for (const l of r.lines) assert.equal(l.spec, 'octal:4!.0');
});

test('take-and-break specs in every command that takes one, each named as CGSuite prints the code', () => {
  // grundy: sums of heaps of Grundy's game (G(7) = 0, G(13) = 3, G(5) ^ G(8) = 2 ^ 2 = 0).
  const g = runCli(['grundy', 'octal:4!.0', '7', '13', '5,8', '--json']);
  assert.equal(g.status, 0, g.stderr);
  assert.deepEqual(g.lines.map((l) => [l.grundy, l.outcome]), [[0, 'P'], [3, 'N'], [0, 'P']]);
  // ppositions: on two heaps of Grundy's game, (a, b) is a P-position exactly when G(a) = G(b).
  const p = runCli(['ppositions', 'octal:4!.0', '--max', '12', '--json']);
  assert.equal(p.status, 0, p.stderr);
  const expected: number[][] = [];
  for (let a = 0; a <= 12; a++) for (let b = 0; b <= 12; b++) if (A002188[a] === A002188[b]) expected.push([a, b]);
  assert.deepEqual(p.lines.map((l) => l.position), expected);
  // plot draws the sequence.
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-cli-'));
  try {
    const out = join(dir, 'g.svg');
    const pl = runCli(['plot', 'octal:4!.0', '--max', '100', '--out', out, '--json']);
    assert.equal(pl.status, 0, pl.stderr);
    assert.equal(pl.lines[0].spec, 'octal:4!.0');
    assert.ok(existsSync(out));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Canonical names: d0 written, trailing zeros dropped, hexadecimal digits upper case, `?` read as `!`.
  for (const [spec, name] of [
    ['octal:.16', 'octal:0.16'],
    ['octal:0.0700', 'octal:0.07'],
    ['octal:4?.0', 'octal:4!.0'],
    ['hex:0.b!4', 'hex:0.B!4'],
    ['octal:0.0000007', 'octal:0.0000007'],
  ]) {
    const r = runCli(['sequence', spec!, '--max', '40', '--json']);
    assert.equal(r.status, 0, `${spec}: ${r.stderr}`);
    assert.equal(r.lines.at(-1).spec, name, spec);
  }
});

test('bad take-and-break codes: exit 2 with one line naming the fault and its column', () => {
  for (const [spec, column, reason] of [
    ['octal:0.3!', 10, /! after 3: only a digit that splits/],
    ['octal:0.G', 9, /digit G would split into four or more heaps/],
    ['octal:0.B4', 9, /B is not an octal digit.*hex:0\.B4/],
    ['octal:0.1.2', 10, /a second point/],
    ['octal:1.7', 7, /d0 = 1 may only be 0, 4, 8 or C/],
    ['octal:44.0', 7, /more than one digit before the point/],
    ['hex:0.8?', 8, /\? .* three-heap digit/],
  ] as const) {
    for (const cmd of [['sequence', spec, '--max', '10'], ['grundy', spec, '3']]) {
      const r = runCli(cmd);
      assert.equal(r.status, 2, `${cmd.join(' ')}: ${r.stderr}`);
      const lines = r.stderr.trim().split('\n');
      assert.equal(lines.length, 1, r.stderr);
      assert.match(lines[0]!, new RegExp(`^sprague: bad game spec "${spec.replace(/[.?]/g, '\\$&')}" at column ${column}: `));
      assert.match(lines[0]!, reason);
    }
  }
  const noKernel = runCli(['sequence', 'subtraction:1-3', '--max', '10', '--checkpoint', tmpdir()]);
  assert.equal(noKernel.status, 2);
  assert.match(noKernel.stderr, /--checkpoint: subtraction:1-3 has no resumable kernel/);
  const noDir = runCli(['sequence', 'octal:0.6', '--max', '10', '--checkpoint-every', '100']);
  assert.equal(noDir.status, 2);
  assert.match(noDir.stderr, /--checkpoint-every: needs --checkpoint DIR/);
});

test('the command line equals the plain reference (mex over every option) on a sample of codes: octal, !, d0 = 4, long, hexadecimal', () => {
  for (const text of ['0.07', '0.16', '0.6', '0.376', '4.7', '4!.0', '0.16!', '4!.13', '0.0000007', '0.B4', '0.8!', '0.F3', 'C!.1']) {
    const spec = `${/[89A-F]/.test(text) ? 'hex' : 'octal'}:${text}`;
    const r = runCli(['sequence', spec, '--max', '300', '--json']);
    assert.equal(r.status, 0, `${spec}: ${r.stderr}`);
    const ref = referenceValues(new TakeAndBreakGame(parseTakeAndBreakCode(text)), 300);
    assert.deepEqual(r.lines.slice(0, 301).map((l) => l.grundy), ref, spec);
  }
});

test('sprague sequence --summary: the period line and the fingerprint only (0.16 to 2^19: period 149459, preperiod 105351, as Flammenkamp and tczajka)', () => {
  const r = runCli(['sequence', 'octal:0.16', '--max', '524288', '--summary']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.trimEnd().split('\n'), [
    'period 149459, preperiod 105351 (certified: Guy–Smith: G(n+149459) = G(n) checked for 105351 <= n < 360162)',
    'n=509621 largest G[229790]=23 rare_mask=1e num_rare=53 last_rare=13935',
  ]);
  const j = runCli(['sequence', 'octal:4!.0', '--max', '65535', '--summary', '--json']);
  assert.equal(j.status, 0, j.stderr);
  assert.equal(j.lines.length, 1);
  const f = takeAndBreakSequence(parseTakeAndBreakCode('4!.0'), 65535).fingerprint;
  assert.deepEqual(j.lines[0], { spec: 'octal:4!.0', heaps: 65536, largest: f.largest, largestAt: f.largestAt, rareMask: 0xfe, rarePos: false, rareCount: f.rareCount, lastRare: f.lastRare, certified: false });
  // A game without a sparse space: the largest value and where, no rare class.
  const s = runCli(['sequence', 'subtraction:1-3', '--max', '100', '--summary', '--json']);
  assert.deepEqual([s.lines[0].largest, s.lines[0].largestAt, s.lines[0].rareMask, s.lines[0].period, s.lines[0].certified], [3, 3, 0, 4, true]);
});

test('issue 29: sprague sequence certifies wherever --max ends: 0.137 to 187 (its certificate reads 174 values) and 0.156 to 7671 (7658), plain, --json and --summary; one value short of the window, not', () => {
  for (const [spec, period, preperiod, window, needed] of [
    ['octal:0.137', 34, 52, 140, 174],
    ['octal:0.156', 349, 3479, 7309, 7658],
  ] as const) {
    const line = `period ${period}, preperiod ${preperiod} (certified: Guy–Smith: G(n+${period}) = G(n) checked for ${preperiod} <= n < ${window})`;
    for (const max of [needed + 13, needed - 1]) {
      const plain = runCli(['sequence', spec, '--max', String(max)]);
      assert.equal(plain.status, 0, plain.stderr);
      assert.ok(plain.stdout.includes(`\n${line}\n`), `${spec} --max ${max}: ${plain.stdout.slice(-200)}`);
      const json = runCli(['sequence', spec, '--max', String(max), '--json']);
      const last = json.lines.at(-1);
      assert.deepEqual([last.certified, last.period, last.preperiod, `period ${period}, preperiod ${preperiod} (certified: ${last.certificate})`], [true, period, preperiod, line], `${spec} --max ${max} --json`);
      const summary = runCli(['sequence', spec, '--max', String(max), '--summary', '--json']);
      assert.deepEqual([summary.lines[0].certified, summary.lines[0].period, summary.lines[0].preperiod, summary.lines[0].heaps], [true, period, preperiod, max + 1], `${spec} --max ${max} --summary`);
    }
    const short = runCli(['sequence', spec, '--max', String(needed - 2), '--summary']);
    assert.equal(short.stdout.split('\n')[0], `apparent period ${period}, preperiod ${preperiod} (not certified)`);
  }
});

/** Spawns the CLI; resolves when `ready` holds (polled every 20 ms), the process still running. */
function start(args: string[], env: Record<string, string> = {}): { child: ReturnType<typeof spawn>; out: () => string; err: () => string; exit: Promise<number | string> } {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, NO_COLOR: '1', ...env } });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, out: () => out, err: () => err, exit };
}

async function until(ready: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!ready()) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('sprague sequence --checkpoint: a run killed with SIGKILL resumes from its checkpoint to the fingerprint of an uninterrupted run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-resume-'));
  try {
    const args = ['sequence', 'octal:0.6', '--max', '262143', '--summary', '--json', '--checkpoint', dir, '--checkpoint-every', '16384'];
    const file = checkpointPath(dir, parseTakeAndBreakCode('0.6'));
    const first = start(args);
    await until(() => existsSync(file));
    first.child.kill('SIGKILL');
    assert.equal(await first.exit, 'SIGKILL');
    const resumed = runCli(args);
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.match(resumed.stderr, /^sprague: resumed from \d+ heaps/);
    const whole = runCli(['sequence', 'octal:0.6', '--max', '262143', '--summary', '--json']);
    const { resumedFrom, ...fingerprint } = resumed.lines[0];
    assert.ok(resumedFrom >= 16384 && resumedFrom < 262144, `resumed from ${resumedFrom}`);
    assert.deepEqual(fingerprint, whole.lines[0]);
    // Values to 2^18 of 0.6: tczajka's table at 2^21 has the same rare class and last rare heap.
    assert.deepEqual([fingerprint.rareMask, fingerprint.lastRare], [0x1ee, 20627]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sprague sequence --summary: Ctrl-C prints the fingerprint of the values finished, exit 130; with --checkpoint they are kept for a resume', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-int-'));
  try {
    const args = ['sequence', 'octal:0.6', '--max', '50000000', '--summary', '--json', '--checkpoint', dir];
    // Progress lines on stderr say the job runs and how far it is.
    const run = start(args, { SPRAGUE_PROGRESS: '1' });
    await until(() => /progress [1-9]\d*\//.test(run.err()));
    run.child.kill('SIGINT');
    assert.equal(await run.exit, 130);
    const lines = run.out().trim().split('\n');
    assert.equal(lines.length, 1, run.out());
    const kept = JSON.parse(lines[0]!);
    assert.equal(kept.interrupted, true);
    assert.equal(kept.certified, false);
    assert.ok(kept.heaps > 0, run.out());
    assert.match(run.err(), /interrupted; finished work was kept/);
    // The checkpoint written at the stop holds exactly the heaps the fingerprint counts.
    const code = parseTakeAndBreakCode('0.6');
    assert.equal(loadCheckpoint(checkpointPath(dir, code), code)!.values.length, kept.heaps);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
