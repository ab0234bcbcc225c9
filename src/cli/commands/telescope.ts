/** `sprague telescope X [Y]`: the P-position in column X of (2,3)-Maharaja Nim by maharaja-nim section 5.2. */
import { wythoffMovesOf } from '../../core/ruleset.js';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { parseSpec } from '../../spec/index.js';
import { gameDictionaryFor } from '../../analysis/maharaja-dictionaries.js';
import { TelescopeOracle } from '../../analysis/maharaja-oracle.js';
import { automatonPartner, shippedWythoffAutomaton } from '../../invariance/wythoff-automaton.js';
import { emitJson, emitLine, parseCount } from '../io.js';
import { limitDefault } from '../../core/limits.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  automaton?: boolean;
  spec: string;
  maxDigits?: string;
}

function parseCoordinate(what: string, text: string): bigint {
  if (!/^\d+$/.test(text)) throw new InputError(`bad ${what} ${JSON.stringify(text)}: want a non-negative integer`);
  return BigInt(text);
}

export const telescopeCommand: CommandModule = {
  register(program: Command) {
    program
      .command('telescope')
      .description('P-position in column X (and whether (X,Y) is P) in time polynomial in log X, BigInt coordinates')
      .argument('<x>', 'column, any size (e.g. 1000000000000000000000000000000)')
      .argument('[y]', 'row: also say whether (x,y) is a P-position')
      .option('--spec <spec>', 'game with a built-in converging dictionary: wythoff+2,3 (proved) or maharaja (checked only; --automaton answers it with a proof)', 'wythoff+2,3')
      .option('--automaton', 'answer from the proved Fibonacci automaton of the game instead (maharaja, wythoff+2,3: data/wythoff-automata), in time linear in the digits')
      .option('--max-digits <n>', `longest column in decimal digits (default ${limitDefault('telescopeDigits')}; the time grows about as digits^2.6)`)
      .option('--json', 'JSON Lines output')
      .action((xText: string, yText: string | undefined, flags: Flags) => {
        const ruleset = parseSpec(flags.spec);
        const wythoffMoves = wythoffMovesOf(ruleset);
        if (!wythoffMoves) throw new InputError(`telescope needs a Wythoff-family game, not ${ruleset.name}`);
        const x = parseCoordinate('x', xText);
        const y = yText === undefined ? undefined : parseCoordinate('y', yText);
        const t0 = performance.now();
        let col: bigint;
        let how = '';
        if (flags.automaton) {
          const shipped = shippedWythoffAutomaton(wythoffMoves);
          if (shipped === undefined) throw new InputError(`no proved automaton shipped for ${ruleset.name}: --automaton knows maharaja and wythoff+2,3`);
          col = automatonPartner(shipped.automaton, x);
          how = `, the proved automaton of ${shipped.automaton.dfao.output.length} states in ${shipped.folder}`;
        } else {
          const game = gameDictionaryFor(wythoffMoves);
          if (game === undefined) throw new InputError(`no built-in dictionary for ${ruleset.name}: telescope knows wythoff+2,3 and maharaja`);
          col = new TelescopeOracle(game, flags.maxDigits === undefined ? {} : { maxDigits: parseCount('--max-digits', flags.maxDigits) }).column(x);
        }
        const ms = performance.now() - t0;
        const out: Record<string, unknown> = { x: x.toString(), column: col.toString() };
        if (y !== undefined) out['p'] = col === y;
        if (flags.json) return emitJson(out);
        emitLine(`the P-position of ${ruleset.name} in column ${x} is (${x},${col})`);
        if (y !== undefined) emitLine(`(${x},${y}) is ${col === y ? 'a P-position' : 'an N-position'}`);
        emitLine(`(${ms.toFixed(1)} ms${how})`);
      });
  },
};
