import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hexSequence, octalSequence } from '../../src/games/heaps/take-and-break/octal-sequence.js';
import { findArithmeticPeriod, findPeriod } from '../../src/analysis/periodicity.js';
import { guySmithCertifier } from '../../src/games/heaps/take-and-break/guy-smith.js';
import { grundySequence, sequenceWithPeriod } from '../../src/analysis/sequence.js';
import type { TakeAndBreakGame } from '../../src/games/heaps/take-and-break/game.js';
import { parseSpec } from '../../src/spec/index.js';
import { Solver } from '../../src/core/solver.js';
import { InterruptedError, LimitError, SpecError } from '../../src/core/errors.js';
import { directHexSequence } from '../games/heaps/hex-reference.js';
import { octalGame } from '../helpers/octal-game.js';

const hex = (code: string): TakeAndBreakGame => octalGame(code);

const HEX_CODES = ['0.8', '0.F', '0.9', '0.A', '0.B4', '0.38', '0.E', '0.C', '4.8', '8.0', 'C.1', '0.1F8'];

test('hexadecimal games (Winning Ways ch. 4): the pair-set kernel equals the general solver on 12 codes to 200 heaps', () => {
  for (const code of HEX_CODES) {
    const g = hex(code);
    assert.equal(g.code.maxParts, 3, code);
    const ref = grundySequence(g, 200, { solver: new Solver() });
    for (const opts of [{ extendByPeriod: false }, {}]) {
      assert.deepEqual(Array.from(octalSequence(g, 200, opts).values), ref, `${code} ${JSON.stringify(opts)}`);
    }
  }
});

test('hexadecimal games: the pair-set kernel equals the direct triple loop to 700 heaps, bitsets widened to 512 values', () => {
  for (const code of ['0.B4', '0.E', '0.8F', '0.9']) {
    const g = hex(code);
    const fast = Array.from(octalSequence(g, 700, { extendByPeriod: false }).values);
    assert.deepEqual(fast, directHexSequence(g.code.digits, 700), code);
    // The bitsets start at 32 values: the widening path is exercised only if values pass 32, 64, ...
    if (code === '0.B4') assert.ok(Math.max(...fast) > 256);
  }
});

test('hexadecimal games: octal codes run through the pair-set kernel equal the octal kernels to 2000 heaps', () => {
  for (const code of ['0.07', '0.137', '0.6', '4.7', '0.16']) {
    const g = octalGame(code);
    assert.equal(g.code.maxParts, 2);
    const ref = Array.from(octalSequence(g, 2000, { extendByPeriod: false }).values);
    assert.deepEqual(Array.from(hexSequence(g, 2000, { extendByPeriod: false }).values), ref, code);
  }
});

test('hexadecimal 0.F, 0.B, 0.D (Winning Ways ch. 4): G(n) = n mod 2, certified with period 2 from 0', () => {
  // Every option of n removes one token and leaves parts summing to n - 1. If G(m) = m mod 2 below n,
  // the XOR of those parts' values is the parity of their sum, (n - 1) mod 2: the only option value,
  // so G(n) = mex{(n - 1) mod 2} = n mod 2 (and G(0) = 0, G(1) = mex{0} = 1 as 1 token may go).
  for (const code of ['0.F', '0.B', '0.D']) {
    const { values, period } = sequenceWithPeriod(hex(code), 3000);
    for (let n = 0; n <= 3000; n++) assert.equal(values[n], n % 2, `${code} G(${n})`);
    assert.equal(period.certified, true);
    assert.equal(period.period, 2);
    assert.equal(period.preperiod, 0);
    assert.match(period.certificate!, /three-part window/);
  }
});

test('hexadecimal 0.8 (Winning Ways ch. 4): arithmetic-periodic, G(n) = floor((n-1)/3) for n >= 1, and no period reported', () => {
  // Proof, f(m) = floor((m-1)/3): the parts of an option of n sum to n - 1, and f(a)^f(b)^f(c) <=
  // f(a)+f(b)+f(c) <= (n - 4)/3 < f(n), so f(n) is not an option value. Every v < f(n) is: take
  // a with f(a) = v (3 choices, 3v+1..3v+3) and b = c with f(b) = w; a + 2b covers 3v+6w+3..3v+6w+9,
  // and these intervals over w >= 0 cover every n - 1 >= 3v + 3, i.e. every v <= f(n) - 1.
  const { values, period } = sequenceWithPeriod(hex('0.8'), 2000);
  assert.equal(values[0], 0);
  for (let n = 1; n <= 2000; n++) assert.equal(values[n], Math.floor((n - 1) / 3), `G(${n})`);
  assert.equal(period.period, null);
  assert.equal(period.certified, false);
  // Reported as an apparent arithmetic period only: G(n + 3) = G(n) + 1 from n = 1.
  assert.equal(period.apparentArithmeticPeriod, 3);
  assert.equal(period.apparentSaltus, 1);
  assert.equal(period.apparentArithmeticPreperiod, 1);
});

test('findArithmeticPeriod: the least p with G(n+p) = G(n) + s, s > 0, over three periods; none for periodic or short sequences', () => {
  const seq = (n: number, f: (i: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i));
  // 7 exceptional values, then period 5 with saltus 4.
  const shape = [0, 3, 1, 2, 2];
  const g = seq(200, (i) => (i < 7 ? 50 + i : 4 * Math.floor(i / 5) + shape[i % 5]!));
  assert.deepEqual(findArithmeticPeriod(g), { period: 5, saltus: 4, preperiod: 7 });
  assert.equal(findArithmeticPeriod(seq(200, (i) => i % 7)), undefined);
  assert.equal(findArithmeticPeriod(seq(20, (i) => i)), undefined);
  assert.equal(sequenceWithPeriod(parseSpec('octal:0.07'), 300).period.apparentArithmeticPeriod, undefined);
});

test('hexadecimal periods: the three-part Guy–Smith window (n0 <= n < 3 n0 + 2p + t) certifies 0.A2, 0.F3, 4.8; re-checked to 6000 heaps', () => {
  const expected: Record<string, [number, number]> = { '0.A2': [4, 1], '0.F3': [4, 0], '4.8': [2, 1], '0.A': [2, 1] };
  for (const [code, [p, n0]] of Object.entries(expected)) {
    const g = hex(code);
    const r = octalSequence(g, 6000);
    assert.equal(r.stats.period?.period, p, code);
    assert.equal(r.stats.period?.preperiod, n0, code);
    const far = octalSequence(g, 6000, { extendByPeriod: false }).values;
    assert.deepEqual(Array.from(r.values), Array.from(far), code);
    for (let n = n0; n + p <= 6000; n++) assert.equal(far[n + p], far[n], `${code} at ${n}`);
  }
});

test('hexadecimal periods: a prefix shorter than the three-part window gets no certificate', () => {
  const g = hex('0.A2');
  const v = octalSequence(g, 400, { extendByPeriod: false }).values;
  // Period 4 from 1, t = 2: the window needs G up to 3·1 + 2·4 + 2 + 4 - 1 = 16.
  assert.equal(findPeriod(v.subarray(0, 16), guySmithCertifier(2, 3)).certified, false);
  assert.equal(findPeriod(v.subarray(0, 17), guySmithCertifier(2, 3)).certified, true);
  assert.equal(findPeriod(v.subarray(0, 17), guySmithCertifier(2, 3)).period, 4);
});

test('hexadecimal kernel: an abort keeps the finished values', () => {
  const ac = new AbortController();
  ac.abort();
  assert.throws(
    () => octalSequence(hex('0.B4'), 5000, { signal: ac.signal }),
    (e: unknown) => e instanceof InterruptedError && (e.partial as Int32Array).length === 0,
  );
});

test('hexadecimal kernel: a pair-set memory budget overrun is a LimitError that keeps the values finished', () => {
  // 0.8 reaches G = 32 at n = 97, when the pair sets need a second word per heap: 2 x 1001 > 1500.
  assert.throws(
    () => octalSequence(hex('0.8'), 1000, { maxPairWords: 1500 }),
    (e: unknown) => e instanceof LimitError && Array.from(e.partial as Int32Array).join() === Array.from({ length: 98 }, (_, n) => (n === 0 ? 0 : Math.floor((n - 1) / 3))).join(),
  );
});

test('hex: specs: names, options into three heaps, errors at the bad digit that point octal users to hex:', () => {
  assert.equal(parseSpec('hex:0.b4').name, 'hex:0.B4');
  assert.equal(parseSpec('hex:.8').name, 'hex:0.8');
  assert.equal(parseSpec('hex:C.1').name, 'hex:C.1');
  // The prefix stays as written (a census of hex:D names its members so).
  assert.equal(parseSpec('hex:0.7').name, 'hex:0.7');
  // Splits of r into three positive parts: round(r^2 / 12) of them (Winning Ways' bit 8).
  for (let n = 0; n <= 40; n++) assert.equal(hex('0.8').heapOptions(n).length, n >= 4 ? Math.round((n - 1) ** 2 / 12) : 0, `n=${n}`);
  assert.deepEqual(hex('0.8').heapOptions(5), [[1, 1, 2]]);
  const err = (spec: string): SpecError => {
    try {
      parseSpec(spec);
    } catch (e) {
      assert.ok(e instanceof SpecError, `${spec}: ${e}`);
      assert.doesNotMatch(e.message, /\n/);
      return e;
    }
    assert.fail(`${spec} was accepted`);
  };
  assert.equal(err('octal:0.B4').column, 9);
  assert.match(err('octal:0.B4').message, /B is not an octal digit.*hex:0\.B4/);
  assert.equal(err('octal:0.08').column, 10);
  assert.match(err('octal:0.08').message, /hex:0\.08/);
  assert.equal(err('hex:0.G').column, 7);
  assert.match(err('hex:1.8').message, /0, 4, 8 or C/);
  assert.equal(err('hex:.').column, 5);
  // `0.` is d0 alone (trailing zeros are dropped, as in CGSuite): the game with no move.
  assert.equal(parseSpec('hex:0.').name, 'hex:0.0');
  assert.equal((parseSpec('sum(hex:0.8,nim)') as { name: string }).name.includes('hex:0.8'), true);
});
