/** The `automaton` job: learn and prove a Grundy automaton of a rewrite game. */
import { Alphabet } from '../automata/alphabet.js';
import { Dfa } from '../automata/dfa.js';
import { job } from '../core/jobs.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import type { GrundyAutomatonResult } from '../regular/grundy-automaton.js';

/**
 * `sprague automaton`: learn and prove a Grundy automaton; an interruption keeps the last hypothesis.
 * The rules come parsed (they are plain data), so the worker parses no spec.
 */
export const automatonJob = job({
  async run(args: { rules: readonly RewriteRule[]; maxStates: number; maxRuleLetters?: number; target: 'grundy' | 'p-positions' }, ctx) {
    const { findGrundyAutomaton } = await import('../regular/grundy-automaton.js');
    return findGrundyAutomaton(args.rules, {
      maxStates: args.maxStates,
      ...(args.maxRuleLetters === undefined ? {} : { maxRuleLetters: args.maxRuleLetters }),
      target: args.target,
      signal: ctx.signal,
      onProgress: (states) => ctx.onProgress(states, args.maxStates),
    });
  },
  keep: (partial): GrundyAutomatonResult | undefined => (typeof partial === 'object' && partial !== null && 'verified' in partial ? (partial as GrundyAutomatonResult) : undefined),
});

/** A GrundyAutomatonResult after the trip between threads: its machine and alphabet are classes again. */
export function reviveAutomatonResult(r: GrundyAutomatonResult): GrundyAutomatonResult {
  const m = r.machine;
  return {
    ...r,
    alphabet: new Alphabet(r.alphabet.names),
    ...(m ? { machine: new Dfa(m.alphabetSize, m.delta, m.output, m.start) } : {}),
  };
}
