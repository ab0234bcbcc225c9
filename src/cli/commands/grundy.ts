/** `sprague grundy SPEC POSITION...`: the Grundy value and outcome of each position. */
import type { Command } from 'commander';
import type { GrundyLine } from '../../jobs/index.js';
import { parsePosition } from '../../spec/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { emitJson, emitLine, formatTable } from '../io.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  maxDepth?: string;
  moves?: boolean;
  outcomeOnly?: boolean;
  checkpoint?: string;
}

export const grundyCommand: CommandModule = {
  register(program: Command) {
    program
      .command('grundy')
      .description('Grundy value and outcome of positions (misère games: outcome only)')
      .argument('<spec>', 'game spec, e.g. nim, push(nim,euclid), rewrite:a,a2,b')
      .argument('<positions...>', 'positions, e.g. 3,5 or a5b2aba2 (empty word: "" or ε)')
      .option('--json', 'JSON Lines output')
      .option('--max-depth <n>', 'depth bound, required for rewrite systems that are not strongly terminating')
      .option('--moves', 'also list the options of each position with their values')
      .option('--outcome-only', 'grid games: only the outcome (much faster than the Grundy value on large boards)')
      .option('--checkpoint <file>', 'grid games: keep the transposition table in this file (loaded if present, saved on Ctrl-C)')
      .action(async (spec: string, positions: string[], flags: Flags) => {
        const { ruleset, maxDepth } = specFromFlags(spec, flags);
        // Bad positions are refused here, before any work.
        for (const t of positions) parsePosition(ruleset, t);
        const misere = ruleset.convention === 'misere';
        const rows: (string | number)[][] = [];
        const onLine = (item: unknown) => {
          const { position, grundy, outcome, moves } = item as GrundyLine;
          if (flags.json) {
            emitJson({ position, grundy, outcome, ...(moves ? { moves } : {}) });
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
        // positions done. Tried in this thread first, unless a grid search keeps a checkpoint file.
        const run = await runCommandJob('grundy', args, { title: 'grundy', onItem: onLine, inline: flags.checkpoint === undefined });
        if (!flags.json && rows.length > 0) emitLine(formatTable(['position', misere ? 'grundy (misère: -)' : 'grundy', 'outcome'], rows));
        if (run.end !== 'done') throw stopped(run, run.partial !== undefined && (run.partial.done > 0 || run.partial.checkpoint !== undefined));
      });
  },
};
