import assert from 'node:assert/strict';
import { test } from 'node:test';
import { enumerateByLengthSync } from '../../src/games/rewrite/enumerate.js';
import { bestNerodeBound, nerodeBound } from '../../src/regular/lower-bound.js';
import { bruteGrundy, rules, words } from './reference.js';

test('Myhill–Nerode bound from the length table reaches the minimal automata: 12 for {a,a2,b} (Theorem 10), 8 for {a,a2,a3,b} (Theorem 13)', () => {
  const t10 = bestNerodeBound(enumerateByLengthSync(rules('a,a2,b'), 12));
  assert.equal(t10.classes, 12);
  const t13 = bestNerodeBound(enumerateByLengthSync(rules('a,a2,a3,b'), 12));
  assert.equal(t13.classes, 8);
  // Never more than the minimal automaton, whatever the split.
  const table = enumerateByLengthSync(rules('a,a2,b'), 10);
  for (let p = 0; p <= 10; p++) assert.ok(nerodeBound(table, p).classes <= 12);
});

test('the bound counts distinct rows exactly as a brute-force row table does ({a2,b2}, split 4 + 4)', () => {
  const g = bruteGrundy(rules('a2,b2'));
  const rows = new Set(words('ab', 4).map((u) => words('ab', 4).map((v) => g(u + v)).join('')));
  assert.equal(nerodeBound(enumerateByLengthSync(rules('a2,b2'), 8), 4).classes, rows.size);
});

test('{a2,b2} is not regular (taking-and-merging Theorem 6): its bound keeps growing with the table length', () => {
  const b = [6, 8, 10, 12].map((n) => bestNerodeBound(enumerateByLengthSync(rules('a2,b2'), n)).classes);
  for (let i = 1; i < b.length; i++) assert.ok(b[i]! > b[i - 1]!, `bounds ${b.join(', ')}`);
});
