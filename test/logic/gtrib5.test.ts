/**
 * G_5 (deciding-game-invariance, Theorem 52, s = 5): the automaton of its P-positions against the fixed
 * point of 1 -> 111112, 2 -> 13, 3 -> 1 both ways in a large box, and, when a checkpoint folder of the
 * decision is given (SPRAGUE_G5_CHECKPOINT), its stages against the digests kept in
 * data/logic-stages/gtrib-5.json (docs/logic-admissibility.md, "How G_5 is decided").
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { dfaToBytes, fingerprint } from '../../src/automata/bytes.js';
import { LiveDfa } from '../../src/automata/tuple-product.js';
import { fixedPoint, wordPositions } from '../../src/invariance/reference.js';
import { DirectoryStages } from '../../src/logic/checkpoint.js';
import { logicSetOf } from '../../src/logic/games.js';
import { holds, validityOf } from '../../src/logic/predicate.js';

/** The box [0, BOX)^3: every P-position there from the word, and every accepted valid word there. */
const BOX = 1_000_000;

test('deciding-game-invariance, Theorem 52: the automaton of G_5 accepts exactly the P-positions of the fixed point of 1->111112, 2->13, 3->1 in [0,10^6)^3', () => {
  const set = logicSetOf('gtrib:5');
  const sys = set.tracks[0]!.system!;
  // P_w counts from 1 (the k-th occurrences of 1, 2, 3), with 0: the third coordinate is the largest.
  const fromWord = wordPositions(fixedPoint([[1, 1, 1, 1, 1, 2], [1, 3], [1]], BOX), 3, BOX - 1);
  const expected = new Set(fromWord.map((t) => t.join(',')));
  assert.ok(expected.size > 10_000, `${expected.size} P-positions`);
  // The valid words of the box the automaton accepts: words of L digits (with leading zeros) cover
  // the box; a branch stops once a coordinate's value reaches BOX (msd: the digits left only add to
  // it) or either automaton can no longer accept.
  const L = sys.represent(BOX - 1).length;
  const weight = Array.from({ length: L }, (_, j) => Number(sys.term(L - 1 - j)));
  const [P, V] = [new LiveDfa(set.dfa), new LiveDfa(validityOf(set.tracks))];
  const b = sys.base;
  const value = [0, 0, 0];
  const accepted = new Set<string>();
  const walk = (p: number, v: number, j: number): void => {
    if (j === L) {
      if (set.dfa.output[p] !== 0 && V.dfa.output[v] !== 0) accepted.add(value.join(','));
      return;
    }
    for (let letter = 0; letter < b ** 3; letter++) {
      const p2 = P.next(p, letter);
      const v2 = p2 < 0 ? -1 : V.next(v, letter);
      if (v2 < 0) continue;
      const [x, y, z] = [letter % b, Math.floor(letter / b) % b, Math.floor(letter / b ** 2)];
      const w = weight[j]!;
      if (value[0]! + x * w >= BOX || value[1]! + y * w >= BOX || value[2]! + z * w >= BOX) continue;
      value[0]! += x * w;
      value[1]! += y * w;
      value[2]! += z * w;
      walk(p2, v2, j + 1);
      value[0]! -= x * w;
      value[1]! -= y * w;
      value[2]! -= z * w;
    }
  };
  if (P.live[P.start] && V.live[V.start]) walk(P.start, V.start, 0);
  // Both ways; and the library's own reading of a tuple (holds) on the first ones.
  assert.equal([...expected].find((t) => !accepted.has(t)), undefined, 'a P-position of the word the automaton rejects');
  assert.equal([...accepted].find((t) => !expected.has(t)), undefined, 'an accepted word that is not a P-position of the word');
  for (const t of fromWord.slice(0, 200)) assert.ok(holds(set, t), `(${t.join(',')})`);
});

/** SHA-256 in chunks: Node's hash refuses one update past 2^31 bytes (G_5's largest stages take 2.6 GB). */
function sha256(bytes: Uint8Array): string {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.length; at += 1 << 26) hash.update(bytes.subarray(at, Math.min(bytes.length, at + (1 << 26))));
  return hash.digest('hex');
}

interface StageDigest {
  stage: string;
  states: number;
  sha256: string;
}

test('the stages of a G_5 decision (SPRAGUE_G5_CHECKPOINT) are those of data/logic-stages/gtrib-5.json, automaton for automaton', (t) => {
  const dir = process.env.SPRAGUE_G5_CHECKPOINT;
  if (!dir) {
    t.skip('set SPRAGUE_G5_CHECKPOINT to the checkpoint folder of a G_5 run');
    return;
  }
  const kept = JSON.parse(readFileSync(fileURLToPath(new URL('../../../data/logic-stages/gtrib-5.json', import.meta.url)), 'utf8')) as { set: string; prefix: string; stages: StageDigest[] };
  const set = logicSetOf(kept.set);
  const prefix = `${fingerprint(set.dfa)}-${set.tracks[0]!.system!.name}-`;
  assert.equal(prefix, kept.prefix, 'the stages are named by the fingerprint of P and its system');
  const stages = new DirectoryStages(dir, { set: kept.set, method: 'logic' });
  const files = readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.dfa'));
  assert.deepEqual(files.map((f) => f.slice(prefix.length, -'.dfa'.length)).sort(), kept.stages.map((s) => s.stage).sort(), 'the stages kept');
  for (const s of kept.stages) {
    const dfa = stages.load(prefix + s.stage)!;
    assert.equal(dfa.stateCount, s.states, s.stage);
    assert.equal(sha256(dfaToBytes(dfa)), s.sha256, s.stage);
  }
});
