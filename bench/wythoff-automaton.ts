/**
 * The P-positions of a Wythoff-family game as a proved Fibonacci automaton (src/invariance/wythoff-automaton.ts):
 * learns the DFAO of band offsets from the table of 2^LOG2 columns, prints the rounds, runs the proof, and with
 * OUT writes the Walnut library (`sprague logic --library OUT --file "OUT/Command Files/MH-proof.txt"` reruns it).
 *
 *   node dist/bench/wythoff-automaton.js [K,L[;K,L...]=1,2] [LOG2=24] [OUT]
 *   node dist/bench/wythoff-automaton.js sweep [MAX_L=12] [LOG2=24]
 *
 * `sweep` does every pair 1 <= k < l <= MAX_L (maharaja-nim, Conjecture 4.1: an automaton proved for (k,l)-M
 * gives y = σ(x) + c with c bounded, and σ(x) = φx + O(1), so the conjecture holds for that pair), a line each:
 * the states, the offsets, whether proved, CPU; with at most 3000 states and the logic engine's default
 * limits, as docs/maharaja.md reports it.
 *
 * Maharaja Nim (1,2): 2^24 columns give its 577 states in four rounds (4 s); 2^28 (about 2 GB, 90 s) checks
 * the same automaton against 205 M columns.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { learnWythoffAutomaton, proveWythoffAutomaton, walnutLibrary } from '../src/invariance/wythoff-automaton.js';
import type { ExtraMove } from '../src/analysis/wythoff-table.js';

if (process.argv[2] === 'sweep') {
  const maxL = Number(process.argv[3] ?? 12);
  const log2 = Number(process.argv[4] ?? 24);
  for (let l = 2; l <= maxL; l++) {
    for (let k = 1; k < l; k++) {
      const t = process.cpuUsage();
      let line: string;
      try {
        const a = learnWythoffAutomaton([[k, l]], 2 ** log2, { maxStates: 3000 });
        const p = proveWythoffAutomaton(walnutLibrary(a));
        const offsets = a.codes.map((c) => c >> 1);
        line = `${a.dfao.output.length} states, offsets ${Math.min(...offsets)}..${Math.max(...offsets)}, ${p.proved ? 'proved' : `NOT proved (${p.sentences.filter((x) => !x.holds).map((x) => x.name).join(', ')})`}`;
      } catch (e) {
        line = `not decided: ${(e as Error).message}`;
      }
      const u = process.cpuUsage(t);
      console.log(`(${k},${l}) ${line}, ${((u.user + u.system) / 1e6).toFixed(1)} s CPU`);
    }
  }
  process.exit(0);
}
const moves = (process.argv[2] ?? '1,2').split(';').map((m) => m.split(',').map(Number) as unknown as ExtraMove);
const columns = 2 ** Number(process.argv[3] ?? 24);
const out = process.argv[4];
const t0 = process.cpuUsage();
const a = learnWythoffAutomaton(moves, columns);
const cpu = () => ((process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1e6).toFixed(1);
for (const [i, r] of a.rounds.entries()) console.log(`round ${i}: ${r.states} states, ${r.suffixes} suffixes, ${r.disagreements} columns wrong`);
console.log(`extra moves ${moves.map((m) => `(${m.join(',')})`).join(' ')}: ${a.dfao.output.length} states, agrees with all ${a.checked} columns known below ${columns}; band offsets ${a.codes.map((c) => (c & 1 ? `low${(c - 1) / 2}` : `up${c >> 1}`)).join(' ')}; ${cpu()} s CPU`);
const files = walnutLibrary(a);
const proof = proveWythoffAutomaton(files);
for (const s of proof.sentences) console.log(`  ${s.name}: ${s.holds}`);
console.log(proof.proved ? `proved: the automaton's relation is the set of P-positions (${cpu()} s CPU in all)` : 'NOT proved');
if (out) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  console.log(`Walnut library written to ${out}`);
}
