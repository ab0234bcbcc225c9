import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findPeriod } from '../../src/analysis/periodicity.js';
import { pushSubtractionCertifier, windowCertifier } from '../../src/games/heaps/subtraction-sequence.js';
import { grundySequence, oneHeapSequence, sequenceWithPeriod } from '../../src/analysis/sequence.js';
import { PushCompound } from '../../src/core/compounds.js';
import { Solver } from '../../src/core/solver.js';
import { SubtractionGame } from '../../src/games/heaps/subtraction.js';
import { parseSpec } from '../../src/spec/index.js';
import { lcg, randomSet, range } from '../helpers/plain.js';

const sub = (set: number[]): SubtractionGame => new SubtractionGame(set);
const outcomes = (values: ArrayLike<number>): number[] => Array.from(values, (v) => (v === 0 ? 1 : 0));

test('push(SUBTRACTION, R2) fast sequence equals the general solver (subtraction, octal and push tails)', () => {
  for (const spec of ['push(subtraction:1-3,subtraction:1-5)', 'push(subtraction:2,5,octal:0.07)', 'push(subtraction:1,4,subtraction:2,3,subtraction:1)', 'push(subtraction:3,mark)']) {
    const rs = parseSpec(spec);
    assert.deepEqual(Array.from(oneHeapSequence(rs, 80)), grundySequence(rs, 80, { solver: new Solver() }), spec);
  }
});

test('push-the-button Theorem 4.2.4: P-positions of SUBTRACTION({1..k1}) ⊙ SUBTRACTION({1..k2}) have the period of the formula, all 1 <= k1, k2 <= 8', () => {
  for (let k1 = 1; k1 <= 8; k1++) {
    for (let k2 = 1; k2 <= 8; k2++) {
      let a = -1;
      for (let t = 1; t <= k2 + 1; t++) if (((k1 + 1) * t + 1) % (k2 + 1) === 0) { a = t; break; }
      const expected = a > 0 ? (k1 + 1) * a + 1 : k1 + 1;
      const rs = new PushCompound([sub(range(k1)), sub(range(k2))]);
      const o = outcomes(oneHeapSequence(rs, 6 * expected + 40));
      const found = findPeriod(o, pushSubtractionCertifier(k1, k2 + 1, 0));
      assert.equal(found.certified, true, `k1=${k1} k2=${k2}`);
      assert.equal(found.period, expected, `k1=${k1} k2=${k2}: least certified period`);
      assert.equal(found.preperiod, 0, `k1=${k1} k2=${k2}: periodic from 0`);
    }
  }
});

test('push-the-button Theorem 4.2.3: for 40 random S with max(S) <= 6 and purely periodic R2, period and preperiod <= k·2^max(S) (outcomes) and <= k(|S|+2)^max(S) (values)', () => {
  const rand = lcg(20261122);
  let checked = 0;
  while (checked < 40) {
    const s = randomSet(rand, 1 + Math.floor(rand() * 6));
    const r2 = sub(randomSet(rand, 1 + Math.floor(rand() * 6)));
    const m = Math.max(...s);
    const v2 = oneHeapSequence(r2, 400);
    const p2v = findPeriod(v2, windowCertifier(Math.max(...r2.set)));
    const p2o = findPeriod(outcomes(v2), windowCertifier(Math.max(...r2.set)));
    if (p2o.preperiod !== 0 || p2v.preperiod !== 0) continue; // the theorem assumes R2 periodic from 0
    const k = p2o.period!;
    const kv = p2v.period!;
    const rs = new PushCompound([sub(s), r2]);
    const outcomeBound = k * 2 ** m;
    const valueBound = kv * (s.length + 2) ** m;
    const len = 2 * outcomeBound + 2 * m + 20;
    const values = oneHeapSequence(rs, Math.max(len, 3 * Math.min(valueBound, 5000)));
    const po = findPeriod(outcomes(values), pushSubtractionCertifier(m, k, 0));
    const pv = findPeriod(values, pushSubtractionCertifier(m, kv, 0));
    const name = `S={${s}} R2=${r2.name}`;
    assert.equal(po.certified, true, name);
    assert.ok(po.period! <= outcomeBound && po.preperiod! <= outcomeBound, `${name}: outcomes ${po.period}/${po.preperiod} > ${outcomeBound}`);
    assert.equal(pv.certified, true, name);
    assert.ok(pv.period! <= valueBound && pv.preperiod! <= valueBound, `${name}: values ${pv.period}/${pv.preperiod} > ${valueBound}`);
    checked++;
  }
});

test('Theorem 4.2.3 state certificate is sound: a certified period still holds 20 times further out', () => {
  const rand = lcg(7);
  for (let trial = 0; trial < 25; trial++) {
    const rs = new PushCompound([sub(randomSet(rand, 1 + Math.floor(rand() * 6))), sub(randomSet(rand, 1 + Math.floor(rand() * 6)))]);
    const { period } = sequenceWithPeriod(rs, 300);
    if (!period.certified) continue;
    const far = oneHeapSequence(rs, 20 * 300);
    for (let n = period.preperiod!; n + period.period! < far.length; n++) assert.equal(far[n + period.period!], far[n], rs.name);
  }
});

test('certified versus apparent: MARK and 0.16 get no certificate; a push onto an uncertified game gets none either', () => {
  for (const spec of ['mark', 'octal:0.16', 'push(subtraction:1,mark)']) {
    const { period } = sequenceWithPeriod(parseSpec(spec), 600);
    assert.equal(period.certified, false, spec);
    assert.equal(period.period, null, spec);
  }
  const pass = sequenceWithPeriod(parseSpec('pass(subtraction:1-3)'), 200).period;
  assert.equal(pass.certified, false, 'no theorem covers a pass');
  assert.equal(pass.apparentPeriod, 4, 'but the values look periodic');
});

test('subtraction games: the window certificate (G(n) depends on the max(S) values before it) matches the values far out', () => {
  for (const spec of ['subtraction:2,5,7', 'subtraction:1,4', 'subtraction:3,4,9']) {
    const { period } = sequenceWithPeriod(parseSpec(spec), 500);
    assert.equal(period.certified, true, spec);
    const far = oneHeapSequence(parseSpec(spec), 20_000);
    for (let n = period.preperiod!; n + period.period! < far.length; n++) assert.equal(far[n + period.period!], far[n], spec);
  }
});

test('P-position period derived from a certified value period: Theorem 4.2.4 through sequenceWithPeriod, and the least period seen far out', () => {
  for (const [k1, k2, expected] of [[2, 4, 10], [3, 5, 4], [1, 2, 3], [4, 6, 21]] as const) {
    const rs = new PushCompound([sub(range(k1)), sub(range(k2))]);
    const r = sequenceWithPeriod(rs, 400);
    assert.equal(r.pPeriod?.period, expected, `k1=${k1} k2=${k2}`);
  }
  for (const spec of ['octal:0.07', 'octal:0.77', 'subtraction:2,5,7', 'push(subtraction:1,3,octal:0.07)']) {
    const r = sequenceWithPeriod(parseSpec(spec), 600);
    const far = outcomes(oneHeapSequence(parseSpec(spec), 6000));
    const { period: d, preperiod: s } = r.pPeriod!;
    for (let n = s!; n + d! < far.length; n++) assert.equal(far[n + d!], far[n], spec);
    if (s! > 0) assert.notEqual(far[s! - 1], far[s! - 1 + d!], `${spec}: preperiod is least`);
    for (let e = 1; e < d!; e++) assert.ok(far.slice(3000, 3000 + 2 * d!).some((v, i) => v !== far[3000 + i + e]), `${spec}: ${e} is no period`);
  }
});
