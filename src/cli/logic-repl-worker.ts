/**
 * Worker side of the logic REPL: one Session for the life of the worker, one command per message, so
 * that definitions persist from line to line while the CLI's thread stays free to notice Ctrl-C.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stopOnFlag } from '../core/stop.js';
import { Session, commandDot, commandText } from '../logic/session.js';
import { lineOf } from '../jobs/logic.js';
import type { ReplReply, ReplRequest, ReplWorkerData } from './logic-repl.js';

const settings = workerData as ReplWorkerData;
// The engine reads the stop flag in its products and projections: a Ctrl-C ends the command, not the session.
const session = new Session({
  signal: stopOnFlag(settings.stop),
  // The library folder is read and written: definitions and results are kept for the next session.
  ...(settings.library ? { root: settings.library, save: true } : {}),
  ...(settings.maxStates === undefined ? {} : { maxStates: settings.maxStates }),
});

parentPort!.on('message', (request: ReplRequest) => {
  let reply: ReplReply;
  try {
    const r = session.run(request.command);
    reply = {
      line: { ...lineOf(r), ...(settings.print && r.predicate ? { text: commandText(r) } : {}) },
      ...(settings.dot ? { dot: commandDot(r) } : {}),
    };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply = { error: { name: err.name, message: err.message } };
  }
  parentPort!.postMessage(reply);
});
