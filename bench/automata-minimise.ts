/**
 * Benchmark: minimisation (Hopcroft, src/automata/minimise.ts) and the projection ∃y (M(x, y) ∧ A(y))
 * (existsMinimal, src/automata/projection.ts), the two kernels of the admissibility engine's layer
 * passes. Pseudo-random automata with a fixed seed: a large DFA over 2 and over 5 letters with a
 * few classes to find (outputs depend on a hidden quotient), and a projection of random M and A.
 * Prints states, time and the heap and outside-heap memory growth; asserts nothing about time.
 * Run: node dist/bench/automata-minimise.js [STATES]   (default 2,000,000)
 */
import { LimitError } from '../src/core/errors.js';
import { Dfa } from '../src/automata/dfa.js';
import { minimise } from '../src/automata/minimise.js';
import { existsMinimal } from '../src/automata/projection.js';
import { timed } from './timing.js';

const n = Number(process.argv[2] ?? 2_000_000);
// mulberry32: an LCG's low bits have short periods, and `% 2` on them collapsed the hidden DFA.
let seed = 12345;
const rnd = (m: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % m;
};

/**
 * A DFA of `states` states whose language is that of a random DFA of `classes` states: each state
 * is a copy of one hidden class and moves to a random copy of that class's successor.
 */
function redundant(states: number, k: number, classes: number): Dfa {
  const hidden = Array.from({ length: classes * k }, () => rnd(classes));
  const out = Array.from({ length: classes }, () => rnd(2));
  const copyOf = (c: number) => c + classes * rnd(Math.floor(states / classes));
  return Dfa.from(states, k, (s, a) => copyOf(hidden[(s % classes) * k + a]!), (s) => out[s % classes]!);
}

const mb = () => {
  const m = process.memoryUsage();
  return (m.heapUsed + m.external + m.arrayBuffers) / 2 ** 20;
};
/** Memory growth since `before`, signed (a collection during the run can make it negative). */
const grown = (before: number) => {
  const d = Math.round(mb() - before);
  return `${d >= 0 ? '+' : ''}${d} MiB`;
};

for (const [k, classes] of [
  [2, 5000],
  [5, 50000],
] as const) {
  const dfa = redundant(n, k, classes);
  const before = mb();
  const r = timed(() => minimise(dfa));
  console.log(`minimise: ${n} states over ${k} letters -> ${r.value.stateCount} (hidden ${classes}): ${r.cpuS.toFixed(2)} s CPU, ${r.wallS.toFixed(2)} s wall, ${grown(before)}`);
}

// ∃y: M over the letters x + 5y (x, y < 5) with 2,000 states, A over y with 300. As in the layer
// passes, most moves of M die (the last state is a rejecting sink), so about one y in four survives a digit
// and subsets stay small. Random machines still determinise without end, so this measures the subset
// construction's rate up to a cap.
const cap = 1_000_000;
const sink = 1999;
const M = Dfa.from(2000, 25, (s) => (s === sink || rnd(4) !== 0 ? sink : rnd(sink)), (s) => (s !== sink && rnd(4) === 0 ? 1 : 0));
const A = Dfa.from(300, 5, () => rnd(300), () => (rnd(3) === 0 ? 1 : 0));
const before = mb();
const p = timed(() => {
  try {
    const r = existsMinimal(M, A, 5, 5, { maxStates: cap });
    return { built: r.subsets, what: `${r.subsets} subsets (largest ${r.largestSubset}), minimal ${r.dfa.stateCount}` };
  } catch (e) {
    if (e instanceof LimitError) return { built: cap, what: `stopped at the cap of ${cap} subsets` };
    throw e;
  }
});
console.log(`existsMinimal: M 2000 states (3/4 of moves to a sink), A 300 -> ${p.value.what}: ${p.cpuS.toFixed(2)} s CPU (${(p.value.built / p.wallS / 1e3).toFixed(0)} k subsets/s), ${grown(before)}`);
