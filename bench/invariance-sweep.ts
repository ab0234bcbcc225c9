/**
 * Every binary period v with |v| <= 12 (deciding-game-invariance, section 6.1): the periodic algorithm
 * against the bounded method, and the counts of 1-admissible P_w. Unbalanced v (Remark 40) are also
 * re-checked in twice Remark 40's box with exact differences. Prints a table; asserts nothing about time.
 * Run: node dist/bench/invariance-sweep.js [maxLength]
 */
import { periodicAdmissibility } from '../src/invariance/periodic.js';
import { boundedAdmissibility } from '../src/invariance/bounded.js';
import { letterCounts, periodicWord, primitiveRoot, wordToString } from '../src/words/word.js';

const maxLength = Number(process.argv[2] ?? 12);
const t0 = performance.now();
console.log(
  ['|v|', 'balanced', 'admissible', 'primitive', 'adm.prim', 'unbalanced', 'admissible', 'box-2x ok', 'mismatch', 'ms'].map((h) => h.padStart(11)).join(''),
);
let totalMismatch = 0;
for (let len = 2; len <= maxLength; len++) {
  const t1 = performance.now();
  let bal = 0;
  let balAdm = 0;
  let prim = 0;
  let primAdm = 0;
  let unb = 0;
  let unbAdm = 0;
  let stable = 0;
  let mismatch = 0;
  for (let bits = 0; bits < 1 << len; bits++) {
    const v = new Uint8Array(len);
    for (let i = 0; i < len; i++) v[i] = (bits >> i) & 1 ? 2 : 1;
    const c = letterCounts(v, 2);
    if (c[1] === 0 || c[2] === 0) continue;
    const p = periodicAdmissibility(v, { maxBound: 50_000 });
    if (c[1] === c[2]) {
      bal++;
      if (p.admissible) balAdm++;
      if (primitiveRoot(v).length === len) {
        prim++;
        if (p.admissible) primAdm++;
      }
      const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: 2 * len, differenceMax: 3 * len });
      if (b.admissible !== p.admissible || String(b.witness) !== String(p.witness)) {
        mismatch++;
        console.log(`  mismatch ${wordToString(v)}: periodic ${JSON.stringify(p)} bounded ${JSON.stringify(b)}`);
      }
    } else {
      unb++;
      if (p.admissible) {
        unbAdm++;
        if (periodicAdmissibility(v, { bound: 2 * p.bound, maxBound: 1e9 }).admissible) stable++;
        else console.log(`  Remark 40 box too small for ${wordToString(v)}`);
      }
      const N = Math.min(p.bound, 48);
      const b = boundedAdmissibility({ kind: 'word', word: periodicWord(v) }, { max: N, differenceMax: 4 * N });
      const inBox = p.witness && Math.max(...p.witness) <= N ? String(p.witness) : 'undefined';
      if (String(b.witness) !== inBox) {
        mismatch++;
        console.log(`  mismatch ${wordToString(v)}: periodic ${JSON.stringify(p)} bounded ${JSON.stringify(b)}`);
      }
    }
  }
  totalMismatch += mismatch;
  console.log(
    [len, bal, balAdm, prim, primAdm, unb, unbAdm, stable, mismatch, Math.round(performance.now() - t1)].map((x) => String(x).padStart(11)).join(''),
  );
}
console.log(`total ${Math.round(performance.now() - t0)} ms, ${totalMismatch} mismatches between the periodic and bounded methods`);
