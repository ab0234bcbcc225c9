/**
 * 1-admissibility decided without the formula compiler (deciding-game-invariance, Lemma 12 and
 * Theorem 23): the pieces (normaliser, adders with a greedy summand, P - P) against plain arithmetic,
 * the decision against the formula-compiled sentence (the reference route) and against brute force
 * in a box on P-positions from the games' own definitions (mex recurrences, letter occurrences).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NumerationSystem } from '../../src/numeration/system.js';
import * as G from '../../src/logic/games.js';
import { admissibleByLogic, admissibleDirect, differenceSet, isBadPosition } from '../../src/logic/admissibility.js';
import { differenceMember } from '../../src/logic/admissibility/differences.js';
import { someCoordinateBelow } from '../../src/logic/admissibility/passes.js';
import { isBad } from '../../src/logic/admissibility/witness.js';
import { encodeTuple, holds } from '../../src/logic/predicate.js';
import { finiteLanguage } from '../../src/automata/finite-language.js';
import { sumWithGreedySummand, zeroNormaliser } from '../../src/numeration/adders.js';
import { logicAdmissibility } from '../../src/invariance/admissible.js';
import { Dfa } from '../../src/automata/dfa.js';
import { counterexample, product } from '../../src/automata/ops.js';
import { Predicate } from '../../src/logic/predicate.js';
import { boxPoints } from '../invariance/helpers.js';
import { badInBox, fixedPoint, fraenkelPositions, type Tuple, wordPositions } from '../../src/invariance/reference.js';

const key = (t: readonly number[]) => t.join(',');

/** Every digit word of length len over 0..b-1. */
function* words(b: number, len: number): Generator<number[]> {
  const w = new Array<number>(len).fill(0);
  for (;;) {
    yield [...w];
    let i = len - 1;
    while (i >= 0 && w[i] === b - 1) w[i--] = 0;
    if (i < 0) return;
    w[i]!++;
  }
}

test('deciding-game-invariance section 5: the zero normaliser accepts exactly the digit words of value 0 (Fibonacci, Tribonacci, base 3)', () => {
  for (const name of ['msd_fib', 'msd_trib', 'msd_3']) {
    const sys = NumerationSystem.byName(name);
    const norm = zeroNormaliser(sys);
    const b = sys.base;
    for (let len = 0; len <= 6; len++) {
      for (const w of words(3 * b - 2, len)) {
        const digits = w.map((l) => l - (b - 1));
        let value = 0n;
        digits.forEach((d, i) => (value += BigInt(d) * sys.term(len - 1 - i)));
        assert.equal(norm.accepts(w), value === 0n, `${name} ${digits.join(' ')}`);
      }
    }
  }
});

test('deciding-game-invariance Definition 24: x + y = z with y greedy, on all words of length 5 (Fibonacci, Tribonacci)', () => {
  for (const name of ['msd_fib', 'msd_trib']) {
    const sys = NumerationSystem.byName(name);
    const sum = sumWithGreedySummand(sys);
    const b = sys.base;
    const value = (w: number[]) => w.reduce((acc, d, i) => acc + BigInt(d) * sys.term(w.length - 1 - i), 0n);
    const greedy = (w: number[]) => key(sys.represent(value(w))) === key(w.slice(w.findIndex((d) => d !== 0) === -1 ? w.length : w.findIndex((d) => d !== 0)));
    const len = 5;
    const all = [...words(b, len)];
    for (const x of all) {
      for (const y of all) {
        for (const z of all) {
          const letters = x.map((_, i) => x[i]! + b * y[i]! + b * b * z[i]!);
          assert.equal(sum.accepts(letters), value(x) + value(y) === value(z) && greedy(y), `${name} ${key(x)} + ${key(y)} = ${key(z)}`);
        }
      }
    }
  }
});

test('deciding-game-invariance Theorem 23 (the formula φ): P - P agrees with brute force for Wythoff and Fraenkel (1,2), (2,1)', () => {
  const cases: [string, Tuple[]][] = [
    ['wythoff', fraenkelPositions(1, 1, 400)],
    ['fraenkel:1,2', fraenkelPositions(1, 2, 400)],
    ['fraenkel:2,1', fraenkelPositions(2, 1, 400)],
  ];
  for (const [name, points] of cases) {
    const d = differenceSet(G.logicSetOf(name));
    const { differences } = badInBox(points, 0);
    for (let x = 0; x <= 40; x++) for (let y = 0; y <= 40; y++) assert.equal(holds(d, [x, y]), differences.has(key([x, y])), `${name} (${x},${y})`);
  }
});

test('deciding-game-invariance Lemma 12: the moves with some coordinate below g, against plain comparison (Tribonacci triples, Fibonacci pairs)', () => {
  for (const [name, g, top] of [['tribonacci', 7, 20], ['wythoff', 4, 40]] as const) {
    const set = G.logicSetOf(name);
    const n = set.tracks.length;
    const pred = new Predicate(set.tracks, someCoordinateBelow(set.tracks[0]!.system!, n, g));
    for (const t of boxPoints(n, top)) assert.equal(holds(pred, t), Math.min(...t) < g, `${name} (${t})`);
  }
});

test('deciding-game-invariance Lemma 12: P - P built among the near moves only is P - P ∩ near (Tribonacci, Raleigh, Wythoff, Fraenkel (1,3))', () => {
  for (const [name, g] of [['tribonacci', 7], ['raleigh', 5], ['wythoff', 3], ['fraenkel:1,3', 6]] as const) {
    const set = G.logicSetOf(name);
    const near = someCoordinateBelow(set.tracks[0]!.system!, set.tracks.length, g);
    const restricted = differenceSet(set, {}, near).dfa;
    const whole = product(differenceSet(set).dfa, near, (x, y) => (x !== 0 && y !== 0 ? 1 : 0));
    assert.equal(counterexample(restricted, whole), undefined, name);
  }
});

test('deciding-game-invariance Lemma 12 / Theorem 23: the direct decision agrees with the formula-compiled sentence (Wythoff, periodic words, Thue-Morse)', () => {
  for (const name of ['wythoff', 'periodic:12', 'periodic:1122', 'periodic:211', 'morphic:1->12,2->21']) {
    const set = G.logicSetOf(name);
    const direct = admissibleDirect(set);
    const reference = admissibleByLogic(set);
    assert.equal(direct.admissible, reference.admissible, name);
    assert.deepEqual(direct.witness, reference.witness, name);
    assert.equal(differenceSet(set).dfa.stateCount, reference.states.differences, `${name}: minimal P - P`);
  }
});

test('deciding-game-invariance Proposition 46: Fraenkel (1,2) and (1,3) are 1-admissible, and brute force finds no bad position in [0,30]^2', () => {
  for (const [s, t] of [[1, 2], [1, 3]] as const) {
    const r = admissibleDirect(G.fraenkelSet(s, t));
    assert.equal(r.admissible, true, `(${s},${t})`);
    assert.deepEqual(badInBox(fraenkelPositions(s, t, 300), 30).bad, [], `(${s},${t})`);
  }
});

test('deciding-game-invariance Remark 41: periodic:1122 is not 1-admissible; the witness (1,1) checked by hand', () => {
  const r = admissibleDirect(G.logicSetOf('periodic:1122'));
  assert.equal(r.admissible, false);
  assert.deepEqual(r.witness, [1n, 1n]);
  // w = 112211221122...: the letter 1 at 1, 2, 5, 6, ...; 2 at 3, 4, 7, 8, ... so P = {0, (1,3), (2,4), ...}.
  const points = wordPositions(fixedPoint([[1, 1, 2, 2], [1, 1, 2, 2]], 200), 2, 200);
  const inP = new Set(points.map(key));
  assert.ok(!inP.has('1,1'));
  // The only q in P below (1,1) is (0,0); the move (1,1) = (2,4) - (1,3) joins two elements of P.
  assert.deepEqual(points.filter((q) => q[0]! <= 1 && q[1]! <= 1), [[0, 0]]);
  assert.ok(inP.has('1,3') && inP.has('2,4'));
  assert.deepEqual(badInBox(points, 1).bad, [[1, 1]]);
});

test('deciding-game-invariance Proposition 43: the Thue-Morse set P_w is 1-admissible, no bad position in [0,30]^2 by brute force', () => {
  const r = admissibleDirect(G.logicSetOf('morphic:1->12,2->21'));
  assert.equal(r.admissible, true);
  const points = wordPositions(fixedPoint([[1, 2], [2, 1]], 600), 2, 300);
  assert.deepEqual(badInBox(points, 30).bad, []);
});

test('sprague admissible --method logic (Theorem 23): the verdict carries the automata sizes and no box', () => {
  const v = logicAdmissibility('fraenkel:1,2');
  assert.equal(v.admissible, true);
  assert.equal(v.bound, null);
  assert.equal(v.certified, true);
  // The layer pass tries near moves only; the move to 0 needs the whole of P - P.
  assert.ok(v.states.p > 0 && v.states.nearDifferences! > 0 && v.states.differences > 0);
  // The move to 0 leaves no candidate for Fraenkel (1,2): no E(p, q), no search.
  assert.deepEqual([v.states.moves, v.states.bad], [0, 0]);
  assert.equal(v.states.layers?.at(-1), 1);
});

test('deciding-game-invariance Lemma 12: the exact one-position check agrees with brute force on periodic:1122 and Wythoff in [0,12]^2', () => {
  const cases: [string, Tuple[]][] = [
    ['periodic:1122', wordPositions(fixedPoint([[1, 1, 2, 2], [1, 1, 2, 2]], 400), 2, 300)],
    ['wythoff', fraenkelPositions(1, 1, 300)],
  ];
  for (const [name, points] of cases) {
    const set = G.logicSetOf(name);
    const d = differenceSet(set);
    const bad = new Set(badInBox(points, 12).bad.map(key));
    const inP = new Set(points.map(key));
    for (let x = 0; x <= 12; x++) {
      for (let y = 0; y <= 12; y++) {
        if (inP.has(key([x, y]))) continue;
        assert.equal(isBadPosition(set, d, [x, y]), bad.has(key([x, y])), `${name} (${x},${y})`);
      }
    }
  }
});

test('finiteLanguage lists a finite language without leading zeros, and refuses an infinite one', () => {
  // Over {0,1,2}: 0* then 1 or 12 (finite after the zero loop) -> words 1, 12 in shortlex order.
  const finite = Dfa.from(4, 3, (s, a) => (s === 0 ? (a === 0 ? 0 : a === 1 ? 1 : 3) : s === 1 && a === 2 ? 2 : 3), (s) => (s === 1 || s === 2 ? 1 : 0));
  assert.deepEqual(finiteLanguage(finite, 10), [[1], [1, 2]]);
  assert.equal(finiteLanguage(finite, 1), undefined);
  // 0* 1 2*: infinite.
  const infinite = Dfa.from(3, 3, (s, a) => (s === 0 ? (a === 0 ? 0 : a === 1 ? 1 : 2) : s === 1 && a === 2 ? 1 : 2), (s) => (s === 1 ? 1 : 0));
  assert.equal(finiteLanguage(infinite, 10), undefined);
});

test('deciding-game-invariance Example 44 / Proposition 43: (1,2) is a bad position of P_w for 1->112, 2->121, checked by hand and on the automata', () => {
  // w = 112112121112..., tuples (1,3), (2,6), (4,8), (5,12), (7,15), (9,17), (10,21), (11,23), ...
  const w = fixedPoint([[1, 1, 2], [1, 2, 1]], 3000);
  assert.equal(w.slice(0, 12).join(''), '112112121112');
  const points = wordPositions(w, 2, 1000);
  const inP = new Set(points.map(key));
  assert.ok(!inP.has('1,2'));
  // The only q in P below (1,2) is 0, and the move (1,2) = (11,23) - (10,21) joins two elements of P.
  assert.deepEqual(points.filter((q) => q[0]! <= 1 && q[1]! <= 2), [[0, 0]]);
  assert.ok(inP.has('10,21') && inP.has('11,23'));
  // The same on the automata: P - P contains (1,2), and the exact one-position check calls it bad.
  const set = G.logicSetOf('morphic:1->112,2->121');
  const d = differenceSet(set);
  assert.ok(holds(d, [1, 2]));
  assert.ok(isBadPosition(set, d, [1, 2]));
  assert.ok(!isBadPosition(set, d, [1, 1]));
});

test('deciding-game-invariance Theorem 23: one move at a time, m in P - P iff some i in P has i + m in P, decided without the automaton of P - P, agrees with that automaton (Tribonacci, Wythoff, Example 44, periodic 1122)', () => {
  for (const [name, top] of [['tribonacci', 9], ['wythoff', 40], ['morphic:1->112,2->121', 30], ['periodic:1122', 20]] as const) {
    const set = G.logicSetOf(name);
    const sys = set.tracks[0]!.system!;
    const n = set.tracks.length;
    const member = differenceMember(set.dfa, sys, n);
    const d = differenceSet(set);
    let inside = 0;
    for (const t of boxPoints(n, top)) {
      const expected = holds(d, t);
      inside += expected ? 1 : 0;
      assert.equal(member(t.map(BigInt)), expected, `${name} (${t})`);
    }
    assert.ok(inside > 0, `${name}: some differences in the box`);
  }
  // The one-position check through it: (1,2) is bad for Example 44's word, (1,1) is not.
  const set = G.logicSetOf('morphic:1->112,2->121');
  const sys = set.tracks[0]!.system!;
  const member = differenceMember(set.dfa, sys, 2);
  assert.ok(isBad(set.dfa, member, sys, 2, encodeTuple(set.tracks, [1, 2])));
  assert.ok(!isBad(set.dfa, member, sys, 2, encodeTuple(set.tracks, [1, 1])));
});
