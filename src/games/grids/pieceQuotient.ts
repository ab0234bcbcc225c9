/**
 * Pieces of 3-row PUSH CRAM boards (pushSum3.ts) proved equivalent to smaller pieces in every push sum.
 *
 * In push sums every piece is its own inverse (A + A + X has the outcome of X), so A and B are
 * equivalent, up to a static part worth t, exactly when A + B + t is equivalent to no position at all;
 * PushSum3Search.provesZero proves that for a sum whose push value is 0 when every option has an option
 * so proved (the normal-play argument, with the button worth the same on both sides). Pieces are taken
 * by length, then by their key: a piece proved equivalent to the static part alone is dropped from keys,
 * one proved equivalent to an earlier representative is keyed as it, and the others are representatives.
 * Candidates are only the representatives with the same fingerprint (outcomes next to short testers and
 * static parts, normalised by the push value), which equivalent pieces must share; the proof decides.
 * The proof is a sufficient condition, so some equivalent pieces stay apart: that costs positions, never
 * a wrong answer.
 */
import { LimitError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { emptyBoard } from './board.js';
import { PushSum3Search } from './pushSum3.js';
import type { Stop } from '../../core/stop.js';

/** Longest pieces handled: the dense map has 2^(2 maxLen + 1) entries. */
export const MAX_QUOTIENT_LEN = limitDefault('quotientLength');

export interface QuotientOptions {
  /** Testers for fingerprints: the pieces up to this length (default 4). */
  testerLen?: number;
  /** log2 of the buckets of the proving search's table (default 20: 64 MiB). */
  tableBits?: number;
  signal?: Stop;
  interrupt?: Int32Array;
}

/** The full 32-bit reversal of x. */
function reverse32(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}

/** Whether rows (c0, c2) of a piece of length len are the least of its four images, as pushSum3.ts keys them. */
function isCanonical(len: number, c0: number, c2: number): boolean {
  const y0 = reverse32(c0) >>> (32 - len);
  const y2 = reverse32(c2) >>> (32 - len);
  const less = (a: number, b: number) => a < c0 || (a === c0 && b < c2);
  return !less(c2, c0) && !less(y0, y2) && !less(y2, y0);
}

/** Every canonical live piece of length len: columns E, T, B with no T next to a B and at least one E. */
function piecesOfLength(len: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const grow = (c: number, c0: number, c2: number, last: number, live: boolean) => {
    if (c === len) {
      if (live && isCanonical(len, c0, c2)) out.push([c0, c2]);
      return;
    }
    const bit = 1 << c;
    grow(c + 1, c0 | bit, c2 | bit, 0, true); // E
    if (last !== 2) grow(c + 1, c0, c2 | bit, 1, live); // T: only row 2 free
    if (last !== 1) grow(c + 1, c0 | bit, c2, 2, live); // B: only row 0 free
  };
  grow(0, 0, 0, 0, false);
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

const built = new Map<number, PieceQuotient>();

export class PieceQuotient {
  /** Index (1 << 2 len) | (row 0 << len) | row 2 of a canonical piece: 0 itself, 1 dropped, else its representative's index. */
  private readonly reps: Int32Array;
  /** Pieces examined, dropped (equivalent to a static part) and merged into a representative. */
  pieces = 0;
  statics = 0;
  merged = 0;
  /** Positions searched to build it. */
  nodes = 0;

  private constructor(readonly maxLen: number) {
    this.reps = new Int32Array(2 ** (2 * maxLen + 1));
  }

  /** 0 (the piece is its own representative), 1 (dropped) or the representative's index (length from its top bit). */
  representative(len: number, c0: number, c2: number): number {
    return this.reps[(1 << (2 * len)) | (c0 << len) | c2]!;
  }

  get classes(): number {
    return this.pieces - this.statics - this.merged;
  }

  /**
   * The quotient up to maxLen columns, built once per process (it depends on nothing else): about 0.3 s
   * of CPU for 8 columns, 4 s for 10, 60 s for 11.
   */
  static shared(maxLen: number): PieceQuotient {
    let q = built.get(maxLen);
    if (!q) {
      q = PieceQuotient.build(maxLen);
      built.set(maxLen, q);
    }
    return q;
  }

  /** Proves what it can about every piece up to maxLen columns. Time grows about 4-15x per column. */
  static build(maxLen: number, options: QuotientOptions = {}): PieceQuotient {
    if (!Number.isInteger(maxLen) || maxLen < 0 || maxLen > MAX_QUOTIENT_LEN) {
      throw new LimitError(`piece quotients go up to ${MAX_QUOTIENT_LEN} columns, not ${maxLen}`, 'quotientLength');
    }
    const q = new PieceQuotient(maxLen);
    if (maxLen === 0) return q;
    const testerLen = Math.min(options.testerLen ?? 4, maxLen);
    const engine = new PushSum3Search(emptyBoard(3, 2 * maxLen + 1), {
      quotient: q,
      tableBits: options.tableBits ?? 20,
      signal: options.signal,
      interrupt: options.interrupt,
    });
    const testers: Array<[number, number, number]> = [[0, 0, 0]];
    for (let len = 1; len <= testerLen; len++) for (const [c0, c2] of piecesOfLength(len)) testers.push([len, c0, c2]);
    const byFingerprint = new Map<string, number[]>();
    for (let len = 1; len <= maxLen; len++) {
      for (const [c0, c2] of piecesOfLength(len)) {
        q.pieces++;
        const index = (1 << (2 * len)) | (c0 << len) | c2;
        // Push value 0 with the piece alone: the piece plus a static part worth its push value.
        if (engine.provesZero(c0, c2, 0)) {
          q.reps[index] = 1;
          q.statics++;
          continue;
        }
        let fingerprint = '';
        for (const [tl, t0, t2] of testers) {
          const r0 = c0 | (t0 << (len + 1));
          const r2 = c2 | (t2 << (len + 1));
          const fy = tl === 0 ? 0 : engine.pushValueOf(t0, t2);
          // The piece next to the tester and a static part worth (the piece's push value) ^ t.
          for (let t = 0; t < 8; t++) fingerprint += engine.winsFrom(r0, r2, fy ^ t) ? '1' : '0';
        }
        const candidates = byFingerprint.get(fingerprint);
        let rep = 0;
        for (const b of candidates ?? []) {
          const bl = (31 - Math.clz32(b)) >> 1;
          const bm = 2 ** bl - 1;
          if (engine.provesZero(c0 | (((b >>> bl) & bm) << (len + 1)), c2 | ((b & bm) << (len + 1)), 0)) {
            rep = b;
            break;
          }
        }
        if (rep !== 0) {
          q.reps[index] = rep;
          q.merged++;
        } else if (candidates) candidates.push(index);
        else byFingerprint.set(fingerprint, [index]);
      }
    }
    q.nodes = engine.nodes;
    return q;
  }
}
