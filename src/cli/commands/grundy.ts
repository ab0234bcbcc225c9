/**
 * `sprague grundy SPEC POSITION...`: the Grundy value and outcome of each position; `--table A..B[,C..D]`:
 * the values G(x, y) of a two-heap game as a grid to paste.
 */
import type { Command } from 'commander';
import type { GrundyLine } from '../../jobs/index.js';
import { parsePosition } from '../../spec/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { FlagError, emitJson, emitLine, formatTable, unusedFlag } from '../io.js';
import { InputError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { formatTextGrid, valueGrid, type HeapRange } from '../../plot/text-grid.js';
import type { Ruleset } from '../../core/ruleset.js';
import type { Board } from '../../games/grids/board.js';
import { gridRuleset } from '../../games/grids/named.js';
import { searchReads } from '../../games/grids/solve.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  maxDepth?: string;
  moves?: boolean;
  outcomeOnly?: boolean;
  checkpoint?: string;
  table?: string;
}

/** After Ctrl-C, how long a job whose lines are all printed may take to stop before it is ended. */
const GRACE_MS = 400;

/**
 * Whether a position is small enough to try in the CLI's thread: no number in it (a heap, an exponent, a board
 * side) above 10^4. A larger one can make one step of the solver (listing a position's options) outlast the
 * inline budget, and Ctrl-C is noticed only between steps there.
 */
function small(position: string): boolean {
  return (position.match(/\d+/g) ?? []).every((n) => Number(n) <= 10_000);
}

/**
 * The position as ppositions writes it: `heaps` (an array, the field every command uses for heap
 * positions) and, for a compound past a button, `phases` (1-based, outermost first: 2:2:3,5 has
 * phases [2,2]). Nothing for words, boards and sums, whose `position` text is their only form.
 */
function heapFields(p: unknown): { heaps?: number[]; phases?: number[] } {
  const phases: number[] = [];
  let g = p;
  while (typeof g === 'object' && g !== null && 'phase' in g && 'g' in g) {
    phases.push((g as { phase: number }).phase + 1);
    g = (g as { g: unknown }).g;
  }
  if (!Array.isArray(g) || !g.every((x) => typeof x === 'number')) return {};
  return { heaps: g as number[], ...(phases.some((k) => k > 1) ? { phases } : {}) };
}

/**
 * --checkpoint and --outcome-only are read by the grid searches only, and not by all of them
 * (searchReads): a flag nothing would read for this game and these positions is refused, not ignored.
 */
function checkGridFlags(spec: string, ruleset: Ruleset<any>, parsed: unknown[], flags: Flags): void {
  if (flags.checkpoint === undefined && !flags.outcomeOnly) return;
  const game = ruleset.capabilities?.gridSearch;
  const grid = game === undefined ? undefined : gridRuleset(game);
  const reads = grid === undefined ? [] : (parsed as Board[]).map((b) => searchReads(grid, b, 'solve'));
  if (flags.checkpoint !== undefined && !reads.some((r) => r.checkpoint)) {
    throw unusedFlag('--checkpoint', grid === undefined ? `${spec} is not solved by a grid search, the only searches with a table to save (cram, pushcram)` : 'a pushcram board past the button is valued by a formula, with no table to save');
  }
  if (flags.outcomeOnly && !reads.some((r) => r.grundy)) {
    throw unusedFlag('--outcome-only', grid === undefined ? `${spec} is not solved by a grid search; the outcome comes with the value` : `only pushcram boards before the button have an outcome search cheaper than their value (${spec === 'cram' ? 'CRAM always gets its Grundy value' : 'a board past the button is valued by a formula'})`);
  }
}

/**
 * `--table A..B` (x and y both in A..B) or `A..B,C..D` (x in A..B, y in C..D): the ranges, each side at most
 * the side of a values picture (plotBox), a table to read and paste rather than a computation.
 */
export function parseTableRanges(text: string): { xs: HeapRange; ys: HeapRange } {
  const parts = text.split(',');
  const side = limitDefault('plotBox');
  const ranges = parts.map((part) => {
    const m = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(part);
    if (!m || parts.length > 2) throw new FlagError('--table', text, 'expected A..B (x and y in A..B) or A..B,C..D (x in A..B, y in C..D), non-negative integers');
    const r = { from: Number(m[1]), to: Number(m[2]) };
    if (!Number.isSafeInteger(r.to)) throw new FlagError('--table', text, 'too large');
    if (r.from > r.to) throw new FlagError('--table', text, `${r.from}..${r.to} is empty: want A <= B`);
    if (r.to - r.from + 1 > side) throw new FlagError('--table', text, `${r.from}..${r.to} has ${r.to - r.from + 1} heap sizes; a table has at most ${side} a side`);
    return r;
  });
  return { xs: ranges[0]!, ys: ranges[1] ?? ranges[0]! };
}

/** The two-heap positions of a table, row by row (y), as typed: `x,y`. */
function tablePositions(xs: HeapRange, ys: HeapRange): string[] {
  const out: string[] = [];
  for (let y = ys.from; y <= ys.to; y++) for (let x = xs.from; x <= xs.to; x++) out.push(`${x},${y}`);
  return out;
}

export const grundyCommand: CommandModule = {
  register(program: Command) {
    program
      .command('grundy')
      .description('Grundy value and outcome of positions (misère games: outcome only)')
      .argument('<spec>', 'game spec, e.g. nim, push(nim,euclid), rewrite:a,a2,b')
      .argument('[positions...]', 'positions, e.g. 3,5 or a5b2aba2 (empty word: "" or ε)')
      .option('--json', 'JSON Lines output')
      .option('--max-depth <n>', 'depth bound, required for rewrite systems that are not strongly terminating')
      .option('--moves', 'also list the options of each position with their values')
      .option('--outcome-only', 'grid games: only the outcome (much faster than the Grundy value on large boards)')
      .option('--checkpoint <file>', 'grid games: keep the transposition table in this file (loaded if present, saved on Ctrl-C)')
      .option('--table <ranges>', 'two-heap games: the grid of G(x,y), x and y in A..B (or x in A..B, y in C..D: A..B,C..D)')
      .action(async (spec: string, given: string[], flags: Flags) => {
        if (flags.table !== undefined && given.length > 0) throw new InputError(`give positions or --table, not both (positions: ${given.join(' ')})`);
        if (flags.table === undefined && given.length === 0) throw new InputError('missing positions: give at least one (e.g. 3,5), or --table A..B for a two-heap game');
        const table = flags.table === undefined ? undefined : parseTableRanges(flags.table);
        if (table && flags.moves) throw unusedFlag('--moves', 'a --table shows values only');
        const { ruleset, maxDepth } = await specFromFlags(spec, flags);
        if (table && (ruleset.domain.kind !== 'heaps' || (ruleset.heapCount ?? 2) !== 2)) {
          throw new InputError(`--table needs a game on two heaps; ${ruleset.name} is played on ${ruleset.heapCount ? `${ruleset.heapCount} heap${ruleset.heapCount > 1 ? 's' : ''}` : ruleset.domain.kind}`);
        }
        const positions = table ? tablePositions(table.xs, table.ys) : given;
        // Bad positions are refused here, before any work.
        const parsed = positions.map((t) => parsePosition(ruleset, t));
        checkGridFlags(spec, ruleset, parsed, flags);
        const misere = ruleset.convention === 'misere';
        const rows: (string | number)[][] = [];
        // A table's cells, in the order of its positions (row by row): the value, or the outcome of a misère game.
        const cells: (number | string)[] = [];
        let done = 0;
        const onLine = (item: unknown) => {
          const { position, grundy, outcome, moves } = item as GrundyLine;
          // Lines come in the order of the positions.
          const p = parsed[done++];
          if (table) {
            cells.push(grundy ?? outcome);
            return;
          }
          if (flags.json) {
            emitJson({ position, grundy, outcome, ...heapFields(p), ...(moves ? { moves } : {}) });
            return;
          }
          rows.push([position, grundy === null ? '-' : grundy, outcome]);
          if (moves) {
            const winning = moves.filter((m) => m.outcome === 'P').map((m) => m.position);
            rows.push([`  ${moves.length} options; winning: ${winning.join(' ') || 'none'}`, '', '']);
          }
        };
        const args = {
          spec,
          positions,
          ...(maxDepth === undefined ? {} : { maxDepth }),
          ...(flags.moves ? { moves: true } : {}),
          ...(flags.outcomeOnly ? { outcomeOnly: true } : {}),
          ...(flags.checkpoint ? { checkpoint: flags.checkpoint } : {}),
        };
        // A job, so that Ctrl-C stops the solver (or the grid search, which saves its checkpoint) and keeps the
        // positions done (their lines are printed as they come, so a job slow to stop can be ended: nothing is
        // lost but a grid search's checkpoint). Small positions are tried in this thread first.
        const saves = flags.checkpoint !== undefined;
        const run = await runCommandJob('grundy', args, {
          title: 'grundy',
          onItem: onLine,
          inline: !saves && positions.every(small),
          ...(saves ? {} : { graceMs: GRACE_MS }),
        });
        if (table) {
          printTable(table.xs, table.ys, cells, flags.json === true, misere);
          if (run.end !== 'done') throw stopped(run, false);
          return;
        }
        if (!flags.json && rows.length > 0) emitLine(formatTable(['position', misere ? 'grundy (misère: -)' : 'grundy', 'outcome'], rows));
        if (run.end !== 'done') throw stopped(run, done > 0 || run.partial?.checkpoint !== undefined);
      });
  },
};

/**
 * The table: text (y down the left, x across the top), or with --json one object holding the matrix
 * (`values[i][j]` = G(xFrom + j, yFrom + i); outcomes "P"/"N" for a misère game). A stopped run prints nothing:
 * a grid with holes would paste as a wrong table.
 */
function printTable(xs: HeapRange, ys: HeapRange, cells: (number | string)[], json: boolean, misere: boolean): void {
  const width = xs.to - xs.from + 1;
  if (cells.length < width * (ys.to - ys.from + 1)) return;
  if (json) {
    const values = Array.from({ length: ys.to - ys.from + 1 }, (_, i) => cells.slice(i * width, (i + 1) * width));
    emitJson({ x: [xs.from, xs.to], y: [ys.from, ys.to], ...(misere ? { outcomes: values } : { values }) });
    return;
  }
  emitLine(formatTextGrid(valueGrid(xs, ys, (x, y) => cells[(y - ys.from) * width + (x - xs.from)]!)));
}
