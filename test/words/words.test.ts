import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Morphism, fixedPoint } from '../../src/words/morphism.js';
import { occurrenceTuples, pwInBox, permutations } from '../../src/words/pw.js';
import { parikhData, parikhOccurrence, parikhTuples, uniformLetter } from '../../src/words/parikh.js';
import { parseDigitWord, periodicWord, primitiveRoot, wordToString } from '../../src/words/word.js';
import { InputError } from '../../src/core/errors.js';

/** The plain reference: iterate the morphism on whole words. */
function naiveFixedPoint(f: Morphism, start: number, length: number): Uint8Array {
  let w: Uint8Array = Uint8Array.of(start);
  while (w.length < length) w = f.apply(w);
  return w.slice(0, length);
}

/** The plain reference for P_w tuples: scan the word for the m-th occurrence of each letter. */
function naiveTuple(w: Uint8Array, n: number, m: number): number[] | undefined {
  const t: number[] = [];
  for (let a = 1; a <= n; a++) {
    let seen = 0;
    let at = -1;
    for (let i = 0; i < w.length; i++) if (w[i] === a && ++seen === m) {
      at = i + 1;
      break;
    }
    if (at < 0) return undefined;
    t.push(at);
  }
  return t;
}

test('fixed points agree with iterating the morphism (Tribonacci, Fibonacci, Example 44, generalized Tribonacci)', () => {
  for (const rules of ['1->12,2->13,3->1', '1->12,2->1', '1->112,2->121', '1->1112,2->13,3->1', '1->12,2->3,3->12']) {
    const f = Morphism.parse(rules);
    assert.deepEqual(fixedPoint(f).prefix(500), naiveFixedPoint(f, 1, 500), rules);
  }
});

test('deciding-game-invariance section 6, Example 35: the Fibonacci word and the first elements of P_F', () => {
  const F = fixedPoint(Morphism.parse('1->12,2->1'));
  // Erratum: the paper prints F = 1211212112112112112112112...; the fixed point differs from index 14
  // (0-based) on: 12112121121121 21121211211. The listed elements of P_F are right.
  const printed = '1211212112112112112112112';
  const generated = wordToString(F.prefix(printed.length));
  assert.equal(generated, '1211212112112121121211211');
  assert.equal(generated.slice(0, 14), printed.slice(0, 14));
  const tuples = occurrenceTuples(F, 15);
  assert.deepEqual(tuples.slice(0, 6), [
    [1, 2],
    [3, 5],
    [4, 7],
    [6, 10],
    [8, 13],
    [9, 15],
  ]);
  // The paper's list with the symmetric pairs and 0.
  const box = pwInBox(F, 15);
  const listed = [[0, 0], [1, 2], [2, 1], [3, 5], [5, 3], [4, 7], [7, 4], [6, 10], [10, 6], [8, 13], [13, 8], [9, 15], [15, 9]];
  let members = 0;
  for (const m of box) members += m;
  assert.equal(members, listed.length);
  for (const [x, y] of listed) assert.equal(box[x! * 16 + y!], 1, `(${x},${y})`);
});

test('deciding-game-invariance section 1, word (1): Tribonacci P-positions from the morphism (NOTES.md: printed prefix wrong from index 27)', () => {
  const T = fixedPoint(Morphism.parse('1->12,2->13,3->1'));
  const printed = '1213121121312121312112131211213121213121';
  const generated = wordToString(T.prefix(printed.length));
  assert.equal(generated.slice(0, 27), printed.slice(0, 27));
  assert.deepEqual(occurrenceTuples(T, 41).slice(0, 7), [
    [1, 2, 4],
    [3, 6, 11],
    [5, 9, 17],
    [7, 13, 24],
    [8, 15, 28],
    [10, 19, 35],
    [12, 22, 41],
  ]);
});

test('P_w tuples agree with scanning the word, for random periodic and morphic words', () => {
  let seed = 7;
  const rand = (k: number): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % k;
  for (let trial = 0; trial < 40; trial++) {
    const n = 2 + rand(2);
    const len = n + rand(6);
    const v = new Uint8Array(len);
    for (let i = 0; i < len; i++) v[i] = i < n ? i + 1 : 1 + rand(n);
    const w = periodicWord(v);
    const prefix = w.prefix(60);
    const tuples = occurrenceTuples(w, 60);
    for (let m = 1; m <= tuples.length; m++) assert.deepEqual(tuples[m - 1], naiveTuple(prefix, n, m));
    assert.equal(naiveTuple(prefix, n, tuples.length + 1)?.every((x) => x <= 60) ?? false, false);
  }
});

test('permutations of a triple are its 6 orderings', () => {
  assert.deepEqual(permutations([1, 2, 4]).map((p) => p.join('')).sort(), ['124', '142', '214', '241', '412', '421']);
});

test('deciding-game-invariance section 6.2, Example 44: P_w of 1 -> 112, 2 -> 121 and the predicate g_{w,a}', () => {
  const f = Morphism.parse('1->112,2->121');
  const w = fixedPoint(f);
  assert.equal(wordToString(w.prefix(27)), '112112121112112121112121112');
  assert.deepEqual(occurrenceTuples(w, 17).slice(0, 6), [
    [1, 3],
    [2, 6],
    [4, 8],
    [5, 12],
    [7, 15],
    [9, 17],
  ]);
  const data = parikhData(f);
  assert.equal(data.blockLength, 3);
  assert.equal(data.counts[1], 2);
  assert.equal(data.counts[2], 1);
  assert.equal(data.C[1]![2]![0], 1); // C_{1,1,2}
  assert.equal(data.C[1]![2]![1], 3); // C_{2,1,2}
  assert.equal(parikhOccurrence(f, data, 1, 1, 6), 9); // g_{w,1}(6, 9)
  assert.equal(parikhOccurrence(f, data, 1, 2, 6), 17); // g_{w,2}(6, 17)
});

test('deciding-game-invariance Proposition 43: g_{w,a} locates every occurrence found by direct enumeration', () => {
  for (const rules of ['1->112,2->121', '1->123,2->231,3->312', '1->1221,2->2112', '1->12213,2->31221,3->22131']) {
    const f = Morphism.parse(rules);
    const data = parikhData(f);
    const w = fixedPoint(f);
    const prefix = w.prefix(3000);
    for (let i = 1; i <= 3000; i++) assert.equal(uniformLetter(f, 1, i), prefix[i - 1], `${rules} letter ${i}`);
    const tuples = occurrenceTuples(w, 3000);
    for (let m = 1; m <= tuples.length; m++) {
      for (let a = 1; a <= f.alphabetSize; a++) assert.equal(parikhOccurrence(f, data, 1, a, m), tuples[m - 1]![a - 1], `${rules} a=${a} m=${m}`);
    }
    // P_w through the predicate alone, against direct enumeration.
    assert.deepEqual(parikhTuples(f, 1, 3000), tuples, rules);
  }
});

test('Parikh-constant and uniform detection', () => {
  assert.equal(Morphism.parse('1->112,2->121').isParikhConstant(), true);
  assert.equal(Morphism.parse('1->12,2->1').isParikhConstant(), false);
  assert.equal(Morphism.parse('1->12,2->21').uniformLength(), 2);
  assert.throws(() => parikhData(Morphism.parse('1->12,2->11')), InputError);
});

test('primitive roots', () => {
  for (const [v, r] of [['1212', '12'], ['121', '121'], ['112112112', '112'], ['1', '1'], ['2121', '21']]) {
    assert.equal(wordToString(primitiveRoot(parseDigitWord(v!))), r);
  }
});

test('bad words and morphisms name the fault', () => {
  assert.throws(() => parseDigitWord('1a2'), /column 2/);
  assert.throws(() => parseDigitWord('13'), /not 2/);
  assert.throws(() => Morphism.parse('1->12,2-1'), /column 7/);
  assert.throws(() => Morphism.parse('1->13'), InputError);
  assert.throws(() => fixedPoint(Morphism.parse('1->21,2->1')), /start with 1/);
});
