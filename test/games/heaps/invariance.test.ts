import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invariantTable2 } from '../../../src/games/heaps/invariant-table.js';
import type { InvariantGame } from '../../../src/games/heaps/invariant.js';
import type { TInvariantGame } from '../../../src/games/heaps/tinvariant.js';
import { rayTable2 } from '../../../src/games/heaps/rays.js';
import { grundySequence } from '../../../src/analysis/sequence.js';
import { Solver } from '../../../src/core/solver.js';
import { Mark } from '../../../src/games/heaps/mark.js';
import { gEven, invariantWythoffTwin, twoInvariantWythoffTwin } from '../../../src/games/heaps/tinvariant.js';
import { parseSpec } from '../../../src/spec/index.js';

const key = (ps: number[][]): string[] => ps.map((p) => p.join(',')).sort();

test('deciding-game-invariance Remark 8: H and H′ have the P-positions of WYTHOFF, up to 300', () => {
  const wythoff = [...rayTable2(parseSpec('wythoff'), 300).pPositions()];
  assert.deepEqual([...invariantTable2(invariantWythoffTwin(), 300).pPositions()], wythoff, 'H');
  assert.deepEqual([...invariantTable2(twoInvariantWythoffTwin(), 300).pPositions()], wythoff, "H'");
  assert.deepEqual([...invariantTable2(parseSpec('hprime') as TInvariantGame, 300).pPositions()], wythoff, 'spec hprime');
});

test('Remark 8 is not trivial: H and H′ have moves WYTHOFF lacks, and other extra moves do change the P-positions', () => {
  const wythoff = parseSpec('wythoff');
  const extra = (rs: { options(p: number[]): number[][] }, p: number[]): string[] => {
    const w = new Set(key(wythoff.options(p)));
    return key(rs.options(p)).filter((o) => !w.has(o));
  };
  assert.deepEqual(extra(invariantWythoffTwin(), [6, 1]), ['0,0', '1,0', '3,0']);
  assert.deepEqual(extra(twoInvariantWythoffTwin(), [6, 1]), ['0,0', '1,0'], 'x even: (5,1), (6,1)');
  assert.deepEqual(extra(twoInvariantWythoffTwin(), [1, 5]), ['0,0', '0,2'], 'x odd: (1,3), (1,5)');
  const w = [...rayTable2(wythoff, 60).pPositions()];
  assert.notDeepEqual([...invariantTable2(parseSpec('invariant:(*,0),(0,*),(=,=),(1,2),(2,1)') as InvariantGame, 60).pPositions()], w, 'Maharaja moves change them');
});

test('deciding-game-invariance Example 4: G_EVEN moves by (i,0) when x + y is even and by (i,i) when odd', () => {
  const g = gEven();
  for (let x = 0; x <= 10; x++) {
    for (let y = 0; y <= 10; y++) {
      const expected = (x + y) % 2 === 0 ? Array.from({ length: x }, (_, i) => [x - i - 1, y]) : Array.from({ length: Math.min(x, y) }, (_, i) => [x - i - 1, y - i - 1]);
      assert.deepEqual(key(g.options([x, y])), key(expected), `(${x},${y})`);
    }
  }
});

test('deciding-game-invariance Example 5: MARK moves x -> x - 1 and x -> x - ceil(x/2); several heaps add', () => {
  const m = new Mark();
  for (let x = 0; x <= 50; x++) {
    const expected = x === 0 ? [] : [...new Set([x - 1, x - Math.ceil(x / 2)])];
    assert.deepEqual(key(m.options([x])), key(expected.map((v) => [v])), `x = ${x}`);
  }
  const g = grundySequence(m, 60, { solver: new Solver() });
  const solver = new Solver({ decompose: false });
  for (const [a, b] of [[3, 5], [7, 12], [20, 9]] as const) assert.equal(solver.grundy(m, [a, b]), g[a]! ^ g[b]!);
});

test('MARK (deciding-game-invariance Example 5): the P-positions computed up to 5000 are 0 and the n whose 2-adic valuation is odd (an observation, easy by induction)', () => {
  const g = grundySequence(new Mark(), 5000, { solver: new Solver() });
  const valuation = (n: number): number => {
    let v = 0;
    while (n % 2 === 0) {
      n /= 2;
      v++;
    }
    return v;
  };
  for (let n = 0; n <= 5000; n++) assert.equal(g[n] === 0, n === 0 || valuation(n) % 2 === 1, `n = ${n}`);
});
