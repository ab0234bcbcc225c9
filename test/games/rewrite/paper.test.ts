import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../../src/core/errors.js';
import { Solver } from '../../../src/core/solver.js';
import { takeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame } from '../../../src/games/heaps/take-and-break/game.js';
import { RewriteGame } from '../../../src/games/rewrite/game.js';
import { enumerateByLengthSync } from '../../../src/games/rewrite/enumerate.js';
import { decodeWord } from '../../../src/games/rewrite/packed.js';
import { confluentReduction, runPushdown, confluencePushdown, formatTransition } from '../../../src/games/rewrite/confluence.js';
import { checkNonRegularity, nonRegularWord } from '../../../src/games/rewrite/nonregular.js';
import { grundyOfHeapWords, heapsOfWord, octalDigits, octalRewriteRules } from '../../../src/games/rewrite/octal.js';
import {
  type TuringMachineJson,
  compileTuringMachine,
  forcedPlay,
  haltingWord,
  runMachine,
  HEAD,
} from '../../../src/games/rewrite/turing.js';
import { isStronglyTerminating } from '../../../src/games/rewrite/rules.js';
import { rules } from './helpers.js';

test('taking-and-merging, Theorem 6: {a^k, b^l} has two values; stack reduction and the pushdown automaton equal enumeration (length <= 12)', () => {
  for (const [k, l] of [
    [2, 2],
    [2, 3],
    [3, 2],
    [1, 3],
    [4, 1],
    [3, 5],
  ] as const) {
    const r = rules(`a${k},b${l}`);
    const table = enumerateByLengthSync(r, 12);
    const pda = confluencePushdown(r);
    for (let n = 0; n <= 12; n++) {
      assert.ok(table.lengths[n]!.maxGrundy <= 1, `two Grundy values for a${k},b${l}`);
      const vals = table.ofLength(n);
      for (let w = 0; w < vals.length; w++) {
        const word = decodeWord(table.layout, n, w);
        const red = confluentReduction(r, word);
        assert.equal(red.grundy, vals[w], `stack reduction, ${word}`);
        assert.equal(runPushdown(pda, word), vals[w], `pushdown automaton, ${word}`);
        // The normal form is irreducible: no a^k and no b^l left in it.
        assert.ok(!red.normalForm.includes('a'.repeat(k)) && !red.normalForm.includes('b'.repeat(l)));
      }
    }
  }
});

test('taking-and-merging, Theorem 6: the pushdown automaton has the transitions printed in the proof (k = 3, l = 2)', () => {
  const pda = confluencePushdown(rules('a3,b2'));
  const printed = new Set(pda.transitions.map(formatTransition));
  for (const q of [0, 1]) {
    for (const t of [
      `(${q}, a, ⊥, (a,1)⊥, ${q})`,
      `(${q}, b, ⊥, (b,1)⊥, ${q})`,
      `(${q}, a, (b,1), (a,1)(b,1), ${q})`,
      `(${q}, b, (a,1), (b,1)(a,1), ${q})`,
      `(${q}, b, (a,2), (b,1)(a,2), ${q})`,
      `(${q}, a, (a,1), (a,2), ${q})`,
      `(${q}, a, (a,2), ε, ${1 - q})`,
      `(${q}, b, (b,1), ε, ${1 - q})`,
    ]) {
      assert.ok(printed.has(t), t);
    }
  }
  assert.equal(pda.transitions.length, 2 * 8);
  // Linear time: a word of a million letters.
  const long = 'aab'.repeat(333_333);
  assert.equal(confluentReduction(rules('a3,b2'), long).moves, 0);
  assert.equal(confluentReduction(rules('a2,b2'), long).moves, 333_333 + Math.floor(333_333 / 2));
  assert.throws(() => confluentReduction(rules('a,a2,b'), 'ab'), InputError);
});

test('taking-and-merging, Theorem 5: b^(l1-1)(a b^(l1-1))^i (b a^(k1-1))^j is P iff i >= j', () => {
  const solver = new Solver();
  for (const text of ['a2,b2', 'a2,a3,b3', 'a3,b2,b5', 'a2,a4,b2,b3']) {
    const cases = checkNonRegularity(rules(text), 8, 8, solver);
    assert.equal(cases.length, 81);
    for (const c of cases) assert.equal(c.outcome, c.expected, `${text}: i=${c.i} j=${c.j} ${c.word}`);
  }
  assert.equal(nonRegularWord('a', 'b', 3, 2, 1, 2), 'babbaabaa');
  assert.throws(() => checkNonRegularity(rules('a,a2,b2'), 1, 1), InputError);
});

test('taking-and-merging, Example 1: octal 0.37 is {a -> ε, aa -> b}; the sample play is a play of heaps', () => {
  assert.deepEqual(octalRewriteRules('0.37'), [
    { lhs: 'a', rhs: '' },
    { lhs: 'aa', rhs: 'b' },
  ]);
  const game = new RewriteGame(octalRewriteRules('0.37'));
  const play = ['baaabaab', 'baaabab', 'babab', 'bbab', 'bbb'];
  const sorted = (w: string) => heapsOfWord(w).sort((x, y) => x - y).join(',');
  for (let i = 0; i + 1 < play.length; i++) {
    assert.ok(game.options(play[i]!).some((o) => sorted(o) === sorted(play[i + 1]!)), play[i]);
  }
  // As printed, baaabab -> babab deletes aa, which is not a rule; aa -> b gives bbabab, the same heaps.
  assert.ok(!game.options('baaabab').includes('babab'));
  assert.ok(game.options('baaabab').includes('bbabab'));
  assert.deepEqual(game.options('bbb'), []);
});

test('taking-and-merging, section 1 (Waldmann): octal games as rewrite games agree with the octal game for heaps up to 40', () => {
  const solver = new Solver();
  for (const code of ['0.37', '0.07', '0.137', '0.77', '0.4', '0.6', '0.51', '0.15', '0.2', '0.34', '0.165', '0.726', '0.1']) {
    const rewrite = grundyOfHeapWords(octalRewriteRules(code), 40);
    const game = new TakeAndBreakGame(takeAndBreakCode([0, ...octalDigits(code)]));
    const octal = Array.from({ length: 41 }, (_, n) => solver.grundy(game, [n]));
    assert.deepEqual(rewrite, octal, code);
  }
  // The segment decomposition itself, checked against the plain solver on whole words.
  const r = octalRewriteRules('0.07');
  const values = grundyOfHeapWords(r, 8);
  const game = new RewriteGame(r);
  for (const w of ['baaab', 'baabaaab', 'baaaaaaaab', 'babaaaab']) {
    assert.equal(new Solver().grundy(game, w), heapsOfWord(w).reduce((x, n) => x ^ values[n]!, 0), w);
  }
  assert.throws(() => octalRewriteRules('4.7'), InputError);
  assert.throws(() => octalRewriteRules('0.8'), InputError);
});

/** Halts after m transitions, always moving right (m >= 1). */
function rightwards(m: number): TuringMachineJson {
  const states = [...Array.from({ length: m }, (_, i) => `q${i}`), 'acc', 'rej'];
  const transitions: TuringMachineJson['transitions'] = [['q0', '$', m === 1 ? 'acc' : 'q1', '$', 'R']];
  for (let i = 1; i < m; i++) transitions.push([`q${i}`, '_', i + 1 === m ? 'acc' : `q${i + 1}`, '1', 'R']);
  return { states, start: 'q0', accept: 'acc', reject: 'rej', tape: ['$', '_', '1'], leftMarker: '$', blank: '_', transitions };
}

/** Goes right, writes, comes back to $, goes right again: 4 transitions with both directions. */
const zigzag: TuringMachineJson = {
  states: ['s', 't', 'u', 'v', 'acc', 'rej'],
  start: 's',
  accept: 'acc',
  reject: 'rej',
  tape: ['$', '_', '1'],
  leftMarker: '$',
  blank: '_',
  transitions: [
    ['s', '$', 't', '$', 'R'],
    ['t', '_', 'u', '1', 'L'],
    ['u', '$', 'v', '$', 'R'],
    ['v', '1', 'rej', '1', 'R'],
  ],
};

/** Runs right forever. */
const runaway: TuringMachineJson = {
  states: ['s', 't', 'acc', 'rej'],
  start: 's',
  accept: 'acc',
  reject: 'rej',
  tape: ['$', '_'],
  leftMarker: '$',
  blank: '_',
  transitions: [
    ['s', '$', 't', '$', 'R'],
    ['t', '_', 't', '_', 'R'],
  ],
};

test('taking-and-merging, section 5: the compiled game is strongly terminating (Definition 18) with rules (2)-(11)', () => {
  const c = compileTuringMachine(zigzag);
  assert.ok(isStronglyTerminating(c.rules));
  assert.deepEqual([...new Set(c.equation)].sort((x, y) => x - y), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  assert.equal(c.rules.length, 4 * 6 + 2 * 4);
  assert.equal(c.startPrefix, `$${HEAD.leftA}s`);
  assert.throws(() => compileTuringMachine({ ...zigzag, transitions: [...zigzag.transitions, ['s', '$', 'u', '$', 'R']] }), InputError);
  assert.throws(() => compileTuringMachine({ ...zigzag, start: 'nowhere' }), InputError);
});

test('taking-and-merging, Propositions 23 and 28: for machines halting after m steps the word is an N-position and play is forced', () => {
  const machines: [string, TuringMachineJson][] = [
    ...[1, 2, 3, 4].map((m) => [`rightwards ${m}`, rightwards(m)] as [string, TuringMachineJson]),
    ['zigzag', zigzag],
  ];
  for (const [name, machine] of machines) {
    const m = runMachine(machine, 100).steps!;
    const c = compileTuringMachine(machine);
    const game = new RewriteGame(c.rules);
    const w = haltingWord(c, m);
    const play = forcedPlay((x) => game.options(x), w);
    assert.ok(play.forced, `${name}: forced play (Proposition 23)`);
    assert.equal((play.words.length - 1) % 2, 1, `${name}: Alice makes the last move`);
    assert.equal(new Solver().outcome(game, w), 'N', `${name}: N-position (Proposition 28)`);
    // The last move is a halting reduction: no head symbol is left (Lemma 21).
    assert.ok(!Object.values(HEAD).some((hs) => play.words[play.words.length - 1]!.includes(hs)), name);
  }
  // Read literally as #^(2(m+1)), the word is a P-position when m is even.
  const c2 = compileTuringMachine(rightwards(2));
  assert.equal(new Solver().outcome(new RewriteGame(c2.rules), haltingWord(c2, 2, 2 * 3)), 'P');
});

test('taking-and-merging, Corollary 26: a machine that never halts has no N-position in L = $ ⊳A q0 (# + β)* (words up to 12 letters)', () => {
  const c = compileTuringMachine(runaway);
  const game = new RewriteGame(c.rules);
  const solver = new Solver();
  for (let n = 0; n <= 12; n++) {
    for (let bits = 0; bits < 2 ** n; bits++) {
      let tail = '';
      for (let i = 0; i < n; i++) tail += (bits >> i) & 1 ? c.blank : '#';
      const w = c.startPrefix + tail;
      assert.ok(forcedPlay((x) => game.options(x), w).forced, w);
      assert.equal(solver.outcome(game, w), 'P', w);
    }
  }
  assert.equal(runMachine(runaway, 1000).steps, undefined);
});

test('taking-and-merging, Theorem 6 as the closed form of {a^k, b^l}: the solver with it equals the search without it, and a long word is answered in linear time (issue 29: a 200-letter word ran past 30 s)', () => {
  for (const r of ['a,b', 'a2,b', 'a2,b3', 'a3,b2']) {
    const game = new RewriteGame(rules(r));
    assert.ok(game.capabilities.grundyOf, r);
    const fast = new Solver();
    const search = new Solver({ closedForms: false });
    for (let n = 0; n <= 9; n++) {
      for (let w = 0; w < 1 << n; w++) {
        const word = Array.from({ length: n }, (_, i) => ((w >> i) & 1 ? 'b' : 'a')).join('');
        assert.equal(fast.grundy(game, word), search.grundy(game, word), `${r} ${word}`);
      }
    }
  }
  // A letter no rule mentions is left to the solver; a game of three rules has no such form.
  assert.equal(new RewriteGame(rules('a2,b')).capabilities.grundyOf!('abc'), undefined);
  assert.equal(new RewriteGame(rules('a,a2,b')).capabilities.grundyOf, undefined);
  const long = 'ab'.repeat(50_000);
  assert.equal(new Solver().grundy(new RewriteGame(rules('a,b')), long), 0);
});
