/**
 * Plain reference solvers for the grid tests: memoised recursion over a ruleset's options, with no
 * decomposition, no symmetry and no pruning, so that every fast path has something naive to agree with.
 */
import type { Ruleset } from '../../../src/core/ruleset.js';
import type { PartizanOutcome, PartizanRuleset } from '../../../src/games/grids/domineering.js';

export function naiveGrundy<P>(rs: Ruleset<P>, p: P, memo = new Map<string, number>()): number {
  const key = rs.domain.key(p);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const seen = new Set(rs.options(p).map((o) => naiveGrundy(rs, o, memo)));
  let g = 0;
  while (seen.has(g)) g++;
  memo.set(key, g);
  return g;
}

export function naivePartizanOutcome<P>(rs: PartizanRuleset<P>, p: P): PartizanOutcome {
  const memo = new Map<string, boolean>();
  const wins = (q: P, left: boolean): boolean => {
    const key = `${left ? 'L' : 'R'}${rs.domain.key(q)}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const opts = left ? rs.leftOptions(q) : rs.rightOptions(q);
    const w = opts.some((o) => !wins(o, !left));
    memo.set(key, w);
    return w;
  };
  const l = wins(p, true);
  const r = wins(p, false);
  return l ? (r ? 'N' : 'L') : r ? 'R' : 'P';
}

/** A small deterministic generator (mulberry32) so random boards are the same on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The plain definition of 0.07: remove two adjacent tokens from a row, leaving up to two rows. */
export function naiveOctal007(n: number): number[] {
  const g: number[] = [];
  for (let h = 0; h <= n; h++) {
    const seen = new Set<number>();
    for (let a = 0; a + 2 <= h; a++) seen.add(g[a]! ^ g[h - 2 - a]!);
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}
