import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Box, membersOf } from '../../src/invariance/box.js';
import { differencesInBox } from '../../src/invariance/differences.js';
import { boundedAdmissibility, leastWitness, nonDifferenceGame } from '../../src/invariance/bounded.js';
import { invariantGame, moveMapOfRuleset, pPositionsInBox } from '../../src/invariance/game.js';
import { setInBox } from '../../src/invariance/sets.js';
import { leastInvariance, isTInvariantPartition } from '../../src/invariance/tinvariance.js';
import { Morphism, fixedPoint } from '../../src/words/morphism.js';
import { parseDigitWord, periodicWord } from '../../src/words/word.js';
import { WythoffFamily } from '../../src/games/heaps/wythoff.js';
import { InvariantGame } from '../../src/games/heaps/invariant.js';
import { Nim } from '../../src/games/heaps/nim.js';
import { Solver } from '../../src/core/solver.js';
import { bitmapToSet, boxPoints, key, naiveDifferences, naivePPositions, naiveWitness, rng, type Pt } from './helpers.js';

const fibonacci = () => fixedPoint(Morphism.parse('1->12,2->1'));

test('P - P in a box agrees with the plain set of differences (random finite sets, 2 and 3 heaps)', () => {
  const r = rng(1);
  for (let trial = 0; trial < 30; trial++) {
    const n = 2 + (trial % 2);
    const max = n === 2 ? 9 : 5;
    const P: Pt[] = [];
    for (let k = 0; k < 2 + r(12); k++) P.push(Array.from({ length: n }, () => r(max + 1)));
    const box = new Box(n, max);
    const member = setInBox({ kind: 'points', dimension: n, points: P }, max);
    const got = bitmapToSet(differencesInBox(member, box, max), n, max);
    assert.deepEqual([...got].sort(), [...naiveDifferences(P)].sort());
  }
});

test('the least witness agrees with the plain reference (random finite sets containing 0)', () => {
  const r = rng(2);
  for (let trial = 0; trial < 40; trial++) {
    const n = 2 + (trial % 2);
    const max = n === 2 ? 8 : 4;
    const P: Pt[] = [new Array(n).fill(0)];
    for (let k = 0; k < r(10); k++) P.push(Array.from({ length: n }, () => r(max + 1)));
    const box = new Box(n, max);
    const member = setInBox({ kind: 'points', dimension: n, points: P }, max);
    const diff = differencesInBox(member, box, max);
    const uniq = [...new Set(P.map(key))].map((s) => s.split(',').map(Number));
    assert.deepEqual(leastWitness(member, diff, box), naiveWitness(uniq, naiveDifferences(uniq), n, max));
  }
});

test('deciding-game-invariance section 6, Example 35: P_F is the set of P-positions of Wythoff (lead solver and box solver)', () => {
  const max = 40;
  const pf = bitmapToSet(setInBox({ kind: 'word', word: fibonacci() }, max), 2, max);
  const wythoff = new WythoffFamily();
  const viaBox = bitmapToSet(pPositionsInBox(moveMapOfRuleset(wythoff, 2), max), 2, max);
  assert.deepEqual([...viaBox].sort(), [...pf].sort());
  const solver = new Solver();
  for (const p of boxPoints(2, 25)) assert.equal(solver.outcome(wythoff, p) === 'P', pf.has(key(p)), key(p));
});

test('deciding-game-invariance section 6 (Wythoff): the Fibonacci word P_F is 1-admissible in a box', () => {
  const res = boundedAdmissibility({ kind: 'word', word: fibonacci() }, { max: 80 });
  assert.equal(res.admissible, true);
  assert.equal(res.bound, 80);
  assert.equal(res.witness, undefined);
});

test('deciding-game-invariance Lemma 12: the invariant game H of P_F has P-positions P_F in a box', () => {
  const max = 24;
  const big = new Box(2, 3 * max);
  const memberBig = setInBox({ kind: 'word', word: fibonacci() }, 3 * max);
  const box = new Box(2, max);
  const diff = differencesInBox(memberBig, big, max);
  const H = nonDifferenceGame(diff, box);
  const pH = bitmapToSet(pPositionsInBox(H, max), 2, max);
  const pf = bitmapToSet(setInBox({ kind: 'word', word: fibonacci() }, max), 2, max);
  assert.deepEqual([...pH].sort(), [...pf].sort());
  // H extends Wythoff: its move set contains every Wythoff move (none of them joins two P-positions).
  for (const m of [[1, 0], [0, 5], [3, 3], [7, 7]]) assert.equal(diff[box.index(m)], 0, `(${m}) is a Wythoff move`);
});

test('deciding-game-invariance Lemma 12: for a set that is not 1-admissible, H has other P-positions, and the witness shows where', () => {
  const word = periodicWord(parseDigitWord('1122'));
  const res = boundedAdmissibility({ kind: 'word', word }, { max: 16 });
  assert.equal(res.admissible, false);
  const w = res.witness!;
  const max = 16;
  const big = new Box(2, 4 * max);
  const memberBig = setInBox({ kind: 'word', word }, 4 * max);
  const box = new Box(2, max);
  const diff = differencesInBox(memberBig, big, max);
  const pH = pPositionsInBox(nonDifferenceGame(diff, box), max);
  const pw = setInBox({ kind: 'word', word }, max);
  // The least witness is a P-position of H outside P_w (it has no H-move into P_w, and every smaller position agrees).
  assert.equal(pw[box.index(w)], 0);
  assert.equal(pH[box.index(w)], 1);
});

test('deciding-game-invariance Remark 8: Wythoff plus the moves (3,1), (5,1), (6,1) keeps the P-positions of Wythoff', () => {
  const max = 40;
  const H = new InvariantGame([['*', 0], [0, '*'], ['=', '='], [3, 1], [5, 1], [6, 1]]);
  const pH = bitmapToSet(pPositionsInBox(moveMapOfRuleset(H, 2), max), 2, max);
  const pf = bitmapToSet(setInBox({ kind: 'word', word: fibonacci() }, max), 2, max);
  assert.deepEqual([...pH].sort(), [...pf].sort());
  // The reason: none of the three moves joins two elements of P_F.
  const big = new Box(2, 3 * max);
  const diff = differencesInBox(setInBox({ kind: 'word', word: fibonacci() }, 3 * max), big, max);
  const box = new Box(2, max);
  for (const m of [[3, 1], [5, 1], [6, 1]]) assert.equal(diff[box.index(m)], 0);
  // A move that joins two P-positions ((1,2) - (0,0)) changes them.
  assert.equal(diff[box.index([1, 2])], 1);
  const changed = new InvariantGame([['*', 0], [0, '*'], ['=', '='], [1, 2]]);
  const pC = bitmapToSet(pPositionsInBox(moveMapOfRuleset(changed, 2), max), 2, max);
  assert.notDeepEqual([...pC].sort(), [...pf].sort());
});

test("deciding-game-invariance Remark 8: the variant game H' has P-positions P_F and is 2-invariant but not invariant in a box", () => {
  const max = 14;
  const wythoffMoves = (x: number, y: number): Pt[] => {
    const out: Pt[] = [];
    for (let i = 1; i <= x; i++) out.push([i, 0]);
    for (let j = 1; j <= y; j++) out.push([0, j]);
    for (let k = 1; k <= Math.min(x, y); k++) out.push([k, k]);
    return out;
  };
  const Hprime = {
    dimension: 2,
    name: "H'",
    moves([x, y]: readonly number[]): number[][] {
      const extra = x! % 2 === 0 ? [[5, 1], [6, 1]] : [[1, 3], [1, 5]];
      return [...wythoffMoves(x!, y!), ...extra.filter(([i, j]) => i! <= x! && j! <= y!)];
    },
  };
  const pHp = bitmapToSet(pPositionsInBox(Hprime, max), 2, max);
  const pf = bitmapToSet(setInBox({ kind: 'word', word: fibonacci() }, max), 2, max);
  assert.deepEqual([...pHp].sort(), [...pf].sort());
  assert.deepEqual([...naivePPositions(2, 10, (p) => Hprime.moves(p))].sort(), [...bitmapToSet(pPositionsInBox(Hprime, 10), 2, 10)].sort());
  const inv = leastInvariance(Hprime, max);
  assert.equal(inv.t, 2);
  assert.ok(isTInvariantPartition(Hprime, inv.box, inv.part, inv.moveSets));
});

test('the box solver agrees with the lead solver on Nim and an invariant game with a fixed move', () => {
  const solver = new Solver();
  for (const rs of [new Nim(), new InvariantGame([['*', 0], [0, '*'], [1, 2], [2, 1]])]) {
    const max = 15;
    const member = pPositionsInBox(moveMapOfRuleset(rs, 2), max);
    const box = new Box(2, max);
    for (const idx of membersOf(member)) assert.equal(solver.outcome(rs, box.point(idx)), 'P');
    for (const p of boxPoints(2, max)) assert.equal(member[box.index(p)] === 1, solver.outcome(rs, p) === 'P', `${rs.name} ${p}`);
  }
});

test('a witness found in a box is a true witness: the differences used are differences of P', () => {
  // P_w of (1122)^ω: check the witness against differences taken from a much larger box.
  const word = periodicWord(parseDigitWord('1122'));
  const res = boundedAdmissibility({ kind: 'word', word }, { max: 12, differenceMax: 12 });
  assert.equal(res.admissible, false);
  const big = boundedAdmissibility({ kind: 'word', word }, { max: 12, differenceMax: 60 });
  assert.deepEqual(big.witness, res.witness);
});

test('P-positions of a heap ruleset whose moves are not take-away fall back to the general solver', () => {
  // (a,b) -> (a-1,b+1) or (a,b-1): plays end since 2a + b drops, but a coordinate can grow.
  const rs = {
    name: 'shift',
    domain: new WythoffFamily().domain,
    convention: 'normal' as const,
    terminating: true,
    options([a, b]: number[]): number[][] {
      const out: number[][] = [];
      if (a! > 0) out.push([a! - 1, b! + 1]);
      if (b! > 0) out.push([a!, b! - 1]);
      return out;
    },
  };
  const max = 8;
  const got = bitmapToSet(setInBox({ kind: 'ruleset', ruleset: rs, dimension: 2 }, max), 2, max);
  const memo = new Map<string, boolean>();
  const isP = (p: number[]): boolean => {
    const k = key(p);
    if (!memo.has(k)) memo.set(k, rs.options(p).every((q) => !isP(q)));
    return memo.get(k)!;
  };
  const want = new Set(boxPoints(2, max).filter(isP).map(key));
  assert.deepEqual([...got].sort(), [...want].sort());
});

test('deciding-game-invariance Definition 9: the P-positions of random invariant games are 1-admissible in a box, and their moves avoid P - P', () => {
  const r = rng(21);
  for (let trial = 0; trial < 12; trial++) {
    const moves: (number | '*' | '=')[][] = [];
    const k = 1 + r(4);
    for (let i = 0; i < k; i++) moves.push([r(4), 1 + r(3)]);
    if (r(2)) moves.push(['*', 0]);
    if (r(2)) moves.push(['=', '=']);
    const rs = new InvariantGame(moves);
    const max = 16;
    const res = boundedAdmissibility({ kind: 'ruleset', ruleset: rs, dimension: 2 }, { max, differenceMax: 32 });
    assert.equal(res.admissible, true, rs.name);
    // Lemma 12's first step: every move of the game lies outside P - P.
    const big = new Box(2, 32);
    const diff = differencesInBox(setInBox({ kind: 'ruleset', ruleset: rs, dimension: 2 }, 32), big, max);
    const box = new Box(2, max);
    for (let idx = 1; idx < box.cells; idx++) {
      const m = box.point(idx);
      const q = rs.options(m).some((o) => o.every((x) => x === 0));
      if (q) assert.equal(diff[idx], 0, `${rs.name}: move (${m}) joins two P-positions`);
    }
  }
});

test('a finite set containing 0 inside the box is decided by the box (certified either way)', () => {
  const yes = boundedAdmissibility({ kind: 'points', dimension: 2, points: [[0, 0], [1, 2], [2, 1]] }, { max: 6 });
  assert.deepEqual({ a: yes.admissible, c: yes.certified }, { a: true, c: true });
  // The same set checked in a box that cuts it is not certified.
  const cut = boundedAdmissibility({ kind: 'points', dimension: 2, points: [[0, 0], [1, 2], [2, 1], [9, 9]] }, { max: 6 });
  assert.equal(cut.certified, cut.admissible ? false : true);
  // Cross-check the certificate: no witness in a box three times larger either.
  for (let trial = 0, r = rng(33); trial < 20; trial++) {
    const P: Pt[] = [[0, 0]];
    for (let k = 0; k < 1 + r(5); k++) P.push([r(5), r(5)]);
    const small = boundedAdmissibility({ kind: 'points', dimension: 2, points: P }, { max: 5 });
    const big = boundedAdmissibility({ kind: 'points', dimension: 2, points: P }, { max: 15 });
    assert.equal(small.certified, true);
    assert.equal(big.admissible, small.admissible, JSON.stringify(P));
  }
});

test('deciding-game-invariance Definition 2: the invariant game with I = I_WYTHOFF has the P-positions of Wythoff', () => {
  const max = 20;
  const iWythoff = ([x, y]: readonly number[]): boolean => x === 0 || y === 0 || x === y;
  const got = bitmapToSet(pPositionsInBox(invariantGame(2, iWythoff, 'I_WYTHOFF'), max), 2, max);
  const want = bitmapToSet(pPositionsInBox(moveMapOfRuleset(new WythoffFamily(), 2), max), 2, max);
  assert.deepEqual([...got].sort(), [...want].sort());
});
