/**
 * Octal Grundy sequences: the typed-array kernels against one another, with the C baseline's figures
 * (shared/baselines/octal.c, naive O(n^2), heaps 0..10^5) beside them. Prints figures; asserts nothing.
 *   node dist/bench/octal-sequence.js [quick] [hex]
 */
import { octalSequence, type OctalSequenceOptions } from '../src/games/heaps/take-and-break/octal-sequence.js';
import { parseTakeAndBreakCode } from '../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame } from '../src/games/heaps/take-and-break/game.js';
import { findPeriod } from '../src/core/period.js';
import { guySmithCertifier } from '../src/games/heaps/take-and-break/guy-smith.js';

const quick = process.argv.includes('quick');

function game(code: string): TakeAndBreakGame {
  return new TakeAndBreakGame(parseTakeAndBreakCode(code));
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
  const period = findPeriod(r.values, guySmithCertifier(g.code.t));
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

// `hex` as an argument runs only the hexadecimal part.
if (!process.argv.includes('hex')) {
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
}

/** The direct loop over every triple (O(n^2) per heap), the baseline for the pair-set kernel. */
function directHex(g: TakeAndBreakGame, max: number): Int32Array {
  const G = new Int32Array(max + 1);
  const seen = new Int32Array(1 << 16);
  for (let n = 0; n <= max; n++) {
    const stamp = n + 1;
    g.code.digits.forEach((d, k) => {
      const rest = n - k;
      if (rest < 0) return;
      if (d & 1 && rest === 0 && k > 0) seen[0] = stamp;
      if (d & 2 && rest > 0 && k > 0) seen[G[rest]!] = stamp;
      if (d & 4) for (let a = 1; 2 * a <= rest; a++) seen[G[a]! ^ G[rest - a]!] = stamp;
      if (d & 8) for (let a = 1; 3 * a <= rest; a++) for (let b = a; a + 2 * b <= rest; b++) seen[G[a]! ^ G[b]! ^ G[rest - a - b]!] = stamp;
    });
    let v = 0;
    while (seen[v] === stamp) v++;
    G[n] = v;
  }
  return G;
}

function runHex(code: string, max: number, direct: boolean, options: OctalSequenceOptions = {}): void {
  const g = game(code);
  const c0 = process.cpuUsage();
  const r = octalSequence(g, max, options);
  const cpu = process.cpuUsage(c0);
  let maxG = 0;
  for (const v of r.values) maxG = Math.max(maxG, v);
  let line = `hex:${code.padEnd(5)} n=${String(max).padStart(6)}  pair-set ${((cpu.user + cpu.system) / 1e6).toFixed(2).padStart(6)} s cpu  max G ${maxG}  ${r.stats.period ? `period ${r.stats.period.period}/${r.stats.period.preperiod} certified at ${max + 1 - r.stats.extended}` : 'no period'}`;
  if (direct) {
    const d0 = process.cpuUsage();
    const d = directHex(g, max);
    const dc = process.cpuUsage(d0);
    line += `  | direct triple loop ${((dc.user + dc.system) / 1e6).toFixed(2)} s cpu, ${checksum(d) === checksum(r.values) ? 'equal' : 'DIFFERENT'}`;
  }
  console.log(line);
}

console.log('hexadecimal sequences (pair-set kernel; direct = every triple)');
for (const n of [1000, 2000]) runHex('0.B4', n, true, { extendByPeriod: false });
runHex('0.B4', 4000, false);
runHex('0.8', 4000, false);
// Bounded values (one bitset word): O(n) per heap against the direct loop's O(n^2).
for (const n of [2000, 4000]) runHex('0.F3', n, true, { extendByPeriod: false });
runHex('0.F3', 40_000, false, { extendByPeriod: false });
runHex('0.F3', 1_000_000, false);
