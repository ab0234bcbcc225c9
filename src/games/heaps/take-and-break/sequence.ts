/**
 * Long runs of a take-and-break game's Grundy sequence: the kernel (kernel.ts) driven in chunks of
 * about a tenth of a second, with the period found and certified as the values grow (certificate.ts),
 * resumable checkpoints (checkpoint.ts), an AbortSignal and a progress callback.
 */
import { InterruptedError } from '../../../core/errors.js';
import { plainFingerprint, type SequenceFingerprint } from '../../../core/kernel.js';
import type { TakeAndBreakCode } from './code.js';
import { loadCheckpoint, saveCheckpoint } from './checkpoint.js';
import { certifyValues, PeriodTracker, type PeriodCertificate } from './certificate.js';
import { parity, splitParity, TakeAndBreakKernel, type KernelStats, type Values } from './kernel.js';
import { movesOf } from './moves.js';
import { recentRuns } from './reuse.js';
import type { Stop } from '../../../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface TakeAndBreakOptions {
  /** Use the sparse-space path when a good class exists (default true); false runs the plain path only. */
  sparse?: boolean;
  /** Run the sparse path's narrow part in WebAssembly when it applies (default true); false keeps it in JavaScript. */
  wasm?: boolean;
  /**
   * Once a period is certified: 'extend' (default) fills G up to max from it, 'stop' ends the run there
   * (values then holds only what was computed), 'ignore' computes every value anyway.
   */
  atPeriod?: 'extend' | 'stop' | 'ignore';
  /** Polled between chunks (at least every ~0.2 s); a raised signal throws InterruptedError. */
  signal?: Stop;
  /** Called between chunks with the heaps done and asked for. */
  onProgress?: (done: number, total: number) => void;
  /**
   * A checkpoint file: read back first when it exists (same code, checksum right), and written every
   * `checkpointEvery` heaps (default 2^20), at the end and when interrupted.
   */
  checkpoint?: string;
  checkpointEvery?: number;
}

/** What `sequence --summary` prints besides the period: the state of the run, as tczajka's solver shows it. */
export type Fingerprint = SequenceFingerprint;

/** What an interrupted run kept (InterruptedError.partial): the values done and the state they leave. */
export interface TakeAndBreakPartial {
  values: Values;
  fingerprint: Fingerprint;
  resumedFrom: number;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface TakeAndBreakResult {
  /** G(0..max), or fewer when atPeriod is 'stop'. */
  values: Values;
  /** Heaps computed by the kernel; the rest of `values` was read off the certified period. */
  computed: number;
  /** Heaps the run resumed from (read from the checkpoint), 0 when it started afresh. */
  resumedFrom: number;
  period?: PeriodCertificate;
  /**
   * When no period is certified: the least period the tracker follows whose repetition covers three
   * periods of the values computed (seen, not proved), with its preperiod.
   */
  apparent?: { period: number; preperiod: number };
  fingerprint: Fingerprint;
  stats: KernelStats;
}

/** Target length of a chunk between polls of the signal, in milliseconds. */
const CHUNK_MS = 100;

function fingerprintOf(k: TakeAndBreakKernel): Fingerprint {
  const cls = k.sparseClass;
  return {
    heaps: k.n,
    largest: k.maxValue,
    largestAt: k.maxAt,
    rareMask: cls.mask,
    rarePos: cls.pos === 1,
    splitParity: splitParity(k.moves),
    rareCount: cls.mask === 0 ? 0 : k.rareCount,
    lastRare: cls.mask === 0 || k.rareCount === 0 ? 0 : k.rare[k.rareCount - 1]!,
  };
}

export { formatFingerprint } from '../../../core/kernel.js';

/**
 * The rare heaps of G(0..f.heaps-1) under the fingerprint's class, ascending (none when its mask is 0):
 * the heaps a >= 1 with parity(G(a) & rareMask) ^ (rarePos & (a ^ splitParity)) = 0, the list the
 * sparse-space kernel keeps (its count and last are the fingerprint's rareCount and lastRare).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function rareHeaps(values: ArrayLike<number>, f: SequenceFingerprint): number[] {
  const out: number[] = [];
  if (f.rareMask === 0) return out;
  const pos = f.rarePos ? 1 : 0;
  const pi = f.splitParity ?? 0;
  const end = Math.min(values.length, f.heaps);
  for (let a = 1; a < end; a++) if ((parity(values[a]! & f.rareMask) ^ (pos & (a ^ pi))) === 0) out.push(a);
  return out;
}

/**
 * G(0..max) of the take-and-break game of `code`. Exact: the sparse path, the witness shortcuts and
 * the period extension only change the speed (tests check them against the plain reference).
 * Throws InterruptedError whose `partial` (TakeAndBreakPartial) holds the values finished and their fingerprint.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function takeAndBreakSequence(code: TakeAndBreakCode, max: number, options: TakeAndBreakOptions = {}): TakeAndBreakResult {
  const total = max + 1;
  const atPeriod = options.atPeriod ?? 'extend';
  const recent = options.checkpoint ? undefined : recentRuns();
  const known = recent?.valuesFor(code, total);
  const r = known ? replay(code, known, atPeriod, options) : compute(code, total, atPeriod, options);
  // Exact values to the end (computed, or read off a certified period) may prove a later code's.
  recent?.keep(code, r.values, total);
  return r;
}

/**
 * The run of a code whose values G(0..total-1) are known (reuse.ts): the same period search, certificate
 * and fingerprint as a computed run, on those values (the kernel follows them for the fingerprint).
 */
function replay(code: TakeAndBreakCode, G: Uint16Array | Int32Array, atPeriod: 'extend' | 'stop' | 'ignore', options: TakeAndBreakOptions): TakeAndBreakResult {
  const total = G.length;
  const tracker = new PeriodTracker(code);
  let period: PeriodCertificate | undefined;
  let n = 0;
  while (atPeriod !== 'ignore' && !period && n < total) {
    if (options.signal?.aborted) throw new InterruptedError({ values: G.slice(0, n), fingerprint: followedFingerprint(code, G, n, options.sparse), resumedFrom: 0 } satisfies TakeAndBreakPartial);
    options.onProgress?.(n, total);
    n = Math.max(n + 1, Math.min(total, tracker.wantedAt()));
    period = tracker.update(G, n);
  }
  if (atPeriod === 'ignore') n = total;
  if (!period && atPeriod !== 'ignore') period = certifyValues(code, G, n);
  options.onProgress?.(atPeriod === 'stop' ? n : total, total);
  const apparent = period || atPeriod === 'ignore' ? undefined : tracker.apparent(G, n);
  const values = atPeriod === 'stop' ? G.subarray(0, n) : G;
  const stats: KernelStats = { plain: 0, sparse: 0, scanned: 0, cached: 0, hot: 0, rechosen: 0, changed: 0 };
  const fingerprint = followedFingerprint(code, G, n, options.sparse);
  return { values, computed: n, resumedFrom: 0, ...(period ? { period } : {}), ...(apparent ? { apparent } : {}), fingerprint, stats };
}

/**
 * The fingerprint a kernel run that computed G(0..heaps-1) of `code` reports, from the values: the kernel
 * follows them (TakeAndBreakKernel.follow) instead of computing them, O(heaps) plus its looks at the class.
 * For runs whose values are known otherwise (reuse.ts, a census's kept values).
 *
 * @beta
 */
export function followedFingerprint(code: TakeAndBreakCode, values: ArrayLike<number>, heaps = values.length, sparse?: boolean): Fingerprint {
  const k = new TakeAndBreakKernel(movesOf(code), Math.max(heaps, 1), { wasm: false, ...(sparse === undefined ? {} : { sparse }) });
  k.follow(values, Math.min(heaps, values.length));
  return fingerprintOf(k);
}

/** takeAndBreakSequence by the kernel. */
function compute(code: TakeAndBreakCode, total: number, atPeriod: 'extend' | 'stop' | 'ignore', options: TakeAndBreakOptions): TakeAndBreakResult {
  // The value array grows as the run goes (a run that stops at a period may need far fewer than max).
  const k = new TakeAndBreakKernel(movesOf(code), Math.min(total, 1 << 16), {
    ...(options.sparse === undefined ? {} : { sparse: options.sparse }),
    ...(options.wasm === undefined ? {} : { wasm: options.wasm }),
    limit: total,
  });
  const tracker = new PeriodTracker(code, k.scans);
  let resumedFrom = 0;
  if (options.checkpoint) {
    const cp = loadCheckpoint(options.checkpoint, code);
    if (cp) {
      const n = Math.min(cp.values.length, total);
      k.restore(cp.values.subarray(0, n));
      resumedFrom = n;
    }
  }
  const every = options.checkpointEvery ?? 1 << 20;
  let nextSave = resumedFrom + every;
  const save = (): void => {
    if (options.checkpoint && k.n > 0) saveCheckpoint(options.checkpoint, { code: code.text, values: k.values(), sparseClass: k.sparseClass });
  };
  let period: PeriodCertificate | undefined;
  if (atPeriod !== 'ignore' && k.n > 0) period = tracker.update(k.G, k.n);
  let chunk = 64;
  while (!period && k.n < total) {
    if (options.signal?.aborted) {
      save();
      const partial: TakeAndBreakPartial = { values: k.values().slice(), fingerprint: fingerprintOf(k), resumedFrom };
      throw new InterruptedError(partial);
    }
    options.onProgress?.(k.n, total);
    let to = Math.min(total, k.n + chunk, nextSave);
    // Stop where the tracker wants to look: a candidate's window closes, or the next search is due.
    if (atPeriod !== 'ignore') to = Math.max(k.n + 1, Math.min(to, tracker.wantedAt()));
    const t0 = performance.now();
    k.ensureCapacity(to, total);
    k.run(to);
    const ms = performance.now() - t0;
    // Chunks of about CHUNK_MS, so that the signal is looked at a few times a second.
    if (ms < CHUNK_MS / 2) chunk = Math.min(2 * chunk, 1 << 24);
    else if (ms > 2 * CHUNK_MS) chunk = Math.max(chunk >> 1, 1);
    if (k.n >= nextSave) {
      save();
      nextSave = k.n + every;
    }
    if (atPeriod !== 'ignore') period = tracker.update(k.G, k.n);
  }
  const computed = k.n;
  // The run ends here, at a checkpoint of the tracker's or not: whatever the values computed prove is
  // certified, though no search was due (the tracker looks only now and then, and follows only periods
  // whose repetition is already long).
  if (!period && atPeriod !== 'ignore') period = certifyValues(code, k.G, computed);
  const fingerprint = fingerprintOf(k);
  if (options.checkpoint && computed > resumedFrom) save();
  options.onProgress?.(atPeriod === 'stop' ? computed : total, total);
  let values: Values = k.values();
  if (period && atPeriod === 'extend' && computed < total) {
    k.ensureCapacity(total, total);
    const G = k.G;
    const p = period.period;
    for (let m = computed; m < total; m++) G[m] = G[m - p]!;
    values = G.subarray(0, total);
  }
  const apparent = period || atPeriod === 'ignore' ? undefined : tracker.apparent(k.G, computed);
  return { values, computed, resumedFrom, ...(period ? { period } : {}), ...(apparent ? { apparent } : {}), fingerprint, stats: k.stats };
}
