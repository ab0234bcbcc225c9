/**
 * Benchmark: push-the-button, Conjecture 5.0.3 with the push-sum search (pushSum3.ts) against the 3-row
 * kernel (pushCram3.ts). Per odd board: outcome, positions, table entries, evictions, wall and CPU
 * seconds; the kernel on the same board while n <= KERNEL_MAX. Then the bluff test (every first move
 * solved, each verdict printed as it is found, so a long run keeps what it finished).
 *
 *   node dist/bench/grids-pushsum3.js [outcome|bluff|both] [N_FROM] [N_TO] [TABLE_BITS=22] [KERNEL_MAX=19] [CHECKPOINT_DIR] [QUOTIENT_LEN=10] [ETC=1]
 *
 * QUOTIENT_LEN: pieces up to this many columns are keyed by their proved representatives
 * (pieceQuotient.ts; 0 = none; 10 takes a few seconds to build).
 * TABLE_BITS is log2 of the buckets (64 bytes, 5 positions each): 22 = 256 MiB, 25 = 2 GiB. With
 * CHECKPOINT_DIR each search loads DIR/pushsum-3xN-{outcome,bluff}.tt when present (a bluff test without
 * its own file starts from the outcome search's), saves it every 10 minutes and at the end, and on Ctrl-C (SIGINT) saves it before exiting (code 130), so a stopped run
 * resumes. The searches run in a worker thread: a synchronous search never lets the main thread's
 * SIGINT handler run, so the main thread only raises a shared flag that the search polls.
 */
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { timed } from './timing.js';
import { InterruptedError } from '../src/core/errors.js';
import { emptyBoard } from '../src/games/grids/board.js';
import { loadTriples, saveTriples } from '../src/games/grids/checkpoint.js';
import { octal007 } from '../src/games/grids/octal007.js';
import { PieceQuotient } from '../src/games/grids/pieceQuotient.js';
import { PushCram3Search } from '../src/games/grids/pushCram3.js';
import { PushSum3Search } from '../src/games/grids/pushSum3.js';
import { formatMove } from '../src/games/grids/solve.js';

if (isMainThread) {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  process.on('SIGINT', () => Atomics.store(flag, 0, 1));
  const worker = new Worker(new URL(import.meta.url), { workerData: { argv: process.argv, flag } });
  worker.on('exit', (code) => (process.exitCode = code));
} else {
  run(workerData as { argv: string[]; flag: Int32Array });
}

function run({ argv, flag }: { argv: string[]; flag: Int32Array }): void {
  const what = argv[2] ?? 'both';
  const from = Number(argv[3] ?? 1);
  const to = Number(argv[4] ?? 19);
  const tableBits = Number(argv[5] ?? 22);
  const kernelMax = Number(argv[6] ?? 19);
  const checkpointDir = argv[7] || undefined;
  const quotientLen = Number(argv[8] ?? 10);
  const etc = (argv[9] ?? '1') !== '0';

  /** A progress line on stderr every minute, so a long run shows how far it got. */
  function progressEvery(label: string) {
    let last = performance.now();
    const t0 = last;
    return (p: { nodes: number; entries: number; rootDone: number; rootTotal: number }) => {
      const now = performance.now();
      if (now - last < 60_000) return;
      last = now;
      // Written at once: a worker's console output waits for its event loop, which the search never yields to.
      writeSync(2, `  ${label}: ${p.nodes} positions, ${p.entries} entries, root ${p.rootDone}/${p.rootTotal}, ${((now - t0) / 1000).toFixed(0)} s\n`);
    };
  }

  /** Runs `work` on `search` with its table kept in CHECKPOINT_DIR (when given) under `name`. */
  function withCheckpoint<T>(search: PushSum3Search, name: string, work: () => T): T {
    if (!checkpointDir) return work();
    const file = join(checkpointDir, `${name}.tt`);
    const problem = `pushcram sum3.1-outcome ${name}`;
    const t = performance.now();
    const restore = (a: number, b: number, c: number, d: number) => search.table.restore(a, b, c, d);
    if (loadTriples(file, problem, restore)) {
      console.log(`  ${name}: ${search.entries} entries loaded from ${file} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    } else if (name.endsWith('-bluff')) {
      // A key names a sum of pieces, not a board, so the outcome search's table seeds the bluff test.
      const seedName = name.replace(/-bluff$/, '-outcome');
      const seed = join(checkpointDir, `${seedName}.tt`);
      if (loadTriples(seed, `pushcram sum3.1-outcome ${seedName}`, restore)) {
        console.log(`  ${name}: ${search.entries} entries of ${seed} loaded as a seed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
    }
    const save = () => {
      const s = performance.now();
      saveTriples(file, problem, search.table);
      console.error(`  ${name}: ${search.entries} entries saved to ${file} in ${((performance.now() - s) / 1000).toFixed(1)} s`);
    };
    search.setCheckpoint(save, 600_000);
    try {
      const out = work();
      save();
      return out;
    } catch (e) {
      if (e instanceof InterruptedError) {
        save();
        console.log(`  ${name}: interrupted after ${search.nodes} positions; the table is in ${file}`);
        process.exit(130);
      }
      throw e;
    }
  }

  const q0 = timed(() => PieceQuotient.build(quotientLen));
  const quotient = q0.value;
  console.log(
    `piece quotient up to ${quotientLen} columns: ${quotient.pieces} pieces, ${quotient.statics} equivalent to a static part, ${quotient.merged} to a smaller piece, ${quotient.classes} representatives (${quotient.nodes} positions, ${q0.cpuS.toFixed(1)} s cpu)`,
  );

  const rate = (nodes: number, cpuS: number) => (cpuS > 0 ? `${(nodes / cpuS / 1e6).toFixed(2)} M` : '-');
  const odd = (n: number) => n % 2 === 1;

  if (what !== 'bluff') {
    console.log(`PUSH CRAM 3 x n, odd n, outcome: push-sum search (table 2^${tableBits} buckets, quotient ${quotientLen}, ETC ${etc ? 'on' : 'off'}), 3-row kernel up to n = ${kernelMax}`);
    console.log('n    G007  outcome  positions     entries      evictions   wall_s    cpu_s     pos/cpu_s | kernel positions  kernel cpu_s');
    for (let n = from; n <= to; n++) {
      if (!odd(n)) continue;
      const search = new PushSum3Search(emptyBoard(3, n), { tableBits, etc, quotient, interrupt: flag, onProgress: progressEvery(`3 x ${n}`) });
      const { value: win, wallS, cpuS } = timed(() => withCheckpoint(search, `pushsum-3x${n}-outcome`, () => search.wins()));
      let old = '';
      if (n <= kernelMax) {
        const kernel = new PushCram3Search(emptyBoard(3, n), { tableBits: Math.min(28, tableBits + 3) });
        const r = timed(() => kernel.wins());
        if (r.value !== win) throw new Error(`3 x ${n}: the push-sum search and the kernel disagree`);
        old = `${String(kernel.nodes).padEnd(17)} ${r.cpuS.toFixed(2)}`;
      }
      console.log(
        `${String(n).padEnd(4)} ${String(octal007(n)).padEnd(5)} ${(win ? 'N' : 'P').padEnd(8)} ${String(search.nodes).padEnd(13)} ${String(search.entries).padEnd(12)} ${String(search.table.evictions).padEnd(11)} ${wallS.toFixed(2).padEnd(9)} ${cpuS.toFixed(2).padEnd(9)} ${rate(search.nodes, cpuS).padEnd(9)} | ${old}`,
      );
    }
  }

  if (what !== 'outcome') {
    console.log(`\nbluff test on 3 x n, odd n (every first move solved, push-sum search, table 2^${tableBits} buckets, quotient ${quotientLen})`);
    for (let n = from; n <= to; n++) {
      if (!odd(n)) continue;
      const t0 = performance.now();
      const search = new PushSum3Search(emptyBoard(3, n), {
        tableBits,
        etc,
        quotient,
        interrupt: flag,
        onProgress: progressEvery(`bluff 3 x ${n}`),
        onRootMove: (m, wins) =>
          console.log(`  3 x ${n} ${formatMove(m).padEnd(8)} ${wins ? 'wins' : 'loses'}  (${search.nodes} positions, ${search.entries} entries, ${((performance.now() - t0) / 1000).toFixed(1)} s)`),
      });
      const { value: wins, wallS, cpuS } = timed(() => withCheckpoint(search, `pushsum-3x${n}-bluff`, () => search.rootMoveWins()));
      const placements = wins.slice(0, -1);
      const push = wins[wins.length - 1]!;
      const won = placements.filter(Boolean).length;
      console.log(
        `3 x ${n}: ${wins.some(Boolean) ? 'N' : 'P'}, button ${push ? 'wins' : 'loses'}, ${won}/${placements.length} placements win, bluff as printed: ${wins.every(Boolean)}, corrected clause: ${push ? won === 0 : won === placements.length}  (${search.nodes} positions, ${search.entries} entries, ${wallS.toFixed(1)} s wall, ${cpuS.toFixed(1)} s cpu)`,
      );
    }
  }
}
