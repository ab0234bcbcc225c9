/**
 * Stage 1 of the direct admissibility engine: P - P within N^n (deciding-game-invariance, Theorem
 * 23's φ), the moves between two elements of P, as a DFA over the tracks of m; and one move's
 * membership in it without that DFA (differenceMember).
 */
import { Dfa } from '../../automata/dfa.js';
import { minimise } from '../../automata/minimise.js';
import { determiniseTable, type TableNfa } from '../../automata/nfa.js';
import { projectSecond } from '../../automata/pair-letters.js';
import { product } from '../../automata/ops.js';
import { AdderGuess, SumProduct } from '../../numeration/adders.js';
import type { NumerationSystem } from '../../numeration/system.js';
import { deserialise, digitsRead, serialise, tupleOrder } from '../serial.js';
import { permuteTracks, withZeroPadding } from '../tuple-automata.js';
import { type DirectOptions, nfaLimits, subsetLimits } from './options.js';
import type { Shape } from './shape.js';
import type { Stop } from '../../core/stop.js';

/** P - P with the figures of its two projections (NFA, subsets and minimal F(m, i), subsets of the result). */
export interface Differences {
  nfa: number;
  pairSubsets: number;
  pairs: number;
  subsets: number;
  largest: number;
  dfa: Dfa;
}

/**
 * P - P (∩ near, a set closed under permuting coordinates, when given), using the symmetry of P
 * when it has it: i ranges over the sorted elements of P only (i = σ(i') gives j - i = σ(σ⁻¹j - i')),
 * and the result is closed under permuting coordinates.
 */
export function differences(P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, shape: Shape, near?: Dfa): Differences {
  const build = options.serialDifferences ?? true ? serialDifferenceDfa : differenceDfa;
  if (!shape.sorted) return build(P, P, sys, n, options, false, near);
  // A chain's elements are determined by their first coordinate: F(m, i) needs no more of i.
  const base = build(shape.sorted, P, sys, n, options, shape.next !== undefined, near);
  let dfa = base.dfa;
  for (const perm of shape.perms) dfa = minimise(product(dfa, permuteTracks(base.dfa, sys.base, n, perm), (x, y) => (x !== 0 || y !== 0 ? 1 : 0)));
  return { ...base, dfa };
}

/** The automaton of every m (n tracks, msd) when there is no `near`. */
const everyMove = (letters: number) => Dfa.from(1, letters, () => 0, () => 1);

/**
 * P - P as a DFA over the tracks of m, in two projections with a minimisation between: F(m, i) =
 * I(i) ∧ ∃j (i + m = j ∧ P(j)) over the letters mL + K iL (j is guessed digit by digit among the
 * digits the adders leave alive; it is unique, so the subsets stay small), determinised and
 * minimised; then ∃i F(m, i). Never tabulates the 3n-track alphabet. With `firstOnly` (the elements
 * of I are determined by their first coordinate, as a chain's are), F keeps only i's first track, the
 * others guessed: b times as many letters as m has instead of b^n times. With `near` (a DFA over m's
 * tracks), only the differences m it accepts: P - P ∩ near.
 */
function differenceDfa(I: Dfa, P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, firstOnly = false, near?: Dfa): Differences {
  const b = sys.base;
  const K = b ** n;
  const Ki = firstOnly ? b : K;
  // i + m = j: i and m read, j guessed from the live choices.
  const F = new SumProduct('F(m, i)', new AdderGuess(sys, 'z'), n, I, P, near ?? everyMove(K));
  const pairNfa = F.nfa(K * Ki, (iL, mL) => mL + K * (firstOnly ? iL % b : iL), nfaLimits(options));
  options.log?.('NFA of F(m,i)', pairNfa.stateCount);
  // ∃i: read m, guess i; i may be longer than m, so start after any run of letters with m = 0.
  const r = projectDifferences(pairNfa, K, Ki, withZeroPadding, options);
  return { ...r, dfa: minimise(r.dfa) };
}

/**
 * The same P - P built one digit at a time (src/logic/serial.ts): F(m, i) over the letters
 * m_c + b i_c, coordinate by coordinate (with `firstOnly`, i_c is read at c = 0 only and guessed after,
 * its letter part 0), I, P and near read one digit at a time, j_c guessed through coordinate c's adder;
 * then ∃i, with msd padding by whole zero letters, and packed back to letters of m.
 */
function serialDifferenceDfa(I: Dfa, P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, firstOnly = false, near?: Dfa): Differences {
  const b = sys.base;
  const order = tupleOrder(b, n);
  const sum = new AdderGuess(sys, 'z');
  const [Is, Ps, Ns] = [I, P, near ?? everyMove(b ** n)].map((d) => serialise(d, b, order)) as [Dfa, Dfa, Dfa];
  // i_c + m_c = j_c: i_c and m_c read, j_c guessed through coordinate c's adder.
  const F = new SumProduct('F(m, i)', sum, n, Is, Ps, Ns, digitsRead(Is, I.stateCount, n));
  const pairNfa = F.nfa(b * b, (i, m, c) => m + b * (!firstOnly || c === 0 ? i : 0), nfaLimits(options));
  options.log?.('NFA of F(m,i) (one digit at a time)', pairNfa.stateCount);
  const r = projectDifferences(pairNfa, b, b, (nfa) => withZeroPadding(nfa, n), options);
  return { ...r, dfa: minimise(deserialise(minimise(r.dfa), b, order)) };
}

/**
 * ∃i F(m, i) from the NFA of F over the letters mL + mLetters iL: F determinised and minimised, then
 * i projected, msd padding by `pad`, determinised. Figures of both stages for the verdict.
 */
function projectDifferences(pairNfa: TableNfa, mLetters: number, iLetters: number, pad: (nfa: TableNfa) => TableNfa, options: DirectOptions): Differences {
  const pairSub = determiniseTable(pairNfa, subsetLimits(options, 'differences'));
  options.log?.('subsets of F(m,i)', pairSub.states);
  const F = minimise(pairSub.dfa!);
  options.log?.('F(m,i) minimal', F.stateCount);
  const projected = projectSecond(F, mLetters, iLetters, nfaLimits(options));
  const sub = determiniseTable(pad(projected), subsetLimits(options, 'differences'));
  options.log?.('subsets of P - P', sub.states);
  return {
    nfa: pairNfa.stateCount,
    pairSubsets: pairSub.states,
    pairs: F.stateCount,
    subsets: sub.states,
    largest: Math.max(pairSub.largestSubset, sub.largestSubset),
    dfa: sub.dfa!,
  };
}

/** The packed msd word of a tuple of values, as long as its longest expansion (zero padding). */
export function tupleWord(sys: NumerationSystem, n: number, values: readonly bigint[]): number[] {
  const reps = values.map((v) => sys.represent(v));
  const len = Math.max(0, ...reps.map((r) => r.length));
  const out: number[] = [];
  for (let k = 0; k < len; k++) {
    let letter = 0;
    for (let c = n - 1; c >= 0; c--) letter = letter * sys.base + (reps[c]![k - (len - reps[c]!.length)] ?? 0);
    out.push(letter);
  }
  return out;
}

/** Membership in P - P read off its automaton. */
export function differencesBy(D: Dfa, sys: NumerationSystem, n: number): (m: readonly bigint[]) => boolean {
  return (m) => D.accepts(tupleWord(sys, n, m));
}

/**
 * Membership of one move m in P - P without the automaton of P - P: is there i in P with i + m in P?
 * A search over (P's state on i, P's state on j = i + m, how much of m is read, the adders' states,
 * a SumProduct): i and j may be longer than m, so m is read after any number of zero letters. O(|P|² |adder|^n |m|)
 * states at most; in practice the states of P on i and j move in step and few are reached.
 */
export function differenceMember(P: Dfa, sys: NumerationSystem, n: number, signal?: Stop): (m: readonly bigint[]) => boolean {
  const sum = new AdderGuess(sys, 'z');
  const K = sys.base ** n;
  return (m) => {
    const word = tupleWord(sys, n, m);
    const L = word.length;
    // m's word after any number of zero letters (i and j may be longer): states 0..L, L + 1 dead. The
    // first letter of a non-empty word is not 0 (the longest expansion leads with a non-zero digit).
    const M = Dfa.from(L + 2, K, (k, mL) => (k === 0 && mL === 0 ? 0 : k < L && mL === word[k] ? k + 1 : L + 1), (k) => (k === L ? 1 : 0));
    return new SumProduct('the search for i and i + m in P', sum, n, P, P, M).reaches(signal ? { signal } : {});
  };
}
