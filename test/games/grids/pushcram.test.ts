import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InterruptedError } from '../../../src/core/errors.js';
import { type Board, emptyBoard, formatBoard, fromCells, parseBoard } from '../../../src/games/grids/board.js';
import { DomineeringRuleset } from '../../../src/games/grids/domineering.js';
import { octal007 } from '../../../src/games/grids/octal007.js';
import { PartizanPushRuleset, PushCramRuleset } from '../../../src/games/grids/push.js';
import { bluffTest, formatMove, solveOutcome } from '../../../src/games/grids/solve.js';
import { naiveGrundy, rng } from './reference.js';

const pushcram = new PushCramRuleset();
const outcome = (b: Board) => solveOutcome(pushcram, b).outcome;

test('push-the-button section 6: PUSH CRAM is the push construction applied to DOMINEERING (same options)', () => {
  const generic = new PartizanPushRuleset(new DomineeringRuleset());
  const rand = rng(1);
  for (let i = 0; i < 30; i++) {
    const b = fromCells(3, 4, () => rand() < 0.7);
    const mine = pushcram.options(b).map((o) => `${o.pushed ? 2 : 1}:${formatBoard({ ...o, pushed: false })}`).sort();
    const theirs = generic
      .options({ phase: 1, position: b })
      .map((o) => `${o.phase}:${formatBoard(o.position)}`)
      .sort();
    assert.deepEqual(mine, theirs, formatBoard(b));
    const memoA = new Map<string, number>();
    const memoB = new Map<string, number>();
    assert.equal(naiveGrundy(pushcram, b, memoA), naiveGrundy(generic, { phase: 1, position: b }, memoB));
  }
});

test('PushCramSearch (outcome and Grundy) agrees with the plain search on every board up to 3 x 4 and 4 x 3', () => {
  const memo = new Map<string, number>();
  for (const [m, n] of [[1, 4], [2, 3], [3, 2], [2, 4], [3, 3], [3, 4], [4, 3], [2, 6]] as const) {
    for (let mask = 0; mask < 1 << (m * n); mask++) {
      const b = fromCells(m, n, (r, c) => ((mask >> (r * n + c)) & 1) === 1);
      const g = naiveGrundy(pushcram, b, memo);
      const fast = solveOutcome(pushcram, b, { grundy: true });
      assert.equal(fast.grundy, g, `grundy ${formatBoard(b)}`);
      assert.equal(outcome(b), g === 0 ? 'P' : 'N', `outcome ${formatBoard(b)}`);
    }
  }
});

test('PushCramSearch agrees with the plain search on random boards up to 5 x 5 and on pushed boards', () => {
  const rand = rng(2);
  const memo = new Map<string, number>();
  for (let i = 0; i < 60; i++) {
    const m = 2 + (i % 4);
    const n = 5 - (i % 3);
    const b = fromCells(m, n, () => rand() < 0.75, i % 5 === 0);
    const g = naiveGrundy(pushcram, b, memo);
    assert.equal(outcome(b), g === 0 ? 'P' : 'N', formatBoard(b));
    if (!b.pushed) assert.equal(solveOutcome(pushcram, b, { grundy: true }).grundy, g, formatBoard(b));
  }
});

test('push-the-button, Proposition 2.1.4 (i): if pushing reaches a P-position of CRAM-by-rows, the board is N', () => {
  for (let m = 1; m <= 5; m++) {
    for (let n = 1; n <= 6; n++) {
      const pushed = Array.from({ length: m }, () => octal007(n)).reduce((a, b) => a ^ b, 0);
      if (pushed === 0) assert.equal(outcome(emptyBoard(m, n)), 'N', `${m} x ${n}`);
    }
  }
});

/**
 * Every board the Proposition is checked on: m x n for m, n <= 6, 3 x n for n <= 16 and n x 3 for
 * n <= 12 (13 x 3 and 15 x 3 take a minute or more: they are in bench/grids-pushcram.ts).
 */
function boards(): [number, number][] {
  const out: [number, number][] = [];
  for (let m = 0; m <= 6; m++) for (let n = 0; n <= 6; n++) out.push([m, n]);
  for (let n = 7; n <= 16; n++) out.push([3, n]);
  for (let n = 7; n <= 12; n++) out.push([n, 3]);
  return out;
}

test('push-the-button, Proposition 5.0.2 (i): (2k) x n is an N-position', () => {
  for (const [m, n] of boards()) if (m % 2 === 0) assert.equal(outcome(emptyBoard(m, n)), 'N', `${m} x ${n}`);
});

test('push-the-button, Proposition 5.0.2 (ii): (2k+1) x n is an N-position when G_0.07(n) = 0', () => {
  let checked = 0;
  for (const [m, n] of boards()) {
    if (m % 2 === 1 && octal007(n) === 0) {
      assert.equal(outcome(emptyBoard(m, n)), 'N', `${m} x ${n}`);
      checked++;
    }
  }
  assert.ok(checked > 10);
});

test('push-the-button, Proposition 5.0.2 (iii): 3 x (2k) is a P-position for k >= 1', () => {
  for (const [m, n] of boards()) if (m === 3 && n % 2 === 0 && n > 0) assert.equal(outcome(emptyBoard(m, n)), 'P', `${m} x ${n}`);
});

test('push-the-button, Proposition 5.0.2 (iii)/(iv) at k = 0: the empty boards 3 x 0 and 0 x 3 are N (the button is the only move, and it wins)', () => {
  assert.equal(outcome(emptyBoard(3, 0)), 'N');
  assert.equal(outcome(emptyBoard(0, 3)), 'N');
  assert.equal(naiveGrundy(pushcram, emptyBoard(3, 0)), 1);
});

test('push-the-button, Proposition 5.0.2 (iv): n x 3 is a P-position iff G_0.07(n) = 0', () => {
  for (const [m, n] of boards()) {
    if (n === 3 && m >= 1) assert.equal(outcome(emptyBoard(m, n)), octal007(m) === 0 ? 'P' : 'N', `${m} x ${n}`);
  }
});

test('push-the-button, Proposition 5.0.2 (v): (2k+1) x 4 is a P-position', () => {
  for (const [m, n] of boards()) if (n === 4 && m % 2 === 1) assert.equal(outcome(emptyBoard(m, n)), 'P', `${m} x ${n}`);
  for (const m of [7, 9]) assert.equal(outcome(emptyBoard(m, 4)), "P", `${m} x 4`);
});

test('push-the-button, Conjecture 5.0.3: 3 x (2k+1) is N for 2k+1 <= 15', () => {
  for (let n = 1; n <= 15; n += 2) assert.equal(outcome(emptyBoard(3, n)), 'N', `3 x ${n}`);
});

test('push-the-button, Conjecture 5.0.3 bluff clause (NOTES.md erratum): on 3 x (2k+1), 2k+1 <= 13, either only the button wins (G_0.07 = 0) or every domino wins and the button loses', () => {
  for (let n = 1; n <= 13; n += 2) {
    const report = bluffTest(pushcram, emptyBoard(3, n));
    const winning = report.moves.filter((m) => m.wins).map((m) => formatMove(m.move));
    assert.equal(report.outcome, 'N');
    assert.equal(report.bluff, false, `3 x ${n}: the bluff clause as printed fails`);
    if (octal007(n) === 0) {
      assert.deepEqual(winning, ['push'], `3 x ${n}`);
    } else {
      assert.equal(report.pushWins, false, `3 x ${n}`);
      assert.equal(report.placementsWin, true, `3 x ${n}`);
    }
  }
});

for (const [label, board, other] of [
  // A middle cell blocked: not a board of free, T, B and full columns, so the 3-row kernel takes it
  // (the push-sum search's checkpoints are tested in pushSum3.test.ts).
  ['3-row kernel', fromCells(3, 13, (r, c) => !(r === 1 && c === 0)), emptyBoard(3, 11)],
  ['general search', emptyBoard(5, 7), emptyBoard(5, 6)],
] as const) {
  test(`an interrupted PUSH CRAM solve (${label}) keeps its table in the checkpoint, and the rerun resumes from it`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'grids-'));
  const file = join(dir, 'tt.bin');
  try {
    const fresh = solveOutcome(pushcram, board, { tableBits: 18 });
    // The abort is noticed at the first check, after 16384 positions: well inside this search.
    assert.ok(fresh.nodes > 16384);
    const ac = new AbortController();
    ac.abort();
    assert.throws(
      () => solveOutcome(pushcram, board, { signal: ac.signal, checkpoint: file, tableBits: 18 }),
      (e: unknown) => e instanceof InterruptedError && (e.partial as { checkpoint: string }).checkpoint === file,
    );
    assert.ok(existsSync(file));
    const resumed = solveOutcome(pushcram, board, { checkpoint: file, tableBits: 18 });
    assert.equal(resumed.outcome, fresh.outcome);
    assert.ok(resumed.nodes < fresh.nodes, `resumed ${resumed.nodes} < fresh ${fresh.nodes}`);
    const again = solveOutcome(pushcram, board, { checkpoint: file, tableBits: 18 });
    assert.ok(again.nodes <= 1, 'a finished checkpoint answers at once');
    assert.throws(() => solveOutcome(pushcram, other, { checkpoint: file }), /written for/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
}

test('pushed boards are scored by the XOR of the 0.07 values of their row runs', () => {
  const b = parseBoard('(2,....#../...#.../#......)');
  const expected = octal007(4) ^ octal007(2) ^ octal007(3) ^ octal007(3) ^ octal007(6);
  assert.equal(solveOutcome(pushcram, b).grundy, expected);
  assert.equal(naiveGrundy(pushcram, b), expected);
});
