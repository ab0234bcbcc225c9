/**
 * Issue 34, part 3, third bullet (push-the-button, section 6): "are there relations between the complexities
 * of computing the outcome of positions of R1, R2 and R1 ⊙ R2?" For pairs where R1 and R2 both have a
 * polynomial outcome, the cost of deciding one position of R1 ⊙ R2 of growing size, beside the cost of R1
 * alone and R2 alone on the same position, by the general solver (src/core/solver.ts), each query on a fresh
 * solver (no memo carried over).
 *
 *   node dist/bench/push-complexity.js [N=128] [K=9] [M=3]
 *
 * Three ways to run the solver: `plain` (no closed form, no splitting of sums: a search of the reachable
 * positions), `split` (sums split into components, no closed form) and `default` (as shipped: closed forms
 * such as Nim's XOR, and splitting). The figures to read are `pos` (positions memoised: deterministic) and
 * `edges` (options listed: deterministic); CPU seconds are noisy on a shared machine. Part A: two-heap
 * positions (n, n+1), n = 8, 16, ..., N, with the log-log slope between successive n. Part B: k heaps of M
 * tokens, k = 1..K, with the growth factor between successive k. Also the closed forms that exist, checked
 * against the search on the positions visited. Prints one JSON line per row; asserts nothing
 * (test/analysis/push-complexity.test.ts holds the visited counts of NIM ⊙ NIM to their formula).
 */
import { PushCompound } from '../src/core/compounds.js';
import type { Ruleset } from '../src/core/ruleset.js';
import { Solver, type SolverOptions } from '../src/core/solver.js';
import { hasRayTable, rayTable2 } from '../src/games/heaps/rays.js';
import { parseSpec } from '../src/spec/index.js';
import { prop411, prop412, prop413, thm316 } from '../test/helpers/push-paper.js';
import { timed } from './timing.js';

const N = Number(process.argv[2] ?? 128);
const K = Number(process.argv[3] ?? 9);
const M = Number(process.argv[4] ?? 3);
for (const [what, v, least] of [['N', N, 8], ['K', K, 1], ['M', M, 1]] as const) {
  if (!Number.isInteger(v) || v < least) {
    console.error(`push-complexity: ${what} must be an integer >= ${least}, got ${v}; usage: node dist/bench/push-complexity.js [N=128] [K=9] [M=3]`);
    process.exit(2);
  }
}
const MODES: Record<string, SolverOptions> = {
  plain: { closedForms: false, decompose: false },
  split: { closedForms: false },
  default: {},
};
const out = (row: object) => console.log(JSON.stringify(row));

interface Cost {
  pos: number;
  edges: number;
  cpuS: number;
  value: number;
}

/**
 * The cost of one query at p on a fresh solver: positions memoised, options listed by the rulesets R (one
 * spec) or R1, R2 (a push of two; its push edge, at most one per position, is not counted), CPU.
 */
function cost(specs: readonly string[], p: unknown, mode: string): Cost {
  let edges = 0;
  const parts = specs.map((s) => counted(parseSpec(s), (k) => (edges += k)));
  const rs = parts.length === 1 ? parts[0]! : new PushCompound(parts);
  const solver = new Solver(MODES[mode]);
  const t = timed(() => solver.grundy(rs, p));
  return { pos: solver.memoised, edges, cpuS: Number(t.cpuS.toFixed(4)), value: t.value };
}

/** The ruleset with its options() calls counted. A Proxy keeps the class (a compound's instanceof checks). */
function counted<P>(rs: Ruleset<P>, add: (k: number) => void): Ruleset<P> {
  return new Proxy(rs, {
    get(target, key, receiver) {
      if (key !== 'options') return Reflect.get(target, key, receiver);
      return (p: P) => {
        const o = target.options.call(receiver, p);
        add(o.length);
        return o;
      };
    },
  });
}

const slope = (a: number, b: number, x: number, y: number): number => Number((Math.log(b / a) / Math.log(y / x)).toFixed(2));

// Part A: two heaps, (n, n+1).
const PAIRS: [string, string, ((a: number, b: number) => boolean) | undefined, string][] = [
  ['nim', 'nim', (a, b) => (a ^ b) === 1, 'Lemma 2.1.1: G = (a XOR b) XOR 1'],
  ['nim', 'wythoff', prop411, 'Prop. 4.1.1'],
  ['wythoff', 'nim', prop413(N + 2), 'Prop. 4.1.3 (a Wythoff pair table, O(n))'],
  ['euclid', 'nim', prop412, 'Prop. 4.1.2'],
  ['nim', 'euclid', thm316(N + 2), 'Thm 3.1.6 (a Wythoff pair table, O(n))'],
  ['subtraction:1,2', 'nim', (a, b) => (a + b) % 3 === 1 && a !== b, 'a + b = 1 (mod 3), a != b (proved in docs/open-questions.md)'],
  ['wythoff', 'euclid', undefined, 'none known'],
];
for (const [r1, r2, closed, form] of PAIRS) {
  const spec = `push(${r1},${r2})`;
  let prev: { n: number; alone: number; push: number; pushDefault: number } | undefined;
  for (let n = 8; n <= N; n *= 2) {
    const g = [n, n + 1];
    const a1 = cost([r1], g, 'plain');
    const a2 = cost([r2], g, 'plain');
    const c = cost([r1, r2], { phase: 0, g }, 'plain');
    const d = cost([r1, r2], { phase: 0, g }, 'default');
    const closedAgrees = closed ? closed(n, n + 1) === (c.value === 0) : undefined;
    let table: number | undefined;
    if (hasRayTable(parseSpec(spec))) table = Number(timed(() => rayTable2(parseSpec(spec), n + 1)).cpuS.toFixed(4));
    const alone = a1.pos + a2.pos;
    out({
      part: 'A', game: spec, n, position: g.join(','),
      r1: { pos: a1.pos, edges: a1.edges, cpuS: a1.cpuS },
      r2: { pos: a2.pos, edges: a2.edges, cpuS: a2.cpuS },
      push: { pos: c.pos, edges: c.edges, cpuS: c.cpuS },
      pushDefault: { pos: d.pos, edges: d.edges, cpuS: d.cpuS },
      ratio: Number((c.pos / alone).toFixed(3)),
      slope: prev && { alone: slope(prev.alone, alone, prev.n, n), push: slope(prev.push, c.pos, prev.n, n), pushDefault: slope(prev.pushDefault, d.pos, prev.n, n) },
      rayTableCpuS: table, closedForm: form, closedAgrees,
    });
    prev = { n, alone, push: c.pos, pushDefault: d.pos };
  }
}

// Part B: k heaps of M tokens (Nim on k heaps is the sum of k one-heap Nims: push(sum(nim,...),sum(nim,...))).
const xor = (g: number[]) => g.reduce((x, h) => x ^ h, 0);
const MULTI: [string, string, ((g: number[]) => boolean) | undefined, string][] = [
  ['nim', 'nim', (g) => xor(g) === 1, 'Lemma 2.1.1: G = XOR XOR 1'],
  ['subtraction:1,2', 'nim', (g) => g.reduce((x, h) => x + h, 0) % 3 === 1 && xor(g) !== 0, 'none known: the two-heap form (sum = 1 mod 3, XOR != 0) extended, checked to fail'],
  ['nim', 'subtraction:1,2', undefined, 'none known'],
];
for (const [r1, r2, closed, form] of MULTI)
  for (const tokens of ['M', 'k']) {
  const spec = `push(${r1},${r2})`;
  let prev: Record<string, number> | undefined;
  for (let k = 1; k <= K; k++) {
    const g = Array.from({ length: k }, () => (tokens === 'M' ? M : k));
    const row: Record<string, number> = {};
    const figures: Record<string, object> = {};
    for (const [name, s, p, mode] of [
      ['r1Plain', [r1], g, 'plain'],
      ['r1Split', [r1], g, 'split'],
      ['r2Plain', [r2], g, 'plain'],
      ['r2Split', [r2], g, 'split'],
      ['pushPlain', [r1, r2], { phase: 0, g }, 'plain'],
      ['pushDefault', [r1, r2], { phase: 0, g }, 'default'],
    ] as const) {
      const c = cost(s, p, mode);
      row[name] = c.pos;
      figures[name] = { pos: c.pos, edges: c.edges, cpuS: c.cpuS };
      if (name === 'pushPlain' && closed) figures.closedAgrees = { value: closed(g) === (c.value === 0) } as object;
    }
    const growth = prev && Object.fromEntries(Object.entries(row).map(([key, v]) => [key, Number((v / prev![key]!).toFixed(2))]));
    out({ part: 'B', game: spec, heaps: k, tokens: g[0], ...figures, growth, closedForm: form });
    prev = row;
  }
  }
