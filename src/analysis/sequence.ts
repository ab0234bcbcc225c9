/**
 * Grundy sequences of one-heap games: G(0), G(1), ..., G(N), by the sequence kernel a ruleset declares
 * (octal and subtraction games, a subtraction game pushed onto another) or else the general solver.
 */
import { checkMemory } from '../core/budget.js';
import { InterruptedError } from '../core/errors.js';
import { plainFingerprint, type SequenceFingerprint } from '../core/kernel.js';
import type { KernelSequence, Ruleset, SequenceKernelOptions } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';
import { certifierFor, findArithmeticPeriod, findPeriod, outcomePeriod, type Periodicity } from './periodicity.js';
import type { Stop } from '../core/stop.js';

/** Bytes per value of a sequence kernel (its values and scratch arrays), and of the solver (values and memo). */
const KERNEL_BYTES_PER_VALUE = 8;
const SOLVER_BYTES_PER_VALUE = 160;

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface SequenceOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: Stop;
  solver?: Solver;
  /** Stop at a certified period (kernels that certify as they go): the values then end there. */
  stopAtPeriod?: boolean;
  /** Resumable checkpoints, for rulesets whose kernel declares `checkpoints`. */
  checkpoint?: { dir: string; every?: number };
  /** Derive the P-positions' period from a certified one (default true; a summary that prints only the period and the fingerprint skips it). */
  pPeriod?: boolean;
}

/**
 * G(n) for n = 0..max by the plain solver, heap sizes ascending so each value finds its options
 * already memoised. An interruption throws InterruptedError whose `partial` is the values finished.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function grundySequence(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): number[] {
  const solver = options.solver ?? new Solver();
  const values: number[] = [];
  for (let n = 0; n <= max; n++) {
    if (options.signal?.aborted) throw new InterruptedError(values);
    values.push(solver.grundy(rs, rs.domain.parse(String(n))));
    if (options.onProgress && (n & 1023) === 0) options.onProgress(n, max + 1);
  }
  return values;
}

/**
 * G(0..max) of any one-heap ruleset and the period its kernel proved on the way, if any: by the sequence
 * kernel the ruleset declares (normal play), else by the plain solver.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function kernelSequence(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): KernelSequence {
  const kernel = rs.convention === 'normal' ? rs.capabilities?.sequence : undefined;
  // Known before any work: a kernel holds a few typed arrays of max + 1 entries, the solver a memo entry per heap.
  checkMemory(`G(0..${max}) of ${rs.name}`, (max + 1) * (kernel ? KERNEL_BYTES_PER_VALUE : SOLVER_BYTES_PER_VALUE));
  if (!kernel) return { values: grundySequence(rs, max, options) };
  const { onProgress, signal, stopAtPeriod, checkpoint } = options;
  const kernelOptions: SequenceKernelOptions = { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}), ...(stopAtPeriod ? { stopAtPeriod } : {}), ...(checkpoint ? { checkpoint } : {}) };
  const inner: SequenceOptions = { ...options };
  delete inner.stopAtPeriod;
  delete inner.checkpoint;
  return kernel(max, kernelOptions, (r, m) => oneHeapSequence(r, m, inner));
}

/**
 * G(0..max) of any one-heap ruleset, by the fastest exact kernel that applies.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function oneHeapSequence(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): ArrayLike<number> {
  return kernelSequence(rs, max, options).values;
}

/**
 * The period of `rs`'s values, certified when a theorem applies, read from G(0..len-1) with len
 * doubling up to `limit` until a certificate is found. Used for the game after the button of a push
 * compound (Theorem 4.2.3 needs that game's period).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function certifiedPeriod(rs: Ruleset<any>, limit = 1 << 16): Periodicity {
  let last: Periodicity = { period: null, preperiod: null, certified: false };
  const certify = certifierFor(rs, (r) => certifiedPeriod(r, limit));
  if (!certify) return findPeriod(oneHeapSequence(rs, limit - 1));
  for (let len = 64; len <= limit; len *= 2) {
    const { values, period } = kernelSequence(rs, len - 1);
    last = period?.certified ? period : findPeriod(values, certify);
    if (last.certified) return last;
  }
  return last;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface SequenceResult {
  values: ArrayLike<number>;
  period: Periodicity;
  /** The period of the P-positions, when the values' period is certified. */
  pPeriod?: Periodicity;
  /** The state of the run: the kernel's, or the largest value and where for kernels without a sparse space. */
  fingerprint: SequenceFingerprint;
  /** Heaps read back from a checkpoint (0 when the run started afresh). */
  resumedFrom: number;
}

/**
 * G(0..max) and its period: certified when a theorem proves it, otherwise only apparent. A period the
 * sequence kernel already certified (e.g. to extend the values by it) is taken as it is, and a kernel
 * that looked for periods itself is not second-guessed: no search runs again.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function sequenceWithPeriod(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): SequenceResult {
  const run = kernelSequence(rs, max, options);
  const { values, period: proved } = run;
  const period = proved && (proved.certified || run.searched) ? { ...proved } : findPeriod(values, certifierFor(rs, (r) => certifiedPeriod(r)));
  if (!period.certified && period.apparentPeriod === undefined) {
    const a = findArithmeticPeriod(values);
    if (a) Object.assign(period, { apparentArithmeticPeriod: a.period, apparentSaltus: a.saltus, apparentArithmeticPreperiod: a.preperiod });
  }
  const pPeriod = options.pPeriod === false ? undefined : outcomePeriod(values, period);
  const fingerprint = run.fingerprint ?? plainFingerprint(values);
  const resumedFrom = run.resumedFrom ?? 0;
  return pPeriod ? { values, period, pPeriod, fingerprint, resumedFrom } : { values, period, fingerprint, resumedFrom };
}
