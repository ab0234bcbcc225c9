/**
 * The closed forms push-the-button states for push compounds of two-heap games, as predicates on (a, b) in
 * exact integer arithmetic: what the paper's theorems say the P-positions are. The tests and
 * bench/push-variants.ts hold each switch (the paper's button and the variants of section 6) to them.
 */

/** Fibonacci numbers F_0 = 0, F_1 = 1. */
export function fib(n: number): number {
  let [a, b] = [0, 1];
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

/** b / a > Φ, exactly: b^2 - ab - a^2 > 0. */
export const aboveGolden = (a: number, b: number): boolean => b * b - a * b - a * a > 0;

/** Wythoff pairs (a_n, b_n), n >= 0, with a_n <= limit, by Wythoff's mex recursion. */
export function wythoffPairs(limit: number): [number, number][] {
  const used = new Uint8Array(4 * limit + 10);
  const out: [number, number][] = [];
  let a = 0;
  for (let n = 0; a <= limit; n++) {
    while (used[a]) a++;
    if (a > limit) break;
    out.push([a, a + n]);
    used[a] = 1;
    used[a + n] = 1;
  }
  return out;
}

/** The set of both orders of the pairs, as "a,b" keys. */
const both = (pairs: [number, number][]): Set<string> => new Set(pairs.flatMap(([a, b]) => [`${a},${b}`, `${b},${a}`]));

/** Proposition 4.1.1: P(NIM ⊙ WYTHOFF) = {(0,1), (1,0), (k,k) : k >= 2}. */
export function prop411(a: number, b: number): boolean {
  return (a === b && a >= 2) || (a + b === 1);
}

/** Proposition 4.1.2 (with (0,i), i > 0, P for the Euclid of docs/specs.md): P(EUCLID ⊙ NIM), the misère P-positions of EUCLID. */
export function prop412(x: number, y: number): boolean {
  const [a, b] = x <= y ? [x, y] : [y, x];
  if (a === 0) return b > 0;
  const quotient = (m: number): boolean => b * fib(m) === a * fib(m + 1);
  let even = false;
  let odd = false;
  for (let i = 0; fib(2 * i + 1) <= b; i++) {
    if (quotient(2 * i + 1)) even = true; // b/a = F_{2i+2}/F_{2i+1}
    if (i >= 1 && quotient(2 * i)) odd = true; // b/a = F_{2i+1}/F_{2i}
  }
  return (!aboveGolden(a, b) && !even) || odd;
}

/** Proposition 4.1.3: P(WYTHOFF ⊙ NIM) = {(a_n - 1, b_n - 1) : n >= 1}, as a predicate for heaps up to `limit`. */
export function prop413(limit: number): (a: number, b: number) => boolean {
  const s = both(wythoffPairs(limit + 1).slice(1).map(([a, b]) => [a - 1, b - 1]));
  return (a, b) => s.has(`${a},${b}`);
}

/** Theorem 3.1.6: P(NIM ⊙ EUCLID) = Wythoff pairs minus (u_2n, u_2n+1) plus (u_2n+1, u_2n+2), u_n = F_{n+1} - 1. */
export function thm316(limit: number): (a: number, b: number) => boolean {
  const u = (n: number) => fib(n + 1) - 1;
  const removed = new Set<string>();
  for (let n = 0; u(2 * n) <= limit; n++) removed.add(`${u(2 * n)},${u(2 * n + 1)}`);
  const pairs = wythoffPairs(limit).filter(([a, b]) => !removed.has(`${a},${b}`));
  for (let n = 0; u(2 * n + 1) <= limit; n++) pairs.push([u(2 * n + 1), u(2 * n + 2)]);
  const s = both(pairs);
  return (a, b) => s.has(`${a},${b}`);
}

/** Theorem 4.2.4: the period of the P-positions of SUBTRACTION({1..k1}) ⊙ SUBTRACTION({1..k2}). */
export function thm424Period(k1: number, k2: number): number {
  for (let t = 1; t <= k2 + 1; t++) if (((k1 + 1) * t + 1) % (k2 + 1) === 0) return (k1 + 1) * t + 1;
  return k1 + 1;
}
