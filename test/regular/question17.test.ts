/**
 * Taking-and-merging, Question 17 (is there a taking-and-merging game whose L_0 is regular but whose
 * Grundy values are unbounded?) and section 4's question (does a regular L_0 imply regular L_i, as
 * Waldmann's Theorem 14 says for taking-and-breaking games?). Proved here: the candidates' L_0 are
 * regular (stored P-position automata, re-proved by the two-class Lemma 2), and in {a,a2,b,b2} and
 * the 15 games {a,a2,b,b2} + X (X of a4, a5, b4, b5), whose L_0 is regular, L_1 is not regular (the family proof of Question 16): Theorem
 * 14 does not carry over. Unbounded values are only observed (docs/open-questions.md); what is proved
 * about them here: the largest value of a word with r = 1, 2, 3 blocks, over all lengths.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Dfa } from '../../src/automata/dfa.js';
import { familyKey, familyMember, parseFamily, proveFamily, typeKey } from '../../src/games/rewrite/block-families.js';
import { fromBlocks, takingAndMerging } from '../../src/games/rewrite/blocks.js';
import { enumerateByLengthSync } from '../../src/games/rewrite/enumerate.js';
import { decodeWord } from '../../src/games/rewrite/packed.js';
import { parseAutomatonJson } from '../../src/regular/automaton-file.js';
import { familySeparations, nonRegularLanguages } from '../../src/regular/separations.js';
import { verifyPPositions } from '../../src/regular/verify.js';
import { Alphabet } from '../../src/automata/alphabet.js';
import { bruteGrundy, rules } from './reference.js';

const ab = new Alphabet(['a', 'b']);

/** P iff |w|_a - |w|_b = 0 mod m (accepting = P), Theorem 15's automaton for m = 3. */
function differenceModulo(m: number): Dfa {
  return Dfa.from(m, 2, (s, a) => (a === 0 ? (s + 1) % m : (s + m - 1) % m), (s) => (s === 0 ? 1 : 0));
}

/** Every set of extra exponents among `extra` (as rule lists), the empty one included. */
function subsets(extra: number[], letter: string): string[][] {
  return Array.from({ length: 1 << extra.length }, (_, mask) => extra.filter((_, i) => mask & (1 << i)).map((k) => `${letter}${k}`));
}

test('Theorem 15 widened: with a, a2, b, b2 and any exponents not divisible by 3 (up to 8), P = {|w|_a - |w|_b = 0 mod 3}', () => {
  for (const xa of subsets([4, 5, 7, 8], 'a')) {
    for (const xb of subsets([4, 5, 7, 8], 'b')) {
      const text = ['a', 'a2', ...xa, 'b', 'b2', ...xb].join(',');
      assert.ok(verifyPPositions({ rules: rules(text), alphabet: ab }, differenceModulo(3)).verified, text);
    }
  }
  // An exponent divisible by 3 breaks it: a3 moves from P to P.
  assert.equal(verifyPPositions({ rules: rules('a,a2,a3,b,b2'), alphabet: ab }, differenceModulo(3)).verified, false);
});

test('the same with modulus 4: a..a3, b..b3 and any exponents not divisible by 4 (up to 7) give P = {|w|_a - |w|_b = 0 mod 4}', () => {
  for (const xa of subsets([5, 6, 7], 'a')) {
    for (const xb of subsets([5, 6, 7], 'b')) {
      const text = ['a', 'a2', 'a3', ...xa, 'b', 'b2', 'b3', ...xb].join(',');
      assert.ok(verifyPPositions({ rules: rules(text), alphabet: ab }, differenceModulo(4)).verified, text);
    }
  }
  // Modulus 5 fails already for a..a4, b..b4: bbabb is a P-position with |w|_a - |w|_b = -3.
  assert.equal(verifyPPositions({ rules: rules('a,a2,a3,a4,b,b2,b3,b4'), alphabet: ab }, differenceModulo(5)).verified, false);
});

/** The stored P-position automata of the sweep's candidates, each with every game it proves. */
const stored: [string, string[]][] = [
  ['p-a-b2-b3.json', ['a,b2,b3', 'a,a3,b2,b3']],
  ['p-a2-a3-b-b5.json', ['a2,a3,b,b5', 'a2,a3,b,b3,b5']],
  ['p-a-a2-b-b4.json', ['a,a2,b,b4']],
  ['p-a-a4-b-b2-b4.json', ['a,a4,b,b2,b4', 'a,a4,b,b2,b5', 'a,a4,b,b2,b4,b5']],
];

test('Question 17 candidates: the stored P-position automata are proved (Lemma 2, two classes) and agree with enumeration to length 14', () => {
  for (const [name, games] of stored) {
    const file = fileURLToPath(new URL(`../../../data/automata/${name}`, import.meta.url));
    const { machine, alphabet } = parseAutomatonJson(JSON.parse(readFileSync(file, 'utf8')), file);
    for (const text of games) {
      const rs = rules(text);
      assert.ok(verifyPPositions({ rules: rs, alphabet }, machine).verified, `${name} for {${text}}`);
      const table = enumerateByLengthSync(rs, 14);
      for (let n = 0; n <= 14; n++) {
        const values = table.ofLength(n);
        for (let w = 0; w < values.length; w++) {
          const word = decodeWord(table.layout, n, w);
          assert.equal(machine.value(alphabet.encode(word)) === 1, values[w] === 0, `{${text}} ${word}`);
        }
      }
    }
  }
});

test('section 4 answered (Theorem 14 does not carry over): a regular L_0 and non-regular L_1..L_4 in every {a,a2,b,b2} + X, X of a4, a5, b4, b5', () => {
  // The 16 games, 10 up to swapping the letters (the swap maps a b^i a^j b to b a^i b^j a).
  const games = subsets([4, 5], 'a').flatMap((xa) => subsets([4, 5], 'b').map((xb) => ['a', 'a2', ...xa, 'b', 'b2', ...xb].join(',')));
  const upToSwap = games.filter((text) => {
    const swapped = text.replace(/[ab]/g, (c) => (c === 'a' ? 'b' : 'a')).split(',');
    const sorted = [...swapped.filter((r) => r[0] === 'a'), ...swapped.filter((r) => r[0] === 'b')].sort((x, y) => x[0]!.localeCompare(y[0]!) || x.length - y.length || x.localeCompare(y));
    return text <= sorted.join(',');
  });
  assert.equal(upToSwap.length, 10);
  for (const text of upToSwap) {
    const rs = rules(text);
    assert.ok(verifyPPositions({ rules: rs, alphabet: ab }, differenceModulo(3)).verified, text);
    const game = takingAndMerging(rs);
    const proof = proveFamily(game, parseFamily(game, 'a b^i a^j b').family);
    assert.ok(proof.verdict.verified, text);
    assert.deepEqual(nonRegularLanguages(familySeparations(game, proof)), [1, 2, 3, 4], text);
  }
});

/** The word with these block lengths, first letter `first`. */
const blockWord = (lengths: number[], first = 'a') => lengths.map((n, i) => ((i % 2 === 0) === (first === 'a') ? 'a' : 'b').repeat(n)).join('');

test('Question 17: a word of 1, 2 or 3 blocks has value at most 2, 3, 3 in {a,a2,b,b2} and in {a,b2,b3}, for all lengths (family tables proved); the plain solver agrees', () => {
  const cases: [string, string, number][] = [
    ['a,a2,b,b2', 'a^i', 2], // the rules are symmetric in a and b: the first letter does not matter
    ['a,a2,b,b2', 'a^i b^j', 3],
    ['a,a2,b,b2', 'a^i b^j a^k', 3],
    ['a,b2,b3', 'a^i', 1],
    ['a,b2,b3', 'b^i', 2],
    ['a,b2,b3', 'a^i b^j', 3],
    ['a,b2,b3', 'b^i a^j', 3],
    ['a,b2,b3', 'a^i b^j a^k', 3],
    ['a,b2,b3', 'b^i a^j b^k', 3],
  ];
  for (const [text, pattern, largest] of cases) {
    const q = takingAndMerging(rules(text));
    const g = bruteGrundy(rules(text));
    const proof = proveFamily(q, parseFamily(q, pattern).family);
    assert.ok(proof.verdict.verified, `{${text}} ${pattern}`);
    const start = proof.tables.find((tb) => familyKey(tb.family) === familyKey(proof.start))!;
    assert.equal(Math.max(...start.values.values()), largest, `{${text}} ${pattern}`);
    // The table against the plain memoised solver on every member with blocks of length <= 7.
    const V = start.family.blocks.length;
    for (let x = 0; x < 7 ** V; x++) {
      const point = Array.from({ length: V }, (_, i) => 1 + (Math.floor(x / 7 ** i) % 7));
      const word = fromBlocks(q, familyMember(proof.start, point));
      assert.equal(start.values.get(typeKey(point, proof.types)), g(word), `{${text}} ${word}`);
    }
  }
});

/** The largest value of an r-block word of length <= n, for r = 1..n (two letters, table to n at least). */
function largestByBlocks(table: ReturnType<typeof enumerateByLengthSync>, maxLength: number): number[] {
  const byBlocks: number[] = [];
  for (let n = 1; n <= maxLength; n++) {
    const values = table.ofLength(n);
    for (let w = 0; w < values.length; w++) {
      let changes = (w ^ (w >>> 1)) & (2 ** (n - 1) - 1);
      let r = 1;
      for (; changes; r++) changes &= changes - 1;
      byBlocks[r] = Math.max(byBlocks[r] ?? 0, values[w]!);
    }
  }
  return byBlocks.slice(1);
}

test('Question 17 evidence: in {a,b2,b3} the largest value of an r-block word rises in steps of two (3 up to 6 blocks, 5 from 7, 6 at 13); witnesses by the plain solver', () => {
  const g = bruteGrundy(rules('a,b2,b3'));
  const table = enumerateByLengthSync(rules('a,b2,b3'), 22);
  assert.deepEqual(largestByBlocks(table, 22).slice(0, 13), [2, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 6]);
  // The records 6 (length 22) and 7 (length 23): an a in front of the first adds one.
  const six = blockWord([1, 2, 1, 2, 3, 2, 3, 1, 1, 1, 3, 1, 1], 'b');
  assert.equal(table.grundy(six), 6);
  assert.equal(g(six), 6);
  assert.equal(g('a' + six), 7);
});

test('Question 17 evidence: {a,a2,b,b2} reaches 8 first at length 22, and a word of length 28 has 9; the largest value of an r-block word grows with r; witnesses by the plain solver', () => {
  const g = bruteGrundy(rules('a,a2,b,b2'));
  const table = enumerateByLengthSync(rules('a,a2,b,b2'), 22);
  assert.deepEqual(
    [14, 19, 20, 21, 22].map((n) => table.lengths[n]!.runningMax),
    [6, 6, 7, 7, 8],
  );
  // The largest value of an r-block word of length <= 22, r = 1..13 (r = 1..3: as proved above for all lengths).
  assert.deepEqual(largestByBlocks(table, 22).slice(0, 13), [2, 3, 3, 4, 5, 6, 6, 6, 6, 7, 7, 7, 8]);
  // Words of r blocks reaching r for r = 4..7 (the first at lengths 5, 11, 17, 24), and the records.
  const witnesses: [number[], number][] = [
    [[1, 1, 2, 1], 4],
    [[1, 2, 5, 1, 2], 5],
    [[2, 3, 1, 3, 6, 2], 6],
    [[1, 2, 7, 1, 3, 8, 2], 7],
    [[2, 1, 4, 2, 1, 6, 1, 2, 3, 1], 8], // 10 blocks, length 23
    [[1, 1, 2, 1, 1, 1, 5, 2, 1, 2, 2, 2, 1], 8], // the first length, 22
    [[1, 2, 7, 1, 2, 2, 2, 2, 1, 1, 1, 4, 2], 9], // the first length, 28: the largest value known
  ];
  for (const [lengths, value] of witnesses) assert.equal(g(blockWord(lengths)), value, lengths.join(' '));
});

test('end blocks of a letter whose exponents are odd (1 among them) are a nim heap of size 0 or 1: G(x a^k) = G(x) xor (k mod 2) when x is empty or ends in b (plain solver)', () => {
  const words = (n: number) => {
    const out = [''];
    for (let i = 0; out[i]!.length < n; i++) out.push(out[i]! + 'a', out[i]! + 'b');
    return out;
  };
  for (const text of ['a,b2,b3', 'a,a3,b2,b3', 'a,b', 'a,a3,a5,b,b4', 'a,b2,b5']) {
    const g = bruteGrundy(rules(text));
    for (const x of words(9).filter((w) => w === '' || w.endsWith('b'))) {
      for (let k = 0; k <= 4; k++) {
        assert.equal(g(x + 'a'.repeat(k)), g(x) ^ (k % 2), `{${text}} ${x} a^${k}`);
        assert.equal(g('a'.repeat(k) + [...x].reverse().join('')), g(x) ^ (k % 2), `{${text}} a^${k} reversed ${x}`);
      }
    }
  }
  // Not with an even exponent, nor without a: in {a,a2,b,b2}, G(aa) = 2; in {a3,b}, G(a) = 0.
  assert.equal(bruteGrundy(rules('a,a2,b,b2'))('aa'), 2);
  assert.equal(bruteGrundy(rules('a3,b'))('a'), 0);
});
