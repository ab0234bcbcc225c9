/**
 * Negative bases −k (Walnut's msd_neg_k / lsd_neg_k): expansions, and the adder and comparator
 * automata checked against integer arithmetic in a box of negative and positive values.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NumerationSystem } from '../../src/numeration/system.js';
import { lsdNegabaseAddition, lsdNegabaseLess, negabaseDigits, negabaseValue } from '../../src/numeration/negative.js';
import { Session } from '../../src/logic/session.js';

/** Pads a tuple of integers into a word of packed letters (first track fastest), msd or lsd. */
function word(sys: NumerationSystem, values: number[], extra = 1): number[] {
  const reps = values.map((v) => sys.represent(v));
  const len = Math.max(0, ...reps.map((r) => r.length)) + extra;
  const padded = reps.map((r) => {
    const z = new Array<number>(len - r.length).fill(0);
    return sys.msd ? [...z, ...r] : [...r, ...z];
  });
  return Array.from({ length: len }, (_, i) => padded.reduceRight((acc, p) => acc * sys.base + p[i]!, 0));
}

test('base −k expansions: digits 0..k−1, no leading zero, value recovered (−500..500, k = 2, 3, 10)', () => {
  for (const k of [2, 3, 10]) {
    for (let n = -500; n <= 500; n++) {
      const d = negabaseDigits(BigInt(n), k);
      assert.ok(d.every((x) => x >= 0 && x < k));
      assert.ok(d.length === 0 || d[0] !== 0, `leading zero in ${d}`);
      // Reference: Σ d_i (−k)^i computed in plain numbers.
      let v = 0;
      d.forEach((x, i) => (v += x * (-k) ** (d.length - 1 - i)));
      assert.equal(v, n);
      assert.equal(negabaseValue(d, k), BigInt(n));
    }
  }
  assert.deepEqual(negabaseDigits(-1n, 2), [1, 1]);
  assert.deepEqual(negabaseDigits(2n, 2), [1, 1, 0]);
});

test('base −2 and −3: x + y = z and x < y automata agree with the integers on [−12, 12]^3, msd and lsd', () => {
  for (const name of ['msd_neg_2', 'lsd_neg_2', 'msd_neg_3', 'lsd_neg_3']) {
    const sys = NumerationSystem.byName(name);
    assert.equal(sys.signed, true);
    const add = sys.addition();
    const lt = sys.lessThan();
    const eq = sys.equality();
    for (let x = -12; x <= 12; x++) {
      for (let y = -12; y <= 12; y++) {
        assert.equal(lt.accepts(word(sys, [x, y])), x < y, `${name}: ${x} < ${y}`);
        assert.equal(lt.accepts(word(sys, [x, y], 3)), x < y, `${name}: ${x} < ${y}, padded`);
        assert.equal(eq.accepts(word(sys, [x, y])), x === y);
        for (let z = -12; z <= 12; z++) assert.equal(add.accepts(word(sys, [x, y, z])), x + y === z, `${name}: ${x}+${y}=${z}`);
      }
    }
  }
});

test('base −2: the lsd carry automata are small (3 carries for +, comparison with sign)', () => {
  assert.ok(lsdNegabaseAddition(2).stateCount <= 5);
  assert.ok(lsdNegabaseLess(2).stateCount <= 12);
});

test('base −2 formulas: negative constants, negation, floor division, quantifiers over Z (brute force on [−20, 20])', () => {
  const s = new Session();
  const sys = NumerationSystem.byName('msd_neg_2');
  const member = (cmd: string, values: number[]) => s.run(cmd).predicate!.dfa.accepts(word(sys, values));
  const box = Array.from({ length: 41 }, (_, i) => i - 20);
  for (const x of box) {
    assert.equal(member('eval q "?msd_neg_2 x = _5";', [x]), x === -5);
    for (const y of [-7, -3, 0, 4, 9]) {
      assert.equal(member(`eval q "?msd_neg_2 y = x/3";`, [x, y]), y === Math.floor(x / 3), `${y} = ${x}/3`);
      assert.equal(member(`eval q "?msd_neg_2 y = _x";`, [x, y]), y === -x);
      assert.equal(member(`eval q "?msd_neg_2 y = x/_2";`, [x, y]), y === Math.floor(x / -2), `${y} = ${x}/-2`);
    }
  }
  // Every integer is even or odd, and some integer is below every natural's negative.
  assert.equal(s.run('eval q "?msd_neg_2 Ax Ey x = 2*y | x = 2*y+1";').result, true);
  assert.equal(s.run('eval q "?msd_neg_2 Ex x < 0";').result, true);
  assert.equal(s.run('eval q "?msd_neg_2 Ax Ey y < x";').result, true);
  assert.equal(s.run('eval q "Ax Ey y < x";').result, false);
});
