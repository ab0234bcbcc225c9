/** Process entry of the CLI: wires stdout errors and the exit code around `main`. */
import { main } from './main.js';

// A reader that closes early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
process.exitCode = await main(process.argv.slice(2));
