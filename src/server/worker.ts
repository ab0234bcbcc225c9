/**
 * A computation worker: runs tasks one at a time off the request thread and reports progress and
 * results. It stays alive between tasks (no module loading per request) and keeps the memoised
 * solvers of recent Grundy queries, so a second query on the same game reuses the first one's values.
 */
import { parentPort } from 'node:worker_threads';
import { InterruptedError } from '../core/errors.js';
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';
import { flagSignal } from '../core/stop.js';
import { makePlot } from '../plot/index.js';
import { parsePosition, parseSpec } from '../spec/index.js';
import { errorInfo, type GrundyAnswer, type Task, type TaskMessage, type WorkerMessage } from './protocol.js';

/** The cancel flag of the task running now; the library's signal reads it. */
let current: Int32Array<ArrayBufferLike> = new Int32Array(1);
const signal = flagSignal(() => current);

const SOLVERS_KEPT = 8;
const MEMO_KEPT = 2_000_000;
const solvers = new Map<string, { rs: Ruleset<any>; solver: Solver }>();

function solverFor(spec: string, maxDepth: number | undefined): { rs: Ruleset<any>; solver: Solver } {
  const key = `${maxDepth ?? ''}|${spec}`;
  let s = solvers.get(key);
  if (s && s.solver.memoised > MEMO_KEPT) s = undefined;
  if (!s) {
    const rs = parseSpec(spec, { allowUnboundedRewriting: maxDepth !== undefined });
    s = { rs, solver: new Solver({ signal, ...(maxDepth === undefined ? {} : { maxDepth }) }) };
  }
  solvers.delete(key);
  solvers.set(key, s);
  while (solvers.size > SOLVERS_KEPT) solvers.delete(solvers.keys().next().value!);
  return s;
}

/** The Grundy value (normal play) or only the outcome (misère) of one position. */
function grundyOf(t: Extract<Task, { op: 'grundy' }>): GrundyAnswer {
  const { rs, solver } = solverFor(t.spec, t.maxDepth);
  const p = parsePosition(rs, t.position);
  const position = rs.domain.format(p);
  if (rs.convention === 'misere') return { position, grundy: null, outcome: solver.outcome(rs, p) };
  const g = solver.grundy(rs, p);
  return { position, grundy: g, outcome: g === 0 ? 'P' : 'N' };
}

async function run(task: Task, post: (m: WorkerMessage) => void): Promise<void> {
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

parentPort!.on('message', (m: TaskMessage) => {
  current = m.flag;
  void run(m.task, (msg) => parentPort!.postMessage({ ...msg, job: m.job }));
});
