/**
 * The bounded admissibility check (deciding-game-invariance, Lemma 12 in a box) on P_w of morphic words:
 * time against the box size, differences from twice the box. Prints figures; asserts nothing about time.
 * Run: node dist/bench/invariance-bounded.js
 */
import { boundedAdmissibility } from '../src/invariance/bounded.js';
import { Morphism, fixedPoint } from '../src/words/morphism.js';

const cases: [string, string, number[]][] = [
  ['Fibonacci P_F (Wythoff)', '1->12,2->1', [100, 200, 400, 800]],
  ['Thue-Morse', '1->12,2->21', [100, 200, 400, 800]],
  ['Tribonacci P_T', '1->12,2->13,3->1', [20, 40, 80, 160]],
];

console.log(['set'.padEnd(26), 'box'.padStart(6), 'ms'.padStart(10), 'ratio'.padStart(7), 'verdict'.padStart(16)].join(' '));
for (const [name, rules, sizes] of cases) {
  let prev: number | undefined;
  for (const max of sizes) {
    const word = fixedPoint(Morphism.parse(rules));
    const t0 = performance.now();
    const r = boundedAdmissibility({ kind: 'word', word }, { max });
    const ms = performance.now() - t0;
    const verdict = r.admissible ? 'no witness' : `witness ${r.witness!.join(',')}`;
    console.log(
      [name.padEnd(26), String(max).padStart(6), ms.toFixed(0).padStart(10), (prev ? (ms / prev).toFixed(2) : '').padStart(7), verdict.padStart(16)].join(' '),
    );
    prev = ms;
  }
}
