import { test } from 'node:test';
import assert from 'node:assert/strict';
import { grundyTable, outcomeTable } from '../../src/analysis/heap-tables.js';
import { invariantTable2 } from '../../src/games/heaps/invariant-table.js';
import type { TInvariantGame } from '../../src/games/heaps/tinvariant.js';
import { hasRayTable, rayTable2 } from '../../src/games/heaps/rays.js';
import { zeruclidTable } from '../../src/games/heaps/zeruclid.js';
import { pPositions, pPositionsInBox, pTable } from '../../src/analysis/ppositions.js';
import { Solver } from '../../src/core/solver.js';
import { parseSpec } from '../../src/spec/index.js';
import type { PTable, TablePrefix } from '../../src/analysis/heap-tables.js';
import { InterruptedError } from '../../src/core/errors.js';

const list = (t: PTable): number[][] => [...t.pPositions()];

const RAY_SPECS = [
  'nim', 'wythoff', 'euclid', 'maharaja', 'wythoff+2,3', 'wythoff+0,2', 'misere(nim)', 'misere(euclid)', 'misere(wythoff)',
  'push(nim,euclid)', 'push(euclid,nim)', 'push(nim,wythoff)', 'push(wythoff,nim)', 'push(euclid,wythoff)', 'push(wythoff,euclid)',
  'push(nim,nim)', 'push(euclid,euclid)', 'push(nim,euclid,wythoff)', 'push(wythoff,misere(euclid))', 'push(maharaja,nim)',
];

test('2-heap ray kernel equals the plain solver on [0,22]^2 for 20 NIM/WYTHOFF/EUCLID push and misère chains', () => {
  for (const spec of RAY_SPECS) {
    const rs = parseSpec(spec);
    assert.ok(hasRayTable(rs), spec);
    assert.deepEqual(list(rayTable2(rs, 22)), pPositionsInBox(rs, 2, 22), spec);
  }
});

test('generic table from the rules equals the plain solver (2 and 3 heaps, compounds included)', () => {
  for (const spec of ['push(nim,euclid)', 'push(wythoff,nim)', 'misere(wythoff)', 'zeruclid', 'invariant:(1,0),(0,1),(1,1)', 'push(zeruclid,nim)', 'geven', 'hprime']) {
    const rs = parseSpec(spec);
    assert.deepEqual(list(outcomeTable(rs, 2, 14)), pPositionsInBox(rs, 2, 14), `${spec}, 2 heaps`);
  }
  for (const spec of ['zeruclid', 'nim', 'invariant:(1,0,0),(0,*,0),(=,0,=)', 'misere(nim)']) {
    const rs = parseSpec(spec);
    assert.deepEqual(list(outcomeTable(rs, 3, 6)), pPositionsInBox(rs, 3, 6), `${spec}, 3 heaps`);
  }
});

test('ZERUCLID kernel equals the plain solver on 2, 3 and 4 heaps', () => {
  const rs = parseSpec('zeruclid');
  assert.deepEqual(list(zeruclidTable(2, 20)), pPositionsInBox(rs, 2, 20));
  assert.deepEqual(list(zeruclidTable(3, 9)), pPositionsInBox(rs, 3, 9));
  assert.deepEqual(list(zeruclidTable(4, 4)), pPositionsInBox(rs, 4, 4));
});

test('invariant kernel equals the plain solver for invariant and t-invariant games (rays, = moves, fixed vectors, no symmetry)', () => {
  for (const spec of ['invariant:(*,0),(0,*),(=,=)', 'invariant:(*,0),(0,*),(=,=),(3,1),(5,1),(6,1)', 'invariant:(1,0),(0,2),(=,=)', 'invariant:(*,0),(1,1),(2,3)', 'geven', 'hprime']) {
    const rs = parseSpec(spec);
    const t = pTable(rs, 2, 25);
    assert.equal(t?.method, 'invariant', spec);
    assert.deepEqual(list(t!.table), pPositionsInBox(rs, 2, 25), spec);
  }
});

test('Grundy table from the rules equals the solver (WYTHOFF, EUCLID, 3-heap ZERUCLID, G_EVEN)', () => {
  const solver = new Solver();
  for (const [spec, heaps, max] of [['wythoff', 2, 15], ['euclid', 2, 15], ['zeruclid', 3, 6], ['geven', 2, 12]] as const) {
    const rs = parseSpec(spec);
    const g = grundyTable(rs, heaps, max);
    const side = max + 1;
    for (let i = 0; i < g.length; i++) {
      const c = heaps === 2 ? [Math.floor(i / side), i % side] : [Math.floor(i / side / side), Math.floor(i / side) % side, i % side];
      assert.equal(g[i], solver.grundy(rs, c), `${spec} at ${c}`);
    }
  }
});

test('ppositions picks a fast method and agrees with the solver; Wythoff family goes through the column table', () => {
  const cases: [string, number, string][] = [['maharaja', 2, 'wythoff-columns'], ['push(nim,euclid)', 2, 'rays'], ['hprime', 2, 'invariant'], ['zeruclid', 3, 'zeruclid'], ['push(subtraction:1,2,nim)', 2, 'table'], ['conjoined(nim,euclid)', 2, 'solver']];
  for (const [spec, heaps, method] of cases) {
    const rs = parseSpec(spec);
    const r = pPositions(rs, heaps, 12);
    assert.equal(r.method, method, spec);
    assert.deepEqual(r.positions, pPositionsInBox(rs, heaps, 12), spec);
  }
});

test('tables stop on an abort and keep the rows finished', () => {
  const ac = new AbortController();
  ac.abort();
  for (const make of [() => rayTable2(parseSpec('push(nim,euclid)'), 200, { signal: ac.signal }), () => invariantTable2(parseSpec('hprime') as TInvariantGame, 200, { signal: ac.signal })]) {
    assert.throws(make, (e: unknown) => e instanceof InterruptedError && (e.partial as TablePrefix).done === 0 && (e.partial as TablePrefix).table.count() === 0);
  }
  assert.throws(() => zeruclidTable(3, 120, { signal: ac.signal }), InterruptedError);
});

/** A signal that reads as aborted from its k-th look on: a stop in the middle of a kernel. */
function abortsAt(k: number): AbortSignal {
  let looks = 0;
  return { get aborted() { return ++looks >= k; } } as AbortSignal;
}

test('a table stopped midway keeps exactly the P-positions of the cells it finished (lexicographic prefix)', () => {
  // The ray kernels look at the signal once per row; push(nim,euclid) first builds the table of EUCLID (401 rows).
  const cases: [string, number, (signal?: AbortSignal) => PTable][] = [
    ['wythoff rays', 3, (signal) => rayTable2(parseSpec('wythoff'), 400, signal ? { signal } : {})],
    ['push(nim,euclid) rays', 500, (signal) => rayTable2(parseSpec('push(nim,euclid)'), 400, signal ? { signal } : {})],
    ['hprime invariant', 3, (signal) => invariantTable2(parseSpec('hprime') as TInvariantGame, 400, signal ? { signal } : {})],
    ['3-heap invariant table', 2, (signal) => outcomeTable(parseSpec('invariant:(1,0,0),(0,1,0),(0,0,1),(1,1,1)'), 3, 110, signal ? { signal } : {})],
    ['zeruclid', 2, (signal) => zeruclidTable(3, 110, signal ? { signal } : {})],
  ];
  for (const [what, look, make] of cases) {
    const whole = make();
    let kept: TablePrefix | undefined;
    try {
      make(abortsAt(look));
    } catch (e) {
      if (e instanceof InterruptedError) kept = e.partial as TablePrefix;
      else throw e;
    }
    assert.ok(kept, `${what}: stopped`);
    assert.ok(kept.done > 0 && kept.done < whole.cells, `${what}: stopped midway (${kept.done} of ${whole.cells} cells)`);
    assert.deepEqual([...kept.table.pPositions(kept.done)], [...whole.pPositions(kept.done)], what);
  }
  // Stopped while the table it is played after was built: no cell of the compound is final.
  assert.throws(
    () => rayTable2(parseSpec('push(nim,euclid)'), 400, { signal: abortsAt(3) }),
    (e: unknown) => e instanceof InterruptedError && (e.partial as TablePrefix).done === 0,
  );
});

test('Wythoff-family hook: the column table (wythoff-table.ts) and the ray kernel agree on [0,300]^2 for 6 move sets', () => {
  for (const spec of ['wythoff', 'maharaja', 'wythoff+2,3', 'wythoff+1,4', 'wythoff+0,3', 'wythoff+1,2,2,3']) {
    const rs = parseSpec(spec);
    assert.deepEqual(pPositions(rs, 2, 300).positions, list(rayTable2(rs, 300)), spec);
  }
});
