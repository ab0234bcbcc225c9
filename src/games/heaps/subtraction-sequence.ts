/**
 * The kernels of SUBTRACTION(S), beside its ruleset (games/heaps/subtraction.ts): its Grundy sequence,
 * that of SUBTRACTION(S) ⊙ R2 ⊙ ... given the values of the game after the button, and the two period
 * certifiers (the finite window; the state cycle of push-the-button, Theorem 4.2.3).
 */
import { InterruptedError } from '../../core/errors.js';
import type { KernelOptions } from '../../core/kernel.js';
import type { PeriodCertifier } from '../../core/period.js';

/**
 * G(0..max) of SUBTRACTION(S), S ascending: each value is the mex of at most |S| earlier ones.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function subtractionSequence(set: readonly number[], max: number, options: KernelOptions = {}): Int32Array {
  const G = new Int32Array(max + 1);
  const S = Int32Array.from(set);
  const seen = new Int32Array(S.length + 2);
  for (let n = 0; n <= max; n++) {
    if ((n & 0xffff) === 0) {
      if (options.signal?.aborted) throw new InterruptedError(G.slice(0, n));
      options.onProgress?.(n, max + 1);
    }
    const stamp = n + 1;
    for (let i = 0; i < S.length && S[i]! <= n; i++) {
      const v = G[n - S[i]!]!;
      if (v < seen.length) seen[v] = stamp;
    }
    let g = 0;
    while (seen[g] === stamp) g++;
    G[n] = g;
  }
  return G;
}

/**
 * G(0..max) of SUBTRACTION(S) ⊙ R2 ⊙ ... (seed push-the-button, Definition 2.0.1), S ascending, from
 * `after` = the values of the game after the button at 0..max: a heap n has the options n - s and the
 * button, whose value is after[n].
 *
 * @remarks Since 0.1.0
 * @public
 */
export function pushSubtractionSequence(set: readonly number[], after: ArrayLike<number>, max: number, options: KernelOptions = {}): Int32Array {
  const S = Int32Array.from(set);
  const G = new Int32Array(max + 1);
  const seen = new Int32Array(S.length + 3);
  for (let n = 0; n <= max; n++) {
    if ((n & 0xffff) === 0 && options.signal?.aborted) throw new InterruptedError(G.slice(0, n));
    const stamp = n + 1;
    for (let i = 0; i < S.length && S[i]! <= n; i++) {
      const v = G[n - S[i]!]!;
      if (v < seen.length) seen[v] = stamp;
    }
    const b = after[n]!;
    if (b < seen.length) seen[b] = stamp;
    let g = 0;
    while (seen[g] === stamp) g++;
    G[n] = g;
  }
  return G;
}

/**
 * A subtraction game's G(n) depends only on the m = max(S) values before it, so once m consecutive
 * values repeat p later, the whole sequence repeats from there on.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function windowCertifier(m: number): PeriodCertifier {
  return (p, n0, len) => (len >= n0 + p + m ? `window: the ${m} values from ${n0} repeat at ${n0 + p}, and G(n) depends only on the ${m} before it` : undefined);
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Seed push-the-button, Theorem 4.2.3 (the state argument): in SUBTRACTION(S) ⊙ R2, for n >= max(S) = m,
 * G(n) is a function of G(n-1..n-m) and of R2's value at n, which repeats with R2's certified period k
 * from its preperiod n2 on. So if the m values from s >= n2 recur q later, with k | q, the states at s + m
 * and s + q + m agree and G is q-periodic from s: a cycle in the state space is a proof. With q = lcm(p, k)
 * and p-periodicity seen on [s, s + q) this proves period p. The same holds for outcome (0/1) sequences,
 * with k and n2 those of R2's outcomes.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function pushSubtractionCertifier(m: number, k: number, n2: number): PeriodCertifier {
  return (p, n0, len) => {
    const q = (p / gcd(p, k)) * k;
    const s = Math.max(n0, n2);
    if (len < s + q + Math.max(m, p)) return undefined;
    return `state cycle (push-the-button, Thm 4.2.3): the ${m} values from ${s} and ${s} mod ${k} recur at ${s + q}, so G is ${q}-periodic from ${s}; G(n+${p}) = G(n) checked for ${n0} <= n < ${s + q}`;
  };
}
