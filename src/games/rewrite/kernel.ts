/**
 * The hot loops of the enumeration by length: the Grundy value of every word of one length in a
 * range [lo, hi), read from the packed table of shorter lengths (see packed.ts). Plain data in,
 * plain data out, so a worker thread can run them on a shared table.
 */
import { LimitError } from '../../core/errors.js';
import type { PackedLayout } from './packed.js';
import type { RewriteRule } from './rules.js';

/** The table stores one byte per word. */
export const TOO_BIG = 'a Grundy value above 255: the one-byte table cannot hold it';

/** A rule u -> v with both sides as base-radix integers (first letter most significant). */
export interface CompiledRule {
  readonly lhs: number;
  readonly lhsLen: number;
  readonly rhs: number;
  readonly rhsLen: number;
  /**
   * The digit c when u = c^k and v = c^j: every occurrence inside one block of c's gives the same
   * word, so only one occurrence per block is tried (options deduplicated). Else -1.
   */
  readonly block: number;
}

/** Everything a kernel needs besides the table; structured-clonable. */
export interface KernelSpec {
  readonly radix: number;
  readonly offsets: readonly number[];
  readonly powers: readonly number[];
  readonly rules: readonly CompiledRule[];
  /**
   * Present for a taking-and-merging game on two letters (seed section 1): take[d] lists the k,
   * ascending, with d^k -> ε a rule. Enables the block-level bit kernel.
   */
  readonly take?: readonly [readonly number[], readonly number[]];
}

export function compileRules(layout: PackedLayout, rules: readonly RewriteRule[]): KernelSpec {
  const digits = (s: string) => [...s].map((c) => layout.alphabet.indexOf(c));
  const num = (ds: number[]) => ds.reduce((acc, d) => acc * layout.radix + d, 0);
  const seen = new Set<string>();
  const compiled: CompiledRule[] = [];
  for (const r of rules) {
    const key = `${r.lhs}\u0000${r.rhs}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const l = digits(r.lhs);
    const v = digits(r.rhs);
    const c = l[0]!;
    const block = l.every((d) => d === c) && v.every((d) => d === c) ? c : -1;
    compiled.push({ lhs: num(l), lhsLen: l.length, rhs: num(v), rhsLen: v.length, block });
  }
  const spec: KernelSpec = { radix: layout.radix, offsets: layout.offsets, powers: layout.powers, rules: compiled };
  const takingAndMerging = compiled.every((r) => r.block >= 0 && r.rhsLen === 0);
  if (layout.radix === 2 && takingAndMerging && layout.maxLength <= 30) {
    const take: [number[], number[]] = [[], []];
    for (const r of compiled) take[r.block]!.push(r.lhsLen);
    take[0].sort((x, y) => x - y);
    take[1].sort((x, y) => x - y);
    return { ...spec, take };
  }
  return spec;
}

/** True when some rule keeps the length (its options of the same length need an order). */
export function hasLengthPreservingRule(spec: KernelSpec): boolean {
  return spec.rules.some((r) => r.lhsLen === r.rhsLen);
}

/** One slice of one length, as sent to a worker: the table is shared, not copied. */
export interface RangeTask {
  /** 'fill' solves words, 'mirror' copies the rest of each class (fast path, after every fill of the length). */
  phase: 'fill' | 'mirror';
  buffer: SharedArrayBuffer;
  spec: KernelSpec;
  n: number;
  lo: number;
  hi: number;
  narrow: boolean;
}

export interface RangeResult {
  /** counts[g] = number of words in the range with Grundy value g. */
  counts: number[];
}

/** The fast path applies: binary taking-and-merging with every shorter value <= 30. */
export function usesFastPath(spec: KernelSpec, narrow: boolean): boolean {
  return spec.take !== undefined && narrow;
}

/**
 * Fills table[offset(n) + w] for lo <= w < hi. Requires every rule to shorten the word; `narrow`
 * (all values of shorter words <= 30) allows the 32-bit mex mask of the fast kernel. On the fast
 * path only the least word of each class is solved (see takingAndMergingRange): unless
 * `mirroredByFill` (the split kernel writes the whole class), `mirrorRange` copies the others
 * afterwards (the counts already include them). A range [lo, hi) is of the path's own order of the
 * words, not always their values; the slices of [0, 2^n) together cover every word once.
 */
export function fillRange(table: Uint8Array, spec: KernelSpec, n: number, lo: number, hi: number, narrow: boolean): RangeResult {
  if (usesFastPath(spec, narrow)) return takingAndMergingRange(table, spec.take!, n, lo, hi);
  return generalRange(table, spec, n, lo, hi);
}

/** REV8[x] = x with its 8 bits in reverse order. */
const REV8 = new Uint8Array(256).map((_, x) => {
  let r = 0;
  for (let b = 0; b < 8; b++) if ((x >> b) & 1) r |= 1 << (7 - b);
  return r;
});

type Kernel = (table: Uint8Array, rev8: Uint8Array, counts: Int32Array, lo: number, hi: number) => void;
const kernels = new Map<string, Kernel>();

/**
 * True when the two letters have the same exponents: swapping a and b maps the game to itself, so
 * G(w) = G(complement of w).
 */
export function lettersSymmetric(take: readonly [readonly number[], readonly number[]]): boolean {
  return take[0].join(',') === take[1].join(',');
}

/**
 * Binary taking-and-merging words as bit patterns. Deleting a^k anywhere inside one block of equal
 * letters gives the same word, so options are enumerated once per (block, rule): block boundaries
 * are the set bits of w ^ (w >> 1). The mex is the lowest clear bit of a 32-bit mask. A word and
 * its reverse have the same value (the rules are palindromes), and so do a word and its complement
 * when the letters are symmetric: only the least word of each such class is solved here.
 */
export function takingAndMergingRange(
  table: Uint8Array,
  take: readonly [readonly number[], readonly number[]],
  n: number,
  lo: number,
  hi: number,
): RangeResult {
  const counts = new Int32Array(33);
  if (usesSplit(take, n)) splitRange(table, take, n, lo, hi, counts);
  else takingAndMergingKernel(take, n)(table, REV8, counts, lo, hi);
  return { counts: trimCounts(counts) };
}

/** Bits of the low part x in the split kernel: w = (y << SPLIT) | x. */
const SPLIT = 8;

/** Bits of each end of a word in the mirror's order (and the split kernel's): blocks of 2^MIRROR_BITS x 2^MIRROR_BITS words. */
const MIRROR_BITS = 6;

/** Options of the blocks of x (SPLIT bits), for the split kernel; see `splitRange`. */
interface LowOptions {
  /** [complete, straddling]: the options of blocks of x, the top block left out when it straddles. */
  k: [Int32Array, Int32Array];
  child: [Int32Array, Int32Array];
  start: [Int32Array, Int32Array];
  /** Where the top block of x begins. */
  topStart: Int32Array;
}

const lowOptionsCache = new Map<string, LowOptions>();

function lowOptions(take: readonly [readonly number[], readonly number[]]): LowOptions {
  const key = `${take[0].join(',')}/${take[1].join(',')}`;
  const cached = lowOptionsCache.get(key);
  if (cached) return cached;
  const X = 1 << SPLIT;
  const ks: [number[], number[]] = [[], []];
  const children: [number[], number[]] = [[], []];
  const start = [new Int32Array(X + 1), new Int32Array(X + 1)] as [Int32Array, Int32Array];
  const topStart = new Int32Array(X);
  for (const straddles of [0, 1] as const) {
    for (let x = 0; x < X; x++) {
      start[straddles][x] = ks[straddles].length;
      for (let s = 0; s < SPLIT; ) {
        const bit = (x >>> s) & 1;
        let e = s;
        while (e < SPLIT && ((x >>> e) & 1) === bit) e++;
        if (e === SPLIT) topStart[x] = s;
        if (!(straddles && e === SPLIT)) {
          for (const k of take[bit]!) {
            if (k > e - s) break;
            ks[straddles].push(k);
            children[straddles].push((x & ((1 << s) - 1)) | ((x >>> (s + k)) << s));
          }
        }
        s = e;
      }
    }
    start[straddles][X] = ks[straddles].length;
  }
  const out: LowOptions = {
    k: [Int32Array.from(ks[0]), Int32Array.from(ks[1])],
    child: [Int32Array.from(children[0]), Int32Array.from(children[1])],
    start,
    topStart,
  };
  lowOptionsCache.set(key, out);
  return out;
}

/**
 * The same values as the generated kernel, about 30% faster for long words: w = (y << 8) | x. The
 * options from blocks inside y are offsets that depend on y only, those from blocks inside x are
 * children that depend on x only (tabulated once); only the block across bit 8, when there is one,
 * is walked per word. Class representatives and counts as in `takingAndMergingRange`; unlike the
 * generated kernel it also writes the value to the rest of each class (no mirror phase after it:
 * `mirroredByFill`).
 *
 * `lo`, `hi` index the words in the order the kernel visits them, not by value (the slices of
 * [0, 2^n) together cover each word once): index (j << 8) | x is the word (y << 8) | x with
 * y = (t << (H - 6)) | m for j = (m << 6) | t, so that 64 y's in a row differ in their first 6 bits,
 * and the reverses of their words, which end with those bits reversed, share cache lines.
 */
function splitRange(
  table: Uint8Array,
  take: readonly [readonly number[], readonly number[]],
  n: number,
  lo: number,
  hi: number,
  counts: Int32Array,
): void {
  const low = lowOptions(take);
  const swap = lettersSymmetric(take);
  const H = n - SPLIT;
  const mask = (1 << n) - 1;
  const out = (1 << n) - 1;
  const R = REV8;
  const T = table;
  const t0 = Int32Array.from(take[0]);
  const t1 = Int32Array.from(take[1]);
  const kmax = Math.max(...take[0], ...take[1]);
  const yoff = new Int32Array(kmax + 1);
  const high = [new Int32Array(2 * n * (kmax + 1)), new Int32Array(2 * n * (kmax + 1))];
  const highLen = [0, 0];
  const P = H >= 2 * MIRROR_BITS ? MIRROR_BITS : 0;
  for (let yi = lo >>> SPLIT; yi <= (hi - 1) >>> SPLIT; yi++) {
    // Without a branch on P: a branch first taken at length 20 would send V8 back to the interpreter.
    const y = ((yi & ((1 << P) - 1)) << (H - P)) | (yi >>> P);
    const yRev = reverseBits(y, H);
    for (let k = 1; k <= kmax; k++) yoff[k] = (1 << (n - k)) - 1 + (y << (SPLIT - k));
    // Options of the blocks of y: offsets base_k + (child of y << SPLIT); the lowest block is left
    // out when it straddles bit SPLIT.
    for (let straddles = 0; straddles < 2; straddles++) {
      const list = high[straddles]!;
      let m = 0;
      for (let s = 0; s < H; ) {
        const bit = (y >>> s) & 1;
        let e = s;
        while (e < H && ((y >>> e) & 1) === bit) e++;
        if (!(straddles === 1 && s === 0)) {
          const ks = bit ? t1 : t0;
          for (let j = 0; j < ks.length; j++) {
            const k = ks[j]!;
            if (k > e - s) break;
            list[m++] = (1 << (n - k)) - 1 + (((y & ((1 << s) - 1)) | ((y >>> (s + k)) << s)) << SPLIT);
          }
        }
        s = e;
      }
      highLen[straddles] = m;
    }
    const ybit = y & 1;
    let yrun = 0;
    while (yrun < H && ((y >>> yrun) & 1) === ybit) yrun++;
    const ks = ybit ? t1 : t0;
    const yw = y << SPLIT;
    const xlo = Math.max(lo - (yi << SPLIT), 0);
    const xhi = Math.min(hi - (yi << SPLIT), 1 << SPLIT);
    // The reverse of w is x reversed, then y reversed: when x reversed falls short of w's first SPLIT
    // bits with x = 0 (y's first bits), w is not the least of {w, reverse}. Only the x with
    // REV8[x] >= top are visited (no coin-toss branch per word).
    const top = (y << SPLIT) >>> H;
    // Two passes, the words whose top block of x straddles bit SPLIT (x's first bit, q's last, is y's
    // last) and the others, so that each pass's option lists are fixed.
    for (let straddles = 0; straddles < 2; straddles++) {
      const hl = high[straddles]!;
      const hm = highLen[straddles]!;
      const lk = low.k[straddles]!;
      const lc = low.child[straddles]!;
      const ls = low.start[straddles]!;
      const parity = straddles === 1 ? ybit : 1 - ybit;
      for (let q = top + ((top ^ parity) & 1); q < 1 << SPLIT; q += 2) {
        const x = R[q]!;
        if (x < xlo || x >= xhi) continue;
        const w = yw | x;
        const r = (q << H) | yRev;
        if (r < w) continue;
        let size = r === w ? 1 : 2;
        if (swap) {
          const c = ~w & mask;
          const rc = ~r & mask;
          if (c < w || rc < w) continue;
          size = 1 + (r !== w ? 1 : 0) + (c !== w && c !== r ? 1 : 0) + (rc !== w && rc !== r && rc !== c ? 1 : 0);
        }
        let seen = 0;
        for (let j = 0; j < hm; j++) seen |= 1 << T[hl[j]! + x]!;
        for (let j = ls[x]!, end = ls[x + 1]!; j < end; j++) seen |= 1 << T[yoff[lk[j]!]! + lc[j]!]!;
        if (straddles === 1) {
          const s0 = low.topStart[x]!;
          const len = SPLIT + yrun - s0;
          const keep = w & ((1 << s0) - 1);
          for (let j = 0; j < ks.length; j++) {
            const k = ks[j]!;
            if (k > len) break;
            seen |= 1 << T[(1 << (n - k)) - 1 + (keep | ((w >>> (s0 + k)) << s0))]!;
          }
        }
        const g = 31 - Math.clz32(~seen & (seen + 1));
        T[out + w] = g;
        T[out + r] = g;
        if (swap) {
          T[out + (~w & mask)] = g;
          T[out + (~r & mask)] = g;
        }
        counts[g]! += size;
      }
    }
  }
}

/** Whether the fill of length n already wrote every word (the split kernel), so that no mirror phase follows. */
export function mirroredByFill(take: readonly [readonly number[], readonly number[]], n: number): boolean {
  return usesSplit(take, n);
}

function usesSplit(take: readonly [readonly number[], readonly number[]], n: number): boolean {
  return n >= SPLIT + 2 && Math.max(...take[0], ...take[1]) <= SPLIT;
}

/**
 * The kernel for one length, generated with the exponents and table offsets as constants: V8 then
 * compiles the rule loop into straight-line code (about 1.5x faster than looping over the rules).
 */
function takingAndMergingKernel(take: readonly [readonly number[], readonly number[]], n: number): Kernel {
  const key = `${take[0].join(',')}/${take[1].join(',')}/${n}`;
  let k = kernels.get(key);
  if (k) return k;
  const swap = lettersSymmetric(take);
  const mask = n === 0 ? 0 : n === 32 ? -1 : (1 << n) - 1;
  // Options of one block [s, e) of letter d: delete d^k for each rule k <= e - s (ascending).
  const block = (ks: readonly number[]) =>
    ks
      .filter((k) => k <= n)
      .map(
        (k) =>
          `if (len < ${k}) { s = e; continue; } seen |= 1 << T[${(1 << (n - k)) - 1} + (keep | ((w >>> (s + ${k})) << s))];`,
      )
      .join('\n');
  // The class of w: w, its reverse r, and with swapped letters its complement c and c's reverse rc.
  const classOf = swap
    ? `const c = ~w & ${mask}; const rc = ~r & ${mask};
       if (r < w || c < w || rc < w) continue;
       const size = 1 + (r !== w ? 1 : 0) + (c !== w && c !== r ? 1 : 0) + (rc !== w && rc !== r && rc !== c ? 1 : 0);`
    : `if (r < w) continue;
       const size = r === w ? 1 : 2;`;
  const src = `
    for (let w = lo; w < hi; w++) {
      const r = ((R[w & 255] << 24) | (R[(w >>> 8) & 255] << 16) | (R[(w >>> 16) & 255] << 8) | R[w >>> 24]) >>> ${32 - n};
      ${classOf}
      let seen = 0;
      let bnd = (w ^ (w >>> 1)) & ${n > 1 ? (1 << (n - 1)) - 1 : 0};
      let s = 0;
      while (s < ${n}) {
        let e = ${n};
        if (bnd !== 0) { const low = bnd & -bnd; e = 32 - Math.clz32(low); bnd ^= low; }
        const len = e - s;
        const keep = w & ((1 << s) - 1);
        if (((w >>> s) & 1) === 0) { ${block(take[0])} } else { ${block(take[1])} }
        s = e;
      }
      const g = 31 - Math.clz32(~seen & (seen + 1));
      T[${(1 << n) - 1} + w] = g;
      C[g] += size;
    }`;
  k = new Function('T', 'R', 'C', 'lo', 'hi', src) as Kernel;
  kernels.set(key, k);
  return k;
}

/**
 * Second phase of the fast path: a word not solved by the kernel takes the value of the least
 * word of its class (its reverse, and with symmetric letters its complement or their composition).
 *
 * `lo`, `hi` index the words in a cache-friendly order, not by value (every slice of [0, 2^n) together
 * covers each word once): index (m << 2B) | (t << B) | l is the word (t << (n - B)) | (m << B) | l, top
 * bits t, middle bits m, low bits l (B = MIRROR_BITS). Word by word in value order, the reverses land
 * 2^n / 2 apart in turn, a cache miss and a TLB miss each (at length 26 that took twice the kernel's
 * own time); in this order a block of 2^2B words reads and writes 2^B lines of 2^B words, for the words
 * as for their reverses and complements.
 */
export function mirrorRange(
  table: Uint8Array,
  take: readonly [readonly number[], readonly number[]],
  n: number,
  lo: number,
  hi: number,
): void {
  const swap = lettersSymmetric(take);
  const out = (1 << n) - 1;
  const mask = n === 0 ? 0 : (1 << n) - 1;
  const B = n >= 2 * MIRROR_BITS + 1 ? MIRROR_BITS : 0;
  const low = (1 << B) - 1;
  // The reverse of (top | middle) | l is its reverse | revLow[l].
  const revLow = new Int32Array(1 << B).map((_, l) => reverseBits(l, n));
  for (let i = lo; i < hi; ) {
    const end = Math.min(hi, ((i >>> B) + 1) << B);
    const high = B === 0 ? 0 : (((i >>> B) & low) << (n - B)) | ((i >>> (2 * B)) << B);
    const highReversed = reverseBits(high, n);
    for (; i < end; i++) {
      const l = i & low;
      const w = B === 0 ? i : high | l;
      const r = B === 0 ? reverseBits(w, n) : highReversed | revLow[l]!;
      let least = r < w ? r : w;
      if (swap) {
        const c = ~w & mask;
        const rc = ~r & mask;
        if (c < least) least = c;
        if (rc < least) least = rc;
      }
      // Unconditional: whether least < w is a coin toss, which a branch pays for in mispredictions.
      table[out + w] = table[out + least]!;
    }
  }
}

/** The n-bit word w read backwards. */
function reverseBits(w: number, n: number): number {
  const R = REV8;
  return ((R[w & 255]! << 24) | (R[(w >>> 8) & 255]! << 16) | (R[(w >>> 16) & 255]! << 8) | R[w >>> 24]!) >>> (32 - n);
}

/**
 * Any rules that shorten the word, any radix: each occurrence of each left side, found digit by
 * digit, with a stamp array for the mex (values up to 255).
 */
export function generalRange(table: Uint8Array, spec: KernelSpec, n: number, lo: number, hi: number): RangeResult {
  const stamp = new Float64Array(257).fill(-1);
  const counts = new Int32Array(257);
  const base = spec.offsets[n]!;
  const { powers, radix, offsets } = spec;
  const rules = spec.rules.filter((r) => r.lhsLen <= n);
  for (let w = lo; w < hi; w++) {
    // forEachOption, inlined: this loop is the general path's hot spot.
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i]!;
      const span = powers[r.lhsLen]!;
      const at = offsets[n - r.lhsLen + r.rhsLen]!;
      for (let p = 0, above = w; p + r.lhsLen <= n; p++, above = Math.floor(above / radix)) {
        if (above % span !== r.lhs) continue;
        const high = Math.floor(above / span);
        if (r.block >= 0 && p + r.lhsLen < n && high % radix === r.block) continue;
        const pu = powers[p]!;
        stamp[table[at + (w % pu) + pu * r.rhs + powers[p + r.rhsLen]! * high]!] = w;
      }
    }
    let g = 0;
    while (stamp[g] === w) g++;
    if (g > 255) throw new LimitError(TOO_BIG, 'grundyValue');
    table[base + w] = g;
    counts[g]!++;
  }
  return { counts: trimCounts(counts) };
}

/** Calls visit(length, integer) for each option of the word w of length n (deduplicated per block). */
export function forEachOption(spec: KernelSpec, n: number, w: number, visit: (length: number, child: number) => void): void {
  const { powers, radix } = spec;
  for (const r of spec.rules) {
    if (r.lhsLen > n) continue;
    const span = powers[r.lhsLen]!;
    const len = n - r.lhsLen + r.rhsLen;
    for (let p = 0; p + r.lhsLen <= n; p++) {
      const pu = powers[p]!;
      const above = Math.floor(w / pu);
      if (above % span !== r.lhs) continue;
      // The first letter of the word is the most significant digit: an occurrence one place higher
      // covers the same block, so the highest occurrence in a block stands for all of them.
      if (r.block >= 0 && p + r.lhsLen < n && Math.floor(above / span) % radix === r.block) continue;
      const high = Math.floor(above / span);
      visit(len, (w % pu) + pu * r.rhs + powers[p + r.rhsLen]! * high);
    }
  }
}

function trimCounts(counts: Int32Array): number[] {
  let top = counts.length;
  while (top > 0 && counts[top - 1] === 0) top--;
  return Array.from(counts.subarray(0, top));
}
