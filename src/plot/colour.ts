/**
 * Colour maps. Values run from blue (small) through yellow to red (large), the palette of
 * push-the-button, Figure 2; series colours are distinguishable in print and for colour-blind readers.
 */

const HEAT: readonly [number, number, number][] = [
  [48, 18, 59],
  [50, 100, 220],
  [40, 180, 220],
  [60, 220, 120],
  [200, 230, 50],
  [250, 185, 40],
  [240, 100, 30],
  [180, 20, 10],
];

/** The heat colour of t in [0, 1] as `#rrggbb`. */
export function heatColour(t: number): string {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (HEAT.length - 1);
  const i = Math.min(HEAT.length - 2, Math.floor(x));
  const f = x - i;
  const a = HEAT[i]!;
  const b = HEAT[i + 1]!;
  const c = [0, 1, 2].map((j) => Math.round(a[j]! + (b[j]! - a[j]!) * f));
  return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
}

/** P-positions (G = 0) in a heat map: black, apart from the palette, so they never pass for small values. */
export const P_COLOUR = '#000000';
/** Cells not computed (an interrupted picture). */
export const UNKNOWN_COLOUR = '#dddddd';

/**
 * The colour of a Grundy value v in a heat map whose largest value is `hi`: black for 0 (a P-position),
 * then blue (1) through yellow to red (hi), leaving out the palette's near-black first stop.
 */
export function valueColour(v: number, hi: number): string {
  if (v < 0) return UNKNOWN_COLOUR;
  if (v === 0) return P_COLOUR;
  const first = 1 / (HEAT.length - 1);
  return heatColour(hi <= 1 ? first : first + ((1 - first) * (v - 1)) / (hi - 1));
}

/** Series colours (Okabe–Ito). */
export const SERIES = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'];

/** A distinct colour per category (Grundy value) for the stacked count charts. */
export function categoryColour(i: number, of: number): string {
  return heatColour(of <= 1 ? 0 : i / (of - 1));
}

/**
 * The colours of a heat map drawn as an indexed image (png.ts: at most 256 colours), whose largest value is
 * `hi`: index 0 for a cell not computed, 1 for a P-position, and the values 1..hi from index 2 on, each in
 * its valueColour while they fit (hi <= 254), else in 254 bands of equal width, each in the colour of its
 * middle. `indexOf(v)` is a cell's index (v < 0: not computed).
 */
export function valuePalette(hi: number): { colours: Uint8Array; indexOf: (v: number) => number } {
  const bands = Math.min(254, Math.max(1, hi));
  const colours = new Uint8Array(3 * (2 + bands));
  const put = (i: number, hex: string) => colours.set([1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)), 3 * i);
  put(0, UNKNOWN_COLOUR);
  put(1, P_COLOUR);
  for (let b = 0; b < bands; b++) put(2 + b, valueColour(hi <= 254 ? b + 1 : 1 + ((b + 0.5) * (hi - 1)) / bands, hi));
  const indexOf = (v: number): number => (v < 0 ? 0 : v === 0 ? 1 : hi <= 254 ? v + 1 : 2 + Math.min(bands - 1, Math.floor(((v - 1) * bands) / (hi - 1))));
  return { colours, indexOf };
}
