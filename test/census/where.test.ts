import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InputError } from '../../src/core/errors.js';
import { CensusStore } from '../../src/census/store.js';
import { parseWhere } from '../../src/census/where.js';
import type { CensusRow } from '../../src/census/row.js';

test('--where: fields from the whitelist become columns, values become parameters', () => {
  assert.deepEqual(parseWhere('certified = 0'), { sql: 'certified = ?', params: [0] });
  assert.deepEqual(parseWhere('period > 100 and status = done'), { sql: 'period > ? AND status = ?', params: [100, 'done'] });
  assert.deepEqual(parseWhere("verdict = 'regular' OR states >= 10"), { sql: 'verdict = ? OR states >= ?', params: ['regular', 10] });
  assert.deepEqual(parseWhere('not (apparentPeriod = null) and max_value != 3'), { sql: 'NOT ((apparent_period IS NULL)) AND max_value <> ?', params: [3] });
  assert.deepEqual(parseWhere('sameAs != null'), { sql: 'same_as IS NOT NULL', params: [] });
  assert.deepEqual(parseWhere('spec = octal:0.07'), { sql: 'spec = ?', params: ['octal:0.07'] });
  assert.deepEqual(parseWhere('spec = "subtraction:1,3"'), { sql: 'spec = ?', params: ['subtraction:1,3'] });
  assert.deepEqual(parseWhere('certified = true'), { sql: 'certified = ?', params: [1] });
  assert.deepEqual(parseWhere('(a_ok_field_does_not_exist = 1)'.replace('a_ok_field_does_not_exist', 'period') + ' or period < 2'), {
    sql: '(period = ?) OR period < ?',
    params: [1, 2],
  });
});

test('--where: hostile or malformed input is refused with the column, and never reaches SQL', () => {
  const hostile = [
    ['1 = 1', /expected a field name/],
    ['"period" = 1', /expected a field name/],
    ['period > 1; DROP TABLE games', /unexpected ";"/],
    ['period > 1 or 1 = 1', /expected a field name/],
    ["spec = 'x'' OR 1=1 --'", /expected "and", "or" or the end/],
    ["spec = 'x' -- comment", /unexpected "-"|expected "and"/],
    ['sqlite_master = 1', /unknown field/],
    ['period > (select 1)', /expected a value/],
    ['period >', /expected a value, found the end/],
    ['period', /expected a comparison/],
    ["spec = 'unterminated", /unterminated string/],
    ['period = abc', /period is a number/],
    ['period = 1 and', /expected a field name, found the end/],
    ['period < null', /null can only be compared/],
    ['spec = and', /keyword "and"/],
    ['period like 3', /expected a comparison/],
    ['('.repeat(100) + 'period = 1' + ')'.repeat(100), /nested too deeply/],
    ['x'.repeat(3000), /longer than 2000/],
  ] as const;
  for (const [text, pattern] of hostile) {
    assert.throws(
      () => parseWhere(text),
      (e: Error) => e instanceof InputError && pattern.test(e.message) && /at column \d+/.test(e.message) && !e.message.includes('\n'),
      text,
    );
  }
});

test('--where on a store: an injection attempt inside a quoted value is only a value', () => {
  const store = CensusStore.open(':memory:');
  const family = { name: 'subtraction:2', defaultBound: 10, members: [{ spec: 'subtraction:1', computation: 'sequence' as const }, { spec: 'subtraction:2', computation: 'sequence' as const }] };
  store.registerCensus(family, 10);
  const row = (spec: string, period: number): CensusRow => ({ spec, computation: 'sequence', bound: 10, status: 'done', period, preperiod: 0, certified: true, fingerprint: spec });
  store.put(row('subtraction:1', 2));
  store.put(row('subtraction:2', 4));
  assert.deepEqual(store.rows('subtraction:2', 10, parseWhere('period > 3')).map((r) => r.spec), ['subtraction:2']);
  assert.deepEqual(store.rows('subtraction:2', 10, parseWhere(`spec = "x' OR 1=1 --"`)).map((r) => r.spec), []);
  assert.deepEqual(store.rows('subtraction:2', 10, parseWhere("spec = \"'); DROP TABLE games; --\"")).map((r) => r.spec), []);
  assert.equal(store.rows('subtraction:2', 10).length, 2, 'the table is still there');
  store.close();
});
