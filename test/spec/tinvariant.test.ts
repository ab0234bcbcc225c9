import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSpec } from '../../src/spec/index.js';
import { SpecError } from '../../src/core/errors.js';
import { Solver } from '../../src/core/solver.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { TInvariantGame, gEven, invariantWythoffTwin, twoInvariantWythoffTwin } from '../../src/games/heaps/tinvariant.js';

const key = (opts: number[][]): string => opts.map((o) => o.join(',')).sort().join(' ');

/** Same options at every position of [0,side]^n, and the same Grundy values. */
function assertSameGame(a: Ruleset<number[]>, b: Ruleset<number[]>, heaps: number, side: number): void {
  const sa = new Solver();
  const sb = new Solver();
  const p = new Array<number>(heaps).fill(0);
  const visit = (i: number): void => {
    if (i === heaps) {
      assert.equal(key(a.options(p)), key(b.options(p)), `options at (${p.join(',')})`);
      assert.equal(sa.grundy(a, [...p]), sb.grundy(b, [...p]), `G(${p.join(',')})`);
      return;
    }
    for (let v = 0; v <= side; v++) {
      p[i] = v;
      visit(i + 1);
    }
  };
  visit(0);
}

const W = '(*,0),(0,*),(=,=)';

test('deciding-game-invariance Remark 8: H′ written as tinvariant:[x mod 2=0]...;[x mod 2=1]... equals the built-in hprime on [0,40]^2', () => {
  const spec = parseSpec(`tinvariant:[x mod 2=0]${W},(5,1),(6,1);[x mod 2=1]${W},(1,3),(1,5)`);
  assert.ok(spec instanceof TInvariantGame);
  assertSameGame(spec, twoInvariantWythoffTwin(), 2, 40);
  // [else] for the second class gives the same game.
  assertSameGame(parseSpec(`tinvariant:[x mod 2=0]${W},(5,1),(6,1);[else]${W},(1,3),(1,5)`), twoInvariantWythoffTwin(), 2, 25);
});

test('deciding-game-invariance Remark 8: H as a 1-invariant game ([else] alone) equals the built-in invariant H on [0,30]^2', () => {
  assertSameGame(parseSpec(`tinvariant:[else]${W},(3,1),(5,1),(6,1)`), invariantWythoffTwin(), 2, 30);
});

test('deciding-game-invariance Example 4: G_EVEN written as tinvariant:[x+y mod 2=0](*,0);[x+y mod 2=1](=,=) equals geven on [0,30]^2', () => {
  assertSameGame(parseSpec('tinvariant:[x+y mod 2=0](*,0);[x+y mod 2=1](=,=)'), gEven(), 2, 30);
  assertSameGame(parseSpec('tinvariant:[ x + y mod 2 = 0 ](*,0);[else](=,=)'), gEven(), 2, 20);
});

test('deciding-game-invariance Definition 3: a 3-heap 2-invariant game by the sum of coordinates equals the hand-built TInvariantGame on [0,7]^3', () => {
  const spec = parseSpec('tinvariant:[x+y+z mod 2=0](1,0,0),(0,1,0),(0,0,1);[else](=,=,=),(2,0,0)');
  const hand = new TInvariantGame(3, ([x, y, z]) => (x! + y! + z!) % 2, [[[1, 0, 0], [0, 1, 0], [0, 0, 1]], [['=', '=', '='], [2, 0, 0]]], 'hand');
  assertSameGame(spec, hand, 3, 7);
  assertSameGame(parseSpec('tinvariant:[x1+x2+x3 mod 2=0](1,0,0),(0,1,0),(0,0,1);[x1+x2+x3 mod 2=1](=,=,=),(2,0,0)'), hand, 3, 5);
});

test('tinvariant: coefficients, differences and & pick the class the arithmetic says, on [0,30]^2', () => {
  const g = parseSpec('tinvariant:[2x-y mod 3=0](1,0);[2x-y mod 3=1 & y mod 2=0](0,1);[else](1,1)') as TInvariantGame;
  for (let x = 0; x <= 30; x++) {
    for (let y = 0; y <= 30; y++) {
      const r = (((2 * x - y) % 3) + 3) % 3;
      const want = r === 0 ? 0 : r === 1 && y % 2 === 0 ? 1 : 2;
      assert.equal(g.partition([x, y]), want, `(${x},${y})`);
    }
  }
  // A class without moves: its positions are terminal.
  const t = parseSpec('tinvariant:[x mod 3=0];[else](1,0)') as TInvariantGame;
  assert.deepEqual(t.options([3, 2]), []);
  assert.deepEqual(t.options([4, 2]), [[3, 2]]);
});

test('tinvariant inside compounds, and the name is the spec', () => {
  const g = parseSpec('misere(tinvariant:[x mod 2=0](1,0);[else](0,1))');
  assert.match(g.name, /tinvariant:\[x mod 2=0\]\(1,0\);\[else\]\(0,1\)/);
  assert.doesNotThrow(() => parseSpec('push(tinvariant:[x mod 2=0](*,0);[else](=,=),nim)'));
});

test('tinvariant: malformed specs are one-line SpecErrors naming the column', () => {
  const cases: [string, number, RegExp][] = [
    ['tinvariant:', 12, /expected a class like \[x mod 2=0\], found the end/],
    ['tinvariant:x mod 2=0', 12, /expected a class/],
    ['tinvariant:[x mod 2=0](1,0);[x mod 4=1](0,1)', 45, /\(3,0\) is in no class/],
    ['tinvariant:[x mod 2=0](1,0);[x+y mod 2=1](0,1)', 29, /classes 1 and 2 overlap, e\.g\. at \(0,1\)/],
    ['tinvariant:[x mod 0=0](1,0)', 19, /modulus must be at least 1/],
    ['tinvariant:[x mod 2=2](1,0)', 21, /residue 2 is not below the modulus 2/],
    ['tinvariant:[w mod 2=0](1,0)', 13, /expected a coordinate/],
    ['tinvariant:[x mod 2=0](1,0);[z mod 2=1](0,1)', 30, /no coordinate 3/],
    ['tinvariant:[x0 mod 2=0](1,0)', 13, /numbered from x1/],
    ['tinvariant:[else](1,0);[x mod 2=0](0,1)', 24, /\[else\] must be the last class/],
    ['tinvariant:[x mod 2=0](1,0);[else](0,1,1)', 35, /these moves have 3 coordinates, those of the first class 2/],
    ['tinvariant:[x mod 2=0];[else]', 1, /needs at least one move/],
    ['tinvariant:[x mod 2=0 (1,0)', 23, /expected "&" or "\]"/],
    ['tinvariant:[x mod 2=0](0,0)', 23, /zero vector/],
    ['tinvariant:[x mdo 2=0](1,0)', 15, /expected "\+", "-" or "mod"/],
    ['tinvariant:[x mod 2](1,0)', 20, /expected "=" and a residue/],
    ['tinvariant:[x mod 1024=0 & y mod 1023=0](1,0)', 1, /more than \d+ cells/],
  ];
  for (const [spec, column, reason] of cases) {
    try {
      parseSpec(spec);
      assert.fail(`${spec} was accepted`);
    } catch (e) {
      assert.ok(e instanceof SpecError, `${spec}: ${e}`);
      assert.equal(e.column, column, `${spec}: ${e.message}`);
      assert.match(e.reason, reason, spec);
      assert.doesNotMatch(e.message, /\n/);
    }
  }
});
