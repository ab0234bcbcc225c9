/** Worker thread of the enumeration: fills (or mirrors) one range of one length of the shared table. */
import { serveTasks } from '../../core/pool.js';
import { fillRange, mirrorRange, type RangeResult, type RangeTask } from './kernel.js';

serveTasks<RangeTask, RangeResult>((t) => {
  const table = new Uint8Array(t.buffer);
  if (t.phase === 'mirror') {
    mirrorRange(table, t.spec.take!, t.n, t.lo, t.hi);
    return { counts: [] };
  }
  return fillRange(table, t.spec, t.n, t.lo, t.hi, t.narrow);
});
