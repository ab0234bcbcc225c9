import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PositionError } from '../../../src/core/errors.js';
import { components, emptyBoard, formatBoard, isEmptyCell, parseBoard } from '../../../src/games/grids/board.js';

test('parseBoard reads MxN as M rows and N columns', () => {
  const b = parseBoard('3x9');
  assert.equal(b.rows, 3);
  assert.equal(b.cols, 9);
  assert.equal(b.empty, (1n << 27n) - 1n);
  assert.deepEqual(parseBoard('0x5'), emptyBoard(0, 5));
});

test('parseBoard reads drawn boards, row 0 first, and (2,BOARD) after the button', () => {
  const b = parseBoard('..#/#..');
  assert.equal(b.rows, 2);
  assert.equal(b.cols, 3);
  assert.equal(isEmptyCell(b, 0, 0), true);
  assert.equal(isEmptyCell(b, 0, 2), false);
  assert.equal(isEmptyCell(b, 1, 0), false);
  assert.equal(isEmptyCell(b, 1, 2), true);
  assert.equal(formatBoard(b), '..#/#..');
  assert.equal(formatBoard(parseBoard('../..')), '2x2');
  const pushed = parseBoard('(2,1x4)');
  assert.equal(pushed.pushed, true);
  assert.equal(formatBoard(pushed), '(2,1x4)');
  assert.equal(parseBoard('(1,1x4)').pushed, undefined);
});

test('parseBoard errors name the column', () => {
  const cases: [string, number][] = [
    ['3x', 3],
    ['3y4', 2],
    ['..a', 3],
    ['../.', 4],
    ['../...', 6],
    ['..//..', 4],
    ['(2,3x)', 6],
    ['', 1],
    ['(3,1x2)', 1],
  ];
  for (const [text, column] of cases) {
    assert.throws(
      () => parseBoard(text),
      (e: unknown) => e instanceof PositionError && e.column === column,
      `${text} should fail at column ${column}`,
    );
  }
});

test('components split the empty cells 4-connectedly and crop them', () => {
  const parts = components(parseBoard('..#./###./.#..'));
  assert.deepEqual(parts.map(formatBoard).sort(), ['#./#./..', '1x1', '1x2'].sort());
  const diag = components(parseBoard('.#/#.'));
  assert.equal(diag.length, 2);
});
