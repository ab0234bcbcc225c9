import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.js';

/** Bad input: one line on stderr naming what and where, exit code 2, nothing on stdout, no stack trace. */
const BAD: string[][] = [
  ['grundy', 'rewrite:a,,b', 'a'],
  ['grundy', 'foo', '1'],
  ['grundy', '', '1'],
  ['grundy', 'nim:3', '1'],
  ['grundy', 'subtraction:', '1'],
  ['grundy', 'subtraction:0,1', '1'],
  ['grundy', 'subtraction:5-2', '1'],
  ['grundy', 'octal:0.08', '1'],
  ['grundy', 'octal:1.07', '1'],
  ['grundy', 'octal:07', '1'],
  ['grundy', 'wythoff+1', '1,2'],
  ['grundy', 'wythoff+0,0', '1,2'],
  ['grundy', 'invariant:(1,0),(1)', '1,2'],
  ['grundy', 'invariant:(0,0)', '1,2'],
  ['grundy', 'push(nim)', '1,2'],
  ['grundy', 'push(nim,rewrite:a)', '1'],
  ['grundy', 'sum(nim,', '1'],
  ['grundy', 'sum(misere(nim),nim)', '1+1'],
  ['grundy', 'misere(misere(nim))', '1'],
  ['grundy', 'rewrite:ab', 'ab'],
  ['grundy', 'rewrite:->b', 'a'],
  ['grundy', 'rewrite:a->ab', 'a'],
  ['grundy', 'rewrite:ab->ba,ba->ab', 'ab'],
  ['grundy', 'rewrite:ab->ba', 'ab'],
  ['grundy', 'nim', '3,x'],
  ['grundy', 'nim', '-1'],
  ['grundy', 'wythoff', '1,2,3'],
  ['grundy', 'euclid', '(1,2'],
  ['grundy', 'rewrite:a,b', 'a0b'],
  ['grundy', 'rewrite:a,b', 'a,b'],
  ['grundy', 'sum(nim,nim)', '1'],
  ['grundy', 'push(nim,euclid)', '3:1,2'],
  ['grundy', 'nim', '99999999999999999999'],
  ['ppositions', 'wythoff', '--max', 'ten'],
  ['ppositions', 'rewrite:a,b', '--max', '3'],
  ['ppositions', 'nim', '--max', '3', '--heaps', '5'],
  ['sequence', 'wythoff', '--max', '10'],
  ['sequence', 'octal:0.07', '--max', '-3'],
  ['grundy', 'nim', '1', '--max-depth', 'x'],
  ['frobnicate'],
];

for (const args of BAD) {
  test(`bad input is one clear line and exit code 2: sprague ${args.map((a) => JSON.stringify(a)).join(' ')}`, () => {
    const r = runCli([...args, '--json']);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0]!, /^sprague: /);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });
}
