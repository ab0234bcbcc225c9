/**
 * One entry for every picture (the package's `sprague/plot`, apart from the computing library because it
 * loads the PNG and Graphviz engines): a PlotRequest (what the CLI flags and the web API say) becomes a
 * PlotResult (the SVG, a table of the numbers behind it, and a summary). The CLI writes the SVG or a
 * PNG of it; the server sends it to the page.
 *
 * @packageDocumentation
 */
import { toDot } from '../automata/dot.js';
import { InputError, InterruptedError } from '../core/errors.js';
import { checkMemory } from '../core/budget.js';
import { limitDefault } from '../core/limits.js';
import { BYTES_PER_POSITION, isSumOfHeapValues } from '../analysis/position.js';
import type { PictureKind, Ruleset } from '../core/ruleset.js';
import type { LengthStats } from '../games/rewrite/enumerate.js';
import { findGrundyAutomaton } from '../regular/grundy-automaton.js';
import { parseSpec } from '../spec/index.js';
import { RASTER_CELLS, countsChart, deviationChart, short, heatMapChart, lengthsChart, pointsChart, sequenceChart, type PointSeries } from './charts.js';
import { grundyGrid, lengthsData, pPositionsPlane, rewriteRules, sequenceData, upperPositions, type GatherOptions, type ValueGrid } from './data.js';
import { dotToSvg } from './render.js';
import { caption } from './caption.js';
import type { Stop } from '../core/stop.js';
import { formatTextGrid, sequenceRows, sequenceRowsText, valueGrid } from './text-grid.js';

export { caption } from './caption.js';

export { svgToPng, dotToSvg } from './render.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export const PLOT_KINDS = ['ppositions', 'deviation', 'values', 'lengths', 'counts', 'sequence', 'automaton'] as const satisfies readonly PictureKind[];
/**
 * @remarks Since 0.1.0
 * @public
 */
export type PlotKind = PictureKind;

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface PlotRequest {
  /** Default: by the game (see defaultKind). */
  kind?: PlotKind;
  spec: string;
  /** The box [0,max]^2, the longest word, the largest heap; for an automaton the most states tried. */
  max: number;
  /** ppositions: a second game drawn over the first (maharaja-nim, Figure 2). */
  overlay?: string;
  /** ppositions: the lines y = φx and y = x/φ (maharaja-nim, Figure 3). */
  phiLines?: boolean;
  /** values/ppositions of a 3-heap game: the first heap is fixed at this size. */
  slice?: number;
  maxDepth?: number;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface PlotTable {
  header: string[];
  rows: (string | number)[][];
  /** Rows not sent (tables are cut to keep pages and files small). */
  omitted: number;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface PlotResult {
  kind: PlotKind;
  title: string;
  svg: string;
  table: PlotTable;
  /** The figures behind the picture, for --json and the page (counts, period, states). */
  summary: Record<string, unknown>;
  /** The summary as a sentence (period, preperiod, certificate; P-positions; states, proved): caption.ts. */
  caption: string;
  /** True when the work was interrupted and the picture shows only what was finished. */
  partial?: boolean;
  /**
   * Values and sequence pictures small enough to read (a box of side <= 100, at most 5000 terms), finished:
   * the numbers as a grid (G(x, y) with x across, or G(n) in rows one period wide, as `sequence --rows`),
   * and `text`, the same grid as the CLI prints it (`grundy --table`, `sequence --rows`), to copy.
   */
  grid?: PlotGrid;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface PlotGrid {
  corner: string;
  columns: string[];
  rows: { label: string; cells: string[] }[];
  text: string;
}

/** The largest grids sent: a box of side 101 (0..100), 5000 terms. */
const GRID_SIDE = 101;
const GRID_TERMS = 5000;

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface PlotRunOptions {
  signal?: Stop;
  onProgress?: (done: number, total: number, label: string) => void;
}

const MAX_TABLE_ROWS = 2000;
/** Values in the table of a values picture: 2000 rows of a box of side 500. */
const MAX_TABLE_CELLS = 1_000_000;

function table(header: string[], rows: (string | number)[][]): PlotTable {
  return { header, rows: rows.slice(0, MAX_TABLE_ROWS), omitted: Math.max(0, rows.length - MAX_TABLE_ROWS) };
}

/**
 * The picture a game suggests: the one it declares (by length for rewrite games, the sequence for octal
 * and subtraction games), else the sequence for one-heap games and the P-positions for the others.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function defaultKind(rs: Ruleset<any>): PlotKind {
  return rs.capabilities?.picture ?? (rs.heapCount === 1 ? 'sequence' : 'ppositions');
}

/**
 * Parses the spec (SpecError) and checks the request's numbers before any work starts.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function checkRequest(req: PlotRequest): { ruleset: Ruleset<any>; kind: PlotKind } {
  if (req.kind !== undefined && !PLOT_KINDS.includes(req.kind)) throw new InputError(`unknown plot kind ${JSON.stringify(req.kind)}; one of ${PLOT_KINDS.join(', ')}`);
  if (!Number.isSafeInteger(req.max) || req.max < 0) throw new InputError(`bad bound ${req.max}: want a non-negative integer`);
  const ruleset = parseSpec(req.spec, { allowUnboundedRewriting: req.maxDepth !== undefined });
  const kind = req.kind ?? defaultKind(ruleset);
  if (req.overlay !== undefined && kind !== 'ppositions' && kind !== 'deviation') throw new InputError('a second game can only be overlaid on a P-position or deviation plot');
  if (req.overlay !== undefined) parseSpec(req.overlay);
  if (req.slice !== undefined && (!Number.isSafeInteger(req.slice) || req.slice < 0)) throw new InputError(`bad slice ${req.slice}: want a heap size`);
  // Sizes no picture can show (limits table: plotBox, plotColumns, plotTerms), refused before any work.
  // A values picture is an image past RASTER_CELLS, bounded by the memory it needs (below) rather than a side.
  if (kind === 'ppositions' && req.max > limitDefault('plotBox')) throw new InputError(`a box of side ${req.max} is too large to draw; at most ${limitDefault('plotBox')}`);
  if (kind === 'values') checkMemory(`a values picture of ${ruleset.name} on [0,${req.max}]^2`, valuesPictureBytes(ruleset, req.max, req.slice));
  if (kind === 'deviation' && req.max > limitDefault('plotColumns')) throw new InputError(`bound ${req.max} is too large; at most ${limitDefault('plotColumns')} columns`);
  if (kind === 'sequence' && req.max >= limitDefault('plotTerms')) throw new InputError(`bound ${req.max} is too large to draw: a sequence picture shows at most ${limitDefault('plotTerms')} terms`);
  return { ruleset, kind };
}

/**
 * Bytes of a picture of the values on a box of (max+1)^2 cells, known before any work: the value grid (4 bytes
 * a cell), the picture (PICTURE_CELL_BYTES as rectangles, RASTER_CELL_BYTES as an image), and, for a game
 * with neither a closed form of its values nor one-heap values to XOR, the solver's memo of the positions
 * below the box (a slice at heap k: k+1 layers).
 */
function valuesPictureBytes(rs: Ruleset<any>, max: number, slice: number | undefined): number {
  const cells = (max + 1) ** 2;
  const heaps = slice === undefined ? 2 : 3;
  const memoised = rs.capabilities?.grundyOf === undefined && !isSumOfHeapValues(rs, heaps);
  const picture = cells > RASTER_CELLS ? RASTER_CELL_BYTES : PICTURE_CELL_BYTES;
  return cells * (4 + picture) + (memoised ? cells * ((slice ?? 0) + 1) * BYTES_PER_POSITION : 0);
}

/**
 * Bytes a cell of a heat map takes while it is drawn: its rectangle's text (about 80 characters) in the list
 * of rectangles, the joined document, the copies that hand it to the command's thread and to the file, and
 * the row of the table. Measured on `plot wythoff --values`, whose neighbours differ (no run of cells is
 * merged into one rectangle), above a plot of side 5: 880 bytes a cell at side 400, 630 at side 1000.
 */
const PICTURE_CELL_BYTES = 900;

/**
 * The same for a heat map drawn as an image (charts.ts, past RASTER_CELLS): its pixel, the filtered row
 * and the deflated image (a byte and a half), the base64 text in the document and its copies to the
 * command's thread, the table's first rows (at most a million values), and Wythoff's value table (2 bytes,
 * twice while it grows). Measured on `plot wythoff --values --out w.png` at side 4000: a peak of 292 MB, about
 * 15 bytes a cell above the process's own 50 MB; 24 leaves room.
 */
const RASTER_CELL_BYTES = 24;

/** A picture before its caption. */
type Drawn = Omit<PlotResult, 'caption'>;

/**
 * Computes and draws. An interruption throws an InterruptedError whose `partial` is a PlotResult of what was finished.
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function makePlot(req: PlotRequest, run: PlotRunOptions = {}): Promise<PlotResult> {
  const captioned = (d: Drawn): PlotResult => ({ ...d, caption: caption(d.kind, d.summary, req, d.partial === true) });
  try {
    return captioned(await draw(req, run));
  } catch (e) {
    if (e instanceof InterruptedError && typeof (e.partial as Drawn | undefined)?.svg === 'string') throw new InterruptedError(captioned(e.partial as Drawn));
    throw e;
  }
}

async function draw(req: PlotRequest, run: PlotRunOptions): Promise<Drawn> {
  const { ruleset, kind } = checkRequest(req);
  const gather = (label: string): GatherOptions => ({
    ...(run.signal ? { signal: run.signal } : {}),
    ...(req.maxDepth === undefined ? {} : { maxDepth: req.maxDepth }),
    onProgress: (d, t) => run.onProgress?.(d, t, label),
  });
  const partialOr = async <T>(work: () => T | Promise<T>, draw: (data: T, partial: boolean) => Drawn | Promise<Drawn>): Promise<Drawn> => {
    let data: T;
    try {
      data = await work();
    } catch (e) {
      if (e instanceof InterruptedError && e.partial !== undefined) throw new InterruptedError({ ...(await draw(e.partial as T, true)), partial: true });
      throw e;
    }
    return draw(data, false);
  };
  switch (kind) {
    case 'ppositions':
      if (req.slice !== undefined) {
        return partialOr(() => grundyGrid(ruleset, req.max, req.slice, gather(ruleset.name)), (g, partial) => slicePositionsPlot(ruleset.name, req, g, partial));
      }
      return pPositionsPlot(ruleset, req, gather);
    case 'deviation':
      return deviationPlot(ruleset, req, gather);
    case 'values':
      return partialOr(() => grundyGrid(ruleset, req.max, req.slice, gather(ruleset.name)), (g, partial) => valuesPlot(ruleset.name, req, g, partial));
    case 'sequence':
      return partialOr(
        () => sequenceData(ruleset, req.max, gather(ruleset.name)),
        (d, partial) => sequencePlot(ruleset.name, partial ? { values: (d as unknown as number[]) ?? [], periodicity: { period: null, preperiod: null, certified: false } } : d, partial),
      );
    case 'lengths':
    case 'counts':
      return partialOr(() => lengthsData(ruleset, req.max, gather(ruleset.name)), (rows, partial) => lengthsPlot(kind, ruleset.name, rows, partial));
    case 'automaton':
      return automatonPlot(ruleset, req, run);
  }
}

function suffix(partial: boolean): string {
  return partial ? ' (interrupted: partial)' : '';
}

async function pPositionsPlot(rs: Ruleset<any>, req: PlotRequest, gather: (label: string) => GatherOptions): Promise<Drawn> {
  const games = [rs, ...(req.overlay === undefined ? [] : [parseSpec(req.overlay)])];
  const series: PointSeries[] = [];
  let partial = false;
  for (const g of games) {
    try {
      series.push({ name: g.name, points: pPositionsPlane(g, req.max, gather(g.name)) });
    } catch (e) {
      if (!(e instanceof InterruptedError)) throw e;
      series.push({ name: g.name, points: (e.partial as [number, number][]) ?? [] });
      partial = true;
      break;
    }
  }
  const title = `P-positions of ${series.map((s) => short(s.name, 40)).join(' and ')} in [0,${req.max}]²${suffix(partial)}`;
  const svg = pointsChart({ title, max: req.max, series, phiLines: req.phiLines ?? false });
  const rows = series.flatMap((s) => s.points.map(([x, y]) => [s.name, x, y] as (string | number)[]));
  const result: Drawn = {
    kind: 'ppositions',
    title,
    svg,
    table: table(['game', 'x', 'y'], rows),
    summary: { games: series.map((s) => ({ spec: s.name, pPositions: s.points.length })) },
    ...(partial ? { partial } : {}),
  };
  if (partial) throw new InterruptedError(result);
  return result;
}

/** b_n - φ a_n of the upper P-positions (maharaja-nim, Theorem 1.2; the split of Figure 9). */
function deviationPlot(rs: Ruleset<any>, req: PlotRequest, gather: (label: string) => GatherOptions): Drawn {
  const games = [rs, ...(req.overlay === undefined ? [] : [parseSpec(req.overlay)])];
  const PHI = (1 + Math.sqrt(5)) / 2;
  const data = games.map((g) => ({ name: g.name, up: upperPositions(g, req.max, gather(g.name)) }));
  const title = `b_n − φ·a_n of the upper P-positions of ${data.map((d) => short(d.name, 24)).join(' and ')}, x ≤ ${req.max}`;
  const svg = deviationChart(
    title,
    'b_n − φ·a_n',
    data.map((d) => ({ name: d.name, values: Float64Array.from(d.up.a, (a, n) => d.up.b[n]! - PHI * a) })),
  );
  const first = data[0]!.up;
  const rows: (string | number)[][] = [];
  for (let n = 0; n < first.a.length; n++) rows.push([n, first.a[n]!, first.b[n]!, first.b[n]! - first.a[n]! - n, Math.round((first.b[n]! - PHI * first.a[n]!) * 1000) / 1000]);
  return {
    kind: 'deviation',
    title,
    svg,
    table: table(['n', 'a_n', 'b_n', 'b_n − a_n − n', 'b_n − φ a_n'], rows),
    summary: {
      games: data.map((d) => ({
        spec: d.name,
        upper: d.up.stats.count,
        devMin: d.up.stats.devMin,
        devMax: d.up.stats.devMax,
        phiDevMin: Math.round(d.up.stats.phiDevMin * 1e6) / 1e6,
        phiDevMax: Math.round(d.up.stats.phiDevMax * 1e6) / 1e6,
      })),
    },
  };
}

function slicePositionsPlot(name: string, req: PlotRequest, g: ValueGrid, partial: boolean): Drawn {
  const points: [number, number][] = [];
  for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) if (g.values[y * g.width + x] === 0) points.push([x, y]);
  const title = `P-positions (${req.slice},x,y) of ${name}, x,y ≤ ${req.max}${suffix(partial)}`;
  const svg = pointsChart({ title, max: req.max, series: [{ name: `${name}, first heap ${req.slice}`, points }], phiLines: req.phiLines ?? false });
  return {
    kind: 'ppositions',
    title,
    svg,
    table: table(['x', 'y'], points),
    summary: { games: [{ spec: name, slice: req.slice, pPositions: points.length }] },
    ...(partial ? { partial } : {}),
  };
}

function valuesPlot(name: string, req: PlotRequest, g: ValueGrid, partial: boolean): Drawn {
  const title = g.slice === undefined ? `Grundy values of ${name} on (x,y), x,y ≤ ${req.max}${suffix(partial)}` : `Grundy values of ${name} on (${g.slice},x,y), x,y ≤ ${req.max}${suffix(partial)}`;
  const svg = heatMapChart({ title, values: g.values, width: g.width, height: g.height, xLabel: g.slice === undefined ? 'x (first heap)' : 'x (second heap)', yLabel: g.slice === undefined ? 'y (second heap)' : 'y (third heap)' });
  let max = 0;
  let zeros = 0;
  const cells = g.values;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i]!;
    if (v > max) max = v;
    else if (v === 0) zeros++;
  }
  // The rows the table keeps, at most MAX_TABLE_CELLS values in all (a row of a wide box is tens of kilobytes
  // of text), and none past the rows computed: an interrupted picture is drawn at once.
  const rows: (string | number)[][] = [];
  const kept = Math.min(g.height, MAX_TABLE_ROWS, Math.max(1, Math.floor(MAX_TABLE_CELLS / g.width)));
  const cellAt = (x: number, y: number) => cells[y * g.width + x]!;
  const grid = partial || g.width > GRID_SIDE ? undefined : valueGrid({ from: 0, to: g.width - 1 }, { from: 0, to: g.height - 1 }, cellAt);
  for (let y = 0; y < kept && cells[y * g.width]! >= 0; y++) rows.push([y, Array.from(cells.subarray(y * g.width, (y + 1) * g.width), (v) => (v < 0 ? '?' : v)).join(' ')]);
  return {
    kind: 'values',
    title,
    svg,
    table: { ...table(['y', `G(${g.slice === undefined ? '' : `${g.slice},`}0..${req.max}, y)`], rows), omitted: g.height - rows.length },
    summary: { spec: name, width: g.width, height: g.height, maxValue: max, pPositions: zeros, ...(g.slice === undefined ? {} : { slice: g.slice }) },
    ...(partial ? { partial } : {}),
    ...(grid ? { grid: { ...grid, text: formatTextGrid(grid) } } : {}),
  };
}

/** The values in rows one period wide from the preperiod on (rows of 20 without a period), as `sequence --rows`. */
function sequenceGrid(values: number[], period: number | null, preperiod: number | null): PlotGrid {
  const layout = period ? sequenceRows(values, period, preperiod ?? 0) : sequenceRows(values, 20);
  return { corner: 'n', columns: [], rows: Array.from({ length: layout.rows }, (_, r) => layout.row(r)), text: sequenceRowsText(layout) };
}

function sequencePlot(name: string, d: { values: number[]; periodicity: import('../analysis/periodicity.js').Periodicity }, partial: boolean): Drawn {
  const p = d.periodicity;
  const period = p.period ?? p.apparentPeriod ?? null;
  const preperiod = p.period !== null ? p.preperiod : (p.apparentPreperiod ?? null);
  const status = p.certified ? 'certified' : 'apparent';
  const title = `Grundy sequence of ${name}, n ≤ ${d.values.length - 1}${suffix(partial)}`;
  const svg = sequenceChart({ title, values: d.values, period, preperiod, status });
  return {
    kind: 'sequence',
    title,
    svg,
    table: table(['n', 'G(n)'], d.values.map((v, n) => [n, v])),
    ...(partial || d.values.length > GRID_TERMS ? {} : { grid: sequenceGrid(d.values, period, preperiod) }),
    summary: { spec: name, values: d.values.length, period: p.period, preperiod: p.preperiod, certified: p.certified, ...(p.certificate ? { certificate: p.certificate } : {}), ...(p.apparentPeriod ? { apparentPeriod: p.apparentPeriod, apparentPreperiod: p.apparentPreperiod } : {}) },
    ...(partial ? { partial } : {}),
  };
}

function lengthsPlot(kind: 'lengths' | 'counts', name: string, rows: LengthStats[], partial: boolean): Drawn {
  const last = rows.length - 1;
  const title = kind === 'lengths' ? `Max Grundy value by word length, ${name}, n ≤ ${last}${suffix(partial)}` : `Words by Grundy value and length, ${name}, n ≤ ${last}${suffix(partial)}`;
  const svg = kind === 'lengths' ? lengthsChart(title, rows) : countsChart(title, rows);
  return {
    kind,
    title,
    svg,
    table: table(['length', 'words', 'maxGrundy', 'runningMax', 'counts'], rows.map((r) => [r.length, r.words, r.maxGrundy, r.runningMax, r.counts.join(' ')])),
    summary: { spec: name, lengths: rows.length, maxGrundy: rows.map((r) => r.maxGrundy), runningMax: rows.map((r) => r.runningMax) },
    ...(partial ? { partial } : {}),
  };
}

/** A Grundy automaton found and proved (taking-and-merging, Lemma 2), laid out by Graphviz. */
async function automatonPlot(rs: Ruleset<any>, req: PlotRequest, run: PlotRunOptions): Promise<Drawn> {
  const rules = rewriteRules(rs);
  const found = findGrundyAutomaton(rules, {
    maxStates: Math.max(1, req.max),
    ...(run.signal ? { signal: run.signal } : {}),
    onProgress: (states, rounds) => run.onProgress?.(states, Math.max(1, req.max), `${rounds} rounds`),
  });
  if (!found.machine) throw new InputError(`no automaton with at most ${req.max} states was found for ${rs.name} (any has at least ${found.lowerBound} states)`);
  const m = found.machine;
  const names = found.alphabet.names;
  const verdict = found.verified ? 'proved' : 'not proved';
  const title = `Grundy automaton of ${rs.name}: ${found.states} states, ${verdict}`;
  const dot = toDot(m, { name: title, letterName: (a) => names[a]!, stateLabel: (s, o) => `q${s}\nG=${o}` });
  const font = 'fontname="DejaVu Sans"';
  const svg = await dotToSvg(dot.replace('rankdir=LR;', `rankdir=LR;\n  labelloc=t;\n  label=${JSON.stringify(title)};\n  graph [${font}]; node [${font}]; edge [${font}];`));
  const rows = m.reachable().map((s) => [`q${s}`, m.output[s]!, ...names.map((_, a) => `q${m.next(s, a)}`)]);
  return {
    kind: 'automaton',
    title,
    svg,
    table: table(['state', 'G', ...names.map((n) => `on ${n}`)], rows),
    summary: {
      spec: rs.name,
      states: found.states,
      grundyValues: found.grundyValues,
      verified: found.verified,
      ...(found.counterexample ? { counterexample: found.counterexample } : {}),
      lowerBound: found.lowerBound,
      dot,
    },
  };
}
