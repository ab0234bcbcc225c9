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
  for (let s = 0; s < n; s++) if (isTarget(s)) good[s] = 1;
  return closeBackward(start, from, good);
}

/**
 * `good` closed under predecessors: the predecessors of t are from[start[t] .. start[t + 1]).
 * Plain typed arrays, no callback, so that the hot kernels (the DFAs and NFAs of the logic engine,
 * each a new closure for backwardReachable; the minimisation's inverse) run it without a call per edge.
 */
export function closeBackward(start: Int32Array | Uint32Array, from: Int32Array, good: Uint8Array): Uint8Array {
  const n = good.length;
  const stack = new Int32Array(n);
  let top = 0;
  for (let s = 0; s < n; s++) if (good[s]) stack[top++] = s;
  while (top > 0) {
    const t = stack[--top]!;
    for (let i = start[t]!, stop = start[t + 1]!; i < stop; i++) {
      const s = from[i]!;
      if (!good[s]) {
        good[s] = 1;
        stack[top++] = s;
      }
    }
  }
  return good;
}

/**
 * The nodes of a graph with `targets` flagged from which a flagged node is reachable, the graph as
 * successor lists: the successors of s are succ[edgeStart[s] .. edgeStart[s + 1]). O(n + edges).
 */
export function backwardReachableLists(edgeStart: Int32Array, succ: Int32Array, targets: Uint8Array): Uint8Array {
  const n = targets.length;
  const start = new Int32Array(n + 1);
  for (let e = 0; e < edgeStart[n]!; e++) start[succ[e]! + 1]!++;
  for (let t = 0; t < n; t++) start[t + 1]! += start[t]!;
  const from = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  for (let s = 0; s < n; s++) for (let e = edgeStart[s]!, stop = edgeStart[s + 1]!; e < stop; e++) from[fill[succ[e]!]!++] = s;
  return closeBackward(start, from, Uint8Array.from(targets));
}

/**
 * States from which an accepting state (output ≠ 0) is reachable, flagged (the array is shared by
 * every caller asking of this DFA: read it, never write to it). O(n k) the first time. The edges into a sink (a
 * rejecting state whose every letter loops) are left out of the predecessor lists: they can never
 * carry acceptance back, and in a packed table most letters lead there (G_5's candidates: 3.3 M
 * states over 216 letters, where the lists of every edge took 2.9 GB).
 */
export function coReachable(dfa: Dfa): Uint8Array {
  let good = coReachableHeld.get(dfa);
  if (!good) {
    good = coReachableOf(dfa);
    coReachableHeld.set(dfa, good);
  }
  return good;
}

/**
 * coReachable's answers, one per DFA (a byte a state): the kernels ask it of the same automaton again
 * and again (a pass's candidates, once per piece and per product). Shared, so never written to.
 */
const coReachableHeld = new WeakMap<Dfa, Uint8Array>();

function coReachableOf(dfa: Dfa): Uint8Array {
  const k = dfa.alphabetSize;
  const n = dfa.stateCount;
  const delta = dfa.delta;
  const good = new Uint8Array(n);
  const sink = sinks(dfa);
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n * k; i++) if (!sink[delta[i]!]) start[delta[i]! + 1]!++;
  for (let t = 0; t < n; t++) start[t + 1]! += start[t]!;
  const from = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  for (let s = 0, i = 0; s < n; s++) {
    for (let a = 0; a < k; a++, i++) {
      const t = delta[i]!;
      if (!sink[t]) from[fill[t]!++] = s;
    }
  }
  for (let s = 0; s < n; s++) if (dfa.output[s] !== 0) good[s] = 1;
  return closeBackward(start, from, good);
}

/** The rejecting states whose every letter loops, flagged. */
function sinks(dfa: Dfa): Uint8Array {
  const k = dfa.alphabetSize;
  const n = dfa.stateCount;
  const sink = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (dfa.output[s] !== 0) continue;
    let loops = true;
    for (let a = 0; a < k && loops; a++) loops = dfa.delta[s * k + a] === s;
    if (loops) sink[s] = 1;
  }
  return sink;
}
