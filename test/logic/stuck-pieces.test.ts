/**
 * The layer passes read off P - P in pieces, one per coordinate (stuckByPieces in
 * src/logic/admissibility/passes.ts), against the passes through the admissible moves at once
 * (deciding-game-invariance, Lemma 12): the same candidates after every pass, byte for byte, the same
 * answer and witness; and the same again with a byte budget small enough that the subsets spill to
 * a folder (src/automata/subset-store.ts), which is empty afterwards.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dfaToBytes } from '../../src/automata/bytes.js';
import { LimitError } from '../../src/core/errors.js';
import { admissibleDirect, type DirectOptions, type StageStore } from '../../src/logic/admissibility.js';
import { Dfa } from '../../src/automata/dfa.js';
import { minimise } from '../../src/automata/minimise.js';
import { difference, intersection, product } from '../../src/automata/ops.js';
import { differences } from '../../src/logic/admissibility/differences.js';
import { coordinateBelow, Handoff, someCoordinateBelow, stuckByPieces, stuckOnChosen } from '../../src/logic/admissibility/passes.js';
import { shapeOf } from '../../src/logic/admissibility/shape.js';
import { StageRun } from '../../src/logic/admissibility/stages.js';
import { chainLayers } from '../../src/logic/chains.js';
import { sortedTuples } from '../../src/logic/tuple-automata.js';
import * as G from '../../src/logic/games.js';
import { encodeTuple, validityOf } from '../../src/logic/predicate.js';

/** The stages a run keeps, in memory. */
function memoryStore(): StageStore & { stages: Map<string, Dfa> } {
  const stages = new Map<string, Dfa>();
  return { stages, load: (stage) => stages.get(stage), save: (stage, dfa) => void stages.set(stage, dfa) };
}

/** The run's answer and its stages other than the pieces (which the route before has not). */
function decide(name: string, options: DirectOptions, log?: DirectOptions['log']) {
  const store = memoryStore();
  const r = admissibleDirect(G.logicSetOf(name), { ...options, checkpoint: store, ...(log ? { log } : {}) });
  const stages = [...store.stages].filter(([stage]) => !stage.includes('-piece-')).map(([stage, dfa]) => [stage, Buffer.from(dfaToBytes(dfa)).toString('base64')]);
  return { admissible: r.admissible, witness: r.witness, layerStuck: r.states.layerStuck, stages };
}

const sets = ['wythoff', 'fraenkel:1,2', 'fraenkel:2,1', 'morphic:1->12,2->21', 'periodic:1122', 'raleigh'];

test('deciding-game-invariance, Lemma 12: the passes in pieces leave the same candidates after every pass as the admissible moves at once, byte for byte (six sets, one and three layers)', () => {
  for (const name of sets) {
    for (const layers of [1, 3]) {
      const before = decide(name, { layers, stuckPieces: false });
      const pieces = decide(name, { layers });
      assert.ok(before.stages.some(([stage]) => stage!.includes('-chain-')), `${name}: a chain pass ran`);
      assert.deepEqual(pieces, before, `${name}, ${layers} layers`);
    }
  }
});

test('deciding-game-invariance, Lemma 12: the pieces built without the candidates (then intersected with them one digit at a time, as G_5\'s large passes are) leave the same candidates byte for byte', () => {
  for (const name of sets) {
    const before = decide(name, { layers: 2, stuckPieces: false });
    const without = decide(name, { layers: 2, maxThroughCandidates: 0 });
    assert.deepEqual(without, before, name);
  }
});

test('the passes in pieces spilled to a folder under a small byte budget are the same, and the folder is left empty', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-pieces-'));
  try {
    for (const name of ['wythoff', 'fraenkel:1,2', 'fraenkel:2,1']) {
      const want = decide(name, { layers: 2 });
      // Budgets upwards from 1 KB: each run either stops (the index alone passed the budget) or
      // gives the same stages; the first that runs through holds little more than the index, so
      // most of the pool spills.
      let spills = 0;
      for (let maxBytes = 1000; ; maxBytes = Math.ceil(maxBytes * 1.25)) {
        const options: DirectOptions = { layers: 2, maxBytes, spillDir: dir, storeGrain: { chunkBytes: 32, rows: 16 }, maxThroughCandidates: 0 };
        try {
          const spilled = decide(name, options, (what, count) => {
            if (what.includes('spilled to disk')) spills += count;
          });
          assert.deepEqual(spilled, want, name);
          break;
        } catch (e) {
          if (!(e instanceof LimitError && e.limit === 'subsetBytes')) throw e;
        }
      }
      assert.ok(spills > 0, `${name}: some subsets spilled`);
      assert.deepEqual(readdirSync(dir), [], `${name}: the spill files are removed`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('coordinateBelow accepts exactly the moves whose coordinate c is below g (Tribonacci triples in [0,12]^3, g = 7; Wythoff pairs in [0,30]^2, g = 5)', () => {
  for (const [set, max, g] of [[G.tribonacciSet(), 12, 7], [G.wythoffSet(), 30, 5]] as const) {
    const n = set.tracks.length;
    const sys = set.tracks[0]!.system!;
    for (let c = 0; c < n; c++) {
      const below = coordinateBelow(sys, n, c, g);
      const tuples: number[][] = [[]];
      for (let k = 0; k < n; k++) tuples.splice(0, tuples.length, ...tuples.flatMap((t) => Array.from({ length: max + 1 }, (_, x) => [...t, x])));
      for (const t of tuples) assert.equal(below.accepts(encodeTuple(set.tracks, t)), t[c]! < g, `(${t}), c = ${c}`);
    }
  }
});

test('the pieces keep what the admissible moves at once keep when a chosen target is missing, above p, or a move is not near (Wythoff, Fraenkel (1,2): P - P near the axes for g = 1, 2; targets only for p_0 even; the sides swapped)', () => {
  let far = 0;
  let outside = 0;
  // The domain of M read off Q (every target below p), or projected from M (some target above).
  let offQ = 0;
  let offM = 0;
  // Passes whose small parts were all empty or inside the largest (no union), and passes with a union.
  const united = [0, 0];
  const log = (what: string, states: number) => {
    if (what.includes('not near')) far++;
    if (what.includes('to unite with the largest')) united[states > 0 ? 1 : 0]! += 1;
    if (what.includes('outside the domain') && states > 1) outside++;
    if (what.startsWith('the complement of the domain') && what.endsWith('minimal')) {
      if (what.includes('read off Q')) offQ++;
      else offM++;
    }
  };
  for (const name of ['wythoff', 'fraenkel:1,2']) {
    const set = G.logicSetOf(name);
    const P = set.dfa;
    const sys = set.tracks[0]!.system!;
    const n = set.tracks.length;
    const b = sys.base;
    const K = b ** n;
    const shape = shapeOf(P, sys, n, {});
    const R = minimise(intersection(product(P, validityOf(set.tracks), (inP, valid) => (inP === 0 && valid !== 0 ? 1 : 0)), sortedTuples(b, n)));
    // The last digit of p's first track even (a language of p, as good as any to leave some p without a target).
    const even = Dfa.from(2, K * K, (_, L) => (L % K) % b % 2, (s) => (s === 0 ? 1 : 0));
    for (const below of [1, 2]) {
      const moves = someCoordinateBelow(sys, n, below);
      const near = { below, moves, diff: differences(P, sys, n, {}, shape, moves) };
      const allowed = difference(moves, near.diff.dfa);
      for (const [i, layer] of chainLayers(shape.next!, sys, n, 1, true)[0]!.entries()) {
        // q and p swapped: the targets lie above p.
        const swapped = minimise(Dfa.from(layer.stateCount, K * K, (s, L) => layer.next(s, Math.floor(L / K) + K * (L % K)), (s) => layer.output[s]!, layer.start));
        for (const Q of [layer, minimise(intersection(layer, even)), swapped]) {
          const run = new StageRun(P, sys, { log });
          // Handed on (as chainPasses does), the candidates are given up by the pass and read once.
          const input = new Handoff(R);
          const pieces = stuckByPieces(run, 'test', Q, near, input, sys, n, `chain ${i}`);
          assert.throws(() => input.take(), /handed on already/);
          const before = stuckOnChosen(Q, allowed, R, sys, n, {}, `chain ${i}`);
          assert.deepEqual(pieces, before, `${name}, g = ${below}, chain ${i}${Q === layer ? '' : Q === swapped ? ', swapped' : ', p_0 even'}`);
        }
      }
    }
  }
  assert.ok(far > 0 && outside > 0, `both ways round were taken (${far} passes with moves not near, ${outside} with candidates outside the domain)`);
  assert.ok(united[0]! > 0 && united[1]! > 0, `${united[0]} passes needed no union, ${united[1]} did`);
  assert.ok(offQ > 0 && offM > 0, `the domain was read off Q ${offQ} times and projected from M ${offM} times`);
});
