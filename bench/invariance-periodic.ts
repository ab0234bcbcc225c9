/**
 * The periodic-word algorithm of deciding-game-invariance, section 6.1 (Lemmas 37-38, Corollary 39) on
 * long periods: time against |v| for several families of v. Prints figures; asserts nothing about time.
 * Run: node dist/bench/invariance-periodic.js
 */
import { periodicAdmissibility } from '../src/invariance/periodic.js';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 8;
  };
}

/** A random balanced word: ℓ/2 ones and ℓ/2 twos, shuffled. */
function randomBalanced(l: number, seed: number): Uint8Array {
  const r = lcg(seed);
  const v = new Uint8Array(l);
  for (let i = 0; i < l; i++) v[i] = i < l / 2 ? 1 : 2;
  for (let i = l - 1; i > 0; i--) {
    const j = r() % (i + 1);
    [v[i], v[j]] = [v[j]!, v[i]!];
  }
  return v;
}

/** A random word in {12, 21}^(ℓ/2): admissible (section 6.1 sweep), so the whole box is scanned. */
function randomDominoes(l: number, seed: number): Uint8Array {
  const r = lcg(seed);
  const v = new Uint8Array(l);
  for (let i = 0; i < l; i += 2) {
    const flip = r() & 1;
    v[i] = flip ? 2 : 1;
    v[i + 1] = flip ? 1 : 2;
  }
  // Keep it primitive: one fixed "12" at the start and "21" at the end.
  v[0] = 1;
  v[1] = 2;
  v[l - 2] = 2;
  v[l - 1] = 1;
  return v;
}

/** 1^(ℓ/2) 2^(ℓ/2): the candidates fill whole blocks. */
function blocks(l: number): Uint8Array {
  const v = new Uint8Array(l);
  for (let i = 0; i < l; i++) v[i] = i < l / 2 ? 1 : 2;
  return v;
}

/**
 * A random unbalanced word with exactly ℓ/4 ones, so r = lcm(ℓ/4, 3ℓ/4) = 3ℓ/4 and Remark 40's box is
 * [0, 12ℓ]^2. (For a random count of ones r can reach ℓ^2/4 and the box ℓ^3: polynomial, not practical.)
 */
function randomQuarterOnes(l: number, seed: number): Uint8Array {
  const r = lcg(seed);
  const v = new Uint8Array(l);
  for (let i = 0; i < l; i++) v[i] = i < l / 4 ? 1 : 2;
  for (let i = l - 1; i > 0; i--) {
    const j = r() % (i + 1);
    [v[i], v[j]] = [v[j]!, v[i]!];
  }
  return v;
}

const families: [string, (l: number, seed: number) => Uint8Array][] = [
  ['random balanced', randomBalanced],
  ['{12,21}^k (admissible)', randomDominoes],
  ['1^k 2^k', (l) => blocks(l)],
  ['random, |v|_1 = |v|/4', randomQuarterOnes],
];

function time(v: Uint8Array): { ms: number; admissible: boolean; bound: number; certified: boolean } {
  const t0 = performance.now();
  const r = periodicAdmissibility(v, { maxBound: 100_000 });
  return { ms: performance.now() - t0, admissible: r.admissible, bound: r.bound, certified: r.certified };
}

console.log('periodic admissibility (section 6.1): milliseconds per word, median of 3 seeds');
console.log(['family'.padEnd(26), '|v|'.padStart(6), 'ms'.padStart(10), 'ratio'.padStart(7), 'verdict'.padStart(12), 'box'.padStart(8)].join(' '));
for (const [name, make] of families) {
  let prev: number | undefined;
  for (const l of [128, 256, 512, 1000, 2000, 4000]) {
    if (name.startsWith('random, |v|_1') && l > 256) continue;
    const runs = [1, 2, 3].map((seed) => time(make(l, seed)));
    runs.sort((a, b) => a.ms - b.ms);
    const mid = runs[1]!;
    const verdict = runs.map((r) => (r.admissible ? 'A' : '-')).join('') + (mid.certified ? '' : '?');
    console.log(
      [
        name.padEnd(26),
        String(l).padStart(6),
        mid.ms.toFixed(1).padStart(10),
        (prev === undefined ? '' : (mid.ms / prev).toFixed(2)).padStart(7),
        verdict.padStart(12),
        String(mid.bound).padStart(8),
      ].join(' '),
    );
    prev = mid.ms;
  }
}
console.log('verdict: one letter per seed, A = 1-admissible, - = not; ? = unbalanced admissible verdict not certified beyond the box');
