/**
 * Worker side of the logic REPL: one Session for the life of the worker, one command per message, so
 * that definitions persist from line to line while the CLI's thread stays free to notice Ctrl-C.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stopOnFlag } from '../core/stop.js';
import { Session, commandDot, commandText } from '../logic/session.js';
import type { ReplReply, ReplRequest, ReplWorkerData } from './logic-repl.js';

const settings = workerData as ReplWorkerData;
// The engine reads the stop flag in its products and projections: a Ctrl-C ends the command, not the session.
const session = new Session({
  signal: stopOnFlag(settings.stop),
  ...(settings.library ? { root: settings.library } : {}),
  ...(settings.maxStates === undefined ? {} : { maxStates: settings.maxStates }),
});

parentPort!.on('message', (request: ReplRequest) => {
  let reply: ReplReply;
  try {
    const r = session.run(request.command);
    const { mpl } = r as { mpl?: string };
    reply = {
      line: {
        verb: r.verb,
        name: r.name,
        result: r.result,
        states: r.states,
        variables: r.variables,
        ...(r.steps ? { steps: r.steps } : {}),
        ...(settings.print && r.predicate ? { text: commandText(r) } : {}),
        ...(mpl !== undefined ? { mpl } : {}),
      },
      ...(settings.dot ? { dot: commandDot(r) } : {}),
    };
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    reply = { error: { name: err.name, message: err.message } };
  }
  parentPort!.postMessage(reply);
});
