/**
 * The subset store that spills to disk (src/automata/subset-store.ts) and the projection built over
 * it (src/automata/projection-store.ts): against a Map numbering the strings in order of first sight,
 * and against existsMinimal (the same subsets, the same minimal DFA), with budgets small enough that
 * most of the pool goes to the spill file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { LimitError } from '../../src/core/errors.js';
import { existsMinimal } from '../../src/automata/projection.js';
import { existsMinimalStored, existsThrough, type StoreFigures } from '../../src/automata/projection-store.js';
import { SubsetStore, TransitionTable } from '../../src/automata/subset-store.js';
import { arbDfa } from './brute.js';

const grain = { chunkBytes: 16, rows: 8 };
const BUDGET = 4096;

/** A fresh folder, removed after `body`; `body` gets its path. */
function withFolder<T>(body: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-store-'));
  try {
    return body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Random streams of byte strings with many repeats (drawn from a small set), some longer than 255 bytes (enough of them that most pools pass the budget). */
const arbStream = fc
  .array(fc.oneof({ weight: 9, arbitrary: fc.uint8Array({ minLength: 0, maxLength: 24 }) }, { weight: 2, arbitrary: fc.uint8Array({ minLength: 250, maxLength: 300 }) }), { minLength: 1, maxLength: 120, size: 'large' })
  .chain((pool) => fc.array(fc.nat(pool.length - 1), { minLength: 1, maxLength: 600, size: 'large' }).map((picks) => picks.map((i) => pool[i]!)));

test('SubsetStore numbers byte strings in order of first sight and reads them back, in memory and spilled (random streams)', () => {
  let spilled = 0;
  let readBack = 0;
  fc.assert(
    fc.property(arbStream, fc.integer({ min: 0, max: 2 }), (stream, mode) => {
      withFolder((dir) => {
        // 0: no budget; 1: a budget that keeps the index and a few chunks; 2: the same, strings read in order.
        // The budget holds the index of 120 strings (256 slots of 8 bytes, 4 bytes a string, a double a group) and a few chunks.
        const store = new SubsetStore(mode === 0 ? { grain } : { grain, dir, maxBytes: BUDGET });
        const seen = new Map<string, number>();
        for (const s of stream) {
          const key = Buffer.from(s).toString('hex');
          const id = store.intern(s, s.length);
          const want = seen.get(key);
          assert.equal(store.added, want === undefined);
          if (want === undefined) seen.set(key, id);
          assert.equal(id, want ?? seen.size - 1);
          if (mode > 0) assert.ok(store.bytesHeld <= BUDGET + grain.chunkBytes, `held ${store.bytesHeld}`);
        }
        assert.equal(store.count, seen.size);
        const byId = [...seen.keys()];
        for (let id = 0; id < store.count; id++) {
          const len = store.load(id, mode === 2);
          assert.equal(Buffer.from(store.loaded.subarray(0, len)).toString('hex'), byId[id]);
        }
        const poolBytes = byId.reduce((sum, k) => sum + k.length / 2, 0);
        if (mode > 0 && poolBytes > BUDGET) assert.ok(store.spills > 0, 'a pool past the budget spills');
        if (store.spills > 0) spilled++;
        if (store.spillReads > 0) readBack++;
        store.close();
        assert.deepEqual(readdirSync(dir), []);
      });
    }),
    { numRuns: 160 },
  );
  assert.ok(spilled > 10 && readBack > 5, `${spilled} runs spilled, ${readBack} read strings back from the file`);
});

test('SubsetStore without a folder refuses to pass its budget (LimitError max-bytes, the count reached)', () => {
  const store = new SubsetStore({ grain, maxBytes: 1500 });
  assert.throws(
    () => {
      for (let i = 0; i < 10_000; i++) store.intern(Uint8Array.of(i & 255, i >> 8, 7, 7, 7, 7, 7, 7), 8);
    },
    (e: unknown) => e instanceof LimitError && e.limit === 'subsetBytes' && typeof e.partial === 'number' && e.partial > 0,
  );
});

test('TransitionTable reads back what was pushed, in order and out of order, in memory and in a file', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -1, max: 2 ** 31 - 1 }), { maxLength: 400, size: 'large' }), fc.boolean(), (values, onDisk) => {
      withFolder((dir) => {
        const table = new TransitionTable(onDisk ? dir : undefined, 4);
        for (const v of values) table.push(v);
        assert.equal(table.size, values.length);
        for (let round = 0; round < 2; round++) for (let i = 0; i < values.length; i++) assert.equal(table.get(i), values[i]);
        for (let i = values.length - 1; i >= 0; i -= 7) assert.equal(table.get(i), values[i]);
        assert.equal(readdirSync(dir).length, onDisk ? 1 : 0);
        table.close();
        assert.deepEqual(readdirSync(dir), []);
      });
    }),
    { numRuns: 60 },
  );
});

test('existsMinimalStored builds the same subsets and the same minimal DFA as existsMinimal, spilled or not (random M, A, companion)', () => {
  let spilled = 0;
  fc.assert(
    fc.property(arbDfa(6, 9, 1), arbDfa(3, 6, 1), fc.option(arbDfa(2, 4, 1), { nil: undefined }), (M, A, C) => {
      const within = C ? { within: C } : {};
      const want = existsMinimal(M, A, 2, 3, within);
      const plain = existsMinimalStored(M, A, 2, 3, within);
      assert.deepEqual(plain.dfa, want.dfa);
      assert.equal(plain.subsets, want.subsets);
      assert.equal(plain.largestSubset, want.largestSubset);
      withFolder((dir) => {
        // Budgets from what the index holds at the end plus two pool chunks, upwards: each run either
        // refuses (the index alone passed the budget) or builds the same automaton, the rest of the pool spilled.
        let figures: StoreFigures | undefined;
        existsMinimalStored(M, A, 2, 3, { ...within, grain, spillDir: dir, onStore: (f) => (figures = f) });
        let done = false;
        for (let maxBytes = figures!.bytesHeld - figures!.poolBytesHeld + 2 * grain.chunkBytes; !done; maxBytes += 64) {
          let after: StoreFigures | undefined;
          try {
            const got = existsMinimalStored(M, A, 2, 3, { ...within, grain, spillDir: dir, maxBytes, onStore: (f) => (after = f) });
            assert.deepEqual(got.dfa, want.dfa);
            assert.equal(got.subsets, want.subsets);
            if (after!.spills > 0) spilled++;
            done = true;
          } catch (e) {
            if (!(e instanceof LimitError && e.limit === 'subsetBytes')) throw e;
          }
          assert.deepEqual(readdirSync(dir), [], 'the spill files are removed');
        }
        assert.deepEqual(readdirSync(dir), [], 'the spill files are removed');
      });
    }),
    { numRuns: 150 },
  );
  assert.ok(spilled > 20, `${spilled} runs spilled`);
});

test('existsThrough gives the projection through the companion within its cap and the projection alone past it, as existsMinimal does (random M, A, companion, cap)', () => {
  let through = 0;
  let over = 0;
  fc.assert(
    fc.property(arbDfa(6, 9, 1), arbDfa(3, 6, 1), arbDfa(2, 4, 1), fc.integer({ min: 0, max: 40 }), fc.boolean(), (M, A, C, cap, spill) => {
      withFolder((dir) => {
        const got = existsThrough(M, A, 2, 3, C, cap, spill ? { grain, spillDir: dir } : {});
        const want = existsMinimal(M, A, 2, 3, got.through ? { within: C } : {});
        assert.deepEqual(got.dfa, want.dfa);
        // Through C: one state a pair, as existsMinimal's tagged subsets; else the subsets alone, all of them.
        assert.equal(got.through ? got.pairs : got.subsets, want.subsets);
        assert.equal(got.through, got.pairs <= cap);
        if (got.through) through++;
        else over++;
        assert.deepEqual(readdirSync(dir), [], 'the spill files are removed');
      });
    }),
    { numRuns: 300 },
  );
  assert.ok(through > 30 && over > 30, `${through} through, ${over} over the cap`);
});

test('existsMinimalStored removes its files when it stops at its cap', () => {
  withFolder((dir) => {
    fc.assert(
      fc.property(arbDfa(6, 9, 1), arbDfa(3, 6, 1), (M, A) => {
        const all = existsMinimal(M, A, 2, 3).subsets;
        fc.pre(all > 2);
        assert.throws(() => existsMinimalStored(M, A, 2, 3, { grain, spillDir: dir, maxStates: all - 1 }), LimitError);
        assert.deepEqual(readdirSync(dir), []);
      }),
      { numRuns: 40 },
    );
  });
});
