/** `sprague sequence SPEC --max N`: G(0..N) of a one-heap game, then its period with a certificate. */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { runCommandJob, stopped } from '../jobs.js';
import { emitJson, emitLine, emitLines, parseCount } from '../io.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  max: string;
  maxDepth?: string;
}

export const sequenceCommand: CommandModule = {
  register(program: Command) {
    program
      .command('sequence')
      .description('Grundy values of one heap of size 0..N, and the period (certified when a theorem proves it)')
      .argument('<spec>', 'a one-heap game, e.g. octal:0.07, subtraction:1-3, push(subtraction:1,2,subtraction:1-4)')
      .requiredOption('--max <n>', 'largest heap size')
      .option('--json', 'JSON Lines output')
      .option('--max-depth <n>', 'depth bound for games not known to terminate')
      .action(async (spec: string, flags: Flags) => {
        const { ruleset, maxDepth } = specFromFlags(spec, flags);
        if (ruleset.domain.kind !== 'heaps' || (ruleset.heapCount ?? 1) !== 1) {
          throw new InputError(`sequence needs a one-heap game; ${ruleset.name} is played on ${ruleset.heapCount ? `${ruleset.heapCount} heaps` : ruleset.domain.kind}`);
        }
        if (ruleset.convention === 'misere') throw new InputError('sequence lists Grundy values, which misère games do not have here; use grundy for outcomes');
        const max = parseCount('--max', flags.max);
        // A job, so that Ctrl-C can stop it; the values finished before a stop or a limit are printed.
        const run = await runCommandJob('sequence', { spec, max, ...(maxDepth === undefined ? {} : { maxDepth }) }, { title: 'sequence' });
        if (run.end !== 'done') {
          if (run.partial) await printValues(run.partial.values, spec, flags);
          throw stopped(run);
        }
        const { values, period, pPeriod } = run.value;
        await printValues(values, spec, flags);
        if (flags.json) {
          emitJson({ ...period, ...(pPeriod ? { pPeriod: pPeriod.period, pPreperiod: pPeriod.preperiod } : {}), spec });
          return;
        }
        if (period.certified) emitLine(`period ${period.period}, preperiod ${period.preperiod} (certified: ${period.certificate})`);
        if (pPeriod) emitLine(`P-positions: period ${pPeriod.period}, preperiod ${pPeriod.preperiod}`);
        else if (period.apparentPeriod !== undefined) {
          emitLine(`apparent period ${period.apparentPeriod}, preperiod ${period.apparentPreperiod} (not certified)`);
        } else if (period.apparentArithmeticPeriod !== undefined) {
          emitLine(
            `apparent arithmetic period ${period.apparentArithmeticPeriod}, saltus ${period.apparentSaltus}, ` +
              `preperiod ${period.apparentArithmeticPreperiod} (not certified)`,
          );
        } else emitLine('no period found');
      });
  },
};

/**
 * G(0), G(1), ...: JSON Lines, or rows of 20; a Ctrl-C while they are written ends them after a whole line.
 * Each JSON line names its spec, so the outputs of many games can be concatenated and still be told apart.
 */
async function printValues(values: ArrayLike<number>, spec: string, flags: Flags): Promise<void> {
  if (flags.json) {
    const named = JSON.stringify(spec);
    return emitLines(values.length, (n) => `{"n":${n},"grundy":${values[n]},"spec":${named}}`);
  }
  const rows = Math.ceil(values.length / 20);
  await emitLines(rows, (r) => `${String(20 * r).padStart(6)}: ${Array.from({ length: Math.min(20, values.length - 20 * r) }, (_, i) => values[20 * r + i]).join(' ')}`);
}
