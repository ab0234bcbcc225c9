import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { Dfa } from '../../src/automata/dfa.js';
import { rightQuotient } from '../../src/automata/language.js';
import { backwardReachable, backwardReachableLists, coReachable as coReachableDfa } from '../../src/automata/reach.js';
import { coReachable } from '../../src/numeration/build.js';
import { arbDfa, arbDfaWithSinks, wordsUpTo } from './brute.js';

/** Plain reference: s reaches a target iff some path of length < n does (repeat the frontier n times). */
function reachesBrute(n: number, edges: [number, number][], target: (s: number) => boolean): number[] {
  const good = Array.from({ length: n }, (_, s) => target(s));
  for (let round = 0; round < n; round++) for (const [f, t] of edges) if (good[t]) good[f] = true;
  return good.map((g) => (g ? 1 : 0));
}

test('backwardReachable: the nodes that reach a target, on random graphs with parallel edges and loops', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }).chain((n) =>
        fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 30 }), fc.array(fc.boolean(), { minLength: n, maxLength: n })),
      ),
      ([n, edges, targets]) => {
        const got = backwardReachable(n, (edge) => edges.forEach(([f, t]) => edge(f, t)), (s) => targets[s]!);
        assert.deepEqual(Array.from(got), reachesBrute(n, edges, (s) => targets[s]!));
      },
    ),
  );
});

test('backwardReachableLists: the nodes that reach a target, the graph as successor lists', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }).chain((n) =>
        fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 30 }), fc.array(fc.boolean(), { minLength: n, maxLength: n })),
      ),
      ([n, edges, targets]) => {
        const sorted = [...edges].sort((x, y) => x[0] - y[0]);
        const edgeStart = new Int32Array(n + 1);
        for (const [f] of sorted) edgeStart[f + 1]!++;
        for (let s = 0; s < n; s++) edgeStart[s + 1]! += edgeStart[s]!;
        const flags = Uint8Array.from(targets, (t) => (t ? 1 : 0));
        const got = backwardReachableLists(edgeStart, Int32Array.from(sorted, ([, t]) => t), flags);
        assert.deepEqual(Array.from(got), reachesBrute(n, edges, (s) => targets[s]!));
        assert.deepEqual(Array.from(flags), targets.map((t) => (t ? 1 : 0)), 'the targets given are left as they were');
      },
    ),
  );
});

test('coReachable leaves the edges into sinks out of its lists: the same states as a search over every edge', () => {
  fc.assert(
    fc.property(arbDfaWithSinks(3, 9), (dfa) => {
      const edges = Array.from(dfa.delta, (t, i): [number, number] => [Math.floor(i / 3), t]);
      assert.deepEqual(Array.from(coReachableDfa(dfa)), reachesBrute(dfa.stateCount, edges, (s) => dfa.output[s] !== 0));
    }),
    { numRuns: 300 },
  );
});

test('coReachable (one DFA) and rightQuotient (a product) agree with words: the same search serves both', () => {
  // A shortest accepting path in the product of 4 and 2 states has at most 7 letters: words up to 7 decide.
  const words = wordsUpTo(2, 7);
  fc.assert(
    fc.property(arbDfa(2, 4), arbDfa(2, 2), (a, b) => {
      const live = coReachable(a);
      for (let s = 0; s < a.stateCount; s++) assert.equal(live[s] === 1, words.some((w) => a.output[a.run(w, s)] !== 0), `state ${s}`);
      // w ∈ L(a)/L(b) iff wu ∈ L(a) for some u ∈ L(b).
      const q = rightQuotient(a, b);
      const inB = words.filter((u) => b.accepts(u));
      for (const w of wordsUpTo(2, 4)) assert.equal(q.accepts(w), inB.some((u) => a.accepts([...w, ...u])), `word ${w.join('')}`);
    }),
    { numRuns: 150 },
  );
});
