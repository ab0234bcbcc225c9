/**
 * Wythoff-family Grundy values on [0, N]^2: the table behind `grundy wythoff X,Y` (games/heaps/wythoff-values.ts,
 * built in WebAssembly) against its JavaScript build and the former row-by-row scan
 * (test/games/heaps/wythoff-values-reference.ts), CPU seconds, best of 3.
 * Prints figures and whether the two tables agree; asserts nothing about time.
 *
 *   node dist/bench/wythoff-values.js [N ...] [--spec wythoff|maharaja|wythoff+K,L] [--old-max 8192] [--runs 3]
 *
 * The JavaScript build and the reference run up to --old-max only (it is O(N^3 / 32): about 8x slower for each doubling of N), and
 * once past 8192.
 */
import { timed } from './timing.js';
import { wythoffMovesOf } from '../src/core/ruleset.js';
import { parseSpec } from '../src/spec/index.js';
import { WythoffValues } from '../src/games/heaps/wythoff-values.js';
import { wythoffValuesByRowScan } from '../test/games/heaps/wythoff-values-reference.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const spec = option('--spec', 'wythoff');
const oldMax = Number(option('--old-max', '8192'));
const runs = Number(option('--runs', '3'));
const sides = args.filter((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')).map(Number);
const extra = wythoffMovesOf(parseSpec(spec))!;

function best<T>(n: number, f: () => T): { value: T; wallS: number; cpuS: number } {
  let out = timed(f);
  for (let i = 1; i < n; i++) {
    const r = timed(f);
    if (r.cpuS < out.cpuS) out = r;
  }
  return out;
}

console.log(`# ${spec}: G on [0,N]^2; cpu seconds (best of ${runs}; the reference once past 8192), wall of that run`);
for (const N of sides.length > 0 ? sides : [1000, 4000, 8192, 16384, 32768]) {
  // Each run's table is dropped before the next (a table of side 2^15 holds 3 GiB while it is built).
  const table = best(runs, () => void new WythoffValues(extra).valueOf(N, N));
  const perCell = (cpuS: number) => ((cpuS * 1e9) / (((N + 1) * (N + 2)) / 2)).toFixed(0);
  let line = `N = ${String(N).padStart(5)}  table cpu ${table.cpuS.toFixed(2).padStart(6)} s (wall ${table.wallS.toFixed(2)} s, ${perCell(table.cpuS)} ns a cell of the triangle)`;
  if (N <= oldMax) {
    const js = best(runs, () => void new WythoffValues(extra, { wasm: false }).valueOf(N, N));
    line += `  | JavaScript build cpu ${js.cpuS.toFixed(2).padStart(6)} s (${perCell(js.cpuS)} ns a cell)`;
  }
  if (N <= oldMax) {
    const old = best(N > 8192 ? 1 : runs, () => wythoffValuesByRowScan(extra, N));
    const values = new WythoffValues(extra);
    let same = true;
    for (let y = 0; y <= N && same; y++) for (let x = 0; x <= N; x++) if (values.valueOf(x, y) !== old.value[y * (N + 1) + x]) same = false;
    line += `  | row scan cpu ${old.cpuS.toFixed(2).padStart(7)} s (wall ${old.wallS.toFixed(2)} s)  ${(old.cpuS / table.cpuS).toFixed(1)}x, ${same ? 'same values' : 'VALUES DIFFER'}`;
  }
  console.log(line);
}
