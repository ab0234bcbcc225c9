/**
 * The box [0, max]^n with positions packed into integers, x_n varying fastest, so packed order is
 * lexicographic order and, for p <= x coordinate-wise, index(x - p) = index(x) - index(p).
 */
import { LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';

/** Largest box built by default: a membership bitmap of this many bytes. */
export const DEFAULT_MAX_CELLS = limitDefault('boxCells');

export class Box {
  readonly side: number;
  readonly cells: number;
  /** strides[i] = side^(n-1-i). */
  readonly strides: readonly number[];

  constructor(
    readonly dimension: number,
    readonly max: number,
    maxCells = DEFAULT_MAX_CELLS,
  ) {
    if (!Number.isInteger(dimension) || dimension < 1) throw new RangeError(`bad dimension ${dimension}`);
    if (!Number.isInteger(max) || max < 0) throw new RangeError(`bad box bound ${max}`);
    this.side = max + 1;
    this.cells = this.side ** dimension;
    if (this.cells > maxCells) {
      throw new LimitError(`the box [0,${max}]^${dimension} has ${this.cells} cells, more than ${maxCells}`, 'boxCells');
    }
    const strides: number[] = [];
    for (let i = 0; i < dimension; i++) strides.push(this.side ** (dimension - 1 - i));
    this.strides = strides;
  }

  contains(p: readonly number[]): boolean {
    return p.length === this.dimension && p.every((x) => x >= 0 && x <= this.max);
  }

  index(p: readonly number[]): number {
    let idx = 0;
    for (let i = 0; i < this.dimension; i++) idx = idx * this.side + p[i]!;
    return idx;
  }

  point(index: number): number[] {
    const p = new Array<number>(this.dimension);
    for (let i = this.dimension - 1; i >= 0; i--) {
      p[i] = index % this.side;
      index = Math.floor(index / this.side);
    }
    return p;
  }

  /** Coordinates of every packed index, flat: coords[k n + i] is coordinate i of the k-th index. */
  coordinates(indices: Int32Array): Int32Array {
    const n = this.dimension;
    const out = new Int32Array(indices.length * n);
    for (let k = 0; k < indices.length; k++) {
      let idx = indices[k]!;
      for (let i = n - 1; i >= 0; i--) {
        out[k * n + i] = idx % this.side;
        idx = Math.floor(idx / this.side);
      }
    }
    return out;
  }
}

/** The packed indices of the members of a bitmap, in increasing (lexicographic) order. */
export function membersOf(member: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < member.length; i++) count += member[i]!;
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < member.length; i++) if (member[i]) out[k++] = i;
  return out;
}

/** The bitmap of a smaller box [0,max]^n cut out of a bitmap over `from`. */
export function restrict(member: Uint8Array, from: Box, to: Box): Uint8Array {
  if (to.max > from.max || to.dimension !== from.dimension) throw new RangeError('can only restrict to a smaller box');
  const out = new Uint8Array(to.cells);
  for (let idx = 0; idx < to.cells; idx++) if (member[from.index(to.point(idx))]) out[idx] = 1;
  return out;
}
