/** `sprague grundy SPEC POSITION...`: the Grundy value and outcome of each position. */
import type { Command } from 'commander';
import { Solver } from '../../core/solver.js';
import type { Ruleset } from '../../core/ruleset.js';
import { runGridTask } from '../../games/grids/task.js';
import { parsePosition } from '../../spec/index.js';
import { emitJson, emitLine, formatTable, progressBar } from '../io.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  maxDepth?: string;
  moves?: boolean;
  outcomeOnly?: boolean;
  checkpoint?: string;
}

/**
 * Grid games have their own search (transposition table, reflections, components), run in a worker
 * thread so that Ctrl-C is noticed and the table is saved to the checkpoint file.
 */
async function gridSearch(
  ruleset: Ruleset<any>,
  position: string,
  flags: Flags,
  signal: AbortSignal,
): Promise<{ grundy: number | null; outcome: 'P' | 'N' } | undefined> {
  const game = ruleset.capabilities?.gridSearch;
  if (game === undefined) return undefined;
  const bar = progressBar(position);
  try {
    const r = await runGridTask(
      { game, position, what: 'solve', grundy: !flags.outcomeOnly, ...(flags.checkpoint ? { checkpoint: flags.checkpoint } : {}) },
      { signal, onProgress: (p) => bar.update(p.rootDone, Math.max(p.rootTotal, 1), `${p.nodes} positions`) },
    );
    return { grundy: r.grundy, outcome: r.outcome === 'P' ? 'P' : 'N' };
  } finally {
    bar.stop();
  }
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
        const parsed = positions.map((t) => parsePosition(ruleset, t));
        const solver = new Solver(maxDepth === undefined ? {} : { maxDepth });
        const misere = ruleset.convention === 'misere';
        const rows: (string | number)[][] = [];
        const ac = new AbortController();
        const onSigint = () => ac.abort();
        process.on('SIGINT', onSigint);
        try {
          for (const [i, p] of parsed.entries()) {
            const grid = await gridSearch(ruleset, positions[i]!, flags, ac.signal);
            const outcome = grid ? grid.outcome : solver.outcome(ruleset, p);
            const grundy = grid ? grid.grundy : misere ? null : solver.grundy(ruleset, p);
            const moves = flags.moves
              ? ruleset.options(p).map((o) => ({
                  position: ruleset.domain.format(o),
                  grundy: misere ? null : solver.grundy(ruleset, o),
                  outcome: solver.outcome(ruleset, o),
                }))
              : undefined;
            if (flags.json) {
              emitJson({ position: positions[i], grundy, outcome, ...heapFields(p), ...(moves ? { moves } : {}) });
              continue;
            }
            rows.push([positions[i]!, grundy === null ? '-' : grundy, outcome]);
            if (moves) {
              const winning = moves.filter((m) => m.outcome === 'P').map((m) => m.position);
              rows.push([`  ${moves.length} options; winning: ${winning.join(' ') || 'none'}`, '', '']);
            }
          }
        } finally {
          process.off('SIGINT', onSigint);
        }
        if (!flags.json) emitLine(formatTable(['position', misere ? 'grundy (misère: -)' : 'grundy', 'outcome'], rows));
      });
  },
};
