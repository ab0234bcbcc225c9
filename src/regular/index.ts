/** Grundy automata of rewrite games: learning (L*) and proof (seed taking-and-merging, Lemma 2). */
export { rewriteTransducer, terminationWeights } from './rewrite-transducer.js';
export {
  verifyGrundyAutomaton,
  verifyPPositions,
  verifyGrundyAutomatonByClasses,
  type Verdict,
  type Violation,
  type Certificate,
  type RewriteSystem,
  type VerifyOptions,
} from './verify.js';
export { learnMoore, type Teacher, type LearnOptions, type LearnResult } from './learn.js';
export {
  findGrundyAutomaton,
  tableThenSolver,
  solverGrundy,
  type GrundyAutomatonOptions,
  type GrundyAutomatonResult,
} from './grundy-automaton.js';
export { nerodeBound, bestNerodeBound, type NerodeBound } from './lower-bound.js';
