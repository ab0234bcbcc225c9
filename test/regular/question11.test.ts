/**
 * Taking-and-merging, Question 11: are the Grundy values of {a, a^4, b} bounded, and is every L_i
 * regular? The paper's authors could not find an automaton; `sprague automaton rewrite:a,a4,b` learns one
 * with 100 states and proves it (Lemma 2). The machine is kept in data/automata/a-a4-b.json; these tests
 * prove it again from the file and check it against the game independently of the learner.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { minimise } from '../../src/automata/minimise.js';
import { Dfa } from '../../src/automata/dfa.js';
import { enumerateByLengthSync } from '../../src/games/rewrite/enumerate.js';
import { decodeWord } from '../../src/games/rewrite/packed.js';
import type { RewriteGame } from '../../src/games/rewrite/game.js';
import { parseSpec } from '../../src/spec/index.js';
import { parseAutomatonJson } from '../../src/regular/automaton-file.js';
import { verifyGrundyAutomaton } from '../../src/regular/verify.js';
import { runCli } from '../helpers/cli.js';

const file = fileURLToPath(new URL('../../../data/automata/a-a4-b.json', import.meta.url));
const rules = (parseSpec('rewrite:a,a4,b') as RewriteGame).rules;
const stored = () => parseAutomatonJson(JSON.parse(readFileSync(file, 'utf8')), file);

test('Question 11 answered: the stored 100-state automaton of {a,a4,b} is proved for all words by Lemma 2; values 0..3', () => {
  const { machine, alphabet } = stored();
  assert.equal(machine.stateCount, 100);
  const verdict = verifyGrundyAutomaton({ rules, alphabet }, machine);
  assert.ok(verdict.verified, JSON.stringify(verdict));
  assert.deepEqual(verdict.certificate.grundyValues, [0, 1, 2, 3]);
});

test('Question 11: the automaton is minimal (100 states), so every Grundy automaton of {a,a4,b} has at least 100', () => {
  assert.equal(minimise(stored().machine).stateCount, 100);
});

test('Question 11: the automaton agrees with the enumeration of every word up to length 14, and on the counts of each value to length 22', () => {
  const { machine, alphabet } = stored();
  const table = enumerateByLengthSync(rules, 22);
  for (let n = 0; n <= 14; n++) {
    const values = table.ofLength(n);
    for (let w = 0; w < values.length; w++) {
      const word = decodeWord(table.layout, n, w);
      assert.equal(machine.value(alphabet.encode(word)), values[w], word);
    }
  }
  // Words of length n reaching each state, by dynamic programming over the machine.
  let reach = new Float64Array(machine.stateCount);
  reach[machine.start] = 1;
  for (let n = 0; n <= 22; n++) {
    const counts = [0, 0, 0, 0];
    reach.forEach((c, s) => (counts[machine.output[s]!]! += c));
    assert.deepEqual(counts.slice(0, table.lengths[n]!.counts.length), table.lengths[n]!.counts, `length ${n}`);
    const next = new Float64Array(machine.stateCount);
    reach.forEach((c, s) => {
      for (let a = 0; a < machine.alphabetSize; a++) next[machine.next(s, a)]! += c;
    });
    reach = next;
  }
});

test('Question 11: one changed output or transition of the stored automaton is refused by the prover', () => {
  const { machine, alphabet } = stored();
  const output = machine.output.slice();
  output[5] = (output[5]! + 1) % 4;
  assert.equal(verifyGrundyAutomaton({ rules, alphabet }, new Dfa(2, machine.delta, output, machine.start)).verified, false);
  const delta = machine.delta.slice();
  delta[7] = (delta[7]! + 1) % 100;
  assert.equal(verifyGrundyAutomaton({ rules, alphabet }, new Dfa(2, delta, machine.output, machine.start)).verified, false);
});

test('sprague automaton --verify FILE proves the stored automaton from the command line (exit 0, one JSON line)', () => {
  const r = runCli(['automaton', 'rewrite:a,a4,b', '--verify', file, '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines, [{ states: 100, grundyValues: [0, 1, 2, 3], verified: true }]);
  const other = runCli(['automaton', 'rewrite:a,a2,b', '--verify', file, '--json']);
  assert.equal(other.status, 0, other.stderr);
  assert.equal(other.lines[0].verified, false);
  const missing = runCli(['automaton', 'rewrite:a,a4,b', '--verify', `${file}.missing`]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /^sprague: the automaton file .*missing: no such file or folder\n$/);
});
