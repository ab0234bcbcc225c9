import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyBoard, formatBoard, fromCells } from '../../../src/games/grids/board.js';
import { DomineeringRuleset, DomineeringSearch } from '../../../src/games/grids/domineering.js';
import { solveOutcome } from '../../../src/games/grids/solve.js';
import { naivePartizanOutcome, rng } from './reference.js';

const dom = new DomineeringRuleset();

test('DOMINEERING: Left places vertical dominoes, Right horizontal ones', () => {
  assert.equal(solveOutcome(dom, emptyBoard(2, 1)).outcome, 'L');
  assert.equal(solveOutcome(dom, emptyBoard(1, 2)).outcome, 'R');
  assert.equal(solveOutcome(dom, emptyBoard(1, 1)).outcome, 'P');
  assert.equal(solveOutcome(dom, emptyBoard(2, 2)).outcome, 'N');
  for (let n = 2; n <= 12; n++) assert.equal(solveOutcome(dom, emptyBoard(1, n)).outcome, 'R');
});

test('DomineeringSearch agrees with the plain partizan search on every board up to 3 x 4, and on random 4 x 5 boards', () => {
  const search = new DomineeringSearch();
  for (const [m, n] of [[2, 2], [2, 3], [3, 2], [3, 3], [3, 4], [4, 3], [2, 5]] as const) {
    for (let mask = 0; mask < 1 << (m * n); mask++) {
      const b = fromCells(m, n, (r, c) => ((mask >> (r * n + c)) & 1) === 1);
      assert.equal(search.outcome(b), naivePartizanOutcome(dom, b), formatBoard(b));
    }
  }
  const rand = rng(5);
  for (let i = 0; i < 30; i++) {
    const b = fromCells(4, 5, () => rand() < 0.7);
    assert.equal(search.outcome(b), naivePartizanOutcome(dom, b), formatBoard(b));
  }
});

test('DOMINEERING on a square board is N or P: the transpose swaps the players', () => {
  for (let n = 1; n <= 5; n++) assert.match(solveOutcome(dom, emptyBoard(n, n)).outcome, /^[NP]$/, `${n} x ${n}`);
});
