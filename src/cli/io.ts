/**
 * Output helpers shared by the commands: JSON Lines on stdout with --json, aligned human tables
 * otherwise, and a progress bar on stderr when it is a terminal.
 */
import { accessSync, constants, fstatSync, statSync, writeFileSync } from 'node:fs';
import { checkRegularFile, readRegularFile } from '../core/files.js';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { styleText } from 'node:util';
import { maxThreads } from '../core/budget.js';
import { InputError, InterruptedError } from '../core/errors.js';
import { ctrlC, yieldToSignals } from './interrupt.js';

/**
 * One JSON object per line, nothing else on stdout (docs/cli.md). For a few lines (a summary, one line per
 * position or command given); a long listing goes through emitLines, which waits for a slow reader.
 */
export function emitJson(obj: unknown): void {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

export function emitLine(text: string): void {
  process.stdout.write(text + '\n');
}

/** Lines gathered per write by emitLines (a million lines would otherwise be a million writes). */
const CHUNK = 4096;

/**
 * Bytes handed to a pipe at once: Linux's PIPE_BUF, up to which a write to a pipe is taken whole or not at
 * all. With one such piece in flight at a time, what the process leaves unwritten when it ends after a
 * Ctrl-C (a reader that does not read) is whole lines, and what it holds for a slow reader is bounded.
 */
const PIPE_PIECE = 4096;

/**
 * After the first Ctrl-C, how long the output of what was kept may take: then the rest is dropped (after a
 * whole line) and the command ends with exit 130, whether the reader is slow, never reads, or the kept part
 * is millions of lines. The second Ctrl-C drops it at once.
 */
const KEPT_OUTPUT_MS = 1000;

let keptOutputEnds: number | undefined;

/** When output after a Ctrl-C must end (Infinity before one): KEPT_OUTPUT_MS after that output began. */
function outputDeadline(): number {
  if (!ctrlC.stop.aborted) return Infinity;
  keptOutputEnds ??= performance.now() + KEPT_OUTPUT_MS;
  return keptOutputEnds;
}

/**
 * Lines 0..count-1, written in chunks, each once the reader took the one before (so what waits for a slow
 * reader stays bounded); between chunks a Ctrl-C is noticed and ends the output there (after a whole line)
 * with InterruptedError. Output that already answers a Ctrl-C (what a stopped job kept) ends on the second
 * one, or KEPT_OUTPUT_MS after it began. With `separator` ' ' the items are one line (a stopped one is still
 * ended with its newline).
 */
export function emitLines(count: number, line: (i: number) => string, separator: '\n' | ' ' = '\n'): Promise<void> {
  function* lines(): Generator<string> {
    for (let i = 0; i < count; i++) yield line(i);
  }
  return emitEach(lines(), separator, count);
}

/** The same for lines as they come (`count`, when known, for the note on stderr when they are cut). */
export async function emitEach(items: Iterable<string>, separator: '\n' | ' ' = '\n', count?: number): Promise<void> {
  const stop = ctrlC.stop.aborted ? ctrlC.kill : ctrlC.stop;
  const it = items[Symbol.iterator]();
  let next = it.next();
  for (let printed = 0; !next.done; ) {
    if (printed > 0) await yieldToSignals();
    if (stop.aborted || performance.now() > outputDeadline()) return interruptedAt(printed, count, separator);
    const lines: string[] = [];
    for (; !next.done && lines.length < CHUNK; next = it.next()) lines.push(next.value);
    const last = next.done ? '\n' : separator;
    if (!(await writeWhole(lines.join(separator) + last, separator, stop))) return interruptedAt(printed, count, separator);
    printed += lines.length;
  }
}

function interruptedAt(printed: number, count: number | undefined, separator: string): never {
  if (separator !== '\n' && printed > 0) process.stdout.write('\n');
  const what = `${count === undefined ? '' : ` of ${count}`} ${separator === '\n' ? 'lines' : 'items'}`;
  if (ctrlC.stop.aborted && !ctrlC.kill.aborted) process.stderr.write(`sprague: printed ${printed}${what}: output ends a second after Ctrl-C\n`);
  throw new InterruptedError({ printed });
}

/**
 * Writes `text` (whole items, each ending in `separator`) to stdout; to a pipe in pieces of at most
 * PIPE_PIECE bytes cut after a separator, each after the reader took the one before. False when stopped
 * (by `stop`, or past the deadline after a Ctrl-C) before all of it was handed over.
 */
async function writeWhole(text: string, separator: string, stop: AbortSignal): Promise<boolean> {
  if (!(await readerCaughtUp(stop))) return false;
  if (text.length * 3 <= PIPE_PIECE || !isPipe()) {
    process.stdout.write(text);
    return true;
  }
  const bytes = Buffer.from(text);
  const sep = separator.charCodeAt(0);
  for (let from = 0; from < bytes.length; ) {
    if (from > 0 && !(await readerCaughtUp(stop))) return false;
    let to = bytes.length;
    if (to - from > PIPE_PIECE) {
      const cut = bytes.lastIndexOf(sep, from + PIPE_PIECE - 1);
      // An item longer than a piece goes whole (it may then be cut if the process ends after a Ctrl-C).
      to = cut >= from ? cut + 1 : bytes.indexOf(sep, from + PIPE_PIECE) + 1 || bytes.length;
    }
    process.stdout.write(bytes.subarray(from, to));
    from = to;
  }
  return true;
}

let pipe: boolean | undefined;

/** stdout is a pipe or a socket (written asynchronously: a reader may lag), not a file or a terminal. */
function isPipe(): boolean {
  if (pipe === undefined) {
    try {
      const st = fstatSync(1);
      pipe = st.isFIFO() || st.isSocket();
    } catch {
      pipe = false;
    }
  }
  return pipe;
}

/**
 * Resolves true once stdout holds nothing the reader has not taken; false when `stop` is raised first, or
 * when a Ctrl-C's output deadline passes.
 */
function readerCaughtUp(stop: AbortSignal): Promise<boolean> {
  const out = process.stdout;
  if (out.writableLength === 0) return Promise.resolve(true);
  if (stop.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = (ok: boolean) => {
      clearTimeout(timer);
      out.off('drain', check);
      out.off('error', fail);
      stop.removeEventListener('abort', fail);
      ctrlC.stop.removeEventListener('abort', startDeadline);
      resolve(ok);
    };
    const fail = () => done(false);
    // 'drain' comes only after a write that filled the stream's buffer; a write's callback after every one.
    const check = () => out.writableLength === 0 && done(true);
    const startDeadline = () => {
      timer = setTimeout(fail, Math.max(0, outputDeadline() - performance.now()));
    };
    out.on('drain', check);
    out.once('error', fail);
    out.write('', check);
    stop.addEventListener('abort', fail, { once: true });
    if (ctrlC.stop.aborted) startDeadline();
    else ctrlC.stop.addEventListener('abort', startDeadline, { once: true });
  });
}

/**
 * At the end of a command: resolves true once the reader took all the output; false when it has not by
 * a Ctrl-C's output deadline (the process should then end without it: exit 130).
 */
export function outputFlushed(): Promise<boolean> {
  return readerCaughtUp(ctrlC.kill);
}

/** Columns padded to their widest cell; numbers right-aligned. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const numeric = header.map((_, c) => rows.length > 0 && rows.every((r) => typeof r[c] === 'number'));
  return cells
    .map((r) =>
      r.map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd(),
    )
    .join('\n');
}

/**
 * Colour on a terminal: none when stdout is not one or NO_COLOR is set. The codes are util.styleText's; the
 * check stays here, as styleText before Node 20.18 colours every stream (and later ones also read FORCE_COLOR).
 */
export const colour = {
  enabled: process.stdout.isTTY === true && !process.env['NO_COLOR'],
  bold: (s: string) => paint('bold', s),
  dim: (s: string) => paint('dim', s),
  green: (s: string) => paint('green', s),
  red: (s: string) => paint('red', s),
};

function paint(style: Parameters<typeof styleText>[0], s: string): string {
  return colour.enabled ? styleText(style, s, { validateStream: false }) : s;
}

/**
 * A progress reporter: a bar on stderr when stderr is a terminal; otherwise silent, or with SPRAGUE_PROGRESS set
 * one line `sprague: TITLE progress DONE/TOTAL LABEL` at most once a second (for logs, and for tests that
 * need to know how far a run is).
 */
export interface Progress {
  update(done: number, total: number, label?: string): void;
  stop(): void;
}

export function progressBar(title: string): Progress {
  if (!process.stderr.isTTY) return process.env['SPRAGUE_PROGRESS'] ? progressLines(title) : { update() {}, stop() {} };
  // Loaded only for a terminal: 10 ms of every command's start-up otherwise.
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${title} [{bar}] {percentage}% {value}/{total} {label} eta {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total, label = '') {
      if (!started) {
        bar.start(total, done, { label });
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(done, { label });
      }
    },
    stop() {
      // A stopped bar starts again at the next update: an escalated census draws one per level.
      if (started) bar.stop();
      started = false;
    },
  };
}

function progressLines(title: string): Progress {
  let last = -Infinity;
  return {
    update(done, total, label = '') {
      const now = performance.now();
      if (now - last < 1000) return;
      last = now;
      process.stderr.write(`sprague: ${title} progress ${done}/${total}${label ? ` ${label}` : ''}\n`);
    },
    stop() {},
  };
}

/** Parses a non-negative integer flag value, naming the flag in the error. */
export function parseCount(flag: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new FlagError(flag, text, 'expected a non-negative integer');
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new FlagError(flag, text, 'too large');
  return n;
}

const UNITS: Record<string, number> = { '': 2 ** 20, k: 2 ** 10, kib: 2 ** 10, m: 2 ** 20, mib: 2 ** 20, g: 2 ** 30, gib: 2 ** 30, t: 2 ** 40, tib: 2 ** 40 };

/** Parses a size flag: a number and a unit (K, M, G, T: powers of 1024); a bare number is MiB. In bytes. */
export function parseSize(flag: string, text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new FlagError(flag, text, 'expected a size such as 512M, 2G or 1.5G');
  const bytes = Math.floor(Number(m[1]) * unit);
  if (bytes < 2 ** 20) throw new FlagError(flag, text, 'at least 1M');
  if (!Number.isSafeInteger(bytes)) throw new FlagError(flag, text, 'too large');
  return bytes;
}

/**
 * Parses --threads: at least 1; more than the cores is lowered to them with a note on stderr (more threads
 * than cores only share them, and each holds memory of its own).
 */
export function parseThreads(text: string): number {
  const n = parseCount('--threads', text);
  if (n < 1) throw new FlagError('--threads', text, 'at least 1');
  const cores = maxThreads();
  if (n <= cores) return n;
  process.stderr.write(`sprague: note: --threads ${n} lowered to ${cores}, the cores of this machine\n`);
  return cores;
}

export class FlagError extends Error {
  constructor(flag: string, value: string, reason: string) {
    super(`bad value ${JSON.stringify(value)} for ${flag}: ${reason}`);
    this.name = 'FlagError';
  }
}

/** A flag the command takes but that nothing would read for this game or these positions: refused, not ignored. */
export function unusedFlag(flag: string, why: string): InputError {
  return new InputError(`${flag} does nothing here: ${why}; leave it out`);
}

/*
 * Files and folders the user names (--file, --library, --conformance, --out, --dot, --mpl, a machine):
 * a missing or unreadable one, or a folder given as a file, is bad input (exit 2, one line naming it),
 * found before any work where it can be.
 */

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return code ?? (e as Error).message.split('\n')[0]!;
  }
}

/** What `path` is, or an InputError saying why it cannot be looked at. */
function kindOf(what: string, path: string): 'file' | 'folder' | 'other' {
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    throw new InputError(`${what} ${path}: ${reason(e)}`);
  }
  return st.isFile() ? 'file' : st.isDirectory() ? 'folder' : 'other';
}

/** The text of a file the user named; `what` names where it was given (e.g. `--file`). Only a regular file (core/files.ts). */
export function readUserFile(what: string, path: string): string {
  return readRegularFile(what, path);
}

/** A file the user named exists, is a regular file (not a folder, a FIFO, a device) and can be read. */
export function checkUserFile(what: string, path: string): void {
  checkRegularFile(what, path);
}

/** A folder the user named exists, is a folder and can be read. */
export function checkUserFolder(what: string, path: string): void {
  if (kindOf(what, path) !== 'folder') throw new InputError(`${what} ${path}: not a folder`);
  try {
    accessSync(path, constants.R_OK | constants.X_OK);
  } catch (e) {
    throw new InputError(`${what} ${path}: ${reason(e)}`);
  }
}

/** A file the user asked for can be written: checked before the work, so that no result is lost at the end. */
export function checkWritableFile(what: string, path: string): void {
  const dir = dirname(resolve(path));
  let dirKind;
  try {
    dirKind = kindOf(what, dir);
  } catch {
    throw new InputError(`${what} ${path}: no folder ${dir} to write it in`);
  }
  if (dirKind !== 'folder') throw new InputError(`${what} ${path}: ${dir} is not a folder`);
  let exists = true;
  try {
    statSync(path);
  } catch {
    exists = false;
  }
  if (exists && kindOf(what, path) === 'folder') throw new InputError(`${what} ${path}: it is a folder, not a file`);
  try {
    accessSync(exists ? path : dir, constants.W_OK);
  } catch (e) {
    throw new InputError(`${what} ${path}: ${reason(e)}`);
  }
}

/** Writes a file the user named; a failure is one line naming it. */
export function writeUserFile(what: string, path: string, data: string | Uint8Array): void {
  try {
    writeFileSync(path, data);
  } catch (e) {
    throw new InputError(`${what} ${path}: cannot write it: ${reason(e)}`);
  }
}
