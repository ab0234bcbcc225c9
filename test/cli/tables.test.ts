/**
 * Output a researcher pastes (issue 33 item 5): `grundy --table` (a grid of G(x, y) checked against the
 * values from the rules, cell by cell), `sequence --rows` (rows a period wide), refusals of bad ranges.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grundyTable } from '../../src/analysis/heap-tables.js';
import { parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';

/** The grid the text shows: header x values, then per row y and its cells. */
function readGrid(text: string): { xs: number[]; rows: Map<number, string[]> } {
  const [head, ...lines] = text.trimEnd().split('\n');
  const h = head!.trim().split(/\s+/);
  assert.equal(h[0], 'y\\x');
  const rows = new Map<number, string[]>();
  for (const l of lines) {
    const [y, ...cells] = l.trim().split(/\s+/);
    rows.set(Number(y), cells);
  }
  return { xs: h.slice(1).map(Number), rows };
}

test('grundy --table 0..20: every cell of Wythoff, Maharaja, 2-heap Nim and wythoff+2,3 equals the value from the rules (generic table); Wythoff P-positions (1,2), (3,5), (4,7) are 0', () => {
  for (const spec of ['wythoff', 'maharaja', 'nim', 'wythoff+2,3']) {
    const r = runCli(['grundy', spec, '--table', '0..20']);
    assert.equal(r.status, 0, `${spec}: ${r.stderr}`);
    const { xs, rows } = readGrid(r.stdout);
    assert.deepEqual(xs, Array.from({ length: 21 }, (_, i) => i));
    const G = grundyTable(parseSpec(spec), 2, 20);
    for (let y = 0; y <= 20; y++) for (let x = 0; x <= 20; x++) assert.equal(rows.get(y)![x], String(G[x * 21 + y]), `${spec} G(${x},${y})`);
    if (spec === 'wythoff') for (const [x, y] of [[1, 2], [3, 5], [4, 7], [2, 1], [0, 0]] as const) assert.equal(rows.get(y)![x], '0');
  }
});

test('grundy --table: plain ASCII, right-aligned columns one space apart, no trailing space; A..B,C..D is a rectangle (x across, y down); --json gives the matrix', () => {
  const r = runCli(['grundy', 'wythoff', '--table', '8..11,0..2']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, ['y\\x 8  9 10 11', '  0 8  9 10 11', '  1 6 10 11  9', '  2 7 11  9 10', ''].join('\n'));
  assert.ok(/^[\x20-\x7e\n]*$/.test(r.stdout));
  const j = runCli(['grundy', 'wythoff', '--table', '8..11,0..2', '--json']);
  assert.deepEqual(j.lines, [{ x: [8, 11], y: [0, 2], values: [[8, 9, 10, 11], [6, 10, 11, 9], [7, 11, 9, 10]] }]);
  // A misère game has outcomes only.
  const m = runCli(['grundy', 'misere(nim)', '--table', '0..2', '--json']);
  assert.deepEqual(m.lines, [{ x: [0, 2], y: [0, 2], outcomes: [['N', 'P', 'N'], ['P', 'N', 'N'], ['N', 'N', 'P']] }]);
});

test('grundy --table refuses bad ranges, games not on two heaps and positions beside it: one line, exit 2', () => {
  for (const [args, message] of [
    [['wythoff', '--table', '5..2'], /bad value "5\.\.2" for --table: 5\.\.2 is empty/],
    [['wythoff', '--table', '0..20,'], /expected A\.\.B/],
    [['wythoff', '--table', '-1..3'], /expected A\.\.B/],
    [['wythoff', '--table', '0..2,0..3,0..4'], /expected A\.\.B/],
    [['wythoff', '--table', '0..2000'], /2001 heap sizes; a table has at most 2000 a side/],
    [['wythoff', '1,2', '--table', '0..3'], /give positions or --table, not both/],
    [['wythoff'], /missing positions/],
    [['rewrite:a,b', '--table', '0..3'], /--table needs a game on two heaps; rewrite:a,b is played on/],
    [['cram', '--table', '0..3'], /--table needs a game on two heaps/],
    [['wythoff', '--table', '0..3', '--moves'], /--moves does nothing here/],
  ] as const) {
    const r = runCli(['grundy', ...args]);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
});
