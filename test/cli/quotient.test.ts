/**
 * `sprague quotient` (docs/cli.md): the presentation in text and JSON, its fast path against `sprague grundy`
 * (the general solver), a stop that keeps the rows of growth finished, and bad input refused with one line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pushQuotient, quotientWord } from '../../src/analysis/push-quotient.js';
import { InterruptedError } from '../../src/core/errors.js';
import { parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';

test('quotient --json: the library\'s presentation; --sum agrees with grundy (the solver) on the sum', () => {
  const spec = 'push(nim,subtraction:1,2)';
  const r = runCli(['quotient', spec, '--max', '9', '--sum', '3,5,7,9', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 1);
  const q = r.lines[0];
  const { quotient, growth } = pushQuotient(parseSpec(spec), 9);
  assert.equal(q.dimension, quotient.generators.length);
  assert.deepEqual(q.classes, quotient.classes.map(quotientWord));
  assert.deepEqual(q.growth.map((g: { dimension: number }) => g.dimension), growth.map((g) => g.dimension));
  assert.equal(q.pPortion.length, q.pCount);
  const solver = runCli(['grundy', spec, '3,5,7,9', '--json']);
  assert.equal(q.sum.outcome, solver.lines[0].outcome);
});

test('quotient in a worker (past the inline size) prints the presentation and the growth', () => {
  const r = runCli(['quotient', 'push(nim,subtraction:1-3)', '--max', '16']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /Q = F2\^17 \/ K, dim K = 12: \|Q\| = 2\^5 = 32/);
  assert.match(r.stdout, /generators: a = heap 1, b = heap 2, c = heap 4, d = heap 8, e = heap 16/);
  assert.match(r.stdout, /P-portion: {2}1 of 32: a\n/);
  assert.match(r.stdout, /dimension by largest heap n: 0:0 1:1 2:2 3:2 4:3 .* 15:4 16:5\n/);
});

test('quotient: bad input gets one line and exit 2, a heap past the limit exit 3', () => {
  const cases: [string[], number, RegExp][] = [
    [['quotient', 'nim', '--max', '4'], 2, /nim is not a push compound/],
    [['quotient', 'push(wythoff,nim)', '--max', '4'], 2, /wythoff is not a heap game/],
    [['quotient', 'push:nopass(nim,nim)', '--max', '4'], 2, /mirror lemma .* fails under push:nopass/],
    [['quotient', 'push(nim,nim)', '--max', 'x'], 2, /bad value "x" for --max/],
    [['quotient', 'push(nim,nim)', '--max', '4', '--sum', '2,7'], 2, /heap 7 is past --max 4/],
    [['quotient', 'push(nim,nim)', '--max', '40'], 3, /the largest heap is at most 26/],
  ];
  for (const [args, status, message] of cases) {
    const r = runCli(args);
    assert.equal(r.status, status, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, message);
  }
});

test('a stop keeps the rows of growth finished: raised after the row of n = 5, the partial holds rows 0..5', () => {
  const signal = { aborted: false };
  try {
    pushQuotient(parseSpec('push(octal:0.07,octal:0.137)'), 10, { signal, onRow: (row) => (signal.aborted = row.n === 5) });
    assert.fail('not stopped');
  } catch (e) {
    assert.ok(e instanceof InterruptedError);
    assert.deepEqual((e.partial as { n: number }[]).map((r) => r.n), [0, 1, 2, 3, 4, 5]);
  }
});
