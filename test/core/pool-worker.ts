/** A worker for the pool tests: squares numbers, fails on negative ones, sums a shared array. */
import { serveTasks } from '../../src/core/pool.js';

type Task = { square: number } | { sum: SharedArrayBuffer };

serveTasks<Task, number>((t) => {
  if ('sum' in t) return new Int32Array(t.sum).reduce((x, y) => x + y, 0);
  if (t.square < 0) throw new RangeError(`negative: ${t.square}`);
  return t.square * t.square;
});
