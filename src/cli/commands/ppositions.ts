/** `sprague ppositions SPEC --max N`: every P-position of a 2- or 3-heap game in the box [0,N]^k. */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { pPositions } from '../../analysis/ppositions.js';
import { emitJson, emitLine, parseCount, progressBar } from '../io.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  max: string;
  heaps?: string;
  maxDepth?: string;
}

export const ppositionsCommand: CommandModule = {
  register(program: Command) {
    program
      .command('ppositions')
      .description('every P-position with all coordinates <= N, in lexicographic order')
      .argument('<spec>', 'a game on 2 or 3 heaps, e.g. wythoff, push(nim,euclid), zeruclid')
      .requiredOption('--max <n>', 'largest coordinate')
      .option('--heaps <k>', 'number of heaps for games on any number of heaps (default 2)')
      .option('--json', 'JSON Lines output')
      .option('--max-depth <n>', 'depth bound for games not known to terminate')
      .action((spec: string, flags: Flags) => {
        const { ruleset, maxDepth } = specFromFlags(spec, flags);
        if (ruleset.domain.kind !== 'heaps') throw new InputError(`ppositions needs a heap game; ${ruleset.name} is played on ${ruleset.domain.kind}`);
        const max = parseCount('--max', flags.max);
        const heaps = flags.heaps === undefined ? (ruleset.heapCount ?? 2) : parseCount('--heaps', flags.heaps);
        if (ruleset.heapCount !== undefined && heaps !== ruleset.heapCount) {
          throw new InputError(`${ruleset.name} is played on ${ruleset.heapCount} heaps, not ${heaps}`);
        }
        if (heaps !== 2 && heaps !== 3) throw new InputError(`ppositions lists games on 2 or 3 heaps, not ${heaps}`);
        const bar = progressBar('ppositions');
        const found: number[][] = [];
        try {
          pPositions(ruleset, heaps, max, {
            ...(maxDepth === undefined ? {} : { maxDepth }),
            onProgress: (d, t) => bar.update(d, t),
            onPosition: (p) => (flags.json ? emitJson({ position: p }) : found.push(p)),
          });
        } finally {
          bar.stop();
        }
        if (!flags.json) {
          emitLine(found.map((p) => `(${p.join(',')})`).join(' '));
          emitLine(`${found.length} P-positions of ${ruleset.name} in [0,${max}]^${heaps}`);
        }
      });
  },
};
