/**
 * The library calls that CLI commands run off the main thread (see background.ts): each takes plain,
 * cloneable arguments, a stop signal and a progress callback. Results cross threads as structured clones,
 * which keep data but not classes (see reviveAutomatonResult).
 */
import { sequenceWithPeriod } from '../analysis/sequence.js';
import { Alphabet } from '../automata/alphabet.js';
import { Dfa } from '../automata/dfa.js';
import { Solver } from '../core/solver.js';
import { RewriteGame } from '../games/rewrite/game.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../regular/grundy-automaton.js';
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

  /** `sprague automaton`: learn and prove a Grundy automaton; an interruption keeps the last hypothesis. */
  automaton(args: { spec: string; maxStates: number; target: 'grundy' | 'p-positions' }, ctx: JobContext) {
    const game = parseSpec(args.spec, { allowUnboundedRewriting: true }) as RewriteGame;
    return findGrundyAutomaton(game.rules, {
      maxStates: args.maxStates,
      target: args.target,
      signal: ctx.signal,
      onProgress: (states) => ctx.onProgress(states, args.maxStates),
    });
  },
};

/** A GrundyAutomatonResult after the trip between threads: its machine and alphabet are classes again. */
export function reviveAutomatonResult(r: GrundyAutomatonResult): GrundyAutomatonResult {
  const m = r.machine;
  return {
    ...r,
    alphabet: new Alphabet(r.alphabet.names),
    ...(m ? { machine: new Dfa(m.alphabetSize, m.delta, m.output, m.start) } : {}),
  };
}

export type JobName = keyof typeof jobs;
export type JobArgs<K extends JobName> = Parameters<(typeof jobs)[K]>[0];
export type JobResult<K extends JobName> = ReturnType<(typeof jobs)[K]>;
