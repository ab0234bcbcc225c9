import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mex } from '../../src/core/mex.js';
import { Solver, grundy, outcome } from '../../src/core/solver.js';
import { CycleError, InputError, InterruptedError, LimitError } from '../../src/core/errors.js';
import type { Heaps, Ruleset } from '../../src/core/ruleset.js';
import { orderedHeapsDomain } from '../../src/core/positions.js';
import { parseSpec } from '../../src/spec/index.js';

test('mex is the least non-negative integer not in the set (push-the-button, Definition 1.3.2)', () => {
  assert.equal(mex([]), 0);
  assert.equal(mex([0, 1, 3]), 2);
  assert.equal(mex([1, 2]), 0);
  assert.equal(mex([2, 0, 1, 1]), 3);
});

test('Nim sums are XORs, computed on the whole game tree without decomposition (push-the-button, Prop. 1.3.3)', () => {
  const nim = parseSpec('nim');
  const plain = new Solver({ decompose: false, closedForms: false });
  const fast = new Solver();
  for (let a = 0; a <= 6; a++)
    for (let b = 0; b <= 6; b++)
      for (let c = 0; c <= 6; c++) {
        assert.equal(plain.grundy(nim, [a, b, c]), a ^ b ^ c, `(${a},${b},${c})`);
        assert.equal(fast.grundy(nim, [a, b, c]), a ^ b ^ c);
      }
});

test('misère Nim follows Bouton: P iff the XOR is 0 with a heap > 1, or 1 with all heaps <= 1 (push-the-button, §1.2)', () => {
  const misere = parseSpec('misere(nim)');
  // The search, and the closed form misère Nim declares (which must agree with it).
  const s = new Solver({ closedForms: false });
  const closed = new Solver();
  for (let a = 0; a <= 5; a++)
    for (let b = 0; b <= 5; b++)
      for (let c = 0; c <= 5; c++) {
        const x = a ^ b ^ c;
        const small = Math.max(a, b, c) <= 1;
        const expected = (small ? x === 1 : x === 0) ? 'P' : 'N';
        assert.equal(s.outcome(misere, [a, b, c]), expected, `(${a},${b},${c})`);
        assert.equal(closed.outcome(misere, [a, b, c]), expected, `closed form (${a},${b},${c})`);
      }
  assert.throws(() => s.grundy(misere, [1]), InputError);
});

test('a game tree 10^6 moves deep is solved without overflowing the stack', () => {
  const chain = parseSpec('subtraction:1');
  assert.equal(grundy(chain, [1_000_000]), 0);
  assert.equal(grundy(chain, [999_999]), 1);
});

/** n -> n+1 forever, or a cycle 0 -> 1 -> 2 -> 0: games that never end. */
function loopy(kind: 'grow' | 'cycle'): Ruleset<Heaps> {
  return {
    name: kind,
    domain: orderedHeapsDomain,
    convention: 'normal',
    terminating: false,
    options: ([n]) => [[kind === 'grow' ? n! + 1 : (n! + 1) % 3]],
  };
}

test('a game not known to terminate needs a depth bound, and hitting it is reported, not hidden', () => {
  assert.throws(() => grundy(loopy('grow'), [0]), InputError);
  assert.throws(() => grundy(loopy('grow'), [0], { maxDepth: 50 }), (e: unknown) => e instanceof LimitError && /depth bound 50/.test(e.message));
});

test('a cycle of positions is found and shown', () => {
  assert.throws(
    () => grundy(loopy('cycle'), [0], { maxDepth: 100 }),
    (e: unknown) => e instanceof CycleError && e.cycle.join(' -> ') === '0 -> 1 -> 2 -> 0',
  );
});

test('after a limit, finished values are kept and the solver can go on', () => {
  const s = new Solver({ maxPositions: 1000 });
  const chain = parseSpec('subtraction:1,2');
  assert.equal(s.grundy(chain, [500]), 500 % 3);
  assert.throws(() => s.grundy(chain, [5000]), LimitError);
  assert.equal(s.memoised, 501, 'the 501 finished heaps 0..500 are kept, the unfinished ones dropped');
  assert.equal(s.grundy(chain, [500]), 500 % 3);
  assert.equal(new Solver().grundy(chain, [5000]), 5000 % 3);
});

test('an aborted search throws InterruptedError', () => {
  const ac = new AbortController();
  ac.abort();
  assert.throws(() => new Solver({ signal: ac.signal }).grundy(parseSpec('subtraction:1'), [300_000]), InterruptedError);
});

test('outcome is P exactly when the Grundy value is 0 (push-the-button, Prop. 1.3.3)', () => {
  const w = parseSpec('wythoff');
  for (let a = 0; a < 15; a++) for (let b = 0; b < 15; b++) assert.equal(outcome(w, [a, b]) === 'P', grundy(w, [a, b]) === 0);
});
