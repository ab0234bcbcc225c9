/**
 * Benchmark: push-the-button, Conjecture 5.0.3 on PUSH CRAM 3 x (2k+1) boards, as far as a time budget
 * allows. For each odd n: the outcome (and search size, wall and CPU time), then the bluff test (every
 * first move solved) while it stays cheap. Also n x 3 (Proposition 5.0.2 (iv)) beyond the tests.
 *
 *   node dist/bench/grids-pushcram.js [BUDGET_SECONDS=600] [TABLE_BITS=25]
 *
 * Prints figures only; the paper verified the outcome to 3 x 25 and the bluff property to 3 x 13.
 * solveOutcome sends 3-row boards to the 3-row kernel; bench/grids-pushcram3.ts sets it against the
 * general search and goes further.
 */
import { timed } from './timing.js';
import { emptyBoard } from '../src/games/grids/board.js';
import { octal007 } from '../src/games/grids/octal007.js';
import { PushCramRuleset } from '../src/games/grids/push.js';
import { bluffTest, formatMove, solveOutcome } from '../src/games/grids/solve.js';

const budgetMs = Number(process.argv[2] ?? 600) * 1000;
const tableBits = Number(process.argv[3] ?? 25);
const pushcram = new PushCramRuleset();
const started = performance.now();
const left = () => budgetMs - (performance.now() - started);

console.log(`PUSH CRAM 3 x n, odd n: outcome (table 2^${tableBits} slots)`);
console.log('n    G007(n)  outcome  positions    table       wall_s   cpu_s');
let lastWall = 0;
for (let n = 1; ; n += 2) {
  // Search sizes grow about 6x per two columns: stop before a step that would not fit the budget.
  if (octal007(n) !== 0 && lastWall * 8 > left() / 1000) {
    console.log(`stop before 3 x ${n}: about ${Math.round(lastWall * 6)} s expected, ${Math.round(left() / 1000)} s left`);
    break;
  }
  const { value: r, wallS, cpuS } = timed(() => solveOutcome(pushcram, emptyBoard(3, n), { tableBits }));
  if (octal007(n) !== 0) lastWall = wallS;
  console.log(
    `${String(n).padEnd(4)} ${String(octal007(n)).padEnd(8)} ${r.outcome.padEnd(8)} ${String(r.nodes).padEnd(12)} ${String(r.entries).padEnd(11)} ${wallS.toFixed(2).padEnd(8)} ${cpuS.toFixed(2)}`,
  );
}

console.log('\nbluff test on 3 x n, odd n (every first move solved): button / placements');
let lastBluff = 0;
for (let n = 1; ; n += 2) {
  if (lastBluff * 8 > left() / 1000) {
    console.log(`stop before 3 x ${n}: ${Math.round(left() / 1000)} s left`);
    break;
  }
  const { value: b, wallS, cpuS } = timed(() => bluffTest(pushcram, emptyBoard(3, n), { tableBits }));
  lastBluff = wallS;
  const wins = b.moves.filter((m) => m.wins).map((m) => formatMove(m.move));
  const placements = b.moves.length - 1;
  console.log(
    `3 x ${n}: ${b.outcome}, button ${b.pushWins ? 'wins' : 'loses'}, ${wins.filter((w) => w !== 'push').length}/${placements} placements win, bluff as printed: ${b.bluff}  (${wallS.toFixed(2)} s wall, ${cpuS.toFixed(2)} s cpu)`,
  );
}
