/**
 * Benchmark: learning plus proof of the Grundy automata of seed taking-and-merging (Example 4,
 * Remark 7, section 3.1, Theorems 10, 13, 15, section 6): L* with the solver (and the packed length
 * table) as membership oracle and the Lemma-2 verifier as equivalence oracle. Then the proof alone
 * of the learned machines, fast search beside the class-by-class products.
 *
 *   node dist/bench/automata-learn.js [RUNS=5]
 *
 * Prints figures only (median of RUNS, each run from scratch: fresh table, solver and learner).
 */
import { cpuUsage } from 'node:process';
import { Alphabet } from '../src/automata/alphabet.js';
import type { RewriteGame } from '../src/games/rewrite/game.js';
import { alphabetOf } from '../src/games/rewrite/rules.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../src/regular/grundy-automaton.js';
import { verifyGrundyAutomaton, verifyGrundyAutomatonByClasses, verifyPPositions } from '../src/regular/verify.js';
import { parseSpec } from '../src/spec/index.js';

const RUNS = Number(process.argv[2] ?? 5);

const GAMES: { rules: string; where: string; target?: 'p-positions' }[] = [
  { rules: 'a2,b', where: 'Example 4' },
  { rules: 'a3,b', where: 'Remark 7' },
  { rules: 'a4,b', where: 'Remark 7' },
  { rules: 'a5,b', where: 'Remark 7' },
  { rules: 'a6,b', where: 'Remark 7' },
  { rules: 'a,a3,b', where: 'section 3.1' },
  { rules: 'a,a5,b', where: 'section 3.1' },
  { rules: 'a,a2,b', where: 'Theorem 10' },
  { rules: 'a,a2,a3,b', where: 'Theorem 13' },
  { rules: 'a,a2,b,b2', where: 'Theorem 15 (P only)', target: 'p-positions' },
  { rules: 'a->b,a->,b->', where: 'section 6' },
];

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

function time<T>(f: () => T): { value: T; wall: number; cpu: number } {
  const c0 = cpuUsage();
  const t0 = performance.now();
  const value = f();
  const wall = performance.now() - t0;
  const c = cpuUsage(c0);
  return { value, wall, cpu: (c.user + c.system) / 1000 };
}

console.log('game                 paper                 states  values   rounds  queries  longest  learn+prove ms (wall / cpu)  proof ms  by classes ms');
for (const g of GAMES) {
  const rules = (parseSpec(`rewrite:${g.rules}`, { allowUnboundedRewriting: true }) as RewriteGame).rules;
  const walls: number[] = [];
  const cpus: number[] = [];
  let last: GrundyAutomatonResult | undefined;
  for (let r = 0; r < RUNS; r++) {
    const t = time(() => findGrundyAutomaton(rules, g.target ? { target: g.target } : {}));
    walls.push(t.wall);
    cpus.push(t.cpu);
    last = t.value;
  }
  const res = last!;
  if (!res.verified) throw new Error(`${g.rules}: not proved (${res.status})`);
  const system = { rules, alphabet: new Alphabet(alphabetOf(rules)) };
  const proofs: number[] = [];
  const reference: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    proofs.push(time(() => (g.target ? verifyPPositions(system, res.machine!) : verifyGrundyAutomaton(system, res.machine!))).wall);
    if (!g.target) reference.push(time(() => verifyGrundyAutomatonByClasses(system, res.machine!)).wall);
  }
  console.log(
    [
      `{${g.rules}}`.padEnd(20),
      g.where.padEnd(21),
      String(res.states).padStart(6),
      `0..${res.grundyValues[res.grundyValues.length - 1]}`.padStart(7),
      String(res.rounds).padStart(8),
      String(res.queries).padStart(8),
      String(res.longestQuery).padStart(8),
      `${median(walls).toFixed(0)} / ${median(cpus).toFixed(0)}`.padStart(28),
      median(proofs).toFixed(1).padStart(9),
      (reference.length ? median(reference).toFixed(1) : '-').padStart(14),
    ].join(' '),
  );
}
