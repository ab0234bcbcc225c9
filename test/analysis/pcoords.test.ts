import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InterruptedError } from '../../src/core/errors.js';
import { pPositionCoords, pPositions, pPositionsInBox } from '../../src/analysis/ppositions.js';
import { parseSpec } from '../../src/spec/index.js';

const flat = (positions: number[][]) => positions.flat();

test('pPositionCoords lists the same P-positions as pPositions and the plain solver, flat, for every method', () => {
  for (const [spec, heaps, max] of [['wythoff', 2, 40], ['zeruclid', 2, 30], ['zeruclid', 3, 9], ['nim', 3, 7], ['euclid', 2, 25], ['octal:0.6', 2, 12]] as const) {
    const rs = parseSpec(spec);
    const { coords, method } = pPositionCoords(rs, heaps, max);
    assert.deepEqual(Array.from(coords), flat(pPositions(rs, heaps, max).positions), `${spec} (${method})`);
    assert.deepEqual(Array.from(coords), flat(pPositionsInBox(rs, heaps, max)), `${spec} against the solver`);
  }
});

test('a table listed below a cell, and a stop while listing keeps a lexicographic prefix', () => {
  const rs = parseSpec('zeruclid');
  const table = rs.capabilities!.table!(2, 300, {})!.table;
  const all = [...table.pPositions()];
  for (const below of [0, 1, 31, 32, 33, 1000, table.cells]) assert.deepEqual(Array.from(table.pCoords(below)), flat([...table.pPositions(below)]), `below ${below}`);
  const stop = new AbortController();
  stop.abort();
  assert.throws(
    () => table.pCoords(table.cells, stop.signal),
    (e: unknown) => e instanceof InterruptedError && Array.from((e.partial as { prefix: Int32Array }).prefix).every((v, i) => v === flat(all)[i]),
  );
});
