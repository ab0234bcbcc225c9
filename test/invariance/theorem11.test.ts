import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Box } from '../../src/invariance/box.js';
import { differencesInBox } from '../../src/invariance/differences.js';
import { pPositionsInBox } from '../../src/invariance/game.js';
import { setInBox } from '../../src/invariance/sets.js';
import { twoInvariantGameOf } from '../../src/invariance/theorem11.js';
import { isTInvariantPartition } from '../../src/invariance/tinvariance.js';
import { periodicAdmissibility } from '../../src/invariance/periodic.js';
import { periodicWord, parseDigitWord } from '../../src/words/word.js';
import { Morphism, fixedPoint } from '../../src/words/morphism.js';
import { InputError } from '../../src/core/errors.js';
import { bitmapToSet, naivePPositions, rng, type Pt } from './helpers.js';

function checkTheorem11(member: Uint8Array, box: Box, diff?: Uint8Array): void {
  const g = twoInvariantGameOf(member, box, diff);
  const n = box.dimension;
  const got = bitmapToSet(pPositionsInBox(g.game, box.max), n, box.max);
  const want = bitmapToSet(member, n, box.max);
  assert.deepEqual([...got].sort(), [...want].sort());
  // It is 2-invariant: G(p) = I_j ∩ {m <= p} on S_j (Definition 3), checked move by move.
  const part = Int32Array.from(g.part, (j) => j - 1);
  assert.ok(isTInvariantPartition(g.game, box, part, [g.moveSets[1], g.moveSets[2]]));
}

test('deciding-game-invariance Theorem 11: random finite sets containing 0 are the P-positions of the 2-invariant game (2 and 3 heaps)', () => {
  const r = rng(5);
  for (let trial = 0; trial < 30; trial++) {
    const n = 2 + (trial % 2);
    const max = n === 2 ? 8 : 4;
    const P: Pt[] = [new Array(n).fill(0)];
    for (let k = 0; k < 1 + r(14); k++) P.push(Array.from({ length: n }, () => r(max + 1)));
    const box = new Box(n, max);
    checkTheorem11(setInBox({ kind: 'points', dimension: n, points: P }, max), box);
  }
});

test('deciding-game-invariance Theorem 11: a set that is not 1-admissible (P_w, w = (1122)^ω) is 2-admissible', () => {
  const v = parseDigitWord('1122');
  assert.equal(periodicAdmissibility(v).admissible, false);
  const max = 14;
  const box = new Box(2, max);
  const big = new Box(2, 3 * max);
  const memberBig = setInBox({ kind: 'word', word: periodicWord(v) }, 3 * max);
  const diff = differencesInBox(memberBig, big, max);
  checkTheorem11(setInBox({ kind: 'word', word: periodicWord(v) }, max), box, diff);
});

test('deciding-game-invariance Theorem 11: the Tribonacci set P_T in [0,9]^3 and P_F in [0,20]^2', () => {
  const T = fixedPoint(Morphism.parse('1->12,2->13,3->1'));
  checkTheorem11(setInBox({ kind: 'word', word: T }, 9), new Box(3, 9));
  const F = fixedPoint(Morphism.parse('1->12,2->1'));
  checkTheorem11(setInBox({ kind: 'word', word: F }, 20), new Box(2, 20));
});

test('the Theorem 11 game agrees with a plain recursive solver', () => {
  const P: Pt[] = [[0, 0], [1, 3], [2, 2], [4, 1], [5, 5], [3, 6]];
  const max = 7;
  const box = new Box(2, max);
  const g = twoInvariantGameOf(setInBox({ kind: 'points', dimension: 2, points: P }, max), box);
  const naive = naivePPositions(2, max, (p) => g.game.moves(p));
  assert.deepEqual([...naive].sort(), P.map((p) => p.join(',')).sort());
});

test('Theorem 11 needs 0 in P', () => {
  const box = new Box(2, 3);
  assert.throws(() => twoInvariantGameOf(setInBox({ kind: 'points', dimension: 2, points: [[1, 2]] }, 3), box), InputError);
});
