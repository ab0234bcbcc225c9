/**
 * `sprague lengths SPEC --max N`: the Grundy value of every word of length 0..N of a rewrite game,
 * one line per length (docs/cli.md); `--words g` lists the Grundy language L_g instead.
 */
import { rewriteRulesOf } from '../../core/ruleset.js';
import type { Command } from 'commander';
import { memoryBudget } from '../../core/budget.js';
import { InputError, InterruptedError, LimitError } from '../../core/errors.js';
import { defaultThreads } from '../../core/pool.js';
import { parseSpec } from '../../spec/index.js';
import { type GrundyTable, type LengthStats, enumerateByLength } from '../../games/rewrite/enumerate.js';
import { DirectoryCheckpoint } from '../../games/rewrite/checkpoint.js';
import { MAX_TABLE_BYTES } from '../../games/rewrite/packed.js';
import { compressWord } from '../../games/rewrite/rules.js';
import { colour, emitEach, emitJson, emitLine, formatTable, parseCount, progressBar, parseThreads } from '../io.js';
import { ctrlC, installCtrlC } from '../interrupt.js';
import type { CommandModule } from './index.js';

interface Flags {
  max: string;
  json?: boolean;
  threads?: string;
  checkpoint?: string;
  words?: string;
  memory?: string;
  maxDepth?: string;
}

export const lengthsCommand: CommandModule = {
  register(program: Command) {
    program
      .command('lengths')
      .description('Grundy values of every word of length 0..N of a rewrite game: counts per value, max, running max')
      .argument('<spec>', 'a rewrite game, e.g. rewrite:a,a2,a3,a4,b or rewrite:a->,aa->b')
      .requiredOption('--max <n>', 'longest word length')
      .option('--json', 'JSON Lines output')
      .option('--threads <n>', 'worker threads (default: the number of cores)')
      .option('--checkpoint <dir>', 'write each finished length to DIR; a rerun continues from the last one')
      .option('--words <g>', 'list the words of Grundy value g (the language L_g) of length <= N instead')
      .option('--memory <MiB>', 'refuse runs whose table needs more (default: half the memory of the machine)')
      .option('--max-depth <n>', 'longest chain of same-length moves for rules u->v with |u| = |v|')
      .action(async (spec: string, flags: Flags) => {
        const ruleset = parseSpec(spec, { allowUnboundedRewriting: true });
        const rules = rewriteRulesOf(ruleset);
        if (!rules) throw new InputError(`lengths needs a rewrite game (rewrite:RULES); ${ruleset.name} is not one`);
        const max = parseCount('--max', flags.max);
        const threads = flags.threads === undefined ? defaultThreads() : parseThreads(flags.threads);
        const words = flags.words === undefined ? undefined : parseCount('--words', flags.words);
        const maxBytes =
          flags.memory === undefined ? Math.min(MAX_TABLE_BYTES, memoryBudget()) : parseCount('--memory', flags.memory) * 2 ** 20;
        const maxDepth = flags.maxDepth === undefined ? undefined : parseCount('--max-depth', flags.maxDepth);
        const checkpoint = flags.checkpoint === undefined ? undefined : new DirectoryCheckpoint(flags.checkpoint, rules);
        const resume = checkpoint?.resume();

        installCtrlC();
        const bar = progressBar('lengths');
        const rows: LengthStats[] = [];
        const report = (s: LengthStats) => {
          rows.push(s);
          if (flags.json && words === undefined) emitJson(s);
        };
        for (const s of resume?.stats.slice(0, max + 1) ?? []) report(s);
        // A stop or a limit keeps the lengths finished: they are printed (or their words listed) as a whole run's are.
        let table: GrundyTable;
        let stopped: Error | undefined;
        try {
          table = await enumerateByLength(rules, max, {
            threads,
            maxBytes,
            ...(maxDepth === undefined ? {} : { maxDepth }),
            ...(resume ? { resume } : {}),
            // One thread computes here between turns of the event loop, more on the pool: either way a Ctrl-C is seen within a slice.
            signal: ctrlC.stop,
            onProgress: (n, done, total) => bar.update(done, total, `length ${n}`),
            onLength: (s, values) => {
              checkpoint?.save(s, values);
              report(s);
            },
          });
        } catch (e) {
          // The enumeration's stops carry the table of the lengths finished (a limit met before any has none).
          if (!((e instanceof InterruptedError || e instanceof LimitError) && e.partial !== undefined)) throw e;
          table = e.partial as GrundyTable;
          stopped = e;
        } finally {
          bar.stop();
        }

        if (words !== undefined) {
          const json = flags.json === true;
          const shown = (w: string) => (w === '' ? 'ε' : compressWord(w));
          function* listing(): Generator<string> {
            for (let n = 0; n <= table.maxLength; n++) {
              for (const w of table.language(words!, n)) yield json ? JSON.stringify({ length: n, word: shown(w), grundy: words }) : shown(w);
            }
          }
          await emitEach(listing());
          if (stopped) throw stopped;
          return;
        }
        if (flags.json) {
          if (stopped) throw stopped;
          return;
        }
        if (flags.json) return;
        emitLine(colour.bold(`${ruleset.name}: Grundy values of all words of length 0..${max}`));
        emitLine(
          formatTable(
            ['length', 'words', 'max', 'running max', 'counts per value (g=0,1,...)'],
            rows.map((s) => [s.length, s.words, s.maxGrundy, s.runningMax, s.counts.join(' ')]),
          ),
        );
        const records = rows.filter((s) => s.firstWordsReachingMax.length > 0);
        emitLine('');
        emitLine(colour.bold('first words reaching a new maximum'));
        emitLine(
          formatTable(
            ['length', 'value', 'words'],
            records.map((s) => [s.length, s.maxGrundy, s.firstWordsReachingMax.map((w) => (w === '' ? 'ε' : compressWord(w))).join(' ')]),
          ),
        );
        if (stopped) throw stopped;
      });
  },
};
