// A game of your own, for `sprague --require ./examples/mygame.mjs ...` (README, "Custom games"). An ES module
// (.mjs), so it loads the same in a project of either module kind; mygame.cjs is the CommonJS shape, mygame.ts the
// TypeScript one.
//
// PRIME SUBTRACTION: a move removes 2, 3, 5 or 7 tokens from one heap. The ruleset says what the game is;
// beside it, the game declares a fast kernel for its Grundy sequence and a period certifier, and every
// command (sequence, grundy, ppositions, plot, serve, ...) uses them through the capabilities.
import { InterruptedError, heapMultisetDomain, registerGame, splitHeaps } from 'sprague';

const MOVES = [2, 3, 5, 7];

/** G(0..max) in a typed array: each value is the mex of at most four earlier ones. */
function sequence(max, options = {}) {
  const G = new Int32Array(max + 1);
  for (let n = 0; n <= max; n++) {
    // Read the stop flag now and then; a stop keeps the values finished.
    if ((n & 0xffff) === 0 && options.signal?.aborted) throw new InterruptedError(G.slice(0, n));
    let seen = 0;
    for (const m of MOVES) if (m <= n) seen |= 1 << G[n - m];
    let g = 0;
    while (seen & (1 << g)) g++;
    G[n] = g;
  }
  return G;
}

/**
 * G(n) depends only on the 7 values before n, so once the 7 values from n0 recur p later the sequence is
 * p-periodic from n0 for ever. The analysis has checked the values up to `len`.
 */
function certifier(p, n0, len) {
  if (len < n0 + p + 7) return undefined;
  return `state cycle: the 7 values from ${n0} recur at ${n0 + p}`;
}

class PrimeSubtraction {
  name = 'mygame';
  domain = heapMultisetDomain;
  convention = 'normal';
  terminating = true;
  capabilities = {
    picture: 'sequence',
    sequence: (max, options) => ({ values: sequence(max, options) }),
    certifier: () => certifier,
  };

  /** The positions one move away: any heap less 2, 3, 5 or 7 tokens. */
  options(p) {
    const out = [];
    p.forEach((h, i) => {
      for (const m of MOVES) if (m <= h) out.push(p.map((x, j) => (j === i ? h - m : x)));
    });
    return out;
  }

  /** Heaps are played apart: a position is the disjunctive sum of its heaps. */
  decompose(p) {
    return splitHeaps(this, p);
  }
}

registerGame('mygame', () => new PrimeSubtraction());
