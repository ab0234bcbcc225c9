/**
 * The charts, as SVG text from plain data: P-positions on the plane, Grundy value heat maps,
 * max-Grundy-by-length and counts-by-value charts of rewrite games, one-heap sequences with their
 * period. Each mark carries a class (`pt`, `cell`, `bar`, ...) so tests and the web page can find it.
 */
import { P_COLOUR, SERIES, categoryColour, valueColour, valuePalette } from './colour.js';
import { encodeIndexedPng } from './png.js';
import { linearScale, niceTicks, type Scale } from './scale.js';
import { el, esc, num, svgDocument, text } from './svg.js';

const PHI = (1 + Math.sqrt(5)) / 2;

/** A stable id for a clip path, so the same chart gives the same bytes. */
function idFrom(s: string): string {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

interface Frame {
  width: number;
  height: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function frame(width: number, height: number, legendWidth = 0): Frame {
  return { width, height, left: 56, top: 36, right: width - 16 - legendWidth, bottom: height - 44 };
}

/** Axes with ticks and labels, a title above. */
function axes(f: Frame, x: Scale, y: Scale, title: string, xLabel: string, yLabel: string, integerTicks = true, xTicks?: { at: readonly number[]; label: (t: number) => string }): string {
  const parts: string[] = [];
  const xt = xTicks?.at ?? niceTicks(x.domain[0], x.domain[1]).filter((t) => !integerTicks || Number.isInteger(t));
  const yt = niceTicks(y.domain[0], y.domain[1]).filter((t) => !integerTicks || Number.isInteger(t));
  for (const t of xt) {
    parts.push(el('line', { x1: x(t), y1: f.bottom, x2: x(t), y2: f.bottom + 5, stroke: '#333' }));
    parts.push(text(x(t), f.bottom + 17, xTicks ? xTicks.label(t) : String(t), { 'text-anchor': 'middle', fill: '#333' }));
  }
  for (const t of yt) {
    parts.push(el('line', { x1: f.left - 5, y1: y(t), x2: f.left, y2: y(t), stroke: '#333' }));
    parts.push(text(f.left - 8, y(t) + 4, String(t), { 'text-anchor': 'end', fill: '#333' }));
  }
  parts.push(el('rect', { x: f.left, y: f.top, width: f.right - f.left, height: f.bottom - f.top, fill: 'none', stroke: '#333' }));
  parts.push(text((f.left + f.right) / 2, f.height - 8, xLabel, { 'text-anchor': 'middle' }));
  parts.push(
    text(14, (f.top + f.bottom) / 2, yLabel, { 'text-anchor': 'middle', transform: `rotate(-90 14 ${num((f.top + f.bottom) / 2)})` }),
  );
  parts.push(text(f.left, 22, title, { 'font-size': 14, 'font-weight': 'bold' }));
  // The plot area and its data range, so the page can turn a pointer position into coordinates.
  const area = { 'data-left': f.left, 'data-right': f.right, 'data-top': f.top, 'data-bottom': f.bottom, 'data-x0': x.domain[0], 'data-x1': x.domain[1], 'data-y0': y.domain[0], 'data-y1': y.domain[1] };
  return el('g', { class: 'axes', ...area }, parts.join(''));
}

/** Long specs (many extra moves) are cut in legends and titles; the full name stays in the data. */
export function short(name: string, max = 24): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}…`;
}

function legend(x: number, y: number, items: { label: string; mark: string }[]): string {
  return el(
    'g',
    { class: 'legend' },
    items.map((it, i) => el('g', { transform: `translate(${num(x)} ${num(y + 18 * i)})` }, it.mark + text(16, 4, it.label))).join(''),
  );
}

export interface PointSeries {
  name: string;
  points: readonly (readonly [number, number])[];
}

export interface PointsChartOptions {
  title: string;
  /** The box is [0, max]^2. */
  max: number;
  series: PointSeries[];
  /** Draw y = φx and y = x/φ (maharaja-nim, Figure 3). */
  phiLines?: boolean;
  xLabel?: string;
  yLabel?: string;
  size?: number;
}

/**
 * P-positions on the plane, x the first heap and y the second (maharaja-nim, Figures 2, 3, 8, 9).
 * The first series is drawn as filled squares, later ones as rings over them, so coinciding
 * P-positions of two games show as a ring around a square.
 */
export function pointsChart(o: PointsChartOptions): string {
  const size = o.size ?? 640;
  const legendW = 170;
  const f = frame(size + legendW, size, legendW);
  const side = Math.min(f.right - f.left, f.bottom - f.top);
  f.right = f.left + side;
  f.bottom = f.top + side;
  const x = linearScale(-0.5, o.max + 0.5, f.left, f.right);
  const y = linearScale(-0.5, o.max + 0.5, f.bottom, f.top);
  const cell = side / (o.max + 1);
  const parts: string[] = [axes(f, x, y, o.title, o.xLabel ?? 'x (first heap)', o.yLabel ?? 'y (second heap)')];
  const clip = `clip-${idFrom(o.title)}`;
  parts.push(el('clipPath', { id: clip }, el('rect', { x: f.left, y: f.top, width: side, height: side })));
  const marks: string[] = [];
  const items: { label: string; mark: string }[] = [];
  o.series.forEach((s, i) => {
    const colour = SERIES[i % SERIES.length]!;
    const r = Math.max(1.2, Math.min(cell * 0.45, 6)) * (i === 0 ? 1 : 1.5);
    const pts = s.points
      .filter(([a, b]) => a <= o.max && b <= o.max)
      .map(([a, b]) =>
        i === 0
          ? el('rect', { class: 'pt s0', x: x(a) - r, y: y(b) - r, width: 2 * r, height: 2 * r, fill: colour })
          : el('circle', { class: `pt s${i}`, cx: x(a), cy: y(b), r, fill: 'none', stroke: colour, 'stroke-width': 1.3 }),
      );
    marks.push(el('g', { class: `series s${i}`, 'data-name': s.name }, pts.join('')));
    const sample =
      i === 0
        ? el('rect', { x: 0, y: -4, width: 8, height: 8, fill: colour })
        : el('circle', { cx: 4, cy: 0, r: 5, fill: 'none', stroke: colour, 'stroke-width': 1.3 });
    items.push({ label: `${short(s.name, 17)} (${pts.length})`, mark: sample });
  });
  if (o.phiLines) {
    const ends = [PHI, 1 / PHI].map((k) => ({ k, x2: Math.min(o.max + 0.5, (o.max + 0.5) / k) }));
    for (const { k, x2 } of ends) {
      marks.push(el('line', { class: 'ref', x1: x(0), y1: y(0), x2: x(x2), y2: y(k * x2), stroke: '#555', 'stroke-opacity': 0.8, 'stroke-dasharray': '5 4' }));
    }
    items.unshift({ label: 'y = φx, y = x/φ', mark: el('line', { x1: 0, y1: 0, x2: 12, y2: 0, stroke: '#888', 'stroke-dasharray': '5 4' }) });
  }
  parts.push(el('g', { 'clip-path': `url(#${clip})` }, marks.join('')));
  parts.push(legend(f.right + 16, f.top + 8, items));
  return svgDocument(f.width, f.height, parts.join(''), o.title);
}

export interface HeatMapOptions {
  title: string;
  /** values[row * width + col], row = y, col = x; negative = unknown (drawn grey). */
  values: ArrayLike<number>;
  width: number;
  height: number;
  xLabel: string;
  yLabel: string;
  size?: number;
  /** Draw the cells as one image, a pixel a cell (default: when there are more than RASTER_CELLS). */
  raster?: boolean;
}

/**
 * Heat maps with more cells than this are drawn as an image: a rectangle a run of cells is about 80 bytes
 * of SVG, and past a few hundred thousand of them the documents grow to hundreds of megabytes that
 * neither resvg (its node limit) nor a browser takes. Up to a side of 128 the cells stay rectangles,
 * which a test or a script can read one by one.
 */
export const RASTER_CELLS = 128 * 128;

/**
 * The cells of a heat map as a PNG, one pixel a cell, the row y = 0 at the bottom, coloured by
 * valuePalette (the colours of valueColour, in 254 bands when the values pass 254).
 */
export function heatMapPng(values: ArrayLike<number>, width: number, height: number, hi: number): Buffer {
  const palette = valuePalette(hi);
  const index = Uint8Array.from({ length: hi + 1 }, (_, v) => palette.indexOf(v));
  const pixels = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const row = (height - 1 - r) * width;
    const to = r * width;
    for (let c = 0; c < width; c++) {
      const v = values[row + c]!;
      pixels[to + c] = v < 0 ? 0 : index[v]!;
    }
  }
  return encodeIndexedPng(width, height, palette.colours, pixels);
}

/**
 * Grundy values as colours, blue small to red large (push-the-button, Figure 2), and the P-positions
 * (G = 0) black, apart from the palette, with a legend entry of their own: next to value 1 a near-black
 * 0 would be hard to tell apart. Runs of equal values in a row are merged into one rectangle to keep the
 * file small; the P-position runs carry the class `p`. A dense map (o.raster) is one image instead.
 */
export function heatMapChart(o: HeatMapOptions): string {
  const size = o.size ?? 640;
  const legendW = 90;
  const f = frame(size + legendW, size, legendW);
  const cell = Math.min((f.right - f.left) / o.width, (f.bottom - f.top) / o.height);
  f.right = f.left + cell * o.width;
  f.bottom = f.top + cell * o.height;
  const x = linearScale(-0.5, o.width - 0.5, f.left, f.right);
  const y = linearScale(-0.5, o.height - 0.5, f.bottom, f.top);
  let hi = 0;
  for (let i = 0; i < o.values.length; i++) hi = Math.max(hi, o.values[i]!);
  const cells: string[] = [];
  if (o.raster ?? o.width * o.height > RASTER_CELLS) {
    // Pixelated: each cell keeps its own colour however the viewer scales the image (no blending of a
    // P-position's black into its neighbours).
    const png = heatMapPng(o.values, o.width, o.height, hi);
    cells.push(
      el('image', {
        class: 'cells-image',
        x: f.left,
        y: f.top,
        width: f.right - f.left,
        height: f.bottom - f.top,
        preserveAspectRatio: 'none',
        'image-rendering': 'optimizeSpeed',
        style: 'image-rendering:pixelated',
        href: `data:image/png;base64,${png.toString('base64')}`,
      }),
    );
  } else {
    for (let r = 0; r < o.height; r++) {
      let c = 0;
      while (c < o.width) {
        const v = o.values[r * o.width + c]!;
        let e = c + 1;
        while (e < o.width && o.values[r * o.width + e] === v) e++;
        cells.push(
          el('rect', { class: v === 0 ? 'cell p' : 'cell', x: f.left + c * cell, y: f.bottom - (r + 1) * cell, width: (e - c) * cell + 0.3, height: cell + 0.3, fill: valueColour(v, hi) }),
        );
        c = e;
      }
    }
  }
  // The colour bar runs over the values 1..hi; a black swatch under it stands for the P-positions.
  const bar: string[] = [];
  const barTop = f.top + 14;
  const barH = f.bottom - f.top - 60;
  const top = Math.max(1, hi);
  const steps = 64;
  for (let i = 0; i < steps; i++) {
    bar.push(el('rect', { x: f.right + 20, y: barTop + (barH * (steps - 1 - i)) / steps, width: 16, height: barH / steps + 0.5, fill: valueColour(1 + ((top - 1) * i) / (steps - 1), top) }));
  }
  const tickY = (t: number) => barTop + barH * (top === 1 ? 0.5 : 1 - (t - 1) / (top - 1));
  for (const t of niceTicks(1, top, 5).filter((t) => Number.isInteger(t) && t >= 1 && t <= top)) bar.push(text(f.right + 42, tickY(t) + 4, String(t)));
  bar.push(text(f.right + 20, barTop - 8, 'value'));
  const key = el('g', { class: 'p-key' }, el('rect', { x: f.right + 20, y: f.bottom - 30, width: 16, height: 16, fill: P_COLOUR }) + text(f.right + 42, f.bottom - 18, '0 (P)'));
  const body =
    el('g', { class: 'cells', 'data-width': o.width, 'data-height': o.height, 'data-max': hi }, cells.join('')) +
    axes(f, x, y, o.title, o.xLabel, o.yLabel) +
    el('g', { class: 'colour-bar' }, bar.join('') + key);
  return svgDocument(f.width, f.height, body, o.title);
}

export interface LengthRow {
  length: number;
  maxGrundy: number;
  runningMax: number;
  counts: readonly number[];
  words: number;
}

/**
 * Max Grundy value by word length (taking-and-merging, sections 3 and 4): the maximum over words of
 * exactly length n, and the running maximum over lengths <= n that the papers print (spec NOTES.md).
 */
export function lengthsChart(title: string, rows: readonly LengthRow[], size = 640): string {
  const legendW = 170;
  const f = frame(size + legendW, Math.round(size * 0.62), legendW);
  const n = Math.max(1, rows.length - 1);
  const top = Math.max(1, ...rows.map((r) => r.runningMax));
  const x = linearScale(-0.5, n + 0.5, f.left, f.right);
  const y = linearScale(0, top + 0.5, f.bottom, f.top);
  const step = rows.map((r, i) => `${i === 0 ? 'M' : 'L'}${num(x(r.length - 0.5))} ${num(y(r.runningMax))}H${num(x(r.length + 0.5))}`).join('');
  const line = rows.map((r, i) => `${i === 0 ? 'M' : 'L'}${num(x(r.length))} ${num(y(r.maxGrundy))}`).join('');
  const dots = rows.map((r) => el('circle', { class: 'pt max', cx: x(r.length), cy: y(r.maxGrundy), r: 3.5, fill: SERIES[1] })).join('');
  const labels = rows.map((r) => text(x(r.length), y(r.runningMax) - 5, String(r.runningMax), { 'text-anchor': 'middle', 'font-size': 9, fill: SERIES[0] })).join('');
  const body =
    axes(f, x, y, title, 'word length n', 'Grundy value') +
    el('path', { class: 'running', d: step, fill: 'none', stroke: SERIES[0], 'stroke-width': 2 }) +
    el('path', { d: line, fill: 'none', stroke: SERIES[1], 'stroke-width': 1, 'stroke-dasharray': '3 3' }) +
    dots +
    labels +
    legend(f.right + 16, f.top + 8, [
      { label: 'running max (≤ n)', mark: el('line', { x1: 0, y1: 0, x2: 12, y2: 0, stroke: SERIES[0], 'stroke-width': 2 }) },
      { label: 'max at length n', mark: el('circle', { cx: 6, cy: 0, r: 3.5, fill: SERIES[1] }) },
    ]);
  return svgDocument(f.width, f.height, body, title);
}

/** Counts by Grundy value for each length, as bars of the share of words with each value. */
export function countsChart(title: string, rows: readonly LengthRow[], size = 640): string {
  const legendW = 110;
  const f = frame(size + legendW, Math.round(size * 0.62), legendW);
  const n = Math.max(1, rows.length - 1);
  const values = Math.max(1, ...rows.map((r) => r.counts.length));
  const x = linearScale(-0.5, n + 0.5, f.left, f.right);
  const y = linearScale(0, 100, f.bottom, f.top);
  const w = ((f.right - f.left) / (n + 1)) * 0.8;
  const bars: string[] = [];
  for (const r of rows) {
    let acc = 0;
    r.counts.forEach((c, g) => {
      if (c === 0) return;
      const share = (100 * c) / r.words;
      bars.push(
        el(
          'rect',
          { class: 'bar', 'data-length': r.length, 'data-value': g, x: x(r.length) - w / 2, y: y(acc + share), width: w, height: y(acc) - y(acc + share), fill: categoryColour(g, values) },
          el('title', {}, esc(`length ${r.length}, value ${g}: ${c} of ${r.words} words`)),
        ),
      );
      acc += share;
    });
  }
  const shown = values <= 16 ? [...Array(values).keys()] : [...new Set([0, 1, 2, Math.floor(values / 2), values - 1])].sort((a, b) => a - b);
  const items = shown.map((g) => ({ label: `G = ${g}`, mark: el('rect', { x: 0, y: -5, width: 10, height: 10, fill: categoryColour(g, values) }) }));
  const body = axes(f, x, y, title, 'word length n', '% of words of length n') + el('g', { class: 'bars' }, bars.join('')) + legend(f.right + 16, f.top + 8, items);
  return svgDocument(f.width, f.height, body, title);
}

export interface SequenceChartOptions {
  title: string;
  values: readonly number[];
  /** Where the periodic part starts and its period, when known. */
  preperiod?: number | null;
  period?: number | null;
  /** 'certified' or 'apparent' (drawn dashed). */
  status?: 'certified' | 'apparent';
  size?: number;
}

/** G(0), G(1), ... of a one-heap game; the periodic part shaded one period at a time. */
export function sequenceChart(o: SequenceChartOptions): string {
  const size = o.size ?? 640;
  const legendW = 170;
  const f = frame(size + legendW, Math.round(size * 0.55), legendW);
  const n = Math.max(1, o.values.length - 1);
  // A loop, not Math.max(...values): spreading a long sequence overflows the stack.
  let top = 1;
  for (const v of o.values) if (v > top) top = v;
  const x = linearScale(-0.5, n + 0.5, f.left, f.right);
  const y = linearScale(0, top + 0.5, f.bottom, f.top);
  const parts: string[] = [];
  const items: { label: string; mark: string }[] = [];
  if (o.period && o.preperiod !== undefined && o.preperiod !== null) {
    const dash = o.status === 'apparent' ? '4 3' : undefined;
    for (let s = o.preperiod, k = 0; s <= n; s += o.period, k++) {
      if (k % 2 === 0) {
        parts.push(el('rect', { class: 'period-band', x: x(s - 0.5), y: f.top, width: Math.min(x(s + o.period - 0.5), f.right) - x(s - 0.5), height: f.bottom - f.top, fill: '#fff1c9' }));
      }
    }
    parts.push(el('line', { class: 'preperiod', x1: x(o.preperiod - 0.5), y1: f.top, x2: x(o.preperiod - 0.5), y2: f.bottom, stroke: SERIES[1], 'stroke-width': 2, 'stroke-dasharray': dash }));
    items.push({ label: `preperiod ${o.preperiod}`, mark: el('line', { x1: 6, y1: -6, x2: 6, y2: 6, stroke: SERIES[1], 'stroke-width': 2 }) });
    items.push({ label: `period ${o.period} (${o.status ?? 'certified'})`, mark: el('rect', { x: 0, y: -5, width: 12, height: 10, fill: '#fff1c9', stroke: '#ccc' }) });
  } else {
    items.push({ label: 'no period found', mark: '' });
  }
  const r = Math.max(1.6, Math.min(3.5, ((f.right - f.left) / (n + 1)) * 0.45));
  const dots = o.values.map((v, i) => el('circle', { class: 'pt', cx: x(i), cy: y(v), r, fill: SERIES[0] })).join('');
  parts.push(axes(f, x, y, o.title, 'heap size n', 'G(n)'));
  parts.push(el('g', { class: 'values' }, dots));
  parts.push(legend(f.right + 16, f.top + 8, items));
  return svgDocument(f.width, f.height, parts.join(''), o.title);
}

export interface DeviationSeries {
  name: string;
  /** values[n] for n = 0, 1, ... */
  values: ArrayLike<number>;
}

/**
 * A long sequence of deviations (e.g. b_n - φ a_n, maharaja-nim Theorem 1.2 and Figure 9) as a
 * density: n in blocks of a few pixels, values in bins, each cell shaded by how many terms fall in
 * it. A split of the sequence into bands (Figure 9) shows as a gap; 10^6 terms still make a small
 * file, and the extremes are marked by dashed lines.
 */
export function deviationChart(title: string, yLabel: string, series: readonly DeviationSeries[], size = 640): string {
  const legendW = 220;
  const f = frame(size + legendW, Math.round(size * 0.55), legendW);
  const n = Math.max(1, ...series.map((s) => s.values.length));
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series) for (let i = 0; i < s.values.length; i++) (lo = Math.min(lo, s.values[i]!)), (hi = Math.max(hi, s.values[i]!));
  if (!Number.isFinite(lo)) (lo = 0), (hi = 1);
  const pad = Math.max(0.5, (hi - lo) * 0.05);
  const x = linearScale(0, n - 1, f.left, f.right);
  const y = linearScale(lo - pad, hi + pad, f.bottom, f.top);
  const columns = Math.max(1, Math.min(n, Math.round((f.right - f.left) / 2)));
  const bins = Math.max(1, Math.round((f.bottom - f.top) / 3));
  const colW = (f.right - f.left) / columns;
  const binH = (f.bottom - f.top) / bins;
  const binOf = (v: number) => Math.min(bins - 1, Math.max(0, Math.floor(((v - (lo - pad)) / (hi - lo + 2 * pad)) * bins)));
  const parts: string[] = [];
  const items: { label: string; mark: string }[] = [];
  const LEVELS = 6;
  series.forEach((s, k) => {
    const colour = SERIES[k % SERIES.length]!;
    const len = s.values.length;
    const counts = new Uint32Array(columns * bins);
    for (let i = 0; i < len; i++) counts[Math.min(columns - 1, Math.floor((i * columns) / len)) * bins + binOf(s.values[i]!)]!++;
    let top = 0;
    for (const c of counts) top = Math.max(top, c);
    const level = (c: number) => (c === 0 ? 0 : 1 + Math.floor(((LEVELS - 1) * Math.log1p(c)) / Math.log1p(top)));
    const cells: string[] = [];
    for (let j = 0; j < columns; j++) {
      let b = 0;
      while (b < bins) {
        const lv = level(counts[j * bins + b]!);
        let e = b + 1;
        while (e < bins && level(counts[j * bins + e]!) === lv) e++;
        if (lv > 0) {
          cells.push(el('rect', { x: f.left + j * colW, y: f.bottom - e * binH, width: colW + 0.2, height: (e - b) * binH + 0.2, 'fill-opacity': (0.25 + (0.75 * lv) / LEVELS).toFixed(2) }));
        }
        b = e;
      }
    }
    parts.push(el('g', { class: `density s${k}`, fill: colour }, cells.join('')));
    items.push({ label: `${short(s.name, 14)} (${len})`, mark: el('rect', { x: 0, y: -5, width: 12, height: 10, fill: colour }) });
  });
  for (const v of [lo, hi]) {
    parts.push(el('line', { class: 'extreme', x1: f.left, y1: y(v), x2: f.right, y2: y(v), stroke: '#999', 'stroke-dasharray': '3 3' }));
    parts.push(text(f.right + 4, y(v) + 4, num(v), { fill: '#666', 'font-size': 10 }));
  }
  const body = axes(f, x, y, title, 'n', yLabel, false) + parts.join('') + legend(f.right + 40, f.top + 8, items);
  return svgDocument(f.width, f.height, body, title);
}

export interface LineSeries {
  name: string;
  /** The points in order of x. */
  points: readonly (readonly [number, number])[];
}

/**
 * Series of a few points each, joined by lines, with a dot at each point: how a measure changes from
 * one bound to the next (maharaja-nim Conjecture 4.1: max |y - φx| below 10^3, 10^4, ..., one line per
 * pair (k,l)). `xTick` labels the x ticks (e.g. 10^k for a decade k).
 */
export function linesChart(o: { title: string; xLabel: string; yLabel: string; series: readonly LineSeries[]; xTick?: (x: number) => string; size?: number }): string {
  const size = o.size ?? 640;
  const legendW = 150;
  const f = frame(size + legendW, Math.round(size * 0.62), legendW);
  const xs = o.series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = o.series.flatMap((s) => s.points.map((p) => p[1]));
  const [x0, x1] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  const [y0, y1] = ys.length ? [Math.min(0, ...ys), Math.max(...ys)] : [0, 1];
  const x = linearScale(x0 - 0.25, x1 + 0.25, f.left, f.right);
  const y = linearScale(y0, y1 + Math.max(0.1, (y1 - y0) * 0.05), f.bottom, f.top);
  const parts: string[] = [];
  const items: { label: string; mark: string }[] = [];
  o.series.forEach((s, i) => {
    const colour = SERIES[i % SERIES.length]!;
    const path = s.points.map(([a, b], j) => `${j ? 'L' : 'M'}${num(x(a))} ${num(y(b))}`).join('');
    const dots = s.points.map(([a, b]) => el('circle', { cx: x(a), cy: y(b), r: 2.5, fill: colour })).join('');
    parts.push(el('g', { class: `series s${i}`, 'data-name': s.name }, el('path', { d: path, fill: 'none', stroke: colour, 'stroke-width': 1.5 }) + dots));
    items.push({ label: short(s.name, 18), mark: el('line', { x1: 0, y1: 0, x2: 12, y2: 0, stroke: colour, 'stroke-width': 2 }) });
  });
  const xTicks = o.xTick ? { at: [...new Set(xs)].sort((a, b) => a - b), label: o.xTick } : undefined;
  const body = axes(f, x, y, o.title, o.xLabel, o.yLabel, false, xTicks) + parts.join('') + legend(f.right + 16, f.top + 8, items);
  return svgDocument(f.width, f.height, body, o.title);
}

export interface SequenceDensityOptions {
  title: string;
  /** The heaps drawn are 0..length-1 (the x axis), whether or not each has a point. */
  length: number;
  /** The points (heap n, value G(n)), n ascending: every heap, or only some (the rare heaps). */
  heaps: ArrayLike<number>;
  values: ArrayLike<number>;
  preperiod?: number | null;
  period?: number | null;
  status?: 'certified' | 'apparent';
  /** The legend's name of the points. */
  label?: string;
  size?: number;
  colour?: string;
}

/**
 * A long sequence (10^5 terms and more) as a small picture: the heaps in columns of a pixel or two, and
 * in each column a vertical stroke over every run of consecutive values some heap of it has. A column
 * of a periodic stretch whose values are 0..k is one stroke, so the file stays a few kilobytes however
 * long the sequence; sequenceChart draws a dot per term instead. The period is marked as there.
 */
export function sequenceDensityChart(o: SequenceDensityOptions): string {
  const size = o.size ?? 640;
  const legendW = 170;
  const f = frame(size + legendW, Math.round(size * 0.55), legendW);
  const len = Math.max(1, o.length);
  let top = 1;
  for (let i = 0; i < o.values.length; i++) if (o.values[i]! > top) top = o.values[i]!;
  const x = linearScale(-0.5, len - 0.5, f.left, f.right);
  const y = linearScale(-0.5, top + 0.5, f.bottom, f.top);
  const columns = Math.max(1, Math.min(len, Math.floor(f.right - f.left)));
  const colW = (f.right - f.left) / columns;
  const column = (n: number) => Math.min(columns - 1, Math.floor((n * columns) / len));
  // Values in bins of at least a pixel row (one value per bin while they fit): growing values (an arithmetic
  // period) would otherwise make a stroke per heap.
  const bins = Math.max(1, Math.min(top + 1, Math.floor(f.bottom - f.top)));
  const binOf = (v: number) => Math.min(bins - 1, Math.floor((v * bins) / (top + 1)));
  const binEdge = (b: number) => y((b * (top + 1)) / bins - 0.5);
  // The bins present in each column, as a sorted set; runs of consecutive ones become one stroke.
  const present: Set<number>[] = Array.from({ length: columns }, () => new Set());
  for (let i = 0; i < o.heaps.length; i++) present[column(o.heaps[i]!)]!.add(binOf(o.values[i]!));
  // Within a column the strokes are relative moves (m0 dy v-h) to a tenth of a pixel: a third of the bytes.
  const tenth = (v: number) => String(Math.round(v * 10) / 10);
  const d: string[] = [];
  present.forEach((set, c) => {
    if (set.size === 0) return;
    const bs = [...set].sort((a, b) => a - b);
    let at: number | undefined;
    for (let i = 0; i < bs.length; ) {
      let j = i;
      while (j + 1 < bs.length && bs[j + 1] === bs[j]! + 1) j++;
      const from = Math.round(binEdge(bs[i]!) * 10) / 10;
      const to = Math.round(binEdge(bs[j]! + 1) * 10) / 10;
      d.push(at === undefined ? `M${num(f.left + (c + 0.5) * colW)} ${tenth(from)}` : `m0 ${tenth(from - at)}`, `v${tenth(to - from)}`);
      at = to;
      i = j + 1;
    }
  });
  const parts: string[] = [];
  const items: { label: string; mark: string }[] = [];
  const colour = o.colour ?? SERIES[0]!;
  if (o.period && o.preperiod !== undefined && o.preperiod !== null && o.preperiod < len) {
    const dash = o.status === 'apparent' ? '4 3' : undefined;
    // Bands only while a period is a few pixels wide; a shorter one would shade everything.
    if (x(o.period) - x(0) >= 4) {
      for (let s = o.preperiod, k = 0; s < len; s += o.period, k++) {
        if (k % 2 === 0) {
          parts.push(el('rect', { class: 'period-band', x: x(s - 0.5), y: f.top, width: Math.min(x(s + o.period - 0.5), f.right) - x(s - 0.5), height: f.bottom - f.top, fill: '#fff1c9' }));
        }
      }
    } else {
      parts.push(el('rect', { class: 'period-band', x: x(o.preperiod - 0.5), y: f.top, width: f.right - x(o.preperiod - 0.5), height: f.bottom - f.top, fill: '#fff1c9' }));
    }
    parts.push(el('line', { class: 'preperiod', x1: x(o.preperiod - 0.5), y1: f.top, x2: x(o.preperiod - 0.5), y2: f.bottom, stroke: SERIES[1], 'stroke-width': 2, 'stroke-dasharray': dash }));
    items.push({ label: `preperiod ${o.preperiod}`, mark: el('line', { x1: 6, y1: -6, x2: 6, y2: 6, stroke: SERIES[1], 'stroke-width': 2 }) });
    items.push({ label: `period ${o.period} (${o.status ?? 'certified'})`, mark: el('rect', { x: 0, y: -5, width: 12, height: 10, fill: '#fff1c9', stroke: '#ccc' }) });
  } else if (o.period) {
    items.push({ label: `period ${o.period} from ${o.preperiod} (beyond n = ${len - 1})`, mark: '' });
  } else {
    items.push({ label: 'no period found', mark: '' });
  }
  items.unshift({ label: `${o.label ?? 'G(n)'}: ${o.heaps.length} heaps`, mark: el('rect', { x: 2, y: -6, width: 4, height: 12, fill: colour }) });
  parts.push(axes(f, x, y, o.title, 'heap size n', 'G(n)'));
  // Strokes at least a pixel wide, so a column of one heap still shows; a few points (rare heaps) wider still.
  const minWidth = o.heaps.length * 4 < columns ? 3 : 1;
  if (d.length) parts.push(el('path', { class: 'values', d: d.join(''), stroke: colour, 'stroke-width': Math.max(minWidth, colW), fill: 'none', 'shape-rendering': 'crispEdges' }));
  parts.push(legend(f.right + 16, f.top + 8, items));
  return svgDocument(f.width, f.height, parts.join(''), o.title);
}
