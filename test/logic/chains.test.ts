/**
 * Chains of a symmetric set below a position (src/logic/chains.ts), the choice of moves the layer
 * passes of admissibleDirect try (deciding-game-invariance, Lemma 12): each layer automaton against
 * its definition on the P-positions in a box, the chain test on a set that is not a chain, and the
 * decision with layer passes against the decision without them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as G from '../../src/logic/games.js';
import { admissibleDirect } from '../../src/logic/admissibility.js';
import { OneShotLibrary } from '../../src/logic/admissibility/compiled.js';
import { encodeTuple, holds } from '../../src/logic/predicate.js';
import { chainLayers, chainSuccessor } from '../../src/logic/chains.js';
import { Compiler } from '../../src/logic/compile.js';
import { parseFormula } from '../../src/logic/parser.js';
import type { Predicate } from '../../src/logic/predicate.js';
import { product } from '../../src/automata/ops.js';
import { minimise } from '../../src/automata/minimise.js';
import { sortedTuples } from '../../src/logic/tuple-automata.js';
import { fixedPoint, wordPositions } from '../../src/invariance/reference.js';

function box(n: number, max: number): number[][] {
  const out: number[][] = [[]];
  for (let c = 0; c < n; c++) out.splice(0, out.length, ...out.flatMap((t) => Array.from({ length: max + 1 }, (_, x) => [...t, x])));
  return out;
}

const sorted = (t: readonly number[]) => t.every((v, i) => i === 0 || t[i - 1]! <= v);

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/**
 * For every sorted p in [0, max]^n and every q there: layer k of chain π accepts (p, q) iff q = π(t)
 * for the sorted element t of P that is k-th from the top among those with π(t) <= p (q_c = t_{π(c)}),
 * the sorted elements taken from the automaton of P in the box.
 */
function checkLayers(set: Predicate, max: number, depth: number): void {
  const n = set.tracks.length;
  const sys = set.tracks[0]!.system!;
  const S = minimise(product(set.dfa, sortedTuples(sys.base, n), (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
  const next = chainSuccessor(S, sys, n);
  assert.ok(next, 'the sorted P-positions form a chain');
  const layers = chainLayers(next, sys, n, depth, true);
  const points = box(n, max);
  const chain = points.filter((t) => sorted(t) && holds(set, t)).sort((x, y) => x[0]! - y[0]!);
  const perms = permutations(n);
  const pairTracks = [...set.tracks, ...set.tracks.map((t) => ({ ...t, name: `${t.name}q` }))];
  for (const p of points.filter(sorted)) {
    for (let i = 0; i < perms.length; i++) {
      const perm = perms[i]!;
      const fit = chain.filter((t) => perm.every((j, c) => t[j]! <= p[c]!));
      for (let k = 0; k < depth; k++) {
        const t = fit[fit.length - 1 - k];
        const want = t ? perm.map((j) => t[j]!).join(',') : undefined;
        for (const q of points) {
          const got = layers[k]![i]!.accepts(encodeTuple(pairTracks, [...p, ...q]));
          assert.equal(got, q.join(',') === want, `layer ${k}, permutation ${perm}, p = (${p}), q = (${q})`);
        }
      }
    }
  }
}

test('deciding-game-invariance, Remark 47: the layers of the chains of Wythoff P-positions below p match their definition in [0,16]^2', () => {
  checkLayers(G.wythoffSet(), 16, 3);
});

test('deciding-game-invariance, Theorem 48: the layers of the chains of Tribonacci P-positions below p match their definition in [0,7]^3', () => {
  checkLayers(G.tribonacciSet(), 7, 2);
});

test('chainSuccessor refuses a set whose sorted elements are not a chain: (1,5) and (2,3)', () => {
  const compiler = new Compiler(new OneShotLibrary(new Map()), {});
  const set = compiler.formula(parseFormula('?msd_2 (x=0 & y=0) | (x=1 & y=5) | (x=2 & y=3)'));
  const S = minimise(product(set.dfa, sortedTuples(2, 2), (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
  assert.equal(chainSuccessor(S, set.tracks[0]!.system!, 2), undefined);
  const chain = compiler.formula(parseFormula('?msd_2 (x=0 & y=0) | (x=1 & y=3) | (x=2 & y=5)'));
  const S2 = minimise(product(chain.dfa, sortedTuples(2, 2), (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
  const next = chainSuccessor(S2, chain.tracks[0]!.system!, 2);
  assert.ok(next);
  const pair = [...chain.tracks, ...chain.tracks.map((t) => ({ ...t, name: `${t.name}u` }))];
  const succ = (t: number[], u: number[]) => next.accepts(encodeTuple(pair, [...t, ...u]));
  assert.ok(succ([0, 0], [1, 3]) && succ([1, 3], [2, 5]));
  assert.ok(!succ([0, 0], [2, 5]) && !succ([1, 3], [1, 3]) && !succ([2, 5], [1, 3]));
});

test('deciding-game-invariance, Lemma 12: layer passes, read through the candidates or not, change no answer and no witness (Wythoff, Fraenkel (1,2), Thue–Morse, periodic 1122)', () => {
  for (const name of ['wythoff', 'fraenkel:1,2', 'morphic:1->12,2->21', 'periodic:1122']) {
    const set = G.logicSetOf(name);
    const plain = admissibleDirect(set, { layers: 0 });
    const layered = admissibleDirect(set, { layers: 3 });
    assert.equal(layered.admissible, plain.admissible, name);
    assert.deepEqual(layered.witness, plain.witness, name);
    // The passes' admissible moves built without the candidates (as past a million states).
    const apart = admissibleDirect(set, { layers: 3, maxThroughCandidates: 0 });
    assert.equal(apart.admissible, plain.admissible, name);
    assert.deepEqual(apart.witness, plain.witness, name);
  }
});

test('deciding-game-invariance, Theorem 58: the Raleigh game is 1-admissible, decided with the layer passes; its P-positions agree with the fixed point of 1->12, 2->3, 3->12 in [0,20]^3', () => {
  const set = G.raleighSet();
  const r = admissibleDirect(set, { layers: 1 });
  assert.equal(r.admissible, true);
  assert.ok(r.states.layerStuck, 'the layer pass ran');
  // P_w of Definition 34 for the Raleigh word (letters from 1; Theorem 58 counts from 0), against the automaton.
  const inP = new Set(wordPositions(fixedPoint([[1, 2], [3], [1, 2]], 200), 3, 20).map((t) => t.join(',')));
  for (const t of box(3, 20)) assert.equal(holds(set, t), inP.has(t.join(',')), `(${t})`);
});

test('the tops of the chains built one digit at a time are the automata built over pair letters (Wythoff, Tribonacci, Raleigh, G_2; two layers)', () => {
  for (const set of [G.wythoffSet(), G.tribonacciSet(), G.raleighSet(), G.generalisedTribonacciSet(2)]) {
    const n = set.tracks.length;
    const sys = set.tracks[0]!.system!;
    const S = minimise(product(set.dfa, sortedTuples(sys.base, n), (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
    const next = chainSuccessor(S, sys, n)!;
    const serial = chainLayers(next, sys, n, 2, true, { serialTops: true });
    const packed = chainLayers(next, sys, n, 2, true, { serialTops: false });
    serial.forEach((layer, k) => layer.forEach((dfa, i) => assert.deepEqual(dfa, packed[k]![i]!, `layer ${k}, chain ${i}`)));
  }
});
