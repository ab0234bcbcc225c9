/** `sprague ppositions SPEC --max N`: every P-position of a 2- or 3-heap game in the box [0,N]^k. */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import type { KeptPPositions } from '../../jobs/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { emitLine, emitLines, parseCount } from '../io.js';
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
      .action(async (spec: string, flags: Flags) => {
        const { ruleset, maxDepth } = await specFromFlags(spec, flags);
        if (ruleset.domain.kind !== 'heaps') throw new InputError(`ppositions needs a heap game; ${ruleset.name} is played on ${ruleset.domain.kind}`);
        const max = parseCount('--max', flags.max);
        const heaps = flags.heaps === undefined ? (ruleset.heapCount ?? 2) : parseCount('--heaps', flags.heaps);
        if (ruleset.heapCount !== undefined && heaps !== ruleset.heapCount) {
          throw new InputError(`${ruleset.name} is played on ${ruleset.heapCount} heaps, not ${heaps}`);
        }
        if (heaps !== 2 && heaps !== 3) throw new InputError(`ppositions lists games on 2 or 3 heaps, not ${heaps}`);
        // A job, so that Ctrl-C can stop the kernel and keep what it finished; small boxes are tried here first.
        const args = { spec, heaps, max, ...(maxDepth === undefined ? {} : { maxDepth }) };
        const run = await runCommandJob('ppositions', args, { title: 'ppositions', inline: (max + 1) ** heaps <= INLINE_CELLS });
        if (run.end !== 'done') {
          if (run.partial) await printKept(run.partial, heaps, max, ruleset.name, flags);
          throw stopped(run);
        }
        const found = run.value.coords;
        await printPositions(found, heaps, flags);
        if (!flags.json) emitLine(`${found.length / heaps} P-positions of ${ruleset.name} in [0,${max}]^${heaps}`);
      });
  },
};

/** Boxes up to this many cells are done in the CLI's thread: a worker's start-up would cost more than the work. */
const INLINE_CELLS = 1 << 16;

/**
 * JSON Lines, or one line of tuples; written as the reader takes them, and a Ctrl-C while they are written
 * ends them after a whole item (the line of tuples is still ended).
 */
async function printPositions(coords: Int32Array, heaps: number, flags: Flags): Promise<void> {
  const count = coords.length / heaps;
  const tuple = heaps === 2 ? (i: number) => `${coords[2 * i]},${coords[2 * i + 1]}` : (i: number) => `${coords[3 * i]},${coords[3 * i + 1]},${coords[3 * i + 2]}`;
  if (!flags.json) return count === 0 ? emitLine('') : emitLines(count, (i) => `(${tuple(i)})`, ' ');
  // `heaps` is the field every command's JSON gives heap positions in (grundy's `position` is the text typed).
  await emitLines(count, (i) => {
    const t = tuple(i);
    return `{"position":[${t}],"heaps":[${t}]}`;
  });
}

/** After a stop or a limit: the P-positions known final, and on stderr what they are. */
async function printKept(kept: KeptPPositions, heaps: number, max: number, name: string, flags: Flags): Promise<void> {
  const count = kept.coords.length / heaps;
  if (kept.kind === 'none') return;
  try {
    await printPositions(kept.coords, heaps, flags);
  } finally {
    process.stderr.write(
      kept.kind === 'box'
        ? `sprague: kept the ${count} P-positions of ${name} in [0,${kept.upTo}]^${heaps} (the columns finished), not all of [0,${max}]^${heaps}\n`
        : `sprague: kept the first ${count} P-positions of ${name} in [0,${max}]^${heaps} (lexicographic order)\n`,
    );
  }
}
