/**
 * Benchmark: push-the-button, Conjecture 5.0.3 with the dedicated 3-row PUSH CRAM kernel. Per board:
 * outcome, positions, table entries, wall and CPU seconds, positions per second; the general search
 * (PushCramSearch) on the same board while it stays under OLD_MAX columns. Then the bluff test (every
 * first move solved, each verdict printed as it is found, so a long run keeps what it finished).
 *
 *   node dist/bench/grids-pushcram3.js [outcome|bluff|both] [N_FROM] [N_TO] [TABLE_BITS=26] [OLD_MAX=17] [CHECKPOINT_DIR]
 *
 * With CHECKPOINT_DIR, each bluff search loads DIR/pushcram-3xN.tt when present and saves its table
 * there every 10 minutes and at the end (n <= 26), so a run that is stopped can be resumed.
 *
 * Prints figures only; the paper verified the outcome to 3 x 25 and the bluff property to 3 x 13.
 */
import { timed } from './timing.js';
import { emptyBoard } from '../src/games/grids/board.js';
import { octal007 } from '../src/games/grids/octal007.js';
import { PushCram3Search } from '../src/games/grids/pushCram3.js';
import { PushCramSearch } from '../src/games/grids/pushSolver.js';
import { formatMove } from '../src/games/grids/solve.js';
import { loadTable, saveTable } from '../src/games/grids/checkpoint.js';
import { join } from 'node:path';

const what = process.argv[2] ?? 'both';
const from = Number(process.argv[3] ?? 1);
const to = Number(process.argv[4] ?? 19);
const tableBits = Number(process.argv[5] ?? 26);
const oldMax = Number(process.argv[6] ?? 17);
const checkpointDir = process.argv[7];

/** A progress line on stderr every minute, so a long run shows how far it got. */
function progressEvery(label: string) {
  let last = performance.now();
  const t0 = last;
  return (p: { nodes: number; entries: number; rootDone: number; rootTotal: number }) => {
    const now = performance.now();
    if (now - last < 60_000) return;
    last = now;
    console.error(`  ${label}: ${p.nodes} positions, ${p.entries} entries, root ${p.rootDone}/${p.rootTotal}, ${((now - t0) / 1000).toFixed(0)} s`);
  };
}

const rate = (nodes: number, cpuS: number) => (cpuS > 0 ? `${(nodes / cpuS / 1e6).toFixed(2)} M` : '-');
const odd = (n: number) => n % 2 === 1;

if (what !== 'bluff') {
  console.log(`PUSH CRAM 3 x n, odd n, outcome: 3-row kernel (table 2^${tableBits} slots), general search up to n = ${oldMax}`);
  console.log('n    G007  outcome  positions     entries      evictions   wall_s    cpu_s     pos/cpu_s | old positions  old cpu_s  old pos/cpu_s');
  for (let n = from; n <= to; n++) {
    if (!odd(n)) continue;
    const search = new PushCram3Search(emptyBoard(3, n), { tableBits, onProgress: progressEvery(`3 x ${n}`) });
    const { value: win, wallS, cpuS } = timed(() => search.wins());
    let old = '';
    if (n <= oldMax) {
      const general = new PushCramSearch(emptyBoard(3, n), 'outcome', { tableBits: Math.min(tableBits, 25) });
      const r = timed(() => general.wins());
      if (r.value !== win) throw new Error(`3 x ${n}: the kernel and the general search disagree`);
      old = `${String(general.nodes).padEnd(14)} ${r.cpuS.toFixed(2).padEnd(10)} ${rate(general.nodes, r.cpuS)}`;
    }
    console.log(
      `${String(n).padEnd(4)} ${String(octal007(n)).padEnd(5)} ${(win ? 'N' : 'P').padEnd(8)} ${String(search.nodes).padEnd(13)} ${String(search.entries).padEnd(12)} ${String(search.table.evictions).padEnd(11)} ${wallS.toFixed(2).padEnd(9)} ${cpuS.toFixed(2).padEnd(9)} ${rate(search.nodes, cpuS).padEnd(9)} | ${old}`,
    );
  }
}

if (what !== 'outcome') {
  console.log(`\nbluff test on 3 x n, odd n (every first move solved, table 2^${tableBits} slots)`);
  for (let n = from; n <= to; n++) {
    if (!odd(n)) continue;
    const t0 = performance.now();
    const search = new PushCram3Search(emptyBoard(3, n), {
      tableBits,
      onProgress: progressEvery(`bluff 3 x ${n}`),
      onRootMove: (m, wins) =>
        console.log(`  3 x ${n} ${formatMove(m).padEnd(8)} ${wins ? 'wins' : 'loses'}  (${search.nodes} positions, ${((performance.now() - t0) / 1000).toFixed(1)} s)`),
    });
    if (checkpointDir) {
      const file = join(checkpointDir, `pushcram-3x${n}.tt`);
      const problem = `pushcram kernel3-outcome 3x${n}`;
      const stored = loadTable(file, problem);
      if (stored?.kind === 'numbers') {
        search.load(stored.keys, stored.vals);
        console.log(`  3 x ${n}: ${stored.keys.length} entries loaded from ${file}`);
      }
      const save = () => {
        const t = performance.now();
        saveTable(file, problem, search.numberTable());
        console.error(`  3 x ${n}: ${search.entries} entries saved to ${file} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      };
      search.setCheckpoint(save, 600_000);
    }
    const { value: wins, wallS, cpuS } = timed(() => search.rootMoveWins());
    if (checkpointDir) saveTable(join(checkpointDir, `pushcram-3x${n}.tt`), `pushcram kernel3-outcome 3x${n}`, search.numberTable());
    const placements = wins.slice(0, -1);
    const push = wins[wins.length - 1]!;
    const won = placements.filter(Boolean).length;
    console.log(
      `3 x ${n}: ${wins.some(Boolean) ? 'N' : 'P'}, button ${push ? 'wins' : 'loses'}, ${won}/${placements.length} placements win, bluff as printed: ${wins.every(Boolean)}, corrected clause: ${push ? won === 0 : won === placements.length}  (${search.nodes} positions, ${wallS.toFixed(1)} s wall, ${cpuS.toFixed(1)} s cpu)`,
    );
  }
}
