/**
 * The digests of the stages a logic admissibility run kept (`--checkpoint DIR` of
 * bench/logic-admissibility.ts or `sprague admissible SET --method logic`), as JSON for
 * data/logic-stages/: per stage, in the order they were sealed, its name (after P's fingerprint and
 * system), its states, its letters and the SHA-256 of the automaton's bytes (automata/bytes.ts
 * dfaToBytes, the body of the sealed file: the file's own checksum covers its header too, which names
 * sprague's version). Each file is read through DirectoryStages, so its seal is checked first.
 * Run: node dist/bench/logic-stage-digests.js SET DIR > data/logic-stages/NAME.json
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { dfaToBytes, fingerprint } from '../src/automata/bytes.js';
import { DirectoryStages } from '../src/logic/checkpoint.js';
import { logicSetOf } from '../src/logic/games.js';

const [name, dir] = process.argv.slice(2);
if (!name || !dir) {
  console.error('usage: node dist/bench/logic-stage-digests.js SET DIR');
  process.exit(2);
}
const set = logicSetOf(name);
const prefix = `${fingerprint(set.dfa)}-${set.tracks[0]!.system!.name}-`;
const stages = new DirectoryStages(dir, { set: name, method: 'logic' });
const files = readdirSync(dir)
  .filter((f) => f.startsWith(prefix) && f.endsWith('.dfa'))
  .sort((x, y) => statSync(join(dir, x)).mtimeMs - statSync(join(dir, y)).mtimeMs);
const digests = files.map((f) => {
  const stage = f.slice(prefix.length, -'.dfa'.length);
  const dfa = stages.load(prefix + stage)!;
  const bytes = dfaToBytes(dfa);
  // In chunks: Node's hash refuses one update past 2^31 bytes.
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.length; at += 1 << 26) hash.update(bytes.subarray(at, Math.min(bytes.length, at + (1 << 26))));
  return { stage, states: dfa.stateCount, letters: dfa.alphabetSize, sha256: hash.digest('hex') };
});
console.log(JSON.stringify({ set: name, prefix, stages: digests }, null, 2));
