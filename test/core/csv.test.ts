/** The one CSV writer (census rows, the explorer's download): RFC 4180 quoting, read back by a plain reader. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, csvLine } from '../../src/core/csv.js';

/** A reader of RFC 4180 CSV text: its records, each a list of cells (a quoted cell may hold line breaks). */
function records(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), out.push(row), (row = []), (cell = '');
    else cell += c;
  }
  return out;
}

test('csv: a cell is quoted only when it holds a comma, a quote or a line break, and reads back as it was', () => {
  const cells = ['plain', 'a,b', 'he said "no"', 'two\nlines', 'cr\ronly', 'crlf\r\n', '', ' spaced ', '=1+2', '-3', '+x', '@y', 'ε·ω'];
  const text = csvLine(cells) + '\n' + csvLine([1, 2.5, -0, true, false, null, undefined]) + '\n';
  assert.deepEqual(records(text), [cells, ['1', '2.5', '0', 'true', 'false', '', '']]);
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('he said "no"'), '"he said ""no"""');
  assert.equal(csvCell('cr\ronly'), '"cr\ronly"');
  // No spreadsheet guard: a leading = + - @ is data (negative numbers, specs), written as it is.
  assert.equal(csvCell('=1+2'), '=1+2');
  assert.equal(csvCell(-3), '-3');
});
