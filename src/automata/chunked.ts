/**
 * Growable typed arrays in fixed chunks, for tables of hundreds of millions of entries: growing one
 * flat array by doubling holds the old and the new copy at once (6 GB for a 4 GB table), a chunked
 * one only ever adds a chunk. Indices below 2^31.
 */
import { LimitError } from '../core/errors.js';

type Typed = Int32Array | Float64Array | Uint8Array;

const BITS = 22;
const SIZE = 1 << BITS;
const MASK = SIZE - 1;

export class ChunkedArray<T extends Typed> {
  private chunks: T[] = [];

  constructor(private readonly make: (length: number) => T) {}

  get(i: number): number {
    return this.chunks[i >> BITS]![i & MASK]!;
  }

  /** Sets entry i, adding chunks up to it. */
  set(i: number, value: number): void {
    if (i >= 2 ** 31) throw new LimitError('a chunked table passed 2^31 entries', 'max-states', i);
    const c = i >> BITS;
    while (this.chunks.length <= c) this.chunks.push(this.make(SIZE));
    this.chunks[c]![i & MASK] = value;
  }

  /** Drops every chunk (the memory goes back once nothing else holds them). */
  clear(): void {
    this.chunks = [];
  }
}
