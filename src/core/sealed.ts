/**
 * Checkpoint files that are never trusted blindly. Every file is framed as
 *
 *   {"sprague-checkpoint":1,"kind":K,"part":P,"identity":{...,"version":V},"bytes":N}\n   a header line
 *   N bytes                                                                                 the body
 *   sha256:<64 hex digits>\n                                                                over both
 *
 * and is read back only for the same kind (which checkpoint format), the same identity (what was being
 * computed, with which options, by which version of sprague) and a matching checksum; the part (which
 * length, which stage) is left to the caller to check. Anything else is an InputError naming the file,
 * never a result. The checksum guards against damage and mix-ups, not against someone forging a file.
 * Bodies are hashed in chunks as they are written and read, so a table of gigabytes is never copied.
 */
import { createHash, type Hash } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from './errors.js';
import { hashInPieces, openRegularFile } from './files.js';
import { codeVersion } from './version.js';

const MAGIC = '{"sprague-checkpoint":1,';
const TRAILER = 'sha256:'.length + 64 + 1;
/** Longest header line read (identities hold a spec or a board, far shorter). */
const MAX_HEADER = 1 << 20;
/** Bytes hashed and moved per system call. */
const CHUNK = 1 << 23;

/** What a checkpoint was computed for; `version` is added from package.json. */
export type Identity = Readonly<Record<string, string | number | boolean | null>>;

interface Header {
  'sprague-checkpoint': 1;
  kind: string;
  part: string;
  identity: Record<string, unknown>;
  bytes: number;
}

export { codeVersion };

function fullIdentity(identity: Identity): Record<string, unknown> {
  return { ...identity, version: codeVersion() };
}

function fsReason(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
}

/**
 * Creates `dir` and its missing parents one level at a time. Node's recursive mkdir never returns under
 * /proc (it retries ENOENT forever); one level at a time, such a folder is a plain error.
 */
export function makeDirectory(dir: string, what = 'checkpoint folder'): void {
  const full = resolve(dir);
  const missing: string[] = [];
  let at = full;
  while (!existsSync(at)) {
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (existsSync(at) && !statSync(at).isDirectory()) throw new InputError(`${what} ${dir}: ${at} is not a folder`);
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      throw new InputError(`cannot create the ${what} ${dir}: ${fsReason(e)} at ${d}`);
    }
  }
}

/**
 * Refuses up front a checkpoint file that could not be written when the work is done: no folder to hold
 * it, or something other than a file in its place.
 */
export function checkCheckpointFile(path: string): void {
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(`checkpoint ${path}: no folder ${dir} to hold it`);
  if (existsSync(path) && !statSync(path).isFile()) throw new InputError(`checkpoint ${path} is not a file`);
  try {
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new InputError(`checkpoint ${path}: cannot write in ${dir} (${fsReason(e)})`);
  }
}

/** Writes a sealed file through a temporary name, hashing the body as it goes; `bytes` is known up front. */
export class SealedWriter {
  private readonly tmp: string;
  private readonly fd: number;
  private readonly hash: Hash = createHash('sha256');
  private written = 0;

  constructor(
    readonly path: string,
    kind: string,
    part: string,
    identity: Identity,
    readonly bytes: number,
  ) {
    this.tmp = `${path}.tmp-${process.pid}`;
    const header: Header = { 'sprague-checkpoint': 1, kind, part, identity: fullIdentity(identity), bytes };
    try {
      this.fd = openSync(this.tmp, 'w');
    } catch (e) {
      throw new InputError(`cannot write the checkpoint ${path}: ${fsReason(e)}`);
    }
    this.put(Buffer.from(JSON.stringify(header) + '\n', 'utf8'));
  }

  private put(bytes: Uint8Array, hashed = true): void {
    // A G_5 layer pass's stage passed the 2^31 bytes one hash update takes.
    if (hashed) hashInPieces(this.hash, bytes);
    try {
      for (let off = 0; off < bytes.length; ) off += writeSync(this.fd, bytes, off, Math.min(CHUNK, bytes.length - off));
    } catch (e) {
      this.abort();
      throw new InputError(`cannot write the checkpoint ${this.path}: ${fsReason(e)}`);
    }
  }

  write(chunk: Uint8Array): void {
    this.written += chunk.length;
    if (this.written > this.bytes) throw new Error(`sealed ${this.path}: more than the ${this.bytes} bytes announced`);
    this.put(chunk);
  }

  /** Seals the file and puts it in place. */
  close(): void {
    if (this.written !== this.bytes) {
      this.abort();
      throw new Error(`sealed ${this.path}: ${this.written} bytes written, ${this.bytes} announced`);
    }
    this.put(Buffer.from(`sha256:${this.hash.digest('hex')}\n`, 'latin1'), false);
    try {
      fsyncSync(this.fd);
      closeSync(this.fd);
      renameSync(this.tmp, this.path);
    } catch (e) {
      this.abort();
      throw new InputError(`cannot write the checkpoint ${this.path}: ${fsReason(e)}`);
    }
  }

  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    try {
      unlinkSync(this.tmp);
    } catch {
      // never created or already gone
    }
  }
}

/** Writes a sealed file whose body is in memory. */
export function writeSealed(path: string, kind: string, part: string, identity: Identity, body: Uint8Array): void {
  const w = new SealedWriter(path, kind, part, identity, body.length);
  w.write(body);
  w.close();
}

/**
 * Reads a sealed file: the header is checked on opening, the body is hashed as `read` moves it, and
 * `finish` compares the checksum. Nothing read may be used before `finish` returns.
 */
export class SealedReader {
  readonly part: string;
  readonly bytes: number;
  private readonly hash: Hash = createHash('sha256');
  private offset: number;
  private readonly end: number;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly owner: string,
    private readonly fd: number,
    header: Header,
    headerBytes: Buffer,
  ) {
    this.part = header.part;
    this.bytes = header.bytes;
    this.hash.update(headerBytes);
    this.offset = headerBytes.length;
    this.end = this.offset + header.bytes;
  }

  /**
   * Opens `path` for `kind` and `identity`, or undefined when there is no such file. `owner` is what to
   * delete when the file predates the checksum (its checkpoint folder, or the file itself).
   */
  static open(path: string, kind: string, identity: Identity, owner = path): SealedReader | undefined {
    if (!existsSync(path)) return undefined;
    // A FIFO or a device in a checkpoint's place would be read for ever: only a regular file.
    const fd = openRegularFile('checkpoint', path);
    try {
      const size = fstatSync(fd).size;
      const head = Buffer.alloc(Math.min(size, MAX_HEADER));
      readFully(fd, head, 0, path, owner);
      const nl = head.indexOf(10);
      if (!head.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)) || nl < 0) {
        throw new InputError(`checkpoint ${path} has no checksum: it is not a sprague checkpoint, or an older sprague wrote it; name another file, or if it is an old checkpoint, delete ${owner} and run again`);
      }
      let header: Header;
      try {
        header = JSON.parse(head.subarray(0, nl).toString('utf8')) as Header;
      } catch {
        throw damaged(path, owner);
      }
      if (typeof header.kind !== 'string' || typeof header.part !== 'string' || !Number.isSafeInteger(header.bytes) || header.bytes < 0 || typeof header.identity !== 'object' || !header.identity) {
        throw damaged(path, owner);
      }
      if (header.kind !== kind) throw new InputError(`checkpoint ${path} is a ${header.kind} checkpoint, not a ${kind} one`);
      const want = fullIdentity(identity);
      for (const key of new Set([...Object.keys(want), ...Object.keys(header.identity)])) {
        if (header.identity[key] !== want[key]) {
          throw new InputError(`checkpoint ${path} was written for ${key} ${JSON.stringify(header.identity[key] ?? null)}, not ${JSON.stringify(want[key] ?? null)}`);
        }
      }
      if (size !== nl + 1 + header.bytes + TRAILER) throw damaged(path, owner);
      return new SealedReader(path, owner, fd, header, head.subarray(0, nl + 1));
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  }

  /** The next `into.length` bytes of the body. */
  read(into: Uint8Array): void {
    if (this.offset + into.length > this.end) throw damaged(this.path, this.owner);
    for (let off = 0; off < into.length; off += CHUNK) {
      const piece = into.subarray(off, Math.min(into.length, off + CHUNK));
      readFully(this.fd, piece, this.offset, this.path, this.owner);
      this.hash.update(piece);
      this.offset += piece.length;
    }
  }

  /** Reads the rest of the body only to hash it, and checks the checksum: a whole file verified without keeping it. */
  verify(): void {
    const scratch = new Uint8Array(Math.min(CHUNK, this.end - this.offset));
    while (this.offset < this.end) this.read(scratch.subarray(0, Math.min(scratch.length, this.end - this.offset)));
    this.finish();
  }

  /** Checks that the whole body was read and the checksum matches; closes the file. */
  finish(): void {
    try {
      if (this.offset !== this.end) throw new Error(`sealed ${this.path}: ${this.end - this.offset} bytes of the body left unread`);
      const trailer = Buffer.alloc(TRAILER);
      readFully(this.fd, trailer, this.end, this.path, this.owner);
      if (trailer.toString('latin1') !== `sha256:${this.hash.digest('hex')}\n`) throw damaged(this.path, this.owner);
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

/** The body of a small sealed file, checked, or undefined when there is no such file. */
export function readSealed(path: string, kind: string, identity: Identity, owner = path): { part: string; body: Buffer } | undefined {
  const r = SealedReader.open(path, kind, identity, owner);
  if (!r) return undefined;
  try {
    const body = Buffer.alloc(r.bytes);
    r.read(body);
    r.finish();
    return { part: r.part, body };
  } finally {
    r.close();
  }
}

function readFully(fd: number, into: Uint8Array, position: number, path: string, owner: string): void {
  let off = 0;
  while (off < into.length) {
    let got: number;
    try {
      got = readSync(fd, into, off, into.length - off, position + off);
    } catch (e) {
      throw new InputError(`cannot read the checkpoint ${path}: ${fsReason(e)}`);
    }
    if (got === 0) throw damaged(path, owner);
    off += got;
  }
}

function damaged(path: string, owner: string): InputError {
  return new InputError(`checkpoint ${path} is damaged (its content does not match its checksum or its length): delete ${owner} and run again`);
}
