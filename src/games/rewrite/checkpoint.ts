/**
 * Resumable enumeration: each finished length is written to a directory (its values, one byte per
 * word, and the statistics in meta.json); a rerun with the same rules loads them and continues from
 * the next length. Files are written to a temporary name and renamed, so an interrupted write never
 * leaves a half-written length behind.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, openSync, readSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';
import type { LengthStats } from './enumerate.js';
import { type RewriteRule, formatRule } from './rules.js';

interface Meta {
  format: 1;
  rules: string;
  lengths: LengthStats[];
}

export class DirectoryCheckpoint {
  private readonly rules: string;
  private done: LengthStats[] = [];

  constructor(
    readonly dir: string,
    rules: readonly RewriteRule[],
  ) {
    this.rules = rules.map(formatRule).join(',');
  }

  private get metaPath(): string {
    return join(this.dir, 'meta.json');
  }

  private lengthPath(n: number): string {
    return join(this.dir, `length-${String(n).padStart(2, '0')}.bin`);
  }

  /** The finished lengths, or undefined for a new directory. Refuses a directory of other rules. */
  resume(): { stats: LengthStats[]; load(length: number, into: Uint8Array): void } | undefined {
    if (!existsSync(this.metaPath)) return undefined;
    let meta: Meta;
    try {
      meta = JSON.parse(readFileSync(this.metaPath, 'utf8')) as Meta;
    } catch {
      throw new InputError(`checkpoint ${this.metaPath}: not a readable meta.json`);
    }
    if (meta.format !== 1 || !Array.isArray(meta.lengths)) throw new InputError(`checkpoint ${this.metaPath}: unknown format`);
    if (meta.rules !== this.rules) {
      throw new InputError(`checkpoint ${this.dir} holds the rules ${meta.rules}, not ${this.rules}`);
    }
    this.done = meta.lengths.slice();
    return {
      stats: meta.lengths,
      load: (n, into) => {
        const path = this.lengthPath(n);
        if (!existsSync(path)) throw new InputError(`checkpoint ${this.dir}: ${path} is missing`);
        const fd = openSync(path, 'r');
        try {
          const got = readSync(fd, into, 0, into.length, 0);
          if (got !== into.length) throw new InputError(`checkpoint ${path}: ${got} bytes, expected ${into.length}`);
        } finally {
          closeSync(fd);
        }
      },
    };
  }

  /** Records one finished length (lengths arrive in order, after those already saved). */
  save(stats: LengthStats, values: Uint8Array): void {
    mkdirSync(this.dir, { recursive: true });
    const path = this.lengthPath(stats.length);
    writeFileSync(`${path}.tmp`, values);
    renameSync(`${path}.tmp`, path);
    this.done = [...this.done.slice(0, stats.length), stats];
    const meta: Meta = { format: 1, rules: this.rules, lengths: this.done };
    writeFileSync(`${this.metaPath}.tmp`, JSON.stringify(meta));
    renameSync(`${this.metaPath}.tmp`, this.metaPath);
  }
}
