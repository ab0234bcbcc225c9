/**
 * Boolean operations, products, projection, emptiness with a shortest witness and equivalence with
 * a counterexample. Products and searches build only the reachable part.
 */
import { InputError, InterruptedError } from '../core/errors.js';
import { type LimitName, limitDefault } from '../core/limits.js';
import { Dfa } from './dfa.js';
import { KeyInterner } from './interner.js';
import { atLeast } from './grow.js';
import { POLL_WORK } from './poll.js';
import { EPSILON, Nfa } from './nfa.js';
import { coReachable } from './reach.js';
import { checkKeySpace, quotient } from './tuple-product.js';
import type { Stop } from '../core/stop.js';

export interface ProductOptions {
  /** The row of core/limits.ts the cap belongs to (a caller with its own cap names its own; default productStates). */
  limit?: LimitName;
  /** Read every POLL_WORK transitions built. */
  signal?: Stop;
}

function sameAlphabet(a: { alphabetSize: number }, b: { alphabetSize: number }): void {
  if (a.alphabetSize !== b.alphabetSize) {
    throw new InputError(`automata over different alphabets (${a.alphabetSize} and ${b.alphabetSize} letters)`);
  }
}

/**
 * The product machine: reads both automata in step, outputs combine(outA, outB). Reachable pairs
 * only. O(nA nB k) time and states; throws LimitError past maxStates pairs (default: the productStates
 * row of core/limits.ts), and InterruptedError (partial: the pairs built) once `signal` is raised.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function product(
  a: Dfa,
  b: Dfa,
  combine: (outA: number, outB: number) => number,
  maxStates = limitDefault('productStates'),
  options: ProductOptions = {},
): Dfa {
  sameAlphabet(a, b);
  const nb = b.stateCount;
  return exploreKeys(
    a.alphabetSize,
    [a.start * nb + b.start],
    (key, c) => a.next(Math.floor(key / nb), c) * nb + b.next(key % nb, c),
    (key) => combine(a.output[Math.floor(key / nb)]!, b.output[key % nb]!),
    maxStates,
    options,
  );
}

/**
 * The DFA whose states are the keys reached from `seeds` by `step(key, letter)`, numbered as they are
 * met (the seeds first, the last seed the start), with outputs `outputOf(key)`: the loop every product
 * here shares. Typed and growable: products of millions of states over 64 letters pass what a plain
 * array holds. Throws LimitError past maxStates and InterruptedError (partial: the states built) once
 * `signal` is raised.
 */
function exploreKeys(
  k: number,
  seeds: readonly number[],
  step: (key: number, letter: number) => number,
  outputOf: (key: number) => number,
  maxStates: number,
  options: ProductOptions,
): Dfa {
  const { limit = 'productStates', signal } = options;
  const keys = new KeyInterner(maxStates, 'product', limit);
  let start = 0;
  for (const seed of seeds) start = keys.intern(seed);
  // Grown from empty by atLeast, which refuses past the memory budget: a large alphabet must not cost 1024 rows up front.
  let delta = new Int32Array(0);
  let work = 0;
  for (let i = 0; i < keys.count; i++) {
    if ((work += k) >= POLL_WORK) {
      work = 0;
      if (signal?.aborted) throw new InterruptedError({ states: keys.count });
    }
    if ((i + 1) * k > delta.length) delta = atLeast(delta, (i + 1) * k);
    const key = keys.keys[i]!;
    for (let c = 0; c < k; c++) delta[i * k + c] = keys.intern(step(key, c));
  }
  const output = Int32Array.from(keys.keys.subarray(0, keys.count), outputOf);
  return new Dfa(k, delta.slice(0, keys.count * k), output, start);
}

/**
 * L(a) ∩ L(b) over the pairs of live states only (states from which some word is accepted), every
 * other pair one sink: the same language as `intersection`, and the same DFA once minimised. A plain
 * product keeps each pair (dead, live) it reaches, as many as the live states of one side; for the
 * layer passes' projections (tens of millions of states on one side) that is most of the product.
 */
export function liveIntersection(a: Dfa, b: Dfa, maxStates = limitDefault('productStates'), options: ProductOptions = {}): Dfa {
  return liveProduct(a, b, 'and', maxStates, options);
}

/** L(a) ∪ L(b) with the dead states of each side merged into one (and a pair of dead ones the sink): as `union` once minimised. */
export function liveUnion(a: Dfa, b: Dfa, maxStates = limitDefault('productStates'), options: ProductOptions = {}): Dfa {
  return liveProduct(a, b, 'or', maxStates, options);
}

/**
 * The product for ∩ or ∪ over live states: a dead state of either side stands for all of them (the
 * index nA or nB), and a pair whose language is empty (either side dead for ∩, both for ∪) is the
 * sink, state 0 (key 0); another pair (p, q) has key 1 + p (nB + 1) + q.
 */
function liveProduct(a: Dfa, b: Dfa, mode: 'and' | 'or', maxStates: number, options: ProductOptions): Dfa {
  sameAlphabet(a, b);
  const [na, nb] = [a.stateCount, b.stateCount];
  checkKeySpace(`the pairs of the ${mode === 'and' ? 'intersection' : 'union'}`, na + 1, nb + 1);
  const [liveA, liveB] = [coReachable(a), coReachable(b)];
  const keyOf = (p: number, q: number): number => {
    const [pl, ql] = [p !== na && liveA[p] === 1, q !== nb && liveB[q] === 1];
    if (mode === 'and' ? !(pl && ql) : !(pl || ql)) return 0;
    return 1 + (pl ? p : na) * (nb + 1) + (ql ? q : nb);
  };
  const outA = (p: number) => (p === na ? 0 : a.output[p]!);
  const outB = (q: number) => (q === nb ? 0 : b.output[q]!);
  return exploreKeys(
    a.alphabetSize,
    // The sink first (state 0), then the start.
    [0, keyOf(a.start, b.start)],
    (key, c) => {
      if (key === 0) return 0;
      const p = Math.floor((key - 1) / (nb + 1));
      const q = (key - 1) % (nb + 1);
      // A dead side stays dead whatever it reads.
      return keyOf(p === na ? na : a.next(p, c), q === nb ? nb : b.next(q, c));
    },
    (key) => {
      if (key === 0) return 0;
      const [x, y] = [outA(Math.floor((key - 1) / (nb + 1))) !== 0, outB((key - 1) % (nb + 1)) !== 0];
      return (mode === 'and' ? x && y : x || y) ? 1 : 0;
    },
    maxStates,
    options,
  );
}

/**
 * Whether L(a) ⊆ L(b): the pairs of states reached by reading both from their starts are searched for
 * one where a accepts and b does not, and pairs where a is dead are not followed. No table is built,
 * so a small a against a large b costs about the pairs reached (the layer passes ask it of pieces of
 * a few thousand states against one of fourteen million). LimitError past maxStates pairs, or when the
 * pairs cannot be packed into keys.
 */
export function includedIn(a: Dfa, b: Dfa, maxStates = limitDefault('productStates')): boolean {
  sameAlphabet(a, b);
  const nb = b.stateCount;
  checkKeySpace('the pairs of the inclusion', a.stateCount, nb);
  const liveA = coReachable(a);
  if (!liveA[a.start]) return true;
  const pairs = new KeyInterner(maxStates, 'pairs of the inclusion', 'productStates');
  pairs.intern(a.start * nb + b.start);
  for (let i = 0; i < pairs.count; i++) {
    const key = pairs.keys[i]!;
    const p = quotient(key, nb);
    const q = key - p * nb;
    if (a.output[p] !== 0 && b.output[q] === 0) return false;
    for (let c = 0; c < a.alphabetSize; c++) {
      const p2 = a.next(p, c);
      if (liveA[p2]) pairs.intern(p2 * nb + b.next(q, c));
    }
  }
  return true;
}

/**
 * L(a) ∩ L(b). O(nA nB k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function intersection(a: Dfa, b: Dfa): Dfa {
  return product(a, b, (x, y) => (x !== 0 && y !== 0 ? 1 : 0));
}

/**
 * L(a) ∪ L(b). O(nA nB k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function union(a: Dfa, b: Dfa): Dfa {
  return product(a, b, (x, y) => (x !== 0 || y !== 0 ? 1 : 0));
}

/**
 * L(a) \ L(b). O(nA nB k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function difference(a: Dfa, b: Dfa): Dfa {
  return product(a, b, (x, y) => (x !== 0 && y === 0 ? 1 : 0));
}

/**
 * The complement of L(a) within all words (the DFA is complete). O(n).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function complement(a: Dfa): Dfa {
  return a.mapOutput((o) => (o !== 0 ? 0 : 1));
}

/**
 * The shortlex-least word leading to a state with wanted(state), or undefined when there is none
 * (emptiness). Breadth-first with letters ascending. O(n k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function shortestWitness(dfa: Dfa, wanted: (state: number) => boolean = (s) => dfa.output[s] !== 0): number[] | undefined {
  const n = dfa.stateCount;
  if (n === 0) return undefined;
  const parent = new Int32Array(n).fill(-1);
  const via = new Int32Array(n);
  const seen = new Uint8Array(n);
  const queue = [dfa.start];
  seen[dfa.start] = 1;
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    if (wanted(s)) {
      const word: number[] = [];
      for (let t = s; t !== dfa.start; t = parent[t]!) word.push(via[t]!);
      return word.reverse();
    }
    for (let a = 0; a < dfa.alphabetSize; a++) {
      const t = dfa.next(s, a);
      if (!seen[t]) {
        seen[t] = 1;
        parent[t] = s;
        via[t] = a;
        queue.push(t);
      }
    }
  }
  return undefined;
}

/**
 * Whether the acceptor accepts no word. O(n k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function isEmpty(dfa: Dfa): boolean {
  return shortestWitness(dfa) === undefined;
}

/**
 * A shortest word on which the two machines give different outputs, or undefined when they are
 * equivalent (as Moore machines, so also as acceptors). O(nA nB k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function counterexample(a: Dfa, b: Dfa): number[] | undefined {
  return shortestWitness(product(a, b, (x, y) => (x !== y ? 1 : 0)));
}

/**
 * A shortest accepted word of an NFA (fewest letters; ε-moves are free), or undefined when the
 * language is empty. 0-1 breadth-first search. O(states + edges).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function nfaShortestWitness(nfa: Nfa): number[] | undefined {
  const n = nfa.stateCount;
  const dist = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const via = new Int32Array(n);
  const deque: number[] = [];
  let head = 0;
  // A simple 0-1 BFS: ε-successors go to the front (processed before the next layer).
  const front: number[] = [];
  for (const s of nfa.starts) {
    if (dist[s] === -1) {
      dist[s] = 0;
      deque.push(s);
    }
  }
  const settled = new Uint8Array(n);
  while (front.length > 0 || head < deque.length) {
    const s = front.length > 0 ? front.pop()! : deque[head++]!;
    if (settled[s]) continue;
    settled[s] = 1;
    if (nfa.accepting[s]) {
      const word: number[] = [];
      for (let t = s; parent[t] !== -1; t = parent[t]!) if (via[t] !== EPSILON) word.push(via[t]!);
      return word.reverse();
    }
    const list = nfa.edges[s]!;
    for (let i = 0; i < list.length; i += 2) {
      const a = list[i]!;
      const t = list[i + 1]!;
      const d = dist[s]! + (a === EPSILON ? 0 : 1);
      if (settled[t] || (dist[t] !== -1 && dist[t]! <= d)) continue;
      dist[t] = d;
      parent[t] = s;
      via[t] = a;
      if (a === EPSILON) front.push(t);
      else deque.push(t);
    }
  }
  return undefined;
}

/**
 * Relabels every edge by `map` (EPSILON erases the letter): the projection of a multi-track
 * automaton onto some of its tracks, or any letter-to-letter morphism. O(edges).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function project(nfa: Nfa, alphabetSize: number, map: (letter: number) => number): Nfa {
  const edges = nfa.edges.map((list) => {
    const out: number[] = [];
    for (let i = 0; i < list.length; i += 2) out.push(list[i] === EPSILON ? EPSILON : map(list[i]!), list[i + 1]!);
    return out;
  });
  return new Nfa(alphabetSize, nfa.starts, nfa.accepting, edges);
}
