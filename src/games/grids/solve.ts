/**
 * The entry points for grid games: outcomes (and Grundy values where cheap) of CRAM, PUSH CRAM and
 * DOMINEERING boards, the winning first moves, and the bluff test of push-the-button, section 5.
 */
import { InputError, InterruptedError, LimitError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import type { Ruleset } from '../../core/ruleset.js';
import { type Board, formatBoard, isEmptyCell, place } from './board.js';
import { loadTable, loadTriples, saveTable, saveTriples } from './checkpoint.js';
import { checkCheckpointFile } from '../../core/sealed.js';
import { CramRuleset } from './cram.js';
import { CramSearch } from './cramSolver.js';
import { DomineeringRuleset, DomineeringSearch, type PartizanOutcome } from './domineering.js';
import { octal007 } from './octal007.js';
import { PushCramRuleset, rowRuns } from './push.js';
import { PushCramSearch } from './pushSolver.js';
import { GRUNDY_KERNEL3_COLS, MAX_CHECKPOINT_COLS, MAX_KERNEL3_COLS, PushCram3Search } from './pushCram3.js';
import { isSum3Board, PushSum3Search } from './pushSum3.js';
import { PieceQuotient } from './pieceQuotient.js';
import type { Stop } from '../../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface SolveProgress {
  nodes: number;
  entries: number;
  /** First moves decided so far and in all (PUSH CRAM only; 0 when unknown). */
  rootDone: number;
  rootTotal: number;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface SolveOptions {
  signal?: Stop | undefined;
  /** A shared flag (element 0 non-zero = stop): how a search in a worker thread is interrupted. */
  interrupt?: Int32Array | undefined;
  onProgress?: ((p: SolveProgress) => void) | undefined;
  /** A file for the transposition table: loaded when present, saved periodically, on interruption and at the end. */
  checkpoint?: string | undefined;
  checkpointEveryMs?: number | undefined;
  /**
   * PUSH CRAM only: also compute the Grundy value (a full search without pruning, far costlier than the
   * outcome). CRAM always gets its Grundy value; DOMINEERING never (it is partizan).
   */
  grundy?: boolean | undefined;
  /** log2 of the PUSH CRAM table's slots (default fitted to the board: at most 2^22, or 2^24 for the 3-row kernel). */
  tableBits?: number | undefined;
}

/**
 * Outcomes of 3-row boards whose columns are free, top pair, bottom pair or full (every board reached by
 * play from an empty one) go to the push-sum search (pushSum3.ts), far smaller than the kernel's.
 */
function useSum3(board: Board, options: SolveOptions): boolean {
  return !options.grundy && isSum3Board(board);
}

function sum3(board: Board, options: SolveOptions): PushSum3Search {
  // Pieces keyed by proved representatives where that pays for its building (a few seconds at most).
  const quotientLen = board.cols >= 21 ? 10 : board.cols >= 17 ? 8 : 0;
  return new PushSum3Search(board, {
    signal: options.signal,
    interrupt: options.interrupt,
    onProgress: options.onProgress,
    tableBits: options.tableBits,
    quotient: quotientLen > 0 ? PieceQuotient.shared(quotientLen) : undefined,
  });
}

/** Other 3-row boards before the button go to the dedicated kernel (pushCram3.ts) while their keys fit it. */
function useKernel3(board: Board, options: SolveOptions): boolean {
  let maxCols = options.grundy ? GRUNDY_KERNEL3_COLS : MAX_KERNEL3_COLS;
  if (options.checkpoint) maxCols = Math.min(maxCols, MAX_CHECKPOINT_COLS);
  return board.rows === 3 && !board.pushed && board.cols <= maxCols;
}

function kernel3(board: Board, options: SolveOptions): PushCram3Search {
  return new PushCram3Search(board, {
    signal: options.signal,
    interrupt: options.interrupt,
    onProgress: options.onProgress,
    tableBits: options.tableBits,
    mode: options.grundy ? 'grundy' : 'outcome',
  });
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface SolveResult {
  outcome: PartizanOutcome;
  grundy: number | null;
  nodes: number;
  entries: number;
  ms: number;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export type GridRuleset = CramRuleset | PushCramRuleset | DomineeringRuleset;

function problemName(ruleset: GridRuleset, mode: string, board: Board): string {
  return `${ruleset.name} ${mode} ${formatBoard(board)}`;
}

/**
 * The XOR of the 0.07 values of the row runs: the value of a PUSH CRAM board once the button is pushed.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function pushedValue(board: Board): number {
  let v = 0;
  for (const run of rowRuns(board)) v ^= octal007(run);
  return v;
}

/**
 * Outcome of a grid position: P/N for CRAM and PUSH CRAM, L/R/N/P for DOMINEERING.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function solveOutcome(ruleset: Ruleset<any> | GridRuleset, board: Board, options: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const done = (outcome: PartizanOutcome, grundy: number | null, nodes: number, entries: number): SolveResult => ({
    outcome,
    grundy,
    nodes,
    entries,
    ms: Math.round(performance.now() - t0),
  });
  // A board is a bit mask in a BigInt: every cell read costs a shift of the whole mask.
  if (board.rows * board.cols > limitDefault('boardCells')) {
    throw new LimitError(`a board of ${board.rows}x${board.cols} has ${board.rows * board.cols} cells; the grid searches take at most ${limitDefault('boardCells')}`, 'boardCells');
  }
  if (ruleset instanceof PushCramRuleset) {
    if (board.pushed) {
      const v = pushedValue(board);
      return done(v === 0 ? 'P' : 'N', v, 0, 0);
    }
    if (useSum3(board, options)) {
      const search = sum3(board, options);
      const win = withCheckpoint(options, problemName(ruleset, 'sum3.1-outcome', board), search, () => search.wins());
      return done(win ? 'N' : 'P', null, search.nodes, search.entries);
    }
    if (useKernel3(board, options)) {
      const search = kernel3(board, options);
      const mode = options.grundy ? 'grundy' : 'outcome';
      const value = withCheckpoint(options, problemName(ruleset, `kernel3-${mode}`, board), search, () =>
        options.grundy ? search.grundy() : search.wins() ? 1 : 0,
      );
      return done(value === 0 ? 'P' : 'N', options.grundy ? value : null, search.nodes, search.entries);
    }
    const mode = options.grundy ? 'grundy' : 'outcome';
    const search = new PushCramSearch(board, mode, {
      signal: options.signal,
      interrupt: options.interrupt,
      onProgress: options.onProgress,
      tableBits: options.tableBits,
    });
    const value = withCheckpoint(options, problemName(ruleset, mode, board), search, () =>
      mode === 'grundy' ? search.grundy() : search.wins() ? 1 : 0,
    );
    return done(value === 0 ? 'P' : 'N', mode === 'grundy' ? value : null, search.nodes, search.entries);
  }
  if (ruleset instanceof CramRuleset) {
    if (board.pushed) throw new InputError('CRAM has no button: the position cannot be (2,BOARD)');
    const search = new CramSearch({
      signal: options.signal,
      interrupt: options.interrupt,
      onProgress: options.onProgress && ((p) => options.onProgress!({ ...p, rootDone: 0, rootTotal: 0 })),
    });
    const value = withCheckpoint(options, problemName(ruleset, 'grundy', board), search, () => search.grundy(board));
    return done(value === 0 ? 'P' : 'N', value, search.nodes, search.table.size);
  }
  if (ruleset instanceof DomineeringRuleset) {
    const search = new DomineeringSearch(options.signal);
    if (board.rows > 30 || board.cols > 30) throw new LimitError('DOMINEERING boards are limited to 30 x 30', 'boardSize');
    const outcome = search.outcome(board);
    return done(outcome, null, search.nodes, search.table.size);
  }
  throw new InputError(`solveOutcome: ${ruleset.name} is not a grid game (cram, pushcram, domineering)`);
}

type Searchable = PushCramSearch | CramSearch | PushCram3Search | PushSum3Search;

/** Runs `work` with the search's table loaded from, and saved to, options.checkpoint. */
function withCheckpoint<T>(options: SolveOptions, problem: string, search: Searchable, work: () => T): T {
  const path = options.checkpoint;
  if (!path) return work();
  checkCheckpointFile(path);
  if (search instanceof PushSum3Search) return withTriples(path, options, problem, search, work);
  const stored = loadTable(path, problem);
  if (search instanceof PushCram3Search) {
    if (stored?.kind === 'numbers') search.load(stored.keys, stored.vals);
  } else if (search instanceof PushCramSearch) {
    if (stored) search.load(stored);
  } else if (stored?.kind === 'strings') for (const [k, v] of stored.entries) search.table.set(k, v);
  const save = () =>
    saveTable(
      path,
      problem,
      search instanceof PushCram3Search
        ? search.numberTable()
        : search instanceof PushCramSearch
          ? search.numericKeys
            ? search.table
            : search.stringTable
          : search.table,
    );
  return savingOnTheWay(path, options, search, save, work);
}

/** withCheckpoint for the push-sum search, whose table of key triples is streamed from and to the file. */
function withTriples<T>(path: string, options: SolveOptions, problem: string, search: PushSum3Search, work: () => T): T {
  try {
    loadTriples(path, problem, (a, b, c, d) => search.table.restore(a, b, c, d));
  } catch (e) {
    // Nothing restored from a file that failed its checksum may be used.
    search.table.clear();
    throw e;
  }
  return savingOnTheWay(path, options, search, () => saveTriples(path, problem, search.table), work);
}

/** Runs `work` saving the table every checkpointEveryMs, at the end, and when interrupted (the partial then names the file). */
function savingOnTheWay<T>(path: string, options: SolveOptions, search: Searchable, save: () => void, work: () => T): T {
  search.setCheckpoint(save, options.checkpointEveryMs);
  try {
    const result = work();
    save();
    return result;
  } catch (e) {
    if (e instanceof InterruptedError) {
      save();
      throw new InterruptedError({ ...(e.partial as object), checkpoint: path });
    }
    throw e;
  }
}

/**
 * What the search for `board` reads of SolveOptions, for solveOutcome (`solve`) or winningMoves (`moves`):
 * whether it keeps a transposition table a checkpoint saves, and whether `grundy` changes what it computes.
 * A CRAM position's moves are valued by CRAM's own Grundy search, a PUSH CRAM board past the button by a
 * formula (pushedValue), DOMINEERING's by its own search: none of them reads a checkpoint, and only PUSH CRAM
 * before the button has an outcome cheaper than its value. A command refuses a flag nothing would read.
 */
export function searchReads(ruleset: GridRuleset, board: Board, what: 'solve' | 'moves'): { checkpoint: boolean; grundy: boolean } {
  if (ruleset instanceof PushCramRuleset && !board.pushed) return { checkpoint: true, grundy: what === 'solve' };
  if (ruleset instanceof CramRuleset) return { checkpoint: what === 'solve' && !board.pushed, grundy: false };
  return { checkpoint: false, grundy: false };
}

/**
 * A first move: the button, or a domino given by its top (vertical) or left (horizontal) cell, 0-based.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type GridMove = { kind: 'push' } | { kind: 'vertical' | 'horizontal'; row: number; col: number };

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface MoveVerdict {
  move: GridMove;
  /** True when the move leads to a P-position (the mover then wins). */
  wins: boolean;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export function formatMove(m: GridMove): string {
  return m.kind === 'push' ? 'push' : `${m.kind === 'vertical' ? 'V' : 'H'}(${m.row + 1},${m.col + 1})`;
}

/**
 * Every first move of a CRAM or PUSH CRAM position and whether it wins.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function winningMoves(ruleset: Ruleset<any> | GridRuleset, board: Board, options: SolveOptions = {}): MoveVerdict[] {
  if (ruleset instanceof PushCramRuleset && useSum3(board, { ...options, grundy: false })) {
    const search = sum3(board, options);
    const moves = search.rootMoves();
    const wins = withCheckpoint(options, problemName(ruleset, 'sum3.1-outcome', board), search, () => search.rootMoveWins());
    return moves.map((move, i) => ({ move, wins: wins[i]! }));
  }
  if (ruleset instanceof PushCramRuleset && useKernel3(board, { ...options, grundy: false })) {
    const search = kernel3(board, { ...options, grundy: false });
    const moves = search.rootMoves();
    const wins = withCheckpoint(options, problemName(ruleset, 'kernel3-outcome', board), search, () => search.rootMoveWins());
    return moves.map((move, i) => ({ move, wins: wins[i]! }));
  }
  if (ruleset instanceof PushCramRuleset && !board.pushed) {
    const search = new PushCramSearch(board, 'outcome', {
      signal: options.signal,
      interrupt: options.interrupt,
      onProgress: options.onProgress,
      tableBits: options.tableBits,
    });
    const moves = search.rootMoves();
    const wins = withCheckpoint(options, problemName(ruleset, 'outcome', board), search, () => search.rootMoveWins());
    return moves.map((move, i) => ({ move, wins: wins[i]! }));
  }
  if (ruleset instanceof PushCramRuleset || ruleset instanceof CramRuleset) {
    const vertical = ruleset instanceof CramRuleset;
    const search = new CramSearch({ signal: options.signal });
    const value = ruleset instanceof CramRuleset ? (b: Board) => search.grundy(b) : pushedValue;
    const out: MoveVerdict[] = [];
    for (let r = 0; r < board.rows; r++) {
      for (let c = 0; c < board.cols; c++) {
        if (!isEmptyCell(board, r, c)) continue;
        if (vertical && isEmptyCell(board, r + 1, c)) {
          out.push({ move: { kind: 'vertical', row: r, col: c }, wins: value(place(board, r, c, r + 1, c)) === 0 });
        }
        if (isEmptyCell(board, r, c + 1)) {
          out.push({ move: { kind: 'horizontal', row: r, col: c }, wins: value(place(board, r, c, r, c + 1)) === 0 });
        }
      }
    }
    return out;
  }
  throw new InputError(`winning moves are listed for cram and pushcram, not ${ruleset.name}`);
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface BluffReport {
  outcome: 'P' | 'N';
  moves: MoveVerdict[];
  /** Every domino placement wins. */
  placementsWin: boolean;
  /** Pushing the button wins (PUSH CRAM before the button), else null. */
  pushWins: boolean | null;
  /** A bluff game [BDKK17]: a first-player win in which every first move wins, the button included. */
  bluff: boolean;
}

/**
 * The bluff test of push-the-button, Conjecture 5.0.3, with the button reported apart (see NOTES.md).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function bluffTest(ruleset: Ruleset<any> | GridRuleset, board: Board, options: SolveOptions = {}): BluffReport {
  const moves = winningMoves(ruleset, board, options);
  const placements = moves.filter((m) => m.move.kind !== 'push');
  const push = moves.find((m) => m.move.kind === 'push');
  const anyWin = moves.some((m) => m.wins);
  return {
    outcome: anyWin ? 'N' : 'P',
    moves,
    placementsWin: placements.length > 0 && placements.every((m) => m.wins),
    pushWins: push ? push.wins : null,
    bluff: anyWin && moves.every((m) => m.wins),
  };
}
