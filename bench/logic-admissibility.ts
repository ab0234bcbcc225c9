/**
 * Benchmark: the 1-admissibility sentence of Theorem 23 (deciding-game-invariance) for Wythoff's
 * P-positions in the Fibonacci system (Remark 47), with the state count of every intermediate
 * automaton; then the other section-6 sets named on the command line (default: wythoff only).
 * Prints figures, asserts nothing about time. Run: node dist-logic/bench/logic-admissibility.js [all]
 */
import { cpuUsage } from 'node:process';
import { admissibleByLogic } from '../src/logic/admissibility.js';
import * as G from '../src/logic/games.js';
import type { Predicate } from '../src/logic/predicate.js';

const sets: [string, () => Predicate][] = [
  ['wythoff (Fibonacci)', () => G.wythoffSet()],
  ['fraenkel s=1,t=2', () => G.fraenkelSet(1, 2)],
  ['raleigh (Fibonacci)', () => G.raleighSet()],
  ['parikh-constant 1->112,2->121', () => G.parikhConstantSet([[1, 1, 2], [1, 2, 1]])],
  ['tribonacci', () => G.tribonacciSet()],
];
const all = process.argv.includes('all');
for (const [name, make] of all ? sets : sets.slice(0, 1)) {
  const t0 = performance.now();
  const c0 = cpuUsage();
  const p = make();
  const r = admissibleByLogic(p);
  const c = cpuUsage(c0);
  const wall = performance.now() - t0;
  console.log(`${name}: admissible=${r.admissible}${r.witness ? ` witness=(${r.witness.join(',')})` : ''}`);
  console.log(`  wall ${(wall / 1000).toFixed(2)} s, cpu ${((c.user + c.system) / 1e6).toFixed(2)} s`);
  console.log(`  P ${r.states.p} states, P-P ${r.states.differences} states, bad set ${r.states.bad} states`);
  console.log(`  largest intermediate ${Math.max(...r.steps.map((s) => s.states))} states over ${r.steps.length} steps`);
  console.log(`  steps: ${r.steps.map((s) => `${s.what}:${s.states}`).join(' ')}`);
}
