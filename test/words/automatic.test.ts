/**
 * Uniform morphic words as automata (deciding-game-invariance, Proposition 56, uniform case) and
 * Walnut's `image`, checked letter by letter against the iterated morphism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixedPointPrefix, lengthRecurrence, morphicWordDfao, parseMorphism, uniformFixedPointDfao } from '../../src/words/automatic.js';
import { Session } from '../../src/logic/session.js';

const digits = (n: number, b: number): number[] => (n === 0 ? [] : [...digits(Math.floor(n / b), b), n % b]);

test('Walnut morphism syntax: single digits and [n] letters', () => {
  assert.deepEqual([...parseMorphism('0->01 1->[-1]0')], [
    [0, [0, 1]],
    [1, [-1, 0]],
  ]);
  assert.throws(() => parseMorphism('nothing here'), /unexpected "nothing here" at character 1/);
  assert.throws(() => parseMorphism(' , '), /no rules/);
  assert.throws(() => parseMorphism('0->01 x 1->10'), /unexpected "x 1->10" at character 7/);
});

test('deciding-game-invariance Proposition 56 (uniform case): the DFAO of a k-uniform fixed point gives its letters (Thue–Morse, gam, period doubling)', () => {
  for (const rules of ['0->01 1->10', '0->01 1->21 2->03 3->23', '0->01 1->00', '0->012 1->102 2->210']) {
    const h = parseMorphism(rules);
    const { base, dfa } = uniformFixedPointDfao(h);
    const prefix = fixedPointPrefix(h, 700);
    prefix.forEach((a, n) => assert.equal(dfa.value(digits(n, base)), a, `${rules} at ${n}`));
    // Leading zeros do not change the value (h(0) starts with 0).
    assert.equal(dfa.value([0, 0, ...digits(37, base)]), prefix[37]);
  }
  assert.throws(() => uniformFixedPointDfao(parseMorphism('0->1 1->10')), /uniform/);
});

test('image: h(W) for a 4-uniform h of Thue–Morse (Walnut revmor) and a 5-uniform h of a 2-automatic word', () => {
  const s = new Session();
  s.run('morphism tm "0->01 1->10";');
  s.run('promote TM tm;');
  s.run('morphism revmor "0->0012 1->0112";');
  const fs = s.run('image FS revmor TM;').predicate!.dfa;
  s.run('morphism g5 "0->01230 1->24134";');
  const g = s.run('image G5 g5 TM;').predicate!.dfa;
  const tm = fixedPointPrefix(parseMorphism('0->01 1->10'), 200);
  const rev = parseMorphism('0->0012 1->0112');
  const g5 = parseMorphism('0->01230 1->24134');
  const fsRef = tm.flatMap((a) => rev.get(a)!);
  const gRef = tm.flatMap((a) => g5.get(a)!);
  for (let n = 0; n < 600; n++) {
    assert.equal(fs.value(digits(n, 2)), fsRef[n], `FS at ${n}`);
    assert.equal(g.value(digits(n, 2)), gRef[n], `G5 at ${n}`);
  }
});

test('deciding-game-invariance Proposition 56 and Example 57: the Raleigh morphism 1→12, 2→3, 3→12 read on F-expansions', () => {
  const h = parseMorphism('1->12 2->3 3->12');
  const { system, dfa } = morphicWordDfao(h, 1);
  assert.equal(system.name, 'msd_fib');
  // Example 57: ε, 1, 10, 100, 101, 1000, 1001, 1010 reach 1 2 3 1 2 1 2 3.
  const table = ['', '1', '10', '100', '101', '1000', '1001', '1010'].map((w) => dfa.value([...w].map(Number)));
  assert.deepEqual(table, [1, 2, 3, 1, 2, 1, 2, 3]);
});

test('deciding-game-invariance Proposition 56 (non-uniform): morphic words as DFAOs in the system U_n = |h^n(a)|, letter by letter', () => {
  const cases: [string, number, string][] = [
    ['1->12 2->3 3->12', 1, 'msd_fib'],
    ['0->01 1->0', 0, 'msd_fib'],
    ['0->01 1->02 2->0', 0, 'msd_trib'],
    ['0->001 1->0', 0, 'msd_lin_2_1'],
    ['0->0001 1->0', 0, 'msd_lin_3_1'],
  ];
  for (const [rules, start, name] of cases) {
    const h = parseMorphism(rules);
    const { system, dfa } = morphicWordDfao(h, start);
    assert.equal(system.name, name, rules);
    assert.deepEqual(lengthRecurrence(h, start), name === 'msd_fib' ? [1, 1] : name === 'msd_trib' ? [1, 1, 1] : name.slice(8).split('_').map(Number));
    const prefix = fixedPointPrefix(h, 800, start);
    prefix.forEach((a, m) => assert.equal(dfa.value(system.represent(m)), a, `${rules} at ${m}`));
  }
  // Refused with the condition named: lengths 1, 3, 5, 11, ... (U = U' + 2U'') is not Pisot.
  assert.throws(() => morphicWordDfao(parseMorphism('0->011 1->0'), 0), /not Pisot/);
  assert.throws(() => morphicWordDfao(parseMorphism('0->0001 1->01'), 0), /negative coefficient/);
});

test('promote of a non-uniform morphism gives the DFAO of Proposition 56 (the Fibonacci word in msd_fib)', () => {
  const s = new Session();
  s.run('morphism fw "0->01 1->0";');
  const p = s.run('promote FW fw;').predicate!;
  assert.equal(p.tracks[0]!.system!.name, 'msd_fib');
  // The Fibonacci word has no factor 11: F[i] = 1 => F[i+1] = 0.
  assert.equal(s.run('eval t "?msd_fib Ai FW[i] = @1 => FW[i+1] = @0";').result, true);
  assert.equal(s.run('eval t "?msd_fib Ei FW[i] = @0 & FW[i+1] = @0 & FW[i+2] = @0";').result, false);
});
