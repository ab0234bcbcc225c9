/**
 * Walnut's `test` and `inf` commands: the accepted inputs of a predicate's automaton, one word per
 * tuple (leading zeros of msd tracks, trailing zeros of lsd tracks dropped, as Walnut does), listed
 * in shortlex order, and whether there are infinitely many of them (with a regular expression of an
 * infinite family when there are).
 */
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { product } from '../automata/ops.js';
import { coReachable } from '../numeration/build.js';
import type { Predicate } from './predicate.js';
import { letterDigits } from './walnut-format.js';

/**
 * The predicate's acceptor cut to one word per tuple: the empty word (the all-zero tuple) or a word
 * whose first letter is non-zero on some msd track or whose last letter is non-zero on some lsd
 * track. With a track that is not arithmetic nothing is cut (Walnut's removeLeadingZeroes).
 */
export function withoutPadding(p: Predicate): Dfa {
  const acceptor = p.dfa.mapOutput((o) => (o !== 0 ? 1 : 0));
  if (p.tracks.some((t) => !t.system)) return minimise(acceptor);
  const K = acceptor.alphabetSize;
  const msdNonZero = new Uint8Array(K);
  const lsdNonZero = new Uint8Array(K);
  for (let L = 0; L < K; L++) {
    letterDigits(p.tracks, L).forEach((d, i) => {
      if (d === 0) return;
      if (p.tracks[i]!.system!.msd) msdNonZero[L] = 1;
      else lsdNonZero[L] = 1;
    });
  }
  // States: 0 = nothing read; 1 + 2·(first letter non-zero on an msd track) + (last letter non-zero on an lsd track).
  const filter = Dfa.from(
    5,
    K,
    (s, L) => 1 + 2 * (s === 0 ? msdNonZero[L]! : (s - 1) >> 1) + lsdNonZero[L]!,
    (s) => (s === 0 || s > 1 ? 1 : 0),
  );
  return minimise(product(acceptor, filter, (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
}

/** The states from which an accepting state can be reached and that the start reaches (the trimmed automaton). */
function liveStates(dfa: Dfa): Uint8Array {
  const co = coReachable(dfa);
  const live = new Uint8Array(dfa.stateCount);
  for (const s of dfa.reachable()) if (co[s]) live[s] = 1;
  return live;
}

/** A letter as Walnut's `test` prints it: a bare digit 0-9 on one track, else `[d1, d2]`. */
export function testLetter(p: Predicate, L: number): string {
  const ds = letterDigits(p.tracks, L);
  return ds.length === 1 && ds[0]! >= 0 && ds[0]! <= 9 ? String(ds[0]) : `[${ds.join(', ')}]`;
}

/** A letter as Walnut's `inf` prints it: always bracketed. */
function infLetter(p: Predicate, L: number): string {
  return `[${letterDigits(p.tracks, L).join(', ')}]`;
}

/**
 * The first `count` accepted words of `dfa` in shortlex order (by length, then by letter index
 * ascending, the first track varying fastest), as letter lists. Words of length r are walked only
 * through states that accept something in exactly the remaining letters, so each word found costs
 * O(r |Σ|); the walk stops past the longest word when the language is finite.
 */
export function firstAccepted(dfa: Dfa, count: number): number[][] {
  const K = dfa.alphabetSize;
  const n = dfa.stateCount;
  const live = liveStates(dfa);
  const infinite = hasCycle(dfa, live);
  const liveCount = live.reduce((a, b) => a + b, 0);
  const out: number[][] = [];
  if (!live[dfa.start]) return out;
  // within[r][s]: s reaches an accepting state in exactly r letters.
  const within: Uint8Array[] = [Uint8Array.from(dfa.output, (o, s) => (o !== 0 && live[s] ? 1 : 0))];
  for (let len = 0; out.length < count && (infinite || len < liveCount); len++) {
    while (within.length <= len) {
      const prev = within[within.length - 1]!;
      const next = new Uint8Array(n);
      for (let s = 0; s < n; s++) {
        if (!live[s]) continue;
        for (let L = 0; L < K && !next[s]; L++) if (prev[dfa.next(s, L)]) next[s] = 1;
      }
      within.push(next);
    }
    if (!within[len]![dfa.start]) continue;
    const word: number[] = [];
    const walk = (s: number, rest: number): void => {
      if (rest === 0) {
        out.push([...word]);
        return;
      }
      for (let L = 0; L < K && out.length < count; L++) {
        const t = dfa.next(s, L);
        if (!within[rest - 1]![t]) continue;
        word.push(L);
        walk(t, rest - 1);
        word.pop();
      }
    };
    walk(dfa.start, len);
  }
  return out;
}

/** Whether the live part of the automaton has a cycle (iterative colouring DFS). */
function hasCycle(dfa: Dfa, live: Uint8Array): boolean {
  return cycleState(dfa, live) >= 0;
}

/** Strongly connected components by Tarjan's algorithm, iteratively; comp[s] = -1 for dead states. */
function components(dfa: Dfa, live: Uint8Array): Int32Array {
  const n = dfa.stateCount;
  const K = dfa.alphabetSize;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  let counter = 0;
  let comps = 0;
  for (let root = 0; root < n; root++) {
    if (!live[root] || index[root] !== -1) continue;
    const frames: [number, number][] = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [s, L] = frame;
      if (L < K) {
        frame[1]++;
        const t = dfa.next(s, L);
        if (!live[t]) continue;
        if (index[t] === -1) {
          index[t] = low[t] = counter++;
          stack.push(t);
          onStack[t] = 1;
          frames.push([t, 0]);
        } else if (onStack[t]) low[s] = Math.min(low[s]!, index[t]!);
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]![0];
        low[parent] = Math.min(low[parent]!, low[s]!);
      }
      if (low[s] === index[s]) {
        let t: number;
        do {
          t = stack.pop()!;
          onStack[t] = 0;
          comp[t] = comps;
        } while (t !== s);
        comps++;
      }
    }
  }
  return comp;
}

/** The first live state, in breadth-first order from the start, that lies on a cycle; -1 when none does. */
function cycleState(dfa: Dfa, live: Uint8Array): number {
  const comp = components(dfa, live);
  const size = new Map<number, number>();
  for (const c of comp) if (c >= 0) size.set(c, (size.get(c) ?? 0) + 1);
  for (const s of breadthFirst(dfa, live)) {
    if (size.get(comp[s]!)! > 1) return s;
    for (let L = 0; L < dfa.alphabetSize; L++) if (dfa.next(s, L) === s) return s;
  }
  return -1;
}

/** The live states in breadth-first order from the start, letters ascending. */
function breadthFirst(dfa: Dfa, live: Uint8Array): number[] {
  if (!live[dfa.start]) return [];
  const seen = new Uint8Array(dfa.stateCount);
  const order = [dfa.start];
  seen[dfa.start] = 1;
  for (let i = 0; i < order.length; i++) {
    for (let L = 0; L < dfa.alphabetSize; L++) {
      const t = dfa.next(order[i]!, L);
      if (live[t] && !seen[t]) {
        seen[t] = 1;
        order.push(t);
      }
    }
  }
  return order;
}

/** A shortest word (letters ascending on ties) from `from` to a state with `goal`, through live states; [] when from is one. */
function shortestPath(dfa: Dfa, live: Uint8Array, from: number, goal: (s: number) => boolean): number[] {
  if (goal(from)) return [];
  const prev = new Int32Array(dfa.stateCount).fill(-1);
  const letter = new Int32Array(dfa.stateCount);
  const seen = new Uint8Array(dfa.stateCount);
  seen[from] = 1;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    for (let L = 0; L < dfa.alphabetSize; L++) {
      const t = dfa.next(s, L);
      if (!live[t] || seen[t]) continue;
      seen[t] = 1;
      prev[t] = s;
      letter[t] = L;
      if (goal(t)) {
        const word: number[] = [];
        for (let u = t; u !== from; u = prev[u]!) word.push(letter[u]!);
        return word.reverse();
      }
      queue.push(t);
    }
  }
  throw new Error('internal: no path in a live automaton');
}

/**
 * Walnut's `inf`: undefined when the predicate accepts finitely many tuples, else a regular
 * expression prefix(cycle)*suffix of infinitely many accepted words, letters written `[d1, d2]`:
 * the cycle goes through the first state (breadth-first) on a cycle, the prefix and the suffix are
 * shortest paths to it and from it to acceptance.
 */
export function infiniteFamily(p: Predicate): string | undefined {
  const dfa = withoutPadding(p);
  const live = liveStates(dfa);
  const s = cycleState(dfa, live);
  if (s < 0) return undefined;
  const word = (w: number[]) => w.map((L) => infLetter(p, L)).join('');
  const prefix = shortestPath(dfa, live, dfa.start, (t) => t === s);
  const cycle = shortestCycle(dfa, live, s);
  const suffix = shortestPath(dfa, live, s, (t) => dfa.output[t] !== 0);
  return `${word(prefix)}(${word(cycle)})*${word(suffix)}`;
}

/** A shortest non-empty word from s back to s through live states (s lies on a cycle). */
function shortestCycle(dfa: Dfa, live: Uint8Array, s: number): number[] {
  for (let L = 0; L < dfa.alphabetSize; L++) if (dfa.next(s, L) === s) return [L];
  const prev = new Int32Array(dfa.stateCount).fill(-1);
  const letter = new Int32Array(dfa.stateCount);
  const seen = new Uint8Array(dfa.stateCount);
  const queue: number[] = [];
  for (let L = 0; L < dfa.alphabetSize; L++) {
    const t = dfa.next(s, L);
    if (!live[t] || seen[t]) continue;
    seen[t] = 1;
    letter[t] = L;
    queue.push(t);
  }
  for (let i = 0; i < queue.length; i++) {
    const u = queue[i]!;
    for (let L = 0; L < dfa.alphabetSize; L++) {
      const t = dfa.next(u, L);
      if (t === s) {
        const word = [L];
        for (let v = u; v !== -1; v = prev[v]!) word.push(letter[v]!);
        return word.reverse();
      }
      if (!live[t] || seen[t]) continue;
      seen[t] = 1;
      prev[t] = u;
      letter[t] = L;
      queue.push(t);
    }
  }
  throw new Error('internal: no cycle through a state on a cycle');
}

/**
 * Walnut's `test NAME n`: the first n accepted tuples as words (one per tuple, see withoutPadding),
 * shortlex. Unlike Walnut, which starts at words of one letter, the all-zero tuple (the empty word)
 * is listed too, written as one zero letter (ε when a track is not arithmetic).
 */
export function testWords(p: Predicate, count: number): string[] {
  const dfa = withoutPadding(p);
  const zero = letterIndexOfZero(p);
  const arithmetic = p.tracks.length > 0 && p.tracks.every((t) => t.system);
  return firstAccepted(dfa, count).map((w) => (w.length === 0 ? (arithmetic ? testLetter(p, zero) : 'ε') : w.map((L) => testLetter(p, L)).join('')));
}

/** The letter with digit 0 on every track (letter index 0 on arithmetic tracks, where it always is). */
function letterIndexOfZero(p: Predicate): number {
  let L = 0;
  let w = 1;
  for (const t of p.tracks) {
    const i = t.system ? 0 : Math.max(0, t.alphabet!.indexOf(0));
    L += i * w;
    w *= t.system ? t.system.base : t.alphabet!.length;
  }
  return L;
}
