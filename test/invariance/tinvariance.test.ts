import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Box } from '../../src/invariance/box.js';
import type { MoveMap } from '../../src/invariance/game.js';
import { moveMapOfRuleset } from '../../src/invariance/game.js';
import { isTInvariantPartition, leastInvariance, moveTable } from '../../src/invariance/tinvariance.js';
import { WythoffFamily } from '../../src/games/heaps/wythoff.js';
import { Nim } from '../../src/games/heaps/nim.js';
import { rng } from './helpers.js';

/** G_EVEN of deciding-game-invariance, section 1. */
const gEven: MoveMap = {
  dimension: 2,
  name: 'G_EVEN',
  moves([x, y]: readonly number[]): number[][] {
    const out: number[][] = [];
    if ((x! + y!) % 2 === 0) for (let i = 1; i <= x!; i++) out.push([i, 0]);
    else for (let i = 1; i <= Math.min(x!, y!); i++) out.push([i, i]);
    return out;
  },
};

/** MARK (Example 5): x -> {1, ⌈x/2⌉}. */
const mark: MoveMap = {
  dimension: 1,
  name: 'MARK',
  moves([x]: readonly number[]): number[][] {
    return [...new Set([1, Math.ceil(x! / 2)])].filter((m) => m >= 1 && m <= x!).map((m) => [m]);
  },
};

/** Do p and q disagree on a move below both (plain reference)? */
function disagree(game: MoveMap, p: number[], q: number[]): boolean {
  const below = (m: number[], r: number[]) => m.every((x, i) => x <= r[i]!);
  const k = (m: number[]) => m.join(',');
  const gp = new Set(game.moves(p).map(k));
  const gq = new Set(game.moves(q).map(k));
  return game.moves(p).some((m) => below(m, q) && !gq.has(k(m))) || game.moves(q).some((m) => below(m, p) && !gp.has(k(m)));
}

test('deciding-game-invariance Example 4: G_EVEN is 2-invariant (S_1: x + y even, S_2: odd) and not invariant', () => {
  const max = 9;
  const box = new Box(2, max);
  const res = leastInvariance(gEven, max);
  assert.equal(res.t, 2);
  assert.ok(isTInvariantPartition(gEven, box, res.part, res.moveSets));
  // The paper's partition works too, with I_1 = Nim moves on the first heap, I_2 = diagonal moves.
  const part = new Int32Array(box.cells);
  const I = [new Uint8Array(box.cells), new Uint8Array(box.cells)];
  for (let idx = 0; idx < box.cells; idx++) {
    const [x, y] = box.point(idx);
    part[idx] = (x! + y!) % 2;
    if (x! > 0 && y === 0) I[0]![idx] = 1;
    if (x! > 0 && x === y) I[1]![idx] = 1;
  }
  assert.ok(isTInvariantPartition(gEven, box, part, I));
  assert.ok(disagree(gEven, [2, 2], [3, 2]));
});

test('deciding-game-invariance Example 5: MARK is not t-invariant for small t: the least t in [0,N] grows with N', () => {
  const ts: number[] = [];
  for (const N of [8, 16, 32, 64]) {
    const res = leastInvariance(mark, N);
    assert.ok(isTInvariantPartition(mark, res.box, res.part, res.moveSets));
    // The clique proves the lower bound: its positions pairwise disagree.
    assert.equal(res.clique.length, res.t);
    for (let i = 0; i < res.clique.length; i++) {
      for (let j = 0; j < i; j++) assert.ok(disagree(mark, res.clique[i]!, res.clique[j]!));
    }
    ts.push(res.t);
  }
  assert.deepEqual(ts, [3, 7, 15, 31]);
});

test('deciding-game-invariance Definition 2: Nim and Wythoff are invariant (t = 1) in a box', () => {
  assert.equal(leastInvariance(moveMapOfRuleset(new Nim(), 2), 8).t, 1);
  assert.equal(leastInvariance(moveMapOfRuleset(new WythoffFamily(), 2), 8).t, 1);
});

test('the least t agrees with exhaustive search over all partitions (random move maps on one heap)', () => {
  const r = rng(9);
  for (let trial = 0; trial < 25; trial++) {
    const max = 5;
    const G: number[][] = [];
    for (let x = 0; x <= max; x++) {
      const ms: number[] = [];
      for (let m = 1; m <= x; m++) if (r(2)) ms.push(m);
      G.push(ms);
    }
    const game: MoveMap = { dimension: 1, moves: ([x]) => G[x!]!.map((m) => [m]) };
    const res = leastInvariance(game, max);
    const box = new Box(1, max);
    const table = moveTable(game, box);
    // Exhaustive: the least t with an assignment whose unions of move sets realise every G(p).
    let best = Infinity;
    for (let t = 1; t <= box.cells && best === Infinity; t++) {
      const part = new Int32Array(box.cells);
      const total = t ** box.cells;
      for (let code = 0; code < total; code++) {
        let c = code;
        for (let i = 0; i < box.cells; i++) {
          part[i] = c % t;
          c = Math.floor(c / t);
        }
        const I = Array.from({ length: t }, () => new Uint8Array(box.cells));
        for (let p = 0; p < box.cells; p++) for (const m of table[p]!) I[part[p]!]![m] = 1;
        if (isTInvariantPartition(game, box, part, I)) {
          best = t;
          break;
        }
      }
    }
    assert.equal(res.t, best, JSON.stringify(G));
  }
});
