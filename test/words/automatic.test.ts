/**
 * Uniform morphic words as automata (deciding-game-invariance, Proposition 56, uniform case) and
 * Walnut's `image`, checked letter by letter against the iterated morphism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixedPointPrefix, parseMorphism, uniformFixedPointDfao } from '../../src/words/automatic.js';
import { Session } from '../../src/logic/session.js';

const digits = (n: number, b: number): number[] => (n === 0 ? [] : [...digits(Math.floor(n / b), b), n % b]);

test('Walnut morphism syntax: single digits and [n] letters', () => {
  assert.deepEqual([...parseMorphism('0->01 1->[-1]0')], [
    [0, [0, 1]],
    [1, [-1, 0]],
  ]);
  assert.throws(() => parseMorphism('nothing here'), /no rules/);
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
