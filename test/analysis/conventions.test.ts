/**
 * Entries of docs/conventions.md that no other test checked: the octal periods from the literature
 * (0.127, 0.16), octal values above 64, and the printed G_3 word of deciding-game-invariance Example 53.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSpec } from '../../src/spec/index.js';
import { sequenceWithPeriod } from '../../src/analysis/sequence.js';
import { octalSequence } from '../../src/games/heaps/take-and-break/octal-sequence.js';
import { octalGame } from '../helpers/octal-game.js';

test('docs/conventions.md: 0.127 has period 4 and preperiod 46578, certified by Guy–Smith', () => {
  const { period } = sequenceWithPeriod(parseSpec('octal:0.127'), 100_000);
  assert.deepEqual([period.period, period.preperiod, period.certified], [4, 46578, true]);
});

test('docs/conventions.md: 0.16 has period 149459 and preperiod 105351 (literature), certified from scratch by Guy–Smith below 2^20', () => {
  const { period } = sequenceWithPeriod(parseSpec('octal:0.16'), 1 << 20);
  assert.deepEqual([period.period, period.preperiod, period.certified], [149459, 105351, true]);
});

/** G(0..max) of an octal game from its definition: remove k with digit d_k, leave no heap (bit 1), one (bit 2) or two (bit 4). */
function octalReference(digits: number[], max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    for (let k = 1; k < digits.length && k <= n; k++) {
      const d = digits[k]!;
      const r = n - k;
      if (d & 1 && r === 0) seen.add(0);
      if (d & 2 && r > 0) seen.add(g[r]!);
      if (d & 4) for (let a = 1; 2 * a <= r; a++) seen.add(g[a]! ^ g[r - a]!);
    }
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

test('docs/conventions.md: octal values exceed 64 (0.6 from n = 2179, 0.007 from n = 1386), and the kernel keeps them exact', () => {
  for (const [code, digits, firstAbove64] of [['0.6', [0, 6], 2179], ['0.007', [0, 0, 0, 7], 1386]] as const) {
    const values = octalSequence(octalGame(code), 2500).values;
    const reference = octalReference([...digits], 2500);
    assert.deepEqual(Array.from(values), reference, code);
    assert.equal(reference.findIndex((v) => v > 64), firstAbove64, code);
  }
});

test('docs/conventions.md: the G_3 word printed in deciding-game-invariance Example 53 is the fixed point of 1->1112, 2->13, 3->1 only up to index 36', () => {
  const images: Record<number, number[]> = { 1: [1, 1, 1, 2], 2: [1, 3], 3: [1] };
  let w = [1];
  while (w.length < 200) w = w.flatMap((a) => images[a]!);
  const printed = '11121112111213111211121112131112111213111213111211112';
  const generated = w.join('');
  assert.equal(generated.slice(0, 37), printed.slice(0, 37));
  assert.notEqual(generated[37], printed[37]);
  // Table 3 is right: the first triples of the fixed point (test/logic/games.test.ts checks them against the automata).
  const where = (letter: number) => w.flatMap((a, i) => (a === letter ? [i + 1] : [])).slice(0, 4);
  assert.deepEqual([where(1), where(2), where(3)], [[1, 2, 3, 5], [4, 8, 12, 18], [14, 28, 42, 61]]);
});
