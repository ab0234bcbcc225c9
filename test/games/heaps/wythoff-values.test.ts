import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wythoffMovesOf } from '../../../src/core/ruleset.js';
import { Solver } from '../../../src/core/solver.js';
import { parseSpec } from '../../../src/spec/index.js';
import { WythoffValues } from '../../../src/games/heaps/wythoff-values.js';

test("Wythoff's value table (the solver's closed-form hook) equals the general solver's search on [0,60]^2, with and without extra moves", () => {
  for (const spec of ['wythoff', 'maharaja', 'wythoff+2,3', 'wythoff+0,3', 'wythoff+1,1,2,5', 'wythoff+3,3']) {
    const rs = parseSpec(spec);
    const table = new WythoffValues(wythoffMovesOf(rs)!);
    const search = new Solver({ closedForms: false });
    for (let x = 0; x <= 60; x++) for (let y = 0; y <= 60; y++) assert.equal(table.valueOf(x, y), search.grundy(rs, [x, y]), `${spec} at ${x},${y}`);
  }
});

test("Wythoff's values: the corner G(x, y), x, y <= 4 (by hand: mex of row, column and diagonal), each row a permutation, and symmetry G(x, y) = G(y, x) on a table grown twice", () => {
  const v = new WythoffValues([]);
  const corner = [
    [0, 1, 2, 3, 4],
    [1, 2, 0, 4, 5],
    [2, 0, 1, 5, 3],
    [3, 4, 5, 6, 2],
    [4, 5, 3, 2, 7],
  ];
  for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) assert.equal(v.valueOf(x, y), corner[y]![x]);
  // Asking far out rebuilds a larger table: the values near the corner stay.
  assert.equal(v.valueOf(300, 200), v.valueOf(200, 300));
  for (let y = 0; y <= 100; y++) {
    const row = new Set<number>();
    for (let x = 0; x <= 300; x++) row.add(v.valueOf(x, y)!);
    assert.equal(row.size, 301, `row ${y} repeats a value`);
  }
  assert.equal(v.valueOf(3, 4), 2);
  assert.equal(v.valueOf(8193, 0), undefined);
});

test('misère forms of ray games: the outcome read off the ray table (the solver\'s closed-form hook) equals the general search on [0,40]^2; misère Wythoff\'s first P-positions (0,1), (2,2), (3,5)', () => {
  for (const spec of ['misere(wythoff)', 'misere(maharaja)', 'misere(wythoff+2,3)', 'misere(euclid)']) {
    const rs = parseSpec(spec);
    const closed = rs.capabilities!.misereOutcomeOf!;
    const search = new Solver({ closedForms: false });
    for (let x = 0; x <= 40; x++) {
      for (let y = 0; y <= 40; y++) {
        if (rs.validate?.([x, y]) !== undefined) continue;
        assert.equal(closed([x, y]), search.outcome(rs, [x, y]), `${spec} at ${x},${y}`);
      }
    }
  }
  const misereWythoff = parseSpec('misere(wythoff)').capabilities!.misereOutcomeOf!;
  const pSmall: string[] = [];
  for (let x = 0; x <= 7; x++) for (let y = x; y <= 7; y++) if (misereWythoff([x, y]) === 'P') pSmall.push(`${x},${y}`);
  assert.deepEqual(pSmall, ['0,1', '2,2', '3,5', '4,7']);
});
