import { test } from 'node:test';
import assert from 'node:assert/strict';
import { balancedDifferences, balancedPeriodicAdmissibility, isBalanced } from '../../src/invariance/periodic-nary.js';
import { periodicAdmissibility } from '../../src/invariance/periodic.js';
import { boundedAdmissibility } from '../../src/invariance/bounded.js';
import { Box } from '../../src/invariance/box.js';
import { differencesInBox } from '../../src/invariance/differences.js';
import { pwInBox } from '../../src/words/pw.js';
import { periodicWord, primitiveRoot, wordToString } from '../../src/words/word.js';
import { binaryWords } from './helpers.js';

/** Every word over 1..n with each letter exactly c times. */
function balancedWords(n: number, c: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const counts = new Array<number>(n + 1).fill(0);
  const cur: number[] = [];
  const go = (): void => {
    if (cur.length === n * c) {
      out.push(Uint8Array.from(cur));
      return;
    }
    for (let a = 1; a <= n; a++) {
      if (counts[a]! === c) continue;
      counts[a]!++;
      cur.push(a);
      go();
      cur.pop();
      counts[a]!--;
    }
  };
  go();
  return out;
}

test('deciding-game-invariance Lemma 37 over n letters: the differences equal brute force (ternary balanced v, |v| <= 6)', () => {
  for (const v of [...balancedWords(3, 1), ...balancedWords(3, 2)]) {
    const l = v.length;
    const box = new Box(3, 4 * l);
    const member = pwInBox(periodicWord(v), box.max);
    const got = balancedDifferences(member, box, l);
    const from = new Box(3, 7 * l);
    const want = differencesInBox(pwInBox(periodicWord(v), from.max), from, box.max);
    assert.deepEqual(got, want, wordToString(v));
  }
});

test('the n-letter periodic algorithm (box [0,4ℓ]^n) agrees with Lemma 38 on every balanced binary v, |v| <= 10', () => {
  for (let len = 2; len <= 10; len += 2) {
    for (const v of binaryWords(len).filter(isBalanced)) {
      const a = periodicAdmissibility(v);
      const b = balancedPeriodicAdmissibility(v);
      assert.equal(b.admissible, a.admissible, wordToString(v));
      assert.deepEqual(b.witness, a.witness, wordToString(v));
    }
  }
});

test('deciding-game-invariance section 6.1 ("should remain true for a larger alphabet"): ternary balanced v, periodic against bounded in a larger box', () => {
  let admissible = 0;
  const words = [...balancedWords(3, 1), ...balancedWords(3, 2)];
  for (const v of words) {
    const l = v.length;
    const p = periodicAdmissibility(v);
    assert.equal(p.bound, 4 * primitiveRoot(v).length);
    const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: 5 * l, differenceMax: 8 * l });
    assert.equal(b.admissible, p.admissible, wordToString(v));
    assert.deepEqual(b.witness, p.witness, wordToString(v));
    if (p.admissible) admissible++;
  }
  assert.ok(admissible > 0 && admissible < words.length, `${admissible} of ${words.length}`);
});

test('observation: a balanced ternary v with |v| <= 6 gives an admissible P_w iff v is a concatenation of permutations of 123', () => {
  const blocks = (v: Uint8Array): boolean => {
    for (let i = 0; i < v.length; i += 3) if (new Set(v.slice(i, i + 3)).size !== 3) return false;
    return true;
  };
  let admissible = 0;
  for (const v of [...balancedWords(3, 1), ...balancedWords(3, 2)]) {
    const p = balancedPeriodicAdmissibility(v);
    assert.equal(p.admissible, blocks(v), wordToString(v));
    if (p.admissible) admissible++;
  }
  assert.equal(admissible, 6 + 36);
});
