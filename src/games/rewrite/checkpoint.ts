/**
 * Resumable enumeration: each finished length is written to a directory (its values, one byte per
 * word, in `length-NN.bin`, and the statistics of every finished length in meta.json); a rerun with
 * the same rules loads them and continues from the next length. Every file is sealed
 * (src/core/sealed.ts): a checksum over its whole content, the rules and sprague's version, and which
 * length it holds; a file that does not match is refused naming it, never read as values. Files are
 * written to a temporary name and renamed, so an interrupted write never leaves half a length behind.
 */
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import { type Identity, SealedReader, makeDirectory, readSealed, writeSealed } from '../../core/sealed.js';
import type { LengthStats } from './enumerate.js';
import { type RewriteRule, formatRule } from './rules.js';

const KIND = 'rewrite-lengths';

/**
 * @remarks Since 0.1.0
 * @beta
 */
export class DirectoryCheckpoint {
  /** What the values are values of: the rules (no option changes a value). */
  private readonly identity: Identity;
  private done: LengthStats[] = [];
  private made = false;

  constructor(
    readonly dir: string,
    rules: readonly RewriteRule[],
  ) {
    this.identity = { rules: rules.map(formatRule).join(',') };
  }

  private get metaPath(): string {
    return join(this.dir, 'meta.json');
  }

  private lengthPath(n: number): string {
    return join(this.dir, `length-${String(n).padStart(2, '0')}.bin`);
  }

  /** The finished lengths, or undefined for a new directory. Refuses a directory of other rules or a damaged file. */
  resume(): { stats: LengthStats[]; load(length: number, into: Uint8Array): void } | undefined {
    // Made now, so that a folder that cannot be made is refused before any work.
    this.makeDirectory();
    const meta = readSealed(this.metaPath, KIND, this.identity, this.dir);
    if (!meta) return undefined;
    if (meta.part !== 'meta') throw new InputError(`checkpoint ${this.metaPath} holds ${meta.part}, not the statistics`);
    let lengths: LengthStats[];
    try {
      lengths = (JSON.parse(meta.body.toString('utf8')) as { lengths: LengthStats[] }).lengths;
    } catch {
      throw new InputError(`checkpoint ${this.metaPath}: not a readable meta.json`);
    }
    if (!Array.isArray(lengths) || lengths.some((s, n) => s?.length !== n)) throw new InputError(`checkpoint ${this.metaPath}: its lengths are not 0, 1, 2, ...`);
    // Every length file is checked now, before the caller reports the statistics read back as results.
    for (const s of lengths) this.withLength(s.length, s.words, (r) => r.verify());
    this.done = lengths.slice();
    return {
      stats: lengths,
      load: (n, into) =>
        this.withLength(n, into.length, (r) => {
          r.read(into);
          r.finish();
        }),
    };
  }

  /** Opens length n's file, checks what it holds, and hands it to `use`. */
  private withLength(n: number, bytes: number, use: (r: SealedReader) => void): void {
    const path = this.lengthPath(n);
    const r = SealedReader.open(path, KIND, this.identity, this.dir);
    if (!r) throw new InputError(`checkpoint ${this.dir}: ${path} is missing`);
    try {
      if (r.part !== `length ${n}`) throw new InputError(`checkpoint ${path} holds ${r.part}, not length ${n}`);
      if (r.bytes !== bytes) throw new InputError(`checkpoint ${path}: ${r.bytes} bytes, expected ${bytes}`);
      use(r);
    } finally {
      r.close();
    }
  }

  private makeDirectory(): void {
    if (!this.made) makeDirectory(this.dir);
    this.made = true;
  }

  /** Records one finished length (lengths arrive in order, after those already saved). */
  save(stats: LengthStats, values: Uint8Array): void {
    this.makeDirectory();
    writeSealed(this.lengthPath(stats.length), KIND, `length ${stats.length}`, this.identity, values);
    this.done = [...this.done.slice(0, stats.length), stats];
    writeSealed(this.metaPath, KIND, 'meta', this.identity, Buffer.from(JSON.stringify({ lengths: this.done }), 'utf8'));
  }
}
