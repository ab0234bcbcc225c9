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
export { findPeriod, findArithmeticPeriod, certifierFor, type Periodicity } from './analysis/periodicity.js';

// Rewrite games at scale (issue 3): packed tables by length, the taking-and-merging paper's objects.
export { enumerateByLength, enumerateByLengthSync, GrundyTable, type LengthStats, type EnumerateOptions } from './games/rewrite/enumerate.js';
export { DirectoryCheckpoint } from './games/rewrite/checkpoint.js';
export { packedLayout, encodeWord, decodeWord } from './games/rewrite/packed.js';
export { confluentReduction, theorem6Pushdown, runPushdown } from './games/rewrite/confluence.js';
export { checkTheorem5, theorem5Word } from './games/rewrite/nonregular.js';
export { octalRewriteRules, grundyOfHeapWords } from './games/rewrite/octal.js';
export { compileTuringMachine, proposition28Word, runMachine, forcedPlay } from './games/rewrite/turing.js';
export { WorkerPool, WorkerExitError, serveTasks, defaultThreads } from './core/pool.js';
export { JobRunner, INLINE_MS, job, serveJobs, type Job, type JobContext, type JobEnd, type RunOptions, type RunningJob } from './core/jobs.js';
export { LIMITS, LIMIT_NAMES, flagFor, limitDefault, type LimitName, type LimitSpec } from './core/limits.js';

// Heap games beyond the core (issue 5): fast sequences, certified periods, typed-array tables.
export { octalSequence, hexSequence } from './analysis/octal-sequence.js';
export { oneHeapSequence, sequenceWithPeriod, certifiedPeriod } from './analysis/sequence.js';
export { guySmithCertifier, windowCertifier, pushSubtractionCertifier, outcomePeriod } from './analysis/periodicity.js';
export { pPositions, pTable, wythoffFamilyPPositions } from './analysis/ppositions.js';
export { rayTable2, invariantTable2, zeruclidTable, outcomeTable, grundyTable, type PTable } from './analysis/heap-tables.js';
export { checkProposition214 } from './analysis/push-relations.js';
export {
  TInvariantGame,
  gEven,
  remark8H,
  remark8HPrime,
  residueTInvariantGame,
  residuePartitionTable,
  type ResidueClass,
  type ResidueCondition,
  type PartitionDefect,
} from './games/heaps/tinvariant.js';
export { Mark } from './games/heaps/mark.js';

// Wythoff Nim with extra moves (issue 6): column tables, bit strings, dictionary processes, the telescope.
export {
  wythoffFamilyTable,
  upperStats,
  upperPPositions,
  lineViolations,
  tableChecksum,
  countPPositions,
  type ExtraMove,
  type WythoffTable,
  type UpperStats,
} from './analysis/wythoff-table.js';
export { wythoffBitString, bitsOfTable, bitChecksum, bitsToText } from './analysis/bitstring.js';
export {
  compileDictionary,
  runDictionaryProcess,
  matchAt,
  coalescencePoint,
  synchronizationProfile,
  type Dictionary,
  type ProcessResult,
} from './analysis/dictionary.js';
export { MAHARAJA, MAHARAJA_23, gameDictionaryFor } from './analysis/maharaja-dictionaries.js';
export { TelescopeOracle } from './analysis/maharaja-oracle.js';
export { checkGameDictionary } from './analysis/maharaja-verify.js';
export { multiplicationDictionary, APPENDIX_B_TABLE, binaryDictionary, binaryCodes } from './analysis/dictionary-multiplication.js';
export { conjecture41 } from './analysis/wythoff-conjecture.js';

// Automata (issue 4), under namespaces: their names (Dfa, Alphabet, ...) are general.
export * as automata from './automata/index.js';
export * as regular from './regular/index.js';

// Invariance and words (issue 8).
export { admissible, parseSetSpec, logicAdmissibility } from './invariance/admissible.js';
export { boundedAdmissibility, lemma12Game } from './invariance/bounded.js';
export { periodicAdmissibility } from './invariance/periodic.js';
export { theorem11Game } from './invariance/theorem11.js';
export { leastInvariance, isTInvariantPartition } from './invariance/tinvariance.js';
export { Morphism, fixedPoint } from './words/morphism.js';
export { periodicWord } from './words/word.js';

// Numeration systems and the first-order logic engine (issue 7).
export { NumerationSystem } from './numeration/system.js';
export { negabaseDigits, negabaseValue } from './numeration/negative.js';
export { parseMorphism, uniformFixedPointDfao, morphicWordDfao, lengthRecurrence } from './words/automatic.js';
export { parseTransducer, transduceWord } from './logic/transduce.js';
export { Session, splitCommandFile } from './logic/session.js';
export { runConformance } from './logic/conformance.js';
export { incidenceMatrices, formatMaple, matrixName, type IncidenceMatrices } from './logic/incidence.js';
export { chainLayers, chainSuccessor } from './logic/chains.js';
export { admissibleByLogic, admissibleDirect, differenceSet, isBadPosition } from './logic/admissibility.js';
export { exploreNfa, determiniseTable, type TableNfa } from './automata/nfa.js';
export { logicSetOf } from './logic/games.js';

// Pictures and the web explorer (issue 10).
export { makePlot, checkRequest, PLOT_KINDS, type PlotRequest, type PlotResult } from './plot/index.js';
export { svgToPng, dotToSvg } from './plot/render.js';
export { startServer, type RunningServer, type ServeOptions } from './server/server.js';

// Placement games on grids (issue 9): Cram, Domineering, Push-Cram, the push construction of section 6.
export * from './games/grids/index.js';
export { runGridTask } from './games/grids/task.js';
