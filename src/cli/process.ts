/** The CLI as a process: wires stdout errors, the game modules of SPRAGUE_GAMES and the exit code around `main`. */
import { delimiter } from 'node:path';
import { loadGameFiles } from './games.js';
import { outputFlushed } from './io.js';
import { closeCommandJobs } from './jobs.js';
import { main } from './main.js';

/**
 * SPRAGUE_GAMES: files (separated like PATH) whose import registers game families (registerGame), so that
 * every command, and the worker threads of its jobs, know them: a new family needs no edit to the CLI.
 * (`--require FILE` does the same from the command line: main.ts.)
 */
async function loadEnvGames(list: string | undefined): Promise<boolean> {
  try {
    await loadGameFiles((list ?? '').split(delimiter).filter((f) => f !== ''), 'SPRAGUE_GAMES');
    return true;
  } catch (e) {
    process.stderr.write(`sprague: ${(e as Error).message}\n`);
    return false;
  }
}

/** Runs the command line of this process and sets its exit code. */
export async function runProcess(): Promise<void> {
  // A reader that closes early (`| head`) is not an error.
  // Any other failure to write is one line on stderr, not a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`sprague: cannot write to standard output: ${e.code ?? e.message}\n`);
    process.exit(1);
  });
  process.exitCode = (await loadEnvGames(process.env['SPRAGUE_GAMES'])) ? await main(process.argv.slice(2)) : 2;
  await closeCommandJobs();
  // Output a reader has not taken would keep the process alive; after a Ctrl-C it gets until the output's
  // deadline, then the process ends without it (whole lines only were handed over: io.ts).
  if (!(await outputFlushed())) {
    process.stderr.write('sprague: the reader did not take the rest of the output after Ctrl-C; it was dropped\n');
    process.exit(130);
  }
}
