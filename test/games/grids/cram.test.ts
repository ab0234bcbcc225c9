import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyBoard, formatBoard, fromCells, parseBoard } from '../../../src/games/grids/board.js';
import { CramRuleset } from '../../../src/games/grids/cram.js';
import { CramSearch } from '../../../src/games/grids/cramSolver.js';
import { solveOutcome, winningMoves } from '../../../src/games/grids/solve.js';
import { naiveGrundy, naiveOctal007, rng } from './reference.js';

const cram = new CramRuleset();

test('push-the-button section 5: CRAM on 1 x n equals the octal game 0.07 (plain search, n <= 18)', () => {
  const g007 = naiveOctal007(18);
  const memo = new Map<string, number>();
  for (let n = 0; n <= 18; n++) {
    assert.equal(naiveGrundy(cram, emptyBoard(1, n), memo), g007[n], `1 x ${n}`);
    assert.equal(naiveGrundy(cram, emptyBoard(n, 1), memo), g007[n], `${n} x 1`);
    assert.equal(solveOutcome(cram, emptyBoard(1, n)).grundy, g007[n], `fast 1 x ${n}`);
  }
});

test('CramSearch (components, symmetries) agrees with the plain search on every board up to 3 x 4 and 4 x 3', () => {
  const search = new CramSearch();
  const memo = new Map<string, number>();
  for (let m = 1; m <= 4; m++) {
    for (let n = 1; n <= 4; n++) {
      if (m * n > 12) continue;
      for (let mask = 0; mask < 1 << (m * n); mask++) {
        const b = fromCells(m, n, (r, c) => ((mask >> (r * n + c)) & 1) === 1);
        assert.equal(search.grundy(b), naiveGrundy(cram, b, memo), formatBoard(b));
      }
    }
  }
});

test('CramSearch agrees with the plain search on random 4 x 5 and 5 x 5 boards', () => {
  const rand = rng(9);
  const search = new CramSearch();
  const memo = new Map<string, number>();
  for (let i = 0; i < 40; i++) {
    const [m, n] = i % 2 ? [4, 5] : [5, 5];
    const b = fromCells(m, n, () => rand() < 0.6);
    assert.equal(search.grundy(b), naiveGrundy(cram, b, memo), formatBoard(b));
  }
});

test('push-the-button section 5: CRAM on even x even is P (mirror strategy) and on even x odd is N (centre domino)', () => {
  const cases: [number, number][] = [[2, 2], [2, 4], [4, 4], [2, 6], [4, 2], [2, 3], [2, 5], [4, 3], [3, 4], [4, 5], [2, 7]];
  for (const [m, n] of cases) {
    const r = solveOutcome(cram, emptyBoard(m, n));
    assert.equal(r.outcome, m % 2 === 0 && n % 2 === 0 ? 'P' : 'N', `${m} x ${n}`);
  }
});

test('CramRuleset.decompose: the XOR of the parts is the value of the whole', () => {
  const b = parseBoard('..#.../###.#./...#..');
  const parts = cram.decompose(b)!;
  assert.ok(parts.length >= 2);
  const memo = new Map<string, number>();
  const xor = parts.reduce((v, p) => v ^ naiveGrundy(cram, p.position as typeof b, memo), 0);
  assert.equal(xor, naiveGrundy(cram, b, memo));
});

test('winningMoves on CRAM: a move wins exactly when it leads to value 0', () => {
  const b = emptyBoard(3, 3);
  const memo = new Map<string, number>();
  const verdicts = winningMoves(cram, b);
  assert.equal(verdicts.length, cram.options(b).length);
  const values = cram.options(b).map((o) => naiveGrundy(cram, o, memo));
  assert.deepEqual(
    verdicts.map((v) => v.wins).sort(),
    values.map((g) => g === 0).sort(),
  );
});
