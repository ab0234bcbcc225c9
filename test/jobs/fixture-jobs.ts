/** Jobs for the runner's own tests: well-behaved ones, and ones whose worker dies in each way a worker can. */
import type { Stop } from '../../src/core/stop.js';
import { InterruptedError, LimitError } from '../../src/core/errors.js';
import { job } from '../../src/core/jobs.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Busy for `ms` milliseconds (a kernel that does not yield), reading the signal like the library does. */
function busy(ms: number, signal?: Stop): number {
  const end = performance.now() + ms;
  let n = 0;
  while (performance.now() < end) {
    if (signal?.aborted) return -n;
    n++;
  }
  return n;
}

export const fixtureJobs = {
  square: job({ run: (args: { n: number }) => args.n * args.n }),
  /** Emits 0, 1, 2, ... every `ms` ms up to `count`, progress as it goes; a stop keeps how many. */
  count: job({
    async run(args: { count: number; ms: number }, ctx) {
      for (let i = 0; i < args.count; i++) {
        if (ctx.signal.aborted) throw new InterruptedError({ done: i });
        ctx.onProgress(i, args.count, `item ${i}`);
        ctx.emit(i);
        busy(args.ms);
      }
      return args.count;
    },
    keep: (p): { done: number } | undefined => p as { done: number },
  }),
  /** Never reads its signal: only ending it from outside stops it. */
  deaf: job({
    run(args: { ms: number }, ctx) {
      ctx.emit('started');
      return busy(args.ms);
    },
  }),
  /** A limit with its partial result. */
  capped: job({
    run(args: { cap: number }): number {
      throw new LimitError(`the subset construction passed ${args.cap} states`, 'subsets', args.cap);
    },
    keep: (p): number | undefined => (typeof p === 'number' ? p : undefined),
  }),
  /** Busy in this thread for `ms`, then done: longer than the inline budget, so it moves to a worker. */
  slowInline: job({
    async run(args: { ms: number }, ctx) {
      ctx.emit('once');
      if (busy(args.ms, ctx.signal) < 0) throw new InterruptedError();
      return 'finished';
    },
  }),
  exit: job({
    run(): number {
      process.exit(3);
    },
  }),
  crash: job({
    async run() {
      // Thrown outside the job's promise: the worker has an uncaught exception.
      setTimeout(() => {
        throw new Error('boom\nsecond line');
      }, 0);
      await sleep(10_000);
      return 0;
    },
  }),
  oom: job({
    run() {
      const hoard: number[][] = [];
      for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => i));
    },
  }),
};
