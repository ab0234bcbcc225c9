/**
 * Every subcommand, one module each: parse flags, call the library, format. No game logic here.
 * Modules are loaded on demand: a command line loads only the module of the command it names (a module
 * may import half the library), and help, a bare `sprague` or an unknown command load them all.
 */
import type { Command } from 'commander';

/** What a command may ask of the CLI around it: running another command line in this process (the demo). */
export interface CliContext {
  run(argv: string[]): Promise<number>;
}

export interface CommandModule {
  register(program: Command, cli: CliContext): void;
}

/** Each module, with the top-level command names it registers, in the order of `sprague --help`. */
const MODULES: { names: readonly string[]; load: () => Promise<CommandModule> }[] = [
  { names: ['grundy'], load: async () => (await import('./grundy.js')).grundyCommand },
  { names: ['ppositions'], load: async () => (await import('./ppositions.js')).ppositionsCommand },
  { names: ['sequence'], load: async () => (await import('./sequence.js')).sequenceCommand },
  { names: ['lengths'], load: async () => (await import('./lengths.js')).lengthsCommand },
  { names: ['automaton'], load: async () => (await import('./automaton.js')).automatonCommand },
  { names: ['admissible'], load: async () => (await import('./admissible.js')).admissibleCommand },
  { names: ['quotient'], load: async () => (await import('./quotient.js')).quotientCommand },
  { names: ['rewrite'], load: async () => (await import('./rewrite.js')).rewriteCommand },
  { names: ['plot'], load: async () => (await import('./plot.js')).plotCommand },
  { names: ['serve'], load: async () => (await import('./serve.js')).serveCommand },
  { names: ['bitstring', 'dictionary', 'telescope', 'conjecture41'], load: async () => (await import('./wythoff.js')).wythoffCommand },
  { names: ['logic'], load: async () => (await import('./logic.js')).logicCommand },
  // The demo runs other command lines in this process: each loads its own module then.
  { names: ['demo'], load: async () => (await import('./demo.js')).demoCommand },
  { names: ['bluff'], load: async () => (await import('./bluff.js')).bluffCommand },
  { names: ['census'], load: async () => (await import('./census.js')).censusCommand },
  { names: ['worker'], load: async () => (await import('./worker.js')).workerCommand },
  { names: ['help'], load: async () => (await import('./help.js')).helpCommand },
];

/**
 * The command modules a command line needs: the module of the command it names; none for `--version`
 * alone; all of them for help, no command, or a word that names no command (commander then lists them).
 */
export async function commandsFor(argv: readonly string[]): Promise<CommandModule[]> {
  const word = argv.find((a) => !a.startsWith('-'));
  const named = word === undefined || word === 'help' ? undefined : MODULES.find((m) => m.names.includes(word));
  if (named) return [await named.load()];
  if (word === undefined && argv.length > 0 && argv.every((a) => a === '--version' || a === '-V')) return [];
  return Promise.all(MODULES.map((m) => m.load()));
}
