import assert from 'node:assert/strict';
import { test } from 'node:test';
import { counterexample } from '../../src/automata/ops.js';
import { minimise } from '../../src/automata/minimise.js';
import { InterruptedError } from '../../src/core/errors.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../../src/regular/grundy-automaton.js';
import { learnMoore } from '../../src/regular/learn.js';
import { Dfa } from '../../src/automata/dfa.js';
import { bruteGrundy, figure1, rules, theorem10, theorem13, theorem15, words } from './reference.js';

/** Learns, then checks the proved machine against the brute-force Grundy function and the paper's automaton. */
function learnAndCheck(text: string, states: number, paper?: Dfa): void {
  const r = findGrundyAutomaton(rules(text));
  assert.ok(r.verified, `${text}: ${r.status}`);
  assert.equal(r.states, states);
  const m = r.machine!;
  assert.equal(minimise(m).stateCount, m.stateCount, 'the learned machine is minimal');
  const g = bruteGrundy(rules(text));
  const names = r.alphabet;
  for (const w of words(names.names.join(''), 10)) assert.equal(m.value(names.encode(w)), g(w), `${text} on ${w}`);
  if (paper) assert.equal(counterexample(m, paper), undefined, 'same function as the paper automaton');
}

test('learned and proved: {a2,b} in 4 states, the DFA of Figure 1 (taking-and-merging Example 4)', () => {
  learnAndCheck('a2,b', 4, figure1());
});

test('learned and proved: {ak,b} for k = 3..6 in 2k states (taking-and-merging Remark 7)', () => {
  for (let k = 3; k <= 6; k++) learnAndCheck(`a${k},b`, 2 * k);
});

test('learned and proved: {a,a3,b} and {a,a5,b} in 2 states, the parity of |w| (taking-and-merging section 3.1)', () => {
  learnAndCheck('a,a3,b', 2);
  learnAndCheck('a,a5,b', 2);
});

test('learned and proved: {a,a2,b} needs exactly 12 states, as the paper found (taking-and-merging Theorem 10)', () => {
  learnAndCheck('a,a2,b', 12, theorem10());
});

test('learned and proved: {a,a2,a3,b} in 8 states, as the paper found (taking-and-merging Theorem 13)', () => {
  learnAndCheck('a,a2,a3,b', 8, minimise(theorem13()));
});

test('learned and proved: {a->b, a->ε, b->ε} in 4 states (taking-and-merging section 6)', () => {
  learnAndCheck('a->b,a->,b->', 4);
});

test('learned and proved: the P-positions of {a,a2,b,b2} in 3 states (taking-and-merging Theorem 15)', () => {
  const r = findGrundyAutomaton(rules('a,a2,b,b2'), { target: 'p-positions' });
  assert.ok(r.verified);
  assert.equal(r.states, 3);
  assert.equal(counterexample(r.machine!, theorem15()), undefined);
});

test('{a2,b2} is not regular (taking-and-merging Theorem 6): the learner stops at its state bound and says so', () => {
  const r = findGrundyAutomaton(rules('a2,b2'), { maxStates: 12 });
  assert.equal(r.verified, false);
  assert.equal(r.status, 'state-bound');
  assert.ok(r.lowerBound > 12);
  assert.ok(r.counterexample !== undefined, 'the last hypothesis is refuted by a word');
  const g = bruteGrundy(rules('a2,b2'));
  assert.notEqual(r.machine!.value(r.alphabet.encode(r.counterexample!)), g(r.counterexample!));
});

test('L* learns a regular target exactly from a perfect teacher (mod-5 counter of a, b resets)', () => {
  const target = Dfa.from(5, 2, (s, a) => (a === 0 ? (s + 1) % 5 : 0), (s) => (s === 4 ? 1 : 0));
  const r = learnMoore({
    alphabetSize: 2,
    query: (w) => target.value(w),
    equivalence: (h) => counterexample(h, target) ?? 'correct',
  });
  assert.equal(r.status, 'proved');
  assert.equal(r.hypothesis!.stateCount, 5);
  assert.equal(counterexample(r.hypothesis!, target), undefined);
});

test('{a,a4,b} (taking-and-merging Question 11): no automaton within 10 states, and the last hypothesis is refuted by a real counterexample', () => {
  const r = findGrundyAutomaton(rules('a,a4,b'), { maxStates: 10 });
  assert.equal(r.verified, false);
  assert.equal(r.status, 'state-bound');
  assert.ok(r.lowerBound > 10);
  const g = bruteGrundy(rules('a,a4,b'));
  assert.notEqual(r.machine!.value(r.alphabet.encode(r.counterexample!)), g(r.counterexample!));
});

test('an interrupted search keeps what it learned: the table lower bound and the last (unproved) hypothesis', () => {
  const abort = new AbortController();
  try {
    findGrundyAutomaton(rules('a,a4,b'), { signal: abort.signal, onProgress: (states) => states >= 20 && abort.abort() });
    assert.fail('expected an interruption');
  } catch (e) {
    assert.ok(e instanceof InterruptedError);
    const partial = e.partial as GrundyAutomatonResult;
    assert.equal(partial.verified, false);
    assert.equal(partial.status, 'unknown');
    assert.ok(partial.lowerBound >= 20 && partial.machine !== undefined);
  }
});
