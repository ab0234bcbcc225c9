/**
 * Transposition tables on disk, so that an interrupted solve resumes instead of starting over. The file
 * is sealed (src/core/sealed.ts): a checksum over its whole content and the problem (ruleset, board, what
 * is stored) with sprague's version, so a damaged table or one of another problem is refused naming the
 * file, never read as values. Body: packed number keys as raw Float64 then the Uint8 values (part
 * `number keys`), string keys as one JSON line (part `string keys`), or records of three Int32 key words
 * and one data byte (part `key triples`, the push-sum search). A table of gigabytes is written and read
 * in chunks, hashed on the way, never copied whole.
 */
import { InputError } from '../../core/errors.js';
import { SealedReader, SealedWriter } from '../../core/sealed.js';

const KIND = 'grids-tt';
/** Keys per chunk written (8 MiB of Float64). */
const CHUNK = 1 << 20;

type Stored = { kind: 'numbers'; keys: Float64Array; vals: Uint8Array } | { kind: 'strings'; entries: [string, number][] };

/** A table of packed number keys (below 2^53) with one-byte values. */
export interface NumberTable {
  readonly size: number;
  entries(): Iterable<[number, number]>;
}

/** Saves the table for `problem` (ruleset, board and what is stored: outcome bits or Grundy values). */
export function saveTable(path: string, problem: string, table: NumberTable | Map<string, number>): void {
  const identity = { problem };
  if (table instanceof Map) {
    const body = Buffer.from(JSON.stringify([...table.entries()]) + '\n', 'utf8');
    const w = new SealedWriter(path, KIND, 'string keys', identity, body.length);
    w.write(body);
    w.close();
    return;
  }
  const n = table.size;
  const w = new SealedWriter(path, KIND, 'number keys', identity, n * 9);
  try {
    const keys = new Float64Array(Math.min(n, CHUNK));
    const keyBytes = new Uint8Array(keys.buffer);
    const vals = new Uint8Array(n);
    let i = 0;
    for (const [k, v] of table.entries()) {
      if (i === n) throw new Error(`saveTable: the table yields more than its ${n} entries`);
      keys[i % CHUNK] = k;
      vals[i++] = v;
      if (i % CHUNK === 0) w.write(keyBytes);
    }
    if (i !== n) throw new Error(`saveTable: the table yields ${i} entries, not its ${n}`);
    if (i % CHUNK !== 0) w.write(keyBytes.subarray(0, (i % CHUNK) * 8));
    w.write(vals);
    w.close();
  } catch (e) {
    w.abort();
    throw e;
  }
}

/** The entries saved for `problem`, or undefined when the file does not exist. */
export function loadTable(path: string, problem: string): Stored | undefined {
  const r = SealedReader.open(path, KIND, { problem });
  if (!r) return undefined;
  try {
    let out: Stored;
    if (r.part === 'string keys') {
      const body = Buffer.alloc(r.bytes);
      r.read(body);
      r.finish();
      try {
        out = { kind: 'strings', entries: JSON.parse(body.toString('utf8')) as [string, number][] };
      } catch {
        throw new InputError(`checkpoint ${path}: its string keys are not JSON`);
      }
    } else if (r.part === 'number keys' && r.bytes % 9 === 0) {
      const n = r.bytes / 9;
      const keys = new Float64Array(n);
      const vals = new Uint8Array(n);
      r.read(new Uint8Array(keys.buffer));
      r.read(vals);
      r.finish();
      out = { kind: 'numbers', keys, vals };
    } else {
      throw new InputError(`checkpoint ${path} holds ${r.part} in ${r.bytes} bytes, not a transposition table`);
    }
    return out;
  } finally {
    r.close();
  }
}

/** A table of three-word keys, each with one data byte (the push-sum search's KeyTripleTable). */
export interface TripleTable {
  readonly size: number;
  entries(): Iterable<[number, number, number, number]>;
}

/** Bytes of one `key triples` record: three little-endian Int32 words, then the data byte. */
const TRIPLE = 13;

/** Saves a table of key triples for `problem`. */
export function saveTriples(path: string, problem: string, table: TripleTable): void {
  const n = table.size;
  const w = new SealedWriter(path, KIND, 'key triples', { problem }, n * TRIPLE);
  try {
    const chunk = Buffer.alloc(Math.min(n, CHUNK) * TRIPLE);
    let i = 0;
    let at = 0;
    for (const [a, b, c, d] of table.entries()) {
      if (i === n) throw new Error(`saveTriples: the table yields more than its ${n} entries`);
      chunk.writeInt32LE(a, at);
      chunk.writeInt32LE(b, at + 4);
      chunk.writeInt32LE(c, at + 8);
      chunk[at + 12] = d;
      at += TRIPLE;
      i++;
      if (at === chunk.length) {
        w.write(chunk);
        at = 0;
      }
    }
    if (i !== n) throw new Error(`saveTriples: the table yields ${i} entries, not its ${n}`);
    if (at > 0) w.write(chunk.subarray(0, at));
    w.close();
  } catch (e) {
    w.abort();
    throw e;
  }
}

/**
 * Feeds the entries saved for `problem` to `restore`; false when the file does not exist. The entries
 * are streamed, so the caller must drop what it restored if this throws (a damaged file is detected
 * only at its end, by the checksum).
 */
export function loadTriples(path: string, problem: string, restore: (a: number, b: number, c: number, d: number) => void): boolean {
  const r = SealedReader.open(path, KIND, { problem });
  if (!r) return false;
  try {
    if (r.part !== 'key triples' || r.bytes % TRIPLE !== 0) {
      throw new InputError(`checkpoint ${path} holds ${r.part} in ${r.bytes} bytes, not a table of key triples`);
    }
    const chunk = Buffer.alloc(Math.min(r.bytes, CHUNK * TRIPLE));
    for (let left = r.bytes; left > 0; ) {
      const piece = chunk.subarray(0, Math.min(left, chunk.length));
      r.read(piece);
      for (let at = 0; at < piece.length; at += TRIPLE) {
        restore(piece.readInt32LE(at), piece.readInt32LE(at + 4), piece.readInt32LE(at + 8), piece[at + 12]!);
      }
      left -= piece.length;
    }
    r.finish();
    return true;
  } finally {
    r.close();
  }
}
