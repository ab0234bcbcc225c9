/**
 * `sprague dictionary NAME --bits N`: runs a built-in dictionary process (maharaja-nim, sections 2.3, 5.1,
 * Appendix B) and reports which entries were used; for game dictionaries, checks the bits against the table.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { checkGameDictionary } from '../../analysis/maharaja-verify.js';
import { MAHARAJA, MAHARAJA_23 } from '../../analysis/maharaja-dictionaries.js';
import { compileDictionary, decode, encode, runDictionaryProcess } from '../../analysis/dictionary.js';
import { EXAMPLE_MULTIPLICATION_TABLE, multiplicationDictionary, multiplicationStart } from '../../analysis/dictionary-multiplication.js';
import { colour, emitJson, emitLine, formatTable, parseCount, progressBar } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  bits: string;
  entries?: string;
  start?: string;
  read?: string;
  steps?: string;
}

const GAMES = { maharaja: MAHARAJA, 'wythoff+1,2': MAHARAJA, 'wythoff+2,3': MAHARAJA_23 } as const;

export const dictionaryCommand: CommandModule = {
  register(program: Command) {
    program
      .command('dictionary')
      .description('run a dictionary process: maharaja (27)-(40), wythoff+2,3 (41)-(44), appendix-b')
      .argument('<name>', 'maharaja | wythoff+2,3 | appendix-b | custom')
      .option('--bits <n>', 'length of the string to produce', '20000')
      .option('--entries <list>', 'custom: comma-separated word->translate, e.g. "1->0,01->100"')
      .option('--start <string>', 'custom: the start string')
      .option('--read <i>', 'custom: where the read head starts', '0')
      .option('--steps <n>', 'custom: at most this many translations')
      .option('--json', 'JSON Lines output')
      .action((name: string, flags: Flags) => {
        const bits = parseCount('--bits', flags.bits);
        if (name === 'appendix-b') return appendixB(bits, flags.json === true);
        if (name === 'custom') return custom(bits, flags);
        const game = GAMES[name as keyof typeof GAMES];
        if (game === undefined) throw new InputError(`unknown dictionary ${JSON.stringify(name)}: want maharaja, wythoff+2,3 or appendix-b`);
        const bar = progressBar('dictionary');
        let check;
        try {
          check = checkGameDictionary(game, bits, { onProgress: (d, t) => bar.update(d, t) });
        } finally {
          bar.stop();
        }
        if (flags.json) return emitJson(check);
        emitLine(
          formatTable(
            ['entry', 'word', 'translate', 'uses', 'first column'],
            check.usage.map((u) => [u.label, u.word, u.translate, u.count, u.firstColumn === null ? '-' : u.firstColumn]),
          ),
        );
        const verdict = check.firstDifference === null ? colour.green('equal the P-positions') : colour.red(`differ from the P-positions at column ${check.firstDifference}`);
        emitLine(`${check.bits} bits (columns ${check.firstColumn}..${check.firstColumn + check.bits - 1}) from ${check.steps} translations ${verdict}`);
      });
  },
};

function appendixB(length: number, json: boolean): void {
  const dict = multiplicationDictionary(EXAMPLE_MULTIPLICATION_TABLE);
  const run = runDictionaryProcess(compileDictionary(dict), encode(dict.alphabet, multiplicationStart(EXAMPLE_MULTIPLICATION_TABLE)), { maxLength: length });
  const text = decode(dict.alphabet, run.string.subarray(0, Math.min(length, run.length)));
  const usage = dict.entries.map((e, i) => ({ label: e.label ?? e.word, word: e.word, translate: e.translate, count: run.usage[i]! }));
  if (json) return emitJson({ string: text, steps: run.steps, stopped: run.stopped, usage });
  emitLine(text.replace(/S(?=S)/g, 'S '));
  emitLine(`unused entries: ${usage.filter((u) => u.count === 0).map((u) => u.label).join(', ') || 'none'}`);
}

/** A dictionary from the command line: "w1->t1,w2->t2"; the alphabet is the symbols used. */
function custom(length: number, flags: Flags): void {
  if (flags.entries === undefined || flags.start === undefined) throw new InputError('dictionary custom needs --entries and --start');
  const entries = flags.entries.split(',').map((text, i) => {
    const parts = text.split('->');
    if (parts.length !== 2 || parts[0]!.length === 0) throw new InputError(`bad --entries ${JSON.stringify(flags.entries)}: entry ${i + 1} ${JSON.stringify(text)} is not word->translate`);
    return { word: parts[0]!, translate: parts[1]!, label: parts[0]! };
  });
  const alphabet = [...new Set((flags.start + entries.map((e) => e.word + e.translate).join('')).split(''))].sort().join('');
  const read = parseCount('--read', flags.read ?? '0');
  const maxSteps = flags.steps === undefined ? undefined : parseCount('--steps', flags.steps);
  const run = runDictionaryProcess(compileDictionary({ alphabet, entries }), encode(alphabet, flags.start, 'start string'), {
    read,
    maxLength: length,
    ...(maxSteps === undefined ? {} : { maxSteps }),
  });
  const text = decode(alphabet, run.string.subarray(0, Math.min(length, run.length)));
  const usage = entries.map((e, i) => ({ word: e.word, translate: e.translate, count: run.usage[i]! }));
  if (flags.json) return emitJson({ string: text, length: run.length, read: run.read, steps: run.steps, stopped: run.stopped, usage });
  emitLine(text);
  emitLine(`${run.steps} translations, read head at ${run.read}, stopped: ${run.stopped}`);
  emitLine(formatTable(['word', 'translate', 'uses'], usage.map((u) => [u.word, u.translate, u.count])));
}
