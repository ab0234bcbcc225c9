/**
 * Question 17 of seed taking-and-merging, by sweep: is there a taking-and-merging game whose L_0 is
 * regular but whose Grundy values are unbounded? Every game {a^K, b^L} with exponents in 1..E (one of
 * each pair {a^K, b^L} ~ {a^L, b^K}, the letters swapped) is classified:
 *  - Theorem 5 (no rule a or b): L_0 is not regular, no automaton is tried;
 *  - the running maximum of the Grundy values by length, every word up to length N;
 *  - `findGrundyAutomaton` with target 'p-positions' (a proved machine proves L_0 regular) and with
 *    target 'grundy' (a proved machine proves the values bounded), each under a state cap and a
 *    wall-clock budget.
 * A candidate for Question 17 has L_0 proved regular, no Grundy automaton found, and a running maximum
 * still growing at length N.
 *
 *   node dist/bench/q17-sweep.js [E=6] [N=16] [CAP=40] [BUDGET_S=2] > sweep.jsonl
 *
 * Prints one JSON line per game (and a summary on stderr); asserts nothing.
 */
import { InterruptedError } from '../src/core/errors.js';
import { enumerateByLengthSync } from '../src/games/rewrite/enumerate.js';
import type { RewriteRule } from '../src/games/rewrite/rules.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../src/regular/grundy-automaton.js';

const E = Number(process.argv[2] ?? 6);
const N = Number(process.argv[3] ?? 16);
const CAP = Number(process.argv[4] ?? 40);
const BUDGET_S = Number(process.argv[5] ?? 2);

/** An AbortSignal-like deadline that synchronous loops can poll (they only read `aborted`). */
function deadline(seconds: number): AbortSignal {
  const end = performance.now() + seconds * 1000;
  return {
    get aborted() {
      return performance.now() > end;
    },
  } as AbortSignal;
}

const exponents = (mask: number) => [...Array(E).keys()].map((i) => i + 1).filter((k) => mask & (1 << (k - 1)));

function attempt(rules: RewriteRule[], target: 'grundy' | 'p-positions'): { verified: boolean; states: number; lowerBound: number; status: string } {
  let r: GrundyAutomatonResult;
  try {
    r = findGrundyAutomaton(rules, { target, maxStates: CAP, signal: deadline(BUDGET_S) });
  } catch (e) {
    if (!(e instanceof InterruptedError)) throw e;
    r = e.partial as GrundyAutomatonResult;
    return { verified: false, states: r?.states ?? 0, lowerBound: r?.lowerBound ?? 0, status: 'budget' };
  }
  return { verified: r.verified, states: r.states, lowerBound: r.lowerBound, status: r.status };
}

const summary = { games: 0, theorem5: 0, pRegular: 0, bounded: 0, candidates: [] as string[] };
for (let K = 1; K < 1 << E; K++) {
  for (let L = K; L < 1 << E; L++) {
    const ks = exponents(K);
    const ls = exponents(L);
    const spec = [...ks.map((k) => (k === 1 ? 'a' : `a${k}`)), ...ls.map((l) => (l === 1 ? 'b' : `b${l}`))].join(',');
    const rules: RewriteRule[] = [...ks.map((k) => ({ lhs: 'a'.repeat(k), rhs: '' })), ...ls.map((l) => ({ lhs: 'b'.repeat(l), rhs: '' }))];
    const t0 = performance.now();
    const table = enumerateByLengthSync(rules, N);
    const runningMax = table.lengths.map((s) => s.runningMax);
    const theorem5 = ks[0]! > 1 && ls[0]! > 1;
    const p = theorem5 ? undefined : attempt(rules, 'p-positions');
    const g = attempt(rules, 'grundy');
    const ms = Math.round(performance.now() - t0);
    const growing = runningMax[N]! > runningMax[Math.floor((2 * N) / 3)]!;
    summary.games++;
    if (theorem5) summary.theorem5++;
    if (p?.verified) summary.pRegular++;
    if (g.verified) summary.bounded++;
    if (p?.verified && !g.verified && growing) summary.candidates.push(spec);
    console.log(JSON.stringify({ spec, runningMax, theorem5, p, g, growing, ms }));
  }
}
console.error(JSON.stringify(summary));
