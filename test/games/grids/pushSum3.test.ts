import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, InterruptedError, LimitError, PositionError } from '../../../src/core/errors.js';
import { type Board, emptyBoard, formatBoard, fromCells, place } from '../../../src/games/grids/board.js';
import { octal007 } from '../../../src/games/grids/octal007.js';
import { PushCramRuleset } from '../../../src/games/grids/push.js';
import { PushCram3Search } from '../../../src/games/grids/pushCram3.js';
import { isSum3Board, KEY_BITS, keyColumnsBound, KeyTripleTable, PushSum3Search } from '../../../src/games/grids/pushSum3.js';
import { PieceQuotient } from '../../../src/games/grids/pieceQuotient.js';
import { PushCramSearch } from '../../../src/games/grids/pushSolver.js';
import { pushedValue, solveOutcome, winningMoves } from '../../../src/games/grids/solve.js';
import { naiveGrundy, rng } from './reference.js';

const pushcram = new PushCramRuleset();

/** A 3-row board from a column word over E (free), T (top pair filled), B (bottom pair filled), X (full). */
function columns(word: string): Board {
  return fromCells(3, word.length, (r, c) => {
    const k = word[c]!;
    return k === 'E' || (k === 'T' && r === 2) || (k === 'B' && r === 0);
  });
}

function randomWord(n: number, rand: () => number, letters = 'ETBX'): string {
  let w = '';
  for (let c = 0; c < n; c++) w += letters[Math.floor(rand() * letters.length)]!;
  return w;
}

function allWords(n: number, letters = 'ETBX'): string[] {
  let out = [''];
  for (let c = 0; c < n; c++) out = out.flatMap((w) => [...letters].map((l) => w + l));
  return out;
}

/**
 * The push-sum reading of a column word, by strings and nothing else from the search: the pieces cut where
 * no row is free on both sides (a T next to a B, or an X), the live ones (with an E) each the least of its
 * four images, sorted, equal pairs dropped, and the push value. Positions with one reading are equivalent.
 */
function reading(word: string): string {
  const pieces: string[] = [];
  let start = 0;
  for (let c = 1; c <= word.length; c++) {
    const a = word[c - 1];
    const b = word[c];
    const cut = c === word.length || a === 'X' || b === 'X' || (a === 'T' && b === 'B') || (a === 'B' && b === 'T');
    if (!cut) continue;
    const piece = word.slice(start, c);
    start = c;
    if (!piece.includes('E')) continue;
    const rev = [...piece].reverse().join('');
    const swap = (w: string) => w.replace(/[TB]/g, (x) => (x === 'T' ? 'B' : 'T'));
    pieces.push([piece, rev, swap(piece), swap(rev)].sort()[0]!);
  }
  // Two equal pieces cancel (pieceQuotient.test.ts checks A + A + X against X with the plain search).
  pieces.sort();
  const odd: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (pieces[i] === pieces[i + 1]) i++;
    else odd.push(pieces[i]!);
  }
  return `${odd.join('|')}/${pushedValue({ ...columns(word), pushed: true })}`;
}

/**
 * A search's key read back as a reading: rows 0 and 2 of 45 columns (low words, then 13 bits each of
 * the third word), a column E, T, B or the gap between pieces, and the push value from bit 26 on.
 */
function readKey([k0, k1, k2]: [number, number, number]): string {
  const bit = (lo: number, hi: number, p: number) => ((p < 32 ? lo >>> p : hi >>> (p - 32)) & 1) === 1;
  let word = '';
  for (let p = 0; p < 45; p++) {
    const top = bit(k0, k2 & 0x1fff, p);
    const bottom = bit(k1, (k2 >>> 13) & 0x1fff, p);
    word += top ? (bottom ? 'E' : 'B') : bottom ? 'T' : 'X';
  }
  const canonical = (piece: string) => {
    const rev = [...piece].reverse().join('');
    const swap = (w: string) => w.replace(/[TB]/g, (x) => (x === 'T' ? 'B' : 'T'));
    return [piece, rev, swap(piece), swap(rev)].sort()[0]!;
  };
  const pieces = word.split(/X+/).filter((w) => w !== '').map(canonical).sort();
  return `${pieces.join('|')}/${(k2 >>> 26) & 7}`;
}

test('push-sum search: same outcome as the plain memoised search (no symmetry, no sums, no pruning) on every 3-row board of free, T, B and full columns up to 3 x 6', () => {
  const memo = new Map<string, number>();
  for (let n = 0; n <= 6; n++) {
    for (const w of allWords(n)) {
      const b = columns(w);
      assert.equal(new PushSum3Search(b).wins(), naiveGrundy(pushcram, b, memo) !== 0, w);
    }
  }
});

test('push-sum search: every first move judged as the plain search judges its result, on random boards up to 3 x 7', () => {
  const memo = new Map<string, number>();
  const rand = rng(27);
  for (let i = 0; i < 60; i++) {
    const b = columns(randomWord(3 + (i % 5), rand));
    const search = new PushSum3Search(b);
    const verdicts = search.rootMoveWins();
    search.rootMoves().forEach((m, j) => {
      const after = m.kind === 'push' ? { ...b, pushed: true } : place(b, m.row, m.col, m.row + 1, m.col);
      assert.equal(verdicts[j], naiveGrundy(pushcram, after, memo) === 0, `${formatBoard(b)} ${JSON.stringify(m)}`);
    });
  }
});

test('push-sum search: outcome and winning-move list equal the 3-row kernel on every 3 x n, n <= 16, and on random boards up to 3 x 20', () => {
  for (let n = 0; n <= 16; n++) {
    const b = emptyBoard(3, n);
    assert.deepEqual(new PushSum3Search(b).rootMoves(), new PushCram3Search(b).rootMoves(), `moves 3 x ${n}`);
    assert.deepEqual(new PushSum3Search(b).rootMoveWins(), new PushCram3Search(b).rootMoveWins(), `3 x ${n}`);
  }
  const rand = rng(9);
  for (let i = 0; i < 40; i++) {
    // Mostly free columns, as positions reached by a few moves on an empty board.
    const b = columns(randomWord(10 + (i % 11), rand, 'EEEEEETBX'));
    assert.equal(new PushSum3Search(b).wins(), new PushCram3Search(b).wins(), formatBoard(b));
    if (i % 4 === 0) assert.deepEqual(new PushSum3Search(b).rootMoveWins(), new PushCram3Search(b).rootMoveWins(), formatBoard(b));
  }
});

test('push-sum search: the key identifies two boards exactly when their push-sum readings agree (every word of E, T, B, X up to 8 columns)', () => {
  for (let n = 1; n <= 8; n++) {
    const byKey = new Map<string, string>();
    const byReading = new Map<string, string>();
    for (const w of allWords(n)) {
      const rootKey = new PushSum3Search(columns(w)).rootKey();
      const key = rootKey.join(',');
      const r = reading(w);
      if (r.endsWith('/0')) continue; // push value 0: the button wins, never stored
      assert.equal(readKey(rootKey), r, w);
      assert.equal(byKey.get(key) ?? r, r, `${w}: key ${key} shared with another reading`);
      assert.equal(byReading.get(r) ?? key, key, `${w}: reading ${r} under two keys`);
      byKey.set(key, r);
      byReading.set(r, key);
    }
  }
});

test('push-sum search: pieces moved, reversed or mirrored give the same key and outcome', () => {
  const words = [
    ['EETBEE', 'EEBTEE', 'EEBTEE'],
    ['ETTBEEEB', 'BEEEBTTE', 'TEEETBBE'],
    ['EEXETE', 'ETEXEE', 'EBEXEE'],
  ];
  for (const [a, ...others] of words) {
    for (const b of others) {
      assert.equal(reading(a!), reading(b), `${a} ${b}`);
      assert.deepEqual(new PushSum3Search(columns(a!)).rootKey(), new PushSum3Search(columns(b)).rootKey(), `${a} ${b}`);
      assert.equal(new PushSum3Search(columns(a!)).wins(), new PushSum3Search(columns(b)).wins());
    }
  }
});

test('push-sum search: stays exact when its table overflows (one bucket of 5 slots)', () => {
  const rand = rng(3);
  for (let n = 1; n <= 13; n++) {
    const b = emptyBoard(3, n);
    const tiny = new PushSum3Search(b, { tableBits: 0 });
    assert.equal(tiny.wins(), new PushCram3Search(b).wins(), `3 x ${n}`);
    assert.ok(tiny.entries <= 5);
  }
  for (let i = 0; i < 20; i++) {
    const b = columns(randomWord(12, rand, 'EEEETB'));
    assert.equal(new PushSum3Search(b, { tableBits: 1, etc: i % 2 === 0 }).wins(), new PushCram3Search(b).wins(), formatBoard(b));
  }
});

test('push-the-button, Conjecture 5.0.3 (push-sum search): 3 x (2k+1) is N for 2k+1 <= 19, and the corrected bluff clause holds there', () => {
  for (let n = 1; n <= 19; n += 2) {
    const wins = new PushSum3Search(emptyBoard(3, n)).rootMoveWins();
    const push = wins[wins.length - 1]!;
    const placements = wins.slice(0, -1);
    assert.ok(wins.some(Boolean), `3 x ${n} is N`);
    assert.equal(push, octal007(n) === 0, `3 x ${n}: the button wins iff G_0.07(n) = 0`);
    // NOTES.md: either only the button wins, or every placement wins and the button loses.
    assert.ok(push ? placements.every((w) => !w) : placements.every((w) => w), `3 x ${n}`);
  }
});

test('push-the-button, Proposition 5.0.2 (iii) (push-sum search): 3 x (2k) is P for 2 <= 2k <= 20', () => {
  for (let n = 2; n <= 20; n += 2) assert.equal(new PushSum3Search(emptyBoard(3, n)).wins(), false, `3 x ${n}`);
});

test('push-sum search: refuses boards it does not handle and tables over the memory limit', () => {
  assert.throws(() => new PushSum3Search(emptyBoard(4, 5)), PositionError);
  assert.throws(() => new PushSum3Search({ ...emptyBoard(3, 5), pushed: true }), PositionError);
  // Past 3 x 34 an empty board's keys may pass 45 columns; past 63 columns its rows pass two words.
  assert.doesNotThrow(() => new PushSum3Search(emptyBoard(3, 34), { tableBits: 0 }));
  assert.throws(() => new PushSum3Search(emptyBoard(3, 35)), (e: unknown) => e instanceof LimitError && /may need 46 columns/.test(e.message));
  assert.equal(isSum3Board(emptyBoard(3, 35)), false);
  assert.throws(() => new PushSum3Search(columns('X'.repeat(64))), (e: unknown) => e instanceof LimitError && /at most 63 columns/.test(e.message));
  // Only the middle cell blocked: neither free nor a filled pair.
  const odd = fromCells(3, 4, (r, c) => !(r === 1 && c === 2));
  assert.equal(isSum3Board(odd), false);
  assert.throws(() => new PushSum3Search(odd), PositionError);
  assert.throws(() => new PushSum3Search(emptyBoard(3, 9), { tableBits: 20, maxTableBytes: 2 ** 20 }), LimitError);
});

test('KeyTripleTable: exact when it overflows, gives up the least-work slot of a full bucket, and its entries restore', () => {
  const t = new KeyTripleTable(4);
  const rand = rng(5);
  const stored = new Map<string, number>();
  for (let i = 0; i < 3000; i++) {
    const a = Math.floor(rand() * 2 ** 32) | 0;
    const b = Math.floor(rand() * 2 ** 32) | 0;
    const c = 1 + Math.floor(rand() * (2 ** 29 - 1));
    t.set(a, b, c, i & 1, i % 7);
    stored.set(`${a},${b},${c}`, i & 1);
  }
  assert.equal(t.size, 16 * 5);
  let found = 0;
  for (const [key, v] of stored) {
    const [a, b, c] = key.split(',').map(Number) as [number, number, number];
    const got = t.get(a, b, c);
    if (got >= 0) {
      assert.equal(got, v);
      found++;
    }
  }
  assert.equal(found, t.size);
  // A bucket keeps its most-worked entries: fill one bucket with work 9, then offer work 0 entries.
  const u = new KeyTripleTable(0);
  for (let i = 1; i <= 5; i++) u.set(i, 0, i, 1, 9);
  u.set(99, 0, 99, 0, 0);
  assert.equal(u.get(99, 0, 99), 0);
  assert.equal([1, 2, 3, 4, 5].filter((i) => u.get(i, 0, i) === 1).length, 4);
  const copy = new KeyTripleTable(6);
  for (const [a, b, c, d] of t.entries()) copy.restore(a, b, c, d);
  for (const [a, b, c, d] of t.entries()) assert.equal(copy.get(a, b, c), d & 1);
});

test('an interrupted push-sum solve keeps its table in the checkpoint, the rerun resumes from it, and a damaged or foreign one is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grids-sum-'));
  const file = join(dir, 'tt.bin');
  const board = emptyBoard(3, 17);
  try {
    const fresh = solveOutcome(pushcram, board, { tableBits: 14 });
    assert.ok(fresh.nodes > 16384);
    const ac = new AbortController();
    ac.abort();
    assert.throws(
      () => solveOutcome(pushcram, board, { signal: ac.signal, checkpoint: file, tableBits: 14 }),
      (e: unknown) => e instanceof InterruptedError && (e.partial as { checkpoint: string }).checkpoint === file,
    );
    assert.ok(existsSync(file));
    const resumed = solveOutcome(pushcram, board, { checkpoint: file, tableBits: 14 });
    assert.equal(resumed.outcome, fresh.outcome);
    assert.ok(resumed.nodes < fresh.nodes, `resumed ${resumed.nodes} < fresh ${fresh.nodes}`);
    const again = solveOutcome(pushcram, board, { checkpoint: file, tableBits: 14 });
    assert.ok(again.nodes <= 1, 'a finished checkpoint answers at once');
    const moves = winningMoves(pushcram, board, { checkpoint: join(dir, 'moves.bin') });
    assert.equal(moves.filter((m) => m.wins).length, 34);
    assert.throws(() => solveOutcome(pushcram, emptyBoard(3, 15), { checkpoint: file }), /written for/);
    const bytes = readFileSync(file);
    bytes[bytes.length - 100]! ^= 1;
    writeFileSync(file, bytes);
    assert.throws(() => solveOutcome(pushcram, board, { checkpoint: file }), (e: unknown) => e instanceof InputError && /damaged/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A random word of n columns with `free` E columns (half of them, at most 4, around the words' border at
 * column 32), the rest T, B or X, whose keys fit (keyColumnsBound).
 */
function sparseWord(n: number, free: number, rand: () => number): string {
  for (;;) {
    const w = [...randomWord(n, rand, 'TTBBX')];
    for (let i = 0; i < free; i++) w[i % 2 && i < 8 ? 29 + Math.floor(rand() * 6) : Math.floor(rand() * n)] = 'E';
    if (keyColumnsBound(columns(w.join(''))) <= KEY_BITS) return w.join('');
  }
}

test('push-sum search past 31 columns (rows in two words): outcome and every first move as the plain PUSH CRAM search (column states, no pieces) on 3 x 33, 3 x 40 and 3 x 63 boards mostly covered', () => {
  const rand = rng(33);
  const words = [
    // One piece of 32 or more columns, across the words' border at column 32, in its four images.
    'T'.repeat(20) + 'EE' + 'B'.repeat(11),
    'T'.repeat(11) + 'EE' + 'B'.repeat(20),
    'B'.repeat(20) + 'EE' + 'T'.repeat(11),
    'X' + 'TTTTETTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTEE' + 'X',
    'EBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBETTTTTTTTE',
    // Pieces whose total width passes 31, some beyond column 32.
    'TTETTTBBBBEBXTTTTETTXBBBEBBTTTTTXTTTTETTXBEBBB',
  ];
  for (let i = 0; i < 60; i++) words.push(sparseWord([33, 40, 63][i % 3]!, 4 + (i % 5), rand));
  for (const [i, w] of words.entries()) {
    const b = columns(w);
    assert.ok(isSum3Board(b), w);
    const sum = new PushSum3Search(b, { tableBits: 12 });
    const plain = new PushCramSearch(b, 'outcome');
    assert.equal(sum.pushValue, plain.pushValue, `push value ${w}`);
    assert.equal(sum.wins(), plain.wins(), w);
    if (i % 3 === 0) {
      assert.deepEqual(sum.rootMoves(), plain.rootMoves(), `moves ${w}`);
      assert.deepEqual(new PushSum3Search(b, { tableBits: 2 }).rootMoveWins(), new PushCramSearch(b, 'outcome').rootMoveWins(), w);
    }
  }
});

test('push-sum search past 31 columns: an empty 3 x n padded with full columns to 3 x 33 or 3 x 63 is searched as 3 x n, position for position', () => {
  const quotient = PieceQuotient.shared(6);
  for (const [n, pad] of [
    [15, 9],
    [17, 23],
  ] as const) {
    const narrow = new PushSum3Search(emptyBoard(3, n), { quotient, tableBits: 16 });
    // Full columns on both sides keep the centre, so the moves come in the same order.
    const wide = new PushSum3Search(columns('X'.repeat(pad) + 'E'.repeat(n) + 'X'.repeat(pad)), { quotient, tableBits: 16 });
    assert.equal(wide.wins(), narrow.wins(), `3 x ${n}`);
    assert.deepEqual([wide.nodes, wide.entries], [narrow.nodes, narrow.entries], `3 x ${n} padded by ${pad}`);
  }
});

test('push-sum search past 31 columns: the key of a wide board is the key of its push-sum reading, as on narrow boards', () => {
  const rand = rng(34);
  const swap = (w: string) => w.replace(/[TB]/g, (x) => (x === 'T' ? 'B' : 'T'));
  // Pieces of 32 columns or more (keyed in two words a row), then random ones.
  const words = ['T'.repeat(20) + 'EE' + 'B'.repeat(11), 'TTETT' + 'B'.repeat(27) + 'E', 'X' + 'E' + 'T'.repeat(37) + 'EBBX', 'BEEEB' + 'T'.repeat(28)];
  for (let i = 0; i < 60; i++) words.push(sparseWord(33 + (i % 31), 3 + (i % 6), rand));
  for (const [i, w] of words.entries()) {
    const key = new PushSum3Search(columns(w), { tableBits: 0 }).rootKey();
    if (!reading(w).endsWith('/0')) assert.equal(readKey(key), reading(w), w);
    // Its images.
    for (const v of [[...w].reverse().join(''), swap(w), swap([...w].reverse().join(''))]) {
      assert.equal(reading(v), reading(w), `${w} ${v}`);
      assert.deepEqual(new PushSum3Search(columns(v), { tableBits: 0 }).rootKey(), key, `${w} ${v}`);
    }
    // Its live parts moved into 31 columns or fewer where they fit (one-word rows): the same pieces, the
    // push value aside (bits 26 on of the third word).
    const live = w.split(/X+/).filter((p) => p.includes('E')).join('X');
    if (live.length <= 31) {
      assert.equal(reading(live).split('/')[0], reading(w).split('/')[0], `${w} ${live}`);
      const narrow = new PushSum3Search(columns(live), { tableBits: 0 }).rootKey();
      assert.deepEqual([narrow[0], narrow[1], narrow[2] & 0x3ffffff], [key[0], key[1], key[2] & 0x3ffffff], `${w} ${live}`);
    }
    // A word with another reading has another key (the push value aside).
    const other = sparseWord(w.length, 3 + (i % 6), rand);
    if (reading(other).split('/')[0] !== reading(w).split('/')[0]) {
      assert.notDeepEqual(new PushSum3Search(columns(other), { tableBits: 0 }).rootKey(), key, `${w} ${other}`);
    }
  }
  // A long piece after short ones (its words shifted across the key's words): keys agree with readings.
  const byKey = new Map<string, string>();
  const byReading = new Map<string, string>();
  for (let i = 0; i < 400; i++) {
    let long = '';
    while (long.length < 32) long += (long.length % 2 ? 'T' : 'B').repeat(1 + Math.floor(rand() * 5)) + 'E';
    const w = ['E', 'ET', 'EEB'][i % 3] + 'X' + long.slice(0, 32 + (i % 3)) + 'X';
    if (keyColumnsBound(columns(w)) > KEY_BITS) continue;
    const rootKey = new PushSum3Search(columns(w), { tableBits: 0 }).rootKey();
    const key = rootKey.join(',');
    const r = reading(w);
    if (!r.endsWith('/0')) assert.equal(readKey(rootKey), r, w);
    assert.equal(byKey.get(key) ?? r, r, `${w}: key ${key} shared with another reading`);
    assert.equal(byReading.get(r) ?? key, key, `${w}: reading ${r} under two keys`);
    byKey.set(key, r);
    byReading.set(r, key);
  }
  assert.ok(byKey.size > 100);
  // The empty 3 x 33 board is one piece: its key is the 33 free columns and the push value G_0.07(33) = 7.
  assert.deepEqual(new PushSum3Search(emptyBoard(3, 33), { tableBits: 0 }).rootKey(), [-1, -1, 1 | (1 << 13) | (7 << 26)]);
});
