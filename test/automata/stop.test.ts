import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InterruptedError } from '../../src/core/errors.js';
import { Dfa } from '../../src/automata/dfa.js';
import { minimise } from '../../src/automata/minimise.js';
import { determinise, Nfa } from '../../src/automata/nfa.js';
import { product } from '../../src/automata/ops.js';
import { existsMinimal } from '../../src/automata/projection.js';
import { Session } from '../../src/logic/session.js';

/** A signal that turns raised after it has been read `reads` times: how often a kernel reads it, and that it stops then. */
function raisedAfter(reads: number): AbortSignal & { reads: number } {
  const s = {
    reads: 0,
    get aborted() {
      return ++s.reads > reads;
    },
  };
  return s as unknown as AbortSignal & { reads: number };
}

const cycle = (n: number, k = 2) => Dfa.from(n, k, (s, a) => (s + a + 1) % n, (s) => (s % 3 === 0 ? 1 : 0));

test('product reads its stop signal every few thousand states and stops with the pairs built so far', () => {
  const a = cycle(1000);
  const b = cycle(997);
  const full = product(a, b, (x, y) => x ^ y);
  assert.equal(full.stateCount, 997_000);
  const signal = raisedAfter(3);
  assert.throws(() => product(a, b, (x, y) => x ^ y, 2_000_000, { signal }), (e: unknown) => {
    assert.ok(e instanceof InterruptedError);
    const built = (e.partial as { states: number }).states;
    assert.ok(built > 0 && built < full.stateCount, String(built));
    return true;
  });
  assert.equal(signal.reads, 4, 'read once per 2^16 transitions, not per state');
});

test('minimise, determinise and existsMinimal stop on a raised signal; unraised, the results are unchanged', () => {
  const d = cycle(300_000, 3);
  const stopped = new AbortController();
  stopped.abort();
  assert.throws(() => minimise(d, stopped.signal), InterruptedError);
  assert.deepEqual(minimise(d, new AbortController().signal), minimise(d));
  // An NFA whose subsets grow: "the 16th letter from the end is 1".
  const n = 17;
  const edges = Array.from({ length: n }, (_, s) => (s === 0 ? [0, 0, 1, 0, 1, 1] : s < n - 1 ? [0, s + 1, 1, s + 1] : []));
  const nfa = new Nfa(2, [0], Uint8Array.from({ length: n }, (_, s) => (s === n - 1 ? 1 : 0)), edges);
  assert.throws(() => determinise(nfa, { maxStates: 1 << 20, signal: raisedAfter(0) }), InterruptedError);
  assert.equal(minimise(determinise(nfa, { maxStates: 1 << 20 })).stateCount, 2 ** 16);
  const M = cycle(2000, 4);
  const A = cycle(300, 2);
  assert.throws(() => existsMinimal(M, A, 2, 2, { signal: stopped.signal }), InterruptedError);
});

test('the logic engine stops inside one command when its signal is raised (Limits.signal)', () => {
  const query = 'eval t "?msd_2 Ex,y x=4095*y+1000";';
  assert.equal(new Session().run(query).result, true);
  const signal = raisedAfter(5);
  assert.throws(() => new Session({ signal }).run(query), InterruptedError);
  assert.ok(signal.reads <= 6);
});
