/** Process entry of the CLI: wires stdout errors, the game modules of SPRAGUE_GAMES and the exit code around `main`. */
import { delimiter, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGameModules } from '../spec/parse.js';
import { closeCommandJobs } from './jobs.js';
import { main } from './main.js';

// A reader that closes early (`| head`) is not an error.
// Any other failure to write is one line on stderr, not a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`sprague: cannot write to standard output: ${e.code ?? e.message}\n`);
  process.exit(1);
});

/**
 * SPRAGUE_GAMES: files (separated like PATH) whose import registers game families (registerGame), so that
 * every command, and the worker threads of its jobs, know them: a new family needs no edit to the CLI.
 */
async function loadGameFiles(list: string | undefined): Promise<boolean> {
  const files = (list ?? '').split(delimiter).filter((f) => f !== '');
  for (const file of files) {
    try {
      await loadGameModules([pathToFileURL(resolve(file)).href]);
    } catch (e) {
      process.stderr.write(`sprague: cannot load the game module ${file} (SPRAGUE_GAMES): ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
      return false;
    }
  }
  return true;
}

process.exitCode = (await loadGameFiles(process.env['SPRAGUE_GAMES'])) ? await main(process.argv.slice(2)) : 2;
await closeCommandJobs();
