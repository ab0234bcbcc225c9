import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SpecError } from '../../../src/core/errors.js';
import { parseTakeAndBreakCode, readTakeAndBreakCode, specName, takeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame, referenceValues } from '../../../src/games/heaps/take-and-break/game.js';
import { directHeapOptions } from './hex-reference.js';
import { A002188 } from '../../helpers/published.js';

test('take-and-break codes as CGSuite writes them: octal, hexadecimal, long codes, ! and ? (two heaps), normalised text', () => {
  const cases: [string, string, number[], boolean[]][] = [
    ['0.07', '0.07', [0, 0, 7], [false, false, false]],
    ['.16', '0.16', [0, 1, 6], [false, false, false]],
    ['0.160', '0.16', [0, 1, 6], [false, false, false]],
    ['4!.0', '4!.0', [4], [true]],
    ['4!.', '4!.0', [4], [true]],
    ['4?.0', '4!.0', [4], [true]],
    ['0.b4', '0.B4', [0, 11, 4], [false, false, false]],
    ['0.8!', '0.8!', [0, 8], [false, true]],
    ['C.7!F', 'C.7!F', [12, 7, 15], [false, true, false]],
    ['0.0000007', '0.0000007', [0, 0, 0, 0, 0, 0, 0, 7], [false, false, false, false, false, false, false, false]],
  ];
  for (const [text, canonical, digits, unequal] of cases) {
    const code = parseTakeAndBreakCode(text);
    assert.equal(code.text, canonical, text);
    assert.deepEqual(code.digits, digits, text);
    assert.deepEqual(code.unequal, unequal, text);
    assert.equal(parseTakeAndBreakCode(code.text).text, canonical, `${text} reads back`);
  }
  assert.equal(parseTakeAndBreakCode('0.0000007').t, 7);
  assert.equal(parseTakeAndBreakCode('0.B4').maxParts, 3);
  assert.equal(parseTakeAndBreakCode('4!.0').maxParts, 2);
  assert.equal(parseTakeAndBreakCode('0.3').maxParts, 1);
  assert.equal(specName(parseTakeAndBreakCode('4!.0')), 'octal:4!.0');
  assert.equal(specName(parseTakeAndBreakCode('0.B4')), 'hex:0.B4');
});

test('take-and-break codes: each malformed code is refused with what is wrong and its column', () => {
  const cases: [string, number, RegExp][] = [
    ['', 1, /expected a take-and-break code/],
    ['07', 3, /expected a point/],
    ['.', 1, /expected digits after the point/],
    ['1.0', 1, /d0 = 1 may only be 0, 4, 8 or C/],
    ['44.0', 1, /more than one digit before the point/],
    ['0.3!', 4, /only a digit that splits/],
    ['0.4!!', 5, /! must follow a digit/],
    ['!4.0', 1, /! must follow a digit/],
    ['0.8?', 4, /\? \(not all heaps equal\) on a three-heap digit/],
    ['0.G', 3, /four or more heaps/],
    ['0.7.7', 4, /a second point/],
    ['0.[7]', 3, /periodic digits/],
    ['0.{2,3}', 3, /heap-count lists/],
    ['0.*', 3, /\* \(split into any number of heaps\)/],
    ['0.07x', 5, /unexpected "x"/],
  ];
  for (const [text, column, reason] of cases) {
    assert.throws(
      () => parseTakeAndBreakCode(text),
      (e: unknown) => e instanceof SpecError && e.column === column && reason.test(e.reason),
      `${JSON.stringify(text)} at column ${column}`,
    );
  }
  // Inside a longer spec, columns count from the spec's start and the code ends where the spec goes on.
  assert.throws(
    () => readTakeAndBreakCode('0.3!', { spec: 'octal:0.3!', offset: 6 }),
    (e: unknown) => e instanceof SpecError && e.column === 10 && e.spec === 'octal:0.3!',
  );
  const { code, length } = readTakeAndBreakCode('4!.0,nim)');
  assert.equal(code.text, '4!.0');
  assert.equal(length, 4);
  assert.throws(() => takeAndBreakCode([0, 3], [false, true]), RangeError);
  assert.throws(() => takeAndBreakCode([1, 3]), RangeError);
});

test("take-and-break options: Grundy's game 4!.0 splits a heap into two unequal heaps, 0.8! into three unequal heaps", () => {
  const grundy = new TakeAndBreakGame(parseTakeAndBreakCode('4!.0'));
  assert.deepEqual(grundy.heapOptions(6), [
    [1, 5],
    [2, 4],
  ]);
  assert.deepEqual(grundy.heapOptions(2), []);
  const three = new TakeAndBreakGame(parseTakeAndBreakCode('0.8!'));
  // Remove one token, then split the 8 left into three pairwise unequal heaps.
  assert.deepEqual(three.heapOptions(9), [
    [1, 2, 5],
    [1, 3, 4],
  ]);
  assert.equal(new TakeAndBreakGame(parseTakeAndBreakCode('0.8')).heapOptions(9).length, 5);
  assert.deepEqual(grundy.options([3, 4]), [
    [4, 1, 2],
    [3, 1, 3],
  ]);
});

test('take-and-break options equal the direct listing from the digits on octal and hexadecimal codes without !', () => {
  const key = (os: number[][]): string[] => os.map((o) => [...o].sort((a, b) => a - b).join(',')).sort();
  for (const text of ['0.07', '0.77', '4.7', '0.137', '0.6', '0.B4', '0.F3', '4.8', 'C.1', '0.1F8', '0.0000007']) {
    const code = parseTakeAndBreakCode(text);
    const ours = new TakeAndBreakGame(code);
    for (let n = 0; n <= 30; n++) assert.deepEqual(key(ours.heapOptions(n)), key(directHeapOptions(code.digits, n)), `${text} heap ${n}`);
  }
});

test("Grundy's game (Winning Ways ch. 4, OEIS A002188): the reference values of 4!.0 equal the published G(0..104)", () => {
  assert.equal(A002188.length, 105);
  assert.deepEqual(referenceValues(new TakeAndBreakGame(parseTakeAndBreakCode('4!.0')), 104), A002188);
});
