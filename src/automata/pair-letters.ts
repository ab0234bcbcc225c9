/** Automata over pair letters x + X y (x < X, y < Y): one side projected away. */
import type { Dfa } from './dfa.js';
import { exploreNfa, type ExploreOptions, type TableNfa } from './nfa.js';
import { coReachable } from './reach.js';

/**
 * ∃y D(x + X y) as an NFA over x, on D's own states pruned to those that can still accept (no
 * padding: words of x and y have the same length). O(states × X × Y).
 */
export function projectSecond(D: Dfa, X: number, Y: number, options: ExploreOptions = {}): TableNfa {
  const live = coReachable(D);
  return exploreNfa(
    X,
    [D.start],
    (s, emit) => {
      for (let x = 0; x < X; x++) {
        for (let y = 0; y < Y; y++) {
          const t = D.next(s, x + X * y);
          if (live[t]) emit(x, t);
        }
      }
    },
    (s) => D.output[s] !== 0,
    options,
  );
}
