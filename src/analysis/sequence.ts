/**
 * Grundy sequences of one-heap games: G(0), G(1), ..., G(N). Octal and subtraction games have typed-array
 * kernels; every other one-heap ruleset (compounds included) goes through the general solver.
 */
import { PushCompound } from '../core/compounds.js';
import { InputError, InterruptedError } from '../core/errors.js';
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';
import { OctalGame } from '../games/heaps/octal.js';
import { SubtractionGame } from '../games/heaps/subtraction.js';
import { octalSequence } from './octal-sequence.js';
import { afterPush, certifierFor, findArithmeticPeriod, findPeriod, outcomePeriod, type Periodicity } from './periodicity.js';

export interface SequenceOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  solver?: Solver;
}

/**
 * G(n) for n = 0..max by the plain solver, heap sizes ascending so each value finds its options
 * already memoised. An interruption throws InterruptedError whose `partial` is the values finished.
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

/** G(0..max) of SUBTRACTION(S): each value is the mex of at most |S| earlier ones. */
export function subtractionSequence(game: SubtractionGame, max: number, options: SequenceOptions = {}): Int32Array {
  const G = new Int32Array(max + 1);
  const set = Int32Array.from(game.set);
  const seen = new Int32Array(set.length + 2);
  for (let n = 0; n <= max; n++) {
    if ((n & 0xffff) === 0) {
      if (options.signal?.aborted) throw new InterruptedError(G.slice(0, n));
      options.onProgress?.(n, max + 1);
    }
    const stamp = n + 1;
    for (let i = 0; i < set.length && set[i]! <= n; i++) {
      const v = G[n - set[i]!]!;
      if (v < seen.length) seen[v] = stamp;
    }
    let g = 0;
    while (seen[g] === stamp) g++;
    G[n] = g;
  }
  return G;
}

/**
 * G(0..max) of SUBTRACTION(S) ⊙ R2 ⊙ ... (seed push-the-button, Definition 2.0.1): a heap n has the
 * options n - s and the button, whose value is that of the game after it at n.
 */
export function pushSubtractionSequence(rs: PushCompound<any>, max: number, options: SequenceOptions = {}): Int32Array {
  const first = rs.rulesets[0];
  if (!(first instanceof SubtractionGame)) throw new InputError(`${rs.name}: the fast push sequence needs a subtraction game first`);
  const after = oneHeapSequence(afterPush(rs), max, options);
  const set = Int32Array.from(first.set);
  const G = new Int32Array(max + 1);
  const seen = new Int32Array(set.length + 3);
  for (let n = 0; n <= max; n++) {
    if ((n & 0xffff) === 0 && options.signal?.aborted) throw new InterruptedError(G.slice(0, n));
    const stamp = n + 1;
    for (let i = 0; i < set.length && set[i]! <= n; i++) {
      const v = G[n - set[i]!]!;
      if (v < seen.length) seen[v] = stamp;
    }
    const b = after[n]!;
    if (b < seen.length) seen[b] = stamp;
    let g = 0;
    while (seen[g] === stamp) g++;
    G[n] = g;
  }
  return G;
}

/** G(0..max) of any one-heap ruleset, by the fastest exact kernel that applies. */
export function oneHeapSequence(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): ArrayLike<number> {
  if (rs instanceof PushCompound && rs.convention === 'normal' && rs.rulesets[0] instanceof SubtractionGame) {
    return pushSubtractionSequence(rs, max, options);
  }
  if (rs instanceof OctalGame) {
    const { onProgress, signal } = options;
    return octalSequence(rs, max, { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) }).values;
  }
  if (rs instanceof SubtractionGame) return subtractionSequence(rs, max, options);
  return grundySequence(rs, max, options);
}

/**
 * The period of `rs`'s values, certified when a theorem applies, read from G(0..len-1) with len
 * doubling up to `limit` until a certificate is found. Used for the game after the button of a push
 * compound (Theorem 4.2.3 needs that game's period).
 */
export function certifiedPeriod(rs: Ruleset<any>, limit = 1 << 16): Periodicity {
  let last: Periodicity = { period: null, preperiod: null, certified: false };
  const certify = certifierFor(rs, (r) => certifiedPeriod(r, limit));
  if (!certify) return findPeriod(oneHeapSequence(rs, limit - 1));
  for (let len = 64; len <= limit; len *= 2) {
    last = findPeriod(oneHeapSequence(rs, len - 1), certify);
    if (last.certified) return last;
  }
  return last;
}

export interface SequenceResult {
  values: ArrayLike<number>;
  period: Periodicity;
  /** The period of the P-positions, when the values' period is certified. */
  pPeriod?: Periodicity;
}

/** G(0..max) and its period: certified when a theorem proves it, otherwise only apparent. */
export function sequenceWithPeriod(rs: Ruleset<any>, max: number, options: SequenceOptions = {}): SequenceResult {
  const values = oneHeapSequence(rs, max, options);
  const period = findPeriod(values, certifierFor(rs, (r) => certifiedPeriod(r)));
  if (!period.certified && period.apparentPeriod === undefined) {
    const a = findArithmeticPeriod(values);
    if (a) Object.assign(period, { apparentArithmeticPeriod: a.period, apparentSaltus: a.saltus, apparentArithmeticPreperiod: a.preperiod });
  }
  const pPeriod = outcomePeriod(values, period);
  return pPeriod ? { values, period, pPeriod } : { values, period };
}
