/**
 * Automata on tuples of n tracks of one base-b msd system, letters packed x_0 + b x_1 + ... (digit c of
 * letter L is digits[L*n + c]), and on pairs of tuples, letters xL + K yL with K = b^n.
 */
import { Dfa } from '../automata/dfa.js';
import type { TableNfa } from '../automata/nfa.js';

/** The digits of every packed letter of n tracks in base b: digits[L*n + c]. */
export function letterDigits(b: number, n: number): Int32Array {
  const K = b ** n;
  const out = new Int32Array(K * n);
  for (let L = 0; L < K; L++) for (let c = 0, r = L; c < n; c++, r = Math.floor(r / b)) out[L * n + c] = r % b;
  return out;
}

/**
 * msd padding: the states reachable from the starts by whole zero letters (zeros on every kept track),
 * a letter being `digits` steps of letter 0 when the NFA reads one digit at a time (src/logic/serial.ts).
 */
export function withZeroPadding(nfa: TableNfa, digits = 1): TableNfa {
  const seen = new Uint8Array(nfa.stateCount);
  const starts = [...nfa.starts];
  for (const s of starts) seen[s] = 1;
  for (let i = 0; i < starts.length; i++) {
    let layer = [starts[i]!];
    for (let d = 0; d < digits; d++) {
      const next = new Set<number>();
      for (const s of layer) for (let e = nfa.edgeStart[s]!; e < nfa.edgeStart[s + 1]! && nfa.letter[e] === 0; e++) next.add(nfa.succ[e]!);
      layer = [...next];
    }
    for (const t of layer) {
      if (!seen[t]) {
        seen[t] = 1;
        starts.push(t);
      }
    }
  }
  return { ...nfa, starts: Int32Array.from(starts) };
}

/** The automaton read with its tracks permuted: track c of the result is track perm[c] of dfa. */
export function permuteTracks(dfa: Dfa, b: number, n: number, perm: readonly number[]): Dfa {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const map = new Int32Array(K);
  for (let L = 0; L < K; L++) {
    let old = 0;
    for (let c = n - 1; c >= 0; c--) old = old * b + dig[L * n + perm.indexOf(c)]!;
    map[L] = old;
  }
  return Dfa.from(dfa.stateCount, K, (s, L) => dfa.next(s, map[L]!), (s) => dfa.output[s]!, dfa.start);
}

export function permutationsOf(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutationsOf(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/** x_0 <= x_1 <= ... <= x_{n-1} on n tracks, msd first (state: which adjacent pairs are already strict). */
export function sortedTuples(b: number, n: number): Dfa {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const pairs = n - 1;
  const dead = 1 << pairs;
  return Dfa.from(
    dead + 1,
    K,
    (s, L) => {
      if (s === dead) return dead;
      let t = s;
      for (let c = 0; c < pairs; c++) {
        if (s & (1 << c)) continue;
        const x = dig[L * n + c]!;
        const y = dig[L * n + c + 1]!;
        if (x > y) return dead;
        if (x < y) t |= 1 << c;
      }
      return t;
    },
    (s) => (s === dead ? 0 : 1),
  );
}

/** A DFA over n-track letters read on one side of the pair letters xL + K yL (side 0: x, side 1: y). */
export function onSide(dfa: Dfa, K: number, side: 0 | 1): Dfa {
  const letter = side === 0 ? (L: number) => L % K : (L: number) => Math.floor(L / K);
  return Dfa.from(dfa.stateCount, K * K, (s, L) => dfa.next(s, letter(L)), (s) => dfa.output[s]!, dfa.start);
}

/**
 * One digit of coordinatewise comparisons of equal-length greedy expansions, msd first (so the
 * lexicographic order is the numeric order): two bits per coordinate, bit 0 "x < y decided", bit 1
 * "x > y decided".
 */
export function compareStep(state: number, x: Int32Array, y: Int32Array, n: number): number {
  let t = state;
  for (let c = 0; c < n; c++) {
    if ((t >> (2 * c)) & 3) continue;
    if (x[c]! < y[c]!) t |= 1 << (2 * c);
    else if (x[c]! > y[c]!) t |= 2 << (2 * c);
  }
  return t;
}

/** Whether a comparison state can still end, or has ended, with x <= y in every coordinate. */
export function noneGreater(state: number, n: number): boolean {
  for (let c = 0; c < n; c++) if (((state >> (2 * c)) & 3) === 2) return false;
  return true;
}

/** Whether a comparison state says x < y in every coordinate. */
export function allLess(state: number, n: number): boolean {
  for (let c = 0; c < n; c++) if (((state >> (2 * c)) & 3) !== 1) return false;
  return true;
}
