import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BinaryPeriodicWord, leastWitness2, lemma37Differences, periodicAdmissibility, remark40Differences } from '../../src/invariance/periodic.js';
import { boundedAdmissibility } from '../../src/invariance/bounded.js';
import { Box, restrict } from '../../src/invariance/box.js';
import { differencesInBox } from '../../src/invariance/differences.js';
import { setInBox } from '../../src/invariance/sets.js';
import { occurrenceTuples } from '../../src/words/pw.js';
import { letterCounts, parseDigitWord, periodicWord, primitiveRoot, wordToString } from '../../src/words/word.js';
import { InputError } from '../../src/core/errors.js';
import { binaryWords } from './helpers.js';

const balanced = (v: Uint8Array): boolean => {
  const c = letterCounts(v, 2);
  return c[1] === c[2];
};
const binary = (v: Uint8Array): boolean => {
  const c = letterCounts(v, 2);
  return c[1]! > 0 && c[2]! > 0;
};

/** (P_w - P_w) ∩ [0,bound]^2 by brute force over pairs of P_w in a larger box. */
function bruteDifferences(v: Uint8Array, bound: number, from: number): Uint8Array {
  const big = new Box(2, from);
  return differencesInBox(setInBox({ kind: 'word', word: periodicWord(v) }, from), big, bound);
}

test('occurrences and partners of a periodic word agree with scanning the word', () => {
  for (const s of ['12', '1122', '112', '1211', '221121', '1112222']) {
    const v = parseDigitWord(s);
    const word = new BinaryPeriodicWord(v);
    const tuples = occurrenceTuples(periodicWord(v), 200);
    tuples.forEach(([a, b], i) => {
      assert.equal(word.occurrence(1, i + 1), a);
      assert.equal(word.occurrence(2, i + 1), b);
      assert.equal(word.partner(a!), b);
      assert.equal(word.partner(b!), a);
    });
  }
});

test('deciding-game-invariance Lemma 37: P_w - P_w in [0,2ℓ]^2 from the finite part equals brute force (balanced v, |v| <= 10)', () => {
  for (let len = 2; len <= 10; len += 2) {
    for (const v of binaryWords(len).filter(balanced)) {
      const l = len;
      const got = lemma37Differences(new BinaryPeriodicWord(v));
      assert.deepEqual(got, bruteDifferences(v, 2 * l, 5 * l), wordToString(v));
    }
  }
});

test('deciding-game-invariance section 6.1 (erratum): the shortcut (P ∩ [0,ℓ]^2 - P ∩ [0,ℓ]^2) ∩ N^2 + {0,(ℓ,ℓ)} misses differences', () => {
  // v = 12: P_w = {0} ∪ {(2k-1,2k), (2k,2k-1)}; (3,1) = (4,3) - (1,2) is a difference, the shortcut lacks it.
  const v = parseDigitWord('12');
  const l = 2;
  const P0: number[][] = [[0, 0], [1, 2], [2, 1]];
  const shortcut = new Set<string>();
  for (const a of P0) for (const b of P0) {
    const d = [a[0]! - b[0]!, a[1]! - b[1]!];
    if (d[0]! >= 0 && d[1]! >= 0) for (const k of [0, l]) shortcut.add(`${d[0]! + k},${d[1]! + k}`);
  }
  assert.equal(shortcut.has('3,1'), false);
  const exact = lemma37Differences(new BinaryPeriodicWord(v));
  assert.equal(exact[3 * (2 * l + 1) + 1], 1);
});

test('deciding-game-invariance section 6.1 (erratum): with the shortcut differences, v = 2122121211 would wrongly pass as admissible', () => {
  const v = parseDigitWord('2122121211');
  const word = new BinaryPeriodicWord(v);
  const l = v.length;
  const bound = 2 * l;
  const side = bound + 1;
  const P0: number[][] = [[0, 0]];
  for (let m = 1; m <= l / 2; m++) {
    const a = word.occurrence(1, m);
    const b = word.occurrence(2, m);
    P0.push([a, b], [b, a]);
  }
  const shortcut = new Uint8Array(side * side);
  for (const p of P0) for (const q of P0) {
    const dx = p[0]! - q[0]!;
    const dy = p[1]! - q[1]!;
    if (dx >= 0 && dy >= 0) for (const k of [0, l]) if (dx + k <= bound && dy + k <= bound) shortcut[(dx + k) * side + dy + k] = 1;
  }
  assert.equal(leastWitness2(bound, word.partners(bound), shortcut), undefined);
  const exact = periodicAdmissibility(v);
  assert.equal(exact.admissible, false);
  const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: 3 * l, differenceMax: 6 * l });
  assert.deepEqual(b.witness, exact.witness);
});

test('deciding-game-invariance Corollary 39: the periodic algorithm agrees with the bounded method for every balanced binary v, |v| <= 12', () => {
  const admissibleByLength = new Map<number, string[]>();
  for (let len = 2; len <= 12; len += 2) {
    const admissible: string[] = [];
    for (const v of binaryWords(len).filter(balanced)) {
      const p = periodicAdmissibility(v);
      assert.equal(p.certified, true);
      // By Lemma 38 the least witness lies in [0,2ℓ]^2; Lemma 37 puts every difference there within [0,3ℓ]^2.
      const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: 2 * len, differenceMax: 3 * len });
      assert.equal(p.admissible, b.admissible, wordToString(v));
      assert.deepEqual(p.witness, b.witness, wordToString(v));
      if (p.admissible) admissible.push(wordToString(v));
    }
    admissibleByLength.set(len, admissible);
  }
  // The counts: 2, 4, 8, 16, 32, 64 admissible balanced words of length 2..12, and they are exactly the
  // words in {12, 21}^(ℓ/2) (observed here, not claimed by the paper).
  for (const [len, words] of admissibleByLength) {
    assert.equal(words.length, 2 ** (len / 2), `length ${len}`);
    for (const w of words) assert.match(w, /^(12|21)+$/);
  }
});

test('deciding-game-invariance Lemma 38: checking beyond [0,2ℓ]^2 finds nothing new (balanced v, |v| <= 8, box 4ℓ)', () => {
  for (let len = 2; len <= 8; len += 2) {
    for (const v of binaryWords(len).filter(balanced)) {
      const p = periodicAdmissibility(v);
      const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: 4 * len, differenceMax: 6 * len });
      assert.equal(b.admissible, p.admissible, wordToString(v));
    }
  }
});

test('deciding-game-invariance Remark 40: P_w - P_w from the linear form equals brute force (unbalanced v, |v| <= 7)', () => {
  for (let len = 3; len <= 7; len++) {
    for (const v of binaryWords(len).filter((w) => binary(w) && !balanced(w))) {
      const rho = primitiveRoot(v);
      const word = new BinaryPeriodicWord(rho);
      const one = word.counts[1] < word.counts[2] ? 1 : 2;
      const bound = 40;
      const got = remark40Differences(word, one, bound);
      // Differences of size <= 40 need pairs up to (c_2 / c_1 + 1) * 40 in the slow direction.
      const c = letterCounts(rho, 2);
      const from = Math.ceil((Math.max(c[1]!, c[2]!) / Math.min(c[1]!, c[2]!) + 2) * (bound + 2 * rho.length));
      assert.deepEqual(got, bruteDifferences(rho, bound, from), wordToString(v));
    }
  }
});

test('deciding-game-invariance Remark 40: the periodic method agrees with the bounded method on unbalanced v, |v| <= 7', () => {
  let admissible = 0;
  let total = 0;
  for (let len = 3; len <= 7; len++) {
    for (const v of binaryWords(len).filter((w) => binary(w) && !balanced(w))) {
      total++;
      const p = periodicAdmissibility(v);
      const N = Math.min(p.bound, 60);
      const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: N, differenceMax: 4 * N });
      const inBox = p.witness && Math.max(...p.witness) <= N ? p.witness : undefined;
      assert.deepEqual(b.witness, inBox, wordToString(v));
      if (p.admissible) {
        admissible++;
        assert.equal(p.certified, false);
        // Twice Remark 40's box, with exact differences: the verdict stands.
        assert.equal(periodicAdmissibility(v, { bound: 2 * p.bound }).admissible, true, wordToString(v));
      }
    }
  }
  assert.ok(admissible > 0 && admissible < total);
});

test('the periodic method depends only on the primitive root, and rejects unbalanced words over three letters', () => {
  const a = periodicAdmissibility(parseDigitWord('1122'));
  const b = periodicAdmissibility(parseDigitWord('112211221122'));
  assert.deepEqual({ ...a }, { ...b });
  assert.throws(() => periodicAdmissibility(parseDigitWord('1123')), InputError);
});

test('the periodic algorithm handles |v| = 200 quickly and agrees with a restricted bounded check', () => {
  let seed = 11;
  const v = new Uint8Array(200);
  for (let i = 0; i < 100; i++) v[i] = 1;
  for (let i = 100; i < 200; i++) v[i] = 2;
  for (let i = 199; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = (seed >>> 8) % (i + 1);
    [v[i], v[j]] = [v[j]!, v[i]!];
  }
  // Quickly in CPU time (a few milliseconds; a search of the box would take minutes), which a busy machine
  // does not stretch as it does the wall clock.
  const cpu0 = process.cpuUsage();
  const p = periodicAdmissibility(v);
  const cpu = process.cpuUsage(cpu0);
  assert.ok((cpu.user + cpu.system) / 1000 < 5000, `${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU`);
  const box = new Box(2, 2 * 200);
  const diff = lemma37Differences(new BinaryPeriodicWord(primitiveRoot(v)));
  const brute = bruteDifferences(v, 60, 3 * 200);
  const small = restrict(diff, box, new Box(2, 60));
  assert.deepEqual(small, brute);
  if (!p.admissible) assert.ok(Math.max(...p.witness!) <= 400);
});
