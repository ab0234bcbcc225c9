/**
 * The file name of a game's page. A spec holds characters no file system or URL takes as they are
 * (`octal:4!.0`, `rewrite:aa->b,b`, `push(subtraction:1,2,wythoff)`), and a case-insensitive file system
 * (macOS, Windows) would merge `hex:0.F` and `hex:0.f`.
 */
import { createHash } from 'node:crypto';

/** Longest name kept whole; a longer spec (many extra moves) is cut and told apart by a hash. */
const MAX_NAME = 120;

/**
 * `octal:4!.0` -> `octal_3a4_21.0.html`: lower-case letters, digits, `.` and `-` stay, every other byte
 * of the UTF-8 text becomes `_` and two lower-case hex digits. Injective (an `_` always starts an escape),
 * the same on every file system, and safe in an href without percent-encoding.
 */
export function pageName(spec: string): string {
  let out = '';
  for (const byte of Buffer.from(spec, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[a-z0-9.-]/.test(c) ? c : `_${byte.toString(16).padStart(2, '0')}`;
  }
  // A name starting with '.' would be hidden (a spec never does; the check keeps the promise).
  if (out.startsWith('.')) out = `_2e${out.slice(1)}`;
  if (out.length > MAX_NAME) out = `${out.slice(0, MAX_NAME - 17)}-${createHash('sha256').update(spec).digest('hex').slice(0, 16)}`;
  return `${out}.html`;
}
