import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerPool, defaultThreads } from '../../src/core/pool.js';

type Task = { square: number } | { sum: SharedArrayBuffer };
const worker = new URL('./pool-worker.js', import.meta.url);

test('pool: every task runs once, results come back with their index, more tasks than threads; none starts after a stop', async () => {
  const pool = new WorkerPool<Task, number>(worker, 2);
  try {
    const results: number[] = [];
    await pool.runAll(
      Array.from({ length: 20 }, (_, i) => ({ square: i })),
      (r, i) => (results[i] = r),
    );
    assert.deepEqual(results, Array.from({ length: 20 }, (_, i) => i * i));
    const seen: number[] = [];
    await pool.runAll(
      Array.from({ length: 20 }, (_, i) => ({ square: i })),
      (_, i) => seen.push(i),
      () => seen.length >= 3,
    );
    // The stop lets the task running in the other lane finish, and starts no other.
    assert.ok(seen.length >= 3 && seen.length <= 4, `${seen.length} tasks ran`);
  } finally {
    await pool.close();
  }
});

test('pool: a SharedArrayBuffer is shared, not copied; a failing task rejects with its message and the pool goes on', async () => {
  const pool = new WorkerPool<Task, number>(worker, 2);
  try {
    const shared = new SharedArrayBuffer(4 * 100);
    new Int32Array(shared).fill(3);
    assert.equal(await pool.run({ sum: shared }), 300);
    new Int32Array(shared)[0] = 103;
    assert.equal(await pool.run({ sum: shared }), 400);
    await assert.rejects(pool.run({ square: -2 }), (e: Error) => e.name === 'RangeError' && e.message === 'negative: -2');
    assert.equal(await pool.run({ square: 7 }), 49);
  } finally {
    await pool.close();
  }
  await assert.rejects(pool.run({ square: 1 }), /closed/);
  assert.ok(defaultThreads() >= 1);
  assert.throws(() => new WorkerPool(worker, 0), RangeError);
});
