/** Placement games on grids (seed: push-the-button, section 5): CRAM, DOMINEERING, PUSH CRAM. */
export { type Board, parseBoard, formatBoard, emptyBoard, fromCells, components, place, isEmptyCell } from './board.js';
export { CramRuleset, gridDomain, placements } from './cram.js';
export { DomineeringRuleset, DomineeringSearch, type PartizanRuleset, type PartizanOutcome, outcomeClass } from './domineering.js';
export { PushCramRuleset, PartizanPushRuleset, type PushPosition, rowRuns } from './push.js';
export { octal007, octal007Values } from './octal007.js';
export { CramSearch } from './cramSolver.js';
export { PushCramSearch, type PushMove, type PushProgress } from './pushSolver.js';
export { TranspositionTable } from './table.js';
export { PushCram3Search, KeyPairTable, type Kernel3Options, MAX_KERNEL3_COLS, GRUNDY_KERNEL3_COLS } from './pushCram3.js';
export { PushSum3Search, KeyTripleTable, type Sum3Options, MAX_SUM3_COLS, isSum3Board } from './pushSum3.js';
export { PieceQuotient, type QuotientOptions, MAX_QUOTIENT_LEN } from './pieceQuotient.js';
export {
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
} from './solve.js';
