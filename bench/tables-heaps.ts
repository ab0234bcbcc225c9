/**
 * 2- and 3-heap P-position tables: the ray kernel (NIM ⊙ EUCLID to 10^4 x 10^4), the ZERUCLID kernel, the
 * invariant kernel, and the generic table from the rules for scale. Prints figures; asserts nothing.
 *   node dist/bench/tables-heaps.js [quick]
 */
import { outcomeTable, type PTable } from '../src/analysis/heap-tables.js';
import { invariantTable2 } from '../src/games/heaps/invariant-table.js';
import { twoInvariantWythoffTwin } from '../src/games/heaps/tinvariant.js';
import { rayTable2 } from '../src/games/heaps/rays.js';
import { zeruclidTable } from '../src/games/heaps/zeruclid.js';
import { parseSpec } from '../src/spec/index.js';

const quick = process.argv.includes('quick');

function time(label: string, f: () => PTable): void {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const t = f();
  const s = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  console.log(`${label.padEnd(44)} ${s.toFixed(2).padStart(7)} s (cpu ${((c.user + c.system) / 1e6).toFixed(2)} s)  ${t.count()} P-positions  ${(t.bits.byteLength / 2 ** 20).toFixed(1)} MiB`);
}

const N = quick ? 3000 : 10_000;
time(`push(nim,euclid) rays [0,${N}]^2`, () => rayTable2(parseSpec('push(nim,euclid)'), N));
time(`push(euclid,nim) rays [0,${N}]^2`, () => rayTable2(parseSpec('push(euclid,nim)'), N));
time(`push(wythoff,nim) rays [0,${N}]^2`, () => rayTable2(parseSpec('push(wythoff,nim)'), N));
time(`hprime invariant kernel [0,${N}]^2`, () => invariantTable2(twoInvariantWythoffTwin(), N));
time('push(nim,euclid) generic table [0,300]^2', () => outcomeTable(parseSpec('push(nim,euclid)'), 2, 300));
time(`zeruclid 3 heaps [0,${quick ? 60 : 150}]^3`, () => zeruclidTable(3, quick ? 60 : 150));
