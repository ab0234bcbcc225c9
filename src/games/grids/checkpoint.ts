/**
 * Transposition tables on disk, so that an interrupted solve resumes instead of starting over.
 * Format: a JSON header line (what was being solved, how many entries), then the entries: packed
 * number keys as raw Float64 + Uint8 arrays, string keys as one JSON line.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError } from '../../core/errors.js';

export interface CheckpointHeader {
  readonly format: 'sprague-grids-tt';
  readonly version: 1;
  /** Ruleset, board and what is stored (outcome bits or Grundy values): a checkpoint is only reused for the same. */
  readonly problem: string;
}

type Stored = { kind: 'numbers'; keys: Float64Array; vals: Uint8Array } | { kind: 'strings'; entries: [string, number][] };

/** A table of packed number keys (below 2^53) with one-byte values. */
export interface NumberTable {
  readonly size: number;
  entries(): Iterable<[number, number]>;
}

export function saveTable(path: string, problem: string, table: NumberTable | Map<string, number>): void {
  const header: CheckpointHeader & { keyType: string; count: number } = {
    format: 'sprague-grids-tt',
    version: 1,
    problem,
    keyType: table instanceof Map ? 'string' : 'number',
    count: table.size,
  };
  const head = Buffer.from(JSON.stringify(header) + '\n', 'utf8');
  let body: Buffer;
  if (table instanceof Map) body = Buffer.from(JSON.stringify([...table.entries()]) + '\n', 'utf8');
  else {
    const keys = new Float64Array(table.size);
    const vals = new Uint8Array(table.size);
    let i = 0;
    for (const [k, v] of table.entries()) {
      keys[i] = k;
      vals[i++] = v;
    }
    body = Buffer.concat([Buffer.from(keys.buffer, 0, i * 8), Buffer.from(vals.buffer, 0, i)]);
  }
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, Buffer.concat([head, body]));
  renameSync(tmp, path);
}

/** The entries saved for `problem`, or undefined when the file does not exist. */
export function loadTable(path: string, problem: string): Stored | undefined {
  if (!existsSync(path)) return undefined;
  const buf = readFileSync(path);
  const nl = buf.indexOf(10);
  let header: CheckpointHeader & { keyType: string; count: number };
  try {
    header = JSON.parse(buf.subarray(0, nl).toString('utf8'));
  } catch {
    throw new InputError(`checkpoint ${path}: not a sprague grids checkpoint`);
  }
  if (header.format !== 'sprague-grids-tt' || header.version !== 1) {
    throw new InputError(`checkpoint ${path}: not a sprague grids checkpoint`);
  }
  if (header.problem !== problem) {
    throw new InputError(`checkpoint ${path} was written for ${header.problem}, not ${problem}`);
  }
  const body = buf.subarray(nl + 1);
  if (header.keyType === 'string') return { kind: 'strings', entries: JSON.parse(body.toString('utf8')) };
  const n = header.count;
  if (body.length !== n * 9) throw new InputError(`checkpoint ${path}: truncated (${body.length} bytes for ${n} entries)`);
  const keys = new Float64Array(n);
  new Uint8Array(keys.buffer).set(body.subarray(0, n * 8));
  const vals = new Uint8Array(body.subarray(n * 8, n * 9));
  return { kind: 'numbers', keys, vals };
}
