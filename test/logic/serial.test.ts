/**
 * Automata read one digit at a time (src/logic/serial.ts), which the layer passes of the
 * admissibility decision use over many pair letters: the serial DFA against the packed one on every
 * word up to a length, the way back, and the decision through either encoding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dfa } from '../../src/automata/dfa.js';
import { counterexample, intersection, liveIntersection, liveUnion, union } from '../../src/automata/ops.js';
import { minimise } from '../../src/automata/minimise.js';
import { deserialise, pairOrder, serialise, tupleOrder } from '../../src/logic/serial.js';
import { admissibleDirect, differenceSet } from '../../src/logic/admissibility.js';
import { someCoordinateBelow } from '../../src/logic/admissibility/passes.js';
import * as G from '../../src/logic/games.js';

/** A pseudo-random complete DFA (xorshift, so the test is repeatable). */
function randomDfa(states: number, letters: number, seed: number): Dfa {
  let x = seed;
  const rand = (k: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % k;
  };
  return Dfa.from(states, letters, () => rand(states), () => rand(3) === 0 ? 1 : 0);
}

/** Every word of `length` letters over `k` letters. */
function* words(k: number, length: number): Generator<number[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const w of words(k, length - 1)) for (let a = 0; a < k; a++) yield [...w, a];
}

/** The digits of each packed letter in reading order (the inverse of `order`). */
function digitsOf(order: Int32Array, b: number): number[][] {
  const d = Math.round(Math.log(order.length) / Math.log(b));
  const out: number[][] = [];
  order.forEach((L, i) => {
    out[L] = Array.from({ length: d }, (_, j) => Math.floor(i / b ** (d - 1 - j)) % b);
  });
  return out;
}

test('tupleOrder reads track 0 first; pairOrder reads x_0, y_0, x_1, y_1, ... or, x first, x_0, x_1, y_0, y_1', () => {
  // Two base-3 tracks, letter x_0 + 3 x_1: reading (x_0, x_1) = (2, 1) is letter 2 + 3.
  assert.deepEqual(digitsOf(tupleOrder(3, 2), 3)[2 + 3 * 1], [2, 1]);
  // Pairs of two binary tracks, letter xL + 4 yL: x = (1, 0), y = (0, 1) is read 1, 0, 0, 1.
  assert.deepEqual(digitsOf(pairOrder(2, 2), 2)[1 + 4 * 2], [1, 0, 0, 1]);
  // x = (1, 1), y = (0, 0): read 1, 0, 1, 0 interleaved, 1, 1, 0, 0 x first.
  assert.deepEqual(digitsOf(pairOrder(2, 2), 2)[3], [1, 0, 1, 0]);
  assert.deepEqual(digitsOf(pairOrder(2, 2, true), 2)[3], [1, 1, 0, 0]);
  for (const order of [tupleOrder(2, 3), tupleOrder(3, 2), pairOrder(2, 2), pairOrder(3, 1), pairOrder(2, 2, true), pairOrder(3, 2, true)]) {
    assert.equal(new Set(order).size, order.length, 'a bijection');
  }
});

test('a serialised DFA reads each letter as its digits and accepts what the packed one accepts; deserialise returns the same language', () => {
  const cases = [
    { b: 2, order: tupleOrder(2, 3) },
    { b: 3, order: tupleOrder(3, 2) },
    { b: 2, order: pairOrder(2, 2) },
  ];
  for (const [i, { b, order }] of cases.entries()) {
    const dfa = randomDfa(7, order.length, 12345 + i);
    const serial = serialise(dfa, b, order);
    assert.equal(serial.alphabetSize, b);
    const digits = digitsOf(order, b);
    for (let length = 0; length <= 3; length++) {
      for (const w of words(order.length, length)) {
        assert.equal(serial.accepts(w.flatMap((L) => digits[L]!)), dfa.accepts(w), `case ${i}, word ${w}`);
      }
    }
    // No word stopping inside a letter is accepted.
    for (const w of words(b, 1)) assert.equal(serial.accepts(w), false);
    assert.equal(counterexample(minimise(deserialise(serial, b, order)), minimise(dfa)), undefined, `case ${i}`);
  }
});

test('R ∩ X and R ∪ S over live pairs and minimised one digit at a time, then packed back, are the minimal DFAs of R ∩ X and R ∪ S packed first, table for table (random R, S and serial X)', () => {
  const cases = [
    { b: 2, order: tupleOrder(2, 3) },
    { b: 3, order: tupleOrder(3, 2) },
    { b: 2, order: tupleOrder(2, 2) },
  ];
  let nonEmpty = 0;
  for (const [i, { b, order }] of cases.entries()) {
    for (let seed = 1; seed <= 40; seed++) {
      const R = randomDfa(3 + (seed % 9), order.length, 777 * seed + i);
      // X over single digits, with accepting states inside letters too (as a complement has).
      const X = randomDfa(2 + (seed % 13), b, 31 * seed + 5 * i + 1);
      const packedFirst = minimise(intersection(R, minimise(deserialise(X, b, order))));
      const serialFirst = deserialise(minimise(liveIntersection(serialise(R, b, order), X)), b, order);
      assert.deepEqual(serialFirst, packedFirst, `case ${i}, seed ${seed}`);
      // And the plain product, minimised, is the live one minimised.
      assert.deepEqual(minimise(liveIntersection(serialise(R, b, order), X)), minimise(intersection(serialise(R, b, order), X)), `case ${i}, seed ${seed}`);
      if (packedFirst.stateCount > 1) nonEmpty++;
      // The union of two packed automata, one digit at a time, packed back: the minimal union.
      const S = randomDfa(2 + (seed % 7), order.length, 91 * seed + i);
      assert.deepEqual(deserialise(minimise(liveUnion(serialise(R, b, order), serialise(S, b, order))), b, order), minimise(union(R, S)), `case ${i}, seed ${seed}: union`);
      assert.deepEqual(minimise(liveUnion(X, serialise(S, b, order))), minimise(union(X, serialise(S, b, order))), `case ${i}, seed ${seed}: union, serial`);
    }
  }
  assert.ok(nonEmpty > 60, `most intersections are not empty (${nonEmpty})`);
});

test('deciding-game-invariance, Lemma 12: the axis pass and the layer passes read one digit at a time leave the same candidates, answer and witness as over pair letters', () => {
  for (const name of ['wythoff', 'fraenkel:1,2', 'periodic:1122', 'raleigh']) {
    const set = G.logicSetOf(name);
    const pairs = admissibleDirect(set, { layers: 2, serialMoves: false });
    const serial = admissibleDirect(set, { layers: 2, serialMoves: true });
    assert.equal(serial.admissible, pairs.admissible, name);
    assert.deepEqual(serial.witness, pairs.witness, name);
    assert.equal(serial.states.axisStuck, pairs.states.axisStuck, name);
    assert.deepEqual(serial.states.layerStuck, pairs.states.layerStuck, name);
  }
});

test('deciding-game-invariance Theorem 23: P - P built one digit at a time is the automaton built over the letters (m, i), whole and among the near moves (Wythoff, Fraenkel (2,1), periodic 1122, Raleigh, Example 44, Tribonacci near)', () => {
  for (const [name, g, whole] of [['wythoff', 3, true], ['fraenkel:2,1', 5, true], ['periodic:1122', 3, true], ['raleigh', 5, true], ['morphic:1->112,2->121', 4, true], ['tribonacci', 7, false]] as const) {
    const set = G.logicSetOf(name);
    const near = someCoordinateBelow(set.tracks[0]!.system!, set.tracks.length, g);
    for (const part of whole ? [undefined, near] : [near]) {
      const pairs = differenceSet(set, { serialDifferences: false }, part).dfa;
      const serial = differenceSet(set, { serialDifferences: true }, part).dfa;
      assert.equal(counterexample(serial, pairs), undefined, `${name} ${part ? 'near' : 'whole'}`);
    }
  }
});
