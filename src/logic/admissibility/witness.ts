/**
 * Stage 4 of the direct admissibility engine, the search for a bad position (deciding-game-invariance,
 * Lemma 12): a p outside P whose every move to q ∈ P is a difference of two elements of P. Few
 * candidates are checked one by one (isBad); else E(p, q) is built and the subset construction of
 * ∃q E(p, q) stops at the first bad p.
 */
import type { Dfa } from '../../automata/dfa.js';
import { finiteLanguage } from '../../automata/finite-language.js';
import { minimise } from '../../automata/minimise.js';
import { determiniseTable } from '../../automata/nfa.js';
import { projectSecond } from '../../automata/pair-letters.js';
import { complement, shortestWitness } from '../../automata/ops.js';
import { AdderGuess, SumProduct } from '../../numeration/adders.js';
import { coReachable } from '../../numeration/build.js';
import type { NumerationSystem } from '../../numeration/system.js';
import { letterDigits } from '../tuple-automata.js';
import { differenceMember, differencesBy } from './differences.js';
import { type DirectOptions, FEW_CANDIDATES, nfaLimits, subsetLimits } from './options.js';

/** The search's verdict: the witness (a packed word) if any, and the figures of E(p, q) and the search. */
export interface BadSearch {
  pairNfa: number;
  pairSubsets: number;
  pairs: number;
  subsets: number;
  largest: number;
  witness: number[] | undefined;
}

/**
 * The bad position among the candidates R, if any. When R is a finite language of at most
 * FEW_CANDIDATES words, each is checked move by move: every move looked up in P - P's automaton when
 * it was built (`built`), else decided by differenceMember; else, unless R is empty, E(p, q) against
 * the complement of P - P (`whole` builds it).
 */
export function witnessSearch(P: Dfa, R: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, built: Dfa | undefined, whole: () => Dfa): BadSearch {
  const none = { pairNfa: 0, pairSubsets: 0, pairs: 0, largest: 0 };
  const few = finiteLanguage(R, FEW_CANDIDATES);
  if (few) {
    options.log?.('candidates checked one by one', few.length);
    const member = few.length > 0 ? (built ? differencesBy(built, sys, n) : differenceMember(P, sys, n, options.signal)) : undefined;
    return { ...none, subsets: few.length, witness: few.find((w) => isBad(P, member!, sys, n, w)) };
  }
  if (shortestWitness(R) === undefined) return { ...none, subsets: 0, witness: undefined };
  return searchBadPosition(P, complement(whole()), R, sys, n, options);
}

/**
 * The search for a bad position among the candidates R (Lemma 12), in two projections with a
 * minimisation between: first E(p, q) = R(p) ∧ P(q) ∧ ∃m (q + m = p ∧ allowed(m)) over the letters
 * pL + K qL (m is guessed digit by digit; it is unique, so the subsets stay small), determinised and
 * minimised; then the subset construction of ∃q E(p, q) runs alongside R and stops at the first p in
 * R whose subset holds no accepting state (no allowed move to P).
 */
function searchBadPosition(P: Dfa, allowed: Dfa, R: Dfa, sys: NumerationSystem, n: number, options: DirectOptions): BadSearch {
  const b = sys.base;
  const K = b ** n;
  // q + m = p: q and p read, m guessed from the live choices and read by `allowed`.
  const E = new SumProduct('E(p, q)', new AdderGuess(sys, 'y'), n, P, allowed, R);
  options.log?.('candidates R before the search', R.stateCount);
  const pairNfa = E.nfa(K * K, (qL, pL) => pL + K * qL, nfaLimits(options));
  options.log?.('NFA of E(p,q)', pairNfa.stateCount);
  const pairSub = determiniseTable(pairNfa, subsetLimits(options, 'bad'));
  options.log?.('subsets of E(p,q)', pairSub.states);
  const Emin = minimise(pairSub.dfa!);
  options.log?.('E(p,q) minimal', Emin.stateCount);
  // ∃q: read p, guess q among the letters that keep E alive.
  const moveNfa = projectSecond(Emin, K, K, nfaLimits(options));
  const sub = determiniseTable(moveNfa, {
    ...subsetLimits(options, 'bad'),
    companion: R,
    stop: (tag, accepting) => R.output[tag] !== 0 && !accepting,
    companionLive: coReachable(R),
  });
  return {
    pairNfa: pairNfa.stateCount,
    pairSubsets: pairSub.states,
    pairs: Emin.stateCount,
    subsets: sub.states,
    largest: Math.max(pairSub.largestSubset, sub.largestSubset),
    witness: sub.witness,
  };
}

/**
 * Whether the position p (its packed word) is bad (Lemma 12): every q in P with q <= p has p - q in
 * P - P (`inDifferences`). The q are enumerated on P's automaton over words as long as p's: for greedy
 * expansions of equal length the lexicographic order is the numeric order, so q <= p is checked digit
 * by digit.
 */
export function isBad(P: Dfa, inDifferences: (m: readonly bigint[]) => boolean, sys: NumerationSystem, n: number, word: readonly number[]): boolean {
  const b = sys.base;
  const dig = letterDigits(b, n);
  const L = word.length;
  const liveP = coReachable(P);
  const pVal = Array.from({ length: n }, (_, c) => sys.value(word.map((l) => dig[l * n + c]!)));
  const q: number[] = [];
  const admissibleMove = () => !inDifferences(Array.from({ length: n }, (_, c) => pVal[c]! - sys.value(q.map((l) => dig[l * n + c]!))));
  // Depth-first over q's letters; tight = the coordinates still equal to p's prefix.
  const search = (s: number, depth: number, tight: number): boolean => {
    if (depth === L) return P.output[s] !== 0 && admissibleMove();
    for (let qL = 0; qL < b ** n; qL++) {
      let t = tight;
      let ok = true;
      for (let c = 0; c < n && ok; c++) {
        if (!(tight & (1 << c))) continue;
        const qd = dig[qL * n + c]!;
        const pd = dig[word[depth]! * n + c]!;
        if (qd > pd) ok = false;
        else if (qd < pd) t &= ~(1 << c);
      }
      if (!ok) continue;
      const s2 = P.next(s, qL);
      if (!liveP[s2]) continue;
      q.push(qL);
      const found = search(s2, depth + 1, t);
      q.pop();
      if (found) return true;
    }
    return false;
  };
  return !search(P.start, 0, (1 << n) - 1);
}
