/** The CSV of census rows (`census show --csv`, the atlas's rows.csv): every field, quoted where it must be. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvHeader, FAMILY_FIELDS, rowCsv, type FamilyRow } from '../../src/census/row.js';

/** A reader of RFC 4180 CSV, for one line: the cells back. */
function cells(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        const j = line.indexOf('"', i);
        cell += line.slice(i, j);
        if (line[j + 1] === '"') (cell += '"'), (i = j + 2);
        else {
          i = j + 2;
          break;
        }
      }
      out.push(cell);
    } else {
      const j = line.indexOf(',', i);
      out.push(line.slice(i, j < 0 ? line.length : j));
      i = j < 0 ? line.length + 1 : j + 1;
    }
  }
  return out;
}

test('csv: a header of every field; a row reads back cell by cell, with commas, quotes and line breaks quoted', () => {
  assert.deepEqual(csvHeader().split(','), FAMILY_FIELDS.map((f) => f.name));
  const row = { family: 'push:a;b', idx: 3, spec: 'push(subtraction:1,2,wythoff)', computation: 'sequence', bound: 100, status: 'open', reason: 'he said "no",\nthen left', period: null, certified: false, prefix: '0,1,2' } as unknown as FamilyRow;
  const back = cells(rowCsv(row));
  assert.equal(back.length, FAMILY_FIELDS.length);
  const at = (name: string) => back[FAMILY_FIELDS.findIndex((f) => f.name === name)];
  assert.equal(at('spec'), 'push(subtraction:1,2,wythoff)');
  assert.equal(at('reason'), 'he said "no",\nthen left');
  assert.equal(at('prefix'), '0,1,2');
  assert.equal(at('period'), '');
  assert.equal(at('certified'), 'false');
  assert.equal(at('idx'), '3');
});
