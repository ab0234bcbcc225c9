/**
 * Reading a file someone named (a machine, a rule-set list, a checkpoint, a Walnut library file): only a
 * regular file. A device such as /dev/zero never ends and a FIFO may never be written to, so either would
 * be read for ever; both are refused with one line naming the path. The file is opened first and then
 * looked at (fstat on the open descriptor), so nothing can swap a FIFO in between a check and the read,
 * and it is opened non-blocking, so that opening a FIFO with no writer returns at once instead of hanging.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { InputError } from './errors.js';

/** A file that cannot be read as a regular file: the message names `what` and the path, `reason` says why alone. */
export class FileError extends InputError {
  constructor(
    what: string,
    path: string,
    readonly reason: string,
  ) {
    super(`${what} ${path}: ${reason}`);
  }
}

/** What a non-regular file is, in a word for the message. */
function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO (a named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'a special file';
}

function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  return code ?? (e as Error).message.split('\n')[0]!;
}

/**
 * An open descriptor of the regular file at `path`, for reading; anything else (a folder, a FIFO, a device,
 * a socket) is an InputError `WHAT PATH: it is a FIFO (a named pipe), not a regular file`.
 */
export function openRegularFile(what: string, path: string): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') throw new FileError(what, path, 'it is a folder, not a file');
    throw new FileError(what, path, fsReason(e));
  }
  let st: Stats;
  try {
    st = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw new FileError(what, path, fsReason(e));
  }
  if (!st.isFile()) {
    closeSync(fd);
    throw new FileError(what, path, st.isDirectory() ? 'it is a folder, not a file' : `it is ${kindOf(st)}, not a regular file`);
  }
  return fd;
}

/** Refuses up front what openRegularFile refuses (a file checked before the work and read later). */
export function checkRegularFile(what: string, path: string): void {
  closeSync(openRegularFile(what, path));
}

/** The text of the regular file at `path` (openRegularFile's refusals, then the read's). */
export function readRegularFile(what: string, path: string): string {
  const fd = openRegularFile(what, path);
  try {
    return readFileSync(fd, 'utf8');
  } catch (e) {
    throw new FileError(what, path, fsReason(e));
  } finally {
    closeSync(fd);
  }
}

/** Bytes per piece of hashInPieces. */
const HASH_PIECE = 1 << 23;

/**
 * Feeds `bytes` to a hash in 8 MiB pieces: Node's hash refuses one update of 2^31 bytes or more ("data is too
 * long"), which long sequences, their checkpoints and sealed stages reach; the digest is the same.
 */
export function hashInPieces(hash: { update(data: Uint8Array): unknown }, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; at += HASH_PIECE) hash.update(bytes.subarray(at, Math.min(bytes.length, at + HASH_PIECE)));
}
