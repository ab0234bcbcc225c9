/** `sprague grundy SPEC POSITION...`: the Grundy value and outcome of each position. */
import type { Command } from 'commander';
import { Solver } from '../../core/solver.js';
import { parsePosition } from '../../spec/index.js';
import { emitJson, emitLine, formatTable } from '../io.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  maxDepth?: string;
  moves?: boolean;
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
      .action((spec: string, positions: string[], flags: Flags) => {
        const { ruleset, maxDepth } = specFromFlags(spec, flags);
        const parsed = positions.map((t) => parsePosition(ruleset, t));
        const solver = new Solver(maxDepth === undefined ? {} : { maxDepth });
        const misere = ruleset.convention === 'misere';
        const rows: (string | number)[][] = [];
        parsed.forEach((p, i) => {
          const outcome = solver.outcome(ruleset, p);
          const grundy = misere ? null : solver.grundy(ruleset, p);
          const moves = flags.moves
            ? ruleset.options(p).map((o) => ({
                position: ruleset.domain.format(o),
                grundy: misere ? null : solver.grundy(ruleset, o),
                outcome: solver.outcome(ruleset, o),
              }))
            : undefined;
          if (flags.json) emitJson({ position: positions[i], grundy, outcome, ...(moves ? { moves } : {}) });
          else {
            rows.push([positions[i]!, grundy === null ? '-' : grundy, outcome]);
            if (moves) {
              const winning = moves.filter((m) => m.outcome === 'P').map((m) => m.position);
              rows.push([`  ${moves.length} options; winning: ${winning.join(' ') || 'none'}`, '', '']);
            }
          }
        });
        if (!flags.json) emitLine(formatTable(['position', misere ? 'grundy (misère: -)' : 'grundy', 'outcome'], rows));
      });
  },
};
