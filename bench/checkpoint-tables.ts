/**
 * Benchmark: saving and loading a sealed transposition-table checkpoint (src/games/grids/checkpoint.ts)
 * of 2^BITS entries, 9 bytes each, hashed with SHA-256 in chunks on the way: wall and CPU seconds, MiB/s.
 *
 *   node dist/bench/checkpoint-tables.js [BITS=24] [FILE=$TMPDIR/sprague-bench.tt]
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timed } from './timing.js';
import { loadTable, saveTable } from '../src/games/grids/checkpoint.js';

const bits = Number(process.argv[2] ?? 24);
const file = process.argv[3] ?? join(tmpdir(), 'sprague-bench.tt');
const n = 2 ** bits;
const key = (i: number) => i * 7919 + 3;
const table = {
  size: n,
  *entries(): Generator<[number, number]> {
    for (let i = 0; i < n; i++) yield [key(i), i & 255];
  },
};
const mib = (n * 9) / 2 ** 20;
try {
  const save = timed(() => saveTable(file, 'bench', table));
  const load = timed(() => loadTable(file, 'bench'));
  const got = load.value;
  const ok = got?.kind === 'numbers' && got.keys[n - 1] === key(n - 1) && got.vals[n - 1] === ((n - 1) & 255);
  console.log(`${n} entries, ${mib.toFixed(0)} MiB: read back ${ok ? 'intact' : 'WRONG'}`);
  console.log(`  save ${save.wallS.toFixed(2)} s wall, ${save.cpuS.toFixed(2)} s CPU (${(mib / save.wallS).toFixed(0)} MiB/s; the entries() generator dominates)`);
  console.log(`  load ${load.wallS.toFixed(2)} s wall, ${load.cpuS.toFixed(2)} s CPU (${(mib / load.wallS).toFixed(0)} MiB/s)`);
} finally {
  rmSync(file, { force: true });
}
