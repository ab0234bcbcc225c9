import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countsChart, heatMapChart, lengthsChart, pointsChart, sequenceChart } from '../../src/plot/charts.js';
import { P_COLOUR, valueColour } from '../../src/plot/colour.js';
import { linearScale, niceTicks } from '../../src/plot/scale.js';
import { esc } from '../../src/plot/svg.js';

const count = (svg: string, needle: string) => svg.split(needle).length - 1;

/** Every rect of a heat map as {x, y, width, fill}, in document order. */
function cellRects(svg: string): { x: number; y: number; width: number; fill: string }[] {
  return [...svg.matchAll(/<rect class="cell(?: p)?" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+" fill="(#[0-9a-f]{6})"\/>/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    width: Number(m[3]),
    fill: m[4]!,
  }));
}

test('scale: linear maps the ends of the domain to the ends of the range', () => {
  const s = linearScale(0, 10, 100, 200);
  assert.equal(s(0), 100);
  assert.equal(s(10), 200);
  assert.equal(s(5), 150);
  assert.equal(linearScale(3, 3, 7, 9)(3), 7);
});

test('scale: ticks are round, cover the range and stay inside it', () => {
  assert.deepEqual(niceTicks(0, 10, 5), [0, 2, 4, 6, 8, 10]);
  assert.deepEqual(niceTicks(0, 100, 4), [0, 50, 100]);
  for (const [lo, hi] of [[0, 7], [-0.5, 40.5], [0, 1499], [3, 1000000]] as const) {
    const t = niceTicks(lo, hi);
    assert.ok(t.length >= 2 && t.length <= 12, `${lo}..${hi}: ${t}`);
    assert.ok(t.every((v) => v >= lo - 1e-9 && v <= hi + 1e-9));
    const step = t[1]! - t[0]!;
    assert.ok([1, 2, 5].includes(step / 10 ** Math.floor(Math.log10(step) + 1e-12)), `step ${step}`);
  }
});

test('svg: text and attribute values are escaped', () => {
  assert.equal(esc('a<b & "c">'), 'a&lt;b &amp; &quot;c&quot;&gt;');
  const svg = pointsChart({ title: 'x < y & "z"', max: 3, series: [{ name: '<g>', points: [[0, 0]] }] });
  assert.ok(!svg.includes('x < y'));
  assert.ok(svg.includes('x &lt; y &amp; &quot;z&quot;'));
});

test('points chart: one mark per P-position in the box, per series; the φ lines only when asked', () => {
  const a: [number, number][] = [[0, 0], [1, 2], [2, 1], [3, 5], [5, 3], [40, 70]];
  const b: [number, number][] = [[0, 0], [1, 3], [3, 1]];
  const svg = pointsChart({ title: 't', max: 10, series: [{ name: 'a', points: a }, { name: 'b', points: b }] });
  assert.equal(count(svg, 'class="pt s0"'), 5, 'the point outside the box is left out');
  assert.equal(count(svg, 'class="pt s1"'), 3);
  assert.equal(count(svg, 'class="ref"'), 0);
  const withLines = pointsChart({ title: 't', max: 10, series: [{ name: 'a', points: a }], phiLines: true });
  assert.equal(count(withLines, 'class="ref"'), 2);
  assert.equal(pointsChart({ title: 't', max: 10, series: [{ name: 'a', points: a }] }), pointsChart({ title: 't', max: 10, series: [{ name: 'a', points: a }] }), 'deterministic');
});

test('heat map: merged runs rebuild every row exactly (against the plain grid)', () => {
  const w = 13;
  const h = 9;
  let seed = 7;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 4;
  const values = Int32Array.from({ length: w * h }, rnd);
  values[0] = 6; // the maximum, so colours are i/6
  const svg = heatMapChart({ title: 't', values, width: w, height: h, xLabel: 'x', yLabel: 'y' });
  const rects = cellRects(svg);
  const colourOf = new Map([0, 1, 2, 3, 6].map((v) => [valueColour(v, 6), v]));
  assert.equal(colourOf.size, 5, 'five values, five colours');
  let runs = 0;
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) if (c === 0 || values[r * w + c] !== values[r * w + c - 1]) runs++;
  assert.equal(rects.length, runs);
  const cell = rects.find((q) => colourOf.get(q.fill) === 6)!.width - 0.3;
  const x0 = Math.min(...rects.map((q) => q.x));
  const rows = [...new Set(rects.map((q) => q.y))].sort((p, q) => q - p); // bottom row (y = 0) first
  assert.equal(rows.length, h);
  for (let r = 0; r < h; r++) {
    const line: number[] = [];
    for (const q of rects.filter((q) => q.y === rows[r]).sort((p, q) => p.x - q.x)) {
      const len = Math.round((q.width - 0.3) / cell);
      assert.equal(Math.round((q.x - x0) / cell), line.length);
      for (let i = 0; i < len; i++) line.push(colourOf.get(q.fill)!);
    }
    assert.deepEqual(line, Array.from(values.subarray(r * w, (r + 1) * w)), `row ${r}`);
  }
  // P-positions are their own colour (black), with a legend entry, and their runs carry the class p.
  const zeros = rects.filter((q) => q.fill === P_COLOUR).length;
  assert.ok(zeros > 0);
  assert.equal(count(svg, 'class="cell p"'), zeros);
  assert.match(svg, /class="p-key"><rect [^>]*fill="#000000"\/><text[^>]*>0 \(P\)</);
});

test('heat map colours: 0 (a P-position) is black and far from every other value; 1 is the blue end of the palette', () => {
  const dist = (a: string, b: string) => {
    const c = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    const [p, q] = [c(a), c(b)];
    return Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
  };
  for (const hi of [1, 2, 7, 146]) {
    assert.equal(valueColour(0, hi), P_COLOUR);
    for (let v = 1; v <= hi; v++) assert.ok(dist(valueColour(v, hi), P_COLOUR) > 150, `value ${v} of ${hi} is not near black`);
  }
  assert.equal(valueColour(-1, 5), '#dddddd');
});

test('by-length charts: a dot per length; a bar segment per non-zero count', () => {
  const rows = [
    { length: 0, words: 1, maxGrundy: 0, runningMax: 0, counts: [1] },
    { length: 1, words: 2, maxGrundy: 1, runningMax: 1, counts: [1, 1] },
    { length: 2, words: 4, maxGrundy: 0, runningMax: 1, counts: [4, 0] },
  ];
  const l = lengthsChart('t', rows);
  assert.equal(count(l, 'class="pt max"'), 3);
  assert.equal(count(l, 'class="running"'), 1);
  const c = countsChart('t', rows);
  assert.equal(count(c, 'class="bar"'), 4);
  assert.ok(c.includes('length 2, value 0: 4 of 4 words'));
});

test('sequence chart: a dot per value; period bands start at the preperiod', () => {
  const values = [0, 1, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
  const svg = sequenceChart({ title: 't', values, preperiod: 4, period: 3, status: 'certified' });
  assert.equal(count(svg, 'class="pt"'), values.length);
  assert.equal(count(svg, 'class="preperiod"'), 1);
  assert.equal(count(svg, 'class="period-band"'), 2, 'bands at 4 and 10 (every other period)');
  const none = sequenceChart({ title: 't', values });
  assert.equal(count(none, 'class="preperiod"'), 0);
  assert.ok(none.includes('no period found'));
});

test('deviation density: a constant sequence fills one row of bins; extremes are marked', async () => {
  const { deviationChart } = await import('../../src/plot/charts.js');
  const svg = deviationChart('t', 'd', [{ name: 'c', values: new Float64Array(10_000).fill(2.5) }]);
  const ys = new Set([...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="[\d.]+" fill-opacity/g)].map((m) => m[1]));
  assert.equal(ys.size, 1);
  assert.equal(count(svg, 'class="extreme"'), 2);
  const two = deviationChart('t', 'd', [{ name: 'split', values: Float64Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 10 : -10)) }]);
  const ys2 = new Set([...two.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="[\d.]+" fill-opacity/g)].map((m) => m[1]));
  assert.equal(ys2.size, 2, 'a split into two bands leaves a gap');
});

test('a sequence chart of 500 000 terms is drawn: its scale is not a spread of the values (that overflowed the stack)', () => {
  const values = Array.from({ length: 500_000 }, (_, i) => i % 7);
  const svg = sequenceChart({ title: 't', values });
  assert.ok(svg.startsWith('<svg'));
  assert.ok(svg.includes('>6<'), 'the axis reaches the largest value, 6');
});

/** The strokes of a density chart's path as {x, y1, y2} (y1 > y2: drawn upward), decoded from M/m/v. */
function strokes(svg: string): { x: number; y1: number; y2: number }[] {
  const d = /<path class="values" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const out: { x: number; y1: number; y2: number }[] = [];
  let x = 0;
  let y = 0;
  for (const m of d.matchAll(/([Mmv])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (m[1] === 'M') (x = Number(m[2])), (y = Number(m[3]));
    else if (m[1] === 'm') y += Number(m[3]);
    else {
      out.push({ x, y1: y, y2: y + Number(m[2]) });
      y += Number(m[2]);
    }
  }
  return out;
}

test('density chart: the strokes cover exactly the values present in each column (against the points themselves)', async () => {
  const { sequenceDensityChart } = await import('../../src/plot/charts.js');
  const { linearScale: scale } = await import('../../src/plot/scale.js');
  let seed = 7;
  const rand = (k: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % k;
  for (const [len, top] of [[50, 9], [3000, 30], [20_000, 12]] as const) {
    const values = Array.from({ length: len }, () => rand(top + 1));
    const heaps = values.map((_, n) => n);
    const svg = sequenceDensityChart({ title: 't', length: len, heaps, values });
    const s = strokes(svg);
    assert.ok(s.length > 0);
    // The frame of sequenceChart's size: 640 + 170 wide, 352 high; plot area x 56..624, y 36..308.
    const columns = Math.min(len, 568);
    const colX = (c: number) => 56 + (c + 0.5) * (568 / columns);
    const y = scale(-0.5, Math.max(1, ...values) + 0.5, 308, 36);
    const present = new Set(values.map((v, n) => `${Math.min(columns - 1, Math.floor((n * columns) / len))} ${v}`));
    const drawn = new Set<string>();
    for (const st of s) {
      const c = Math.round((st.x - 56) / (568 / columns) - 0.5);
      assert.ok(Math.abs(colX(c) - st.x) < 0.02, `stroke at x ${st.x}`);
      for (let v = 0; v <= top; v++) if (y(v) < st.y1 && y(v) > st.y2) drawn.add(`${c} ${v}`);
    }
    assert.deepEqual([...drawn].sort(), [...present].sort(), `${len} terms up to ${top}`);
  }
});

test('density chart: 65536 terms of a periodic sequence are a few kilobytes; the period is marked from the preperiod; rare points are wider', async () => {
  const { sequenceDensityChart } = await import('../../src/plot/charts.js');
  const period = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4];
  const values = Array.from({ length: 65536 }, (_, n) => period[n % period.length]!);
  const svg = sequenceDensityChart({ title: 'periodic', length: values.length, heaps: values.map((_, n) => n), values, period: 34, preperiod: 53, status: 'certified' });
  assert.ok(svg.length < 30_000, `${svg.length} bytes`);
  assert.equal(count(svg, 'class="preperiod"'), 1);
  assert.ok(count(svg, 'class="period-band"') >= 1);
  const beyond = sequenceDensityChart({ title: 'late', length: 10_000, heaps: [1, 2], values: [3, 4], period: 4, preperiod: 50_000 });
  assert.equal(count(beyond, 'class="preperiod"'), 0);
  assert.match(beyond, /period 4 from 50000 \(beyond n = 9999\)/);
  assert.match(beyond, /stroke-width="3"/);
});
