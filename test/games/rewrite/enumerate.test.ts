import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CycleError, InputError, InterruptedError, LimitError } from '../../../src/core/errors.js';
import { Solver } from '../../../src/core/solver.js';
import { RewriteGame } from '../../../src/games/rewrite/game.js';
import { rules } from './helpers.js';
import { enumerateByLength, enumerateByLengthSync, type GrundyTable } from '../../../src/games/rewrite/enumerate.js';
import { compileRules, generalRange, mirroredByFill, mirrorRange, takingAndMergingRange } from '../../../src/games/rewrite/kernel.js';
import { decodeWord, packedLayout } from '../../../src/games/rewrite/packed.js';
import { DirectoryCheckpoint } from '../../../src/games/rewrite/checkpoint.js';

/** Every word of length n over the letters, lexicographic. */
function* wordsOf(letters: string[], n: number): Generator<string> {
  if (n === 0) {
    yield '';
    return;
  }
  for (const c of letters) for (const w of wordsOf(letters, n - 1)) yield c + w;
}

/** Checks every word of the table against the plain memoised solver on the rewrite game. */
function assertMatchesSolver(table: GrundyTable, text: string): void {
  const game = new RewriteGame(table.rules);
  const solver = new Solver({ maxDepth: 10_000 });
  for (let n = 0; n <= table.maxLength; n++) {
    for (const w of wordsOf([...table.layout.alphabet], n)) {
      assert.equal(table.grundy(w), solver.grundy(game, w), `${text}: G(${w || 'ε'})`);
    }
  }
}

const checksum = (values: Uint8Array) => values.reduce((h, x) => (Math.imul(h, 31) + x) >>> 0, 0);

test('taking-and-merging fast path equals the plain solver on all words up to length 12', () => {
  for (const text of ['a,a2,a3,a4,b', 'a,a2,b,b2', 'a2,b', 'a,a4,b', 'a3,b2,b5', 'a2,b3']) {
    const table = enumerateByLengthSync(rules(text), 12);
    assert.ok(compileRules(table.layout, table.rules).take, `${text} takes the fast path`);
    assertMatchesSolver(table, text);
  }
});

test('general path (u -> v, a^k -> b^l, three letters) equals the plain solver on all words up to length 12 / 8', () => {
  for (const [text, n] of [
    ['a->,aa->b', 12],
    ['b3', 12],
    ['aa->b,b->', 12],
    ['a2->b,b3->a', 12],
    ['ab->,ba->a', 12],
    ['a,b,c2,abc->', 8],
    ['ca->b,b2->c,a', 8],
  ] as const) {
    const table = enumerateByLengthSync(rules(text), n);
    assert.equal(compileRules(table.layout, table.rules).take, undefined, `${text} takes the general path`);
    assertMatchesSolver(table, text);
  }
});

test('length-preserving rules are solved inside their length and equal the plain solver (length <= 10)', () => {
  for (const text of ['ab->ba,a', 'aab->aba,b', 'ab->ba,ba->b']) {
    const table = enumerateByLengthSync(rules(text), 10);
    assertMatchesSolver(table, text);
  }
});

test('a cycle of same-length moves is a CycleError; a depth bound is a LimitError', () => {
  const swap = [
    { lhs: 'ab', rhs: 'ba' },
    { lhs: 'ba', rhs: 'ab' },
  ];
  assert.throws(() => enumerateByLengthSync(swap, 4), CycleError);
  // ab -> ba sorts the word; chains of up to |w|_a * |w|_b moves.
  assert.throws(() => enumerateByLengthSync(rules('ab->ba'), 8, { maxDepth: 5 }), LimitError);
  assert.equal(enumerateByLengthSync(rules('ab->ba'), 8, { maxDepth: 17 }).grundy('aaaabbbb'), 0);
  assert.throws(() => enumerateByLengthSync([{ lhs: 'a', rhs: 'aa' }], 3), InputError);
});

test('fast kernel equals the general kernel on every length up to 16, block by block', () => {
  for (const text of ['a,a2,a3,a4,b', 'a2,b2,b3', 'a,a3,b4', 'a,a2,b,b2', 'a2,a3,b2,b3']) {
    const layout = packedLayout(['a', 'b'], 16);
    const spec = compileRules(layout, rules(text));
    const fast = new Uint8Array(layout.offsets[17]!);
    const slow = new Uint8Array(layout.offsets[17]!);
    for (let n = 0; n <= 16; n++) {
      const a = takingAndMergingRange(fast, spec.take!, n, 0, 2 ** n);
      // The split kernel writes whole classes itself: no mirror to mend a slip there.
      if (!mirroredByFill(spec.take!, n)) mirrorRange(fast, spec.take!, n, 0, 2 ** n);
      const b = generalRange(slow, spec, n, 0, 2 ** n);
      assert.deepEqual(a.counts, b.counts, `${text} counts at length ${n}`);
    }
    assert.deepEqual(fast, slow, text);
  }
});

test('fast path in its own word orders (the split kernel from length 20 on, the blocked mirror), slice by slice in one thread, equals the general kernel to length 20', () => {
  // a,a9,b: an exponent above 8, so the generated kernel and the mirror phase run at every length.
  for (const text of ['a2,b2,b3', 'a,a2,b,b2', 'a,a9,b']) {
    const fast = enumerateByLengthSync(rules(text), 20);
    const spec = compileRules(fast.layout, rules(text));
    const slow = new Uint8Array(fast.values.length);
    for (let n = 0; n <= 20; n++) generalRange(slow, spec, n, 0, 2 ** n);
    assert.equal(checksum(fast.values), checksum(slow), text);
    assert.deepEqual(fast.values, slow, text);
  }
});

test('taking-and-merging, section 3.3: the paper max sequence of {a,a2,a3,a4,b} to length 23 (running max), 2 threads', async () => {
  const table = await enumerateByLength(rules('a,a2,a3,a4,b'), 23, { threads: 2 });
  assert.deepEqual(
    table.lengths.map((s) => s.runningMax),
    [0, 1, 2, 3, 4, 5, 5, 6, 7, 7, 7, 7, 7, 8, 9, 9, 10, 11, 11, 12, 13, 13, 13, 14],
  );
  // spec NOTES.md: per length the maximum is not monotone.
  assert.deepEqual(
    table.lengths.map((s) => s.maxGrundy),
    [0, 1, 2, 3, 4, 5, 4, 6, 7, 6, 7, 6, 7, 8, 9, 8, 10, 11, 10, 12, 13, 13, 13, 14],
  );
  // The C baseline's checksum for the same enumeration (shared/baselines/README.md, tm_grundy 23).
  assert.equal(checksum(table.values), 3978669040);
  // Section 3.3: a2ba2 is a P-position whereas b is not.
  assert.equal(table.grundy('aabaa'), 0);
  assert.notEqual(table.grundy('b'), 0);
});

test('taking-and-merging, section 4 (Theorem 15 and Question 16): {a,a2,b,b2} max sequence to length 23 and its P-positions', async () => {
  const table = await enumerateByLength(rules('a,a2,b,b2'), 23, { threads: 2 });
  assert.deepEqual(
    table.lengths.map((s) => s.runningMax),
    [0, 1, 2, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 8, 8],
  );
  assert.equal(checksum(table.values), 4162032832);
  // Theorem 15: P iff |w|_a - |w|_b = 0 mod 3.
  for (let n = 0; n <= 14; n++) {
    const vals = table.ofLength(n);
    for (let w = 0; w < vals.length; w++) {
      const word = decodeWord(table.layout, n, w);
      const d = [...word].reduce((x, c) => x + (c === 'a' ? 1 : -1), 0);
      assert.equal(vals[w] === 0, ((d % 3) + 3) % 3 === 0, word);
    }
  }
});

test('taking-and-merging, section 3.2 (Question 11): {a,a4,b} stays <= 3 through length 20', () => {
  const table = enumerateByLengthSync(rules('a,a4,b'), 20);
  assert.ok(table.lengths.every((s) => s.maxGrundy <= 3));
  assert.equal(table.lengths[20]!.maxGrundy, 3);
});

test('threads: the pool gives the same table as one thread (fast and general paths)', async () => {
  for (const text of ['a2,b,b3', 'a->,aa->b']) {
    const one = enumerateByLengthSync(rules(text), 17);
    const two = await enumerateByLength(rules(text), 17, { threads: 2 });
    assert.deepEqual(two.lengths, one.lengths, text);
    assert.equal(checksum(two.values), checksum(one.values), text);
  }
});

test('memory: a run that would not fit is refused up front with the largest length that fits', () => {
  assert.throws(
    () => enumerateByLengthSync(rules('a,b'), 20, { maxBytes: 2 ** 20 }),
    (e: unknown) => e instanceof LimitError && /largest length that fits is 19/.test(e.message),
  );
});

test('one letter: a^k -> ε for k = 1..K is Nim, G(a^n) = n; values above 255 are a LimitError, not a wrong byte', () => {
  const nim = (k: number) => Array.from({ length: k }, (_, i) => ({ lhs: 'a'.repeat(i + 1), rhs: '' }));
  const table = enumerateByLengthSync(nim(40), 40);
  for (let n = 0; n <= 40; n++) assert.equal(table.grundy('a'.repeat(n)), n);
  assert.throws(() => enumerateByLengthSync(nim(256), 256), (e: unknown) => e instanceof LimitError && /above 255/.test(e.message));
});

test('interrupted runs keep the finished lengths; a checkpoint directory resumes where it stopped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-rewrite-'));
  try {
    const r = rules('a,a2,b');
    const stop = new AbortController();
    const cp = new DirectoryCheckpoint(dir, r);
    await assert.rejects(
      enumerateByLength(r, 18, {
        signal: stop.signal,
        onLength: (s, v) => {
          cp.save(s, v);
          if (s.length === 9) stop.abort();
        },
      }),
      (e: unknown) => e instanceof InterruptedError && (e.partial as GrundyTable).lengths.length === 10,
    );
    const again = new DirectoryCheckpoint(dir, r);
    const resume = again.resume();
    assert.equal(resume?.stats.length, 10);
    let computed = 0;
    const table = await enumerateByLength(r, 14, { resume: resume!, onLength: () => void computed++ });
    assert.equal(computed, 5);
    const fresh = enumerateByLengthSync(r, 14);
    assert.deepEqual(table.lengths, fresh.lengths);
    assert.deepEqual(table.values, fresh.values);
    assert.throws(() => new DirectoryCheckpoint(dir, rules('a,b')).resume(), InputError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
