/**
 * The "telescope" of seed maharaja-nim, sections 4 and 5.2: decide whether (x, y) is a P-position of a
 * Wythoff-family game with a converging dictionary ((2,3)-Maharaja Nim, (41)-(44)) in time polynomial in
 * log(xy), with BigInt coordinates.
 *
 * How. Bit i of the game's bit string is written by the translation of the word read near i/φ. Counting
 * makes the write position exact: a word of m columns with l upper P-positions ('0's) translates to m '0's
 * and l '1's (each column yields one row without, each upper P-position one row with an upper P-position),
 * so after the words read in [r0, t) the string has length e(t) = L0 + (t - r0) + (Z(t) - Z(r0)) and holds
 * Z(S0) + (t - r0) zeros, where Z(t) counts zeros before t. So a window of bits near X, with the zero count
 * before it, follows from a window near X/φ: find a word boundary there, then translate forward. A boundary
 * is certain when the parses started at every offset of one word length coalesce (the dictionary
 * "converges", section 5.2): one of those offsets is a true boundary, and from a true boundary the parse is
 * the true one. Recursing down to a base string spelled by the same process gives O(log x) levels of
 * bounded work.
 *
 * The P-position of a column in a word follows from the word alone: at a word start a_n the dictionary
 * guarantees b_n - a_n = n with the diagonals 0..n-1 all used ((25), (26)), so the word's upper P-positions
 * are the greedy ones of section 2.2 with offsets that do not depend on n (precomputed per entry, and
 * checked against each entry's translate).
 */
import { InputError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import {
  coalescencePoint,
  compileDictionary,
  encode,
  matchAt,
  NEED_MORE,
  NO_WORD,
  runDictionaryProcess,
  type CompiledDictionary,
} from './dictionary.js';
import type { GameDictionary } from './maharaja-dictionaries.js';

export interface OracleOptions {
  /** Bits of the string spelled directly by the process (default 1024); above it the telescope recurses. */
  readonly baseBits?: number;
  /** Most decimal digits of a column (default: the telescopeDigits row of core/limits.ts); a longer one is refused. */
  readonly maxDigits?: number;
}

/** Per dictionary entry: for its i-th '0', b - a - n (the row offset of its upper P-position). */
interface EntryShape {
  readonly zeroAt: number[];
  readonly delta: number[];
}

interface Window {
  readonly lo: bigint;
  readonly bits: Uint8Array;
  /** Zeros in the string before lo. */
  readonly zerosBefore: bigint;
}

const MAX_MARGIN = 1 << 14;
const PHI = (1 + Math.sqrt(5)) / 2;

function countZeros(bits: Uint8Array, from: number, to: number): number {
  let z = 0;
  for (let i = from; i < to; i++) if (bits[i] === 0) z++;
  return z;
}

/** floor(sqrt(n)) for n >= 0: Newton from a power of two above the root, decreasing to it. */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** 1/φ = (sqrt 5 - 1)/2 in fixed point: floor(2^bits / φ), computed once for the longest x met so far. */
let inversePhi = { bits: 0, value: 0n };

/**
 * floor(x / φ), up to one unit (the margins absorb it): x times 1/φ to 64 bits more than x has. A square
 * root per call (Newton, a dozen long divisions) made thousand-digit columns take minutes; one product is cheap.
 */
export function divPhi(x: bigint): bigint {
  if (x <= 0n) return 0n;
  if (x < 1n << 50n) return BigInt(Math.floor(Number(x) / PHI));
  const bits = x.toString(2).length + 64;
  if (inversePhi.bits < bits) {
    const s = 2 * bits;
    inversePhi = { bits: s, value: (isqrt(5n << BigInt(2 * s)) - (1n << BigInt(s))) >> 1n };
  }
  // Truncated to bits: floor(2^bits / φ) less at most 2, an error below x / 2^(bits - 1) < 1/2^63 in all.
  const c = inversePhi.value >> BigInt(inversePhi.bits - bits);
  return (x * c) >> BigInt(bits);
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export class TelescopeOracle {
  readonly game: GameDictionary;
  private readonly d: CompiledDictionary;
  private readonly shapes: EntryShape[];
  private base: Uint8Array;
  private baseZeros: Int32Array;
  private readonly r0: bigint;
  private readonly L0: bigint;
  private readonly zerosS0: bigint;
  private readonly zerosR0: bigint;
  private readonly first: bigint;
  /** Bits searched for a word boundary; grows (never shrinks) when a search fails, so retries stay rare. */
  private margin = 24;
  /** The longest distance so far from a window start to its first certain word boundary (section 5.2). */
  maxSyncDelay = 0;
  /** col[x] from the rules for the columns before the first word (and a margin). */
  private readonly initial: Int32Array;
  private readonly maxDigits: number;

  constructor(game: GameDictionary, options: OracleOptions = {}) {
    this.game = game;
    this.maxDigits = options.maxDigits ?? limitDefault('telescopeDigits');
    this.d = compileDictionary(game.dictionary);
    if (game.dictionary.alphabet !== '01') throw new InputError('the telescope needs a binary dictionary');
    this.shapes = this.d.words.map((w, i) => entryShape(w, this.d.translates[i]!, game.extraMoves, game.dictionary.entries[i]!.word));
    const baseBits = Math.max(options.baseBits ?? 1024, 256);
    const start = encode('01', game.start);
    this.base = new Uint8Array(0);
    this.baseZeros = new Int32Array(1);
    this.growBase(baseBits);
    this.r0 = BigInt(game.read);
    this.L0 = BigInt(start.length);
    this.zerosS0 = BigInt(this.baseZeros[start.length]!);
    this.zerosR0 = BigInt(this.baseZeros[game.read]!);
    this.first = BigInt(game.firstColumn);
    this.initial = initialColumns(game.extraMoves, 4 * (game.firstColumn + game.read) + 16);
  }

  /** Spells the first `bits` bits (at least) directly by the dictionary process. */
  private growBase(bits: number): void {
    const start = encode('01', this.game.start);
    const run = runDictionaryProcess(this.d, start, { read: this.game.read, maxLength: bits });
    if (run.stopped !== 'length') throw new InputError(`the ${this.game.name} dictionary process stopped (${run.stopped}) before ${bits} bits`);
    this.base = run.string.slice(0, bits);
    this.baseZeros = new Int32Array(bits + 1);
    for (let i = 0; i < bits; i++) this.baseZeros[i + 1] = this.baseZeros[i]! + (this.base[i] === 0 ? 1 : 0);
  }

  /** The y of the P-position in column x (maharaja-nim, Proposition 1.1: there is exactly one). */
  column(x: bigint): bigint {
    if (x < 0n) throw new InputError(`bad column ${x}: negative`);
    // About log x levels of products of log x bits each: the time grows as digits^2.6 (5000 digits: seconds).
    if (x >= 10n ** BigInt(this.maxDigits)) throw new LimitError(`a column of ${x.toString().length} digits is longer than the telescope takes, ${this.maxDigits} digits`, 'telescopeDigits');
    const c0 = this.first + this.r0;
    if (x < c0) return BigInt(this.initial[Number(x)]!);
    const j = x - this.first;
    const b = this.upperOf(j);
    return this.first + (b === undefined ? this.partnerOf(j) : b);
  }

  /** Whether (x, y) is a P-position. */
  isP(x: bigint, y: bigint): boolean {
    if (x < 0n || y < 0n) throw new InputError(`bad position (${x},${y}): negative coordinate`);
    return this.column(x) === y;
  }

  /** Bit of column x: 0 iff its P-position lies above the diagonal. */
  bit(x: bigint): number {
    const y = this.column(x);
    return y > x ? 0 : 1;
  }

  /** Row b of the upper P-position in string index a, or undefined when bit a is 1. */
  private upperOf(a: bigint): bigint | undefined {
    return this.withMargin((m) => this.uppersNear(a, a + 1n, m), () => `before string index ${a}`).get(a);
  }

  /** The a whose upper P-position lies in row j (bit j is 1): a is near j/φ. */
  private partnerOf(j: bigint): bigint {
    const mid = divPhi(j);
    const lo = mid - 8n < -this.first ? -this.first : mid - 8n;
    const got = this.withMargin((m) => this.uppersNear(lo, mid + 8n, m), () => `before string index ${lo}`);
    for (const [a, b] of got) if (b === j) return a;
    throw new Error(`internal: no upper P-position in row ${j} among string indices ${lo}..${mid + 8n}`);
  }

  /**
   * Runs attempt(margin) with growing margins until it succeeds. A failure at m raises the shared margin to
   * 2m at most (nested levels all start from the shared margin, so failures there must not compound).
   */
  private withMargin<T>(attempt: (margin: number) => T | undefined, where: () => string): T {
    for (let m = this.margin; m <= MAX_MARGIN; ) {
      const got = attempt(m);
      if (got !== undefined) return got;
      m = Math.max(2 * m, this.margin);
      this.margin = Math.max(this.margin, m);
    }
    throw new LimitError(`no certain word boundary within ${MAX_MARGIN} bits ${where()}`, 'margin');
  }


  /**
   * All upper P-positions a -> b with a in [lo, hi) (string indices), from the words covering them;
   * undefined when `margin` bits before lo do not fix a word boundary.
   */
  private uppersNear(lo: bigint, hi: bigint, margin: number): Map<bigint, bigint> | undefined {
    const out = new Map<bigint, bigint>();
    let from = lo;
    if (lo < this.r0) {
      // Before the first word the string copies the rules' table.
      for (let a = lo; a < hi && a < this.r0; a++) {
        const x = Number(a + this.first);
        const y = this.initial[x]!;
        if (y > x) out.set(a, BigInt(y) - this.first);
      }
      if (hi <= this.r0) return out;
      from = this.r0;
    }
    let wlo = from - BigInt(margin);
    if (wlo < this.r0) wlo = this.r0;
    const w = this.window(wlo, hi + BigInt(2 * this.d.maxWordLength + margin));
    const t = wlo === this.r0 ? 0 : this.boundary(w.bits);
    if (t === undefined || t > Number(from - wlo)) return undefined;
    let zeros = w.zerosBefore + BigInt(countZeros(w.bits, 0, t));
    let pos = t;
    const end = Number(hi - wlo);
    while (pos < end) {
      const e = matchAt(this.d, w.bits, w.bits.length, pos);
      if (e < 0) return undefined;
      const r = wlo + BigInt(pos);
      const n = this.writeAt(r, zeros) - r;
      const shape = this.shapes[e]!;
      shape.zeroAt.forEach((k, i) => {
        const a = r + BigInt(k);
        if (a >= from && a < hi) out.set(a, a + n + BigInt(shape.delta[i]!));
      });
      const word = this.d.words[e]!;
      zeros += BigInt(shape.zeroAt.length);
      pos += word.length;
    }
    return out;
  }

  /** The first certain word boundary in bits (from its start), recording how far it was. */
  private boundary(bits: Uint8Array): number | undefined {
    const t = coalescencePoint(this.d, bits, 0);
    if (t !== undefined && t > this.maxSyncDelay) this.maxSyncDelay = t;
    return t;
  }

  /** e(t): where the translate of the word read at boundary t is written (t >= r0). */
  private writeAt(t: bigint, zerosBeforeT: bigint): bigint {
    return this.L0 + (t - this.r0) + (zerosBeforeT - this.zerosR0);
  }

  /** Bits of string indices [lo, hi) with the number of zeros before lo. */
  window(lo: bigint, hi: bigint): Window {
    return this.baseWindow(lo, hi) ?? this.withMargin((m) => this.telescope(lo, hi, m), () => `below string index ${divPhi(lo)}`);
  }

  /** The window spelled directly by the process, when it lies near enough to the start. */
  private baseWindow(lo: bigint, hi: bigint): Window | undefined {
    // A short window near the start is cheaper (and, for big margins, only possible) spelled directly.
    if (hi > BigInt(this.base.length) && hi < BigInt(8 * this.margin)) this.growBase(Number(hi));
    if (hi > BigInt(this.base.length)) return undefined;
    const l = Number(lo);
    return { lo, bits: this.base.subarray(l, Number(hi)), zerosBefore: BigInt(this.baseZeros[l]!) };
  }

  /**
   * The window by the telescope with one margin at every level: the source windows near lo/φ, lo/φ², ...
   * down to the base, then translated forward level by level. A loop, not a recursion: a column of
   * thousands of digits has tens of thousands of levels. Undefined when some level finds no certain boundary.
   */
  private telescope(lo: bigint, hi: bigint, margin: number): Window | undefined {
    const levels: [bigint, bigint][] = [];
    let w: Window | undefined;
    for (let [l, h] = [lo, hi]; w === undefined; w = this.baseWindow(l, h)) {
      levels.push([l, h]);
      [l, h] = this.sourceOf(l, h, margin);
    }
    for (let i = levels.length - 1; i >= 0 && w !== undefined; i--) w = this.translated(levels[i]![0], levels[i]![1], w);
    return w;
  }

  /** The string indices whose words translate to [lo, hi), with `margin` bits to find a certain boundary in. */
  private sourceOf(lo: bigint, hi: bigint, margin: number): [bigint, bigint] {
    const mid = divPhi(lo);
    let slo = mid - BigInt(margin);
    if (slo < this.r0) slo = this.r0;
    // hi/φ <= lo/φ + (hi - lo)/φ + 2 (each floor loses at most one): one long division per level, not two.
    const shi = mid + divPhi(hi - lo) + 2n + BigInt(margin + 2 * this.d.maxWordLength);
    return [slo, shi];
  }

  /** The telescope step: translate forward from a certain boundary in `src`, the window sourceOf(lo, hi). */
  private translated(lo: bigint, hi: bigint, src: Window): Window | undefined {
    const slo = src.lo;
    const t = slo === this.r0 ? 0 : this.boundary(src.bits);
    if (t === undefined) return undefined;
    const zerosT = src.zerosBefore + BigInt(countZeros(src.bits, 0, t));
    const tAbs = slo + BigInt(t);
    const eT = this.writeAt(tAbs, zerosT);
    if (eT > lo) return undefined;
    const zerosAtET = this.zerosS0 + (tAbs - this.r0);
    const width = Number(hi - eT);
    const out = new Uint8Array(width + this.d.maxTranslateLength);
    let written = 0;
    let pos = t;
    while (written < width) {
      const e = matchAt(this.d, src.bits, src.bits.length, pos);
      if (e === NO_WORD) throw new Error(`internal: the ${this.game.name} process is stuck at string index ${slo + BigInt(pos)}`);
      if (e === NEED_MORE) return undefined;
      out.set(this.d.translates[e]!, written);
      written += this.d.translates[e]!.length;
      pos += this.d.words[e]!.length;
    }
    const skip = Number(lo - eT);
    const zeros = zerosAtET + BigInt(countZeros(out, 0, skip));
    return { lo, bits: out.subarray(skip, skip + Number(hi - lo)), zerosBefore: zeros };
  }
}


/**
 * The greedy upper P-positions of one word read at a word start (maharaja-nim, section 2.2): for each '0'
 * in order, the least row with unused diagonal (>= n), unused row, and no extra move to one of the word's
 * earlier P-positions. Offsets d = b - a - n do not depend on n. Checked against the entry's translate.
 */
function entryShape(word: Uint8Array, translate: Uint8Array, moves: GameDictionary['extraMoves'], text: string): EntryShape {
  const zeroAt: number[] = [];
  const delta: number[] = [];
  const rows = new Set<number>();
  const diags = new Set<number>();
  const pAt = new Set<string>();
  const oriented = moves.flatMap(([k, l]) => [[k, l], [l, k]] as const);
  for (let i = 0; i < word.length; i++) {
    if (word[i] !== 0) continue;
    // Work with n = 0: row = i + d, diagonal = d (all relative to the word start and its write position).
    for (let d = 0; ; d++) {
      const row = i + d;
      if (diags.has(d) || rows.has(row)) continue;
      if (oriented.some(([k, l]) => pAt.has(`${i - k},${row - l}`))) continue;
      zeroAt.push(i);
      delta.push(d);
      rows.add(row);
      diags.add(d);
      pAt.add(`${i},${row}`);
      break;
    }
  }
  // The translate marks with '1' exactly the rows taken (rows relative to e(r) = r + n).
  const ones = [...translate.keys()].filter((k) => translate[k] === 1);
  const taken = [...rows].sort((p, q) => p - q);
  if (ones.length !== taken.length || ones.some((v, k) => v !== taken[k]))
    throw new InputError(`dictionary entry ${text}: its translate does not mark the rows of its P-positions`);
  const zeros = translate.length - ones.length;
  if (zeros !== word.length) throw new InputError(`dictionary entry ${text}: its translate has ${zeros} zeros, want one per column (${word.length})`);
  return { zeroAt, delta };
}

/** col[x] for x < n straight from the rules (O(n^3), n small): the initial interference region. */
function initialColumns(moves: GameDictionary['extraMoves'], n: number): Int32Array {
  const P = new Uint8Array(n * n);
  const oriented = moves.flatMap(([k, l]) => [[k, l], [l, k]] as const);
  const col = new Int32Array(n).fill(-1);
  for (let x = 0; x < n; x++)
    for (let y = 0; y < n; y++) {
      let p = true;
      for (let i = 1; p && i <= x; i++) p = !P[(x - i) * n + y];
      for (let i = 1; p && i <= y; i++) p = !P[x * n + y - i];
      for (let i = 1; p && i <= x && i <= y; i++) p = !P[(x - i) * n + y - i];
      for (const [k, l] of oriented) if (p && x >= k && y >= l) p = !P[(x - k) * n + y - l];
      if (p) (P[x * n + y] = 1), (col[x] = y);
    }
  return col;
}
