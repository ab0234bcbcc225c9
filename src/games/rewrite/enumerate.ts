/**
 * The Grundy value of every word of length 0..N of a rewrite game, length by length (seed
 * taking-and-merging, sections 3 and 4: the max-Grundy-by-length computations), each length from
 * the shorter ones. Rules must not lengthen words; rules that keep the length are solved inside
 * their length by an explicit-stack search (cycles are reported, depth is bounded).
 */
import { memoryBudget } from '../../core/budget.js';
import { CycleError, InputError, InterruptedError, LimitError } from '../../core/errors.js';
import { WorkerPool } from '../../core/pool.js';
import {
  compileRules,
  fillRange,
  forEachOption,
  hasLengthPreservingRule,
  mirrorRange,
  mirroredByFill,
  TOO_BIG,
  usesFastPath,
  type KernelSpec,
  type RangeResult,
  type RangeTask,
} from './kernel.js';
import { type PackedLayout, MAX_TABLE_BYTES, checkFits, decodeWord, encodeWord, packedLayout } from './packed.js';
import { type RewriteRule, alphabetOf, formatRule } from './rules.js';
import type { Stop } from '../../core/stop.js';

/**
 * What one length looks like (the `sprague lengths` line).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface LengthStats {
  length: number;
  words: number;
  /** Max Grundy value over words of exactly this length. */
  maxGrundy: number;
  /** Max over all lengths <= this one: the papers' sequence (spec NOTES.md). */
  runningMax: number;
  /** counts[g] = number of words of this length with Grundy value g. */
  counts: number[];
  /** When this length raises the running maximum: its first words (lexicographic) of the new max. */
  firstWordsReachingMax: string[];
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface EnumerateOptions {
  /** Worker threads; 1 (the default) computes in this thread. */
  threads?: number;
  /** Refuse up front when the table would need more bytes (default: half the machine's memory). */
  maxBytes?: number;
  /** For length-keeping rules: the longest chain of same-length moves explored (a LimitError beyond). */
  maxDepth?: number;
  signal?: Stop;
  /** Called as words are finished: done of total words of `length`. */
  onProgress?(length: number, done: number, total: number): void;
  /** Called when a length is finished, with its values (e.g. to write a checkpoint). */
  onLength?(stats: LengthStats, values: Uint8Array): void | Promise<void>;
  /** Lengths already computed (from a checkpoint): their stats, and a loader of their values. */
  resume?: { stats: LengthStats[]; load(length: number, into: Uint8Array): void };
}

/**
 * The finished table: values of all words of lengths 0..lengths.length-1.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class GrundyTable {
  constructor(
    readonly rules: readonly RewriteRule[],
    readonly layout: PackedLayout,
    readonly values: Uint8Array,
    readonly lengths: LengthStats[],
  ) {}

  get maxLength(): number {
    return this.lengths.length - 1;
  }

  /** The Grundy value of a word in the table. */
  grundy(word: string): number {
    const n = [...word].length;
    const w = encodeWord(this.layout, word);
    if (w < 0) throw new InputError(`the word ${JSON.stringify(word)} uses a letter that no rule uses`);
    if (n > this.maxLength) throw new InputError(`the word ${JSON.stringify(word)} is longer than the table (${this.maxLength})`);
    return this.values[this.layout.offsets[n]! + w]!;
  }

  /** Values of the words of one length, in lexicographic order. */
  ofLength(n: number): Uint8Array {
    return this.values.subarray(this.layout.offsets[n]!, this.layout.offsets[n + 1]!);
  }

  /** The words of length n in the Grundy language L_g (seed section 1), lexicographic order. */
  *language(g: number, n: number): Generator<string> {
    const vals = this.ofLength(n);
    for (let w = vals.indexOf(g); w >= 0; w = vals.indexOf(g, w + 1)) yield decodeWord(this.layout, n, w);
  }
}

/** The letters of a rule set in a fixed (code point) order: digit d is letter d. */
export function alphabetFor(rules: readonly RewriteRule[]): string[] {
  return alphabetOf(rules).sort();
}

function checkRules(rules: readonly RewriteRule[]): void {
  if (rules.length === 0) throw new InputError('a rewrite game needs at least one rule');
  for (const r of rules) {
    if (r.lhs.length === 0) throw new InputError(`rule ${formatRule(r)}: empty left side`);
    if (r.rhs.length > r.lhs.length) {
      throw new InputError(`rule ${formatRule(r)} lengthens the word: enumeration by length needs |u| >= |v|`);
    }
  }
}

function prepare(rules: readonly RewriteRule[], maxLength: number, options: EnumerateOptions) {
  checkRules(rules);
  const layout = packedLayout(alphabetFor(rules), maxLength);
  checkFits(layout, options.maxBytes ?? Math.min(MAX_TABLE_BYTES, memoryBudget()));
  return { layout, spec: compileRules(layout, rules) };
}

/** Statistics of one finished length, from its counts. */
function lengthStats(layout: PackedLayout, values: Uint8Array, n: number, counts: number[], previousMax: number): LengthStats {
  const maxGrundy = counts.length - 1;
  const runningMax = Math.max(maxGrundy, previousMax);
  const firstWordsReachingMax: string[] = [];
  if (maxGrundy > previousMax) {
    const vals = values.subarray(layout.offsets[n]!, layout.offsets[n + 1]!);
    for (let w = vals.indexOf(maxGrundy); w >= 0 && firstWordsReachingMax.length < 3; w = vals.indexOf(maxGrundy, w + 1)) {
      firstWordsReachingMax.push(decodeWord(layout, n, w));
    }
  }
  return { length: n, words: layout.powers[n]!, maxGrundy, runningMax, counts, firstWordsReachingMax };
}

function addCounts(into: number[], more: number[]): void {
  for (let g = 0; g < more.length; g++) into[g] = (into[g] ?? 0) + more[g]!;
}

/**
 * Solves one length whose rules may keep the length: a depth-first search with an explicit stack
 * over the same-length options, values of shorter words read from the table.
 */
function fillLengthPreserving(values: Uint8Array, layout: PackedLayout, spec: KernelSpec, n: number, maxDepth: number): number[] {
  const total = layout.powers[n]!;
  const base = layout.offsets[n]!;
  const state = new Uint8Array(total); // 0 new, 1 on the stack, 2 done
  const counts: number[] = [];
  const stamp = new Float64Array(257).fill(-1);
  const stack: number[] = [];
  for (let root = 0; root < total; root++) {
    if (state[root] === 2) continue;
    stack.push(root);
    state[root] = 1;
    while (stack.length > 0) {
      const w = stack[stack.length - 1]!;
      let pending = -1;
      forEachOption(spec, n, w, (len, child) => {
        if (pending >= 0 || len !== n) return;
        if (state[child] === 1) {
          const from = stack.indexOf(child);
          throw new CycleError([...stack.slice(from), child].map((x) => decodeWord(layout, n, x) || 'ε'));
        }
        if (state[child] === 0) pending = child;
      });
      if (pending >= 0) {
        if (stack.length >= maxDepth) {
          throw new LimitError(`a chain of more than ${maxDepth} same-length moves from words of length ${n}`, 'depth');
        }
        state[pending] = 1;
        stack.push(pending);
        continue;
      }
      forEachOption(spec, n, w, (len, child) => {
        stamp[values[layout.offsets[len]! + child]!] = w;
      });
      let g = 0;
      while (stamp[g] === w) g++;
      if (g > 255) throw new LimitError(TOO_BIG, 'grundyValue');
      values[base + w] = g;
      counts[g] = (counts[g] ?? 0) + 1;
      state[w] = 2;
      stack.pop();
    }
  }
  for (let g = 0; g < counts.length; g++) counts[g] ??= 0;
  return counts;
}

/** Whether a length's fill leaves words of a class unwritten, for a mirror phase to copy (the fast path's generated kernel). */
function needsMirror(spec: KernelSpec, n: number, narrow: boolean): boolean {
  return usesFastPath(spec, narrow) && !mirroredByFill(spec.take!, n);
}

/** The words a single task covers: big enough to pay for a message, small enough to balance. */
const MIN_PARALLEL_WORDS = 1 << 15;

/**
 * The most words in one slice: a few tens of milliseconds of the kernel, so that a stop is seen that soon
 * (a length of 2^30 words is otherwise cut into slices of seconds).
 */
const MAX_SLICE_WORDS = 1 << 20;

/**
 * The words 0..total-1 of one length cut into slices [lo, hi) of equal size (the last shorter): at most
 * `maxSlices` of them unless that would make one longer than MAX_SLICE_WORDS, none smaller than
 * MIN_PARALLEL_WORDS unless the whole length is.
 */
function wordSlices(total: number, maxSlices: number): { lo: number; hi: number }[] {
  const count = Math.max(Math.ceil(total / MAX_SLICE_WORDS), Math.min(Math.ceil(total / MIN_PARALLEL_WORDS), maxSlices));
  const step = Math.max(1, Math.ceil(total / count));
  const slices: { lo: number; hi: number }[] = [];
  for (let lo = 0; lo < total; lo += step) slices.push({ lo, hi: Math.min(total, lo + step) });
  return slices;
}

/** Lets this thread's events run (a Ctrl-C handler, a progress bar) between slices. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** One length to fill: its words, the kernel, and what the caller wants told (progress, abort, partial table). */
interface LengthFill {
  spec: KernelSpec;
  n: number;
  total: number;
  narrow: boolean;
  options: EnumerateOptions;
  partial: () => GrundyTable;
}

/** One length in this thread, slice by slice (so that an abort is seen between slices). */
function fillLengthHere(values: Uint8Array, { spec, n, total, narrow, options, partial }: LengthFill): number[] {
  const counts: number[] = [];
  for (const { lo, hi } of wordSlices(total, 64)) {
    if (options.signal?.aborted) throw new InterruptedError(partial());
    addCounts(counts, fillRange(values, spec, n, lo, hi, narrow).counts);
    options.onProgress?.(n, hi, total);
  }
  if (needsMirror(spec, n, narrow)) mirrorRange(values, spec.take!, n, 0, total);
  return counts;
}

/**
 * One length in this thread, slice by slice, letting the thread's events run between slices: the caller's
 * stop signal (a Ctrl-C handler in this thread) is then raised, and seen, within a slice.
 */
async function fillLengthTurns(values: Uint8Array, { spec, n, total, narrow, options, partial }: LengthFill): Promise<number[]> {
  const counts: number[] = [];
  const slices = wordSlices(total, 64);
  for (const { lo, hi } of slices) {
    await nextTurn();
    if (options.signal?.aborted) throw new InterruptedError(partial());
    addCounts(counts, fillRange(values, spec, n, lo, hi, narrow).counts);
    options.onProgress?.(n, hi, total);
  }
  if (!needsMirror(spec, n, narrow)) return counts;
  for (const { lo, hi } of slices) {
    await nextTurn();
    if (options.signal?.aborted) throw new InterruptedError(partial());
    mirrorRange(values, spec.take!, n, lo, hi);
  }
  return counts;
}

/** One length split into slices over the pool; the mirror phase waits for every fill. */
async function fillLengthOnPool(
  pool: WorkerPool<RangeTask, RangeResult>,
  buffer: SharedArrayBuffer,
  { spec, n, total, narrow, options, partial }: LengthFill,
): Promise<number[]> {
  const tasks: RangeTask[] = wordSlices(total, pool.size * 32).map(({ lo, hi }) => ({ phase: 'fill', buffer, spec, n, lo, hi, narrow }));
  const counts: number[] = [];
  let done = 0;
  const stopped = () => options.signal?.aborted === true;
  try {
    await pool.runAll(tasks, (r, i) => {
      addCounts(counts, r.counts);
      done += tasks[i]!.hi - tasks[i]!.lo;
      options.onProgress?.(n, done, total);
    }, stopped);
    if (!stopped() && needsMirror(spec, n, narrow)) {
      await pool.runAll(tasks.map((t) => ({ ...t, phase: 'mirror' as const })), undefined, stopped);
    }
  } catch (e) {
    // Errors cross the thread boundary as plain errors: give the typed one back.
    throw e instanceof Error && e.message === TOO_BIG ? new LimitError(TOO_BIG, 'grundyValue', partial()) : e;
  }
  if (stopped()) throw new InterruptedError(partial());
  return counts;
}

/**
 * Every word of length 0..maxLength. With threads > 1 the words of each length are split over a
 * worker pool sharing one table; with one thread they are computed here, the thread's events running
 * between slices. Interruptible between slices: the InterruptedError carries the GrundyTable of the
 * lengths finished so far.
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function enumerateByLength(
  rules: readonly RewriteRule[],
  maxLength: number,
  options: EnumerateOptions = {},
): Promise<GrundyTable> {
  const { layout, spec } = prepare(rules, maxLength, options);
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const preserving = hasLengthPreservingRule(spec);
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  const size = layout.offsets[maxLength + 1]!;
  const buffer = threads > 1 ? new SharedArrayBuffer(size) : new ArrayBuffer(size);
  const values = new Uint8Array(buffer);
  const lengths: LengthStats[] = [];
  const start = resumeFrom(options, layout, values, lengths, maxLength);
  let pool: WorkerPool<RangeTask, RangeResult> | undefined;
  const partial = () => new GrundyTable(rules, layout, values, lengths.slice());
  try {
    for (let n = start; n <= maxLength; n++) {
      if (options.signal?.aborted) throw new InterruptedError(partial());
      const total = layout.powers[n]!;
      const narrow = (lengths[n - 1]?.runningMax ?? 0) <= 30;
      options.onProgress?.(n, 0, total);
      let counts: number[];
      if (preserving) counts = fillLengthPreserving(values, layout, spec, n, maxDepth);
      else if (threads === 1 || total < MIN_PARALLEL_WORDS) counts = await fillLengthTurns(values, { spec, n, total, narrow, options, partial });
      else {
        pool ??= new WorkerPool<RangeTask, RangeResult>(new URL('./enumerate-worker.js', import.meta.url), threads);
        counts = await fillLengthOnPool(pool, buffer as SharedArrayBuffer, { spec, n, total, narrow, options, partial });
      }
      const stats = lengthStats(layout, values, n, counts, lengths[n - 1]?.runningMax ?? -1);
      lengths.push(stats);
      await options.onLength?.(stats, values.subarray(layout.offsets[n]!, layout.offsets[n + 1]!));
    }
  } finally {
    await pool?.close();
  }
  return new GrundyTable(rules, layout, values, lengths);
}

/**
 * The same in this thread, synchronously (small tables, tests).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function enumerateByLengthSync(
  rules: readonly RewriteRule[],
  maxLength: number,
  options: Omit<EnumerateOptions, 'threads' | 'onLength'> = {},
): GrundyTable {
  const { layout, spec } = prepare(rules, maxLength, options);
  const values = new Uint8Array(layout.offsets[maxLength + 1]!);
  const lengths: LengthStats[] = [];
  const start = resumeFrom(options, layout, values, lengths, maxLength);
  const preserving = hasLengthPreservingRule(spec);
  const partial = () => new GrundyTable(rules, layout, values, lengths.slice());
  for (let n = start; n <= maxLength; n++) {
    if (options.signal?.aborted) throw new InterruptedError(partial());
    const total = layout.powers[n]!;
    const narrow = (lengths[n - 1]?.runningMax ?? 0) <= 30;
    const counts = preserving
      ? fillLengthPreserving(values, layout, spec, n, options.maxDepth ?? Number.POSITIVE_INFINITY)
      : fillLengthHere(values, { spec, n, total, narrow, options, partial });
    options.onProgress?.(n, total, total);
    lengths.push(lengthStats(layout, values, n, counts, lengths[n - 1]?.runningMax ?? -1));
  }
  return new GrundyTable(rules, layout, values, lengths);
}

function resumeFrom(
  options: EnumerateOptions,
  layout: PackedLayout,
  values: Uint8Array,
  lengths: LengthStats[],
  maxLength: number,
): number {
  const r = options.resume;
  if (!r) return 0;
  const upto = Math.min(r.stats.length, maxLength + 1);
  for (let n = 0; n < upto; n++) {
    r.load(n, values.subarray(layout.offsets[n]!, layout.offsets[n + 1]!));
    lengths.push(r.stats[n]!);
  }
  return upto;
}
