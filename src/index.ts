/**
 * sprague as a library, grouped by concept. The data flows one way: spec string -> parser -> Ruleset ->
 * solver / analysis -> result object. Nothing here prints, exits or reads argv.
 *
 * Pictures (SVG and PNG, Graphviz layouts) are at `sprague/plot` and the web explorer at `sprague/server`,
 * so that this entry point loads neither the PNG nor the Graphviz engine.
 *
 * Every export carries a release tag (docs/api.md): `@public` is the stable contract, `@beta` may still change
 * in a minor version. The machinery (the worker pool, the job runner, packed layouts, the grid searches) is not
 * exported: import it from its module inside this repository. api/sprague.api.md lists this surface.
 *
 * @packageDocumentation
 */

// Errors: typed, with a position or a reason; the CLI turns them into exit codes.
export { SpecError, PositionError, InputError, LimitError, CycleError, InterruptedError } from './core/errors.js';

// Rulesets: what a game is, what it declares it can do fast (its capabilities), and its family's data.
export type {
  Ruleset,
  PositionDomain,
  Component,
  Convention,
  Heaps,
  Capabilities,
  KernelSequence,
  KernelTable,
  SequenceOf,
  PeriodOf,
  RayMoves,
  RayChain,
  PictureKind,
  Phases,
  FamilyData,
} from './core/ruleset.js';
export { wythoffMovesOf, rewriteRulesOf } from './core/ruleset.js';
export type { KernelOptions } from './core/kernel.js';
export { stopAfter, stopAny, type Stop } from './core/stop.js';
export { heapMultisetDomain, orderedHeapsDomain, wordDomain } from './core/positions.js';

// Game specs: the grammar of docs/specs.md, and games registered from outside.
export { parseSpec, parsePosition, registerGame, loadGameModules, knownGameNames, type SpecOptions } from './spec/index.js';

// Solving: the memoised solver, outcomes under normal and misère play; `grundy` and `outcome` pick the best
// method for the ruleset and the position (the one-heap values of a sum of heaps, else the solver).
export { mex } from './core/mex.js';
export { Solver, type Outcome, type SolverOptions } from './core/solver.js';
export { grundy, outcome, PositionValues, heapValuesTable, type PositionMethod } from './analysis/position.js';

// Compounds (seed push-the-button, sections 1.3, 2 and 6).
export { PushCompound, PushVariantCompound, PUSH_VARIANTS, type PushVariant, ConjoinedCompound, PassCompound, DisjunctiveSum, Misere, type Phased } from './core/compounds.js';

// Heap games.
export { Nim, splitHeaps } from './games/heaps/nim.js';
export { WythoffFamily, type MovePair } from './games/heaps/wythoff.js';
export { Euclid } from './games/heaps/euclid.js';
export { Zeruclid } from './games/heaps/zeruclid.js';
export { SubtractionGame } from './games/heaps/subtraction.js';
export { TakeAndBreakGame, OctalGame } from './games/heaps/take-and-break/game.js';
export { parseTakeAndBreakCode, readTakeAndBreakCode, takeAndBreakCode, specName, type TakeAndBreakCode } from './games/heaps/take-and-break/code.js';
export { takeAndBreakSequence, type TakeAndBreakOptions, type TakeAndBreakResult } from './games/heaps/take-and-break/sequence.js';
export { takeAndBreakCertifier, certifyPeriod, type PeriodCertificate } from './games/heaps/take-and-break/certificate.js';
export { fingerprintLine, formatFingerprint, plainFingerprint, type SequenceFingerprint } from './core/kernel.js';
export { Mark } from './games/heaps/mark.js';
export { InvariantGame, type MoveVector, type MoveEntry } from './games/heaps/invariant.js';
export {
  TInvariantGame,
  gEven,
  invariantWythoffTwin,
  twoInvariantWythoffTwin,
  residueTInvariantGame,
  residuePartitionTable,
  type ResidueClass,
  type ResidueCondition,
  type PartitionDefect,
} from './games/heaps/tinvariant.js';

// Grundy sequences of one heap and their periods, certified by a theorem or only apparent.
export { grundySequence, oneHeapSequence, kernelSequence, sequenceWithPeriod, certifiedPeriod, type SequenceOptions, type SequenceResult } from './analysis/sequence.js';
export { findPeriod, tailStart, findArithmeticPeriod, certifierFor, outcomePeriod, type Periodicity, type PeriodCertifier } from './analysis/periodicity.js';
export { octalSequence, hexSequence, type OctalSequence, type OctalSequenceOptions } from './games/heaps/take-and-break/octal-sequence.js';
export { guySmithCertifier } from './games/heaps/take-and-break/guy-smith.js';
export { subtractionSequence, pushSubtractionSequence, windowCertifier, pushSubtractionCertifier } from './games/heaps/subtraction-sequence.js';

// P-positions in a box [0, N]^k: the general method, and the table kernels families declare.
export { pPositions, pPositionsInBox, pTable, type BoxMethod, type BoxOptions } from './analysis/ppositions.js';
export { outcomeTable, grundyTable, NotTabulable, PTable, type TablePrefix, type TableOptions } from './analysis/heap-tables.js';
export { rayTable2, hasRayTable } from './games/heaps/rays.js';
export { invariantTable2, type MoveClasses } from './games/heaps/invariant-table.js';
export { zeruclidTable } from './games/heaps/zeruclid.js';
export { checkPushRelations, checkSwitchAnalogues, switchCompound, type Switch } from './analysis/push-relations.js';
export {
  pushQuotient,
  pushSumRules,
  sumOutcomes,
  quotientOutcome,
  quotientWord,
  switchParts,
  QUOTIENT_SWITCHES,
  type PushQuotient,
  type PushSumRules,
  type QuotientGrowth,
  type QuotientOptions,
} from './analysis/push-quotient.js';

// Wythoff Nim with extra moves (seed maharaja-nim): column tables, bit strings, dictionary processes, the telescope.
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
export {
  learnWythoffAutomaton,
  proveWythoffAutomaton,
  proofCommands,
  walnutLibrary,
  walnutWordAutomaton,
  readWalnutDfao,
  readWythoffAutomaton,
  shippedWythoffAutomaton,
  automatonPartner,
  bandOffsets,
  fibonacciShift,
  type WythoffAutomaton,
  type ProofResult,
} from './invariance/wythoff-automaton.js';
export { learnZeckendorfDfao, zeckendorfOutput, zeckendorfDigits, ZECKENDORF_WEIGHTS, type ZeckendorfDfao, type ZeckendorfLearnOptions, type ZeckendorfLearnResult } from './numeration/zeckendorf-learner.js';
export { checkGameDictionary } from './analysis/maharaja-verify.js';
export { multiplicationDictionary, EXAMPLE_MULTIPLICATION_TABLE, binaryDictionary, binaryCodes } from './analysis/dictionary-multiplication.js';
export { phiDeviations, type DeviationRow } from './analysis/wythoff-conjecture.js';

// Rewrite games (seed taking-and-merging): words, rules, packed tables by length, the paper's objects.
export { RewriteGame, checkTermination, decreasingWeights } from './games/rewrite/game.js';
export type { RewriteRule } from './games/rewrite/rules.js';
export { enumerateByLength, enumerateByLengthSync, GrundyTable, type LengthStats, type EnumerateOptions } from './games/rewrite/enumerate.js';
export { DirectoryCheckpoint } from './games/rewrite/checkpoint.js';
export { encodeWord, decodeWord } from './games/rewrite/packed.js';
export { confluentReduction, confluencePushdown, runPushdown } from './games/rewrite/confluence.js';
export { checkNonRegularity, nonRegularWord } from './games/rewrite/nonregular.js';
export { octalRewriteRules, grundyOfHeapWords } from './games/rewrite/octal.js';
export { compileTuringMachine, haltingWord, runMachine, forcedPlay } from './games/rewrite/turing.js';

// Placement games on grids (seed push-the-button, section 5): Cram, Domineering, Push-Cram.
// The searches behind solveOutcome (CramSearch, PushCram3Search, ...) and their tables stay inside.
export {
  type Board,
  parseBoard,
  formatBoard,
  emptyBoard,
  fromCells,
  components,
  place,
  isEmptyCell,
  CramRuleset,
  gridDomain,
  placements,
  DomineeringRuleset,
  type PartizanRuleset,
  type PartizanOutcome,
  outcomeClass,
  PushCramRuleset,
  PartizanPushRuleset,
  type PushPosition,
  rowRuns,
  octal007,
  octal007Values,
  solveOutcome,
  winningMoves,
  bluffTest,
  pushedValue,
  formatMove,
  type SolveOptions,
  type SolveResult,
  type SolveProgress,
  type GridMove,
  type MoveVerdict,
  type BluffReport,
  type GridRuleset,
} from './games/grids/index.js';

// Game invariance (seed deciding-game-invariance): P - P, admissibility, t-invariance.
export { admissible, parseSetSpec, logicAdmissibility } from './invariance/admissible.js';
export { boundedAdmissibility, nonDifferenceGame } from './invariance/bounded.js';
export { periodicAdmissibility } from './invariance/periodic.js';
export { twoInvariantGameOf } from './invariance/theorem11.js';
export { leastInvariance, isTInvariantPartition } from './invariance/tinvariance.js';

// Words: morphisms, fixed points, automatic and morphic words.
export { Morphism, fixedPoint } from './words/morphism.js';
export { periodicWord } from './words/word.js';
export { parseMorphism, uniformFixedPointDfao, morphicWordDfao, lengthRecurrence } from './words/automatic.js';

// Numeration systems and the first-order logic engine (Walnut's language).
export { NumerationSystem } from './numeration/system.js';
export { negabaseDigits, negabaseValue } from './numeration/negative.js';
export { parseTransducer, transduceWord } from './logic/transduce.js';
export { Session, splitCommandFile } from './logic/session.js';
export { incidenceMatrices, formatMaple, matrixName, type IncidenceMatrices } from './logic/incidence.js';
export { chainLayers, chainSuccessor } from './logic/chains.js';
export { admissibleByLogic, admissibleDirect, differenceSet, isBadPosition } from './logic/admissibility.js';
export { logicSetOf } from './logic/games.js';

// Automata and Grundy automata, under namespaces: their names (Dfa, Alphabet, ...) are general.
export * as automata from './automata/index.js';
export * as regular from './regular/index.js';

// Parallel work (the worker pool and the job runner) is internal; a computation whose worker thread dies
// rejects with this error.
export { WorkerExitError } from './core/pool.js';

// Limits: every default cap in one table (docs/limits.md), a LimitError names one of them.
export { LIMITS, LIMIT_NAMES, limitDefault, type LimitName, type LimitSpec } from './core/limits.js';

// Census (docs/census.md): every game of a family computed into an SQL store (libsql, loaded when a store is
// first opened), each game as the job runner's census-game job, and read back with a --where filter.
export { parseFamily, familyName, type Family, type Member, type FamilyOptions } from './census/families.js';
export { computeGame, computationsOf, DEFAULT_AUTOMATON, type CensusTask, type AutomatonSettings } from './census/compute.js';
export { runCensus, pendingTasks, type CensusRunOptions, type CensusRunResult, type Redo as CensusRedo } from './census/run.js';
export type { Executor, GameOptions } from './census/executor.js';
export { LocalExecutor, type LocalExecutorOptions } from './executors/local.js';
export { CensusStore, type CensusSummary, type StoredGame as CensusStoredGame } from './census/store.js';
export { parseWhere, whereFields, type WhereClause } from './census/where.js';
export { lastExceptionalHeap, reportSections, reportMarkdown, reportHtml, type Section as ReportSection } from './census/report.js';
// Published tables (tczajka/octal-games, data/published) against computed sequences, and classes of equal sequences.
export {
  certifiedForm,
  firstDifference,
  indexTables,
  parseNimbers,
  PUBLISHED_TABLES_URL,
  publishedFingerprint,
  publishedFingerprints,
  referencesFor,
  reproduce,
  sameSequence,
  sequenceClasses,
  tableName,
  valueAt,
  withoutOffset,
  type ComputedSequence,
  type Entries,
  type EventuallyPeriodic,
  type LookupEntry,
  type PublishedTables,
  type Reference,
  type SequenceClass,
  type SolvedEntry,
  type TrivialEntry,
  type UnsolvedEntry,
} from './census/published.js';
export { reproduceGames, reproduceSections, verdictOf, type GameReproduction, type ReproduceOptions, type ReproduceResult } from './census/reproduce.js';
export { FAMILY_FIELDS, ROW_FIELDS, rowFingerprint, type CensusRow, type FamilyRow, type Computation, type Status as CensusStatus, type StoredFingerprint, type Verdict } from './census/row.js';
export { backfillFingerprints, type BackfillResult, type FilledRow } from './census/backfill.js';
