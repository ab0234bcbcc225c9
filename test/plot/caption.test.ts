/** The sentence under a picture (issue 23 item 5): the summary's figures in words, for every kind. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InterruptedError } from '../../src/core/errors.js';
import { caption, makePlot, type PlotResult } from '../../src/plot/index.js';

test('a certified period: period, preperiod and the certificate (Dawson\'s Kayles, octal 0.07, Guy–Smith)', async () => {
  const r = await makePlot({ spec: 'octal:0.07', max: 300 });
  assert.equal(r.summary['certificate'], 'Guy–Smith: G(n+34) = G(n) checked for 53 <= n < 141'); // the take-and-break window 2m + p + k - 1 (docs/take-and-break.md)
  assert.equal(r.caption, 'G(0..300) of octal:0.07: certified period 34, from heap 53 (Guy–Smith: G(n+34) = G(n) checked for 53 ≤ n < 141).');
  const pure = await makePlot({ spec: 'subtraction:1,2', max: 30 });
  assert.match(pure.caption, /^G\(0\.\.30\) of subtraction:1,2: certified period 3, purely periodic from heap 0 \(/);
});

test('an apparent period and no period are said to be so', () => {
  const apparent = caption('sequence', { spec: 'x', values: 100, period: null, preperiod: null, certified: false, apparentPeriod: 6, apparentPreperiod: 2 }, { max: 99 });
  assert.equal(apparent, 'G(0..99) of x: apparent period 6 from heap 2 in the 100 values computed, not proved (compute further, or give the game a certifier).');
  assert.equal(caption('sequence', { spec: 'x', values: 10, period: null, preperiod: null, certified: false }, { max: 9 }), 'G(0..9) of x: no period in the 10 values computed.');
});

test('P-positions, heat maps, rewrite games by length and automata', async () => {
  const pp = await makePlot({ spec: 'wythoff', overlay: 'maharaja', max: 40 });
  assert.equal(pp.caption, '31 P-positions of wythoff and 33 of maharaja in [0,40]².');
  const values = await makePlot({ spec: 'nim', kind: 'values', max: 15 });
  assert.equal(values.summary['pPositions'], 16);
  assert.equal(values.caption, 'Grundy values of nim on (x,y), x,y ≤ 15: 16 P-positions (G = 0, in black); largest value 15.');
  // The running maximum 0,1,2,3,4,5,5,6,7,7,7,7,7 of docs/explorer.md's lengths picture.
  const lengths = await makePlot({ spec: 'rewrite:a,a2,a3,a4,b', max: 12 });
  assert.equal(lengths.caption, 'rewrite:a,a2,a3,a4,b, words of length 0 to 12: the largest Grundy value is 7, first reached at length 8; at length 12 the largest is 7.');
  const automaton = await makePlot({ spec: 'rewrite:a,a2,b', kind: 'automaton', max: 40 });
  assert.equal(automaton.caption, 'A Grundy automaton of rewrite:a,a2,b with 12 states, proved (taking-and-merging, Lemma 2): values 0, 1, 2, 3; no automaton has fewer states.');
});

test('an interrupted picture says so in its caption', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(makePlot({ spec: 'wythoff', kind: 'values', max: 200 }, { signal: controller.signal }), (e: unknown) => {
    assert.ok(e instanceof InterruptedError);
    assert.match((e.partial as PlotResult).caption, /^Interrupted: only the work finished is shown\. Grundy values of wythoff/);
    return true;
  });
});
