/**
 * Tables a researcher pastes: plain ASCII, right-aligned columns one space apart, no trailing spaces, so the
 * text goes verbatim into an email or a LaTeX verbatim block. The CLI prints them (`grundy --table`,
 * `sequence --rows`) and the explorer's "copy as text" gives the same text, from the same grids.
 */

/** A grid of cells with a label for each column and each row; `corner` heads the label column. */
export interface TextGrid {
  corner: string;
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

/**
 * The grid as lines of text: the header row, then one line per row; each column as wide as its widest cell
 * (header included), right-aligned, one space apart.
 */
export function formatTextGrid(g: TextGrid): string {
  const labelWidth = Math.max(g.corner.length, ...g.rows.map((r) => r.label.length));
  const widths = g.columns.map((h, c) => Math.max(h.length, ...g.rows.map((r) => r.cells[c]?.length ?? 0)));
  const line = (label: string, cells: readonly string[]) => [label.padStart(labelWidth), ...widths.map((w, c) => (cells[c] ?? '').padStart(w))].join(' ').trimEnd();
  return [line(g.corner, g.columns), ...g.rows.map((r) => line(r.label, r.cells))].join('\n');
}

/** An inclusive range of heap sizes, `from..to`. */
export interface HeapRange {
  from: number;
  to: number;
}

function span(r: HeapRange): number[] {
  return Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i);
}

/**
 * G(x, y) for x in `xs` (columns, left to right) and y in `ys` (rows, top to bottom), as the papers print the
 * Wythoff table; `cell` gives the text of a cell (a value, or an outcome for a misère game).
 */
export function valueGrid(xs: HeapRange, ys: HeapRange, cell: (x: number, y: number) => string | number): TextGrid {
  const columns = span(xs);
  return {
    corner: 'y\\x',
    columns: columns.map(String),
    rows: span(ys).map((y) => ({ label: String(y), cells: columns.map((x) => String(cell(x, y))) })),
  };
}

/**
 * G(0), G(1), ... in rows of `width`, each row labelled with the heap of its first value. The rows start at
 * the heaps congruent to `phase` mod `width`, so that with width = the period p and phase = preperiod mod p
 * every row from the preperiod on is one period (Flammenkamp's layout): the rows repeat from there, a
 * column holds one residue class mod p, and the first row, shorter, is padded on the left. Every value is
 * written in decimal, right-aligned to the widest value, one space apart: values past 9 need no letters.
 * Lazy (`line(r)`), so that millions of values are written as they are read.
 */
export interface SequenceRows {
  rows: number;
  /** Row r as the grid holds it: the label, and the cells ('' before heap 0). */
  row(r: number): { label: string; cells: string[] };
  /** Row r as text: `label: v v v`, the label right-aligned to the widest. */
  line(r: number): string;
}

export function sequenceRows(values: ArrayLike<number>, width: number, phase = 0): SequenceRows {
  if (!Number.isSafeInteger(width) || width < 1) throw new RangeError(`row width ${width}: want a positive integer`);
  const shift = ((phase % width) + width) % width;
  const first = shift === 0 ? 0 : shift - width; // the first row's start, <= 0 (heaps below 0 are blank cells)
  const rows = values.length === 0 ? 0 : Math.ceil((values.length - first) / width);
  let largest = 0;
  for (let n = 0; n < values.length; n++) if (values[n]! > largest) largest = values[n]!;
  const cellWidth = String(largest).length;
  const labelWidth = String(Math.max(0, first + (rows - 1) * width)).length + 1;
  const row = (r: number) => {
    const start = first + r * width;
    const cells: string[] = [];
    for (let n = start; n < Math.min(start + width, values.length); n++) cells.push(n < 0 ? '' : String(values[n]));
    return { label: String(Math.max(0, start)), cells };
  };
  return {
    rows,
    row,
    line(r) {
      const { label, cells } = row(r);
      return [`${label}:`.padStart(labelWidth), ...cells.map((c) => c.padStart(cellWidth))].join(' ').trimEnd();
    },
  };
}

/** All the rows as text, one line each. */
export function sequenceRowsText(s: SequenceRows): string {
  return Array.from({ length: s.rows }, (_, r) => s.line(r)).join('\n');
}
