/**
 * A box of P-positions on a bitset, and how a table kernel stops: the data every box kernel fills
 * (the generic table from the rules, and the kernels a family declares beside its ruleset).
 * Cell (x, y[, z]) sits at index (x (N+1) + y) (N+1) + z; kernels fill cells in that order.
 */
import { InterruptedError, LimitError } from './errors.js';
import type { KernelOptions } from './kernel.js';
import type { Stop } from './stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export type TableOptions = KernelOptions;

/**
 * P-positions of a box [0, max]^heaps: bit i set iff cell i is a P-position.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PTable {
  readonly bits: Uint32Array;
  readonly side: number;

  constructor(
    readonly heaps: number,
    readonly max: number,
  ) {
    this.side = max + 1;
    const cells = this.side ** heaps;
    // One bit per cell: 2^32 cells is 512 MiB, the most a table may take here.
    if (cells > 2 ** 32) throw new LimitError(`a table of [0,${max}]^${heaps} has ${cells} cells, more than 2^32`, 'tableCells');
    this.bits = new Uint32Array(Math.ceil(cells / 32));
  }

  get cells(): number {
    return this.side ** this.heaps;
  }

  isP(i: number): boolean {
    return (this.bits[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  setP(i: number): void {
    this.bits[i >>> 5]! |= 1 << (i & 31);
  }

  index(coords: readonly number[]): number {
    let i = 0;
    for (const c of coords) i = i * this.side + c;
    return i;
  }

  coords(i: number): number[] {
    const out = new Array<number>(this.heaps);
    for (let k = this.heaps - 1; k >= 0; k--) {
      out[k] = i % this.side;
      i = Math.floor(i / this.side);
    }
    return out;
  }

  /** Every P-position among the cells below `below` (default all), in lexicographic order. */
  *pPositions(below = this.cells): Generator<number[]> {
    const words = Math.ceil(below / 32);
    for (let w = 0; w < words; w++) {
      let word = this.bits[w]!;
      while (word !== 0) {
        const b = 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (w * 32 + b >= below) return;
        yield this.coords(w * 32 + b);
      }
    }
  }

  /**
   * The same, flat: `heaps` numbers per P-position in one Int32Array. Read in steps of 2^21 cells, between
   * which a stop throws InterruptedError({ prefix }) with the P-positions listed so far (a millions-long
   * listing is the work of a second or more).
   */
  pCoords(below = this.cells, signal?: Stop): Int32Array {
    const words = Math.ceil(below / 32);
    let count = 0;
    for (let w = 0; w < words; w++) {
      // The last word may hold cells at or past `below`.
      let word = w === words - 1 && below % 32 !== 0 ? this.bits[w]! & ((1 << below % 32) - 1) : this.bits[w]!;
      for (; word !== 0; word &= word - 1) count++;
    }
    const coords = new Int32Array(count * this.heaps);
    for (let w = 0, k = 0; k < coords.length; w++) {
      if ((w & 0xffff) === 0 && signal?.aborted) throw new InterruptedError({ prefix: coords.slice(0, k) });
      for (let word = this.bits[w]!; word !== 0 && k < coords.length; word &= word - 1) {
        let i = w * 32 + 31 - Math.clz32(word & -word);
        for (let h = this.heaps - 1; h >= 0; h--) {
          coords[k + h] = i % this.side;
          i = Math.floor(i / this.side);
        }
        k += this.heaps;
      }
    }
    return coords;
  }

  count(): number {
    let c = 0;
    for (const w of this.bits) {
      let v = w;
      while (v !== 0) {
        v &= v - 1;
        c++;
      }
    }
    return c;
  }
}

/**
 * What a table kernel keeps when stopped: its cells below `done` (lexicographic order) are final.
 * The InterruptedError's partial.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface TablePrefix {
  table: PTable;
  done: number;
}

/** The InterruptedError of a table kernel stopped with its cells below `done` final. */
export function tableStopped(table: PTable, done: number): InterruptedError {
  const prefix: TablePrefix = { table, done };
  return new InterruptedError(prefix);
}

/**
 * A stop while the table a compound is played after was built: no cell of the compound is final (the
 * inner table rides along only as a table of the right shape).
 */
export function stoppedBefore(e: unknown): unknown {
  return e instanceof InterruptedError ? tableStopped((e.partial as TablePrefix).table, 0) : e;
}

/** Progress and the stop signal, every 65,536 cells: a fraction of a second even where each cell asks the ruleset for its options. */
export function checkTableProgress(i: number, total: number, options: TableOptions, stop: () => InterruptedError): void {
  if ((i & 0xffff) !== 0) return;
  options.onProgress?.(i, total);
  if (options.signal?.aborted) throw stop();
}
