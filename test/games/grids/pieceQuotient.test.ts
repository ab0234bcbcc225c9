import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LimitError } from '../../../src/core/errors.js';
import { type Board, emptyBoard, formatBoard, fromCells } from '../../../src/games/grids/board.js';
import { PushCramRuleset } from '../../../src/games/grids/push.js';
import { PushCram3Search } from '../../../src/games/grids/pushCram3.js';
import { PieceQuotient } from '../../../src/games/grids/pieceQuotient.js';
import { PushSum3Search } from '../../../src/games/grids/pushSum3.js';
import { octal007 } from '../../../src/games/grids/octal007.js';
import { pushedValue } from '../../../src/games/grids/solve.js';
import { naiveGrundy, rng } from './reference.js';

const pushcram = new PushCramRuleset();

/** A 3-row board from a column word over E (free), T (top pair filled), B (bottom pair filled), X (full). */
function columns(word: string): Board {
  return fromCells(3, word.length, (r, c) => {
    const k = word[c]!;
    return k === 'E' || (k === 'T' && r === 2) || (k === 'B' && r === 0);
  });
}

const f = (word: string) => pushedValue({ ...columns(word), pushed: true });

/** Every piece word of length len (E, T, B, no T next to a B, at least one E). */
function pieceWords(len: number): string[] {
  let out = [''];
  for (let c = 0; c < len; c++) out = out.flatMap((w) => ['E', 'T', 'B'].filter((l) => !((l === 'T' && w.endsWith('B')) || (l === 'B' && w.endsWith('T')))).map((l) => w + l));
  return out.filter((w) => w.includes('E'));
}

/** The word of a piece index of the quotient: bit c of row 0 / row 2 free. */
function wordOf(index: number): string {
  const len = (31 - Math.clz32(index)) >> 1;
  let w = '';
  for (let c = 0; c < len; c++) {
    const a = (index >>> (len + c)) & 1;
    const b = (index >>> c) & 1;
    w += a && b ? 'E' : b ? 'T' : 'B';
  }
  return w;
}

/** The canonical word of a piece as the search keys it: the least (row 0, row 2) over its four images. */
function canonicalIndex(word: string): number {
  const len = word.length;
  const rows = (w: string) => {
    let r0 = 0;
    let r2 = 0;
    for (let c = 0; c < len; c++) {
      if (w[c] !== 'T') r0 |= 1 << c;
      if (w[c] !== 'B') r2 |= 1 << c;
    }
    return [r0, r2] as const;
  };
  const rev = [...word].reverse().join('');
  const swap = (w: string) => w.replace(/[TB]/g, (x) => (x === 'T' ? 'B' : 'T'));
  const best = [word, rev, swap(word), swap(rev)].map(rows).sort((a, b) => a[0] - b[0] || a[1] - b[1])[0]!;
  return (1 << (2 * len)) | (best[0] << len) | best[1];
}

/** The push value of a column word: XOR of G_0.07 over the runs of each row (row 0 free at E and B, row 1 at E, row 2 at E and T). */
function wordValue(word: string): number {
  let v = 0;
  for (const free of ['EB', 'E', 'ET']) {
    let run = 0;
    for (const k of word + 'X') {
      if (free.includes(k)) run++;
      else {
        v ^= octal007(run);
        run = 0;
      }
    }
  }
  return v;
}

/**
 * The plain search on column words: memoised on the whole word, no symmetry, no sums, no pruning; the
 * button wins exactly when the push value is 0 (section 5: after the button the rows are a disjunctive
 * sum of 0.07 games, checked against the plain search on boards in pushcram.test.ts).
 */
function plainWordWins(word: string, memo: Map<string, boolean>): boolean {
  if (wordValue(word) === 0) return true;
  const known = memo.get(word);
  if (known !== undefined) return known;
  let wins = false;
  for (let c = 0; c < word.length && !wins; c++) {
    if (word[c] !== 'E') continue;
    wins = !plainWordWins(word.slice(0, c) + 'T' + word.slice(c + 1), memo) || !plainWordWins(word.slice(0, c) + 'B' + word.slice(c + 1), memo);
  }
  memo.set(word, wins);
  return wins;
}

/** Outcome of piece words next to a static part worth s, by the plain search on one word (pieces apart by full columns). */
function plainWins(words: string[], s: number, memo: Map<string, boolean>): boolean {
  return plainWordWins([...words, staticWord(s)].filter((w) => w !== '').join('X'), memo);
}

/** Columns B... whose row-0 runs have 0.07 values XORing to s (G(2) = 1, G(4) = 2, G(6) = 3). */
function staticWord(s: number): string {
  const parts: string[] = [];
  if (s & 1) parts.push('BB');
  if (s & 2) parts.push('BBBB');
  if (s & 4) parts.push('BBBBBBBBBBBBBB'); // G(14) = 4
  return parts.join('X');
}

test('staticWord realises every static part worth 0..7, and the plain word search agrees with the plain board search on every word up to 4 columns', () => {
  for (let s = 0; s < 8; s++) assert.equal(f(staticWord(s) || 'X'), s);
  const memo = new Map<string, number>();
  const words = new Map<string, boolean>();
  let all = [''];
  for (let n = 1; n <= 4; n++) {
    all = all.flatMap((w) => ['E', 'T', 'B', 'X'].map((l) => w + l));
    for (const w of all) {
      assert.equal(wordValue(w), f(w), w);
      assert.equal(plainWordWins(w, words), naiveGrundy(pushcram, columns(w), memo) !== 0, w);
    }
  }
});

/** Every merge of pieces up to maxLen: [piece word, representative word ('' when dropped), static offset]. */
function merges(q: PieceQuotient, maxLen: number): Array<[string, string, number]> {
  const out: Array<[string, string, number]> = [];
  const seen = new Set<number>();
  for (let len = 1; len <= maxLen; len++) {
    for (const word of pieceWords(len)) {
      const index = canonicalIndex(word);
      if (seen.has(index)) continue;
      seen.add(index);
      const rep = q.representative(len, (index >>> len) & ((1 << len) - 1), index & ((1 << len) - 1));
      if (rep === 0) continue;
      const w = wordOf(index);
      const b = rep === 1 ? '' : wordOf(rep);
      out.push([w, b, f(w) ^ (b === '' ? 0 : f(b))]);
    }
  }
  return out;
}

/** Outcome of piece words (apart by full columns) next to a static part worth s, by the push-sum search without quotient. */
function sumWins(words: string[], s: number): boolean {
  return new PushSum3Search(columns(words.filter((w) => w !== '').join('X')), { tableBits: 10 }).winsWithStatic(s);
}

test('push sums: two equal pieces cancel (A + A + X has the outcome of X), by the plain search, for every piece A up to 4 columns next to every piece up to 3 columns and every static part', () => {
  const memo = new Map<string, boolean>();
  const contexts = [[], ...[1, 2, 3].flatMap(pieceWords).map((w) => [w])];
  for (const a of [1, 2, 3, 4].flatMap(pieceWords)) {
    for (const y of contexts) {
      for (let s = 0; s < 8; s++) assert.equal(plainWins([a, a, ...y], s, memo), plainWins(y, s, memo), `${a} + ${a} + ${y.join('+')} + ${s}`);
    }
  }
});

test('piece quotient up to 6 columns: every merge is an equivalence, checked by the plain search next to every piece up to 3 columns, pairs of pieces up to 2, and every static part', () => {
  const q = PieceQuotient.build(6);
  assert.equal(q.pieces, 116);
  const memo = new Map<string, boolean>();
  const pairs = [1, 2].flatMap(pieceWords);
  const contexts = [[], ...[1, 2, 3].flatMap(pieceWords).map((w) => [w]), ...pairs.flatMap((a) => pairs.map((b) => [a, b]))];
  const found = merges(q, 6);
  assert.ok(found.length >= 40, `${found.length} merges`);
  for (const [a, b, off] of found) {
    for (const y of contexts) {
      for (let s = 0; s < 8; s++) {
        assert.equal(plainWins([a, ...y], s, memo), plainWins([b, ...y], s ^ off, memo), `${a} ~ ${b || 'nothing'} + ${off}, next to ${y.join('+')} + ${s}`);
      }
    }
  }
});

test('piece quotient up to 7 columns: every merge is an equivalence, checked by the push-sum search without quotient next to every piece up to 3 columns, pairs of pieces up to 2, and static parts', () => {
  const q = PieceQuotient.build(7);
  assert.equal(q.pieces, 274);
  const small = [1, 2, 3].flatMap(pieceWords);
  const pairs = [1, 2].flatMap(pieceWords);
  const contexts: string[][] = [[], ...small.map((w) => [w]), ...pairs.flatMap((a) => pairs.map((b) => [a, b]))];
  const found = merges(q, 7);
  assert.ok(found.length >= 60, `${found.length} merges`);
  for (const [a, b, off] of found) {
    for (const y of contexts) {
      for (let s = 0; s < 8; s++) assert.equal(sumWins([a, ...y], s), sumWins([b, ...y], s ^ off), `${a} ~ ${b || 'nothing'} + ${off}, next to ${y.join('+')} + ${s}`);
    }
  }
});

test('push-sum search with a piece quotient: same outcome as the plain search on every board of free, T, B and full columns up to 3 x 6, and as the 3-row kernel on 3 x n, n <= 16, and random boards up to 3 x 20', () => {
  const q = PieceQuotient.build(8);
  const memo = new Map<string, number>();
  let words = [''];
  for (let n = 1; n <= 6; n++) {
    words = words.flatMap((w) => ['E', 'T', 'B', 'X'].map((l) => w + l));
    for (const w of words) assert.equal(new PushSum3Search(columns(w), { quotient: q }).wins(), naiveGrundy(pushcram, columns(w), memo) !== 0, w);
  }
  for (let n = 0; n <= 16; n++) {
    const b = emptyBoard(3, n);
    assert.deepEqual(new PushSum3Search(b, { quotient: q }).rootMoveWins(), new PushCram3Search(b).rootMoveWins(), `3 x ${n}`);
  }
  const rand = rng(17);
  for (let i = 0; i < 40; i++) {
    let w = '';
    for (let c = 0; c < 10 + (i % 11); c++) w += 'EEEEEETBX'[Math.floor(rand() * 9)]!;
    const b = columns(w);
    assert.equal(new PushSum3Search(b, { quotient: q }).wins(), new PushCram3Search(b).wins(), formatBoard(b));
  }
});

test('piece quotient: two free columns on their own (3 x 2) are equivalent to a static part worth 1 in every push sum, and are dropped from keys', () => {
  const q = PieceQuotient.build(2);
  assert.equal(q.representative(2, 3, 3), 1);
  assert.equal(f('EE'), 1);
});

test('piece quotient: refuses lengths it does not handle', () => {
  assert.throws(() => PieceQuotient.build(13), LimitError);
  assert.throws(() => PieceQuotient.build(-1), LimitError);
  assert.equal(PieceQuotient.build(0).classes, 0);
});
