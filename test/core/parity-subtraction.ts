/**
 * A heap game sprague does not know, written against the public API only: the fixture of
 * capabilities.test.ts, and the example of docs/architecture.md (`SPRAGUE_GAMES=.../parity-subtraction.js`).
 *
 * PARITY SUBTRACTION: from a heap of even size remove 3 or 4 tokens, from a heap of odd size 1 or 6.
 * Its ruleset says what the game is; beside it, a typed-array kernel and a period certifier: G(n) is a
 * function of G(n-6..n-1) and of n mod 2, so once six values recur q = lcm(p, 2) later, G is q-periodic
 * (the state argument of push-the-button, Theorem 4.2.3).
 */
import {
  InterruptedError,
  heapMultisetDomain,
  registerGame,
  splitHeaps,
  type Capabilities,
  type Component,
  type Heaps,
  type KernelOptions,
  type PeriodCertifier,
  type Ruleset,
} from '../../src/index.js';

/** The moves from a heap of n tokens. */
export function moves(n: number): readonly number[] {
  return n % 2 === 0 ? [3, 4] : [1, 6];
}

/** How often the kernel ran: the test checks that the analyses asked for it. */
export let kernelRuns = 0;

/** G(0..max), each the mex of at most two earlier values. */
export function paritySubtractionSequence(max: number, options: KernelOptions = {}): Int32Array {
  kernelRuns++;
  const G = new Int32Array(max + 1);
  for (let n = 0; n <= max; n++) {
    if ((n & 0xffff) === 0 && options.signal?.aborted) throw new InterruptedError(G.slice(0, n));
    const [a, b] = moves(n) as [number, number];
    const x = a <= n ? G[n - a]! : -1;
    const y = b <= n ? G[n - b]! : -1;
    let g = 0;
    while (g === x || g === y) g++;
    G[n] = g;
  }
  return G;
}

/** The state cycle: the six values from n0 and the parity of n0 recur at n0 + q, q = lcm(p, 2). */
export const stateCycleCertifier: PeriodCertifier = (p, n0, len) => {
  const q = p % 2 === 0 ? p : 2 * p;
  if (len < n0 + q + Math.max(6, p)) return undefined;
  return `parity state cycle: the 6 values from ${n0} and its parity recur at ${n0 + q}`;
};

export class ParitySubtraction implements Ruleset<Heaps> {
  readonly name = 'paritysub';
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly capabilities: Capabilities = {
    picture: 'sequence',
    sequence: (max, options) => ({ values: paritySubtractionSequence(max, options) }),
    certifier: () => stateCycleCertifier,
  };

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      for (const m of moves(h)) if (m <= h) out.push(p.map((x, j) => (j === i ? h - m : x)));
    });
    return out;
  }

  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}

registerGame('paritysub', () => new ParitySubtraction());
