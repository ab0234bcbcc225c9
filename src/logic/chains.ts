/**
 * Chains of a symmetric set P ⊆ N^n, for choosing moves to P (deciding-game-invariance, Lemma 12).
 * When the sorted elements of P form a chain 0 = t_0 < t_1 < t_2 < ... (strict in every coordinate,
 * as for Wythoff's, Fraenkel's, the Tribonacci and the Raleigh games), P is the union of the permuted
 * chains π(t_j), and the elements of chain π below a position p form a prefix of it. The k-th element
 * from the top of each prefix is then a definable target q(p), one per permutation: checking the moves
 * p - q(p) needs no quantifier over all of P, only over the successor in the chain, which is unique.
 */
import { Dfa } from '../automata/dfa.js';
import { limitDefault } from '../core/limits.js';
import { minimise } from '../automata/minimise.js';
import { determiniseTable, type TableNfa } from '../automata/nfa.js';
import { LiveDfa, TupleProduct } from '../automata/tuple-product.js';
import { complement, intersection, shortestWitness } from '../automata/ops.js';
import { coReachable } from '../numeration/build.js';
import type { NumerationSystem } from '../numeration/system.js';
import { nfaLimits } from './admissibility/options.js';
import { deserialise, pairOrder, serialise } from './serial.js';
import { compareStep, allLess, letterDigits, noneGreater, onSide, permutationsOf, sortedTuples, withZeroPadding } from './tuple-automata.js';
import type { Stop } from '../core/stop.js';

export interface ChainLimits {
  maxNfaStates?: number;
  maxSubsets?: number;
  signal?: Stop;
  /**
   * Build Top_π one digit at a time (default true), or over the pair letters (false). Its NFA guesses
   * Next(u) beside p and u: b^(3n) letter combinations a state when packed (1.95 M for G_4).
   */
  serialTops?: boolean;
}

/**
 * The minimal DFA of an NFA given by exploreNfa, with msd zero padding by whole zero letters of
 * `padding` digits each when `padding` > 0 (1 for packed letters).
 */
function determinised(nfa: TableNfa, limits: ChainLimits, padding = 0): Dfa {
  const sub = determiniseTable(padding > 0 ? withZeroPadding(nfa, padding) : nfa, {
    maxStates: limits.maxSubsets ?? limitDefault('subsets'),
    ...(limits.signal ? { signal: limits.signal } : {}),
  });
  return minimise(sub.dfa!);
}

/** Over the pair letters tL + K uL: t compared with u coordinatewise; `accept` judges the final state. */
function pairComparison(b: number, n: number, accept: (state: number) => boolean): Dfa {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const [t, u] = [new Int32Array(n), new Int32Array(n)];
  return Dfa.from(
    1 << (2 * n),
    K * K,
    (s, L) => {
      for (let c = 0; c < n; c++) {
        t[c] = dig[(L % K) * n + c]!;
        u[c] = dig[Math.floor(L / K) * n + c]!;
      }
      return compareStep(s, t, u, n);
    },
    (s) => (accept(s) ? 1 : 0),
  );
}

/**
 * Next(t, u) over the pair letters tL + K uL: t and u sorted elements of P, u the next one after t
 * (the least first coordinate above t's). Undefined when the sorted elements are not a chain (some
 * later element is not above t in every coordinate).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function chainSuccessor(S: Dfa, sys: NumerationSystem, n: number, limits: ChainLimits = {}): Dfa | undefined {
  const b = sys.base;
  const K = b ** n;
  const dig = letterDigits(b, n);
  const both = minimise(intersection(onSide(S, K, 0), onSide(S, K, 1)));
  const firstLess = (s: number) => (s & 3) === 1;
  const later = minimise(intersection(both, pairComparison(b, n, firstLess)));
  // A chain: every later sorted element is above in every coordinate.
  const notAbove = intersection(later, pairComparison(b, n, (s) => !allLess(s, n)));
  if (shortestWitness(notAbove) !== undefined) return undefined;
  // ∃w ∈ S with t_0 < w_0 < u_0 (w < u, so w is no longer than the pair): guess w digit by digit.
  // (S on w, two comparisons of first coordinates, two bits each: t_0 vs w_0, w_0 vs u_0).
  const Sl = new LiveDfa(S);
  const between = new TupleProduct('the elements between', [Sl, 16]);
  const { from: s, to: x } = between;
  const nfa = between.explore(
    K * K,
    [[S.start, 0]],
    (emit) => {
      for (let wL = 0; wL < K; wL++) {
        x[0] = Sl.next(s[0]!, wL);
        if (x[0] < 0) continue;
        const w0 = dig[wL * n]!;
        for (let L = 0; L < K * K; L++) {
          const t0 = dig[(L % K) * n]!;
          const u0 = dig[Math.floor(L / K) * n]!;
          let tw = s[1]! & 3;
          let wu = s[1]! >> 2;
          if (tw === 0) tw = t0 < w0 ? 1 : t0 > w0 ? 2 : 0;
          if (wu === 0) wu = w0 < u0 ? 1 : w0 > u0 ? 2 : 0;
          if (tw === 2 || wu === 2) continue;
          x[1] = tw | (wu << 2);
          emit(L);
        }
      }
    },
    { ...nfaLimits(limits), accepting: (tuple) => tuple[1] === (1 | (1 << 2)) },
  );
  return minimise(intersection(later, complement(determinised(nfa, limits))));
}

/**
 * Top_π(p, u) over the pair letters pL + K uL: u is the last sorted element with π(u) <= p (π(u)_i =
 * u_{π(i)}), i.e. π(u) <= p and π(Next(u)) is not. Next(u) may be longer than p: msd zero padding.
 */
function chainTop(next: Dfa, sys: NumerationSystem, n: number, perm: readonly number[], limits: ChainLimits): Dfa {
  const b = sys.base;
  const K = b ** n;
  const dig = letterDigits(b, n);
  const Nl = new LiveDfa(next);
  const half = 1 << (2 * n);
  // (Next on (u, Next(u)), π(u) compared with p, π(Next(u)) compared with p: compareStep states).
  const top = new TupleProduct('Top_π', [Nl, half, half]);
  const { from: s, to: t } = top;
  const [p, u, v] = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
  const nfa = top.explore(
    K * K,
    [[next.start, 0, 0]],
    (emit) => {
      for (let uL = 0; uL < K; uL++) {
        for (let c = 0; c < n; c++) u[c] = dig[uL * n + perm[c]!]!;
        for (let vL = 0; vL < K; vL++) {
          t[0] = Nl.next(s[0]!, uL + K * vL);
          if (t[0] < 0) continue;
          for (let c = 0; c < n; c++) v[c] = dig[vL * n + perm[c]!]!;
          for (let pL = 0; pL < K; pL++) {
            for (let c = 0; c < n; c++) p[c] = dig[pL * n + c]!;
            t[1] = compareStep(s[1]!, u, p, n);
            if (!noneGreater(t[1], n)) continue;
            t[2] = compareStep(s[2]!, v, p, n);
            emit(pL + K * uL);
          }
        }
      }
    },
    { ...nfaLimits(limits), accepting: (tuple) => !noneGreater(tuple[2]!, n) },
  );
  return determinised(nfa, limits, 1);
}

/**
 * The same Top_π(p, u) built one digit at a time: the n digits of p are read first and kept in the
 * state, then u_j (read) with Next(u)_j (guessed) for j = 0..n-1, each compared with p_c where
 * π(c) = j. Then packed back to the pair letters pL + K uL.
 */
function serialChainTop(next: Dfa, sys: NumerationSystem, n: number, perm: readonly number[], limits: ChainLimits): Dfa {
  const b = sys.base;
  const K = b ** n;
  const Ns = serialise(next, b, pairOrder(b, n));
  const Nl = new LiveDfa(Ns);
  const half = 1 << (2 * n);
  const phases = 2 * n;
  // p's coordinate compared with u's coordinate j.
  const against = new Int32Array(n);
  perm.forEach((j, c) => (against[j] = c));
  const weight = Array.from({ length: n }, (_, c) => b ** c);
  // (Next, the digit read in the letter, p read so far, below, above): below compares π(u) with p,
  // above compares π(Next(u)) with p, two bits a coordinate (compareStep).
  const top = new TupleProduct('Top_π', [Nl, phases, K, half, half]);
  const { from: s, to: t } = top;
  const nfa = top.explore(
    b,
    [[next.start, 0, 0, 0, 0]],
    (emit) => {
      const x = s[0]!;
      const phase = s[1]!;
      const pRead = s[2]!;
      const below = s[3]!;
      const above = s[4]!;
      const after = (phase + 1) % phases;
      t[1] = after;
      if (phase < n) {
        for (let d = 0; d < b; d++) {
          t[2] = pRead + d * weight[phase]!;
          emit(d);
        }
        return;
      }
      const j = phase - n;
      const c = against[j]!;
      const pc = Math.floor(pRead / weight[c]!) % b;
      const shift = 2 * c;
      t[2] = after === 0 ? 0 : pRead;
      for (let u = 0; u < b; u++) {
        const x1 = Nl.next(x, u);
        if (x1 < 0) continue;
        let below2 = below;
        if (((below >> shift) & 3) === 0 && u !== pc) {
          if (u > pc) continue;
          below2 |= 1 << shift;
        }
        t[3] = below2;
        for (let v = 0; v < b; v++) {
          t[0] = Nl.next(x1, v);
          if (t[0] < 0) continue;
          let above2 = above;
          if (((above >> shift) & 3) === 0 && v !== pc) above2 |= (v < pc ? 1 : 2) << shift;
          t[4] = above2;
          emit(u);
        }
      }
    },
    { ...nfaLimits(limits), accepting: (tuple) => tuple[1] === 0 && !noneGreater(tuple[4]!, n) },
  );
  return minimise(deserialise(determinised(nfa, limits, phases), b, pairOrder(b, n, true)));
}

/** ∃u: left(p, u) ∧ Next(t, u), over the pair letters pL + K tL (u <= p in size, so no padding). */
function stepDown(left: Dfa, next: Dfa, b: number, n: number, limits: ChainLimits): Dfa {
  const K = b ** n;
  const [Ll, Nl] = [new LiveDfa(left), new LiveDfa(next)];
  const step = new TupleProduct('the step down', [Ll, Nl]);
  const { from: s, to: t } = step;
  const nfa = step.explore(
    K * K,
    [[left.start, next.start]],
    (emit) => {
      for (let uL = 0; uL < K; uL++) {
        for (let pL = 0; pL < K; pL++) {
          t[0] = Ll.next(s[0]!, pL + K * uL);
          if (t[0] < 0) continue;
          for (let tL = 0; tL < K; tL++) {
            t[1] = Nl.next(s[1]!, tL + K * uL);
            if (t[1] >= 0) emit(pL + K * tL);
          }
        }
      }
    },
    nfaLimits(limits),
  );
  return determinised(nfa, limits);
}

/** The pair automaton read with q = π(t) on its second side: letter pL + K qL goes to pL + K tL. */
function permuteSecondSide(dfa: Dfa, b: number, n: number, perm: readonly number[]): Dfa {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const map = new Int32Array(K);
  for (let qL = 0; qL < K; qL++) {
    // q_c = t_{perm[c]}, so t_{perm[c]} takes digit c of q.
    const t = new Array<number>(n);
    for (let c = 0; c < n; c++) t[perm[c]!] = dig[qL * n + c]!;
    map[qL] = t.reduceRight((acc, d) => acc * b + d, 0);
  }
  return Dfa.from(dfa.stateCount, K * K, (s, L) => dfa.next(s, (L % K) + K * map[Math.floor(L / K)]!), (s) => dfa.output[s]!, dfa.start);
}

/**
 * Layers 0..depth-1 of the permuted chains below p, over the pair letters pL + K qL (p sorted when
 * `sortedP`), given the chain's successor automaton (chainSuccessor): layers[k][i] holds the pairs
 * (p, q) with q = π_i(t_j) k-th from the top of chain π_i's prefix below p, one automaton per
 * permutation π_i (so each is a function of p). O(depth · n!) determinisations of NFAs over the successor
 * automaton; each guess is unique, so the subsets stay small.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function chainLayers(next: Dfa, sys: NumerationSystem, n: number, depth: number, sortedP: boolean, limits: ChainLimits = {}): Dfa[][] {
  const layer = chainLayerMaker(next, sys, n, sortedP, limits);
  return Array.from({ length: depth }, (_, k) => permutationsOf(n).map((_, i) => layer(k, i)));
}

/**
 * chainLayers one layer at a time, each built when first asked for (layer k of chain i, i indexing
 * permutationsOf(n)) and kept: the passes stop once few candidates are left, before the later chains
 * (the Tribonacci game needs three of its six, whose tops were a twentieth of its decision).
 */
export function chainLayerMaker(next: Dfa, sys: NumerationSystem, n: number, sortedP: boolean, limits: ChainLimits = {}): (k: number, i: number) => Dfa {
  const b = sys.base;
  const K = b ** n;
  const perms = permutationsOf(n);
  const top = limits.serialTops ?? true ? serialChainTop : chainTop;
  // tops[k][i]: chain i's k-th element down from the top, over the pair letters before π_i is applied.
  const tops: Dfa[][] = [];
  const built = new Map<number, Dfa>();
  let pSorted: Dfa | undefined;
  const topOf = (k: number, i: number): Dfa => {
    tops[k] ??= [];
    tops[k][i] ??= k === 0 ? top(next, sys, n, perms[i]!, limits) : stepDown(topOf(k - 1, i), next, b, n, limits);
    return tops[k][i];
  };
  return (k, i) => {
    const key = k * perms.length + i;
    let layer = built.get(key);
    if (!layer) {
      const permuted = permuteSecondSide(topOf(k, i), b, n, perms[i]!);
      if (sortedP) pSorted ??= onSide(sortedTuples(b, n), K, 0);
      layer = minimise(pSorted ? intersection(permuted, pSorted) : permuted);
      built.set(key, layer);
    }
    return layer;
  };
}

/**
 * The largest step of a chain in any coordinate, over its first `count` or more sorted elements (those
 * whose expansions are no longer than the shortest length that gives that many: a prefix of the chain,
 * as it rises in every coordinate). Only a guide for choosing which moves to tabulate: every use stays
 * sound whatever it returns.
 */
export function largestChainStep(sorted: Dfa, sys: NumerationSystem, n: number, count = 200): number {
  const K = sorted.alphabetSize;
  const dig = letterDigits(sys.base, n);
  const live = coReachable(sorted);
  const word: number[] = [];
  let elements: bigint[][] = [];
  // Padded to `length` letters: every element whose expansions fit.
  const walk = (s: number, length: number): void => {
    if (word.length === length) {
      if (sorted.output[s] !== 0) elements.push(Array.from({ length: n }, (_, c) => sys.value(word.map((L) => dig[L * n + c]!))));
      return;
    }
    for (let L = 0; L < K; L++) {
      const t = sorted.next(s, L);
      if (!live[t]) continue;
      word.push(L);
      walk(t, length);
      word.pop();
    }
  };
  for (let length = 1; length <= 64 && elements.length < count; length++) {
    elements = [];
    walk(sorted.start, length);
  }
  elements.sort((x, y) => (x[0]! < y[0]! ? -1 : x[0]! > y[0]! ? 1 : 0));
  let step = 1n;
  for (let k = 1; k < elements.length; k++) {
    for (let c = 0; c < n; c++) {
      const d = elements[k]![c]! - elements[k - 1]![c]!;
      if (d > step) step = d;
    }
  }
  return Number(step);
}
