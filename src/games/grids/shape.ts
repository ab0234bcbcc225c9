/**
 * Packed shapes for the hot loops: a board as row masks (bit c of rows[r] = cell (r, c) empty),
 * width and height at most 30. Symmetries, cropping, splitting into components and a canonical key.
 */
import { type Board, isEmptyCell } from './board.js';

export interface Shape {
  readonly h: number;
  readonly w: number;
  readonly rows: number[];
}

export const MAX_SHAPE_SIDE = 30;

export function shapeOf(b: Board): Shape {
  const rows: number[] = [];
  for (let r = 0; r < b.rows; r++) {
    let m = 0;
    for (let c = 0; c < b.cols; c++) if (isEmptyCell(b, r, c)) m |= 1 << c;
    rows.push(m);
  }
  return { h: b.rows, w: b.cols, rows };
}

function reverseBits(m: number, w: number): number {
  let out = 0;
  for (let c = 0; c < w; c++) if ((m >>> c) & 1) out |= 1 << (w - 1 - c);
  return out;
}

/** The shape cut down to the bounding box of its empty cells (0 x 0 when none). */
export function crop(s: Shape): Shape {
  let top = 0;
  while (top < s.h && s.rows[top] === 0) top++;
  if (top === s.h) return { h: 0, w: 0, rows: [] };
  let bottom = s.h - 1;
  while (s.rows[bottom] === 0) bottom--;
  let all = 0;
  for (let r = top; r <= bottom; r++) all |= s.rows[r]!;
  const low = 31 - Math.clz32(all & -all);
  const high = 31 - Math.clz32(all);
  const rows: number[] = [];
  for (let r = top; r <= bottom; r++) rows.push(s.rows[r]! >>> low);
  return { h: bottom - top + 1, w: high - low + 1, rows };
}

/** Splits the empty cells into 4-connected components (each cropped). */
export function splitComponents(s: Shape): Shape[] {
  const left = s.rows.slice();
  const out: Shape[] = [];
  for (let r0 = 0; r0 < s.h; r0++) {
    while (left[r0] !== 0) {
      const comp = new Array<number>(s.h).fill(0);
      comp[r0] = left[r0]! & -left[r0]!;
      let changed = true;
      while (changed) {
        changed = false;
        for (let r = r0; r < s.h; r++) {
          const grow = (comp[r]! | (comp[r]! << 1) | (comp[r]! >>> 1) | (r > 0 ? comp[r - 1]! : 0) | (r + 1 < s.h ? comp[r + 1]! : 0)) & left[r]!;
          // Horizontal runs fill in one step: repeat the shift until the row stops growing.
          let g = grow;
          for (;;) {
            const more = (g | (g << 1) | (g >>> 1)) & left[r]!;
            if (more === g) break;
            g = more;
          }
          if (g !== comp[r]) {
            comp[r] = g;
            changed = true;
          }
        }
        for (let r = s.h - 1; r >= r0; r--) {
          const g = (comp[r]! | (r + 1 < s.h ? comp[r + 1]! & left[r]! : 0)) & left[r]!;
          if (g !== comp[r]) {
            comp[r] = g;
            changed = true;
          }
        }
      }
      for (let r = r0; r < s.h; r++) left[r] = left[r]! & ~comp[r]!;
      out.push(crop({ h: s.h, w: s.w, rows: comp }));
    }
  }
  return out;
}

export function flipRows(s: Shape): Shape {
  return { h: s.h, w: s.w, rows: s.rows.slice().reverse() };
}

export function flipCols(s: Shape): Shape {
  return { h: s.h, w: s.w, rows: s.rows.map((m) => reverseBits(m, s.w)) };
}

export function transposeShape(s: Shape): Shape {
  const rows = new Array<number>(s.w).fill(0);
  for (let r = 0; r < s.h; r++) for (let c = 0; c < s.w; c++) if ((s.rows[r]! >>> c) & 1) rows[c]! |= 1 << r;
  return { h: s.w, w: s.h, rows };
}

export function shapeKey(s: Shape): string {
  let k = String.fromCharCode(s.h, s.w);
  for (const m of s.rows) k += String.fromCharCode(m & 0xffff, m >>> 16);
  return k;
}

/**
 * The least key over the given symmetries: 8 (the dihedral group of the square, for games that do not
 * tell vertical from horizontal, like CRAM) or 4 (reflections only, for DOMINEERING and PUSH CRAM).
 */
export function canonicalKey(s: Shape, withTranspose: boolean): string {
  const variants: Shape[] = [s, flipRows(s), flipCols(s), flipRows(flipCols(s))];
  if (withTranspose) for (const v of variants.slice()) variants.push(transposeShape(v));
  let best = shapeKey(variants[0]!);
  for (let i = 1; i < variants.length; i++) {
    const k = shapeKey(variants[i]!);
    if (k < best) best = k;
  }
  return best;
}
