/**
 * Plain reference sets for cross-checking the automata of deciding-game-invariance, section 6: the
 * P-positions from the games' own definitions (Fraenkel's mex recurrence, letter occurrences of a
 * morphism's fixed point) and the bad positions of Lemma 12 by brute force in a box. Slow on purpose:
 * nothing here shares code with the logic engine.
 */
import { permutations } from '../words/pw.js';

export type Tuple = number[];

const key = (t: readonly number[]) => t.join(',');

/** Fraenkel's (s,t) P-positions in [0, max]^2 (Proposition 46): A_n = mex{A_i, B_i : i < n}, B_n = s A_n + t n. */
export function fraenkelPositions(s: number, t: number, max: number): Tuple[] {
  const out: Tuple[] = [[0, 0]];
  const used = new Set<number>([0]);
  for (let n = 1; ; n++) {
    let a = 0;
    while (used.has(a)) a++;
    if (a > max) return out;
    const b = s * a + t * n;
    used.add(a).add(b);
    if (b <= max) out.push([a, b], [b, a]);
  }
}

/** The first `length` letters of the fixed point from 1 of the morphism i -> images[i-1]. */
export function fixedPoint(images: readonly (readonly number[])[], length: number): number[] {
  let w = [1];
  while (w.length < length) w = w.flatMap((a) => images[a - 1]!);
  return w.slice(0, length);
}

/** P_w (Definition 34) for a word w over 1..n (letters indexed from 1), within [0, max]^n, with 0. */
export function wordPositions(w: readonly number[], n: number, max: number): Tuple[] {
  const pos: number[][] = Array.from({ length: n }, () => []);
  w.forEach((a, i) => pos[a - 1]!.push(i + 1));
  const out = new Map<string, Tuple>([[key(new Array(n).fill(0)), new Array(n).fill(0)]]);
  const m = Math.min(...pos.map((p) => p.length));
  for (let k = 0; k < m; k++) {
    const t = pos.map((p) => p[k]!);
    if (t.every((x) => x <= max)) for (const p of permutations(t)) out.set(key(p), p);
  }
  return [...out.values()];
}

/**
 * Bad positions (Lemma 12) in [0, small]^n: outside P, and every move to an element of P below joins
 * two elements of P. P is taken exact from `points` (all of P in a larger box), P - P from their pairs:
 * a subset of the true P - P, so every position reported bad really is bad. Also returns that P - P.
 */
export function badInBox(points: readonly Tuple[], small: number): { bad: Tuple[]; differences: Set<string> } {
  const n = points[0]!.length;
  const inP = new Set(points.map(key));
  const differences = new Set<string>();
  for (const i of points) for (const j of points) if (i.every((x, c) => x <= j[c]!)) differences.add(key(j.map((x, c) => x - i[c]!)));
  const below = points.filter((q) => q.every((x) => x <= small));
  const bad: Tuple[] = [];
  const p = new Array<number>(n).fill(0);
  const visit = (c: number): void => {
    if (c === n) {
      if (inP.has(key(p))) return;
      for (const q of below) if (q.every((x, k) => x <= p[k]!) && !differences.has(key(p.map((x, k) => x - q[k]!)))) return;
      bad.push([...p]);
      return;
    }
    for (let v = 0; v <= small; v++) {
      p[c] = v;
      visit(c + 1);
    }
  };
  visit(0);
  return { bad, differences };
}
