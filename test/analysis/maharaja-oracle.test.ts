import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TelescopeOracle } from '../../src/analysis/maharaja-oracle.js';
import { MAHARAJA, MAHARAJA_23 } from '../../src/analysis/maharaja-dictionaries.js';
import { wythoffFamilyTable } from '../../src/analysis/wythoff-table.js';
import { InputError } from '../../src/core/errors.js';

const PHI = (1 + Math.sqrt(5)) / 2;

test('maharaja-nim sections 4-5: the (2,3)-M telescope gives the P-position of every column below 10^5 (vs the table)', () => {
  const table = wythoffFamilyTable([[2, 3]], 200_000);
  const oracle = new TelescopeOracle(MAHARAJA_23);
  let firstBad = -1;
  for (let x = 0; x < 100_000 && firstBad < 0; x++) if (oracle.column(BigInt(x)) !== BigInt(table.col[x]!)) firstBad = x;
  assert.equal(firstBad, -1, `column ${firstBad}`);
});

test('maharaja-nim section 5: the telescope agrees with the table on 300 columns between 10^6 and 6·10^6', () => {
  const table = wythoffFamilyTable([[2, 3]], 10_000_000);
  const oracle = new TelescopeOracle(MAHARAJA_23);
  for (let i = 0; i < 300; i++) {
    const x = 1_000_000 + Math.floor(((i * 7919) % 300) * 16_667) + i;
    assert.equal(oracle.column(BigInt(x)), BigInt(table.col[x]!), `column ${x}`);
  }
});

test('maharaja-nim section 5.2: isP on (2,3)-M positions near 10^30 is symmetric, one per column, within O(1) of φx', () => {
  const oracle = new TelescopeOracle(MAHARAJA_23);
  const base = 10n ** 30n;
  for (let i = 0n; i < 40n; i++) {
    const x = base + i;
    const y = oracle.column(x);
    assert.equal(oracle.column(y), x, `mirror of (${x},${y})`);
    assert.equal(oracle.isP(x, y), true);
    assert.equal(oracle.isP(y, x), true);
    assert.equal(oracle.isP(x, y + 1n), false);
    // y ≈ φx or x/φ (Theorem 1.2's analogue for (2,3)-M): compare at 10^-12 relative precision.
    const ratio = Number((y * 10n ** 12n) / x) / 1e12;
    assert.ok(Math.abs(ratio - PHI) < 1e-9 || Math.abs(ratio - 1 / PHI) < 1e-9, `ratio ${ratio}`);
  }
});

test('maharaja-nim section 5.1: first (2,3)-M P-positions through the oracle; bad input is an InputError', () => {
  const oracle = new TelescopeOracle(MAHARAJA_23);
  const first = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map((x) => [x, oracle.column(x)]);
  assert.deepEqual(first, [[1n, 2n], [2n, 1n], [3n, 6n], [4n, 8n], [5n, 7n], [6n, 3n], [7n, 5n], [8n, 4n]]);
  assert.equal(oracle.isP(0n, 0n), true);
  assert.equal(oracle.isP(3n, 5n), false);
  assert.throws(() => oracle.isP(-1n, 2n), InputError);
});

test('a dictionary entry whose translate does not mark its P-positions is refused', () => {
  const broken = {
    ...MAHARAJA_23,
    dictionary: { alphabet: '01', entries: [...MAHARAJA_23.dictionary.entries.slice(0, 3), { word: '01010', translate: '10001010' }] },
  };
  assert.throws(() => new TelescopeOracle(broken), InputError);
});

test('beyond the paper: the telescope over Maharaja dictionary (27)-(40) also gives every column below 5000', () => {
  const table = wythoffFamilyTable([[1, 2]], 20_000);
  const oracle = new TelescopeOracle(MAHARAJA);
  let firstBad = -1;
  for (let x = 0; x < 5_000 && firstBad < 0; x++) if (oracle.column(BigInt(x)) !== BigInt(table.col[x]!)) firstBad = x;
  assert.equal(firstBad, -1, `column ${firstBad}`);
  // Near 10^30 the answers are mirror-consistent and the word boundaries stayed within a small margin.
  for (let i = 0n; i < 10n; i++) {
    const x = 10n ** 30n + i * 1234567n;
    assert.equal(oracle.column(oracle.column(x)), x);
  }
  assert.ok(oracle.maxSyncDelay < 64, `sync delay ${oracle.maxSyncDelay}`);
});

test('isqrt is the floor of the square root, also far beyond doubles (10^400)', async () => {
  const { isqrt } = await import('../../src/analysis/maharaja-oracle.js');
  for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 30n, 10n ** 400n + 12345n, (10n ** 200n + 1n) ** 2n - 1n]) {
    const r = isqrt(n);
    assert.ok(r * r <= n && (r + 1n) * (r + 1n) > n, `isqrt(${n})`);
  }
});

test('divPhi (a product by a fixed-point 1/φ) is floor(x/φ) by the square root, within one unit, far beyond doubles', async () => {
  const { divPhi, isqrt } = await import('../../src/analysis/maharaja-oracle.js');
  let seed = 12345n;
  for (let i = 0; i < 300; i++) {
    // Numbers of 16 to 3000 digits from a fixed linear congruential sequence.
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    const x = (seed * 10n ** BigInt(16 + ((i * 97) % 3000))) / 7n + BigInt(i);
    const exact = (isqrt(5n * x * x) - x) / 2n;
    const d = divPhi(x) - exact;
    assert.ok(d >= -1n && d <= 1n, `divPhi of a ${x.toString().length}-digit number is off by ${d}`);
  }
});

test('the telescope answers a column of 3000 digits (tens of thousands of levels, no recursion): mirrored, within O(1) of φx or x/φ', () => {
  const oracle = new TelescopeOracle(MAHARAJA_23);
  const x = 10n ** 3000n + 12345n;
  const y = oracle.column(x);
  assert.equal(oracle.column(y), x);
  const ratio = Number((y * 10n ** 12n) / x) / 1e12;
  assert.ok(Math.abs(ratio - PHI) < 1e-9 || Math.abs(ratio - 1 / PHI) < 1e-9, `ratio ${ratio}`);
});
