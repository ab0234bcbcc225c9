/** The `sequence` job: G(0..max) of a one-heap game and its period; a stop keeps the values finished. */
import { job } from '../core/jobs.js';
import type { KernelSequence } from '../core/ruleset.js';
import { plainFingerprint, type SequenceFingerprint } from '../core/kernel.js';
import type { SequenceResult } from '../analysis/sequence.js';
import { isNumbers } from './kept.js';

/**
 * What `sequence` keeps after a stop or a limit: G(0), G(1), ... as far as they were finished (not with
 * `summary`), the fingerprint of those values, and the heaps a checkpoint gave back.
 */
export interface KeptSequence {
  values?: ArrayLike<number>;
  fingerprint: SequenceFingerprint;
  resumedFrom: number;
}

export interface SequenceArgs {
  spec: string;
  max: number;
  maxDepth?: number;
  /** Only the period and the fingerprint: the values stay in the worker, and the run stops at a certified period. */
  summary?: boolean;
  /** Stop at a certified period (as `summary` does) but return the values computed (the atlas's pages draw them). */
  stopAtPeriod?: boolean;
  /** Resumable checkpoints in this folder (rulesets whose kernel declares `checkpoints`). */
  checkpoint?: { dir: string; every?: number };
}

/** What `sequence` returns: SequenceResult, without the values when a summary was asked for. */
export type SequenceRun = Omit<SequenceResult, 'values'> & { values?: ArrayLike<number> };

export const sequenceJob = job({
  async run(args: SequenceArgs, ctx): Promise<SequenceRun> {
    const [{ sequenceWithPeriod }, { Solver }, { parseSpecLoading }] = await Promise.all([
      import('../analysis/sequence.js'),
      import('../core/solver.js'),
      import('../spec/parse.js'),
    ]);
    const ruleset = await parseSpecLoading(args.spec, { allowUnboundedRewriting: args.maxDepth !== undefined });
    const solver = new Solver({ signal: ctx.signal, ...(args.maxDepth === undefined ? {} : { maxDepth: args.maxDepth }) });
    const result = sequenceWithPeriod(ruleset, args.max, {
      signal: ctx.signal,
      onProgress: ctx.onProgress,
      solver,
      ...(args.summary ? { stopAtPeriod: true, pPeriod: false } : args.stopAtPeriod ? { stopAtPeriod: true } : {}),
      ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}),
    });
    if (!args.summary) return result;
    const { values: _values, ...summary } = result;
    return summary;
  },
  keep: (partial, args): KeptSequence | undefined => keptSequence(partial, args.summary === true),
});

/**
 * The values a stopped sequence run finished (a plain array from the solver and the older kernels, or a
 * KernelSequence with its fingerprint), as KeptSequence; only the fingerprint for a summary.
 */
function keptSequence(partial: unknown, summary: boolean): KeptSequence | undefined {
  let values: ArrayLike<number>;
  let fingerprint: SequenceFingerprint | undefined;
  let resumedFrom = 0;
  if (isNumbers(partial)) values = partial;
  else if (typeof partial === 'object' && partial !== null && isNumbers((partial as KernelSequence).values)) {
    ({ values, fingerprint, resumedFrom = 0 } = partial as KernelSequence);
  } else return undefined;
  fingerprint ??= plainFingerprint(values);
  return summary ? { fingerprint, resumedFrom } : { values, fingerprint, resumedFrom };
}
