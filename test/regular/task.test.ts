import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InterruptedError } from '../../src/core/errors.js';
import type { RewriteGame } from '../../src/games/rewrite/game.js';
import { parseSpec } from '../../src/spec/index.js';
import { findGrundyAutomaton } from '../../src/regular/grundy-automaton.js';
import { runGrundyAutomatonTask } from '../../src/regular/task.js';

const parseRules = (rules: string) => (parseSpec(`rewrite:${rules}`) as RewriteGame).rules;

test('the learner in a worker gives the same proved machine as in the caller thread, as a working Dfa', async () => {
  const rules = parseRules('a,a2,a3,b');
  const here = findGrundyAutomaton(rules);
  const there = await runGrundyAutomatonTask(rules);
  assert.equal(there.verified, true);
  assert.equal(there.states, here.states);
  assert.deepEqual([...there.machine!.delta], [...here.machine!.delta]);
  for (const w of ['', 'a', 'ab', 'aaab', 'babaaab']) assert.equal(there.machine!.value(there.alphabet.encode(w)), here.machine!.value(here.alphabet.encode(w)), w);
});

test('an aborted worker run rejects with InterruptedError carrying the unproved hypothesis', async () => {
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 1500);
  await assert.rejects(runGrundyAutomatonTask(parseRules('a,a4,b'), { maxStates: 5000, signal: ac.signal }), (e: unknown) => {
    assert.ok(e instanceof InterruptedError);
    const partial = e.partial as { verified: boolean; lowerBound: number };
    assert.equal(partial.verified, false);
    assert.ok(partial.lowerBound > 1);
    return true;
  });
});
