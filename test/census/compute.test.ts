import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computationsOf, computeGame, theoremNote } from '../../src/census/compute.js';
import { stopAfter, stopAny } from '../../src/core/stop.js';
import type { Computation } from '../../src/census/row.js';
import { InputError } from '../../src/core/errors.js';
import { parseFamily } from '../../src/census/families.js';
import { confluentReduction } from '../../src/games/rewrite/confluence.js';
import { enumerateByLengthSync } from '../../src/games/rewrite/enumerate.js';
import { parseSpec } from '../../src/spec/index.js';

const rulesOf = (spec: string) => (parseSpec(spec) as unknown as { rules: { lhs: string; rhs: string }[] }).rules;

test('octal periods of spec/NOTES.md: 0.07 34/53, 0.137 34/52, 0.77 12/71, 0.4 34/54, each certified by Guy–Smith', () => {
  for (const [spec, period, preperiod] of [
    ['octal:0.07', 34, 53],
    ['octal:0.137', 34, 52],
    ['octal:0.77', 12, 71],
    ['octal:0.4', 34, 54],
  ] as const) {
    const row = computeGame({ spec, computation: 'sequence', bound: 1000 });
    assert.equal(row.status, 'done', spec);
    assert.equal(row.certified, true);
    assert.equal(row.period, period, spec);
    assert.equal(row.preperiod, preperiod, spec);
    assert.match(row.certificate!, /Guy–Smith/);
    assert.equal(row.reached, 1000);
  }
});

test('0.16 (period 149459, preperiod 105351) and 0.56 (period 144 from 326640) are open at 2^16, and nothing spurious is "seen"', () => {
  for (const spec of ['octal:0.16', 'octal:0.56']) {
    const row = computeGame({ spec, computation: 'sequence', bound: 65536 });
    assert.equal(row.status, 'open', spec);
    assert.equal(row.certified, false);
    assert.equal(row.period, null);
    // findPeriod alone calls 0.16's last 41 values "period 3": too short a repetition to report.
    assert.equal(row.apparentPeriod, null, spec);
    assert.match(row.reason!, /no period seen up to 65536/);
  }
});

test('issue 29: a row computed to a bound B is certified whenever its values G(0..B) prove the period, however far the kernel had searched (take-and-break, pair sets, subtraction)', () => {
  for (const [spec, period, preperiod, needed] of [
    // The certificate reads G(0..needed-1): 0.137 checks G(n+34) = G(n) for 52 <= n < 140.
    ['octal:0.137', 34, 52, 174],
    ['octal:0.156', 349, 3479, 7658],
    ['octal:0.165', 1550, 5181, 13464],
    ['hex:0.B', 2, 0, 8],
    // Window max(S) = 3 from 0: 3 + 4 values, less than two periods.
    ['subtraction:1,2,3', 4, 0, 7],
  ] as const) {
    const row = computeGame({ spec, computation: 'sequence', bound: needed - 1 });
    assert.deepEqual([row.status, row.certified, row.period, row.preperiod, row.reason], ['done', true, period, preperiod, null], `${spec} to ${needed - 1}`);
    const short = computeGame({ spec, computation: 'sequence', bound: needed - 2 });
    assert.deepEqual([short.status, short.certified, short.period], ['open', false, null], `${spec} to ${needed - 2}`);
  }
});

test('subtraction games: the window certificate, and an apparent period only when a long run repeats', () => {
  const row = computeGame({ spec: 'subtraction:1,3,4', computation: 'sequence', bound: 200 });
  assert.equal(row.period, 7);
  assert.equal(row.preperiod, 0);
  assert.match(row.certificate!, /window/);
  assert.equal(row.prefix!.split(',').length, 40);
});

test('Wythoff family: b_n - a_n - n stays in [-4, 3] for Maharaja Nim and [-2, 1] for (2,3) (maharaja-nim, section 2.3; spec/NOTES.md)', () => {
  const wythoff = computeGame({ spec: 'wythoff', computation: 'wythoff', bound: 100_000 });
  assert.deepEqual([wythoff.devMin, wythoff.devMax], [0, 0]);
  const maharaja = computeGame({ spec: 'wythoff+1,2', computation: 'wythoff', bound: 100_000 });
  assert.deepEqual([maharaja.devMin, maharaja.devMax], [-4, 3]);
  const m23 = computeGame({ spec: 'wythoff+2,3', computation: 'wythoff', bound: 100_000 });
  assert.deepEqual([m23.devMin, m23.devMax], [-2, 1]);
  assert.ok(wythoff.prefix!.startsWith('(0,0) (1,2) (3,5) (4,7) (6,10) (8,13)'), wythoff.prefix!);
  // Same P-positions, same fingerprint: (1,3) joins no two Wythoff P-positions.
  const m13 = computeGame({ spec: 'wythoff+1,3', computation: 'wythoff', bound: 100_000 });
  assert.equal(m13.fingerprint, wythoff.fingerprint);
  assert.notEqual(maharaja.fingerprint, wythoff.fingerprint);
});

test('the Grundy automata of the taking-and-merging paper: {a2,b} 4 states (Fig. 1), {a3,b} 6 = 2k (Remark 7, Fig. 2), {a,a2,b} 12 (Theorem 10), {a,a2,a3,b} 8 (Fig. 4)', () => {
  for (const [spec, states] of [
    ['rewrite:a2,b', 4],
    ['rewrite:a3,b', 6],
    ['rewrite:a,a2,b', 12],
    ['rewrite:a,a2,a3,b', 8],
  ] as const) {
    const row = computeGame({ spec, computation: 'rewrite', bound: 12, automaton: { maxStates: 100, budgetMs: 60_000 } });
    assert.equal(row.verdict, 'regular', spec);
    assert.equal(row.status, 'done');
    assert.equal(row.states, states, spec);
  }
});

test('taking-and-merging, Theorem 5: no rule a and no rule b means non-regular, without an automaton attempt; Theorem 6 bounds {a^k, b^l} by 1', () => {
  const row = computeGame({ spec: 'rewrite:a2,b3', computation: 'rewrite', bound: 12 });
  assert.equal(row.verdict, 'non-regular');
  assert.equal(row.status, 'done');
  assert.match(row.theorem!, /Theorem 5/);
  assert.match(row.theorem!, /Theorem 6: two Grundy values, L0 and L1 context-free/);
  assert.equal(row.maxValue, 1);
  // The table agrees with Theorem 6's confluent reduction word by word.
  const rules = rulesOf('rewrite:a2,b3');
  const table = enumerateByLengthSync(rules, 10);
  for (let n = 0; n <= 10; n++) {
    for (let w = 0; w < 2 ** n; w++) {
      const word = Array.from({ length: n }, (_, i) => ((w >> (n - 1 - i)) & 1 ? 'b' : 'a')).join('');
      assert.equal(table.grundy(word), confluentReduction(rules, word).grundy, word);
    }
  }
  assert.equal(theoremNote(rulesOf('rewrite:a,a2,b')).nonRegular, false);
  assert.equal(theoremNote(rulesOf('rewrite:a,a2,b')).text, undefined);
  assert.match(theoremNote(rulesOf('rewrite:a,a3,b,b5')).text!, /Remark 8/);
  assert.doesNotMatch(theoremNote(rulesOf('rewrite:a,a2,b')).text ?? '', /Remark 8/);
});

test('automaton limits: a state cap below the Nerode bound gives lower-bound, a spent budget gives open, both with the bound', () => {
  const capped = computeGame({ spec: 'rewrite:a,a2,b', computation: 'rewrite', bound: 12, automaton: { maxStates: 5, budgetMs: 60_000 } });
  assert.equal(capped.verdict, 'lower-bound');
  assert.equal(capped.status, 'open');
  assert.ok(capped.lowerBound! > 5 && capped.lowerBound! <= 12, String(capped.lowerBound));
  assert.equal(capped.settings, '{"budgetMs":60000,"maxStates":5}');
  // {a,a4,b} (Question 11) needs well over 40 states (spec/NOTES.md): with no time at all nothing is proved.
  const rushed = computeGame({ spec: 'rewrite:a,a4,b', computation: 'rewrite', bound: 12, automaton: { maxStates: 1000, budgetMs: 0 } });
  assert.equal(rushed.verdict, 'open');
  assert.match(rushed.reason!, /time budget of 0 ms ran out/);
  assert.ok(rushed.lowerBound! >= 2);
});

test('rewrite rows: running maxima by length (spec/NOTES.md: {a,a2,a3,a4,b} starts 0,1,2,3,4,5,5,6,7,7,7,7,7), growth, mirror', () => {
  const row = computeGame({ spec: 'rewrite:a,a2,a3,a4,b', computation: 'rewrite', bound: 12, mirror: 'rewrite:a,b,b2,b3,b4', automaton: { maxStates: 10, budgetMs: 100 } });
  assert.equal(row.runningMax, '0,1,2,3,4,5,5,6,7,7,7,7,7');
  assert.equal(row.prefix, '0,1,2,3,4,5,4,6,7,6,7,6,7');
  assert.equal(row.maxGrowing, false);
  assert.equal(row.mirror, 'rewrite:a,b,b2,b3,b4');
  assert.equal(row.maxValue, 7);
});

test('rewrite:2: exactly the members meeting the hypothesis of Theorem 5 are called non-regular', () => {
  for (const m of parseFamily('rewrite:2').members) {
    const row = computeGame({ spec: m.spec, computation: 'rewrite', bound: 10, automaton: { maxStates: 50, budgetMs: 30_000 } });
    // Theorem 5's hypothesis: neither a -> ε nor b -> ε is a rule.
    const rules = m.spec.slice('rewrite:'.length).split(',');
    const t5 = !rules.includes('a') && !rules.includes('b');
    assert.equal(row.verdict === 'non-regular', t5, m.spec);
  }
});

test('stopAfter reads the clock: it stops synchronous work, where AbortSignal.timeout cannot; stopAny joins it to an outer stop', () => {
  const s = stopAfter(20);
  const start = performance.now();
  while (!s.aborted) if (performance.now() - start > 5000) break;
  assert.ok(performance.now() - start < 5000);
  const outer = new AbortController();
  const t = stopAny(outer.signal, stopAfter(1e9));
  assert.equal(t.aborted, false);
  outer.abort();
  assert.equal(t.aborted, true);
});

test('bad tasks are typed errors: a computation the ruleset declares no capability for is refused, naming what it can do', () => {
  const bad = (spec: string, computation: Computation, what: RegExp) =>
    assert.throws(() => computeGame({ spec, computation, bound: 10 }), (e: unknown) => e instanceof InputError && what.test(e.message));
  bad('wythoff', 'sequence', /wythoff cannot be computed as sequence \(it can be: wythoff, ppositions\)/);
  bad('octal:0.07', 'rewrite', /cannot be computed as rewrite \(it can be: sequence, ppositions\)/);
  bad('octal:0.07', 'wythoff', /cannot be computed as wythoff/);
  bad('rewrite:a,b', 'sequence', /cannot be computed as sequence \(it can be: rewrite\)/);
});

test('computationsOf reads capabilities only: kernels and certifiers come from the ruleset, the solver serves the rest', () => {
  assert.deepEqual(computationsOf(parseSpec('octal:0.07')), ['sequence', 'ppositions']);
  assert.deepEqual(computationsOf(parseSpec('wythoff+1,2')), ['wythoff', 'ppositions']);
  assert.deepEqual(computationsOf(parseSpec('rewrite:a2,b')), ['rewrite']);
  // A game with no certifier shows its period but cannot prove it: the row says why.
  const solver = computeGame({ spec: 'pass(subtraction:1,2)', computation: 'sequence', bound: 200 });
  assert.equal(solver.status, 'open', solver.reason!);
  assert.match(solver.reason!, /this game declares no period certifier/);
  // The same game in normal play is certified by its capability's certifier.
  assert.equal(computeGame({ spec: 'subtraction:1,2', computation: 'sequence', bound: 200 }).certified, true);
});
