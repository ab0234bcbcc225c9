/**
 * rareHeaps lists, from the values and the fingerprint alone, the rare heaps the sparse-space kernel keeps
 * (the atlas draws their values): checked against the kernel's own list, over every class the kernels pick
 * for the three-digit codes, those that read the heap parity (pos) included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTakeAndBreakCode, takeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakKernel } from '../../../src/games/heaps/take-and-break/kernel.js';
import { movesOf } from '../../../src/games/heaps/take-and-break/moves.js';
import { rareHeaps, takeAndBreakSequence } from '../../../src/games/heaps/take-and-break/sequence.js';

test("rareHeaps: the kernel's rare list, its count and last the fingerprint's, for every code 0.d1d2d3 and 4.d1d2 to 1000 heaps", () => {
  let sparse = 0;
  let pos = 0;
  let odd = 0;
  const codes = [];
  for (let x = 1; x < 512; x++) codes.push(takeAndBreakCode([0, x >> 6, (x >> 3) & 7, x & 7]));
  for (let x = 0; x < 64; x++) codes.push(takeAndBreakCode([4, x >> 3, x & 7]));
  for (const code of codes) {
    const heaps = 1000;
    const k = new TakeAndBreakKernel(movesOf(code), heaps);
    k.run(heaps);
    const { values, fingerprint } = takeAndBreakSequence(code, heaps - 1, { atPeriod: 'ignore' });
    assert.equal(fingerprint.heaps, heaps, code.text);
    const listed = rareHeaps(values, fingerprint);
    assert.deepEqual(listed, Array.from(k.rare.subarray(0, k.rareCount)), code.text);
    assert.equal(listed.length, fingerprint.rareCount, code.text);
    assert.equal(listed.at(-1) ?? 0, fingerprint.lastRare, code.text);
    if (fingerprint.rareMask !== 0) sparse++;
    if (fingerprint.rarePos) pos++;
    if (fingerprint.rarePos && fingerprint.splitParity === 1) odd++;
  }
  // Not vacuous: classes with a mask, with the heap parity, and with an odd split digit were all met.
  assert.ok(sparse > 100 && pos > 0 && odd > 0, `${sparse} codes with a sparse space, ${pos} with pos, ${odd} of them with odd split digits`);
});

test("rareHeaps: Grundy's game (4!.0) to 2^14 has tczajka's 1150 rare heaps but for heap 0, the last 16371; none under mask 0", () => {
  const { values, fingerprint } = takeAndBreakSequence(parseTakeAndBreakCode('4!.0'), (1 << 14) - 1, { atPeriod: 'ignore' });
  const rare = rareHeaps(values, fingerprint);
  assert.equal(rare.length, 1149);
  assert.equal(rare.at(-1), 16371);
  // Under mask fe a heap is rare when its value has an even number of bits above the lowest.
  for (const a of rare.slice(0, 50)) assert.equal(((values[a]! & 0xfe).toString(2).match(/1/g)?.length ?? 0) % 2, 0);
  assert.deepEqual(rareHeaps(values, { ...fingerprint, rareMask: 0 }), []);
});
