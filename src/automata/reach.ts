/**
 * Backward reachability on a graph given only by its edges (a DFA, or a product of DFAs that is never
 * built): which nodes can reach a target. One search serves co-reachability (trimming, Walnut's state
 * count) and quotients (pairs of a product that accept a common word).
 */
import type { Dfa } from './dfa.js';

/** Calls `edge(from, to)` once for every edge of a graph on the nodes 0..n-1. */
export type EdgeList = (edge: (from: number, to: number) => void) => void;

/**
 * The nodes from which some node with `isTarget` is reachable (targets included): predecessor lists in
 * compressed form (two passes over the edges), then a search from the targets. O(n + edges) time and
 * 4(n + edges) bytes.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function backwardReachable(n: number, edges: EdgeList, isTarget: (node: number) => boolean): Uint8Array {
  // start[t]..start[t+1]-1 index the predecessors of t in `from`.
  const start = new Int32Array(n + 1);
  edges((_, to) => start[to + 1]!++);
  for (let t = 0; t < n; t++) start[t + 1]! += start[t]!;
  const from = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  edges((f, to) => (from[fill[to]!++] = f));
  const good = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  for (let s = 0; s < n; s++) {
    if (isTarget(s)) {
      good[s] = 1;
      stack[top++] = s;
    }
  }
  while (top > 0) {
    const t = stack[--top]!;
    for (let i = start[t]!; i < start[t + 1]!; i++) {
      const s = from[i]!;
      if (!good[s]) {
        good[s] = 1;
        stack[top++] = s;
      }
    }
  }
  return good;
}

/** States from which an accepting state (output ≠ 0) is reachable. O(n k). */
export function coReachable(dfa: Dfa): Uint8Array {
  const k = dfa.alphabetSize;
  const n = dfa.stateCount;
  return backwardReachable(
    n,
    (edge) => {
      for (let s = 0; s < n; s++) for (let a = 0; a < k; a++) edge(s, dfa.next(s, a));
    },
    (s) => dfa.output[s] !== 0,
  );
}
