/**
 * Wythoff-family kernels (seed maharaja-nim): the column table (vs shared/baselines/wythoff_family.c),
 * the dictionary processes checked against the table, and the (2,3)-M telescope at big coordinates.
 * Prints figures, asserts nothing about time.
 *
 *   node dist/bench/wythoff-table.js [N=10000000] [--c /tmp/b-wythoff/wythoff_family]
 */
import { spawnSync } from 'node:child_process';
import { timed } from './timing.js';
import { countPPositions, fillColumns, orientedMoves, tableChecksum, upperStats, wythoffFamilyTable, type ExtraMove } from '../src/analysis/wythoff-table.js';
import { checkGameDictionary } from '../src/analysis/maharaja-verify.js';
import { MAHARAJA, MAHARAJA_23 } from '../src/analysis/maharaja-dictionaries.js';
import { TelescopeOracle } from '../src/analysis/maharaja-oracle.js';
import { phiDeviations } from '../src/analysis/wythoff-conjecture.js';

const args = process.argv.slice(2);
const cIndex = args.indexOf('--c');
const cProgram = cIndex >= 0 ? args[cIndex + 1] : undefined;
const N = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--c') ?? 10_000_000);
const only = (name: string) => !args.includes('--only') || args.includes(name);

function best<T>(runs: number, f: () => T): { value: T; wallS: number; cpuS: number } {
  let out = timed(f);
  for (let i = 1; i < runs; i++) {
    const r = timed(f);
    if (r.cpuS < out.cpuS) out = r;
  }
  return out;
}

if (only('table')) {
  console.log(`# column table, N = ${N}: the kernel on pre-touched arrays, as the C times it (best of 5 by cpu); full = allocation + kernel`);
  const sets: [string, ExtraMove[], string][] = [
    ['wythoff', [], '-'],
    ['maharaja', [[1, 2]], '1,2'],
    ['(2,3)', [[2, 3]], '2,3'],
  ];
  for (const [name, moves, cMoves] of sets) {
    const mv = orientedMoves(moves);
    let kernelCpu = Infinity;
    for (let i = 0; i < 5; i++) {
      const col = new Int32Array(N).fill(-1);
      const diag = new Uint8Array(N).fill(1).fill(0); // touch every page before the clock starts, as the C's memset
      kernelCpu = Math.min(kernelCpu, timed(() => fillColumns(col, diag, mv, 0, N)).cpuS);
    }
    const run = best(5, () => wythoffFamilyTable(moves, N));
    const s = upperStats(run.value);
    let line =
      `${name.padEnd(9)} kernel cpu ${kernelCpu.toFixed(3)} s  full cpu ${run.cpuS.toFixed(3)} s  ` +
      `p=${countPPositions(run.value)} checksum=${tableChecksum(run.value)} b-a-n in [${s.devMin}, ${s.devMax}] ` +
      `y-φx in [${s.phiDevMin.toFixed(3)}, ${s.phiDevMax.toFixed(3)}]`;
    if (cProgram) {
      let cCpu = Infinity;
      let cSum = NaN;
      for (let i = 0; i < 5; i++) {
        const c = spawnSync(cProgram, [cMoves, String(N)], { encoding: 'utf8' }).stdout;
        const get = (k: string) => Number(c.match(new RegExp(`${k}=([\\d.]+)`))?.[1]);
        cCpu = Math.min(cCpu, get('cpu_s'));
        cSum = get('checksum');
      }
      const same = cSum === tableChecksum(run.value) ? 'same checksum' : `CHECKSUM DIFFERS (C ${cSum})`;
      line += `  | C cpu ${cCpu.toFixed(3)} s (best of 5), ${same}, TS/C ${(kernelCpu / cCpu).toFixed(2)}x`;
    }
    console.log(line);
  }
}

if (only('dictionary')) {
  console.log(`\n# dictionary processes vs the table, ${N} bits`);
  for (const g of [MAHARAJA, MAHARAJA_23]) {
    const r = timed(() => checkGameDictionary(g, N));
    const used = r.value.usage.map((u) => `${u.label}:${u.count}`).join(' ');
    console.log(`${g.name.padEnd(12)} ${r.wallS.toFixed(2)} s  first difference: ${r.value.firstDifference ?? 'none'}  ${used}`);
  }
}

if (only('telescope')) {
  console.log('\n# (2,3)-M telescope: one column query (fresh oracle each time = worst case), best of 5');
  for (const exp of [6, 12, 30, 100, 300]) {
    const x = 10n ** BigInt(exp) + 7n;
    let y = 0n;
    const r = best(5, () => (y = new TelescopeOracle(MAHARAJA_23).column(x)));
    const warm = new TelescopeOracle(MAHARAJA_23);
    warm.column(x - 1000n);
    const w = best(5, () => warm.column(x));
    console.log(`x = 10^${exp}+7  y = ${y.toString().slice(0, 24)}${y.toString().length > 24 ? '…' : ''}  fresh ${(r.wallS * 1000).toFixed(1)} ms  warm ${(w.wallS * 1000).toFixed(2)} ms`);
  }
}

if (only('conjecture')) {
  const n = Math.min(N, 1_000_000);
  console.log(`\n# Conjecture 4.1: (k,l)-M, k < l <= 12, upper P-positions below ${n}`);
  const r = timed(() => phiDeviations(12, n));
  for (const row of r.value)
    console.log(`(${row.k},${row.l})  max|y-φx| ${row.maxAbsPhiDev.toFixed(3)}  y-φx in [${row.phiDevMin.toFixed(3)}, ${row.phiDevMax.toFixed(3)}]  b-a-n in [${row.devMin}, ${row.devMax}]`);
  console.log(`(${r.wallS.toFixed(1)} s)`);
}
