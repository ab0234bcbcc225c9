import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';

test('sprague admissible periodic:V --json: one line in the CLI.md shape, the periodic method by default', () => {
  const ok = runCli(['admissible', 'periodic:1221', '--json']);
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.lines.length, 1);
  assert.equal(ok.lines[0].admissible, true);
  assert.equal(ok.lines[0].method, 'periodic');
  assert.equal(ok.lines[0].bound, 8);
  assert.equal('witness' in ok.lines[0], false);
  const no = runCli(['admissible', 'periodic:1122', '--json']);
  assert.equal(no.status, 0, no.stderr);
  assert.deepEqual(no.lines[0], { admissible: false, method: 'periodic', bound: 8, witness: [1, 1], certified: true, differenceBound: 8, period: '1122', balanced: true });
});

test('sprague admissible with --method bounded agrees with periodic, and on Wythoff and P_F (deciding-game-invariance, section 6)', () => {
  const b = runCli(['admissible', 'periodic:1122', '--method', 'bounded', '--max', '12', '--json']);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(b.lines[0].admissible, false);
  assert.deepEqual(b.lines[0].witness, [1, 1]);
  assert.equal(b.lines[0].bound, 12);
  for (const set of ['wythoff', 'morphic:1->12,2->1']) {
    const r = runCli(['admissible', set, '--max', '20', '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual({ a: r.lines[0].admissible, m: r.lines[0].method, b: r.lines[0].bound }, { a: true, m: 'bounded', b: 20 });
  }
});

test('sprague admissible periodic:V over three letters: periodic when balanced, bounded otherwise', () => {
  const t = runCli(['admissible', 'periodic:112323', '--json']);
  assert.equal(t.status, 0, t.stderr);
  assert.deepEqual({ a: t.lines[0].admissible, m: t.lines[0].method, b: t.lines[0].bound, w: t.lines[0].witness }, { a: false, m: 'periodic', b: 24, w: [1, 2, 2] });
  const u = runCli(['admissible', 'periodic:1123', '--max', '10', '--json']);
  assert.equal(u.status, 0, u.stderr);
  assert.equal(u.lines[0].method, 'bounded');
  assert.equal(runCli(['admissible', 'periodic:1123', '--method', 'periodic']).status, 2);
});

test('sprague admissible --method logic decides for every position, and agrees with the periodic method (Theorem 23, section 6.1)', () => {
  for (const v of ['1122', '12', '1221']) {
    const logic = runCli(['admissible', `periodic:${v}`, '--method', 'logic', '--json']);
    const periodic = runCli(['admissible', `periodic:${v}`, '--json']);
    assert.equal(logic.status, 0, logic.stderr);
    assert.equal(logic.lines[0].method, 'logic');
    assert.equal(logic.lines[0].certified, true);
    assert.equal(logic.lines[0].admissible, periodic.lines[0].admissible, v);
    assert.deepEqual(logic.lines[0].witness, periodic.lines[0].witness, v);
  }
  const w = runCli(['admissible', 'wythoff', '--method', 'logic', '--json']);
  assert.equal(w.lines[0].admissible, true);
});

test('sprague admissible: bad sets and flags exit 2 with one line', () => {
  for (const args of [
    ['admissible', 'maharaja', '--method', 'logic'],
    ['admissible', 'periodic:1a2'],
    ['admissible', 'morphic:1->12,2-1'],
    ['admissible', 'wythoff', '--method', 'sideways'],
    ['admissible', 'wythoff', '--method', 'periodic'],
    ['admissible', 'wythoff', '--max', '-3'],
    ['admissible', 'wythoff', '--max-subsets', '100'],
    ['admissible', 'wythoff', '--method', 'logic', '--max-subsets', 'many'],
    ['admissible', 'wythoff', '--checkpoint', '/tmp/sprague-unused'],
  ]) {
    const r = runCli(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^sprague: /);
  }
});

test('sprague admissible --method logic --max-subsets: a subset construction over the cap stops with one line naming the flag, exit 3', () => {
  const r = runCli(['admissible', 'fraenkel:1,2', '--method', 'logic', '--max-subsets', '10', '--json']);
  assert.equal(r.status, 3, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^sprague: the subset construction passed 10 states.*--max-subsets/);
  const ok = runCli(['admissible', 'fraenkel:1,2', '--method', 'logic', '--max-subsets', '100000', '--json']);
  assert.equal(ok.lines[0].admissible, true);
});

test('sprague admissible --method logic --checkpoint DIR keeps the stages; a rerun resumes from them with the same line (deciding-game-invariance, Theorem 58)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-admissible-'));
  try {
    const args = ['admissible', 'raleigh', '--method', 'logic', '--checkpoint', dir, '--json'];
    const first = runCli(args);
    assert.equal(first.status, 0, first.stderr);
    const files = readdirSync(dir);
    assert.ok(files.some((f) => f.endsWith('-axis.dfa')) && files.some((f) => /chain-0\.dfa$/.test(f)), files.join(' '));
    const again = runCli(args);
    assert.equal(again.status, 0, again.stderr);
    const { resumed, ...rest } = again.lines[0];
    assert.equal(first.lines[0].resumed, undefined);
    assert.ok(Array.isArray(resumed) && resumed.includes('axis') && resumed.some((s: string) => s.endsWith('chain-0')), String(resumed));
    assert.deepEqual(rest, first.lines[0]);
    assert.equal(rest.admissible, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sprague admissible --method logic --max-bytes SIZE --spill DIR: the same verdict and automata as without; the flags are refused with another method or a bad size; a budget too small is a limit naming --max-bytes', () => {
  const spill = mkdtempSync(join(tmpdir(), 'sprague-spill-'));
  try {
    const plain = runCli(['admissible', 'wythoff', '--method', 'logic', '--json']);
    const budgeted = runCli(['admissible', 'wythoff', '--method', 'logic', '--json', '--max-bytes', '64M', '--spill', join(spill, 'sub')]);
    assert.equal(budgeted.status, 0, budgeted.stderr);
    assert.deepEqual(JSON.parse(budgeted.stdout), JSON.parse(plain.stdout));
    // The passes remove their spill files as each ends.
    assert.deepEqual(readdirSync(join(spill, 'sub')), []);
    const other = runCli(['admissible', 'periodic:1221', '--max-bytes', '1G']);
    assert.equal(other.status, 2);
    assert.match(other.stderr, /--max-bytes.*only the logic method/);
    const bad = runCli(['admissible', 'wythoff', '--method', 'logic', '--max-bytes', '12Q']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /expected a size/);
    const small = runCli(['admissible', 'wythoff', '--method', 'logic', '--max-bytes', '1M', '--spill', join(spill, 'small')]);
    assert.equal(small.status, 3);
    assert.match(small.stderr, /raise it with --max-bytes/);
    assert.equal(small.stderr.trim().split('\n').length, 1);
  } finally {
    rmSync(spill, { recursive: true, force: true });
  }
});
