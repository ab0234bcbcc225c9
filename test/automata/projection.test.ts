/**
 * The large-automaton kernels the layer passes of the admissibility engine use: minimiseBy (the
 * table dropped once the inverse is built) and existsMinimal (∃y (M(x, y) ∧ A(y)) without an NFA
 * table), each against the plain construction.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Dfa } from '../../src/automata/dfa.js';
import { minimise, minimiseBy } from '../../src/automata/minimise.js';
import { determinise, Nfa } from '../../src/automata/nfa.js';
import { counterexample, product } from '../../src/automata/ops.js';
import { existsMinimal } from '../../src/automata/projection.js';
import { arbDfa, arbDfaWithSinks, mooreClassCount, wordsUpTo } from './brute.js';

test('minimiseBy reads the table only before release, and gives what minimise gives (random Moore machines)', () => {
  fc.assert(
    fc.property(arbDfa(2, 12, 3), (d) => {
      let released = 0;
      let table: Int32Array | undefined = d.delta;
      const m = minimiseBy(2, d.stateCount, d.start, (s, a) => table![s * 2 + a]!, d.output, () => {
        released++;
        table = undefined;
      });
      assert.equal(released, 1);
      assert.deepEqual(m, minimise(d));
    }),
    { numRuns: 150 },
  );
});

test('minimise and minimiseBy with sinks and dead states (the inverse leaves out the edges into sinks) agree with Moore refinement', () => {
  fc.assert(
    fc.property(arbDfaWithSinks(3, 10, 2), (d) => {
      const m = minimise(d);
      assert.equal(m.stateCount, mooreClassCount(d));
      for (const w of wordsUpTo(3, 4)) assert.equal(m.value(w), d.value(w), `word ${w.join('')}`);
      assert.deepEqual(minimiseBy(3, d.stateCount, d.start, (s, a) => d.next(s, a), d.output), m);
    }),
    { numRuns: 300 },
  );
});

test('minimise with more output classes than its first thousand splitters', () => {
  // x_i = 2i and y_i = 2i + 1 (output i, i < 1200) lie on a chain (letter 0) and go to p and to q
  // (letter 1; outputs 5000 and 5001, the last classes made): every initial class must be pending.
  const n = 2 * 1200 + 2;
  const [p, q] = [n - 2, n - 1];
  const next = (s: number, a: number) => (s >= p ? s : a === 0 ? s + 1 : s % 2 === 0 ? p : q);
  const d = Dfa.from(n, 2, next, (s) => (s === p ? 5000 : s === q ? 5001 : Math.floor(s / 2)));
  assert.equal(mooreClassCount(d), n);
  assert.equal(minimise(d).stateCount, n);
  assert.deepEqual(minimiseBy(2, n, 0, next, d.output), minimise(d));
});

test('minimise over 300 letters (letters held in 16 bits) agrees with Moore refinement', () => {
  fc.assert(
    fc.property(arbDfa(300, 6, 1), (d) => {
      const m = minimise(d);
      assert.equal(m.stateCount, mooreClassCount(d));
      for (let a = 0; a < 300; a += 7) for (let b = 0; b < 300; b += 11) assert.equal(m.value([a, b]), d.value([a, b]));
    }),
    { numRuns: 40 },
  );
});

/** ∃y (M(x, y) ∧ A(y)) as a plain NFA on the pairs (M state, A state), y projected. */
function projectionNfa(M: Dfa, A: Dfa, X: number, Y: number): Nfa {
  const nM = M.stateCount;
  const edges = Array.from({ length: nM * A.stateCount }, (_, key) => {
    const [s, d] = [key % nM, Math.floor(key / nM)];
    const list: number[] = [];
    for (let x = 0; x < X; x++) for (let y = 0; y < Y; y++) list.push(x, M.next(s, x + X * y) + nM * A.next(d, y));
    return list;
  });
  const accepting = Uint8Array.from(edges, (_, key) => (M.output[key % nM] && A.output[Math.floor(key / nM)] ? 1 : 0));
  return new Nfa(X, [M.start + nM * A.start], accepting, edges);
}

test('existsMinimal is the minimal automaton of the projection built as a plain NFA (random M over (x, y), A over y)', () => {
  fc.assert(
    fc.property(arbDfa(6, 7, 1), arbDfa(3, 5, 1), (M, A) => {
      const got = existsMinimal(M, A, 2, 3);
      const want = minimise(determinise(projectionNfa(M, A, 2, 3), { maxStates: 100_000 }));
      assert.equal(counterexample(got.dfa, want), undefined);
      assert.equal(got.dfa.stateCount, want.stateCount);
      for (const w of wordsUpTo(2, 6)) assert.equal(got.dfa.accepts(w), want.accepts(w));
    }),
    { numRuns: 150 },
  );
});

/** The same machine after `extra` unreachable states (its own renumbered past them, so pair keys pass 2^32). */
function padded(d: Dfa, extra: number): Dfa {
  return Dfa.from(
    d.stateCount + extra,
    d.alphabetSize,
    (s, a) => (s < extra ? s : extra + d.next(s - extra, a)),
    (s) => (s < extra ? 0 : d.output[s - extra]!),
    extra + d.start,
  );
}

test('existsMinimal with pair keys past 2^32 (M and A padded with unreachable states) is the same automaton', () => {
  fc.assert(
    fc.property(arbDfa(6, 7, 1), arbDfa(3, 5, 1), (M, A) => {
      const plain = existsMinimal(M, A, 2, 3);
      const big = existsMinimal(padded(M, 1 << 20), padded(A, 1 << 14), 2, 3);
      assert.deepEqual(big.dfa, plain.dfa);
      assert.equal(big.subsets, plain.subsets);
    }),
    { numRuns: 20 },
  );
});

test('existsMinimal read within a companion DFA accepts exactly the words both accept (random M, A, companion)', () => {
  fc.assert(
    fc.property(arbDfa(6, 7, 1), arbDfa(3, 5, 1), arbDfa(2, 5, 1), (M, A, C) => {
      const alone = existsMinimal(M, A, 2, 3).dfa;
      const within = existsMinimal(M, A, 2, 3, { within: C }).dfa;
      const want = minimise(product(alone, C, (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
      assert.deepEqual(within, want);
    }),
    { numRuns: 150 },
  );
});
