/**
 * Benchmark: Grundy values of every word of length 0..N of a taking-and-merging game (seed
 * taking-and-merging, section 3.3), one thread and a worker pool, beside the C baseline
 * shared/baselines/tm_grundy.c when its binary is given:
 *
 *   cp -r shared/baselines /tmp/b && make -C /tmp/b tm_grundy
 *   SPRAGUE_TM_GRUNDY=/tmp/b/tm_grundy node dist/bench/rewrite-lengths.js [N=23] [RULES=a,a2,a3,a4,b] [RUNS=3]
 *
 * Prints figures only (best of RUNS, wall and CPU seconds, checksums); never asserts a time.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { enumerateByLength } from '../src/games/rewrite/enumerate.js';
import { parseSpec } from '../src/spec/index.js';
import type { RewriteGame } from '../src/games/rewrite/game.js';

const N = Number(process.argv[2] ?? 23);
const RULES = process.argv[3] ?? 'a,a2,a3,a4,b';
const RUNS = Number(process.argv[4] ?? 3);
const rules = (parseSpec(`rewrite:${RULES}`) as RewriteGame).rules;

function checksum(values: Uint8Array): number {
  let h = 0;
  for (let i = 0; i < values.length; i++) h = (Math.imul(h, 31) + values[i]!) >>> 0;
  return h;
}

interface Figure {
  wall: number;
  cpu: number;
  checksum: number;
  maxima: string;
}

async function measure(threads: number): Promise<Figure> {
  let best: Figure | undefined;
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const table = await enumerateByLength(rules, N, { threads });
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const fig = {
      wall,
      cpu: (c.user + c.system) / 1e6,
      checksum: checksum(table.values),
      maxima: table.lengths.map((s) => s.runningMax).join(','),
    };
    if (!best || fig.wall < best.wall) best = fig;
  }
  return best!;
}

function baseline(): Figure | undefined {
  const bin = process.env['SPRAGUE_TM_GRUNDY'];
  if (!bin) return undefined;
  let best: Figure | undefined;
  for (let r = 0; r < RUNS; r++) {
    const out = execFileSync(bin, [RULES, String(N)], { encoding: 'utf8' });
    const get = (key: string) => /^(\S+)=(.*)$/m.exec(out.split('\n').find((l) => l.startsWith(`${key}=`)) ?? '')?.[2] ?? '';
    const fig = { wall: Number(get('elapsed_s')), cpu: Number(get('cpu_s')), checksum: Number(get('checksum')), maxima: get('max_up_to_length') };
    if (!best || fig.wall < best.wall) best = fig;
  }
  return best;
}

const cores = availableParallelism();
console.log(`rewrite:${RULES}, all words of length 0..${N} (${2 ** (N + 1) - 1} words), best of ${RUNS}, ${cores} cores`);
const c = baseline();
const one = await measure(1);
const pool = cores > 1 ? await measure(cores) : undefined;
const row = (name: string, f: Figure) =>
  `${name.padEnd(22)} wall ${f.wall.toFixed(3).padStart(7)} s   cpu ${f.cpu.toFixed(3).padStart(7)} s   checksum ${f.checksum}` +
  (c ? `   wall/C ${(f.wall / c.wall).toFixed(2)}` : '');
if (c) console.log(row('C tm_grundy (1 thread)', c));
else console.log('C baseline: set SPRAGUE_TM_GRUNDY to a built tm_grundy to compare');
console.log(row('sprague, 1 thread', one));
if (pool) console.log(row(`sprague, ${cores} threads`, pool));
if (c && c.checksum !== one.checksum) console.log(`CHECKSUMS DIFFER: C ${c.checksum}, sprague ${one.checksum}`);
console.log(`running max: ${one.maxima}`);
