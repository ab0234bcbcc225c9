import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.js';

test('sprague sequence --json: one line per heap, then the certified period (CLI.md contract: 0.07 34/53, 0.137 34/52, 0.77 12/71)', () => {
  for (const [spec, p, n0] of [['octal:0.07', 34, 53], ['octal:0.137', 34, 52], ['octal:0.77', 12, 71]] as const) {
    const r = runCli(['sequence', spec, '--max', '300', '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.lines.length, 302);
    assert.deepEqual(r.lines[0], { n: 0, grundy: 0, spec });
    assert.deepEqual(Object.keys(r.lines[5]), ['n', 'grundy', 'spec']);
    const last = r.lines.at(-1);
    assert.equal(last.period, p, spec);
    assert.equal(last.preperiod, n0, spec);
    assert.equal(last.certified, true, spec);
  }
});

test('sprague sequence: a push of subtraction games is certified by the state cycle; MARK gets "period": null', () => {
  const push = runCli(['sequence', 'push(subtraction:1-2,subtraction:1-4)', '--max', '100', '--json']).lines.at(-1);
  assert.equal(push.certified, true);
  assert.equal(push.period, 10);
  const mark = runCli(['sequence', 'mark', '--max', '100', '--json']).lines.at(-1);
  assert.equal(mark.certified, false);
  assert.equal(mark.period, null);
});

test('sprague ppositions --json: NIM ⊙ EUCLID in lexicographic order (push-the-button Table 1), 3-heap ZERUCLID', () => {
  const r = runCli(['ppositions', 'push(nim,euclid)', '--max', '10', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map((l) => l.position), [[0, 1], [1, 0], [2, 4], [3, 5], [4, 2], [5, 3], [6, 10], [10, 6]]);
  const z = runCli(['ppositions', 'zeruclid', '--heaps', '3', '--max', '3', '--json']);
  assert.deepEqual(z.lines[0], { position: [0, 0, 0], heaps: [0, 0, 0] });
  assert.ok(z.lines.every((l) => l.position.length === 3));
});

test('sprague sequence and ppositions: bad input is one line on stderr and exit code 2', () => {
  for (const args of [['sequence', 'wythoff', '--max', '5'], ['sequence', 'octal:0.07', '--max', 'x'], ['ppositions', 'wythoff', '--heaps', '3', '--max', '4'], ['sequence', 'octal:0.08', '--max', '5']]) {
    const r = runCli([...args, '--json']);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});
