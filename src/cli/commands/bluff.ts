/**
 * `sprague bluff SPEC POSITION...`: the winning first moves of CRAM / PUSH CRAM positions and the bluff
 * test of push-the-button, Conjecture 5.0.3 (every first move wins), with the button reported apart.
 */
import type { Command } from 'commander';
import { SpecError } from '../../core/errors.js';
import { parseBoard } from '../../games/grids/board.js';
import { type BluffReport, formatMove, searchReads } from '../../games/grids/solve.js';
import { gridRuleset } from '../../games/grids/named.js';
import { runCommandJob, stopped } from '../jobs.js';
import { colour, emitJson, emitLine, formatTable, parseCount, unusedFlag } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  checkpoint?: string;
  checkpointEvery?: string;
}

export const bluffCommand: CommandModule = {
  register(program: Command) {
    program
      .command('bluff')
      .description('winning first moves and the bluff test (every first move wins) for cram and pushcram boards')
      .argument('<spec>', 'cram or pushcram')
      .argument('<positions...>', 'boards: MxN (M rows, N columns) or rows of . and # separated by /')
      .option('--json', 'JSON Lines output')
      .option('--checkpoint <file>', 'keep the transposition table in FILE (resumes from it; saved on Ctrl-C)')
      .option('--checkpoint-every <seconds>', 'also save the checkpoint this often (default 60)')
      .action(async (spec: string, positions: string[], flags: Flags) => {
        if (spec !== 'cram' && spec !== 'pushcram') {
          throw new SpecError(spec, 1, 'bluff takes cram or pushcram');
        }
        const everyMs = flags.checkpointEvery === undefined ? undefined : parseCount('--checkpoint-every', flags.checkpointEvery) * 1000;
        const boards = positions.map((p) => parseBoard(p));
        // A flag nothing reads is refused: a checkpoint asked for and never written is a surprise hours later.
        const ruleset = gridRuleset(spec)!;
        if (flags.checkpoint !== undefined && !boards.some((b) => searchReads(ruleset, b, 'moves').checkpoint)) {
          throw unusedFlag('--checkpoint', spec === 'cram' ? "bluff cram values its moves by CRAM's Grundy search, which keeps no table to save (pushcram boards before the button do)" : 'a pushcram board past the button is valued by a formula, with no table to save');
        }
        if (flags.checkpointEvery !== undefined && flags.checkpoint === undefined) throw unusedFlag('--checkpoint-every', 'it says how often to save --checkpoint FILE, which is not given');
        const rows: (string | number)[][] = [];
        let done = 0;
        const onReport = (item: unknown) => {
          done++;
          const { position, report } = item as { position: string; report: BluffReport };
          const winning = report.moves.filter((m) => m.wins).map((m) => formatMove(m.move));
          if (flags.json) {
            emitJson({
              position,
              outcome: report.outcome,
              bluff: report.bluff,
              pushWins: report.pushWins,
              placementsWin: report.placementsWin,
              moves: report.moves.length,
              winningMoves: winning,
            });
            return;
          }
          const yes = (b: boolean | null) => (b === null ? '-' : b ? colour.green('yes') : 'no');
          const list = winning.length > 8 ? `${winning.slice(0, 8).join(' ')} ... (${winning.length})` : winning.join(' ') || 'none';
          rows.push([position, report.outcome, yes(report.bluff), yes(report.pushWins), yes(report.placementsWin), `${winning.length}/${report.moves.length}`, list]);
        };
        // A job, so that Ctrl-C stops the search (saving its checkpoint) and keeps the positions done.
        const args = { game: spec as 'cram' | 'pushcram', positions, ...(flags.checkpoint ? { checkpoint: flags.checkpoint } : {}), ...(everyMs === undefined ? {} : { checkpointEveryMs: everyMs }) };
        const run = await runCommandJob('bluff', args, { title: 'bluff', onItem: onReport });
        if (!flags.json && rows.length > 0) {
          emitLine(formatTable(['position', 'outcome', 'bluff', 'push wins', 'every domino wins', 'winning', 'winning moves'], rows));
        }
        if (run.end !== 'done') throw stopped(run, done > 0 || run.partial?.checkpoint !== undefined);
      });
  },
};
