/**
 * Octal Grundy sequences: the typed-array kernels against one another, with the C baseline's figures
 * (shared/baselines/octal.c, naive O(n^2), heaps 0..10^5) beside them. Prints figures; asserts nothing.
 *   node dist-heaps/bench/octal-sequence.js [quick]
 */
import { octalSequence, type OctalSequenceOptions } from '../src/analysis/octal-sequence.js';
import { OctalGame } from '../src/games/heaps/octal.js';
import { findPeriod, guySmithCertifier } from '../src/analysis/periodicity.js';

const quick = process.argv.includes('quick');

function game(code: string): OctalGame {
  const [before, after] = code.split('.');
  return new OctalGame([Number(before), ...[...after!].map(Number)]);
}

function checksum(values: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < values.length; i++) h = (Math.imul(h, 31) + values[i]!) >>> 0;
  return h;
}

/** C baseline (naive, 10^5 heaps): elapsed seconds and checksum, from shared/baselines/README.md. */
const C_BASELINE: Record<string, [number, number]> = {
  '0.07': [1.74, 3195346375],
  '0.137': [1.73, 271489818],
  '0.77': [3.88, 1789642129],
  '0.6': [2.19, 3499041990],
  '0.127': [2.04, 4112368381],
};

function run(code: string, max: number, options: OctalSequenceOptions = {}): void {
  const g = game(code);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = octalSequence(g, max, options);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const t1 = performance.now();
  const period = findPeriod(r.values, guySmithCertifier(g.lastDigit));
  const periodMs = performance.now() - t1;
  let maxG = 0;
  for (const v of r.values) maxG = Math.max(maxG, v);
  const c = max === 100_000 ? C_BASELINE[code] : undefined;
  console.log(
    [
      `${code.padEnd(6)} n=${String(max).padStart(8)}`,
      `${seconds.toFixed(2).padStart(7)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)`,
      `plain ${r.stats.plain} sparse ${r.stats.sparse} extended ${r.stats.extended} rare ${r.stats.rare} mask ${r.stats.mask}`,
      `max G ${maxG}`,
      period.certified ? `period ${period.period}/${period.preperiod} (search ${periodMs.toFixed(0)} ms)` : 'no certified period',
      `checksum ${checksum(r.values)}`,
      c ? `| C naive ${c[0]} s, checksum ${c[1] === checksum(r.values) ? 'equal' : 'DIFFERENT'}` : '',
    ].join('  '),
  );
}

console.log(`octal sequences (${quick ? 'quick' : 'full'}); C baseline: gcc -O2 naive, 10^5 heaps, elapsed on the shared machine`);
run('0.07', 100_000);
run('0.77', 100_000);
run('0.07', 1_000_000);
run('0.16', quick ? 1 << 16 : 1 << 20);
// The sparse kernel alone, no period extension: its checksum must equal the extended run's.
run('0.16', quick ? 1 << 16 : 1 << 20, { extendByPeriod: false });
run('0.6', quick ? 20_000 : 100_000);
if (!quick) run('0.127', 100_000);
run('0.16', 1 << 14, { sparse: false, extendByPeriod: false });
run('0.16', 1 << 14);
