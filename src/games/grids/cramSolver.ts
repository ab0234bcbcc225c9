/**
 * CRAM values by Sprague–Grundy on components: a board's value is the XOR of its connected
 * components' values (push-the-button, Proposition 1.3.3), each component memoised under the 8
 * symmetries of the square, and 1 x n lines read off the octal game 0.07 (section 5).
 */
import { LimitError } from '../../core/errors.js';
import { type Board, components } from './board.js';
import { SearchClock } from './clock.js';
import { octal007 } from './octal007.js';
import { MAX_SHAPE_SIDE, type Shape, canonicalKey, shapeOf, splitComponents } from './shape.js';
import type { Stop } from '../../core/stop.js';

export interface CramSearchOptions {
  signal?: Stop | undefined;
  /** A shared flag (element 0 non-zero = stop), as for PushCramSearch. */
  interrupt?: Int32Array | undefined;
  onProgress?: ((p: { nodes: number; entries: number }) => void) | undefined;
  onCheckpoint?: () => void;
  checkpointEveryMs?: number;
}

export class CramSearch {
  /** Canonical component key -> Grundy value. */
  readonly table = new Map<string, number>();
  nodes = 0;
  private readonly clock: SearchClock<{ nodes: number; entries: number }>;

  constructor(options: CramSearchOptions = {}) {
    this.clock = new SearchClock(options, () => ({ nodes: this.nodes, entries: this.table.size }));
  }

  /** The Grundy value of a whole board. */
  grundy(b: Board): number {
    let v = 0;
    for (const part of components(b)) v ^= this.componentOfBoard(part);
    return v;
  }

  private componentOfBoard(b: Board): number {
    if (b.rows === 1 || b.cols === 1) return octal007(b.rows * b.cols);
    if (b.rows > MAX_SHAPE_SIDE || b.cols > MAX_SHAPE_SIDE) {
      throw new LimitError(`CRAM components wider or taller than ${MAX_SHAPE_SIDE} cells are not supported`, 'boardSize');
    }
    return this.component(shapeOf(b));
  }

  /** The Grundy value of a shape that may have several components. */
  shapeGrundy(s: Shape): number {
    let v = 0;
    for (const part of splitComponents(s)) v ^= this.component(part);
    return v;
  }

  /** A connected, cropped shape. */
  private component(s: Shape): number {
    // A straight line is a heap of the octal game 0.07 (section 5).
    if (s.h === 1) return octal007(s.w);
    if (s.w === 1) return octal007(s.h);
    if ((++this.nodes & 0xfff) === 0) this.clock.tick();
    const key = canonicalKey(s, true);
    const known = this.table.get(key);
    if (known !== undefined) return known;
    const seen: boolean[] = [];
    const rows = s.rows.slice();
    for (let r = 0; r < s.h; r++) {
      const m = s.rows[r]!;
      // Horizontal dominoes: adjacent empty pairs within the row.
      for (let pairs = m & (m >>> 1); pairs !== 0; pairs &= pairs - 1) {
        const bit = pairs & -pairs;
        rows[r] = m & ~(bit | (bit << 1));
        seen[this.shapeGrundy({ h: s.h, w: s.w, rows })] = true;
      }
      rows[r] = m;
      if (r + 1 < s.h) {
        const below = s.rows[r + 1]!;
        for (let pairs = m & below; pairs !== 0; pairs &= pairs - 1) {
          const bit = pairs & -pairs;
          rows[r] = m & ~bit;
          rows[r + 1] = below & ~bit;
          seen[this.shapeGrundy({ h: s.h, w: s.w, rows })] = true;
        }
        rows[r] = m;
        rows[r + 1] = below;
      }
    }
    let mex = 0;
    while (seen[mex]) mex++;
    this.table.set(key, mex);
    return mex;
  }

  /** Saves the table through `save` every `everyMs` milliseconds while searching. */
  setCheckpoint(save: () => void, everyMs = 60_000): void {
    this.clock.setCheckpoint(save, everyMs);
  }
}
