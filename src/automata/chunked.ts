/**
 * Growable typed arrays in fixed chunks, for tables of hundreds of millions of entries: growing one
 * flat array by doubling holds the old and the new copy at once (6 GB for a 4 GB table), a chunked
 * one only ever adds a chunk. Indices up to 2^53.
 */
type Typed = Int32Array | Float64Array | Uint8Array;

const SIZE = 1 << 22;

export class ChunkedArray<T extends Typed> {
  private chunks: T[] = [];

  constructor(private readonly make: (length: number) => T) {}

  get(i: number): number {
    const c = (i / SIZE) | 0;
    return this.chunks[c]![i - c * SIZE]!;
  }

  /** Sets entry i, adding chunks up to it. */
  set(i: number, value: number): void {
    const c = (i / SIZE) | 0;
    while (this.chunks.length <= c) this.chunks.push(this.make(SIZE));
    this.chunks[c]![i - c * SIZE] = value;
  }

  /** Copies entries [at, at + length) into `into` from 0. */
  read(at: number, length: number, into: T): void {
    for (let done = 0; done < length; ) {
      const c = ((at + done) / SIZE) | 0;
      const from = at + done - c * SIZE;
      const take = Math.min(length - done, SIZE - from);
      into.set(this.chunks[c]!.subarray(from, from + take) as never, done);
      done += take;
    }
  }

  /** Writes src[0, length) to entries [at, at + length), adding chunks as needed. */
  write(at: number, src: T, length: number): void {
    for (let done = 0; done < length; ) {
      const c = ((at + done) / SIZE) | 0;
      while (this.chunks.length <= c) this.chunks.push(this.make(SIZE));
      const from = at + done - c * SIZE;
      const take = Math.min(length - done, SIZE - from);
      this.chunks[c]!.set(src.subarray(done, done + take) as never, from);
      done += take;
    }
  }

  /** Drops every chunk (the memory goes back once nothing else holds them). */
  clear(): void {
    this.chunks = [];
  }
}
