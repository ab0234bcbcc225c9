import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toDot } from '../../src/automata/dot.js';
import { Dfa } from '../../src/automata/dfa.js';
import { InputError, InterruptedError, SpecError } from '../../src/core/errors.js';
import { checkRequest, defaultKind, dotToSvg, makePlot, svgToPng, type PlotResult } from '../../src/plot/index.js';
import { parseSpec } from '../../src/spec/index.js';

const count = (svg: string, needle: string) => svg.split(needle).length - 1;

test('the default picture follows the game', () => {
  assert.equal(defaultKind(parseSpec('wythoff')), 'ppositions');
  assert.equal(defaultKind(parseSpec('octal:0.07')), 'sequence');
  assert.equal(defaultKind(parseSpec('subtraction:1,2,5')), 'sequence');
  assert.equal(defaultKind(parseSpec('rewrite:a,a2,b')), 'lengths');
});

test('bad requests fail before any work, with the CLI\'s one-line messages', () => {
  assert.throws(() => checkRequest({ spec: 'rewrite:a,,b', max: 3 }), (e: unknown) => e instanceof SpecError && e.message === 'bad game spec "rewrite:a,,b" at column 11: empty rule');
  assert.throws(() => checkRequest({ spec: 'wythoff', max: 3, overlay: 'wythof' }), SpecError);
  assert.throws(() => checkRequest({ spec: 'wythoff', kind: 'values', max: 3, overlay: 'nim' }), InputError);
  assert.throws(() => checkRequest({ spec: 'wythoff', max: -1 }), InputError);
  assert.throws(() => checkRequest({ spec: 'wythoff', max: 5000 }), InputError);
  assert.throws(() => checkRequest({ spec: 'wythoff', max: 5, kind: 'pie' as never }), InputError);
});

test('maharaja-nim Figure 2: Wythoff and Maharaja overlaid, counts in the summary match the marks', async () => {
  const r = await makePlot({ spec: 'wythoff', overlay: 'maharaja', max: 40, phiLines: true });
  const games = r.summary['games'] as { spec: string; pPositions: number }[];
  assert.deepEqual(games.map((g) => g.spec), ['wythoff', 'maharaja']);
  assert.equal(count(r.svg, 'class="pt s0"'), games[0]!.pPositions);
  assert.equal(count(r.svg, 'class="pt s1"'), games[1]!.pPositions);
  assert.equal(r.table.rows.length, games[0]!.pPositions + games[1]!.pPositions);
  assert.ok(r.table.rows.some((row) => row[0] === 'maharaja' && row[1] === 8 && row[2] === 13), 'maharaja-nim section 2.2: (8,13) is a P-position');
});

test('a 3-heap P-position slice is the zero set of the value slice', async () => {
  const p = await makePlot({ spec: 'zeruclid', max: 20, slice: 1 });
  const v = await makePlot({ spec: 'zeruclid', kind: 'values', max: 20, slice: 1 });
  const zeros = (v.table.rows as [number, string][]).flatMap(([y, line]) => line.split(' ').flatMap((g, x) => (g === '0' ? [[x, y]] : [])));
  assert.deepEqual(p.table.rows.map(([x, y]) => [x, y]).sort(), zeros.sort());
});

test('an interrupted plot still draws what was finished', async () => {
  const c = new AbortController();
  try {
    await makePlot({ spec: 'nim', kind: 'values', max: 30 }, { signal: c.signal, onProgress: (d) => d >= 5 && c.abort() });
    assert.fail('not interrupted');
  } catch (e) {
    assert.ok(e instanceof InterruptedError);
    const r = e.partial as PlotResult;
    assert.equal(r.partial, true);
    assert.match(r.title, /interrupted/);
    assert.ok(r.svg.startsWith('<svg'));
  }
});

test('PNG: resvg renders the SVG at the asked scale', async () => {
  const r = await makePlot({ spec: 'octal:0.07', max: 60 });
  const png = svgToPng(r.svg, 2);
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const width = png.readUInt32BE(16);
  const svgWidth = Number(/width="([\d.]+)"/.exec(r.svg)![1]);
  assert.equal(width, Math.round(svgWidth * 2));
});

test('Graphviz lays out a DFA with one node per state; bad DOT is an InputError', async () => {
  const dfa = Dfa.from(3, 2, (s, a) => (s + a + 1) % 3, (s) => s);
  const svg = await dotToSvg(toDot(dfa));
  assert.equal(count(svg, 'class="node"'), 4, 'three states and the start arrow\'s point');
  await assert.rejects(dotToSvg('digraph { a -> }'), InputError);
});

test('taking-and-merging: the automaton of {a} (G = |w| mod 2) is found, proved and drawn with its 2 states', async () => {
  const r = await makePlot({ spec: 'rewrite:a', kind: 'automaton', max: 10 });
  assert.equal(r.summary['states'], 2);
  assert.equal(r.summary['verified'], true);
  assert.equal(count(r.svg, 'class="node"'), 3);
  assert.equal(r.table.rows.length, 2);
});

test('maharaja-nim section 2.3 (Theorem 1.2): the deviation plot of Maharaja Nim keeps b_n − a_n − n in [-4, 3] up to 10^5', async () => {
  const r = await makePlot({ spec: 'maharaja', kind: 'deviation', max: 100_000 });
  const g = (r.summary['games'] as { devMin: number; devMax: number; upper: number }[])[0]!;
  assert.deepEqual([g.devMin, g.devMax], [-4, 3]);
  const shown = r.table.rows.map((row) => row[3] as number);
  assert.equal(Math.min(...shown), -4);
  assert.ok(Math.max(...shown) <= 3);
  assert.ok(r.svg.includes('class="density s0"'));
});

test('the deviation plot\'s upper P-positions are those of the plain solver; for Wythoff 0 < b_n − φ a_n < 1/φ', async () => {
  const { pPositionsInBox } = await import('../../src/analysis/ppositions.js');
  for (const spec of ['wythoff', 'maharaja', 'wythoff+2,3']) {
    const r = await makePlot({ spec, kind: 'deviation', max: 60 });
    const plain = pPositionsInBox(parseSpec(spec), 2, 60).filter(([x, y]) => y! >= x!);
    const drawn = r.table.rows.map((row) => [row[1], row[2]]);
    assert.deepEqual(drawn, plain.slice(0, drawn.length), spec);
    assert.ok(drawn.length >= plain.filter(([x]) => x! <= 35).length, `${spec}: the columns whose P-position lies in the box`);
  }
  const w = await makePlot({ spec: 'wythoff', kind: 'deviation', max: 10_000 });
  const PHI = (1 + Math.sqrt(5)) / 2;
  for (const row of w.table.rows.slice(1)) {
    const d = (row[2] as number) - PHI * (row[1] as number);
    assert.ok(d > 0 && d < 1 / PHI, `n = ${row[0]}: ${d}`);
  }
  await assert.rejects(makePlot({ spec: 'nim', kind: 'deviation', max: 10 }), InputError);
});
