import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InputError, InterruptedError } from '../../src/core/errors.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../../src/regular/grundy-automaton.js';
import { parseSpec } from '../../src/spec/index.js';
import { reviveAutomatonResult } from '../../src/cli/background-jobs.js';
import { runInBackground } from '../../src/cli/background.js';

test('the learner in a worker gives the same proved machine as in the caller thread, revived as a working Dfa', async () => {
  const spec = 'rewrite:a,a2,a3,b';
  const rules = parseSpec(spec).capabilities!.rewriteRules!;
  const here = findGrundyAutomaton(rules);
  const there = reviveAutomatonResult(await runInBackground('automaton', { rules, maxStates: 100, target: 'grundy' }));
  assert.equal(there.verified, true);
  assert.equal(there.states, here.states);
  assert.deepEqual([...there.machine!.delta], [...here.machine!.delta]);
  for (const w of ['', 'a', 'ab', 'aaab', 'babaaab']) assert.equal(there.machine!.value(there.alphabet.encode(w)), here.machine!.value(here.alphabet.encode(w)), w);
});

test('an aborted worker run rejects with InterruptedError carrying the unproved hypothesis', async () => {
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 1500);
  await assert.rejects(runInBackground('automaton', { rules: parseSpec('rewrite:a,a4,b').capabilities!.rewriteRules!, maxStates: 5000, target: 'grundy' }, { signal: ac.signal }), (e: unknown) => {
    assert.ok(e instanceof InterruptedError);
    const partial = e.partial as GrundyAutomatonResult;
    assert.equal(partial.verified, false);
    assert.ok(partial.lowerBound > 1);
    return true;
  });
});

test('bad input keeps its class across the thread (exit 2 in the CLI, not an internal error)', async () => {
  await assert.rejects(runInBackground('sequence', { spec: 'octal:0.9', max: 10 }), (e: unknown) => e instanceof InputError);
});
