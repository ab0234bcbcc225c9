/**
 * Issue 34, part 3, complexity of R1 ⊙ R2 (docs/open-questions.md, "Complexity of R1 ⊙ R2"): the search
 * cost bench/push-complexity.ts reports is the size of the reachable position space, counted here against
 * its formula, and the closed form proved there for SUBTRACTION{1,2} ⊙ NIM on two heaps.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Solver } from '../../src/core/solver.js';
import { parseSpec } from '../../src/spec/index.js';

/** Multisets of heaps below the multiset g (sorted): the Nim positions reachable from g, as the solver keys them. */
function dominated(g: readonly number[]): number {
  const s = [...g].sort((x, y) => x - y);
  // Non-decreasing sequences x_1 <= ... <= x_k with x_i <= s_i, counted by the last value.
  let ways = new Array<number>(s[s.length - 1]! + 1).fill(0);
  for (let v = 0; v <= s[0]!; v++) ways[v] = 1;
  for (let i = 1; i < s.length; i++) {
    const next = new Array<number>(ways.length).fill(0);
    let prefix = 0;
    for (let v = 0; v <= s[i]!; v++) {
      prefix += ways[v]!;
      next[v] = prefix;
    }
    ways = next;
  }
  return ways.reduce((a, b) => a + b, 0);
}

const memoised = (spec: string, g: number[], options: ConstructorParameters<typeof Solver>[0]): number => {
  const solver = new Solver(options);
  solver.grundy(parseSpec(spec), { phase: 0, g });
  return solver.memoised;
};

test('NIM ⊙ NIM: the plain search visits each reachable heap multiset twice (phase 1 and 2), the default solver three times', () => {
  const positions = [[0], [5], [3, 7], [12, 12], [2, 5, 9], [4, 4, 4, 4], [1, 2, 3, 4, 5]];
  for (const g of positions) {
    const d = dominated(g);
    assert.equal(memoised('push(nim,nim)', g, { closedForms: false, decompose: false }), 2 * d, `plain at ${g}`);
    // The phase-2 position is split off to NIM itself, whose value is its XOR: one more memo entry per position.
    assert.equal(memoised('push(nim,nim)', g, {}), 3 * d, `default at ${g}`);
  }
  assert.equal(dominated([8, 9]), 54);
  assert.equal(dominated([6, 6, 6, 6, 6, 6]), 924); // C(12, 6): k heaps of k tokens grow like 4^k
});

test('SUBTRACTION{1,2} ⊙ NIM on two heaps: P = {a + b = 1 (mod 3), a != b}', () => {
  const rs = parseSpec('push(subtraction:1,2,nim)');
  const solver = new Solver();
  for (let a = 0; a <= 40; a++)
    for (let b = 0; b <= 40; b++) {
      const p = solver.outcome(rs, { phase: 0, g: [a, b] }) === 'P';
      assert.equal(p, (a + b) % 3 === 1 && a !== b, `(${a},${b})`);
    }
});
