import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Alphabet } from '../../src/automata/alphabet.js';
import { Dfa } from '../../src/automata/dfa.js';
import { minimise } from '../../src/automata/minimise.js';
import { InputError } from '../../src/core/errors.js';
import { RewriteGame } from '../../src/games/rewrite/game.js';
import { rewriteTransducer, terminationWeights } from '../../src/regular/rewrite-transducer.js';
import { verifyGrundyAutomaton, verifyGrundyAutomatonByClasses, verifyPPositions, type Verdict } from '../../src/regular/verify.js';
import { arbDfa } from '../automata/brute.js';
import {
  AB,
  bruteGrundy,
  figure1,
  mexOf,
  optionsOf,
  parity,
  remark7,
  rules,
  section6,
  theorem10,
  theorem13,
  theorem15,
  words,
} from './reference.js';

const ab = new Alphabet(['a', 'b']);
const game = (text: string) => ({ rules: rules(text), alphabet: ab });

/** Lemma 2 fails at w iff M(w) is not the mex of M over the options of w. */
function brokenAt(text: string, m: Dfa, w: string): boolean {
  return m.value(AB(w)) !== mexOf(optionsOf(rules(text), w).map((o) => m.value(AB(o))));
}

function assertProved(v: Verdict, values: number[]): void {
  assert.ok(v.verified, v.verified ? '' : `violation ${JSON.stringify(v.violation)}`);
  assert.deepEqual(v.certificate.grundyValues, values);
}

test('the rewrite transducer relates each word to exactly its options (taking-and-merging section 1)', () => {
  for (const text of ['a,a2,b', 'a2,b', 'a,a2,a3,b', 'a->b,a->,b->', 'ab->ba', 'aa->b,b->']) {
    const rs = rules(text);
    const alphabet = new Alphabet([...new Set(rs.flatMap((r) => [...r.lhs, ...r.rhs]))].sort());
    const t = rewriteTransducer(rs, alphabet);
    const g = new RewriteGame(rs);
    for (const w of words(alphabet.names.join(''), 6)) {
      const got = t.apply(alphabet.encode(w)).map((o) => alphabet.decode(o)).sort();
      assert.deepEqual(got, g.options(w).sort(), `${text} on ${w}`);
    }
  }
});

test('taking-and-merging Example 4: the 4-state DFA of Figure 1 for {a2,b} is proved for all words', () => {
  assertProved(verifyGrundyAutomaton(game('a2,b'), figure1()), [0, 1]);
});

test('taking-and-merging Remark 7: the 2k-state DFA for {ak,b}, k = 2..6, is proved and minimal', () => {
  for (let k = 2; k <= 6; k++) {
    const m = remark7(k);
    assertProved(verifyGrundyAutomaton(game(`a${k},b`), m), [0, 1]);
    assert.equal(minimise(m).stateCount, 2 * k);
  }
});

test('taking-and-merging section 3.1 and Remark 8: parity of |w| solves {a,a3,b}, {a,a5,b}, {a,a3,b,b3}', () => {
  for (const text of ['a,a3,b', 'a,a5,b', 'a,a3,b,b3']) assertProved(verifyGrundyAutomaton(game(text), parity()), [0, 1]);
  const wrong = verifyGrundyAutomaton(game('a,a2,b'), parity());
  assert.ok(!wrong.verified);
});

test('taking-and-merging Theorem 10: the 12-state DFA of Figure 3 for {a,a2,b} is proved, and 12 is minimal', () => {
  const m = theorem10();
  assertProved(verifyGrundyAutomaton(game('a,a2,b'), m), [0, 1, 2, 3]);
  assertProved(verifyGrundyAutomatonByClasses(game('a,a2,b'), m), [0, 1, 2, 3]);
  assert.equal(minimise(m).stateCount, 12);
});

test('taking-and-merging Theorem 13: the invariant of Lemma 12 gives a proved DFA for {a,a2,a3,b} whose minimum is 8 states', () => {
  const m = theorem13();
  assertProved(verifyGrundyAutomaton(game('a,a2,a3,b'), m), [0, 1, 2, 3]);
  assertProved(verifyGrundyAutomatonByClasses(game('a,a2,a3,b'), m), [0, 1, 2, 3]);
  const min = minimise(m);
  assert.equal(min.stateCount, 8);
  assertProved(verifyGrundyAutomaton(game('a,a2,a3,b'), min), [0, 1, 2, 3]);
});

test('taking-and-merging Theorem 15: the 3-state automaton of P-positions of {a,a2,b,b2} is proved (two-class Lemma 2)', () => {
  const v = verifyPPositions(game('a,a2,b,b2'), theorem15());
  assert.ok(v.verified);
  // The same partition is not a Grundy automaton: N splits into several values.
  const asGrundy = verifyGrundyAutomaton(game('a,a2,b,b2'), theorem15().mapOutput((o) => (o ? 0 : 1)));
  assert.ok(!asGrundy.verified);
  // And a wrong P-set is refuted: |w| even is not the P-set.
  const wrong = verifyPPositions(game('a,a2,b,b2'), parity().mapOutput((o) => (o === 0 ? 1 : 0)));
  assert.ok(!wrong.verified && brokenAtP('a,a2,b,b2', parity().mapOutput((o) => (o === 0 ? 1 : 0)), wrong.violation.word));
});

function brokenAtP(text: string, p: Dfa, w: string): boolean {
  const inP = (x: string) => p.accepts(AB(x));
  const moveToP = optionsOf(rules(text), w).some(inP);
  return inP(w) === moveToP;
}

test('taking-and-merging section 6: {a->b, a->ε, b->ε} is solved by G = 2(|w|_a mod 2) + (|w|_b mod 2)', () => {
  assertProved(verifyGrundyAutomaton(game('a->b,a->,b->'), section6()), [0, 1, 2, 3]);
  assert.deepEqual(terminationWeights(rules('a->b,a->,b->'), ab), [2, 1]);
});

test('Lemma 2 needs a terminating game: ab->ba is refused with an InputError', () => {
  assert.throws(() => verifyGrundyAutomaton(game('ab->ba'), parity()), InputError);
});

test('every one-transition change of the 8-state {a,a2,a3,b} automaton that changes its function is rejected with a genuine, shortest violation', () => {
  const base = minimise(theorem13());
  const g = bruteGrundy(rules('a,a2,a3,b'));
  const all = words('ab', 9);
  let rejected = 0;
  for (let i = 0; i < base.delta.length; i++) {
    for (let t = 0; t < base.stateCount; t++) {
      if (t === base.delta[i]) continue;
      const delta = base.delta.slice();
      delta[i] = t;
      const m = new Dfa(2, delta, base.output);
      const v = verifyGrundyAutomaton(game('a,a2,a3,b'), m);
      const byClasses = verifyGrundyAutomatonByClasses(game('a,a2,a3,b'), m);
      assert.deepEqual(v.verified ? true : v.violation, byClasses.verified ? true : byClasses.violation);
      const wrongOn = all.find((w) => m.value(AB(w)) !== g(w));
      if (v.verified) {
        assert.equal(wrongOn, undefined, 'a proved machine agrees with the Grundy function');
        continue;
      }
      rejected++;
      const w = v.violation.word;
      assert.ok(brokenAt('a,a2,a3,b', m, w), `Lemma 2 really fails at ${w}`);
      assert.ok(!all.some((x) => x.length < w.length && brokenAt('a,a2,a3,b', m, x)), `no shorter violation than ${w}`);
      if (v.violation.kind === 'stability') {
        assert.ok(optionsOf(rules('a,a2,a3,b'), w).includes(v.violation.option));
        assert.equal(m.value(AB(v.violation.option)), v.violation.value);
      }
    }
  }
  assert.ok(rejected >= 100, `${rejected} of 112 mutants rejected`);
});

test('a wrong automaton for Example 4 (one transition of Figure 1 changed) is rejected with the counterexample word', () => {
  const f = figure1();
  const delta = f.delta.slice();
  delta[3 * 2 + 0] = 3; // from S = 3, reading a now stays at 3 instead of going to 0
  const v = verifyGrundyAutomaton(game('a2,b'), new Dfa(2, delta, f.output));
  assert.ok(!v.verified);
  // aba reads as 1, and so does its only option aa: a move inside class 1 (and G(aba) = 0).
  assert.deepEqual(v.violation, { kind: 'stability', word: 'aba', value: 1, option: 'aa' });
});

test('on random machines the verifier agrees with brute force: proved machines compute G, rejections are genuine and shortest', () => {
  const text = 'a,a2,b';
  const g = bruteGrundy(rules(text));
  const all = words('ab', 8);
  let proved = 0;
  fc.assert(
    fc.property(arbDfa(2, 4, 2), (m) => {
      const v = verifyGrundyAutomaton(game(text), m);
      const byClasses = verifyGrundyAutomatonByClasses(game(text), m);
      assert.deepEqual(v.verified ? true : v.violation, byClasses.verified ? true : byClasses.violation, 'fast search = class-by-class products');
      if (v.verified) {
        proved++;
        for (const w of all) assert.equal(m.value(AB(w)), g(w));
        return;
      }
      const w = v.violation.word;
      assert.ok(brokenAt(text, m, w), `Lemma 2 fails at ${w}`);
      assert.ok(!all.some((x) => x.length < w.length && brokenAt(text, m, x)));
    }),
    { numRuns: 300 },
  );
  assert.equal(proved, 0, 'no machine with 4 states computes G of {a,a2,b} (its minimum is 12)');
});
