/**
 * Checkpoints of a long take-and-break run, so that a run of hours resumes where it stopped.
 *
 * A file is one JSON header line, then the values G(0..n-1) as raw little-endian bytes (1, 2 or 4 per
 * heap, as the kernel stores them). The header names the code and the kernel's rare/common class, and
 * a SHA-256 over the code, n, the class and the value bytes, so that a checkpoint is only ever read
 * back for the same game and a damaged or truncated file is refused. Files are written to a temporary
 * name and renamed: an interrupted write never leaves half a checkpoint.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { InputError } from '../../../core/errors.js';
import { hashInPieces, openRegularFile } from '../../../core/files.js';
import type { TakeAndBreakCode } from './code.js';
import type { SparseClass, Values } from './kernel.js';

const FORMAT = 'sprague-take-and-break-values';
const VERSION = 1;

export interface Checkpoint {
  /** The code's text (its identity). */
  code: string;
  /** G(0..n-1). */
  values: Values;
  /** The kernel's rare/common class when it was written. */
  sparseClass: SparseClass;
}

interface Header {
  format: string;
  version: number;
  code: string;
  n: number;
  bytesPerValue: 1 | 2 | 4;
  mask: number;
  pos: 0 | 1;
  sha256: string;
}

/** The file a checkpoint of this code gets inside a directory (`!` spelled `u` to keep names plain). */
export function checkpointFileName(code: TakeAndBreakCode): string {
  return `take-and-break-${code.text.replace(/!/g, 'u')}.values`;
}

export function checkpointPath(dir: string, code: TakeAndBreakCode): string {
  return join(dir, checkpointFileName(code));
}

/** node:crypto, loaded on first use: a run without checkpoints does not pay for it at start-up. */
let crypto: typeof import('node:crypto') | undefined;

/**
 * Bytes per read and per write (the hash takes its own pieces, hashInPieces): readFileSync refuses a file past
 * 2 GiB and writeSync a length past 2^31 - 1, which a run past 2^31 heaps (2^30 with 16-bit values) reaches.
 */
const CHUNK = 1 << 23;

function digest(code: string, n: number, cls: SparseClass, body: Uint8Array): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  const hash = crypto.createHash('sha256').update(`${code}\n${n}\n${cls.mask}\n${cls.pos}\n`);
  hashInPieces(hash, body);
  return hash.digest('hex');
}

/** Fills `into` from the file at `position`; the number of bytes read (fewer at the end of the file). */
function readAt(fd: number, into: Uint8Array, position: number): number {
  let at = 0;
  while (at < into.length) {
    const got = readSync(fd, into, at, Math.min(CHUNK, into.length - at), position + at);
    if (got === 0) break;
    at += got;
  }
  return at;
}

function bodyOf(values: Values): Uint8Array {
  // Typed arrays are little-endian on every platform Node runs on that matters here; say so if not.
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('checkpoints assume a little-endian machine');
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** Writes the checkpoint atomically (temporary file, then rename). */
export function saveCheckpoint(path: string, cp: Checkpoint): void {
  const body = bodyOf(cp.values);
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    code: cp.code,
    n: cp.values.length,
    bytesPerValue: cp.values.BYTES_PER_ELEMENT as 1 | 2 | 4,
    mask: cp.sparseClass.mask,
    pos: cp.sparseClass.pos,
    sha256: digest(cp.code, cp.values.length, cp.sparseClass, body),
  };
  const tmp = `${path}.tmp-${process.pid}`;
  // Header and values written in turn: no copy of the values (tens of megabytes in a long run).
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, JSON.stringify(header) + '\n');
    // In CHUNKs: one write of 2^31 bytes or more is refused (a run past 2^30 heaps of 16-bit values).
    for (let at = 0; at < body.length; ) at += writeSync(fd, body, at, Math.min(CHUNK, body.length - at));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/**
 * The checkpoint at `path` for this code, or undefined when there is none. Throws InputError (naming
 * the file and what is wrong) for another game's checkpoint, a damaged or truncated one.
 */
export function loadCheckpoint(path: string, code: TakeAndBreakCode): Checkpoint | undefined {
  if (!existsSync(path)) return undefined;
  // A FIFO or a device in a checkpoint's place would be read for ever: only a regular file.
  const fd = openRegularFile('checkpoint', path);
  try {
    const size = fstatSync(fd).size;
    // The header is one JSON line of well under 1 KiB.
    const head = new Uint8Array(Math.min(size, 4096));
    readAt(fd, head, 0);
    const nl = head.indexOf(10);
    let header: Header;
    try {
      header = JSON.parse(Buffer.from(head.subarray(0, nl < 0 ? head.length : nl)).toString('utf8')) as Header;
    } catch {
      throw new InputError(`checkpoint ${path}: not a sprague take-and-break checkpoint`);
    }
    if (header.format !== FORMAT || header.version !== VERSION) throw new InputError(`checkpoint ${path}: not a sprague take-and-break checkpoint (format ${header.format} v${header.version})`);
    if (header.code !== code.text) throw new InputError(`checkpoint ${path} was written for ${header.code}, not ${code.text}`);
    const bytes = header.bytesPerValue;
    if (![1, 2, 4].includes(bytes) || !Number.isSafeInteger(header.n) || header.n < 0) throw new InputError(`checkpoint ${path}: damaged header`);
    const length = size - (nl + 1);
    if (length !== header.n * bytes) throw new InputError(`checkpoint ${path}: truncated (${length} bytes for ${header.n} values of ${bytes} bytes)`);
    // Read straight into the values' own buffer: no second copy of a body of gigabytes.
    const body = new Uint8Array(length);
    if (readAt(fd, body, nl + 1) !== length) throw new InputError(`checkpoint ${path}: truncated while reading`);
    const cls: SparseClass = { mask: header.mask, pos: header.pos };
    if (digest(header.code, header.n, cls, body) !== header.sha256) throw new InputError(`checkpoint ${path}: checksum mismatch (the file is damaged)`);
    const values: Values = bytes === 1 ? body : bytes === 2 ? new Uint16Array(body.buffer) : new Int32Array(body.buffer);
    return { code: header.code, values, sparseClass: cls };
  } finally {
    closeSync(fd);
  }
}
