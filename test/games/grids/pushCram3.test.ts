import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LimitError, PositionError } from '../../../src/core/errors.js';
import { type Board, emptyBoard, formatBoard, fromCells, place } from '../../../src/games/grids/board.js';
import { octal007 } from '../../../src/games/grids/octal007.js';
import { PushCramRuleset } from '../../../src/games/grids/push.js';
import { KeyPairTable, PushCram3Search } from '../../../src/games/grids/pushCram3.js';
import { PushCramSearch } from '../../../src/games/grids/pushSolver.js';
import { naiveGrundy, rng } from './reference.js';

const pushcram = new PushCramRuleset();

function kernelVerdicts(b: Board): boolean[] {
  return new PushCram3Search(b).rootMoveWins();
}

function generalVerdicts(b: Board): boolean[] {
  return new PushCramSearch(b, 'outcome').rootMoveWins();
}

/** A position reached by play on an empty 3 x n board: each column free, top pair or bottom pair filled. */
function playedBoard(n: number, rand: () => number): Board {
  let b = emptyBoard(3, n);
  for (let c = 0; c < n; c++) {
    const x = rand();
    if (x < 0.25) b = place(b, 0, c, 1, c);
    else if (x < 0.5) b = place(b, 1, c, 2, c);
  }
  return b;
}

test('3-row kernel: same outcome and same winning-move list as the general PUSH CRAM search on every 3 x n, n <= 14', () => {
  for (let n = 0; n <= 14; n++) {
    const b = emptyBoard(3, n);
    const k = new PushCram3Search(b);
    assert.deepEqual(k.rootMoves(), new PushCramSearch(b, 'outcome').rootMoves(), `moves 3 x ${n}`);
    assert.deepEqual(kernelVerdicts(b), generalVerdicts(b), `verdicts 3 x ${n}`);
    assert.equal(new PushCram3Search(b).wins(), new PushCramSearch(b, 'outcome').wins(), `outcome 3 x ${n}`);
  }
});

test('3-row kernel: agrees with the plain memoised search (no symmetry, no pruning) on every 3-row board up to 3 x 4 with blocked cells', () => {
  const memo = new Map<string, number>();
  for (let n = 1; n <= 4; n++) {
    for (let mask = 0; mask < 1 << (3 * n); mask++) {
      const b = fromCells(3, n, (r, c) => ((mask >> (r * n + c)) & 1) === 1);
      const g = naiveGrundy(pushcram, b, memo);
      assert.equal(new PushCram3Search(b).wins(), g !== 0, formatBoard(b));
    }
  }
});

test('3-row kernel: outcome and winning moves agree with the plain and the general search on random partly filled 3 x n boards', () => {
  const rand = rng(31);
  const memo = new Map<string, number>();
  for (let i = 0; i < 80; i++) {
    const n = 3 + (i % 6);
    // Half of them reached by play, half with arbitrary blocked cells (asymmetric, no symmetry applies).
    const b = i % 2 === 0 ? playedBoard(n, rand) : fromCells(3, n, () => rand() < 0.8);
    const verdicts = kernelVerdicts(b);
    assert.deepEqual(verdicts, generalVerdicts(b), formatBoard(b));
    const plain = naiveGrundy(pushcram, b, memo) !== 0;
    assert.equal(new PushCram3Search(b).wins(), plain, formatBoard(b));
    assert.equal(verdicts.some(Boolean), plain, formatBoard(b));
  }
  for (let i = 0; i < 12; i++) {
    const b = playedBoard(11 + (i % 4), rand);
    assert.deepEqual(kernelVerdicts(b), generalVerdicts(b), formatBoard(b));
  }
});

test('3-row kernel, Grundy mode: equals the plain search on every 3-row board up to 3 x 4 and the general search on 3 x n, n <= 9, and random played boards', () => {
  const memo = new Map<string, number>();
  for (let n = 1; n <= 4; n++) {
    for (let mask = 0; mask < 1 << (3 * n); mask++) {
      const b = fromCells(3, n, (r, c) => ((mask >> (r * n + c)) & 1) === 1);
      assert.equal(new PushCram3Search(b, { mode: 'grundy' }).grundy(), naiveGrundy(pushcram, b, memo), formatBoard(b));
    }
  }
  const rand = rng(11);
  const boards = [...Array.from({ length: 10 }, (_, n) => emptyBoard(3, n)), ...Array.from({ length: 10 }, (_, i) => playedBoard(6 + (i % 5), rand))];
  for (const b of boards) {
    assert.equal(new PushCram3Search(b, { mode: 'grundy' }).grundy(), new PushCramSearch(b, 'grundy').grundy(), formatBoard(b));
  }
  // Asking a Grundy-mode search for outcomes is a caller's mistake, not a limit.
  assert.throws(() => new PushCram3Search(emptyBoard(3, 5), { mode: 'grundy' }).wins(), /outcomes need a search built with mode 'outcome'/);
});

test('push-the-button, Conjecture 5.0.3 (3-row kernel): 3 x (2k+1) is N for 2k+1 <= 15, and the corrected bluff clause holds there', () => {
  for (let n = 1; n <= 15; n += 2) {
    const k = new PushCram3Search(emptyBoard(3, n));
    const wins = k.rootMoveWins();
    const push = wins[wins.length - 1]!;
    const placements = wins.slice(0, -1);
    assert.ok(wins.some(Boolean), `3 x ${n} is N`);
    assert.equal(push, octal007(n) === 0, `3 x ${n}: the button wins iff G_0.07(n) = 0`);
    // NOTES.md: either only the button wins, or every placement wins and the button loses.
    assert.ok(push ? placements.every((w) => !w) : placements.every((w) => w), `3 x ${n}`);
  }
});

test('3-row kernel: the push value is the XOR of G_0.07 of the row runs', () => {
  assert.equal(new PushCram3Search(emptyBoard(3, 7)).pushValue, octal007(7));
  const b = fromCells(3, 6, (r, c) => !(r === 0 && c === 2) && !(r === 2 && c === 4));
  assert.equal(new PushCram3Search(b).pushValue, octal007(2) ^ octal007(3) ^ octal007(6) ^ octal007(4) ^ octal007(1));
});

test('3-row kernel: refuses boards it does not handle and tables over the memory limit', () => {
  assert.throws(() => new PushCram3Search(emptyBoard(4, 5)), PositionError);
  assert.throws(() => new PushCram3Search({ ...emptyBoard(3, 5), pushed: true }), PositionError);
  assert.throws(() => new PushCram3Search(emptyBoard(3, 32)), LimitError);
  assert.throws(() => new PushCram3Search(emptyBoard(3, 9), { tableBits: 20, maxTableBytes: 2 ** 20 }), LimitError);
});

test('KeyPairTable: stays exact when it overflows (a lookup gives the stored outcome or -1)', () => {
  const t = new KeyPairTable(10);
  const rand = rng(5);
  const stored = new Map<string, number>();
  for (let i = 0; i < 4000; i++) {
    const x = Math.floor(rand() * 2 ** 31);
    const y = Math.floor(rand() * 2 ** 31);
    const v = i & 1;
    t.set(x, y, v);
    stored.set(`${x},${y}`, v);
  }
  assert.equal(t.size + t.evictions, 4000);
  let found = 0;
  for (const [key, v] of stored) {
    const [x, y] = key.split(',').map(Number) as [number, number];
    const got = t.get(x, y);
    if (got >= 0) {
      assert.equal(got, v);
      found++;
    }
  }
  assert.ok(found > 500);
  assert.equal(t.get(0, 0), -1);
  t.set(0, 0, 1);
  assert.equal(t.get(0, 0), 1);
});
