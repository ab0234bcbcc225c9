/**
 * Closed forms before search (issue 24 item 5): a value a ruleset knows without listing options must be the
 * value the search finds. Nim (Bouton; push-the-button §1.2) and the periods certified by a theorem
 * (Guy–Smith for octal games, the window of a subtraction game) against the plain solver and the kernels.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Solver } from '../../src/core/solver.js';
import { parseSpec } from '../../src/spec/index.js';
import { oneHeapSequence } from '../../src/analysis/sequence.js';
import { grundyLines } from '../../src/jobs/grundy.js';
import type { JobContext } from '../../src/core/jobs.js';

test("Nim's closed form (the nim-sum) is the mex the plain solver finds, alone and inside compounds", () => {
  const plain = new Solver({ closedForms: false });
  const fast = new Solver();
  for (const spec of ['nim', 'sum(nim,wythoff)', 'push(nim,euclid)', 'conjoined(nim,nim)']) {
    const rs = parseSpec(spec);
    const positions = spec === 'sum(nim,wythoff)' ? ['0+1,2', '3+2,5', '7+4,4', '12+0,3'] : spec === 'nim' ? ['0', '9', '3,5,6', '12,7', '1,2,3,4'] : ['1,2', '3,5', '6,4', '2:3,1'];
    for (const text of positions) {
      if (spec === 'conjoined(nim,nim)' && text.includes(':')) continue;
      const p = rs.domain.parse(text);
      assert.equal(fast.grundy(rs, p), plain.grundy(rs, p), `${spec} ${text}`);
    }
  }
  // Only the value is memoised for a closed form: a heap of 10^6 lists no option.
  const solver = new Solver();
  assert.equal(solver.grundy(parseSpec('nim'), [1_000_000]), 1_000_000);
  assert.equal(solver.memoised, 1);
  // Misère Nim by Bouton's misère rule, against the search.
  const misere = parseSpec('misere(nim)');
  for (const p of [[0], [1], [2], [1, 1], [1, 1, 1], [3, 3], [2, 3, 1], [5, 4, 1, 1]]) assert.equal(fast.outcome(misere, p), plain.outcome(misere, p), `misère ${p}`);
  assert.equal(solver.outcome(misere, [1_000_000]), 'N');
  assert.equal(solver.memoised, 2);
});

const ctx: JobContext = { signal: new AbortController().signal, onProgress() {}, emit() {} };

test('heaps past 2^16 are read off the certified period (octal by Guy–Smith, subtraction by its window), as the kernel computes them', async () => {
  for (const spec of ['octal:0.07', 'octal:0.137', 'subtraction:1,3,7', 'subtraction:2-5']) {
    const values = oneHeapSequence(parseSpec(spec), 70_000);
    const heaps = [65_536, 65_537, 66_001, 69_999, 70_000];
    const lines = await grundyLines({ spec, positions: [...heaps.map(String), '65540,70000'] }, ctx);
    assert.deepEqual(
      lines.map((l) => l.grundy),
      [...heaps.map((h) => values[h]), values[65_540]! ^ values[70_000]!],
      spec,
    );
  }
});
