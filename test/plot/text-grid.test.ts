/** The text tables a researcher pastes (plot/text-grid.ts): layout of the value grid and of the sequence rows. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTextGrid, sequenceRows, sequenceRowsText, valueGrid } from '../../src/plot/text-grid.js';

test('formatTextGrid: each column as wide as its widest cell, right-aligned, one space apart, no trailing space', () => {
  const g = valueGrid({ from: 9, to: 11 }, { from: 0, to: 1 }, (x, y) => (y === 1 && x === 10 ? '' : x * 10 + y));
  assert.equal(formatTextGrid(g), ['y\\x  9  10  11', '  0 90 100 110', '  1 91     111'].join('\n'));
});

test('sequenceRows: rows start at the heaps congruent to the phase, the first padded on the left; width 1 and the empty sequence', () => {
  const v = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const s = sequenceRows(v, 4, 6); // rows start at 2, 6, 10; heaps 0 and 1 end the first row
  assert.deepEqual(Array.from({ length: s.rows }, (_, r) => s.row(r)), [
    { label: '0', cells: ['', '', '0', '1'] },
    { label: '2', cells: ['2', '3', '4', '5'] },
    { label: '6', cells: ['6', '7', '8', '9'] },
    { label: '10', cells: ['10'] },
  ]);
  assert.equal(sequenceRowsText(s), [' 0:        0  1', ' 2:  2  3  4  5', ' 6:  6  7  8  9', '10: 10'].join('\n'));
  assert.equal(sequenceRowsText(sequenceRows([3, 1], 1)), '0: 3\n1: 1');
  assert.equal(sequenceRows([], 5).rows, 0);
  assert.throws(() => sequenceRows(v, 0), RangeError);
});
