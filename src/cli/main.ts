/**
 * The `sprague` command line (contract: shared/spec/CLI.md). Turns typed library errors into one-line
 * messages and exit codes: 2 for bad input, 3 for a limit hit, 130 for an interruption, 1 for a bug.
 */
import { Command, CommanderError } from 'commander';
import { commandsFor } from './commands/index.js';
import { CycleError, InputError, InterruptedError, LimitError, PositionError, SpecError } from '../core/errors.js';
import { flagFor } from '../core/limits.js';
import { FlagError } from './io.js';
import { codeVersion } from '../core/version.js';

export async function main(argv: string[]): Promise<number> {
  const program = new Command('sprague')
    .description('A workbench for impartial combinatorial games: Grundy values, P-positions, periods, automata.')
    .version(codeVersion())
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s.startsWith('error:') ? `sprague: ${s}` : s) })
    .showHelpAfterError(false);
  // Only the modules this command line needs (commands/index.ts): startup then loads one command's imports.
  for (const c of await commandsFor(argv)) c.register(program, { run: main });
  for (const sub of program.commands) sub.exitOverride();
  // The command that runs, so that a limit's message names the flag that raises it there.
  let command: string | undefined;
  program.hook('preAction', (_, action) => {
    command = action.name();
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    return report(e, command);
  }
}

function report(e: unknown, command: string | undefined): number {
  if (e instanceof CommanderError) {
    // Help and version exit cleanly; commander already printed its one-line error.
    return e.exitCode === 0 ? 0 : 2;
  }
  const line = (msg: string) => process.stderr.write(`sprague: ${msg.split('\n')[0]}\n`);
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
