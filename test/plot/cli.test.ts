import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'sprague-plot-'));

test('sprague plot writes an SVG and reports it as one JSON line', () => {
  const out = join(dir, 'w.svg');
  const r = runCli(['plot', 'wythoff', '--max', '20', '--out', out, '--phi', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 1);
  assert.equal(r.lines[0].kind, 'ppositions');
  assert.equal(r.lines[0].out, out);
  assert.equal(r.lines[0].games[0].pPositions, 17, '(0,0) and 8 Wythoff pairs with both mirrors');
  assert.ok(readFileSync(out, 'utf8').startsWith('<svg'));
});

test('sprague plot writes a PNG by the extension; --values draws a heat map', () => {
  const out = join(dir, 'z.png');
  const r = runCli(['plot', 'zeruclid', '--values', '--slice', '1', '--max', '12', '--out', out, '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines[0].kind, 'values');
  assert.deepEqual([...readFileSync(out).subarray(1, 4)], [80, 78, 71]);
});

test('sprague plot: bad input is a one-line error and exit 2, and no file', () => {
  const out = join(dir, 'bad.svg');
  const r = runCli(['plot', 'rewrite:a,,b', '--max', '3', '--out', out]);
  assert.equal(r.status, 2);
  assert.equal(r.stderr, 'sprague: bad game spec "rewrite:a,,b" at column 11: empty rule\n');
  assert.equal(existsSync(out), false);
  const ext = runCli(['plot', 'wythoff', '--max', '3', '--out', join(dir, 'x.gif')]);
  assert.equal(ext.status, 2);
  assert.match(ext.stderr, /^sprague: bad value ".*x\.gif" for --out: the file must end in \.svg or \.png\n$/);
  const kind = runCli(['plot', 'wythoff', '--max', '3', '--kind', 'pie', '--out', out]);
  assert.equal(kind.status, 2);
});

test('sprague plot refuses flags that would be ignored: --values with another --kind, --phi off a P-position plot, --scale for an SVG', () => {
  const out = join(dir, 'ignored.svg');
  const refused: [string[], RegExp][] = [
    [['--kind', 'deviation', '--values'], /^sprague: bad value "deviation" for --kind: --values asks for the values heat map/],
    [['--kind', 'ppositions', '--values'], /^sprague: bad value "ppositions" for --kind: --values/],
    [['--kind', 'values', '--phi'], /^sprague: --phi does nothing here: the lines y = φx are drawn on a P-position plot, not a values one/],
    [['--values', '--phi'], /^sprague: --phi does nothing here/],
    [['--scale', '3'], /^sprague: --scale does nothing here: it sets the pixels of a PNG/],
  ];
  for (const [flags, why] of refused) {
    const r = runCli(['plot', 'wythoff', '--max', '10', '--out', out, ...flags]);
    assert.equal(r.status, 2, `${flags.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr.split('\n').length, 2, r.stderr);
    assert.match(r.stderr, why);
    assert.equal(existsSync(out), false, `${flags.join(' ')} wrote no file`);
  }
  // The same kind twice is one request; the deviation plot is drawn when asked alone.
  assert.equal(runCli(['plot', 'wythoff', '--max', '10', '--out', out, '--kind', 'values', '--values', '--json']).lines[0].kind, 'values');
  assert.equal(runCli(['plot', 'wythoff', '--max', '10', '--out', out, '--kind', 'deviation', '--json']).lines[0].kind, 'deviation');
});
