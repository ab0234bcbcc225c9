/**
 * `sprague dictionary NAME --bits N`: runs a built-in dictionary process (maharaja-nim, sections 2.3, 5.1,
 * Appendix B) and reports which entries were used; for game dictionaries, checks the bits against the table.
 */
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { checkGameDictionary } from '../../analysis/maharaja-verify.js';
import { MAHARAJA, MAHARAJA_23 } from '../../analysis/maharaja-dictionaries.js';
import { compileDictionary, decode, encode, runDictionaryProcess } from '../../analysis/dictionary.js';
import { APPENDIX_B_TABLE, multiplicationDictionary, multiplicationStart } from '../../analysis/dictionary-multiplication.js';
import { colour, emitJson, emitLine, formatTable, parseCount, progressBar } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  bits: string;
}

const GAMES = { maharaja: MAHARAJA, 'wythoff+1,2': MAHARAJA, 'wythoff+2,3': MAHARAJA_23 } as const;

export const dictionaryCommand: CommandModule = {
  register(program: Command) {
    program
      .command('dictionary')
      .description('run a dictionary process: maharaja (27)-(40), wythoff+2,3 (41)-(44), appendix-b')
      .argument('<name>', 'maharaja | wythoff+2,3 | appendix-b')
      .option('--bits <n>', 'length of the string to produce', '20000')
      .option('--json', 'JSON Lines output')
      .action((name: string, flags: Flags) => {
        const bits = parseCount('--bits', flags.bits);
        if (name === 'appendix-b') return appendixB(bits, flags.json === true);
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
  const dict = multiplicationDictionary(APPENDIX_B_TABLE);
  const run = runDictionaryProcess(compileDictionary(dict), encode(dict.alphabet, multiplicationStart(APPENDIX_B_TABLE)), { maxLength: length });
  const text = decode(dict.alphabet, run.string.subarray(0, Math.min(length, run.length)));
  const usage = dict.entries.map((e, i) => ({ label: e.label ?? e.word, word: e.word, translate: e.translate, count: run.usage[i]! }));
  if (json) return emitJson({ string: text, steps: run.steps, stopped: run.stopped, usage });
  emitLine(text.replace(/S(?=S)/g, 'S '));
  emitLine(`unused entries: ${usage.filter((u) => u.count === 0).map((u) => u.label).join(', ') || 'none'}`);
}
