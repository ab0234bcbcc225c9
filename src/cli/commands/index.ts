/** Every subcommand, one module each: parse flags, call the library, format. No game logic here. */
import type { Command } from 'commander';
import { admissibleCommand } from './admissible.js';
import { automatonCommand } from './automaton.js';
import { demoCommand } from './demo.js';
import { grundyCommand } from './grundy.js';
import { lengthsCommand } from './lengths.js';
import { logicCommand } from './logic.js';
import { rewriteCommand } from './rewrite.js';
import { plotCommand } from './plot.js';
import { ppositionsCommand } from './ppositions.js';
import { serveCommand } from './serve.js';
import { sequenceCommand } from './sequence.js';
import { wythoffCommand } from './wythoff.js';
import { bluffCommand } from './bluff.js';
import { helpCommand } from './help.js';
import { censusCommand } from './census.js';
import { workerCommand } from './worker.js';

/** What a command may ask of the CLI around it: running another command line in this process (the demo). */
export interface CliContext {
  run(argv: string[]): Promise<number>;
}

export interface CommandModule {
  register(program: Command, cli: CliContext): void;
}

export const commands: CommandModule[] = [grundyCommand, ppositionsCommand, sequenceCommand, lengthsCommand, automatonCommand, admissibleCommand, rewriteCommand, plotCommand, serveCommand, wythoffCommand, logicCommand, demoCommand, bluffCommand, censusCommand, workerCommand, helpCommand];
