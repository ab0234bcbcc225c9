/**
 * Benchmark: the project's worker pool (core/pool.ts) beside tinypool and piscina, on what the pool is used for:
 * the overhead of many tiny tasks, a SharedArrayBuffer filled in a worker and a stop flag read by a busy one
 * (core/stop.ts), items posted before the answer (the job runner's `emit`), typed errors, a crash, a worker
 * past its heap limit, and a task ended from outside. The libraries are not dependencies; install them aside:
 *
 *   mkdir /tmp/pools && npm i --prefix /tmp/pools --no-save tinypool piscina
 *   POOL_LIBS=/tmp/pools/node_modules node dist/bench/pool.js [TASKS=20000] [THREADS=2] [RUNS=3]
 *
 * Prints figures and yes/no only (best of RUNS); never asserts a time.
 */
import { createRequire } from 'node:module';
import { MessageChannel, isMainThread, workerData, type MessagePort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { LimitError } from '../src/core/errors.js';
import { WorkerPool, serveTasks } from '../src/core/pool.js';
import { isStopped, newStopFlag, raiseStop } from '../src/core/stop.js';

type Task =
  | { echo: number }
  | { fill: SharedArrayBuffer }
  | { spin: SharedArrayBuffer }
  | { items: number; port?: MessagePort }
  | { limit: true }
  | { crash: true }
  | { hog: true }
  | { forever: true };

/** The work, the same in every pool; `post` is the project pool's port, or a MessagePort of the task. */
async function work(t: Task, post: (m: unknown) => void): Promise<unknown> {
  if ('echo' in t) return t.echo + 1;
  if ('fill' in t) return new Int32Array(t.fill).fill(7).length;
  if ('spin' in t) {
    // A kernel busy in a loop reads no message; it reads the shared stop flag.
    const flag = new Int32Array(t.spin);
    let turns = 0;
    while (!isStopped(flag)) turns++;
    return turns;
  }
  if ('items' in t) {
    for (let i = 0; i < t.items; i++) (t.port ? (m: unknown) => t.port!.postMessage(m) : post)(i);
    return t.items;
  }
  if ('limit' in t) throw new LimitError('a Grundy value past 255', 'grundyValue');
  if ('crash' in t) {
    setImmediate(() => {
      throw new Error('boom');
    });
    return new Promise(() => {});
  }
  if ('hog' in t) {
    const heap: number[][] = [];
    for (;;) heap.push(new Array(1e5).fill(1.5));
  }
  for (;;);
}

// In the project pool's worker (started without workerData); the libraries import the default export.
if (!isMainThread && workerData === undefined) serveTasks<Task, unknown, unknown>((t, post) => work(t, post));
export default (t: Task) => work(t, () => {});

interface Pool {
  name: string;
  run(t: Task, signal?: AbortSignal): Promise<unknown>;
  /** Items posted while the task works, and whether they all came before its answer. */
  items(n: number): Promise<boolean>;
  close(): Promise<void>;
}

const here = new URL(import.meta.url);
const hogLimits = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 };

function ours(threads: number, limited: boolean): Pool {
  const pool = new WorkerPool<Task, unknown, unknown>(here, threads, limited ? { resourceLimits: hogLimits } : {});
  return {
    name: 'core/pool.ts',
    run(t, signal) {
      const task = pool.start(t);
      signal?.addEventListener('abort', () => void task.terminate());
      return task.result;
    },
    async items(n) {
      let seen = 0;
      await pool.run({ items: n }, () => seen++);
      return seen === n;
    },
    close: () => pool.close(),
  };
}

/** A library pool: items need a MessageChannel of their own, beside the pool's port. */
function library(name: string, pool: { run(t: Task, o?: object): Promise<unknown>; destroy(): Promise<void> }, transferList: string): Pool {
  return {
    name,
    run: (t, signal) => pool.run(t, signal ? { signal } : {}),
    async items(n) {
      const { port1, port2 } = new MessageChannel();
      let seen = 0;
      port1.on('message', () => seen++);
      await pool.run({ items: n, port: port2 }, { [transferList]: [port2] });
      const before = seen;
      port1.close();
      return before === n;
    },
    close: () => pool.destroy(),
  };
}

async function load(pkg: string): Promise<any | undefined> {
  const from = process.env.POOL_LIBS;
  if (!from) return undefined;
  try {
    return await import(pathToFileURL(createRequire(`${from}/`).resolve(pkg)).href);
  } catch {
    return undefined;
  }
}

async function makers(threads: number): Promise<[string, (limited: boolean) => Pool][]> {
  const list: [string, (limited: boolean) => Pool][] = [['core/pool.ts', (l) => ours(threads, l)]];
  const tiny = await load('tinypool');
  if (tiny) {
    const Tinypool = tiny.default ?? tiny.Tinypool;
    list.push(['tinypool', (l) => library('tinypool', new Tinypool({ filename: here.href, minThreads: 0, maxThreads: threads, ...(l ? { resourceLimits: hogLimits } : {}) }), 'transferList')]);
  }
  const pis = await load('piscina');
  if (pis) {
    const Piscina = pis.Piscina ?? pis.default;
    // workerData marks its workers as a library's (see serveTasks above).
    list.push(['piscina', (l) => library('piscina', new Piscina({ filename: here.href, workerData: 'piscina', minThreads: 0, maxThreads: threads, ...(l ? { resourceLimits: hogLimits } : {}) }), 'transferList')]);
  }
  return list;
}

/** How a promise ended, in a few words. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    return `resolved ${String(await p)}`;
  } catch (e) {
    const err = e as Error & { limit?: string };
    return `${err.name}${err.limit ? ` (${err.limit})` : ''}: ${String(err.message).split('\n')[0]!.slice(0, 60)}`;
  }
}

async function tinyTasks(pool: Pool, tasks: number): Promise<number> {
  await Promise.all(Array.from({ length: 100 }, (_, i) => pool.run({ echo: i })));
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: tasks }, (_, i) => pool.run({ echo: i })));
  const us = ((performance.now() - t0) * 1000) / tasks;
  if (results[tasks - 1] !== tasks) throw new Error(`${pool.name}: wrong answer`);
  return us;
}

/** The project pool keeps no line; the bench runs it through lanes as enumerate.ts does. */
function queued(pool: Pool, threads: number): Pool {
  if (pool.name !== 'core/pool.ts') return pool;
  const line: (() => void)[] = [];
  let busy = 0;
  return {
    ...pool,
    async run(t, signal) {
      if (busy >= threads) await new Promise<void>((r) => line.push(r));
      busy++;
      try {
        return await pool.run(t, signal);
      } finally {
        busy--;
        line.shift()?.();
      }
    },
  };
}

if (isMainThread) {
  const TASKS = Number(process.argv[2] ?? 20000);
  const THREADS = Number(process.argv[3] ?? 2);
  const RUNS = Number(process.argv[4] ?? 3);
  const list = await makers(THREADS);
  if (list.length === 1) console.log('(tinypool and piscina not found: set POOL_LIBS to a node_modules that has them)');
  console.log(`${TASKS} tiny tasks on ${THREADS} threads, best of ${RUNS}; node ${process.version}`);
  for (const [name, make] of list) {
    let best = Infinity;
    for (let r = 0; r < RUNS; r++) {
      const pool = queued(make(false), THREADS);
      best = Math.min(best, await tinyTasks(pool, TASKS));
      await pool.close();
    }
    const pool = make(false);
    const shared = new SharedArrayBuffer(4 * 1000);
    await pool.run({ fill: shared });
    const filled = new Int32Array(shared)[999] === 7;
    const stop = newStopFlag();
    const spinning = pool.run({ spin: stop.buffer as SharedArrayBuffer });
    await new Promise((r) => setTimeout(r, 50));
    raiseStop(stop);
    const stopped = await outcome(spinning);
    const inOrder = await pool.items(10000);
    const typed = await outcome(pool.run({ limit: true }));
    const crash = await outcome(pool.run({ crash: true }));
    const after = await outcome(pool.run({ echo: 1 }));
    const abort = new AbortController();
    const forever = pool.run({ forever: true }, abort.signal);
    setTimeout(() => abort.abort(), 50);
    const ended = await outcome(forever);
    await pool.close();
    const limited = make(true);
    const hog = await outcome(limited.run({ hog: true }));
    await limited.close();
    console.log(`\n${name}`);
    console.log(`  per tiny task          ${best.toFixed(1)} µs`);
    console.log(`  SharedArrayBuffer      ${filled ? 'shared' : 'copied'}; stop flag: ${stopped.startsWith('resolved') ? 'busy worker stopped' : stopped}`);
    console.log(`  10000 items posted     ${inOrder ? 'all before the answer' : 'NOT all before the answer'}`);
    console.log(`  LimitError thrown      ${typed}`);
    console.log(`  uncaught error         ${crash}; next task ${after}`);
    console.log(`  ended from outside     ${ended}`);
    console.log(`  past its heap limit    ${hog}`);
  }
}
