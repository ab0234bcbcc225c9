/**
 * Taking-and-merging, Question 16: for {a, a^2, b, b^2}, is some Grundy language L_i not regular?
 * Yes: the Grundy values of whole families of words (a b^i a^j b, ...) are proved for every i, j by an
 * induction whose steps are finitely many checks (src/games/rewrite/block-families.ts), and the proved
 * values depend on whether j is i + 1, i - 1, or far from i, so the prefixes a b^i are pairwise
 * inequivalent for L_1, ..., L_6 (Myhill–Nerode; the method of Theorem 5, section 2.1).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Solver } from '../../src/core/solver.js';
import {
  type BlockFamily,
  boxSide,
  familyClosure,
  familyTypeKey,
  familyMember,
  familyOptions,
  familyProofFromJson,
  familyProofToJson,
  parseFamily,
  proveFamily,
  representative,
  typeBox,
  typeKey,
  verifyFamilyTables,
} from '../../src/games/rewrite/block-families.js';
import { BlockSolver, blockOptions, fromBlocks, takingAndMerging, toBlocks } from '../../src/games/rewrite/blocks.js';
import { enumerateByLengthSync } from '../../src/games/rewrite/enumerate.js';
import { decodeWord } from '../../src/games/rewrite/packed.js';
import { RewriteGame } from '../../src/games/rewrite/game.js';
import { parseSpec } from '../../src/spec/index.js';
import { familySeparations, nonRegularLanguages, separationWords } from '../../src/regular/separations.js';
import { runCli } from '../helpers/cli.js';

const rulesOf = (spec: string) => (parseSpec(spec) as RewriteGame).rules;
const q16 = takingAndMerging(rulesOf('rewrite:a,a2,b,b2'));
const file = fileURLToPath(new URL('../../../data/families/a-a2-b-b2.json', import.meta.url));

/** A small deterministic generator (the tests must not depend on luck). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

test('the block solver agrees with the enumeration of every word up to length 12 (four games)', () => {
  for (const spec of ['rewrite:a,a2,b,b2', 'rewrite:a2,b3', 'rewrite:a,a4,b', 'rewrite:a,b2,b3']) {
    const rules = rulesOf(spec);
    const game = takingAndMerging(rules);
    const solver = new BlockSolver(game);
    const table = enumerateByLengthSync(rules, 12);
    for (let n = 0; n <= 12; n++) {
      const values = table.ofLength(n);
      for (let w = 0; w < values.length; w++) {
        const word = decodeWord(table.layout, n, w);
        assert.equal(solver.grundyOfWord(word), values[w], `${spec} ${word}`);
        assert.equal(fromBlocks(game, toBlocks(game, word)), word);
      }
    }
  }
});

test('a family member has exactly the options of its word (same multiset of words)', () => {
  const rnd = lcg(7);
  for (const pattern of ['a b^i a^j b', 'b a^i b^j a b^2', 'a^i', 'b^2 a b^i a^3 b^j a']) {
    const { family } = parseFamily(q16, pattern);
    const V = family.blocks.filter((b) => b === 'x').length;
    for (let trial = 0; trial < 200; trial++) {
      const x = Array.from({ length: V }, () => 1 + Math.floor(rnd() * 6));
      const viaFamilies = familyOptions(q16, family, x).map((o) => fromBlocks(q16, familyMember(o.family, o.point))).sort();
      const viaWords = blockOptions(q16, familyMember(family, x)).map((b) => fromBlocks(q16, b)).sort();
      assert.deepEqual(viaFamilies, viaWords, `${pattern} at ${x}`);
    }
  }
});

test('the reductions of step 3 keep the type and land in the box (weighted differences for two variables)', () => {
  const rnd = lcg(11);
  for (const t of [{ c: 2, p: 3 }, { c: 7, p: 3 }, { c: 0, p: 5 }, { c: 4, p: 1 }, { c: 1, p: 1 }]) {
    for (const weights of [[1], [1, 1], [1, 1, 1], [1, 3], [3, 1], [2, 3], [4, 1]]) {
      const box = typeBox(weights, t.c, t.p);
      if (weights.length !== 2) assert.deepEqual(box, weights.map(() => boxSide(weights.length, t.c, t.p)));
      for (let trial = 0; trial < 300; trial++) {
        const x = weights.map(() => 1 + Math.floor(rnd() * 400));
        const r = representative(x, t, weights);
        assert.equal(typeKey(r, t, weights), typeKey(x, t, weights), `${x} -> ${r} (weights ${weights})`);
        assert.ok(r.every((v, i) => v >= 1 && v <= box[i]!), `${x} -> ${r} (weights ${weights}, box ${box})`);
      }
    }
  }
});

test('Question 16: G(a b^i a^j b) in {a,a2,b,b2} is proved for all i, j >= 1 (11 families, types c = 2, p = 3)', () => {
  const proof = proveFamily(q16, parseFamily(q16, 'a b^i a^j b').family);
  assert.ok(proof.verdict.verified, JSON.stringify(proof.verdict));
  assert.deepEqual(proof.types, { c: 2, p: 3 });
  assert.equal(proof.tables.length, 11);
  // The mex equation, read from the tables, at random points far outside the box the proof checks.
  const byKey = new Map(proof.tables.map((tb) => [JSON.stringify(tb.family), tb.values]));
  const rnd = lcg(3);
  for (const tb of proof.tables) {
    const V = tb.family.blocks.filter((b) => b === 'x').length;
    for (let trial = 0; trial < 100; trial++) {
      const x = Array.from({ length: V }, () => 1 + Math.floor(rnd() * 300));
      const seen = new Set(familyOptions(q16, tb.family, x).map((o) => byKey.get(JSON.stringify(o.family))!.get(typeKey(o.point, proof.types))));
      let mex = 0;
      while (seen.has(mex)) mex++;
      assert.equal(tb.values.get(typeKey(x, proof.types)), mex, `${JSON.stringify(tb.family)} at ${x}`);
    }
  }
  // The proved tables against exact values far outside the boxes.
  const solver = new BlockSolver(q16);
  for (let i = 1; i <= 70; i += 3) {
    for (let j = 1; j <= 70; j += 2) {
      assert.equal(proof.tables[0]!.values.get(typeKey([i, j], proof.types)), solver.grundy(familyMember(proof.start, [i, j])), `i=${i} j=${j}`);
    }
  }
});

test('Question 16: the stored tables (data/families/a-a2-b-b2.json) are proved again by the mex equation alone', () => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(json.spec, 'rewrite:a,a2,b,b2');
  const stored = json.proofs.map((p: unknown, i: number) => familyProofFromJson(q16, p, `${file} proof ${i + 1}`));
  assert.deepEqual(
    stored.map((s: { start: BlockFamily }) => s.start),
    ['a b^i a^j b', 'b a^i b^j a b^2'].map((p) => parseFamily(q16, p).family),
  );
  for (const s of stored) {
    const verdict = verifyFamilyTables(q16, s.tables, s.types);
    assert.ok(verdict.verified, JSON.stringify(verdict));
    // Every family reachable from the start has its table.
    assert.equal(s.tables.length, familyClosure(q16, s.start).length);
  }
  // The stored file is what the prover finds today.
  const again = proveFamily(q16, stored[0].start);
  assert.deepEqual(familyProofToJson(q16, again), json.proofs[0]);
});

test('Question 16: one changed value or a missing family in the tables is refused', () => {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const s = familyProofFromJson(q16, json.proofs[0], 'stored');
  const values = new Map(s.tables[0]!.values);
  const [key, g] = [...values][5]!;
  values.set(key, g + 1);
  const changed = [{ ...s.tables[0]!, values }, ...s.tables.slice(1)];
  const v1 = verifyFamilyTables(q16, changed, s.types);
  assert.equal(v1.verified, false);
  const v2 = verifyFamilyTables(q16, s.tables.slice(0, -1), s.types);
  assert.equal(v2.verified, false);
  assert.match((v2 as { reason: string }).reason, /no table for the family/);
  // Tables learned for one game do not prove another.
  assert.equal(verifyFamilyTables(takingAndMerging(rulesOf('rewrite:a,a3,b,b2')), s.tables, s.types).verified, false);
});

test('Question 16 answered: L_1, L_2, L_3, L_4 of {a,a2,b,b2} are not regular; the separating words checked by the plain solver', () => {
  const proof = proveFamily(q16, parseFamily(q16, 'a b^i a^j b').family);
  const seps = familySeparations(q16, proof);
  assert.deepEqual(nonRegularLanguages(seps), [1, 2, 3, 4]);
  // Each separation on words the general solver computes from the rules alone (no blocks, no tables).
  const game = new RewriteGame(rulesOf('rewrite:a,a2,b,b2'));
  const solver = new Solver();
  for (const s of seps) {
    for (let mPrime = 1; mPrime <= 3; mPrime++) {
      for (let m = 0; m < mPrime; m++) {
        const earlier = separationWords(q16, proof, s, m, mPrime);
        const same = separationWords(q16, proof, s, mPrime, mPrime);
        assert.equal(earlier.suffix, same.suffix);
        assert.equal(solver.grundy(game, same.prefix + same.suffix), s.near, `${same.prefix}|${same.suffix}`);
        assert.equal(solver.grundy(game, earlier.prefix + earlier.suffix), s.far, `${earlier.prefix}|${earlier.suffix}`);
      }
    }
  }
});

test('Question 16: longer families prove L_5 and L_6 not regular too', () => {
  const five = proveFamily(q16, parseFamily(q16, 'b a^i b^j a b^2').family);
  assert.ok(five.verdict.verified);
  assert.ok(nonRegularLanguages(familySeparations(q16, five)).includes(5));
  const six = proveFamily(q16, parseFamily(q16, 'b a b^2 a^i b^j a^2 b a^2').family);
  assert.ok(six.verdict.verified);
  assert.ok(nonRegularLanguages(familySeparations(q16, six)).includes(6));
});

test('weighted differences: in {a,a2,b,b2,b4} G(a b^i a^j b) changes along i = 4j; proved with weights (4, 1), L_1..L_4 not regular', () => {
  const g = takingAndMerging(rulesOf('rewrite:a,a2,b,b2,b4'));
  const proof = proveFamily(g, parseFamily(g, 'a b^i a^j b').family);
  assert.ok(proof.verdict.verified, JSON.stringify(proof.verdict));
  assert.deepEqual(proof.types.weights, [4, 1]);
  // No unit-weight table is consistent and proved: the dependence is on i - 4j, not on i - j.
  const solver = new BlockSolver(g);
  for (let i = 40; i <= 90; i += 7) {
    for (let j = 5; j <= 30; j += 3) {
      assert.equal(proof.tables[0]!.values.get(familyTypeKey(proof.start, [i, j], proof.types)), solver.grundy(familyMember(proof.start, [i, j])), `i=${i} j=${j}`);
    }
  }
  const seps = familySeparations(g, proof);
  assert.deepEqual(nonRegularLanguages(seps), [1, 2, 3, 4]);
  const game = new RewriteGame(rulesOf('rewrite:a,a2,b,b2,b4'));
  const plain = new Solver();
  for (const s of seps) {
    const near = separationWords(g, proof, s, 1, 1);
    const far = separationWords(g, proof, s, 0, 1);
    assert.equal(plain.grundy(game, near.prefix + near.suffix), s.near);
    assert.equal(plain.grundy(game, far.prefix + far.suffix), s.far);
  }
  // The tables survive the JSON file format, weights included, and are proved again from it.
  const back = familyProofFromJson(g, JSON.parse(JSON.stringify(familyProofToJson(g, proof))), 'round trip');
  assert.deepEqual(back.types, proof.types);
  assert.ok(verifyFamilyTables(g, back.tables, back.types).verified);
  assert.equal(verifyFamilyTables(g, back.tables, { c: back.types.c, p: back.types.p }).verified, false);
});

test('Theorem 6 ({a2,b3} is a sum of its two blocks here) and Theorem 15 show in family tables: no separation where none can be', () => {
  // b^i a^j has no merging move: its values are G(b^i) xor G(a^j), periodic, no dependence on i - j.
  const g = takingAndMerging(rulesOf('rewrite:a2,b3'));
  const proof = proveFamily(g, parseFamily(g, 'b^i a^j').family);
  assert.ok(proof.verdict.verified);
  assert.deepEqual(familySeparations(g, proof), []);
  // In {a,a2,b,b2} the table's zeros are exactly the words with |w|_a - |w|_b = 0 mod 3 (Theorem 15).
  const q = proveFamily(q16, parseFamily(q16, 'a b^i a^j b').family);
  for (let i = 1; i <= 20; i++) for (let j = 1; j <= 20; j++) assert.equal(q.tables[0]!.values.get(typeKey([i, j], q.types)) === 0, (j - i) % 3 === 0);
});

test('sprague rewrite family: the proof and the non-regular languages from the command line; bad patterns exit 2', () => {
  const r = runCli(['rewrite', 'family', 'rewrite:a,a2,b,b2', 'a b^i a^j b', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines[0], { pattern: 'a b^i a^j b', proved: true, c: 2, p: 3, families: 11, points: 1335, nonRegular: [1, 2, 3, 4] });
  const text = runCli(['rewrite', 'family', 'rewrite:a,a2,b,b2', 'a b^i a^j b']);
  assert.match(text.stdout, /not regular: L_1, L_2, L_3, L_4/);
  for (const bad of ['a a^i', 'a b^i c', 'a^0 b^i', 'a^i b^i']) {
    const e = runCli(['rewrite', 'family', 'rewrite:a,a2,b,b2', bad]);
    assert.equal(e.status, 2, bad);
    assert.match(e.stderr, /^sprague: .*pattern/);
  }
  const notTm = runCli(['rewrite', 'family', 'rewrite:aa->b', 'a^i']);
  assert.equal(notTm.status, 2);
});
