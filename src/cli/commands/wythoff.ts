/** The Wythoff-family commands (seed maharaja-nim): bitstring, dictionary, telescope, conjecture41. */
import type { Command } from 'commander';
import { bitstringCommand } from './bitstring.js';
import { conjecture41Command } from './conjecture41.js';
import { dictionaryCommand } from './dictionary.js';
import type { CommandModule } from './index.js';
import { telescopeCommand } from './telescope.js';

export const wythoffCommand: CommandModule = {
  register(program: Command, cli) {
    for (const c of [bitstringCommand, dictionaryCommand, telescopeCommand, conjecture41Command]) c.register(program, cli);
  },
};
