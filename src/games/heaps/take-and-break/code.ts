/**
 * Take-and-break codes as CGSuite writes them (`game.heap.TakeAndBreak`, Winning Ways ch. 4):
 * d0.d1d2...dt, where bit 2^j of digit d_k says that k tokens may be removed from a heap leaving exactly
 * j non-empty heaps. So 1 = take the whole heap, 2 = leave one heap, 4 = leave two (octal games),
 * 8 = leave three (hexadecimal games); digits run 0-9, A-F. A `!` after a digit restricts its splits
 * to pairwise unequal heaps: Grundy's game (split a heap into two unequal heaps) is `4!.0`. A `?` (not
 * all heaps equal) is the same rule as `!` for two heaps and is read so there. d0 concerns removing
 * nothing: only its split bits (4, 8) are moves.
 *
 * Not read (each refused with its column and why): CGSuite's additive digits (more than one digit
 * before the point), periodic digits `[..]`, heap-count lists `{..}`, `*`, `&N;`, `=`, digits G-V
 * (splits into four or more heaps), and `?` on a three-heap digit.
 */
import { SpecError } from '../../../core/errors.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface TakeAndBreakCode {
  /** digits[k] = d_k (bits 1, 2, 4, 8); digits[t] is the last non-zero one (t = 0 for d0 alone). */
  readonly digits: readonly number[];
  /** unequal[k]: the splits of d_k must leave pairwise unequal heaps (`!`). */
  readonly unequal: readonly boolean[];
  /** Index of the last non-zero digit: the most tokens a move removes (t in Guy–Smith). */
  readonly t: number;
  /** The most heaps a move leaves: 3 when a digit has bit 8, 2 when one has bit 4, else 1. */
  readonly maxParts: 1 | 2 | 3;
  /** The code as CGSuite prints it: upper-case digits, trailing zeros dropped, `d0.0` when nothing follows. */
  readonly text: string;
}

const HEX = '0123456789ABCDEF';
/** CGSuite's base-32 digits past F: bit 16 would split into four heaps. */
const BASE32_MORE = 'GHIJKLMNOPQRSTUV';

/** CGSuite syntax that sprague does not read, with the reason given to the user. */
const UNSUPPORTED: Record<string, string> = {
  '[': "periodic digits [..] (CGSuite's infinite codes) are not supported",
  ']': "periodic digits [..] (CGSuite's infinite codes) are not supported",
  '{': 'heap-count lists {..} are not supported: write the digit (bit 2^j = leave j heaps)',
  '}': 'heap-count lists {..} are not supported: write the digit (bit 2^j = leave j heaps)',
  '*': '* (split into any number of heaps) is not supported',
  '&': '&N; digits (splits into many heaps) are not supported',
  '=': '= (all heaps equal) is not supported',
};

/** Where a code sits inside a longer spec, for error columns (1-based columns count from `spec`). */
export interface CodeSource {
  spec: string;
  /** Index in `spec` of the code's first character. */
  offset: number;
}

function fail(src: CodeSource, at: number, reason: string): never {
  throw new SpecError(src.spec, src.offset + at + 1, reason);
}

/**
 * Reads a take-and-break code at the start of `text` (a spec may go on after it: the code ends at the
 * first character that cannot belong to one). Returns the code and how many characters it took.
 * Throws SpecError naming what is wrong and its column.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function readTakeAndBreakCode(text: string, src: CodeSource = { spec: text, offset: 0 }): { code: TakeAndBreakCode; length: number } {
  let i = 0;
  const before: { d: number; at: number; mark: string }[] = [];
  const after: { d: number; at: number; mark: string }[] = [];
  let point = -1;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '.') {
      if (point >= 0) fail(src, i, 'a second point: a code has one point, as in 0.07');
      point = i;
      continue;
    }
    if (c === '!' || c === '?') {
      const list = point >= 0 ? after : before;
      const last = list[list.length - 1];
      if (!last || last.at !== i - 1) fail(src, i, `${c} must follow a digit (e.g. 4!.0: split into unequal heaps)`);
      last.mark = c;
      continue;
    }
    if (c in UNSUPPORTED) fail(src, i, UNSUPPORTED[c]!);
    const u = c.toUpperCase();
    const d = HEX.indexOf(u);
    if (d < 0) {
      if (u.length === 1 && BASE32_MORE.includes(u)) {
        fail(src, i, `digit ${c} would split into four or more heaps; sprague reads digits 0-F (at most three heaps)`);
      }
      break;
    }
    (point >= 0 ? after : before).push({ d, at: i, mark: '' });
  }
  const length = i;
  if (length === 0) fail(src, 0, 'expected a take-and-break code like 0.07, 4!.0 or 0.B4');
  if (point < 0) fail(src, length, 'expected a point: a code is d0.d1d2..., e.g. 0.07 or 4!.0');
  if (before.length > 1) fail(src, before[0]!.at, "more than one digit before the point (CGSuite's additive digits) is not supported");
  const d0 = before[0] ?? { d: 0, at: point, mark: '' };
  if ((d0.d & 3) !== 0) fail(src, d0.at, `d0 = ${HEX[d0.d]} may only be 0, 4, 8 or C: removing nothing must split the heap`);
  if (after.length === 0 && before.length === 0) fail(src, point, 'expected digits after the point, e.g. 0.07');
  const all = [d0, ...after];
  const digits: number[] = [];
  const unequal: boolean[] = [];
  for (const { d, at, mark } of all) {
    if (mark !== '' && (d & 12) === 0) fail(src, at + 1, `${mark} after ${HEX[d]}: only a digit that splits (bit 4 or 8) can require unequal heaps`);
    if (mark === '?' && d & 8) fail(src, at + 1, '? (not all heaps equal) on a three-heap digit is not supported; ! (pairwise unequal) is');
    digits.push(d);
    unequal.push(mark !== '');
  }
  return { code: takeAndBreakCode(digits, unequal), length };
}

/**
 * Parses a whole string as a take-and-break code (see readTakeAndBreakCode).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseTakeAndBreakCode(text: string, src: CodeSource = { spec: text, offset: 0 }): TakeAndBreakCode {
  const { code, length } = readTakeAndBreakCode(text, src);
  if (length !== text.length) fail(src, length, `unexpected ${JSON.stringify(text[length])} in a take-and-break code`);
  return code;
}

/**
 * The code with these digits (d_0, d_1, ...) and `!` flags, normalised: trailing zero digits dropped.
 * Throws RangeError for digits outside 0..15, d0 with bit 1 or 2, or `!` on a digit that does not split.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function takeAndBreakCode(digits: readonly number[], unequal: readonly boolean[] = []): TakeAndBreakCode {
  if (digits.length === 0) throw new RangeError('a code has at least the digit d0');
  digits.forEach((d, k) => {
    if (!Number.isInteger(d) || d < 0 || d > 15) throw new RangeError(`digit d${k} = ${d} is not in 0..15`);
    if (unequal[k] && (d & 12) === 0) throw new RangeError(`digit d${k} = ${d} does not split, so it cannot require unequal heaps`);
  });
  if ((digits[0]! & 3) !== 0) throw new RangeError('d0 may only be 0, 4, 8 or 12: removing nothing must split the heap');
  let t = digits.length - 1;
  while (t > 0 && digits[t] === 0) t--;
  const ds = digits.slice(0, t + 1);
  const uq = ds.map((_, k) => Boolean(unequal[k]));
  const maxParts = ds.some((d) => d & 8) ? 3 : ds.some((d) => d & 4) ? 2 : 1;
  const show = (k: number): string => HEX[ds[k]!]! + (uq[k] ? '!' : '');
  const text = `${show(0)}.${t === 0 ? '0' : ds.slice(1).map((_, i) => show(i + 1)).join('')}`;
  return { digits: ds, unequal: uq, t, maxParts, text };
}

/** True when every digit is octal (0-7): the game is an octal game, possibly with `!`. */
export function isOctalCode(code: TakeAndBreakCode): boolean {
  return code.digits.every((d) => d < 8);
}

/**
 * The spec name sprague gives the game: `octal:CODE` when all digits are octal, else `hex:CODE`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function specName(code: TakeAndBreakCode): string {
  return `${isOctalCode(code) ? 'octal' : 'hex'}:${code.text}`;
}
