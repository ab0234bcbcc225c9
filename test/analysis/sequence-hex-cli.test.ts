import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.js';

test('sprague sequence hex:CODE --json (Winning Ways ch. 4): one line per heap, then the period line of CLI.md', () => {
  const r = runCli(['sequence', 'hex:0.B4', '--max', '120', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 122);
  assert.deepEqual(r.lines.slice(0, 6), [0, 1, 0, 1, 2, 3].map((grundy, n) => ({ n, grundy, spec: 'hex:0.B4' })));
  assert.equal(r.lines.at(-1).period, null);
  const f = runCli(['sequence', 'hex:0.F3', '--max', '60', '--json']).lines.at(-1);
  assert.equal(f.period, 4);
  assert.equal(f.preperiod, 0);
  assert.equal(f.certified, true);
});

test('sprague: octal:0.B4 and malformed tinvariant specs exit 2 with one line naming the column', () => {
  const o = runCli(['sequence', 'octal:0.B4', '--max', '5', '--json']);
  assert.equal(o.status, 2);
  assert.match(o.stderr.trim(), /^sprague: bad game spec "octal:0\.B4" at column 9: B is not an octal digit .*hex:0\.B4\)$/);
  const t = runCli(['ppositions', 'tinvariant:[x mod 2=0](1,0);[x+y mod 2=1](0,1)', '--max', '5', '--json']);
  assert.equal(t.status, 2);
  assert.equal(t.stderr.trim().split('\n').length, 1);
  assert.match(t.stderr, /column 29: classes 1 and 2 overlap/);
});

test('sprague ppositions with tinvariant: Remark 8 H′ through the spec syntax prints the same P-positions as hprime', () => {
  const spec = 'tinvariant:[x mod 2=0](*,0),(0,*),(=,=),(5,1),(6,1);[x mod 2=1](*,0),(0,*),(=,=),(1,3),(1,5)';
  const a = runCli(['ppositions', spec, '--max', '60', '--json']);
  const b = runCli(['ppositions', 'hprime', '--max', '60', '--json']);
  assert.equal(a.status, 0, a.stderr);
  assert.deepEqual(a.lines, b.lines);
  assert.ok(a.lines.length > 10);
});
