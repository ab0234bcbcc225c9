/** `sprague conjecture41`: max |y - φx| over upper P-positions of (k,l)-M, k < l <= L (maharaja-nim, Conj. 4.1). */
import type { Command } from 'commander';
import type { DeviationRow } from '../../analysis/wythoff-conjecture.js';
import { runCommandJob, stopped } from '../jobs.js';
import { emitJson, emitLine, formatTable, parseCount } from '../io.js';
import type { CommandModule } from './index.js';
import { limitDefault } from '../../core/limits.js';

interface Flags {
  json?: boolean;
  maxL: string;
  n: string;
  maxColumns?: string;
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
      .action(async (flags: Flags) => {
        const maxL = parseCount('--max-l', flags.maxL);
        const n = Math.max(1, parseCount('--n', flags.n));
        // A job, so that Ctrl-C keeps the rows of the pairs finished.
        const maxColumns = flags.maxColumns === undefined ? undefined : parseCount('--max-columns', flags.maxColumns);
        const run = await runCommandJob('conjecture41', { maxL, n, ...(maxColumns === undefined ? {} : { maxColumns }) }, { title: 'conjecture41' });
        if (run.end !== 'done') {
          if (run.partial) print(run.partial, flags);
          throw stopped(run);
        }
        print(run.value, flags);
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
    const abs = (i: number) => Math.max(Math.abs(d[i]!.phiDevMin), Math.abs(d[i]!.phiDevMax));
    const rise = (i: number) => (abs(i) - abs(i - 1)).toFixed(4);
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
