/** `sprague conjecture41`: max |y - φx| over upper P-positions of (k,l)-M, k < l <= L (maharaja-nim, Conj. 4.1). */
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Command } from 'commander';
import type { DeviationRow } from '../../analysis/wythoff-conjecture.js';
import { InputError } from '../../core/errors.js';
import { linesChart } from '../../plot/charts.js';
import { SERIES } from '../../plot/colour.js';
import { svgToPng } from '../../plot/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { FlagError, checkWritableFile, emitJson, emitLine, formatTable, parseCount } from '../io.js';
import type { CommandModule } from './index.js';
import { limitDefault } from '../../core/limits.js';

interface Flags {
  json?: boolean;
  maxL: string;
  n: string;
  maxColumns?: string;
  out?: string;
}

export const conjecture41Command: CommandModule = {
  register(program: Command) {
    program
      .command('conjecture41')
      .description('for every k < l <= L: extremes of y - φx and of b_n - a_n - n of (k,l)-Maharaja Nim below N')
      .option('--max-l <l>', 'largest l', '12')
      .option('--n <n>', 'columns per table', '1000000')
      .option('--max-columns <n>', `most columns of all the tables together (default ${limitDefault('conjectureColumns')}, about 10 s)`)
      .option('--json', 'JSON Lines output, one line per (k,l)')
      .option('--out <file>', 'also draw max |y - φx| below each power of ten, one line per pair whose P-positions are not Wythoff\'s and whose maximum moves (.svg or .png)')
      .action(async (flags: Flags) => {
        if (flags.out !== undefined) {
          if (!['.svg', '.png'].includes(extname(flags.out).toLowerCase())) throw new FlagError('--out', flags.out, 'the file must end in .svg or .png');
          checkWritableFile('--out', flags.out);
        }
        const maxL = parseCount('--max-l', flags.maxL);
        const n = Math.max(1, parseCount('--n', flags.n));
        // A job, so that Ctrl-C keeps the rows of the pairs finished.
        const maxColumns = flags.maxColumns === undefined ? undefined : parseCount('--max-columns', flags.maxColumns);
        const run = await runCommandJob('conjecture41', { maxL, n, ...(maxColumns === undefined ? {} : { maxColumns }) }, { title: 'conjecture41' });
        if (run.end !== 'done') {
          if (run.partial) print(run.partial, flags), draw(run.partial, n, flags.out);
          throw stopped(run);
        }
        print(run.value, flags);
        draw(run.value, n, flags.out);
      });
  },
};

function print(rows: DeviationRow[], flags: Flags): void {
  if (flags.json) return rows.forEach((r) => emitJson(r));
  // The rises of max |y - φx| over the last two decades, and the pairs flagged as still growing
  // (DeviationRow.stillGrowing: the conjecture says the deviation stays bounded).
  const last = (r: DeviationRow) => {
    const d = r.decades;
    if (d.length < 3) return '';
    const rise = (i: number) => (maxAbs(d[i]!) - maxAbs(d[i - 1]!)).toFixed(4);
    return `${rise(d.length - 2)}, ${rise(d.length - 1)}${r.stillGrowing ? '  still growing' : ''}`;
  };
  emitLine(
    formatTable(
      ['k', 'l', 'max |y-φx|', 'min y-φx', 'max y-φx', 'min b-a-n', 'max b-a-n', 'rise in the last two decades'],
      rows.map((r) => [r.k, r.l, round(r.maxAbsPhiDev), round(r.phiDevMin), round(r.phiDevMax), r.devMin, r.devMax, last(r)]),
    ),
  );
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

const maxAbs = (d: { phiDevMin: number; phiDevMax: number }) => Math.max(Math.abs(d.phiDevMin), Math.abs(d.phiDevMax));

/** Wythoff's own P-positions have 0 < y - φx < 1/φ: a pair past it has other P-positions. */
const WYTHOFF_SUP = 2 / (1 + Math.sqrt(5));

/**
 * The picture of --out: max |y - φx| below 10^3, 10^4, ..., N for the pairs whose P-positions are not
 * Wythoff's (max |y - φx| past 1/φ) and whose maximum still moved after the first decade (the others are
 * flat lines), at most one per colour, the largest first.
 */
function draw(rows: DeviationRow[], n: number, out: string | undefined): void {
  if (out === undefined) return;
  const moving = rows
    .filter((r) => r.maxAbsPhiDev > WYTHOFF_SUP + 1e-9 && r.decades.length > 1 && maxAbs(r.decades[r.decades.length - 1]!) > maxAbs(r.decades[0]!))
    .sort((a, b) => b.maxAbsPhiDev - a.maxAbsPhiDev)
    .slice(0, SERIES.length);
  const svg = linesChart({
    title: `max |y − φx| over the upper P-positions of (k,l)-Maharaja Nim below N ≤ ${powerOfTen(n)}`,
    xLabel: 'N (columns)',
    yLabel: 'max |y − φx|',
    series: moving.map((r) => ({ name: `(${r.k},${r.l})${r.stillGrowing ? ' rising' : ''}`, points: r.decades.map((d) => [Math.log10(d.below), maxAbs(d)] as const) })),
    xTick: (t) => powerOfTen(Math.round(10 ** t)),
  });
  try {
    writeFileSync(out, extname(out).toLowerCase() === '.png' ? svgToPng(svg, 2) : svg);
  } catch (e) {
    throw new InputError(`cannot write ${out}: ${(e as Error).message}`);
  }
}

function powerOfTen(n: number): string {
  const k = Math.round(Math.log10(n));
  return 10 ** k === n ? `10^${k}` : String(n);
}
