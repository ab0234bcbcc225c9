import { test } from 'node:test';
import assert from 'node:assert/strict';
import { octalSequence } from '../../src/games/heaps/take-and-break/octal-sequence.js';
import { findPeriod } from '../../src/analysis/periodicity.js';
import { guySmithCertifier } from '../../src/games/heaps/take-and-break/guy-smith.js';
import { grundySequence, oneHeapSequence, sequenceWithPeriod } from '../../src/analysis/sequence.js';
import type { TakeAndBreakGame } from '../../src/games/heaps/take-and-break/game.js';
import { parseSpec } from '../../src/spec/index.js';
import { Solver } from '../../src/core/solver.js';
import { InterruptedError } from '../../src/core/errors.js';
import { octalGame } from '../helpers/octal-game.js';

const octal = (code: string): TakeAndBreakGame => octalGame(code);

function checksum(values: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < values.length; i++) h = (Math.imul(h, 31) + values[i]!) >>> 0;
  return h;
}

const CODES = ['0.07', '0.137', '0.77', '0.4', '0.6', '0.16', '0.007', '0.37', '0.51', '0.156', '4.7', '0.7', '0.14', '0.2', '0.753', '4.05'];

test('octal kernel: plain, sparse-space and period-extended kernels equal the general solver (16 codes, n <= 120)', () => {
  for (const code of CODES) {
    const g = octal(code);
    const ref = grundySequence(g, 120, { solver: new Solver() });
    for (const opts of [{ sparse: false, extendByPeriod: false }, { sparse: true, extendByPeriod: false }, {}]) {
      assert.deepEqual(Array.from(octalSequence(g, 120, opts).values), ref, `${code} ${JSON.stringify(opts)}`);
    }
  }
});

test('octal kernel: the sparse-space kernel equals the plain kernel where it is used (0.16, 0.6, 0.14 to 2^13)', () => {
  for (const code of ['0.16', '0.6', '0.14']) {
    const g = octal(code);
    const sparse = octalSequence(g, 1 << 13, { extendByPeriod: false });
    const plain = octalSequence(g, 1 << 13, { sparse: false, extendByPeriod: false });
    assert.deepEqual(sparse.values, plain.values, code);
    if (code === '0.16') assert.ok(sparse.stats.sparse > 4000, 'the sparse kernel did the work for 0.16');
  }
});

test('octal kernel: checksums of G(0..10^5) equal the C baseline (0.07, 0.137, 0.77, 0.4)', () => {
  const expected: Record<string, number> = { '0.07': 3195346375, '0.137': 271489818, '0.77': 1789642129, '0.4': 2874022332 };
  for (const [code, h] of Object.entries(expected)) assert.equal(checksum(octalSequence(octal(code), 100_000).values), h, code);
});

test('octal periods certified by Guy–Smith: 0.07 Dawson’s Kayles 34/53, 0.137 Dawson’s chess 34/52, 0.77 Kayles 12/71, 0.4 34/54 (push-the-button §5 cites 0.07)', () => {
  // The contract's preperiod is the least n0 with G(n+p) = G(n) for all n >= n0: the issue's "0.07
  // preperiod 52" and "0.77 preperiod 70" are the last exceptional heaps, 52 and 70.
  const expected: Record<string, [number, number]> = { '0.07': [34, 53], '0.137': [34, 52], '0.77': [12, 71], '0.4': [34, 54] };
  for (const [code, [p, n0]] of Object.entries(expected)) {
    const { period } = sequenceWithPeriod(octal(code), 400);
    assert.equal(period.certified, true, code);
    assert.equal(period.period, p, code);
    assert.equal(period.preperiod, n0, code);
    assert.match(period.certificate!, /Guy–Smith/);
  }
});

test('Guy–Smith: a certificate is refused when the values computed are too few, and a certified period holds far beyond the window', () => {
  const g = octal('0.77');
  const short = findPeriod(octalSequence(g, 150, { extendByPeriod: false }).values, guySmithCertifier(g.code.t));
  assert.equal(short.certified, false, '2·71 + 2·12 + 2 values are needed for Kayles');
  const long = octalSequence(g, 5000, { extendByPeriod: false, sparse: false }).values;
  for (let n = 71; n + 12 < long.length; n++) assert.equal(long[n + 12], long[n]);
  assert.notEqual(long[70], long[82]);
});

test('0.16 has no certified period below 2^13, and one is not invented', () => {
  const { period } = sequenceWithPeriod(octal('0.16'), 1 << 13);
  assert.equal(period.certified, false);
  assert.equal(period.period, null);
});

test('taking-and-merging encoding: rewrite:ba->b,aa->b on b a^n b equals octal:0.37, and sums of heaps too', () => {
  const rw = parseSpec('rewrite:ba->b,aa->b');
  const oct = octalSequence(octal('0.37'), 16).values;
  const solver = new Solver();
  for (let n = 0; n <= 16; n++) assert.equal(solver.grundy(rw, `b${'a'.repeat(n)}b`), oct[n], `n = ${n}`);
  for (let x = 0; x <= 6; x++) {
    for (let y = 0; y <= 6; y++) assert.equal(solver.grundy(rw, `b${'a'.repeat(x)}b${'a'.repeat(y)}b`), oct[x]! ^ oct[y]!, `${x},${y}`);
  }
});

test('octal kernel: an abort keeps the values finished', () => {
  const ac = new AbortController();
  ac.abort();
  assert.throws(
    () => octalSequence(octal('0.16'), 1 << 16, { signal: ac.signal }),
    (e: unknown) => e instanceof InterruptedError && (e.partial as Int32Array).length === 0,
  );
});

test('Guy–Smith with d0 = 4 (a heap may split without removal): certified periods of 4.7, 4.05, 4.3 hold far beyond the window', () => {
  for (const code of ['4.7', '4.05', '4.3', '4.07']) {
    const { period } = sequenceWithPeriod(octal(code), 3000);
    if (!period.certified) continue;
    const far = octalSequence(octal(code), 12_000, { extendByPeriod: false, sparse: false }).values;
    for (let n = period.preperiod!; n + period.period! < far.length; n++) assert.equal(far[n + period.period!], far[n], `${code} at ${n}`);
  }
});

test('period extension equals the plain kernel where it is used (0.07, 0.137, 0.77, 4.7 to 5000)', () => {
  for (const code of ['0.07', '0.137', '0.77', '4.7']) {
    const ext = octalSequence(octal(code), 5000);
    assert.ok(ext.stats.extended > 3000, `${code}: extension used`);
    assert.deepEqual(ext.values, octalSequence(octal(code), 5000, { extendByPeriod: false, sparse: false }).values, code);
  }
});

test('subtraction kernel equals the general solver (8 sets, n <= 150)', () => {
  for (const spec of ['subtraction:1', 'subtraction:1-3', 'subtraction:2,5,7', 'subtraction:1,4', 'subtraction:3,4,9', 'subtraction:1,2,4,8', 'subtraction:6', 'subtraction:2-4,11']) {
    const rs = parseSpec(spec);
    assert.deepEqual(Array.from(oneHeapSequence(rs, 150)), grundySequence(rs, 150, { solver: new Solver() }), spec);
  }
});
