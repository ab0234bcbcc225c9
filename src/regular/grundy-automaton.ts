/**
 * Finds a Grundy automaton of a rewrite game and proves it: L* learns a Moore machine, the
 * solver answers membership queries, and the Lemma-2 verifier answers equivalence queries (seed
 * taking-and-merging, Lemma 2). A failed proof yields a word on which the hypothesis is wrong.
 */
import { Alphabet } from '../automata/alphabet.js';
import type { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { InterruptedError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { Solver } from '../core/solver.js';
import { enumerateByLengthSync } from '../games/rewrite/enumerate.js';
import { RewriteGame } from '../games/rewrite/game.js';
import { alphabetOf, type RewriteRule } from '../games/rewrite/rules.js';
import { learnMoore, type LearnResult, type Teacher } from './learn.js';
import { rewriteTransducer, terminationWeights } from './rewrite-transducer.js';
import { type Certificate, type RewriteSystem, verifyGrundyAutomaton, verifyPPositions, type Violation } from './verify.js';
import type { Stop } from '../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface GrundyAutomatonOptions {
  /** 'grundy' learns every Grundy class; 'p-positions' only L_0 against the rest (Theorem 15). */
  target?: 'grundy' | 'p-positions';
  /** Largest hypothesis tried (default 200 states). */
  maxStates?: number;
  /** Most letters of the rules, both sides of all (default: the learnerRuleLetters row of core/limits.ts). */
  maxRuleLetters?: number;
  /** Every word up to this length is checked before a proof is attempted (default: about 4096 words). */
  testLength?: number;
  /** State cap of each subset construction in the verifier (default 200 000). */
  verifyMaxStates?: number;
  /** The Grundy value of a word; default: the memoised solver on the rewrite game. */
  grundy?: (word: string) => number;
  signal?: Stop;
  onProgress?: (states: number, rounds: number) => void;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface GrundyAutomatonResult {
  verified: boolean;
  /** The proved machine, or the last hypothesis when no proof was found. */
  machine?: Dfa;
  alphabet: Alphabet;
  /** States of `machine` (the minimal one for a proved machine). */
  states: number;
  /** The classes: Grundy values 0..K (or [0] for a P-position automaton). */
  grundyValues: number[];
  certificate?: Certificate;
  /** A word on which the last hypothesis is wrong, when one is known. */
  counterexample?: string;
  /** The violation of Lemma 2 that the last failed proof found. */
  violation?: Violation;
  /** Any machine computing the target has at least this many states (Myhill–Nerode, from the table). */
  lowerBound: number;
  status: LearnResult['status'];
  rounds: number;
  queries: number;
  longestQuery: number;
}

function defaultTestLength(k: number): number {
  return k <= 1 ? 24 : Math.max(2, Math.floor(Math.log(4096) / Math.log(k)));
}

/**
 * Every word of length <= maxLength in shortlex order with its target value, computed once; a
 * hypothesis is then checked against all of them in O(words) (each word's state from its parent's).
 */
class TestWords {
  private readonly parent: Int32Array;
  private readonly last: Int32Array;
  private readonly values: Int32Array;
  private readonly words: number[][] = [[]];

  constructor(k: number, maxLength: number, target: (w: readonly number[]) => number) {
    const parent = [-1];
    const last = [-1];
    for (let i = 0; this.words[i] !== undefined && this.words[i]!.length < maxLength; i++) {
      for (let a = 0; a < k; a++) {
        this.words.push([...this.words[i]!, a]);
        parent.push(i);
        last.push(a);
      }
    }
    this.parent = Int32Array.from(parent);
    this.last = Int32Array.from(last);
    this.values = Int32Array.from(this.words, target);
  }

  /** The shortlex-least word on which h is wrong, if any. */
  firstError(h: Dfa): number[] | undefined {
    const states = new Int32Array(this.words.length);
    states[0] = h.start;
    for (let i = 0; i < this.words.length; i++) {
      if (i > 0) states[i] = h.next(states[this.parent[i]!]!, this.last[i]!);
      if (h.output[states[i]!] !== this.values[i]) return this.words[i];
    }
    return undefined;
  }
}

/**
 * Learns and proves. The rewrite game must terminate by a letter weight (see terminationWeights);
 * otherwise an InputError. Honest about failure: `status` says whether the state bound was passed
 * or the verifier's limits were hit, `lowerBound` what the table proves.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function findGrundyAutomaton(rules: readonly RewriteRule[], options: GrundyAutomatonOptions = {}): GrundyAutomatonResult {
  // Each round's proof reads the rules through a transducer with a state per letter of them: long rules
  // make every round slow (at 200 states: 100 letters 5 s, 200 letters 50 s), refused before any round.
  const ruleLetters = rules.reduce((n, r) => n + r.lhs.length + r.rhs.length, 0);
  const maxRuleLetters = options.maxRuleLetters ?? limitDefault('learnerRuleLetters');
  if (ruleLetters > maxRuleLetters) throw new LimitError(`the rules have ${ruleLetters} letters, more than the learner takes, ${maxRuleLetters}`, 'learnerRuleLetters');
  const alphabet = new Alphabet(alphabetOf(rules).sort());
  const system: RewriteSystem = { rules, alphabet };
  const k = alphabet.size;
  const pMode = options.target === 'p-positions';
  const testLength = options.testLength ?? defaultTestLength(k);
  const grundy = options.grundy ?? tableThenSolver(rules, alphabet, testLength, options.signal);
  const t = rewriteTransducer(rules, alphabet);
  const target = (w: readonly number[]) => {
    const g = grundy(alphabet.decode(w));
    return pMode ? (g === 0 ? 1 : 0) : g;
  };
  let lastCertificate: Certificate | undefined;
  let lastViolation: Violation | undefined;
  let lastCounterexample: number[] | undefined;
  let tests: TestWords | undefined;

  // A word among w and its options on which h is wrong: if h were right on all of them, h(w) would be
  // the mex of h over the options, and Lemma 2 could not fail at w.
  const refute = (h: Dfa, w: number[]): number[] => {
    for (const x of [w, ...t.apply(w)]) if (h.value(x) !== target(x)) return x;
    throw new Error(`the verifier reported ${alphabet.decode(w)}, but the hypothesis is right on it and its options`);
  };
  const teacher: Teacher = {
    alphabetSize: k,
    query: target,
    equivalence(h) {
      lastViolation = undefined;
      tests ??= new TestWords(k, testLength, target);
      const tested = tests.firstError(h);
      if (tested) return (lastCounterexample = tested);
      let verdict;
      try {
        verdict = pMode ? verifyPPositions(system, h, { maxStates: options.verifyMaxStates }) : verifyGrundyAutomaton(system, h, { maxStates: options.verifyMaxStates });
      } catch (e) {
        if (!(e instanceof LimitError)) throw e;
        const longer = new TestWords(k, testLength + 2, target).firstError(h);
        return longer ? (lastCounterexample = longer) : 'unknown';
      }
      if (verdict.verified) {
        lastCertificate = verdict.certificate;
        return 'correct';
      }
      lastViolation = verdict.violation;
      return (lastCounterexample = refute(h, alphabet.encode(verdict.violation.word)));
    },
  };
  const summarise = (learned: LearnResult): GrundyAutomatonResult => {
    const verified = learned.status === 'proved';
    // A proved hypothesis is minimal already; minimise only renumbers it breadth-first.
    const machine = verified ? minimise(learned.hypothesis!) : learned.hypothesis;
    return {
      verified,
      ...(machine ? { machine } : {}),
      alphabet,
      states: machine?.stateCount ?? 0,
      grundyValues: verified ? lastCertificate!.grundyValues : (machine?.reachableOutputs() ?? []),
      ...(verified ? { certificate: lastCertificate! } : {}),
      ...(!verified && lastCounterexample && machine && machine.value(lastCounterexample) !== target(lastCounterexample)
        ? { counterexample: alphabet.decode(lastCounterexample) }
        : {}),
      ...(!verified && lastViolation ? { violation: lastViolation } : {}),
      lowerBound: learned.lowerBound,
      status: learned.status,
      rounds: learned.rounds,
      queries: learned.queries,
      longestQuery: learned.longestQuery,
    };
  };
  try {
    return summarise(learnMoore(teacher, { maxStates: options.maxStates, signal: options.signal, onProgress: options.onProgress }));
  } catch (e) {
    // Interrupted: the partial result is what was learned so far (the last hypothesis is unproved).
    if (e instanceof InterruptedError && e.partial) {
      lastCounterexample = undefined;
      throw new InterruptedError(summarise(e.partial as LearnResult));
    }
    throw e;
  }
}

/**
 * The Grundy oracle: the packed table of every word up to `tableLength` (the rewrite games'
 * enumeration by length), and beyond it one memoised solver shared by all queries. Rules that
 * lengthen words have no table: the solver answers everything.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function tableThenSolver(
  rules: readonly RewriteRule[],
  alphabet: Alphabet,
  tableLength: number,
  signal?: Stop,
): (word: string) => number {
  const solver = solverGrundy(rules, alphabet, signal);
  if (rules.some((r) => r.rhs.length > r.lhs.length)) return solver;
  const table = enumerateByLengthSync(rules, tableLength);
  return (w) => (w.length <= tableLength ? table.grundy(w) : solver(w));
}

/**
 * The Grundy oracle: one memoised solver on the rewrite game, shared by all queries.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function solverGrundy(rules: readonly RewriteRule[], alphabet: Alphabet, signal?: Stop): (word: string) => number {
  const game = new RewriteGame(rules);
  // Weight-decreasing games terminate even when not strongly terminating; a play is then at most
  // (weight of the word) moves long, so a generous depth bound is safe.
  const weights = terminationWeights(rules, alphabet);
  const solver = new Solver({ ...(game.terminating || !weights ? {} : { maxDepth: 1_000_000 }), ...(signal ? { signal } : {}) });
  return (w) => solver.grundy(game, w);
}
