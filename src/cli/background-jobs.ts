/**
 * The library calls that CLI commands run off the main thread (see background.ts): each takes plain,
 * cloneable arguments, a stop signal and a progress callback, and returns plain data.
 */
import { sequenceWithPeriod } from '../analysis/sequence.js';
import { Solver } from '../core/solver.js';
import { parseSpec } from '../spec/index.js';

export interface JobContext {
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
}

export const jobs = {
  /** `sprague sequence`: G(0..max) of a one-heap game and its period. */
  sequence(args: { spec: string; max: number; maxDepth?: number }, ctx: JobContext) {
    const ruleset = parseSpec(args.spec, { allowUnboundedRewriting: args.maxDepth !== undefined });
    const solver = new Solver({ signal: ctx.signal, ...(args.maxDepth === undefined ? {} : { maxDepth: args.maxDepth }) });
    return sequenceWithPeriod(ruleset, args.max, { signal: ctx.signal, onProgress: ctx.onProgress, solver });
  },
};

export type JobName = keyof typeof jobs;
export type JobArgs<K extends JobName> = Parameters<(typeof jobs)[K]>[0];
export type JobResult<K extends JobName> = ReturnType<(typeof jobs)[K]>;
