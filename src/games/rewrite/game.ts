/**
 * The rewrite game of a finite rule set (taking-and-merging, section 1, after Waldmann): a move
 * replaces one occurrence of u by v for a rule u -> v; the player who cannot move loses.
 */
import type { Capabilities, FamilyData, Ruleset } from '../../core/ruleset.js';
import { wordDomain } from '../../core/positions.js';
import { confluentReduction, twoRuleExponents } from './confluence.js';
import { type RewriteRule, alphabetOf, formatRule, isStronglyTerminating } from './rules.js';

/**
 * The rewrite game of a finite rule set (spec `rewrite:...`; taking-and-merging, section 1): a move replaces
 * one occurrence of u by v for a rule u -> v.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class RewriteGame implements Ruleset<string> {
  readonly domain = wordDomain;
  readonly convention = 'normal';
  readonly terminating: boolean;
  readonly name: string;
  /** Its rules, which enumeration by length, the automaton learner and `rewrite` read; drawn by word length. */
  readonly capabilities: Capabilities;
  readonly family: FamilyData;

  constructor(readonly rules: readonly RewriteRule[]) {
    if (rules.length === 0) throw new RangeError('a rewrite game needs at least one rule');
    if (rules.some((r) => r.lhs === '')) throw new RangeError('a rule needs a non-empty left side');
    this.terminating = isStronglyTerminating(rules) || decreasingWeights(rules) !== undefined;
    this.name = `rewrite:${rules.map(formatRule).join(',')}`;
    this.capabilities = { picture: 'lengths', ...theorem6(rules) };
    this.family = { kind: 'rewrite', rules };
  }

  /**
   * A letter no rule mentions can never be rewritten: in a typed position it is almost always a slip (a
   * `c` in `abc` for {a, a2, b}), and a separator of a sum is written as a letter of the rules.
   */
  validate(w: string): string | undefined {
    const letters = new Set(alphabetOf(this.rules));
    const at = [...w].findIndex((c) => !letters.has(c));
    if (at < 0) return undefined;
    return `letter ${JSON.stringify([...w][at])} at column ${at + 1} is in no rule of ${this.name} (letters: ${[...letters].sort().join(', ')})`;
  }

  /** Every word reachable in one move, without repeats. */
  options(w: string): string[] {
    const out = new Set<string>();
    for (const { lhs, rhs } of this.rules) {
      for (let i = w.indexOf(lhs); i >= 0; i = w.indexOf(lhs, i + 1)) {
        out.add(w.slice(0, i) + rhs + w.slice(i + lhs.length));
      }
    }
    return [...out];
  }
}

/**
 * The Grundy value of a game {a^k, b^l} in linear time (taking-and-merging, Theorem 6: the system is
 * confluent, so G(u) is the parity of the moves of any play, found by one stack reduction), as the
 * solver's closed form: the search of a long word lists quadratically many letters per position. Words with
 * a letter no rule mentions are left to the solver.
 */
function theorem6(rules: readonly RewriteRule[]): Pick<Capabilities, 'grundyOf'> {
  let letters: [string, string];
  try {
    ({ letters } = twoRuleExponents(rules));
  } catch {
    return {};
  }
  const known = new Set(letters);
  return { grundyOf: (w: string) => ([...w].every((c) => known.has(c)) ? confluentReduction(rules, w).grundy : undefined) };
}

/**
 * Positive integer weights of the letters such that every rule strictly lowers the weight of the word,
 * if small ones exist: a proof that every play ends (e.g. a -> b with a = 2, b = 1). Searched by brute
 * force over weights 1..maxWeight, for alphabets of up to 6 letters.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function decreasingWeights(rules: readonly RewriteRule[], maxWeight = 8): Map<string, number> | undefined {
  const letters = alphabetOf(rules);
  if (letters.length > 6) return undefined;
  // Each rule as the change in letter counts |u|_c - |v|_c; a weight vector must make every change positive.
  const deltas = rules.map((r) => letters.map((c) => [...r.lhs].filter((x) => x === c).length - [...r.rhs].filter((x) => x === c).length));
  const w = new Array<number>(letters.length).fill(1);
  for (;;) {
    if (deltas.every((d) => d.reduce((acc, x, i) => acc + x * w[i]!, 0) > 0)) return new Map(letters.map((c, i) => [c, w[i]!]));
    let i = 0;
    while (i < w.length && w[i] === maxWeight) w[i++] = 1;
    if (i === w.length) return undefined;
    w[i]!++;
  }
}

export type TerminationVerdict =
  | { kind: 'strong' }
  | { kind: 'weighted'; weights: Map<string, number> }
  | { kind: 'loops'; reason: string }
  | { kind: 'unknown'; reason: string };

/**
 * What can be seen of termination (undecidable in general, taking-and-merging section 5): strongly
 * terminating systems always end, and so do systems whose rules all lower a weight of the letters; a rule whose right side contains its left side, or a short cycle
 * of words, shows a play that never ends; anything else is unknown.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function checkTermination(rules: readonly RewriteRule[], nodeBudget = 20_000): TerminationVerdict {
  if (isStronglyTerminating(rules)) return { kind: 'strong' };
  const weights = decreasingWeights(rules);
  if (weights) return { kind: 'weighted', weights };
  for (const r of rules) {
    if (r.rhs.includes(r.lhs)) {
      return { kind: 'loops', reason: `rule ${formatRule(r)} can be applied forever: its right side contains its left side` };
    }
  }
  const game = new RewriteGame(rules);
  const maxLen = 2 * Math.max(...rules.map((r) => Math.max(r.lhs.length, r.rhs.length)));
  const done = new Set<string>();
  let budget = nodeBudget;
  // Depth-first search from each non-shortening rule's sides; a word met again on the path is a cycle.
  const search = (start: string): string[] | undefined => {
    const path: string[] = [];
    const onPath = new Set<string>();
    const iters: Iterator<string>[] = [];
    const enter = (w: string) => {
      path.push(w);
      onPath.add(w);
      iters.push(game.options(w).filter((o) => o.length <= maxLen)[Symbol.iterator]());
    };
    enter(start);
    while (path.length > 0 && budget-- > 0) {
      const next = iters[iters.length - 1]!.next();
      if (next.done) {
        const w = path.pop()!;
        onPath.delete(w);
        iters.pop();
        done.add(w);
        continue;
      }
      const o = next.value;
      if (onPath.has(o)) return [...path.slice(path.indexOf(o)), o];
      if (!done.has(o)) enter(o);
    }
    return undefined;
  };
  for (const r of rules) {
    if (r.lhs.length > r.rhs.length) continue;
    for (const start of [r.lhs, r.rhs]) {
      if (done.has(start)) continue;
      const cycle = search(start);
      if (cycle) {
        const shown = cycle.map((w) => (w === '' ? 'ε' : w)).join(' -> ');
        return { kind: 'loops', reason: `the play ${shown} is a cycle` };
      }
    }
  }
  const grow = rules.find((r) => r.lhs.length <= r.rhs.length)!;
  return { kind: 'unknown', reason: `rule ${formatRule(grow)} does not shorten the word, so termination is not known` };
}
