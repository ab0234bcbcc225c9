import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { packTuple, tupleAlphabetSize, unpackTuple } from '../../src/automata/alphabet.js';
import { Dfa } from '../../src/automata/dfa.js';
import { toDot } from '../../src/automata/dot.js';
import { minimise } from '../../src/automata/minimise.js';
import { determinise, NfaBuilder, Nfa, EPSILON } from '../../src/automata/nfa.js';
import {
  complement,
  counterexample,
  difference,
  includedIn,
  intersection,
  isEmpty,
  nfaShortestWitness,
  project,
  shortestWitness,
  union,
} from '../../src/automata/ops.js';
import { LimitError } from '../../src/core/errors.js';
import { arbDfa, arbNfa, mooreClassCount, nfaAcceptsBrute, wordsUpTo } from './brute.js';

const RUNS = { numRuns: 150 };
const WORDS2 = wordsUpTo(2, 7);

test('packTuple and unpackTuple are inverse on every tuple of a mixed-radix alphabet', () => {
  const radices = [2, 3, 4];
  const seen = new Set<number>();
  for (let x = 0; x < 2; x++)
    for (let y = 0; y < 3; y++)
      for (let z = 0; z < 4; z++) {
        const l = packTuple([x, y, z], radices);
        assert.deepEqual(unpackTuple(l, radices), [x, y, z]);
        seen.add(l);
      }
  assert.equal(seen.size, tupleAlphabetSize(radices));
  assert.equal(Math.max(...seen), 23);
});

test('minimise (Hopcroft) keeps every output and has as many states as Moore refinement', () => {
  fc.assert(
    fc.property(arbDfa(2, 8, 2), (d) => {
      const m = minimise(d);
      assert.equal(m.stateCount, mooreClassCount(d));
      for (const w of WORDS2) assert.equal(m.value(w), d.value(w));
      assert.equal(minimise(m).stateCount, m.stateCount);
    }),
    RUNS,
  );
});

test('minimise over a three-letter alphabet agrees with Moore refinement', () => {
  fc.assert(
    fc.property(arbDfa(3, 10, 1), (d) => {
      const m = minimise(d);
      assert.equal(m.stateCount, mooreClassCount(d));
      for (const w of wordsUpTo(3, 5)) assert.equal(m.value(w), d.value(w));
    }),
    RUNS,
  );
});

test('determinise accepts exactly the words the NFA accepts (brute-force path search)', () => {
  fc.assert(
    fc.property(arbNfa(2, 6), (n) => {
      const d = determinise(n);
      for (const w of WORDS2) assert.equal(d.accepts(w), nfaAcceptsBrute(n, w), `word ${w.join('')}`);
      for (const w of WORDS2) assert.equal(n.accepts(w), nfaAcceptsBrute(n, w));
    }),
    RUNS,
  );
});

test('determinise past its state cap raises a LimitError: (a|b)* a (a|b)^5 needs 64 subsets', () => {
  const b = new NfaBuilder(2);
  const states = Array.from({ length: 7 }, (_, i) => b.addState(i === 6));
  b.addEdge(0, 0, 0);
  b.addEdge(0, 1, 0);
  b.addEdge(0, 0, 1);
  for (let i = 1; i < 6; i++) for (const a of [0, 1]) b.addEdge(states[i]!, a, states[i + 1]!);
  const n = b.build([0]);
  assert.equal(minimise(determinise(n)).stateCount, 64);
  assert.throws(() => determinise(n, { maxStates: 40 }), (e: unknown) => e instanceof LimitError && e.partial === 40);
});

test('product operations are the Boolean operations on languages', () => {
  fc.assert(
    fc.property(arbDfa(2, 5), arbDfa(2, 5), (x, y) => {
      const i = intersection(x, y);
      const u = union(x, y);
      const d = difference(x, y);
      const c = complement(x);
      for (const w of WORDS2) {
        assert.equal(i.accepts(w), x.accepts(w) && y.accepts(w));
        assert.equal(u.accepts(w), x.accepts(w) || y.accepts(w));
        assert.equal(d.accepts(w), x.accepts(w) && !y.accepts(w));
        assert.equal(c.accepts(w), !x.accepts(w));
      }
    }),
    RUNS,
  );
});

test('includedIn is L(x) ⊆ L(y), as the emptiness of their difference; held by x ⊆ x ∪ z and x ∩ z ⊆ x; a LimitError past its cap of pairs', () => {
  fc.assert(
    fc.property(arbDfa(2, 6), arbDfa(2, 6), (x, z) => {
      assert.equal(includedIn(x, z), isEmpty(difference(x, z)));
      assert.equal(includedIn(z, x), isEmpty(difference(z, x)));
      assert.ok(includedIn(x, union(x, z)));
      assert.ok(includedIn(intersection(x, z), x));
    }),
    RUNS,
  );
  // Every word of length >= 2 over two letters, against a machine that never accepts: 3 x 4 pairs at most, 1 allowed.
  const long = Dfa.from(3, 2, (s) => Math.min(s + 1, 2), (s) => (s === 2 ? 1 : 0));
  const none = Dfa.from(4, 2, (s) => (s + 1) % 4, () => 0);
  assert.equal(includedIn(long, none), false);
  assert.throws(() => includedIn(long, none, 1), LimitError);
});

test('shortestWitness finds the shortlex-least accepted word, and emptiness when there is none', () => {
  fc.assert(
    fc.property(arbDfa(2, 6), (d) => {
      const brute = wordsUpTo(2, d.stateCount).find((w) => d.accepts(w));
      assert.deepEqual(shortestWitness(d), brute);
      assert.equal(isEmpty(d), brute === undefined);
    }),
    RUNS,
  );
});

test('counterexample: the shortest word on which two Moore machines differ, or none when equivalent', () => {
  fc.assert(
    fc.property(arbDfa(2, 4, 2), arbDfa(2, 4, 2), (x, y) => {
      const brute = wordsUpTo(2, x.stateCount * y.stateCount).find((w) => x.value(w) !== y.value(w));
      assert.deepEqual(counterexample(x, y), brute);
      assert.equal(counterexample(x, minimise(x)), undefined);
    }),
    RUNS,
  );
});

test('nfaShortestWitness returns a shortest accepted word of an NFA with ε-moves', () => {
  fc.assert(
    fc.property(arbNfa(2, 6), (n) => {
      const w = nfaShortestWitness(n);
      const brute = wordsUpTo(2, 7).find((x) => nfaAcceptsBrute(n, x));
      if (brute === undefined) assert.equal(w, undefined);
      else {
        assert.ok(w !== undefined && nfaAcceptsBrute(n, w), 'the witness is accepted');
        assert.equal(w.length, brute.length);
      }
    }),
    RUNS,
  );
});

test('project onto one track of a two-track automaton accepts the words that have some partner track', () => {
  const radices = [2, 2];
  fc.assert(
    fc.property(arbDfa(4, 5), (d) => {
      const top = project(Nfa.fromDfa(d), 2, (l) => unpackTuple(l, radices)[0]!);
      for (const w of wordsUpTo(2, 5)) {
        const some = wordsUpTo(2, w.length)
          .filter((v) => v.length === w.length)
          .some((v) => d.accepts(w.map((x, i) => packTuple([x, v[i]!], radices))));
        assert.equal(top.accepts(w), some);
      }
    }),
    { numRuns: 60 },
  );
});

test('Nfa rejects edges to missing states and letters outside the alphabet', () => {
  assert.throws(() => new Nfa(2, [0], new Uint8Array(1), [[0, 3]]), /missing state/);
  assert.throws(() => new Nfa(2, [0], new Uint8Array(1), [[5, 0]]), /outside/);
  assert.doesNotThrow(() => new Nfa(2, [0], new Uint8Array(1), [[EPSILON, 0]]));
});

test('DOT export lists each reachable state with its output and merges parallel edges', () => {
  const d = Dfa.from(2, 2, (s, a) => (a === 0 ? 1 - s : s), (s) => s);
  const dot = toDot(d, { letterName: (a) => 'ab'[a]!, stateLabel: (s, o) => `q${s}:${o}` });
  assert.match(dot, /^digraph "automaton" \{/);
  assert.match(dot, /s0 \[label="q0:0"\]/);
  assert.match(dot, /s0 -> s1 \[label="a"\]/);
  assert.match(dot, /s1 -> s1 \[label="b"\]/);
  const merged = toDot(Dfa.from(1, 2, () => 0, () => 0), { letterName: (a) => 'ab'[a]! });
  assert.match(merged, /s0 -> s0 \[label="a,b"\]/);
});
