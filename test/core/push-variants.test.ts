import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PUSH_VARIANTS, PushVariantCompound, type Phased, type PushVariant } from '../../src/core/compounds.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Solver } from '../../src/core/solver.js';
import { parsePosition, parseSpec } from '../../src/spec/index.js';
import { SpecError } from '../../src/core/errors.js';

/** A small deterministic generator, so that a failure names its case. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A ruleset given by its move lists on positions 0..n-1, every move to a smaller position. */
function graphRuleset(name: string, moves: number[][]): Ruleset<number> {
  return {
    name,
    convention: 'normal',
    terminating: true,
    domain: { kind: 'graph', key: String, format: String, parse: Number },
    options: (g) => moves[g]!,
  };
}

function randomMoves(rand: () => number, n: number, density: number): number[][] {
  return Array.from({ length: n }, (_, g) => Array.from({ length: g }, (_, h) => h).filter(() => rand() < density));
}

const mex = (values: Iterable<number>): number => {
  const seen = new Set(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
};

/**
 * Grundy values of R1 ⊙ R2 under each variant straight from the definitions of docs/specs.md ("Variants
 * of the button"), by a plain recursion over positions in increasing order: no solver, no compound class.
 * Returns G(1, g) for every g.
 */
function plainValues(variant: PushVariant, m1: number[][], m2: number[][]): number[] {
  const n = m1.length;
  const g2: number[] = [];
  for (let g = 0; g < n; g++) g2.push(mex(m2[g]!.map((h) => g2[h]!)));
  const g1: number[] = [];
  for (let g = 0; g < n; g++) {
    const opts = m1[g]!.map((h) => g1[h]!);
    const before = m2[g]!.map((h) => g2[h]!); // push, then move by R2
    const after = m1[g]!.map((h) => g2[h]!); // move by R1, then push
    if (variant === 'nopass' && m1[g]!.length > 0) opts.push(g2[g]!);
    if (variant === 'before' || variant === 'around') opts.push(...before);
    if (variant === 'after' || variant === 'around') opts.push(...after);
    if (variant === 'after' && m1[g]!.length === 0) opts.push(...before);
    g1.push(mex(opts));
  }
  return g1;
}

test('push variants on SUBTRACTION({1}) ⊙ SUBTRACTION({2}), by hand (docs/specs.md)', () => {
  // R2 = subtraction:2 has P-positions n = 0, 1 mod 4. Worked out by hand in docs/specs.md:
  //   push (a move):  (1,n) -> (1,n-1), (2,n)                  P at 2, 6
  //   before:         (1,n) -> (1,n-1), (2,n-2)                P at 0, 4, 8
  //   after:          (1,n) -> (1,n-1), (2,n-1)                P at 0, 3, 7
  //   around:         (1,n) -> (1,n-1), (2,n-1), (2,n-2)       P at 0, 4, 8
  //   nopass:         (1,n) -> (1,n-1), and (2,n) if n >= 1    P at 0, 2, 6
  const expected: Record<string, number[]> = {
    push: [2, 6],
    'push:before': [0, 4, 8],
    'push:after': [0, 3, 7],
    'push:around': [0, 4, 8],
    'push:nopass': [0, 2, 6],
  };
  const s = new Solver();
  for (const [op, ps] of Object.entries(expected)) {
    const rs = parseSpec(`${op}(subtraction:1,subtraction:2)`);
    const found = [];
    for (let n = 0; n <= 8; n++) if (s.outcome(rs, parsePosition(rs, String(n))) === 'P') found.push(n);
    assert.deepEqual(found, ps, op);
  }
});

test('push variants equal the plain recursion of their definitions on 60 random pairs of rulesets on 14 positions (values)', () => {
  const rand = lcg(34);
  const s = new Solver();
  for (let trial = 0; trial < 60; trial++) {
    const m1 = randomMoves(rand, 14, 0.1 + 0.4 * rand());
    const m2 = randomMoves(rand, 14, 0.1 + 0.4 * rand());
    const r1 = graphRuleset('r1', m1);
    const r2 = graphRuleset('r2', m2);
    for (const v of PUSH_VARIANTS) {
      const rs = new PushVariantCompound(v, [r1, r2]);
      const got = m1.map((_, g) => s.grundy(rs, { phase: 0, g }));
      assert.deepEqual(got, plainValues(v, m1, m2), `trial ${trial}, ${v}`);
    }
  }
});

test('R ⊙ R under a free push is R itself, and under nopass is pass(R) (docs/specs.md; the analogues of Lemma 2.1.1)', () => {
  const s = new Solver();
  for (const r of ['nim', 'wythoff', 'euclid']) {
    const plain = parseSpec(r);
    const pass = parseSpec(`pass(${r})`);
    const free = (['before', 'after', 'around'] as const).map((v) => parseSpec(`push:${v}(${r},${r})`));
    const nopass = parseSpec(`push:nopass(${r},${r})`);
    for (let a = 0; a <= 9; a++)
      for (let b = 0; b <= 9; b++) {
        const g = s.grundy(plain, [a, b]);
        for (const f of free) assert.equal(s.grundy(f, { phase: 0, g: [a, b] }), g, `${f.name} at (${a},${b})`);
        assert.equal(s.grundy(nopass, { phase: 0, g: [a, b] }), s.grundy(pass, { phase: 0, g: [a, b] }), `${nopass.name} at (${a},${b})`);
      }
  }
});

test('push:VARIANT specs: names, positions, nesting and errors', () => {
  const rs = parseSpec('push:before( nim , euclid )');
  assert.equal(rs.name, 'push:before(nim,euclid)');
  assert.equal(parseSpec(rs.name).name, rs.name);
  assert.deepEqual(parsePosition(rs, '2:3,5'), { phase: 1, g: [3, 5] });
  assert.equal(rs.domain.format({ phase: 1, g: [3, 5] } as Phased<number[]>), '2:3,5');
  // A variant nests in a push, and its second ruleset may be a compound with its own button.
  const nested = parseSpec('push(subtraction:1,2,push:after(subtraction:1-3,push(subtraction:2,subtraction:1)))');
  assert.equal(nested.name, 'push(subtraction:1,2,push:after(subtraction:1-3,push(subtraction:2,subtraction:1)))');
  const s = new Solver();
  assert.equal(typeof s.grundy(nested, parsePosition(nested, '9')), 'number');
  // By hand: R2 = SUB({1}) ⊙ SUB({1}) = SUB({1}) + * has G(1,m) = (m mod 2) xor 1. In push:after(SUB({1}), R2),
  // (1,n) -> (1,n-1) and (2,(1,n-1)) of value n mod 2; at n = 0 the due button is pushed and R2's own
  // button is its only move, to a value 0. So G(1,0) = 1 and then G(1,n) = (n + 1) mod 2.
  const after = parseSpec('push:after(subtraction:1,push(subtraction:1,subtraction:1))');
  for (let n = 0; n <= 10; n++) assert.equal(s.grundy(after, parsePosition(after, String(n))), (n + 1) % 2, `${after.name} at ${n}`);
  const bad = (spec: string, column: number, reason: RegExp) => {
    assert.throws(() => parseSpec(spec), (e: unknown) => e instanceof SpecError && e.column === column && reason.test(e.message), spec);
  };
  bad('push:sideways(nim,nim)', 6, /unknown variant of push "sideways" \(known: before, after, around, nopass\)/);
  bad('push:(nim,nim)', 6, /expected a variant of push/);
  bad('push:before(nim,nim,nim)', 1, /push:before takes 2 games, found 3/);
  bad('push:nopass(nim)', 1, /push:nopass needs at least 2 games, found 1/);
  bad('push:after nim,nim', 11, /"\(" after push:after/);
  bad('push:before(nim,pushcram)', 1, /same positions/);
});

test('the variants list of the parser is the one of the compound', () => {
  for (const v of PUSH_VARIANTS) assert.equal(parseSpec(`push:${v}(nim,nim)`).name, `push:${v}(nim,nim)`);
  assert.throws(() => new PushVariantCompound('sideways' as PushVariant, [parseSpec('nim'), parseSpec('nim')]), /unknown variant/);
});
