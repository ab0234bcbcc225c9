import { test } from 'node:test';
import assert from 'node:assert/strict';
import { octal007Values } from '../../../src/games/grids/octal007.js';
import { naiveOctal007 } from './reference.js';

test('octal007Values agrees with the plain definition of 0.07 up to 300', () => {
  assert.deepEqual(Array.from(octal007Values(300).subarray(0, 301)), naiveOctal007(300));
});

test('push-the-button section 5: 0.07 is periodic with period 34, last exception at 52 (NOTES.md convention: preperiod 53)', () => {
  const g = octal007Values(2000);
  for (let n = 53; n + 34 <= 2000; n++) assert.equal(g[n + 34], g[n], `G(${n + 34}) = G(${n})`);
  assert.notEqual(g[52 + 34], g[52]);
});

test('push-the-button section 5: G_0.07(n) = 0 only for odd n (so 1 x 2k is an N-position)', () => {
  const g = octal007Values(500);
  for (let n = 0; n <= 500; n++) if (g[n] === 0) assert.equal(n % 2, n === 0 ? 0 : 1, `n = ${n}`);
});
