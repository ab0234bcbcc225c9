/** The words of a DFA's language when there are few of them. */
import type { Dfa } from './dfa.js';
import { coReachable } from './reach.js';

/**
 * The words of the DFA's language without leading zero letters, shortlex, when there are at most
 * `limit` of them; undefined when there are more or infinitely many (a cycle other than the zero
 * loop on the start state among states that reach acceptance), or when leading zeros leave the start.
 * O(states × letters) for the cycle check, then O(limit × length × letters).
 */
export function finiteLanguage(dfa: Dfa, limit: number): number[][] | undefined {
  const K = dfa.alphabetSize;
  const good = coReachable(dfa);
  if (!good[dfa.start]) return [];
  if (dfa.next(dfa.start, 0) !== dfa.start) return undefined;
  // Acyclic check on good states, ignoring the start's zero loop (iterative DFS, colours).
  const colour = new Uint8Array(dfa.stateCount);
  const stack: [number, number][] = [[dfa.start, 0]];
  colour[dfa.start] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const [s, a] = top;
    if (a === K) {
      colour[s] = 2;
      stack.pop();
      continue;
    }
    top[1] = a + 1;
    if (s === dfa.start && a === 0) continue;
    const t = dfa.next(s, a);
    if (!good[t]) continue;
    if (colour[t] === 1) return undefined;
    if (colour[t] === 0) {
      colour[t] = 1;
      stack.push([t, 0]);
    }
  }
  const out: number[][] = [];
  let layer: [number, number[]][] = [[dfa.start, []]];
  while (layer.length > 0) {
    const next: [number, number[]][] = [];
    for (const [s, w] of layer) {
      if (w.length > 0 && dfa.output[s] !== 0) {
        out.push(w);
        if (out.length > limit) return undefined;
      }
      for (let a = w.length === 0 ? 1 : 0; a < K; a++) {
        const t = dfa.next(s, a);
        if (good[t]) next.push([t, [...w, a]]);
      }
      if (next.length > 50 * limit) return undefined;
    }
    layer = next;
  }
  return out;
}
