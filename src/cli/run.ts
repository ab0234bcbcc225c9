/** Process entry of the CLI: wires stdout errors and the exit code around `main`. */
import { closeCommandJobs } from './jobs.js';
import { main } from './main.js';

// A reader that closes early (`| head`) is not an error.
// Any other failure to write is one line on stderr, not a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`sprague: cannot write to standard output: ${e.code ?? e.message}\n`);
  process.exit(1);
});
process.exitCode = await main(process.argv.slice(2));
await closeCommandJobs();
