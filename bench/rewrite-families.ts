/**
 * Benchmark and survey: the family prover (src/games/rewrite/block-families.ts) on games and block
 * patterns; for each, whether the values of the whole family are proved, the type parameters, the
 * families in the induction, the points checked, the time, and the Grundy languages proved not
 * regular (src/regular/separations.ts).
 *
 *   node dist/bench/rewrite-families.js ["a,a2,b,b2;a,b2,b3"] ["a b^i a^j b;b a^i b^j a"]
 *
 * Prints one line per (game, pattern); asserts nothing.
 */
import { parseFamily, proveFamily } from '../src/games/rewrite/block-families.js';
import { BlockSolver, takingAndMerging } from '../src/games/rewrite/blocks.js';
import type { RewriteGame } from '../src/games/rewrite/game.js';
import { familySeparations, nonRegularLanguages } from '../src/regular/separations.js';
import { parseSpec } from '../src/spec/index.js';

const GAMES = (process.argv[2] ?? 'a,a2,b,b2').split(';');
const PATTERNS = (process.argv[3] ?? 'a b^i a^j b;b a^i b^j a b^2;b a b^2 a^i b^j a^2 b a^2').split(';');

for (const spec of GAMES) {
  const game = takingAndMerging((parseSpec(`rewrite:${spec}`) as RewriteGame).rules);
  const solver = new BlockSolver(game);
  for (const pattern of PATTERNS) {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const proof = proveFamily(game, parseFamily(game, pattern).family, { solver });
    const cpu = process.cpuUsage(cpu0);
    const ms = performance.now() - t0;
    const v = proof.verdict;
    const nonRegular = nonRegularLanguages(familySeparations(game, proof));
    console.log(
      `{${spec}} ${pattern}: ${v.verified ? `proved, c = ${proof.types.c}, p = ${proof.types.p}, ${v.families} families, ${v.points} points` : `not proved (${v.reason})`}; ` +
        `not regular: ${nonRegular.length > 0 ? nonRegular.map((g) => `L_${g}`).join(' ') : '-'}; ` +
        `wall ${ms.toFixed(0)} ms, cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, ${solver.positions} positions memoised`,
    );
  }
}
