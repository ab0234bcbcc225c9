/**
 * Issue 34, part 3: the theorems of push-the-button about R1 ⊙ R2, under each variant of the switch
 * (section 6, `push:VARIANT`): the cells of the table in docs/open-questions.md ("Issue 34, part 3"), each
 * re-checked here by the general solver on small positions, and the variants' own analogues and closed
 * forms (proved there) against the solver and a plain recursion.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPushRelations, checkSwitchAnalogues, heapBox, switchCompound, type Switch } from '../../src/analysis/push-relations.js';
import { grundySequence } from '../../src/analysis/sequence.js';
import { PUSH_VARIANTS, type PushVariant } from '../../src/core/compounds.js';
import { findPeriod } from '../../src/core/period.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Solver } from '../../src/core/solver.js';
import { pushSubtractionCertifier } from '../../src/games/heaps/subtraction-sequence.js';
import { SubtractionGame } from '../../src/games/heaps/subtraction.js';
import { parseSpec } from '../../src/spec/index.js';
import { prop411, prop412, prop413, thm316, thm424Period } from '../helpers/push-paper.js';

const solver = new Solver();
const range = (k: number): number[] => Array.from({ length: k }, (_, i) => i + 1);
const isP = (rs: Ruleset<any>, g: unknown): boolean => solver.outcome(rs, { phase: 0, g }) === 'P';
const sub = (k: number) => new SubtractionGame(range(k));

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A ruleset on positions 0..n-1 given by move lists (each ruleset acyclic on its own). */
function graphRuleset(name: string, moves: number[][]): Ruleset<number> {
  return { name, convention: 'normal', terminating: true, domain: { kind: 'graph', key: String, format: String, parse: Number }, options: (g) => moves[g]! };
}

/** Random moves to smaller positions, or (up) to larger ones: R2 may then move where R1 cannot. */
function randomMoves(rand: () => number, n: number, up: boolean): number[][] {
  const density = 0.1 + 0.4 * rand();
  return Array.from({ length: n }, (_, g) => Array.from({ length: n }, (_, h) => h).filter((h) => (up ? h > g : h < g) && rand() < density));
}

test('Lemma 2.1.1 (R ⊙ R = R + *) fails for every variant at the end of play: NIM at (0,0) has value 0, not 1', () => {
  const star = parseSpec('sum(nim,nim)');
  assert.equal(solver.grundy(star, [[0, 0], [1]]), 1);
  assert.equal(solver.grundy(switchCompound('push', parseSpec('nim'), parseSpec('nim')), { phase: 0, g: [0, 0] }), 1);
  for (const v of PUSH_VARIANTS) assert.equal(solver.grundy(switchCompound(v, parseSpec('nim'), parseSpec('nim')), { phase: 0, g: [0, 0] }), 0, v);
});

test('Proposition 2.1.4 as stated: (i) fails for every variant (away from the end for the free ones: NIM ⊙ NIM at (1,1)), (iii) fails at NIM ⊙ WYTHOFF (0,0)', () => {
  const nim = parseSpec('nim');
  const wythoff = parseSpec('wythoff');
  const box = heapBox(2, 8);
  for (const v of PUSH_VARIANTS) {
    const r = checkPushRelations(nim, nim, box, v);
    assert.deepEqual(r.i, { hypothesis: true, conclusion: false, counterexample: '0,0' }, v);
    // (1,1) is P for NIM, hence for R2 = NIM, and the compound is P too: pushing does not win.
    if (v !== 'nopass') assert.ok(solver.outcome(nim, [1, 1]) === 'P' && isP(switchCompound(v, nim, nim), [1, 1]), v);
    const iii = checkPushRelations(nim, wythoff, box, v).iii;
    assert.deepEqual(iii, { hypothesis: true, conclusion: false, counterexample: '0,0' }, v);
  }
  const paper = checkPushRelations(nim, wythoff, box, 'push');
  assert.deepEqual([paper.i.conclusion, paper.iii.conclusion], [true, true]);
});

test('the analogues of Proposition 2.1.4 (docs/open-questions.md) hold wherever their hypotheses do: 64 pairs of heap games on [0,10]^2', () => {
  const games = ['nim', 'wythoff', 'euclid', 'maharaja', 'wythoff+2,3', 'invariant:(1,0),(0,1)', 'invariant:(1,0),(0,1),(1,1)', 'zeruclid'];
  const box = heapBox(2, 10);
  const applied: Record<string, number> = {};
  for (const sw of ['push', ...PUSH_VARIANTS] as Switch[])
    for (const a of games)
      for (const b of games) {
        const r = checkSwitchAnalogues(parseSpec(a), parseSpec(b), box, sw);
        for (const [part, c] of Object.entries(r)) {
          if (!c.hypothesis) continue;
          applied[`${sw} ${part}`] = (applied[`${sw} ${part}`] ?? 0) + 1;
          assert.equal(c.conclusion, true, `${sw}: ${a} ⊙ ${b}, part (${part}) fails at ${c.counterexample}`);
        }
      }
  for (const sw of ['push', ...PUSH_VARIANTS]) assert.equal(applied[`${sw} i`], 64, sw);
  for (const sw of PUSH_VARIANTS) assert.ok(applied[`${sw} ii`]! >= 10, `${sw} (ii) applies to ${applied[`${sw} ii`]} pairs`);
});

test('the analogues of Proposition 2.1.4 on 1500 random pairs of rulesets on 7 positions, every part applying somewhere', () => {
  const rand = lcg(3434);
  const applied: Record<string, number> = {};
  for (let trial = 0; trial < 1500; trial++) {
    const n = 7;
    const r1 = graphRuleset('r1', randomMoves(rand, n, false));
    const r2 = graphRuleset('r2', randomMoves(rand, n, rand() < 0.5));
    const positions = range(n).map((k) => k - 1);
    for (const sw of ['push', ...PUSH_VARIANTS] as Switch[]) {
      const r = checkSwitchAnalogues(r1, r2, positions, sw);
      for (const [part, c] of Object.entries(r)) {
        if (!c.hypothesis) continue;
        applied[`${sw} ${part}`] = (applied[`${sw} ${part}`] ?? 0) + 1;
        assert.equal(c.conclusion, true, `trial ${trial}, ${sw} (${part}) fails at ${c.counterexample}`);
      }
    }
  }
  for (const sw of ['push', ...PUSH_VARIANTS])
    for (const part of ['i', 'ii', 'iii']) {
      if (sw === 'nopass' && part === 'iii') continue; // its hypothesis (no terminal position) never holds
      assert.ok((applied[`${sw} ${part}`] ?? 0) >= 3, `${sw} (${part}) applied ${applied[`${sw} ${part}`] ?? 0} times`);
    }
});

test('the closed forms of sections 3 and 4 hold for the button to 30 and fail for each variant, at the positions of the table', () => {
  const cases: [string, string, string, (a: number, b: number) => boolean, Record<PushVariant, [number, number]>][] = [
    ['Theorem 3.1.6', 'nim', 'euclid', thm316(30), { before: [1, 1], after: [1, 1], around: [1, 1], nopass: [1, 2] }],
    ['Proposition 4.1.1', 'nim', 'wythoff', prop411, { before: [1, 2], after: [1, 1], around: [1, 2], nopass: [1, 1] }],
    ['Proposition 4.1.2', 'euclid', 'nim', prop412, { before: [0, 1], after: [0, 1], around: [0, 1], nopass: [0, 1] }],
    ['Proposition 4.1.3', 'wythoff', 'nim', prop413(30), { before: [2, 4], after: [2, 4], around: [2, 4], nopass: [1, 2] }],
  ];
  for (const [theorem, a, b, inP, bad] of cases) {
    const button = switchCompound('push', parseSpec(a), parseSpec(b));
    for (let x = 0; x <= 30; x++) for (let y = 0; y <= 30; y++) assert.equal(isP(button, [x, y]), inP(x, y), `${theorem} at (${x},${y})`);
    for (const v of PUSH_VARIANTS) {
      const rs = switchCompound(v, parseSpec(a), parseSpec(b));
      assert.equal(isP(rs, [0, 0]), true, `${rs.name}: (0,0) is P`);
      assert.equal(inP(0, 0), false, theorem);
      const [x, y] = bad[v];
      assert.notEqual(isP(rs, [x, y]), inP(x, y), `${rs.name} at (${x},${y})`);
    }
  }
});

test('NIM ⊙ WYTHOFF under nopass has the P-positions of NIM, by the analogue of Proposition 2.1.4 (ii), to 40', () => {
  const rs = switchCompound('nopass', parseSpec('nim'), parseSpec('wythoff'));
  for (let x = 0; x <= 40; x++) for (let y = 0; y <= 40; y++) assert.equal(isP(rs, [x, y]), x === y, `(${x},${y})`);
});

test('SUB{1..k1} ⊙ SUB{1..k2}, k1, k2 <= 8, n <= 150: before P = multiples of (k2+1)·ceil((k1+1)/(k2+1)); around P = multiples of k2+1 if k1 <= k2, else {0}; after the same when k1 >= k2', () => {
  for (let k1 = 1; k1 <= 8; k1++)
    for (let k2 = 1; k2 <= 8; k2++) {
      const p = (k2 + 1) * Math.ceil((k1 + 1) / (k2 + 1));
      const around = (n: number) => (k1 <= k2 ? n % (k2 + 1) === 0 : n === 0);
      const before = switchCompound('before', sub(k1), sub(k2));
      const aroundRs = switchCompound('around', sub(k1), sub(k2));
      const after = switchCompound('after', sub(k1), sub(k2));
      for (let n = 0; n <= 150; n++) {
        assert.equal(isP(before, [n]), n % p === 0, `before k1=${k1} k2=${k2} n=${n}`);
        assert.equal(isP(aroundRs, [n]), around(n), `around k1=${k1} k2=${k2} n=${n}`);
        if (k1 >= k2) assert.equal(isP(after, [n]), around(n), `after k1=${k1} k2=${k2} n=${n}`);
      }
    }
});

test('Theorem 4.2.4 under nopass: the period of the formula, k1, k2 <= 8, but not from 0 (certified by the state argument)', () => {
  let late = 0;
  for (let k1 = 1; k1 <= 8; k1++)
    for (let k2 = 1; k2 <= 8; k2++) {
      const rs = switchCompound('nopass', sub(k1), sub(k2));
      const o = grundySequence(rs, 8 * (k1 + 1) * (k2 + 1) + 60, { solver }).map((v) => (v === 0 ? 1 : 0));
      const f = findPeriod(o, pushSubtractionCertifier(k1, k2 + 1, k2 + 1));
      assert.equal(f.certified, true, `k1=${k1} k2=${k2}`);
      assert.equal(f.period, thm424Period(k1, k2), `k1=${k1} k2=${k2}`);
      if (f.preperiod! > 0) late++;
    }
  assert.equal(late, 64);
});

test('Theorem 4.2.3 under every switch: outcomes of SUB(S) ⊙ SUB(S2) certified periodic within k·2^max(S), 20 random pairs each', () => {
  const rand = lcg(20261128);
  for (const sw of ['push', ...PUSH_VARIANTS] as Switch[]) {
    let checked = 0;
    while (checked < 20) {
      const s = range(1 + Math.floor(rand() * 5)).filter((x, _, a) => x === a.length || rand() < 0.5);
      const s2 = range(1 + Math.floor(rand() * 5)).filter((x, _, a) => x === a.length || rand() < 0.5);
      const o2 = grundySequence(new SubtractionGame(s2), 200, { solver }).map((v) => (v === 0 ? 1 : 0));
      const p2 = findPeriod(o2, pushSubtractionCertifier(Math.max(...s2), 1, 0));
      if (!p2.certified || p2.preperiod !== 0) continue; // the theorem assumes R2 periodic from 0
      const m = Math.max(...s);
      const bound = p2.period! * 2 ** m;
      const rs = switchCompound(sw, new SubtractionGame(s), new SubtractionGame(s2));
      const o = grundySequence(rs, 3 * bound + 3 * m + 3 * Math.max(...s2) + 40, { solver }).map((v) => (v === 0 ? 1 : 0));
      const f = findPeriod(o, pushSubtractionCertifier(m, p2.period!, Math.max(...s2)));
      assert.equal(f.certified, true, rs.name);
      assert.ok(f.period! <= bound && f.preperiod! <= bound, `${rs.name}: ${f.period}/${f.preperiod} > ${bound}`);
      checked++;
    }
  }
});

test('sums of push positions share one button (push(sum(R1,R1), sum(R2,R2))): the XOR of the components\' push values does not give the outcome, even for R ⊙ R; under a free push it does for R ⊙ R', () => {
  const A = 'subtraction:1,2';
  const B = 'subtraction:1-4';
  const one = parseSpec(`push(${A},${B})`);
  const two = parseSpec(`push(sum(${A},${A}),sum(${B},${B}))`);
  const g = (n: number) => solver.grundy(one, { phase: 0, g: [n] });
  // By hand: G(1,0) = mex{G_B(0) = 0} = 1, so XOR says 0 + 0 is P; but pushing at (0 + 0) leaves the
  // R2 sum 0 + 0, a P-position: the sum is N.
  assert.equal(g(0) ^ g(0), 0);
  assert.equal(solver.outcome(two, { phase: 0, g: [[0], [0]] }), 'N');
  let wrong = 0;
  for (let a = 0; a <= 12; a++) for (let b = 0; b <= 12; b++) if ((solver.outcome(two, { phase: 0, g: [[a], [b]] }) === 'P') !== ((g(a) ^ g(b)) === 0)) wrong++;
  assert.ok(wrong > 0);
  // R ⊙ R with one shared button is sum(R, R) + *, not (R + *) + (R + *): the XOR of the components is off by 1.
  const nimNim = parseSpec('push(nim,nim)');
  const shared = parseSpec('push(sum(nim,nim),sum(nim,nim))');
  const free = parseSpec('push:before(sum(nim,nim),sum(nim,nim))');
  for (let a = 0; a <= 8; a++)
    for (let b = 0; b <= 8; b++) {
      const x = solver.grundy(nimNim, { phase: 0, g: [a] }) ^ solver.grundy(nimNim, { phase: 0, g: [b] });
      assert.equal(solver.grundy(shared, { phase: 0, g: [[a], [b]] }), x ^ 1, `(${a}) + (${b})`);
      assert.equal(solver.grundy(free, { phase: 0, g: [[a], [b]] }), a ^ b, `free (${a}) + (${b})`);
    }
});
