import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phiDeviations } from '../../src/analysis/wythoff-conjecture.js';
import { upperStats, wythoffFamilyTable } from '../../src/analysis/wythoff-table.js';

const PHI = (1 + Math.sqrt(5)) / 2;

test('maharaja-nim Conjecture 4.1 explorer: rows for every k < l <= 6, each equal to a direct scan of the table', () => {
  const rows = phiDeviations(6, 20_000);
  assert.equal(rows.length, 15);
  for (const r of rows) {
    const t = wythoffFamilyTable([[r.k, r.l]], 20_000);
    let max = 0;
    let n = 0;
    for (let x = 0; x < t.n; x++) {
      const y = t.col[x]!;
      if (y < 0) break;
      if (y >= x) (max = Math.max(max, Math.abs(y - PHI * x))), n++;
    }
    assert.equal(r.upper, n);
    assert.ok(Math.abs(r.maxAbsPhiDev - max) < 1e-9, `(${r.k},${r.l})`);
    assert.equal(r.devMin, upperStats(t).devMin);
  }
});

test('maharaja-nim section 4 (NOTES.md erratum): (1,4) and (2,6) change the P-positions though not Wythoff pairs', () => {
  // Wythoff's P-positions have b_n - a_n - n = 0 for all n; a non-zero deviation means they changed.
  const changed = (k: number, l: number) => {
    const s = upperStats(wythoffFamilyTable([[k, l]], 50_000));
    return s.devMin !== 0 || s.devMax !== 0;
  };
  assert.equal(changed(1, 2), true); // Wythoff pair
  assert.equal(changed(2, 3), true); // dual Wythoff pair
  assert.equal(changed(1, 4), true); // neither: (3,5) - (2,1)
  assert.equal(changed(2, 6), true);
  assert.equal(changed(1, 3), false);
  assert.equal(changed(2, 5), false);
});

test('maharaja-nim Conjecture 4.1 explorer: the extremes below each power of ten of a run to N are those of its columns below it', () => {
  const [long] = phiDeviations(8, 100_000).filter((r) => r.k === 5 && r.l === 8);
  assert.deepEqual(long!.decades.map((d) => d.below), [1000, 10_000, 100_000]);
  // A direct scan of the same table, column by column (a shorter table ends earlier: a P-position of a
  // column near its end lies outside it).
  const t = wythoffFamilyTable([[5, 8]], 100_000);
  for (const d of long!.decades) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let x = 0; x < d.below; x++) {
      const y = t.col[x]!;
      if (y < 0) break;
      if (y >= x) (lo = Math.min(lo, y - PHI * x)), (hi = Math.max(hi, y - PHI * x));
    }
    assert.equal(d.phiDevMin, lo, `below ${d.below}`);
    assert.equal(d.phiDevMax, hi, `below ${d.below}`);
  }
  // Two decades are needed to say whether the deviation still grows; Wythoff's own (1,3) creeps up to its
  // supremum 1/φ by rises that shrink tenfold a decade, and is not flagged.
  assert.equal(phiDeviations(3, 10_000)[0]!.stillGrowing, undefined);
  const [wythoff] = phiDeviations(3, 1_000_000).filter((r) => r.k === 1 && r.l === 3);
  assert.equal(wythoff!.stillGrowing, false);
  assert.ok(wythoff!.maxAbsPhiDev < 1 / PHI);
});
