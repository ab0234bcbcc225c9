/** Process entry of the CLI from its modules (bin/sprague.js runs the bundle of them when it can: start.ts). */
import { runProcess } from './process.js';

await runProcess();
