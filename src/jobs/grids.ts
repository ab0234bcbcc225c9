/** The grid games' jobs: a solve or a bluff test per position, with the grid search's progress and checkpoint. */
import { InputError, InterruptedError } from '../core/errors.js';
import { job, type JobContext } from '../core/jobs.js';
import { keptCount } from './kept.js';
import type { BluffReport, SolveOptions, SolveResult } from '../games/grids/solve.js';

export interface BluffArgs {
  game: 'cram' | 'pushcram';
  positions: string[];
  checkpoint?: string;
  checkpointEveryMs?: number;
}

/** The search's own progress as the job's: root moves done, with the positions searched as the label. */
function progressOf(ctx: JobContext): Pick<SolveOptions, 'onProgress' | 'signal'> {
  return {
    signal: ctx.signal,
    onProgress: (p) => ctx.onProgress(p.rootDone, Math.max(p.rootTotal, 1), `${p.nodes} positions`),
  };
}

/** One grid position solved by the grid search of `game` (the name a ruleset gives in `capabilities.gridSearch`). */
export async function gridSolve(game: string, position: string, options: Pick<SolveOptions, 'grundy' | 'checkpoint'>, ctx: JobContext): Promise<SolveResult> {
  const [{ parseBoard }, { solveOutcome }, { gridRuleset }] = await Promise.all([
    import('../games/grids/board.js'),
    import('../games/grids/solve.js'),
    import('../games/grids/named.js'),
  ]);
  const ruleset = gridRuleset(game);
  if (!ruleset) throw new InputError(`the grid search does not know the game ${game}`);
  return solveOutcome(ruleset, parseBoard(position), { ...options, ...progressOf(ctx) });
}

/** The bluff test of each position, emitted as { position, report } as each is done. */
export async function bluffReports(args: BluffArgs, ctx: JobContext): Promise<number> {
  const [{ parseBoard }, { bluffTest }, { gridRuleset }] = await Promise.all([
    import('../games/grids/board.js'),
    import('../games/grids/solve.js'),
    import('../games/grids/named.js'),
  ]);
  const ruleset = gridRuleset(args.game)!;
  for (const [i, position] of args.positions.entries()) {
    let report: BluffReport;
    try {
      report = bluffTest(ruleset, parseBoard(position), {
        ...progressOf(ctx),
        ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}),
        ...(args.checkpointEveryMs === undefined ? {} : { checkpointEveryMs: args.checkpointEveryMs }),
      });
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError({ done: i, ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}) });
      throw e;
    }
    ctx.emit({ position, report });
  }
  return args.positions.length;
}

/** `sprague bluff`: the winning first moves of grid positions, one report emitted per position. */
export const bluffJob = job({
  run: async (args: BluffArgs, ctx) => bluffReports(args, ctx),
  keep: keptCount,
});
