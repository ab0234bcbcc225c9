import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  countPPositions,
  fillColumns,
  orientedMoves,
  lineViolations,
  tableChecksum,
  upperPPositions,
  upperStats,
  wythoffFamilyTable,
  type ExtraMove,
} from '../../src/analysis/wythoff-table.js';
import { naiveColumns, naivePTable, plainColumnScan } from './wythoff-reference.js';
import { InputError, InterruptedError } from '../../src/core/errors.js';

const PHI = (1 + Math.sqrt(5)) / 2;

const MOVE_SETS: ExtraMove[][] = [
  [],
  [[1, 2]],
  [[2, 3]],
  [[3, 5]],
  [[1, 4]],
  [[0, 2]],
  [[1, 2], [2, 3]],
  Array.from({ length: 5 }, (_, i) => [i + 1, 2 * (i + 1)] as const),
];

test('fast column table equals the table built from the rules (all options) for 8 move sets, N = 150', () => {
  for (const moves of MOVE_SETS) {
    const fast = wythoffFamilyTable(moves, 150);
    assert.deepEqual([...fast.col], [...naiveColumns(moves, 150)], `moves ${JSON.stringify(moves)}`);
  }
});

test('tuned kernel (least-diagonal fast path, early stop, chunked progress) equals the plain column scan, N = 20000', () => {
  const random: ExtraMove[][] = [];
  let seed = 12345;
  const next = (m: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % m);
  for (let i = 0; i < 12; i++) random.push(Array.from({ length: 1 + next(3) }, () => [next(9), 1 + next(12)] as const));
  for (const moves of [...MOVE_SETS, ...random]) {
    const n = 20_000;
    const plain = [...plainColumnScan(moves, n)];
    assert.deepEqual([...wythoffFamilyTable(moves, n).col], plain, `moves ${JSON.stringify(moves)}`);
    // In chunks of 997 columns, as a long run with progress reports calls the kernel.
    const col = new Int32Array(n).fill(-1);
    const diag = new Uint8Array(n);
    let dmin = 0;
    for (let x = 0; x < n; x += 997) dmin = fillColumns(col, diag, orientedMoves(moves), x, Math.min(n, x + 997), dmin);
    assert.deepEqual([...col], plain, `chunked, moves ${JSON.stringify(moves)}`);
  }
});

test('maharaja-nim Proposition 1.1: one P-position in each row and column, at most one per diagonal, on every table', () => {
  for (const moves of MOVE_SETS) {
    const n = 120;
    const P = naivePTable(moves, n);
    // Every column x whose P-position must lie in the box (x < n / φ^... here: x < n/2) has exactly one.
    for (let x = 0; x < n / 2; x++) {
      let inCol = 0;
      let inRow = 0;
      for (let y = 0; y < n; y++) (inCol += P[x * n + y]!), (inRow += P[y * n + x]!);
      assert.equal(inCol, 1, `column ${x} of ${JSON.stringify(moves)}`);
      assert.equal(inRow, 1, `row ${x} of ${JSON.stringify(moves)}`);
    }
    assert.deepEqual(lineViolations(wythoffFamilyTable(moves, 100_000)), [], JSON.stringify(moves));
  }
});

test('maharaja-nim (1): plain Wythoff gives the Beatty pairs (⌊φn⌋, ⌊φ²n⌋)', () => {
  const t = wythoffFamilyTable([], 100_000);
  for (let n = 0; Math.floor(PHI * PHI * n) < 100_000; n++) assert.equal(t.col[Math.floor(PHI * n)], Math.floor(PHI * PHI * n));
});

test('maharaja-nim Figure 2 / section 2.2: the first upper P-positions of Maharaja Nim', () => {
  const t = wythoffFamilyTable([[1, 2]], 100);
  // Section 2.2 names (8,13), (9,16), (11,19), (12,18) and the lower (10,7).
  assert.deepEqual(upperPPositions(t, 9), [[0, 0], [1, 3], [2, 6], [4, 5], [7, 10], [8, 13], [9, 16], [11, 19], [12, 18]]);
  assert.equal(t.col[10], 7);
});

test('maharaja-nim section 5: first P-positions of (2,3)-M are (1,2),(2,1),(3,6),(4,8),(5,7),(6,3),(7,5),(8,4)', () => {
  const t = wythoffFamilyTable([[2, 3]], 100);
  assert.deepEqual([...t.col.subarray(1, 9)], [2, 1, 6, 8, 7, 3, 5, 4]);
});

test('maharaja-nim section 2.3: -4 <= b_n - a_n - n <= 3 for Maharaja Nim below 10^6; (2,3)-M in [-2, 1]', () => {
  const mt = wythoffFamilyTable([[1, 2]], 1_000_000);
  const m = upperStats(mt);
  assert.deepEqual([m.devMin, m.devMax], [-4, 3]);
  assert.deepEqual(lineViolations(mt), []);
  const m23t = wythoffFamilyTable([[2, 3]], 1_000_000);
  const m23 = upperStats(m23t);
  assert.deepEqual([m23.devMin, m23.devMax], [-2, 1]);
  assert.deepEqual(lineViolations(m23t), []);
  const w = upperStats(wythoffFamilyTable([], 1_000_000));
  assert.deepEqual([w.devMin, w.devMax], [0, 0]);
});

test('counts and checksums reproduce shared/baselines/wythoff_family.c at N = 10^6', () => {
  const cases: [ExtraMove[], number, number][] = [
    [[], 763933, 2718801900],
    [[[1, 2]], 763933, 3204601172],
    [[[2, 3]], 763933, 1485274342],
  ];
  for (const [moves, count, checksum] of cases) {
    const t = wythoffFamilyTable(moves, 1_000_000);
    assert.equal(countPPositions(t), count);
    assert.equal(tableChecksum(t), checksum);
  }
});

test('interrupting keeps the finished columns as partial; bad moves are InputErrors', () => {
  const ac = new AbortController();
  ac.abort();
  try {
    wythoffFamilyTable([[1, 2]], 3_000_000, { signal: ac.signal });
    assert.fail('expected an interruption');
  } catch (e) {
    assert.ok(e instanceof InterruptedError);
    const partial = e.partial as { n: number; col: Int32Array };
    assert.equal(partial.n, 1 << 20);
    const full = wythoffFamilyTable([[1, 2]], 1 << 20);
    assert.deepEqual(partial.col, full.col);
  }
  assert.throws(() => wythoffFamilyTable([[0, 0]], 10), InputError);
  assert.throws(() => wythoffFamilyTable([[-1, 2]], 10), InputError);
});
