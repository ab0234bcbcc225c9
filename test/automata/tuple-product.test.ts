/**
 * The tuple-product builder (src/automata/tuple-product.ts) against plain constructions: keys are a
 * bijection, a product past 2^53 is refused, the explored NFA accepts what the full product NFA built
 * by hand accepts and holds no dead component state, the search answers what a plain search answers,
 * and an aborted signal stops both.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { InterruptedError, LimitError } from '../../src/core/errors.js';
import type { Dfa } from '../../src/automata/dfa.js';
import { minimise } from '../../src/automata/minimise.js';
import { determinise, determiniseTable, Nfa } from '../../src/automata/nfa.js';
import { counterexample } from '../../src/automata/ops.js';
import { coReachable } from '../../src/automata/reach.js';
import { LiveDfa, TupleProduct } from '../../src/automata/tuple-product.js';
import { arbDfa } from './brute.js';

test('TupleProduct packs every tuple of a small product to its own key and unpacks it back', () => {
  const radices = [3, 1, 4, 2];
  const product = new TupleProduct('a test product', radices);
  const seen = new Set<number>();
  const t = new Int32Array(4);
  const back = new Int32Array(4);
  for (let i = 0; i < 24; i++) {
    for (let c = 0, r = i; c < 4; c++, r = Math.floor(r / radices[c - 1]!)) t[c] = r % radices[c]!;
    const key = product.pack(t);
    assert.ok(key >= 0 && key < 24);
    seen.add(key);
    assert.deepEqual(product.unpack(key, back), t);
  }
  assert.equal(seen.size, 24);
});

test('LiveDfa cuts exactly the successors that can no longer accept (random DFAs)', () => {
  fc.assert(
    fc.property(arbDfa(3, 8), (d) => {
      const live = coReachable(d);
      const l = new LiveDfa(d);
      for (let s = 0; s < d.stateCount; s++) for (let a = 0; a < 3; a++) assert.equal(l.next(s, a), live[d.next(s, a)] ? d.next(s, a) : -1);
    }),
    { numRuns: 100 },
  );
});

test('TupleProduct refuses ranges whose product passes 2^53, naming the product (keys would collide)', () => {
  assert.throws(() => new TupleProduct('the big one', [2 ** 20, 2 ** 20, 2 ** 14]), (e: unknown) => e instanceof LimitError && /the big one/.test(e.message));
});

test('TupleProduct unpacks exactly what it packed, keys past 2^52 included (just under 2^53)', () => {
  const edge = new TupleProduct('the edge', [2 ** 26 - 1, 2 ** 27]);
  const three = new TupleProduct('three', [2 ** 26 - 1, 2 ** 25, 3]);
  assert.deepEqual([...edge.unpack(edge.pack([2 ** 26 - 2, 2 ** 27 - 1]), new Int32Array(2))], [2 ** 26 - 2, 2 ** 27 - 1]);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 26 - 2 }), fc.integer({ min: 2 ** 26 + 2, max: 2 ** 27 - 1 }), fc.integer({ min: 0, max: 2 }), (x, y, z) => {
      assert.deepEqual([...edge.unpack(edge.pack([x, y]), new Int32Array(2))], [x, y]);
      assert.ok(edge.pack([x, y]) >= 2 ** 52);
      assert.deepEqual([...three.unpack(three.pack([x, y >> 2, z]), new Int32Array(3))], [x, y >> 2, z]);
    }),
    { numRuns: 2000 },
  );
});

/**
 * The reference: (A's state, B's state, a counter mod 3) over letters x of A; B reads a guessed
 * letter y (0 or 1) beside x, the counter counts the letters y = 1; accepting when A and B accept
 * and the counter is 0. Every tuple, dead or not, as a plain Nfa.
 */
function fullProductNfa(A: Dfa, B: Dfa): Nfa {
  const [nA, nB] = [A.stateCount, B.stateCount];
  const size = nA * nB * 3;
  const edges = Array.from({ length: size }, (_, key) => {
    const [a, b, k] = [key % nA, Math.floor(key / nA) % nB, Math.floor(key / (nA * nB))];
    const list: number[] = [];
    for (let x = 0; x < 2; x++) for (let y = 0; y < 2; y++) list.push(x, A.next(a, x) + nA * (B.next(b, y) + nB * ((k + y) % 3)));
    return list;
  });
  const accepting = Uint8Array.from(edges, (_, key) => (A.output[key % nA] && B.output[Math.floor(key / nA) % nB] && Math.floor(key / (nA * nB)) === 0 ? 1 : 0));
  return new Nfa(2, [A.start + nA * B.start], accepting, edges);
}

test('TupleProduct.explore accepts what the full product NFA accepts (random DFAs, one track guessed)', () => {
  fc.assert(
    fc.property(arbDfa(2, 6), arbDfa(2, 6), (A, B) => {
      const [Al, Bl] = [new LiveDfa(A), new LiveDfa(B)];
      const product = new TupleProduct('A × B × counter', [Al, Bl, 3]);
      const { from: s, to: t } = product;
      const nfa = product.explore(
        2,
        [[A.start, B.start, 0]],
        (emit) => {
          for (let x = 0; x < 2; x++) {
            t[0] = Al.next(s[0]!, x);
            if (t[0] < 0) continue;
            for (let y = 0; y < 2; y++) {
              t[1] = Bl.next(s[1]!, y);
              if (t[1] < 0) continue;
              t[2] = (s[2]! + y) % 3;
              emit(x);
            }
          }
        },
        { accepting: (tuple) => tuple[2] === 0 },
      );
      const got = minimise(determiniseTable(nfa).dfa!);
      const want = minimise(determinise(fullProductNfa(A, B)));
      assert.equal(counterexample(got, want), undefined);
    }),
    { numRuns: 150 },
  );
});

test('TupleProduct.reaches finds an accepting tuple exactly when a plain search of the product does (random DFAs)', () => {
  fc.assert(
    fc.property(arbDfa(2, 6), arbDfa(2, 6), fc.integer({ min: 0, max: 4 }), (A, B, target) => {
      // Tuples (A's state, B's state, letters read mod 5), both reading the same letter.
      const [Al, Bl] = [new LiveDfa(A), new LiveDfa(B)];
      const product = new TupleProduct('A × B × length', [Al, Bl, 5]);
      const { from: s, to: t } = product;
      const got = product.reaches(
        [A.start, B.start, 0],
        (emit) => {
          for (let x = 0; x < 2; x++) {
            t[0] = Al.next(s[0]!, x);
            t[1] = Bl.next(s[1]!, x);
            if (t[0] < 0 || t[1] < 0) continue;
            t[2] = (s[2]! + 1) % 5;
            emit();
          }
        },
        { accepting: (tuple) => tuple[2] === target },
      );
      // Plain breadth-first search on the triples whose states can still accept.
      const [liveA, liveB] = [coReachable(A), coReachable(B)];
      const seen = new Set<string>();
      const queue: [number, number, number][] = [[A.start, B.start, 0]];
      let want = false;
      while (queue.length > 0) {
        const [a, b, k] = queue.shift()!;
        const key = `${a},${b},${k}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (A.output[a] && B.output[b] && k === target) want = true;
        for (let x = 0; x < 2; x++) {
          const [a2, b2] = [A.next(a, x), B.next(b, x)];
          if (liveA[a2] && liveB[b2]) queue.push([a2, b2, (k + 1) % 5]);
        }
      }
      assert.equal(got, want);
    }),
    { numRuns: 150 },
  );
});

test('TupleProduct stops with InterruptedError when its signal is aborted, in explore and in reaches', () => {
  const controller = new AbortController();
  controller.abort();
  const counter = new TupleProduct('a counter', [1_000_000]);
  const { from: s, to: t } = counter;
  const step = (emit: () => void) => {
    t[0] = (s[0]! + 1) % 1_000_000;
    emit();
  };
  assert.throws(() => counter.explore(1, [[0]], (emit) => step(() => emit(0)), { signal: controller.signal }), InterruptedError);
  assert.throws(() => counter.reaches([0], step, { signal: controller.signal, accepting: () => false }), InterruptedError);
  // Not aborted: the whole cycle is searched.
  assert.equal(counter.reaches([0], step, { accepting: (tuple) => tuple[0] === 999_999 }), true);
});
