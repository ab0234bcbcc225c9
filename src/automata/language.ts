/**
 * Operations on regular languages and on Moore machines read backwards: concatenation, Kleene
 * star, left and right quotients (acceptors, output ≠ 0 accepts), and the reversal of a DFAO, the
 * machine that reads the input backwards and gives the same output (Walnut's `reverse` of a word
 * automaton). All results are minimised.
 */
import { limitDefault } from '../core/limits.js';
import { buildDfa } from './build.js';
import { Dfa } from './dfa.js';
import { minimise } from './minimise.js';
import { determinise, EPSILON, Nfa } from './nfa.js';
import { backwardReachable } from './reach.js';

/** Copies the acceptor view of `dfa` into `edges`/`accepting` from index `offset`. */
function copyInto(dfa: Dfa, offset: number, edges: number[][], accepting: number[]): void {
  const k = dfa.alphabetSize;
  for (let s = 0; s < dfa.stateCount; s++) {
    const list: number[] = [];
    for (let a = 0; a < k; a++) list.push(a, offset + dfa.next(s, a));
    edges.push(list);
    accepting.push(dfa.output[s] !== 0 ? 1 : 0);
  }
}

/**
 * L(a_1) L(a_2) ... L(a_n), all over one alphabet. ε-moves from the accepting states of each to the start of the next.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function concatenate(parts: readonly Dfa[], maxStates = limitDefault('languageStates')): Dfa {
  const k = parts[0]!.alphabetSize;
  const edges: number[][] = [];
  const accepting: number[] = [];
  const offsets: number[] = [];
  for (const d of parts) {
    offsets.push(edges.length);
    copyInto(d, edges.length, edges, accepting);
  }
  for (let i = 0; i + 1 < parts.length; i++) {
    const d = parts[i]!;
    for (let s = 0; s < d.stateCount; s++) {
      if (accepting[offsets[i]! + s]) edges[offsets[i]! + s]!.push(EPSILON, offsets[i + 1]! + parts[i + 1]!.start);
    }
  }
  // Only the last part's accepting states accept.
  const last = offsets[parts.length - 1]!;
  for (let s = 0; s < last; s++) accepting[s] = 0;
  const nfa = new Nfa(k, [offsets[0]! + parts[0]!.start], Uint8Array.from(accepting), edges);
  return minimise(determinise(nfa, { maxStates, limit: 'languageStates' }));
}

/**
 * L*: a new accepting start state (for ε), and ε-moves from accepting states back to the start.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function kleeneStar(dfa: Dfa, maxStates = limitDefault('languageStates')): Dfa {
  const edges: number[][] = [];
  const accepting: number[] = [];
  copyInto(dfa, 0, edges, accepting);
  const start = edges.length;
  edges.push([EPSILON, dfa.start]);
  accepting.push(1);
  for (let s = 0; s < dfa.stateCount; s++) if (accepting[s]) edges[s]!.push(EPSILON, start);
  return minimise(determinise(new Nfa(dfa.alphabetSize, [start], Uint8Array.from(accepting), edges), { maxStates, limit: 'languageStates' }));
}

/** States of a from which some word of L(b) leads to acceptance (product reachability). O(na nb k). */
function statesWithSuffixIn(a: Dfa, b: Dfa): Uint8Array {
  const k = a.alphabetSize;
  const na = a.stateCount;
  const nb = b.stateCount;
  // Good pairs (p, q): a from p and b from q accept a common word.
  const good = backwardReachable(
    na * nb,
    (edge) => {
      for (let p = 0; p < na; p++) for (let q = 0; q < nb; q++) for (let c = 0; c < k; c++) edge(p * nb + q, a.next(p, c) * nb + b.next(q, c));
    },
    (id) => a.output[Math.floor(id / nb)] !== 0 && b.output[id % nb] !== 0,
  );
  const out = new Uint8Array(na);
  for (let p = 0; p < na; p++) out[p] = good[p * nb + b.start]!;
  return out;
}

/**
 * L(a)/L(b) = {w : wu ∈ L(a) for some u ∈ L(b)}: a with the states that accept some suffix from L(b) accepting.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function rightQuotient(a: Dfa, b: Dfa): Dfa {
  const ok = statesWithSuffixIn(a, b);
  return minimise(new Dfa(a.alphabetSize, a.delta, Int32Array.from(ok), a.start));
}

/**
 * L(b)\L(a) = {w : uw ∈ L(a) for some u ∈ L(b)}: a started from the set of states reached on L(b).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function leftQuotient(a: Dfa, b: Dfa, maxStates = limitDefault('languageStates')): Dfa {
  const k = a.alphabetSize;
  const na = a.stateCount;
  const nb = b.stateCount;
  // Pairs reachable in the product; the a-states paired with an accepting b-state start the result.
  const seen = new Uint8Array(na * nb);
  const stack = [a.start * nb + b.start];
  seen[stack[0]!] = 1;
  const starts = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const p = Math.floor(id / nb);
    const q = id % nb;
    if (b.output[q] !== 0) starts.add(p);
    for (let c = 0; c < k; c++) {
      const t = a.next(p, c) * nb + b.next(q, c);
      if (!seen[t]) {
        seen[t] = 1;
        stack.push(t);
      }
    }
  }
  const edges: number[][] = [];
  const accepting: number[] = [];
  copyInto(a, 0, edges, accepting);
  return minimise(determinise(new Nfa(k, [...starts], Uint8Array.from(accepting), edges), { maxStates, limit: 'languageStates' }));
}

/**
 * The DFAO that reads words backwards: after reading u backwards, its state is the partition of the
 * states q of `dfa` by the output of δ(q, u) (one subset per output value), and its output is the
 * class of the start state. O(2^n) in the worst case, capped by maxStates.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function reverseMoore(dfa: Dfa, maxStates = limitDefault('languageStates')): Dfa {
  const k = dfa.alphabetSize;
  const n = dfa.stateCount;
  // A state of the result: the output class of every original state (an Int32Array of length n).
  const reversed = buildDfa<Int32Array>(
    k,
    Int32Array.from(dfa.output),
    (cls) => cls.join(','),
    (cls, a) => {
      const next = new Int32Array(n);
      for (let q = 0; q < n; q++) next[q] = cls[dfa.next(q, a)]!;
      return next;
    },
    (cls) => cls[dfa.start]!,
    maxStates,
    'reversing a word automaton',
    'languageStates',
  );
  return minimise(reversed);
}

/**
 * {w : a^n w ∈ L for some n}: start from every state reachable on a* (Walnut's fixleadzero with a = the zero letter).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function withLeadingLetter(dfa: Dfa, a: number, maxStates = limitDefault('languageStates')): Dfa {
  const starts = [dfa.start];
  for (let s = dfa.next(dfa.start, a); !starts.includes(s); s = dfa.next(s, a)) starts.push(s);
  const nfa = Nfa.fromDfa(dfa);
  return minimise(determinise(new Nfa(nfa.alphabetSize, starts, nfa.accepting, nfa.edges), { maxStates, limit: 'languageStates' }));
}

/**
 * {w : w a^n ∈ L for some n}: a state accepts when a* leads to acceptance (Walnut's fixtrailzero).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function withTrailingLetter(dfa: Dfa, a: number): Dfa {
  const out = Int32Array.from({ length: dfa.stateCount }, (_, s0) => {
    const seen = new Set<number>();
    for (let s = s0; !seen.has(s); s = dfa.next(s, a)) {
      if (dfa.output[s] !== 0) return 1;
      seen.add(s);
    }
    return 0;
  });
  return minimise(new Dfa(dfa.alphabetSize, dfa.delta, out, dfa.start));
}

/** L ∪ {ε}: a fresh accepting start state with the old start's transitions. O(n k). */
export function withEmptyWord(dfa: Dfa, accept = true): Dfa {
  const k = dfa.alphabetSize;
  const n = dfa.stateCount;
  const delta = new Int32Array((n + 1) * k);
  delta.set(dfa.delta);
  for (let a = 0; a < k; a++) delta[n * k + a] = dfa.next(dfa.start, a);
  const output = Int32Array.from([...dfa.output, accept ? 1 : 0]);
  return minimise(new Dfa(k, delta, output, n));
}
