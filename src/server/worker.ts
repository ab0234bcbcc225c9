/** A computation worker: runs one task off the request thread and reports progress and the result. */
import { parentPort, workerData } from 'node:worker_threads';
import { InterruptedError } from '../core/errors.js';
import { Solver } from '../core/solver.js';
import { makePlot } from '../plot/index.js';
import { parsePosition, parseSpec } from '../spec/index.js';
import { errorInfo, type GrundyAnswer, type Task, type WorkerInput, type WorkerMessage } from './protocol.js';
import { signalOf } from './signal.js';

const { task, flag } = workerData as WorkerInput;
const signal = signalOf(flag);
const post = (m: WorkerMessage) => parentPort!.postMessage(m);

/** The Grundy value (normal play) or only the outcome (misère) of one position. */
function grundyOf(t: Extract<Task, { op: 'grundy' }>): GrundyAnswer {
  const rs = parseSpec(t.spec, { allowUnboundedRewriting: t.maxDepth !== undefined });
  const p = parsePosition(rs, t.position);
  const solver = new Solver({ signal, ...(t.maxDepth === undefined ? {} : { maxDepth: t.maxDepth }) });
  const position = rs.domain.format(p);
  if (rs.convention === 'misere') return { position, grundy: null, outcome: solver.outcome(rs, p) };
  const g = solver.grundy(rs, p);
  return { position, grundy: g, outcome: g === 0 ? 'P' : 'N' };
}

async function run(): Promise<void> {
  try {
    if (task.op === 'grundy') {
      post({ type: 'done', result: grundyOf(task) });
      return;
    }
    let last = 0;
    const result = await makePlot(task.request, {
      signal,
      onProgress: (done, total, label) => {
        const now = Date.now();
        if (now - last < 100) return;
        last = now;
        post({ type: 'progress', done, total, label });
      },
    });
    post({ type: 'done', result });
  } catch (e) {
    if (e instanceof InterruptedError) {
      const partial = e.partial as { svg?: string } | undefined;
      post(partial && typeof partial.svg === 'string' ? { type: 'cancelled', partial: partial as never } : { type: 'cancelled' });
      return;
    }
    post({ type: 'error', error: errorInfo(e) });
  }
}

await run();
