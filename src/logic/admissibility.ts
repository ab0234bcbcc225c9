/**
 * 1-admissibility decided by logic (deciding-game-invariance, Lemma 12 and Theorem 23): P is
 * 1-admissible iff every position p not in P has a move to some x in P that is not a difference of
 * two elements of P. The direct engine decides that sentence without the formula compiler, in four
 * stages (src/logic/admissibility/): P - P (differences.ts), the axis pass (axis.ts), the layer
 * passes over the chains of P (passes.ts) and the search for a bad position (witness.ts), each
 * product of automata built by the tuple-product builder (src/automata/tuple-product.ts). The
 * formula-compiled route (compiled.ts) is the reference the tests compare it with.
 */
import { InputError } from '../core/errors.js';
import type { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { intersection, product, shortestWitness } from '../automata/ops.js';
import { commonSystem, decodeTuple, encodeTuple, Predicate, validityOf } from './predicate.js';
import { sortedTuples } from './tuple-automata.js';
import { axisMoves, withoutAxisMove } from './admissibility/axis.js';
import { type Differences, differences, differencesBy } from './admissibility/differences.js';
import type { DirectOptions } from './admissibility/options.js';
import { chainPasses, nearDifferences } from './admissibility/passes.js';
import { shapeOf } from './admissibility/shape.js';
import { StageRun } from './admissibility/stages.js';
import { isBad, witnessSearch } from './admissibility/witness.js';

export { admissibleByLogic, type LogicAdmissibility } from './admissibility/compiled.js';
export type { DirectOptions, StageStore } from './admissibility/options.js';

export interface DirectAdmissibility {
  admissible: boolean;
  witness?: bigint[];
  states: {
    /** The minimal automaton of P. */
    p: number;
    /**
     * F(m, i) (i and i + m in P): its NFA (guessing j) and minimal automaton; P - P: its subset and
     * minimal automata. All 0 when the layer passes left no candidate, so the whole of P - P was not needed.
     */
    differenceNfa: number;
    differencePairs: number;
    differenceSubsets: number;
    differences: number;
    /**
     * With the layer passes: P - P among the moves with a coordinate below `below` (layers × the
     * largest chain step), the only moves the passes try: the NFA of its F(m, i) and its minimal automaton.
     */
    near?: { below: number; nfa: number; states: number };
    /**
     * When no move with a zero coordinate lies in P - P: the minimal automaton of the candidates
     * with no such move to P (only they can be bad; 1 state = none).
     */
    axisStuck?: number;
    /**
     * After each layer pass (options.layers), then after the move to 0: the minimal automaton of the
     * candidates still without an admissible move (1 state = none left). When a pass leaves finitely
     * many, the rest is skipped: they are checked one by one (`badSearch` counts them), the move to 0
     * among their moves.
     */
    layerStuck?: number[];
    /** E(p, q) (q in P, p - q outside P - P): its NFA (guessing m), subset automaton and minimal automaton; 0 when not needed. */
    moveNfa: number;
    moveSubsets: number;
    moves: number;
    /** Pairs (state of "valid, not in P", subset of E's states) the search for a bad p visited. */
    badSearch: number;
    /** The largest subset met in either construction. */
    largestSubset: number;
  };
  /**
   * The stages read back from options.checkpoint instead of built: their minimal automata are
   * counted above, their NFA and subset counts are 0 (not measured in this run).
   */
  resumed?: string[];
  /** Milliseconds per stage. */
  times: { differences: number; bad: number };
}

/**
 * Decides 1-admissibility (Lemma 12, Theorem 23) without the formula compiler, for a set P on n
 * tracks of one msd numeration system: builds P - P (determinised and minimised), then searches
 * for a bad position p: outside P with every move p - q to q ∈ P inside P - P. The two
 * quantifications become NFAs over n tracks whose guesses are pruned by live states, so no 3n-track
 * alphabet is ever tabulated. The witness is the bad position with the shortlex-least expansion.
 * When the layer passes run, they need P - P only among the moves with a small coordinate, which is
 * far smaller; the whole of P - P is built only if candidates survive them.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function admissibleDirect(set: Predicate, options: DirectOptions = {}): DirectAdmissibility {
  const sys = commonSystem(set);
  if (!sys.msd) throw new InputError(`the direct method reads msd systems; ${sys.name} is lsd`);
  const n = set.tracks.length;
  const t0 = performance.now();
  const P = set.dfa;
  const run = new StageRun(P, sys, options);
  const shape = shapeOf(P, sys, n, options);
  const depth = options.layers ?? 1;
  // Stage 1, P - P: only among the moves the layer passes try when they run; the whole when needed.
  const near = depth > 0 && shape.next ? nearDifferences(run, P, sys, n, shape, depth) : undefined;
  let whole: Differences | undefined;
  const wholeDifferences = (): Dfa => {
    if (!whole) {
      whole = run.differences('differences', () => differences(P, sys, n, options, shape));
      options.log?.('P - P minimal', whole.dfa.stateCount);
    }
    return whole.dfa;
  };
  // The candidates: valid, outside P, and sorted when P is symmetric (then so is the bad set).
  let R = product(P, validityOf(set.tracks), (inP, valid) => (inP === 0 && valid !== 0 ? 1 : 0));
  if (shape.symmetric) R = minimise(intersection(R, sortedTuples(sys.base, n)));
  // Stage 2, the axis pass: when no move with a zero coordinate lies in P - P (checked on the
  // automaton; such a move has a coordinate 0, so P - P among the near moves answers), every such
  // move to P is admissible, and only positions without one can be bad.
  let axisStuck: number | undefined;
  if (n > 1 && shortestWitness(intersection(near?.diff.dfa ?? wholeDifferences(), axisMoves(sys.base, n))) === undefined) {
    const from = R;
    R = run.candidates('axis', () => withoutAxisMove(P, from, sys.base, n, options));
    axisStuck = R.stateCount;
  }
  // Stage 3, the layer passes: moves to the top of each permuted chain below p, then the next
  // layer down, then the move to 0.
  const passes = near ? chainPasses(run, R, near, shape, sys, n, depth, wholeDifferences) : { R, layerStuck: [] };
  R = passes.R;
  const layerStuck = passes.layerStuck;
  // Stage 4, the search for a bad position among the candidates left.
  const bad = witnessSearch(P, R, sys, n, options, whole?.dfa, wholeDifferences);
  const t2 = performance.now();
  const result: DirectAdmissibility = {
    admissible: bad.witness === undefined,
    states: {
      p: set.dfa.stateCount,
      differenceNfa: whole?.nfa ?? 0,
      differencePairs: whole?.pairs ?? 0,
      differenceSubsets: whole?.subsets ?? 0,
      differences: whole?.dfa.stateCount ?? 0,
      ...(near ? { near: { below: near.below, nfa: near.diff.nfa, states: near.diff.dfa.stateCount } } : {}),
      ...(axisStuck === undefined ? {} : { axisStuck }),
      ...(layerStuck.length === 0 ? {} : { layerStuck }),
      moveNfa: bad.pairNfa,
      moveSubsets: bad.pairSubsets,
      moves: bad.pairs,
      badSearch: bad.subsets,
      largestSubset: Math.max(whole?.largest ?? 0, near?.diff.largest ?? 0, bad.largest),
    },
    ...(run.resumed.length === 0 ? {} : { resumed: run.resumed }),
    times: { differences: run.differenceTime, bad: t2 - t0 - run.differenceTime },
  };
  if (bad.witness !== undefined) result.witness = decodeTuple(set, bad.witness);
  return result;
}

/**
 * P - P (∩ near, closed under permuting coordinates, when given) as a predicate on the tracks of P (for checks and pictures).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function differenceSet(set: Predicate, options: DirectOptions = {}, near?: Dfa): Predicate {
  const sys = set.tracks[0]!.system!;
  const n = set.tracks.length;
  return new Predicate(set.tracks, differences(set.dfa, sys, n, options, shapeOf(set.dfa, sys, n, options), near).dfa);
}

/**
 * Whether the position p is bad for the set (Lemma 12), checked exactly against the automaton of P - P.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function isBadPosition(set: Predicate, differences: Predicate, p: readonly (bigint | number)[]): boolean {
  const sys = set.tracks[0]!.system!;
  return isBad(set.dfa, differencesBy(differences.dfa, sys, set.tracks.length), sys, set.tracks.length, encodeTuple(set.tracks, p));
}
