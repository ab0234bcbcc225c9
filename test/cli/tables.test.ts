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

/** The values the rows show, in order (blank cells before heap 0 skipped), and the rows as label + cells. */
function readRows(lines: string[]): { label: number; cells: number[] }[] {
  return lines.map((l) => {
    const m = /^\s*(\d+): ?(.*)$/.exec(l);
    assert.ok(m, l);
    return { label: Number(m[1]), cells: m[2]!.trim().split(/\s+/).map(Number) };
  });
}

test('sequence --rows: Dawson\'s Kayles (0.07, period 34, preperiod 53) in rows of 34, the rows from heap 53 on equal, each labelled with its first heap; the values are those of --json', () => {
  const r = runCli(['sequence', 'octal:0.07', '--max', '200', '--rows']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  const rowLines = lines.filter((l) => /^\s*\d+:/.test(l));
  assert.ok(lines.includes('period 34, preperiod 53 (certified: Guy–Smith: G(n+34) = G(n) checked for 53 <= n < 141)'));
  const rows = readRows(rowLines);
  assert.deepEqual(rows.map((row) => row.label), [0, 19, 53, 87, 121, 155, 189]);
  // The first row holds heaps 0..18, right-aligned under the columns of 34..52 (a column is a residue class).
  assert.equal(rows[0]!.cells.length, 19);
  assert.equal(rowLines[0]!.length, rowLines[1]!.length);
  for (const row of rows.slice(2, -1)) assert.deepEqual(row.cells, rows[2]!.cells);
  assert.notDeepEqual(rows[1]!.cells, rows[2]!.cells); // heap 52, the last exceptional value, is in the row before
  const json = runCli(['sequence', 'octal:0.07', '--max', '200', '--json']);
  assert.deepEqual(rows.flatMap((row) => row.cells), json.lines.filter((l) => 'grundy' in l).map((l) => l.grundy));
});

test('sequence --width N: rows of N, values past 9 right-aligned to the widest; --rows without a period falls back to it; refusals', () => {
  const r = runCli(['sequence', 'octal:4!.0', '--max', '500', '--width', '25']);
  assert.equal(r.status, 0, r.stderr);
  const rowLines = r.stdout.trimEnd().split('\n').filter((l) => /^\s*\d+:/.test(l));
  const rows = readRows(rowLines);
  assert.deepEqual(rows.map((row) => row.label), Array.from({ length: 21 }, (_, i) => 25 * i));
  assert.ok(rowLines.slice(0, -1).every((l) => l.length === rowLines[0]!.length), 'aligned');
  const json = runCli(['sequence', 'octal:4!.0', '--max', '500', '--json']);
  assert.deepEqual(rows.flatMap((row) => row.cells), json.lines.filter((l) => 'grundy' in l).map((l) => l.grundy));
  // Grundy's game has no period in 0..500: --rows takes rows of the --width (default 20).
  const noPeriod = runCli(['sequence', 'octal:4!.0', '--max', '45', '--rows']);
  assert.deepEqual(readRows(noPeriod.stdout.trimEnd().split('\n').filter((l) => /^\s*\d+:/.test(l))).map((row) => row.label), [0, 20, 40]);
  for (const [args, message] of [
    [['--rows', '--json'], /--rows lays out the values as text; it does nothing with --json/],
    [['--width', '10', '--summary'], /--width lays out the values as text; it does nothing with --summary/],
    [['--width', '0'], /bad value "0" for --width: expected at least 1/],
    [['--width', 'x'], /bad value "x" for --width/],
  ] as const) {
    const bad = runCli(['sequence', 'octal:0.07', '--max', '10', ...args]);
    assert.equal(bad.status, 2, bad.stderr);
    assert.match(bad.stderr, message);
  }
});
