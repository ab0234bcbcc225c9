/**
 * `sprague bluff SPEC POSITION...`: the winning first moves of CRAM / PUSH CRAM positions and the bluff
 * test of push-the-button, Conjecture 5.0.3 (every first move wins), with the button reported apart.
 */
import type { Command } from 'commander';
import { SpecError } from '../../core/errors.js';
import { parseBoard } from '../../games/grids/board.js';
import { formatMove } from '../../games/grids/solve.js';
import { runGridTask } from '../../games/grids/task.js';
import { colour, emitJson, emitLine, formatTable, parseCount, progressBar } from '../io.js';
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
        for (const p of positions) parseBoard(p);
        const ac = new AbortController();
        const onSigint = () => ac.abort();
        process.on('SIGINT', onSigint);
        const rows: (string | number)[][] = [];
        try {
          for (const position of positions) {
            const bar = progressBar(position);
            const report = await runGridTask(
              { game: spec, position, what: 'bluff', checkpoint: flags.checkpoint, checkpointEveryMs: everyMs },
              { signal: ac.signal, onProgress: (p) => bar.update(p.rootDone, Math.max(p.rootTotal, 1), `${p.nodes} positions`) },
            );
            bar.stop();
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
            } else {
              const yes = (b: boolean | null) => (b === null ? '-' : b ? colour.green('yes') : 'no');
              const list = winning.length > 8 ? `${winning.slice(0, 8).join(' ')} ... (${winning.length})` : winning.join(' ') || 'none';
              rows.push([position, report.outcome, yes(report.bluff), yes(report.pushWins), yes(report.placementsWin), `${winning.length}/${report.moves.length}`, list]);
            }
          }
        } finally {
          process.off('SIGINT', onSigint);
        }
        if (!flags.json) {
          emitLine(formatTable(['position', 'outcome', 'bluff', 'push wins', 'every domino wins', 'winning', 'winning moves'], rows));
        }
      });
  },
};
