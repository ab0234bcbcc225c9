import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTakeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { OctalGame, TakeAndBreakGame, referenceValues } from '../../../src/games/heaps/take-and-break/game.js';
import { hexSequence, octalSequence } from '../../../src/games/heaps/take-and-break/octal-sequence.js';
import { pairSetSequence } from '../../../src/games/heaps/take-and-break/pair-set.js';
import { parseSpec } from '../../../src/spec/index.js';
import { directHexSequence } from './hex-reference.js';

const game = (text: string): TakeAndBreakGame => new TakeAndBreakGame(parseTakeAndBreakCode(text));

test('three-heap codes without !: the ruleset sequence capability (pair sets, pair-set.ts) equals the direct triple loop to 300 heaps', () => {
  for (const text of ['0.8', '0.B4', '0.F3', '4.8', 'C.1', '0.1F8', '0.A2']) {
    const g = game(text);
    assert.equal(g.capabilities.checkpoints, undefined, text);
    const run = g.capabilities.sequence!(300, {}, () => []);
    assert.deepEqual(Array.from(run.values), directHexSequence(g.code.digits, 300), text);
  }
  // 0.F3 is 0 1 2 3 repeated: certified at the first look (256 heaps) and read off the period after it.
  const run = game('0.F3').capabilities.sequence!(1000, {}, () => []);
  assert.equal(run.period?.period, 4);
  assert.match(run.period?.certificate ?? '', /^Guy–Smith, three-part window/);
});

test('pairSetSequence: values computed and the period they were extended by; hexSequence reports the same as stats', () => {
  const r = pairSetSequence(parseTakeAndBreakCode('0.F3'), 10_000);
  assert.equal(r.computed, 256);
  assert.deepEqual([r.period?.period, r.period?.preperiod], [4, 0]);
  assert.equal(r.values.length, 10_001);
  assert.ok(r.values.every((v, n) => v === n % 4));
  const { stats } = hexSequence(game('0.F3'), 10_000);
  assert.deepEqual([stats.plain, stats.extended, stats.period?.period], [256, 10_001 - 256, 4]);
  const far = pairSetSequence(parseTakeAndBreakCode('0.B4'), 600, { extendByPeriod: false });
  assert.deepEqual([far.computed, far.period], [601, undefined]);
});

test('the pair-set and older octal kernels refuse codes with ! (a set of XORs cannot drop an equal split)', () => {
  assert.throws(() => pairSetSequence(parseTakeAndBreakCode('0.8!'), 10), /pair-set kernel cannot require unequal heaps: 0\.8! has a digit with !/);
  assert.throws(() => hexSequence(game('0.B!4'), 10), (e: unknown) => e instanceof RangeError && /hexSequence cannot require unequal heaps/.test(e.message));
  assert.throws(() => octalSequence(game('4!.0'), 10), (e: unknown) => e instanceof RangeError && /octalSequence cannot require unequal heaps/.test(e.message));
  // The ruleset itself takes such codes through kernel.ts.
  assert.deepEqual(Array.from(game('0.8!').capabilities.sequence!(60, {}, () => []).values), referenceValues(game('0.8!'), 60));
});

test('the deprecated OctalGame is the take-and-break game of its digits, named by its radix', () => {
  const dawson = new OctalGame([0, 0, 7, 0]);
  assert.ok(dawson instanceof TakeAndBreakGame);
  assert.equal(dawson.name, 'octal:0.07');
  assert.deepEqual([dawson.digits, dawson.lastDigit, dawson.maxParts, dawson.radix], [[0, 0, 7], 2, 2, 8]);
  assert.deepEqual(
    Array.from(dawson.capabilities.sequence!(500, {}, () => []).values),
    Array.from(parseSpec('octal:0.07').capabilities!.sequence!(500, {}, () => []).values),
  );
  const hex = new OctalGame([0, 11, 4], 16);
  assert.deepEqual([hex.name, hex.maxParts, hex.code.text], ['hex:0.B4', 3, '0.B4']);
  assert.equal(new OctalGame([0, 1]).maxParts, 2);
  assert.throws(() => new OctalGame([0, 8]), /octal digits are 0\.\.7/);
  assert.throws(() => new OctalGame([1, 7]), /d0 may only be 0, 4, 8 or 12/);
});
