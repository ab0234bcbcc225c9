import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TranspositionTable } from '../../../src/games/grids/table.js';
import { rng } from './reference.js';

test('TranspositionTable: home slots spread over the whole capacity, beyond 2^25 slots (the 3 x 23 stall)', () => {
  // 2^27 slots: the arrays are reserved but only touched pages cost memory.
  const t = new TranspositionTable(27);
  const rand = rng(7);
  let high = 0;
  const samples = 1 << 14;
  for (let i = 0; i < samples; i++) {
    const key = Math.floor(rand() * 2 ** 46);
    const h = t.home(key);
    assert.ok(h >= 0 && h < 2 ** 27);
    if (h >= 2 ** 25) high++;
  }
  // Uniform homes put 3/4 of them at or above 2^25; the old hash put none there.
  assert.ok(high > samples * 0.7, `${high} of ${samples} homes at or above 2^25`);
});

test('TranspositionTable: packed keys stay exact when the table overflows (lookups give the value or -1)', () => {
  const t = new TranspositionTable(12);
  const n = 1 << 13;
  for (let k = 0; k < n; k++) t.set(k * 3, k % 3);
  assert.equal(t.size + t.evictions, n);
  assert.ok(t.size <= 1 << 12);
  let found = 0;
  for (let k = 0; k < n; k++) {
    const v = t.get(k * 3);
    if (v >= 0) {
      assert.equal(v, k % 3);
      found++;
    }
  }
  assert.ok(found > 0 && found <= 1 << 12);
  assert.equal(t.get(1), -1);
});
