/**
 * Benchmark: the open games of seed taking-and-merging ({a,a4,b}: Question 11; {a,a2,b,b2}:
 * Question 16; {a,a2,a3,a4,b}: end of section 3.3). Two honest searches, each a proof of a lower
 * bound on the states of any Grundy automaton (if one exists):
 *  1. Myhill–Nerode rows of the packed table of every word up to length N (best prefix/suffix split,
 *     prefix lengths N/2..N-2);
 *  2. L* with the Lemma-2 verifier under a wall-clock budget: every table row it separates is a state
 *     that any automaton needs; its hypotheses are all refuted by counterexample words.
 *
 *   node dist/bench/automata-open.js [N=20] [BUDGET_S=60] [GAMES=a,a4,b;a,a2,b,b2;a,a2,a3,a4,b]
 *
 * Prints figures only.
 */
import { InterruptedError } from '../src/core/errors.js';
import { enumerateByLengthSync } from '../src/games/rewrite/enumerate.js';
import type { RewriteGame } from '../src/games/rewrite/game.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../src/regular/grundy-automaton.js';
import { bestNerodeBound } from '../src/regular/lower-bound.js';
import { parseSpec } from '../src/spec/index.js';

const N = Number(process.argv[2] ?? 20);
const BUDGET_S = Number(process.argv[3] ?? 60);
const GAMES = (process.argv[4] ?? 'a,a4,b;a,a2,b,b2;a,a2,a3,a4,b').split(';');

/** An AbortSignal-like deadline that synchronous loops can poll (they only read `aborted`). */
function deadline(seconds: number): AbortSignal {
  const end = performance.now() + seconds * 1000;
  return {
    get aborted() {
      return performance.now() > end;
    },
  } as AbortSignal;
}

for (const text of GAMES) {
  const rules = (parseSpec(`rewrite:${text}`) as RewriteGame).rules;
  const t0 = performance.now();
  const table = enumerateByLengthSync(rules, N);
  const t1 = performance.now();
  // Short prefixes separate few classes: try the prefix lengths from N/2 up.
  const bound = bestNerodeBound(table, Math.floor(N / 2), N - 2);
  const t2 = performance.now();
  console.log(
    `{${text}} table up to length ${N}: ${(t1 - t0).toFixed(0)} ms; Myhill–Nerode: >= ${bound.classes} states ` +
      `(prefixes <= ${bound.prefixLength}, suffixes <= ${bound.suffixLength}; ${(t2 - t1).toFixed(0)} ms)`,
  );
  let progress = '';
  let result: GrundyAutomatonResult;
  const t3 = performance.now();
  try {
    result = findGrundyAutomaton(rules, {
      maxStates: 1000,
      signal: deadline(BUDGET_S),
      onProgress: (states, rounds) => (progress = `${states} states after ${rounds} rounds`),
    });
  } catch (e) {
    if (!(e instanceof InterruptedError)) throw e;
    result = e.partial as GrundyAutomatonResult;
  }
  const t4 = performance.now();
  console.log(
    `{${text}} L* in ${((t4 - t3) / 1000).toFixed(1)} s: ${result.verified ? 'PROVED' : 'no proof'}, status ${result.status}, ` +
      `>= ${result.lowerBound} states, last hypothesis ${progress}, ${result.queries} queries, longest query ${result.longestQuery} letters`,
  );
}
