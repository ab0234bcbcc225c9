/**
 * Small automaton builders the numeration systems and the logic engine share: breadth-first
 * construction from keyed states and co-reachability (now in src/automata, re-exported here), reversal,
 * trimming.
 */
import { limitDefault } from '../core/limits.js';
import { buildDfa } from '../automata/build.js';
import type { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { coReachable } from '../automata/reach.js';

export { buildDfa, coReachable };

/**
 * The DFA of the reversed language (accept = output ≠ 0), minimised. Subset construction on the
 * reversed edges: O(2^n) in the worst case, small for the adders and comparators it serves.
 */
export function reverseDfa(dfa: Dfa, maxStates = limitDefault('languageStates')): Dfa {
  const k = dfa.alphabetSize;
  const n = dfa.stateCount;
  // pred[a][t] = states s with δ(s, a) = t.
  const predStart = new Int32Array(k * (n + 1));
  for (let s = 0; s < n; s++) for (let a = 0; a < k; a++) predStart[a * (n + 1) + dfa.next(s, a) + 1]!++;
  for (let a = 0; a < k; a++) for (let t = 0; t < n; t++) predStart[a * (n + 1) + t + 1]! += predStart[a * (n + 1) + t]!;
  const fill = predStart.slice();
  const pred = new Int32Array(n * k);
  for (let s = 0; s < n; s++) for (let a = 0; a < k; a++) pred[a * n + fill[a * (n + 1) + dfa.next(s, a)]!++] = s;
  const starts: number[] = [];
  for (let s = 0; s < n; s++) if (dfa.output[s] !== 0) starts.push(s);
  const mark = new Int32Array(n);
  let stamp = 0;
  const out = buildDfa<number[]>(
    k,
    starts,
    (set) => set.join(','),
    (set, a) => {
      stamp++;
      const next: number[] = [];
      for (const t of set) {
        for (let i = predStart[a * (n + 1) + t]!; i < predStart[a * (n + 1) + t + 1]!; i++) {
          const s = pred[a * n + i]!;
          if (mark[s] !== stamp) {
            mark[s] = stamp;
            next.push(s);
          }
        }
      }
      next.sort((x, y) => x - y);
      return next;
    },
    (set) => (set.includes(dfa.start) ? 1 : 0),
    maxStates,
    'reversing an automaton',
    'languageStates',
  );
  return minimise(out);
}

/**
 * The number of states of the trimmed minimal acceptor: reachable states that can still accept, as
 * Walnut counts them (at least 1, so the automaton of `false` has one state).
 */
export function trimmedStateCount(dfa: Dfa): number {
  const good = coReachable(dfa);
  let c = 0;
  for (const s of dfa.reachable()) if (good[s]) c++;
  return Math.max(1, c);
}
