/**
 * The quotient of sums of push positions of heap games (docs/open-questions.md, "Sums of push positions"):
 * for each game, the dimension of the quotient of heaps 0..n for every n <= N, its generators at N, and the
 * time it took.
 *
 *   node dist/bench/push-quotient.js [N=22] [SPEC...]
 *
 * Prints one JSON line per game; asserts nothing (test/analysis/push-quotient.test.ts checks the quotients
 * against the general solver).
 */
import { pushQuotient } from '../src/analysis/push-quotient.js';
import { parseSpec } from '../src/spec/index.js';

const N = Number(process.argv[2] ?? 22);
const GAMES = process.argv.length > 3
  ? process.argv.slice(3)
  : [
      'push(nim,subtraction:1,2)',
      'push(subtraction:1,2,nim)',
      'push(nim,subtraction:1-3)',
      'push(subtraction:1-3,nim)',
      'push(nim,subtraction:1-4)',
      'push(nim,subtraction:1-5)',
      'push(subtraction:1,2,subtraction:1-4)',
      'push(octal:0.07,octal:0.137)',
      'push(octal:0.137,octal:0.07)',
      'push(octal:0.07,nim)',
      'push(nim,octal:0.07)',
      'push:before(nim,subtraction:1,2)',
      'push:before(subtraction:1,2,nim)',
      'push:before(octal:0.07,octal:0.137)',
    ];

for (const spec of GAMES) {
  const t0 = performance.now();
  const { quotient, growth } = pushQuotient(parseSpec(spec), N);
  const ms = Math.round(performance.now() - t0);
  let pCount = 0;
  for (const p of quotient.pOf) pCount += p;
  console.log(JSON.stringify({ spec, n: N, dimensions: growth.map((r) => r.dimension).join(' '), generators: quotient.generators, pCount, ms }));
}
