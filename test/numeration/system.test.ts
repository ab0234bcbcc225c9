import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NumerationSystem } from '../../src/numeration/system.js';
import { LinearRecurrence } from '../../src/numeration/recurrence.js';
import { InputError } from '../../src/core/errors.js';

const rep = (sys: NumerationSystem, n: number | bigint) => sys.represent(n).join('');

/** Pads a tuple of integers into a word of packed letters (first track fastest), msd or lsd. */
function word(sys: NumerationSystem, values: number[]): number[] {
  const reps = values.map((v) => sys.represent(v));
  const len = Math.max(0, ...reps.map((r) => r.length)) + 1;
  const padded = reps.map((r) => {
    const z = new Array<number>(len - r.length).fill(0);
    return sys.msd ? [...z, ...r] : [...r, ...z];
  });
  return Array.from({ length: len }, (_, i) => padded.reduceRight((acc, p) => acc * sys.base + p[i]!, 0));
}

test('deciding-game-invariance section 3, Table 1: Tribonacci representations of 1..26', () => {
  const t = NumerationSystem.byName('msd_trib');
  const table = '1 10 11 100 101 110 1000 1001 1010 1011 1100 1101 10000 10001 10010 10011 10100 10101 10110 11000 11001 11010 11011 100000 100001 100010'.split(' ');
  table.forEach((r, i) => assert.equal(rep(t, i + 1), r, `rep_T(${i + 1})`));
  assert.deepEqual([0, 1, 2, 3, 4, 5].map((i) => t.term(i)), [1n, 2n, 4n, 7n, 13n, 24n]);
});

test('deciding-game-invariance Example 15: F-expansions of 1..13 avoid 11', () => {
  const f = NumerationSystem.byName('msd_fib');
  const expected = '1, 10, 100, 101, 1000, 1001, 1010, 10000, 10001, 10010, 10100, 10101, 100000'.split(', ');
  expected.forEach((r, i) => assert.equal(rep(f, i + 1), r));
  for (let n = 0; n < 2000; n++) assert.ok(!rep(f, n).includes('11'));
});

test('greedy expansions are exact in BigInt far beyond 2^53', () => {
  const f = NumerationSystem.byName('msd_fib');
  const n = 10n ** 40n + 12345n;
  assert.equal(f.value(f.represent(n)), n);
  const t = NumerationSystem.byName('lsd_trib');
  assert.equal(t.value(t.represent(n)), n);
});

test('deciding-game-invariance section 3: the validity automata accept exactly the greedy expansions (with zero padding)', () => {
  for (const name of ['msd_2', 'msd_3', 'msd_fib', 'msd_trib', 'msd_fraenkel_2_1', 'msd_gtrib_3', 'lsd_fib']) {
    const sys = NumerationSystem.byName(name);
    const v = sys.validity();
    // Every word of length <= 7 is accepted iff it is a padded greedy expansion.
    const len = 7;
    const total = sys.base ** len;
    for (let code = 0; code < total; code++) {
      const digits: number[] = [];
      let c = code;
      for (let i = 0; i < len; i++) {
        digits.push(c % sys.base);
        c = Math.floor(c / sys.base);
      }
      const value = sys.value(digits);
      const canonical = sys.represent(value);
      const stripped = sys.msd ? digits.slice(digits.findIndex((d) => d !== 0) === -1 ? len : digits.findIndex((d) => d !== 0)) : digits.slice(0, len - [...digits].reverse().findIndex((d) => d !== 0)) ;
      const isGreedy = digits.every((d) => d === 0) ? true : canonical.join(',') === stripped.join(',');
      assert.equal(v.accepts(digits), isGreedy, `${name} ${digits.join('')}`);
    }
  }
});

test('deciding-game-invariance section 5: addition automata agree with x + y = z in a box', () => {
  for (const name of ['msd_2', 'lsd_2', 'msd_3', 'msd_fib', 'lsd_fib', 'msd_trib', 'msd_fraenkel_1_2', 'msd_gtrib_2']) {
    const sys = NumerationSystem.byName(name);
    const add = sys.addition();
    for (let x = 0; x < 40; x++) {
      for (let y = 0; y < 40; y++) {
        for (const z of [x + y - 1, x + y, x + y + 1, x + y + 2]) {
          if (z < 0) continue;
          assert.equal(add.accepts(word(sys, [x, y, z])), z === x + y, `${name}: ${x}+${y}=${z}`);
        }
      }
    }
  }
});

test('order, equality, constants and V_U automata agree with arithmetic', () => {
  for (const name of ['msd_2', 'msd_fib', 'lsd_trib', 'msd_fraenkel_2_2']) {
    const sys = NumerationSystem.byName(name);
    const lt = sys.lessThan();
    const eq = sys.equality();
    const vu = sys.vU();
    const seven = sys.constant(7);
    const vOf = (m: number): number => {
      if (m === 0) return 1;
      const digits = sys.represent(m);
      const msdDigits = sys.msd ? digits : [...digits].reverse();
      // The smallest U_k with a non-zero digit: count the zeros at the right end.
      let k = 0;
      while (msdDigits[msdDigits.length - 1 - k] === 0) k++;
      return Number(sys.term(k));
    };
    for (let x = 0; x < 60; x++) {
      assert.equal(seven.accepts(word(sys, [x])), x === 7);
      for (let y = 0; y < 60; y++) {
        assert.equal(lt.accepts(word(sys, [x, y])), x < y);
        assert.equal(eq.accepts(word(sys, [x, y])), x === y);
        assert.equal(vu.accepts(word(sys, [x, y])), y === vOf(x), `${name} V(${x}) = ${y}?`);
      }
    }
  }
});

test('non-Pisot and non-Parry recurrences are refused with a clear error', () => {
  assert.throws(() => NumerationSystem.byName('msd_lin_1_2'), (e: Error) => e instanceof InputError && /not Pisot/.test(e.message));
  assert.throws(() => NumerationSystem.byName('msd_lin_1_2_3'), InputError);
  assert.throws(() => NumerationSystem.byName('msd_neg_fibx'), /only negative bases -k and custom bases/);
  assert.throws(() => new LinearRecurrence({ coefficients: [1, 1], initial: [2, 3] }), /U_0 must be 1/);
});

test('deciding-game-invariance Proposition 45: Fraenkel systems (s,t) are Pisot with U_1 = s + t', () => {
  for (let s = 1; s <= 3; s++) {
    for (let t = 1; t <= 3; t++) {
      const sys = NumerationSystem.byName(`msd_fraenkel_${s}_${t}`);
      assert.ok(sys.recurrence.pisot().isPisot);
      assert.equal(sys.term(1), BigInt(s + t));
      assert.equal(sys.term(2), BigInt((s + t - 1) * (s + t) + s));
    }
  }
});

test('deciding-game-invariance Example 53: the G_3 system is 1, 4, 14, 47, 159', () => {
  const g = NumerationSystem.byName('msd_gtrib_3');
  assert.deepEqual([0, 1, 2, 3, 4].map((i) => g.term(i)), [1n, 4n, 14n, 47n, 159n]);
});
