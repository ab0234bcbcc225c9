/**
 * 1-admissibility decided by the formula compiler (deciding-game-invariance, Lemma 12 and Theorem 23):
 * P is 1-admissible iff every position p not in P has a move to some x in P that is not a difference
 * of two elements of P. Both P - P and that sentence are first-order in <N, +, V_U> when P is
 * U-recognizable, so the engine decides them; a counterexample is the least position in the
 * shortlex order of its expansions. The reference route: it tabulates every intermediate automaton
 * over all free variables (3n tracks) and serves the direct engine's tests on small sets.
 */
import { shortestWitness } from '../../automata/ops.js';
import { Compiler, type Library, type WordAutomaton } from '../compile.js';
import { parseFormula } from '../parser.js';
import { commonSystem, decodeTuple, type Limits, Predicate } from '../predicate.js';

export interface LogicAdmissibility {
  admissible: boolean;
  /** A position not in P with no move to P outside P - P (the least one found), when not admissible. */
  witness?: bigint[];
  /** States of the automata built on the way: P, P - P (the moves H may not use), the bad set. */
  states: { p: number; differences: number; bad: number };
  /** Every intermediate automaton's state count, in order. */
  steps: { what: string; states: number }[];
}

export class OneShotLibrary implements Library {
  constructor(
    readonly preds: Map<string, Predicate>,
    readonly words: Map<string, WordAutomaton> = new Map(),
  ) {}
  predicate(name: string) {
    return this.preds.get(name);
  }
  word(name: string) {
    return this.words.get(name);
  }
}

/**
 * Decides whether the set P (a predicate on n tracks, all in one numeration system, containing 0)
 * is 1-admissible (Theorem 23). O(automata), which is a tower of exponentials in the worst case.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function admissibleByLogic(set: Predicate, limits: Limits = {}): LogicAdmissibility {
  const sys = commonSystem(set);
  const n = set.tracks.length;
  const lib = new OneShotLibrary(new Map([['P', set]]));
  const compiler = new Compiler(lib, limits);
  const v = (name: string) => Array.from({ length: n }, (_, i) => `${name}${i}`);
  const [i, m, p] = [v('i'), v('m'), v('p')];
  const prefix = `?${sys.name} `;
  // P - P within N^n (Theorem 23, the formula φ): m = j - i with i, j in P.
  const diffText = `${prefix}E${i.join(',')} $P(${i.join(',')}) & $P(${i.map((x, k) => `${x}+${m[k]}`).join(',')})`;
  const diff = compiler.formula(parseFormula(diffText));
  lib.preds.set('D', diff);
  // Positions outside P with no move to P that avoids P - P (the negation of ν).
  const badText =
    `${prefix}~$P(${p.join(',')}) & ~(E${m.join(',')} ${m.map((x, k) => `${x}<=${p[k]}`).join(' & ')} & ` +
    `$P(${p.map((x, k) => `${x}-${m[k]}`).join(',')}) & ~$D(${m.join(',')}))`;
  const bad = compiler.formula(parseFormula(badText));
  const word = shortestWitness(bad.dfa);
  const result: LogicAdmissibility = {
    admissible: word === undefined,
    states: { p: set.dfa.stateCount, differences: diff.dfa.stateCount, bad: bad.dfa.stateCount },
    steps: compiler.trace.steps,
  };
  if (word !== undefined) result.witness = decodeTuple(bad, word);
  return result;
}
