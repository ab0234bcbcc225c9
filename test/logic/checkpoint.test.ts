/**
 * Checkpoints of the admissibility engine (src/logic/checkpoint.ts): a rerun resumes after the last
 * finished stage and reaches the same verdict; automaton files round-trip and a damaged one is refused.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { dfaFromBytes, dfaToBytes, fingerprint } from '../../src/automata/bytes.js';
import type { Dfa } from '../../src/automata/dfa.js';
import { InputError } from '../../src/core/errors.js';
import { admissibleDirect, type StageStore } from '../../src/logic/admissibility.js';
import { DirectoryStages } from '../../src/logic/checkpoint.js';
import * as G from '../../src/logic/games.js';
import { arbDfa } from '../automata/brute.js';

/** A store in memory that counts what it was asked. */
function memoryStore(): StageStore & { stages: Map<string, Dfa>; loads: number } {
  const stages = new Map<string, Dfa>();
  return {
    stages,
    loads: 0,
    load(stage) {
      const d = stages.get(stage);
      if (d) this.loads++;
      return d;
    },
    save(stage, dfa) {
      stages.set(stage, dfa);
    },
  };
}

test('deciding-game-invariance, Theorem 58: a rerun of the Raleigh decision resumes every stage from the checkpoint and builds nothing again', () => {
  const store = memoryStore();
  const first = admissibleDirect(G.raleighSet(), { checkpoint: store });
  assert.ok(store.stages.size >= 3, `stages kept: ${[...store.stages.keys()]}`);
  const built: string[] = [];
  const again = admissibleDirect(G.raleighSet(), { checkpoint: store, log: (what) => built.push(what) });
  assert.equal(again.admissible, first.admissible);
  assert.deepEqual(again.states.layerStuck, first.states.layerStuck);
  assert.equal(again.states.axisStuck, first.states.axisStuck);
  // The pieces of a pass (stuckByPieces) are kept for a pass stopped half way; a finished pass is read back whole.
  const stages = [...store.stages.keys()].filter((stage) => !stage.includes('-piece-'));
  assert.ok(stages.length < store.stages.size, 'the pieces were kept');
  assert.equal(store.loads, stages.length);
  assert.equal(first.resumed, undefined);
  assert.equal(again.resumed?.length, stages.length, 'every stage is named as resumed');
  assert.ok(!built.some((w) => w.startsWith('NFA of M(p,m)')), 'no layer pass ran again');
});

test('a run stopped after some layer passes resumes after the last one kept and reaches the same verdict (Fraenkel (1,2))', () => {
  const store = memoryStore();
  const set = G.fraenkelSet(1, 2);
  const whole = admissibleDirect(set, { checkpoint: store });
  // Keep only P - P among the near moves, the axis pass and the first chain's pass, as a stop would.
  for (const stage of [...store.stages.keys()]) if (/chain-[1-9]/.test(stage)) store.stages.delete(stage);
  const passes: string[] = [];
  const resumed = admissibleDirect(set, { checkpoint: store, log: (what) => passes.push(what) });
  assert.equal(resumed.admissible, whole.admissible);
  assert.deepEqual(resumed.states.layerStuck, whole.states.layerStuck);
  assert.ok(!passes.some((w) => w.includes('chain 0 (one digit')), 'chain 0 was resumed');
  assert.ok(resumed.resumed?.some((s) => s.endsWith('chain-0')) && !resumed.resumed.some((s) => /chain-[1-9]/.test(s)), String(resumed.resumed));
});

test('an automaton written as bytes reads back the same, and equal machines share a fingerprint (random Moore machines)', () => {
  fc.assert(
    fc.property(arbDfa(3, 9, 4), (d) => {
      const back = dfaFromBytes(dfaToBytes(d), 'test');
      assert.deepEqual(back, d);
      assert.equal(fingerprint(back), fingerprint(d));
    }),
    { numRuns: 100 },
  );
});

test('DirectoryStages keeps stages as files, and refuses a damaged one naming its path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-stages-'));
  try {
    const stages = new DirectoryStages(join(dir, 'run'));
    const set = G.wythoffSet();
    assert.equal(stages.load('p'), undefined);
    stages.save('p', set.dfa);
    assert.deepEqual(stages.load('p'), set.dfa);
    assert.deepEqual(readdirSync(join(dir, 'run')), ['p.dfa']);
    writeFileSync(join(dir, 'run', 'p.dfa'), 'not an automaton');
    assert.throws(() => stages.load('p'), (e: Error) => e instanceof InputError && e.message.includes(join(dir, 'run', 'p.dfa')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a pass stopped after some of its pieces resumes after the last piece kept and reaches the same candidates (Fraenkel (2,1))', () => {
  const store = memoryStore();
  const set = G.fraenkelSet(2, 1);
  const whole = admissibleDirect(set, { checkpoint: store });
  // Keep chain 0's first piece, drop the rest of that pass and everything after it.
  for (const stage of [...store.stages.keys()]) if (/chain-[1-9]/.test(stage) || /chain-0(-piece-[1-9])?$/.test(stage)) store.stages.delete(stage);
  const built: string[] = [];
  const resumed = admissibleDirect(set, { checkpoint: store, log: (what) => built.push(what) });
  assert.equal(resumed.admissible, whole.admissible);
  assert.deepEqual(resumed.states.layerStuck, whole.states.layerStuck);
  assert.ok(resumed.resumed?.some((s) => s.endsWith('chain-0-piece-0')), String(resumed.resumed));
  assert.ok(!built.some((w) => w.includes('coordinate 0 below') && w.includes('chain 0')), 'piece 0 of chain 0 was read back');
  assert.ok(built.some((w) => w.includes('coordinate 1 below') && w.includes('chain 0')), 'piece 1 of chain 0 was built');
});
