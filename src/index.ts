/**
 * sprague as a library. The data flows one way: spec string -> parser -> Ruleset -> solver / analysis
 * -> result object. Nothing here prints, exits or reads argv.
 */
export * from './core/errors.js';
export type { Ruleset, PositionDomain, Component, Convention, Heaps } from './core/ruleset.js';
export { mex } from './core/mex.js';
export { Solver, grundy, outcome, type Outcome, type SolverOptions } from './core/solver.js';
export { PushCompound, ConjoinedCompound, PassCompound, DisjunctiveSum, Misere, type Phased } from './core/compounds.js';
export { parseSpec, parsePosition, registerGame, knownGameNames } from './spec/index.js';
export { Nim } from './games/heaps/nim.js';
export { WythoffFamily, type MovePair } from './games/heaps/wythoff.js';
export { Euclid } from './games/heaps/euclid.js';
export { Zeruclid } from './games/heaps/zeruclid.js';
export { SubtractionGame } from './games/heaps/subtraction.js';
export { OctalGame } from './games/heaps/octal.js';
export { InvariantGame, type MoveVector, type MoveEntry } from './games/heaps/invariant.js';
export { RewriteGame, checkTermination, decreasingWeights } from './games/rewrite/game.js';
export type { RewriteRule } from './games/rewrite/rules.js';
export { pPositionsInBox } from './analysis/ppositions.js';
export { grundySequence } from './analysis/sequence.js';
export { findPeriod, certifierFor, type Periodicity } from './analysis/periodicity.js';
