/**
 * Plain references shared by tests and benches: a heap game's values by the mex recursion over its moves,
 * and random subtraction sets from a small deterministic generator (so that a failure names its case).
 */

/** G of one heap of a subtraction-like game by its moves, the plain recursion (the reference). */
export function heapValues(max: number, moves: (n: number) => number[]): number[] {
  const G: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set(moves(n).map((m) => G[m]!));
    let g = 0;
    while (seen.has(g)) g++;
    G.push(g);
  }
  return G;
}

/** 1, 2, ..., k. */
export const range = (k: number): number[] => Array.from({ length: k }, (_, i) => i + 1);

/** A linear congruential generator in [0, 1). */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A random subset of 1..maxElement that holds maxElement. */
export function randomSet(rand: () => number, maxElement: number): number[] {
  const set = range(maxElement).filter(() => rand() < 0.5);
  if (!set.includes(maxElement)) set.push(maxElement);
  return set;
}
