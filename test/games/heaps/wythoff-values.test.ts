import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wythoffMovesOf } from '../../../src/core/ruleset.js';
import { Solver } from '../../../src/core/solver.js';
import { parseSpec } from '../../../src/spec/index.js';
import { WythoffValues } from '../../../src/games/heaps/wythoff-values.js';
import { InterruptedError } from '../../../src/core/errors.js';
import { wythoffWasmAvailable } from '../../../src/games/heaps/wythoff-wasm.js';
import { wythoffValuesByRowScan } from './wythoff-values-reference.js';

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
  assert.equal(v.valueOf(32769, 0), undefined);
});

test("Wythoff's value table equals the former row-by-row scan (the reference) on [0,1500]^2, for wythoff, maharaja, wythoff+2,3 and wythoff+1,1,2,5, built at once and grown from a small table", () => {
  const N = 1500;
  for (const spec of ['wythoff', 'maharaja', 'wythoff+2,3', 'wythoff+1,1,2,5']) {
    const extra = wythoffMovesOf(parseSpec(spec))!;
    const reference = wythoffValuesByRowScan(extra, N);
    // The WebAssembly build at once, the JavaScript one grown.
    const atOnce = new WythoffValues(extra);
    const grown = new WythoffValues(extra, { wasm: false });
    grown.valueOf(100, 3);
    grown.valueOf(700, 700);
    for (let y = 0; y <= N; y++) {
      for (let x = 0; x <= N; x++) {
        const want = reference[y * (N + 1) + x];
        if (atOnce.valueOf(x, y) !== want || grown.valueOf(x, y) !== want) assert.fail(`${spec} at ${x},${y}: ${atOnce.valueOf(x, y)}, grown ${grown.valueOf(x, y)}, reference ${want}`);
      }
    }
  }
});

test("a stop signal ends the table's build (InterruptedError, nothing kept), and the solver that asked it keeps no half-done position: the next question is answered", () => {
  const stop = { aborted: true } as AbortSignal;
  const v = new WythoffValues([]);
  assert.throws(() => v.valueOf(2000, 2000, stop), InterruptedError);
  assert.equal(v.valueOf(3, 5), 0);
  const rs = parseSpec('wythoff');
  const flag = { aborted: true };
  const solver = new Solver({ signal: flag as AbortSignal });
  assert.throws(() => solver.grundy(rs, [1000, 1001]), InterruptedError);
  assert.equal(solver.memoised, 0);
  flag.aborted = false;
  assert.equal(solver.grundy(rs, [1000, 1001]), wythoffValuesByRowScan([], 1001)[1001 * 1002 + 1000]);
});

test("Wythoff's value table: the WebAssembly build (wythoff.wasm, which must be built) equals the JavaScript build on several sides (below, at and past a tile, odd, grown) and extra-move sets", () => {
  assert.ok(wythoffWasmAvailable(), 'dist/src/games/heaps/wythoff.wasm is missing: npm run build');
  const cases: [string, number][] = [
    ['wythoff', 2500],
    ['maharaja', 1000],
    ['wythoff+2,3', 777],
    ['wythoff+0,3', 128],
    ['wythoff+1,1,2,5', 129],
    ['wythoff+3,3', 64],
    ['wythoff+5,40,17,3', 300],
  ];
  for (const [spec, N] of cases) {
    const extra = wythoffMovesOf(parseSpec(spec))!;
    const wasm = new WythoffValues(extra);
    const js = new WythoffValues(extra, { wasm: false });
    // Grown from a small table, then asked at N: both builds run twice.
    wasm.valueOf(3, 70);
    js.valueOf(3, 70);
    for (let y = 0; y <= N; y++) {
      for (let x = 0; x <= N; x++) {
        const want = js.valueOf(x, y);
        if (wasm.valueOf(x, y) !== want) assert.fail(`${spec} at ${x},${y}: WebAssembly ${wasm.valueOf(x, y)}, JavaScript ${want}`);
      }
    }
  }
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
