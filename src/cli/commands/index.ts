/** Every subcommand, one module each: parse flags, call the library, format. No game logic here. */
import type { Command } from 'commander';

export interface CommandModule {
  register(program: Command): void;
}

export const commands: CommandModule[] = [];
