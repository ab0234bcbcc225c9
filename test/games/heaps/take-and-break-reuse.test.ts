/**
 * Kept runs (take-and-break/reuse.ts): a code that only adds take-all or leave-one-heap moves to a code run
 * before is checked against that run's values instead of computed. The runs with and without it must agree in
 * everything (values, period, certificate, apparent period, heaps computed), and a code whose extra moves do
 * change a value must be computed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTakeAndBreakCode, type TakeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame, referenceValues } from '../../../src/games/heaps/take-and-break/game.js';
import { keepRecentRuns, RecentRuns } from '../../../src/games/heaps/take-and-break/reuse.js';
import { takeAndBreakSequence, type TakeAndBreakResult } from '../../../src/games/heaps/take-and-break/sequence.js';

/** Every octal code 0.d1d2d3 and 4.d1d2d3, in the census's order. */
function threeDigitCodes(): TakeAndBreakCode[] {
  const out: TakeAndBreakCode[] = [];
  for (const d0 of [0, 4]) for (let d = 0; d < 512; d++) out.push(parseTakeAndBreakCode(`${d0}.${d >> 6}${(d >> 3) & 7}${d & 7}`));
  return out;
}

/** Whether a run took its values from a kept run (no heap went through a kernel path). */
const reused = (r: TakeAndBreakResult): boolean => r.stats.plain + r.stats.sparse === 0 && r.values.length > 0;

function same(a: TakeAndBreakResult, b: TakeAndBreakResult, what: string): void {
  assert.deepEqual(Array.from(b.values), Array.from(a.values), what);
  assert.deepEqual(b.period, a.period, what);
  assert.deepEqual(b.apparent, a.apparent, what);
  assert.equal(b.computed, a.computed, what);
}

test('every 0.d1d2d3 and 4.d1d2d3 to 700, one after another: the kept runs give what the kernel gives, for a third of them and more', () => {
  const codes = threeDigitCodes();
  for (const atPeriod of ['extend', 'stop'] as const) {
    keepRecentRuns(0);
    const computed = codes.map((c) => takeAndBreakSequence(c, 700, { atPeriod }));
    assert.ok(computed.every((r) => !reused(r)), 'nothing kept: every run computed');
    keepRecentRuns();
    const fast = codes.map((c) => takeAndBreakSequence(c, 700, { atPeriod }));
    codes.forEach((c, i) => same(computed[i]!, fast[i]!, `${c.text} (${atPeriod})`));
    const count = fast.filter(reused).length;
    assert.ok(count > (atPeriod === 'extend' ? codes.length / 3 : 50), `${count} runs reused kept values (${atPeriod})`);
  }
  keepRecentRuns(0);
});

test('the values a kept run gives are the reference values (the mex over every option)', () => {
  keepRecentRuns();
  for (const text of ['0.744', '0.764', '0.766', '0.767', '0.414', '0.415', '0.435']) {
    const code = parseTakeAndBreakCode(text);
    const r = takeAndBreakSequence(code, 300);
    assert.deepEqual(Array.from(r.values), referenceValues(new TakeAndBreakGame(code), 300), text);
  }
  assert.ok(reused(takeAndBreakSequence(parseTakeAndBreakCode('0.766'), 300)), '0.766 after 0.764: kept values');
  keepRecentRuns(0);
});

test('a move that changes a value is not taken from a kept run: 0.6 after 0.4 (G(2): 1, not 0), 0.7 after 0.6 (G(1))', () => {
  const recent = new RecentRuns(2 ** 20);
  for (const [kept, later] of [
    ['0.4', '0.6'],
    ['0.6', '0.7'],
  ] as const) {
    const a = parseTakeAndBreakCode(kept);
    const b = parseTakeAndBreakCode(later);
    recent.keep(a, referenceValues(new TakeAndBreakGame(a), 100), 101);
    assert.equal(recent.valuesFor(b, 101), undefined, `${later} after ${kept}`);
  }
  // A code with another split is never checked against a kept run, whatever its values.
  recent.keep(parseTakeAndBreakCode('0.07'), referenceValues(new TakeAndBreakGame(parseTakeAndBreakCode('0.07')), 100), 101);
  assert.equal(recent.valuesFor(parseTakeAndBreakCode('0.47'), 101), undefined);
  // A run kept shorter than asked proves nothing past its end.
  recent.keep(parseTakeAndBreakCode('0.764'), referenceValues(new TakeAndBreakGame(parseTakeAndBreakCode('0.764')), 100), 101);
  assert.equal(recent.valuesFor(parseTakeAndBreakCode('0.766'), 102), undefined);
  assert.deepEqual(Array.from(recent.valuesFor(parseTakeAndBreakCode('0.766'), 101) ?? []), referenceValues(new TakeAndBreakGame(parseTakeAndBreakCode('0.766')), 100));
});
