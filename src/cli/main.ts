/**
 * The `sprague` command line (contract: docs/cli.md). Turns typed library errors into one-line
 * messages and exit codes: 2 for bad input, 3 for a limit hit, 130 for an interruption, 1 for a bug.
 */
import { Command, CommanderError } from 'commander';
import { commandsFor } from './commands/index.js';
import { CycleError, InputError, InterruptedError, LimitError, PositionError, SpecError } from '../core/errors.js';
import { flagFor } from '../core/limits.js';
import { FlagError, parseSize } from './io.js';
import { setMemoryBudget } from '../core/budget.js';
import { codeVersion } from '../core/version.js';
import { loadGameFiles } from './games.js';

export async function main(argv: string[]): Promise<number> {
  const program = new Command('sprague')
    .description('A workbench for impartial combinatorial games: Grundy values, P-positions, periods, automata.')
    .version(codeVersion())
    .exitOverride()
    // commander's errors (and the help it shows when a subcommand is missing) are printed by report(), as one line.
    .configureOutput({ writeErr: () => {} })
    .showHelpAfterError(false)
    .option('--max-memory <size>', 'memory budget of a computation, e.g. 2G or 512M (a bare number is MiB; default: half the memory)')
    .option('--require <file>', 'load a game module (a JS file that calls registerGame) before the command; repeatable', (f: string, all: string[]) => [...all, f], [] as string[]);
  // Only the modules this command line needs (commands/index.ts): startup then loads one command's imports.
  for (const c of await commandsFor(argv)) c.register(program, { run: main });
  for (const sub of program.commands) sub.exitOverride();
  // The command that runs, so that a limit's message names the flag that raises it there.
  let command: string | undefined;
  program.hook('preAction', async (_, action) => {
    command = action.name();
    const size = program.opts<{ maxMemory?: string }>().maxMemory;
    setMemoryBudget(size === undefined ? undefined : parseSize('--max-memory', size));
    await loadGameFiles(program.opts<{ require: string[] }>().require, '--require');
  });
  // The command being dispatched to, so that a missing subcommand can be named.
  let dispatched: Command = program;
  program.hook('preSubcommand', (_, sub) => {
    dispatched = sub;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    return report(e, command, dispatched);
  }
}

/** One line on stderr and the exit code, for every way a command can fail (the one place that decides both). */
function report(e: unknown, command: string | undefined, dispatched: Command): number {
  const line = (msg: string) => process.stderr.write(`sprague: ${msg.split('\n')[0]}\n`);
  if (e instanceof CommanderError) {
    // Help and version exit cleanly. A command with subcommands and none given: name them, in one line.
    if (e.exitCode === 0) return 0;
    if (e.code === 'commander.help') {
      const name = dispatched.parent === null ? 'sprague' : `sprague ${dispatched.name()}`;
      const subs = dispatched.commands.map((c) => c.name()).filter((n) => n !== 'help');
      line(`${dispatched.parent === null ? '' : `${dispatched.name()}: `}name a command: ${subs.join(', ')} (${name} --help says more)`);
    } else line(e.message.trim().split(/\s*\n\s*/).join(' ')); // e.g. "unknown option '--jsn' (Did you mean --json?)"
    return 2;
  }
  if (
    e instanceof SpecError ||
    e instanceof PositionError ||
    e instanceof InputError ||
    e instanceof FlagError ||
    e instanceof CycleError
  ) {
    line(e.message);
    return 2;
  }
  if (e instanceof LimitError) {
    const flag = flagFor(e.limit, command);
    line(flag === undefined ? e.message : `${e.message} (raise it with ${flag} N)`);
    return 3;
  }
  if (e instanceof InterruptedError) {
    line(e.partial === undefined ? 'interrupted; nothing was finished' : 'interrupted; finished work was kept');
    return 130;
  }
  const err = e instanceof Error ? e : new Error(String(e));
  line(`internal error: ${err.message}`);
  if (process.env['SPRAGUE_DEBUG']) process.stderr.write(`${err.stack}\n`);
  return 1;
}
