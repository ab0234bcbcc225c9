/**
 * The Grundy job: the value and outcome of each position, one line emitted as each is found, each by the
 * method analysis/position.ts picks for its ruleset (the one-heap values of a sequence kernel, or the
 * general solver), except the grid games, which have their own search (transposition table, reflections,
 * components; optionally kept in a checkpoint file that an interrupted search saves). What was computed
 * stays in the worker between jobs (the explorer asks about one game many times), a few games at a time.
 */
import type { PositionValues } from '../analysis/position.js';
import { InterruptedError } from '../core/errors.js';
import { job, type JobContext } from '../core/jobs.js';
import type { Stop } from '../core/stop.js';
import type { Ruleset } from '../core/ruleset.js';
import { about, count, fields, flag, text, texts } from './check.js';
import { keptCount } from './kept.js';

export interface GrundyArgs {
  spec: string;
  /** Positions as typed. */
  positions: string[];
  maxDepth?: number;
  /** Also the options of each position with their values. */
  moves?: boolean;
  /** Grid games: the outcome only (much faster on large boards). */
  outcomeOnly?: boolean;
  /** Grid games: the transposition table's file (loaded if present, saved on a stop). */
  checkpoint?: string;
}

export interface GrundyLine {
  /** The position as typed, and as the game writes it. */
  position: string;
  formatted: string;
  /** null under the misère convention (only the outcome is defined). */
  grundy: number | null;
  outcome: 'P' | 'N';
  moves?: { position: string; grundy: number | null; outcome: 'P' | 'N' }[];
}

const EVALUATORS_KEPT = 8;
const MEMO_KEPT = 2_000_000;
const evaluators = new Map<string, PositionValues>();

/** The stop signal of the job running now: a kept evaluator reads the current job's signal, not its first one's. */
let current: Stop | undefined;
const signal: Stop = {
  get aborted() {
    return current?.aborted ?? false;
  },
};

async function evaluatorFor(spec: string, maxDepth: number | undefined): Promise<PositionValues> {
  const key = `${maxDepth ?? ''}|${spec}`;
  let e = evaluators.get(key);
  if (e && e.solver.memoised > MEMO_KEPT) e = undefined;
  if (!e) {
    const [{ PositionValues }, { parseSpec }] = await Promise.all([import('../analysis/position.js'), import('../spec/index.js')]);
    const ruleset = parseSpec(spec, { allowUnboundedRewriting: maxDepth !== undefined });
    e = new PositionValues(ruleset, { signal, ...(maxDepth === undefined ? {} : { maxDepth }) });
  }
  evaluators.delete(key);
  evaluators.set(key, e);
  while (evaluators.size > EVALUATORS_KEPT) evaluators.delete(evaluators.keys().next().value!);
  return e;
}

function gridGameOf(rs: Ruleset<any>): string | undefined {
  return rs.capabilities?.gridSearch;
}

/** Every line, each emitted as it is found; a stop keeps the lines emitted ({ done } counts them). */
export async function grundyLines(args: GrundyArgs, ctx: JobContext): Promise<GrundyLine[]> {
  current = ctx.signal;
  const values = await evaluatorFor(args.spec, args.maxDepth);
  const ruleset = values.rs;
  const { parsePosition } = await import('../spec/index.js');
  const parsed = args.positions.map((t) => parsePosition(ruleset, t));
  try {
    // Asking a Wythoff-family game builds its value table here, which a stop ends; the first position is
    // reported as begun, so a table of seconds shows progress (and a test its event).
    if (parsed.length > 0) ctx.onProgress(0, parsed.length, args.positions[0]);
    if (!gridGameOf(ruleset)) for (const [i, p] of parsed.entries()) values.checkSize(p, args.positions[i]!);
  } catch (e) {
    if (e instanceof InterruptedError) throw new InterruptedError({ done: 0 });
    throw e;
  }
  // A game that names a grid search in its capabilities is solved by that search.
  const gridGame = gridGameOf(ruleset);
  const grid = gridGame === undefined ? undefined : await import('./grids.js');
  const misere = ruleset.convention === 'misere';
  const lines: GrundyLine[] = [];
  for (const [i, p] of parsed.entries()) {
    const position = args.positions[i]!;
    // Positions done so far, the one being searched as the label (a grid search reports its own progress).
    ctx.onProgress(i, parsed.length, position);
    let line: GrundyLine;
    try {
      if (grid) {
        const r = await grid.gridSolve(gridGame!, position, { grundy: !args.outcomeOnly, ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}) }, ctx);
        line = { position, formatted: position, grundy: r.grundy, outcome: r.outcome === 'P' ? 'P' : 'N' };
      } else {
        const outcome = values.outcome(p);
        line = { position, formatted: ruleset.domain.format(p), grundy: misere ? null : values.grundy(p), outcome };
      }
      if (args.moves) {
        line.moves = ruleset.options(p).map((o: unknown) => ({
          position: ruleset.domain.format(o),
          grundy: misere ? null : values.grundy(o),
          outcome: values.outcome(o),
        }));
      }
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError({ done: i, ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}) });
      throw e;
    }
    ctx.emit(line);
    lines.push(line);
  }
  return lines;
}

/**
 * The explorer's Grundy query: `spec` and `positions` (required), `maxDepth`, `moves`, `outcomeOnly` (no
 * checkpoint file: the page writes no files); the spec and each position parsed here, so a bad one is
 * refused before any work.
 */
async function checkGrundy(body: unknown): Promise<GrundyArgs> {
  const { parsePosition, parseSpec } = await import('../spec/index.js');
  const b = fields(body, ['spec', 'positions', 'maxDepth', 'moves', 'outcomeOnly']);
  const maxDepth = count(b, 'maxDepth', 'optional');
  const args: GrundyArgs = {
    spec: text(b, 'spec'),
    positions: texts(b, 'positions'),
    ...(maxDepth === undefined ? {} : { maxDepth }),
    ...(flag(b, 'moves') ? { moves: true } : {}),
    ...(flag(b, 'outcomeOnly') ? { outcomeOnly: true } : {}),
  };
  const ruleset = about('spec', () => parseSpec(args.spec, { allowUnboundedRewriting: maxDepth !== undefined }));
  for (const p of args.positions) about('positions', () => parsePosition(ruleset, p));
  return args;
}

/**
 * `sprague grundy` and the explorer's Grundy query: one line per position, emitted as it is found; grid games
 * by their own search (transposition table, optional checkpoint file saved on a stop).
 */
export const grundyJob = job({
  run: async (args: GrundyArgs, ctx) => grundyLines(args, ctx),
  keep: keptCount,
  check: checkGrundy,
});
