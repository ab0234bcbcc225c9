/**
 * 1-admissibility decided by logic (deciding-game-invariance, Lemma 12 and Theorem 23): P is
 * 1-admissible iff every position p not in P has a move to some x in P that is not a difference of
 * two elements of P. Both P - P and that sentence are first-order in <N, +, V_U> when P is
 * U-recognizable, so the engine decides them; a counterexample is the least position in the
 * shortlex order of its expansions.
 */
import { InputError, LimitError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { checkKeySpace, determiniseTable, exploreNfa, type TableNfa } from '../automata/nfa.js';
import { existsMinimal } from '../automata/projection.js';
import { fingerprint } from '../automata/bytes.js';
import { complement, counterexample, product, shortestWitness } from '../automata/ops.js';
import { buildDfa, coReachable } from '../numeration/build.js';
import type { NumerationSystem } from '../numeration/system.js';
import { Compiler, type Library, type WordAutomaton } from './compile.js';
import { parseFormula } from './parser.js';
import { type Limits, Predicate, radixOf, type Track, validityOf } from './predicate.js';
import { chainLayers, chainSuccessor } from './chains.js';
import { deserialise, pairOrder, serialise, tupleOrder } from './serial.js';
import { compareStep, letterDigits, noneGreater, permuteTracks, permutationsOf, sortedTuples, withZeroPadding } from './tuple-automata.js';

export interface LogicAdmissibility {
  admissible: boolean;
  /** A position not in P with no move to P outside P - P (the least one found), when not admissible. */
  witness?: bigint[];
  /** States of the automata built on the way: P, P - P (the moves H may not use), the bad set. */
  states: { p: number; differences: number; bad: number };
  /** Every intermediate automaton's state count, in order. */
  steps: { what: string; states: number }[];
}

export class OneShotLibrary implements Library {
  constructor(
    readonly preds: Map<string, Predicate>,
    readonly words: Map<string, WordAutomaton> = new Map(),
  ) {}
  predicate(name: string) {
    return this.preds.get(name);
  }
  word(name: string) {
    return this.words.get(name);
  }
}

/**
 * Decides whether the set P (a predicate on n tracks, all in one numeration system, containing 0)
 * is 1-admissible (Theorem 23). O(automata), which is a tower of exponentials in the worst case.
 */
export function admissibleByLogic(set: Predicate, limits: Limits = {}): LogicAdmissibility {
  const n = set.tracks.length;
  if (n === 0) throw new InputError('the set P must have at least one coordinate');
  const sys = set.tracks[0]!.system;
  if (!sys || set.tracks.some((t) => t.system !== sys)) throw new InputError('every coordinate of P must be read in the same numeration system');
  const lib = new OneShotLibrary(new Map([['P', set]]));
  const compiler = new Compiler(lib, limits);
  const v = (name: string) => Array.from({ length: n }, (_, i) => `${name}${i}`);
  const [i, m, p] = [v('i'), v('m'), v('p')];
  const prefix = `?${sys.name} `;
  // P - P within N^n (Theorem 23, the formula φ): m = j - i with i, j in P.
  const diffText = `${prefix}E${i.join(',')} $P(${i.join(',')}) & $P(${i.map((x, k) => `${x}+${m[k]}`).join(',')})`;
  const diff = compiler.formula(parseFormula(diffText));
  lib.preds.set('D', diff);
  // Positions outside P with no move to P that avoids P - P (the negation of ν).
  const badText =
    `${prefix}~$P(${p.join(',')}) & ~(E${m.join(',')} ${m.map((x, k) => `${x}<=${p[k]}`).join(' & ')} & ` +
    `$P(${p.map((x, k) => `${x}-${m[k]}`).join(',')}) & ~$D(${m.join(',')}))`;
  const bad = compiler.formula(parseFormula(badText));
  const word = shortestWitness(bad.dfa);
  const result: LogicAdmissibility = {
    admissible: word === undefined,
    states: { p: set.dfa.stateCount, differences: diff.dfa.stateCount, bad: bad.dfa.stateCount },
    steps: compiler.trace.steps,
  };
  if (word !== undefined) result.witness = decodeTuple(bad, word);
  return result;
}

/** The integers a word of packed letters stands for, one per track. */
export function decodeTuple(pred: Predicate, word: readonly number[]): bigint[] {
  const radices = pred.tracks.map(radixOf);
  const digits: number[][] = pred.tracks.map(() => []);
  for (const L of word) {
    let rest = L;
    radices.forEach((r, i) => {
      digits[i]!.push(rest % r);
      rest = Math.floor(rest / r);
    });
  }
  return pred.tracks.map((t, i) => (t.system ? t.system.value(digits[i]!) : BigInt(digits[i]!.length)));
}

/** The word of packed letters for a tuple of integers, padded to a common length (Definition 24). */
export function encodeTuple(tracks: readonly Track[], values: readonly (bigint | number)[]): number[] {
  const reps = tracks.map((t, i) => t.system!.represent(BigInt(values[i]!)));
  const len = Math.max(0, ...reps.map((r) => r.length));
  const radices = tracks.map(radixOf);
  const padded = reps.map((r, i) => {
    const zeros = new Array<number>(len - r.length).fill(0);
    return tracks[i]!.system!.msd ? [...zeros, ...r] : [...r, ...zeros];
  });
  const word: number[] = [];
  for (let k = 0; k < len; k++) {
    let L = 0;
    for (let i = tracks.length - 1; i >= 0; i--) L = L * radices[i]! + padded[i]![k]!;
    word.push(L);
  }
  return word;
}

/** Whether the tuple belongs to the set a predicate defines. */
export function holds(pred: Predicate, values: readonly (bigint | number)[]): boolean {
  return pred.dfa.accepts(encodeTuple(pred.tracks, values));
}

export interface DirectOptions {
  /** Most states of either NFA (default 30 000 000) and of either subset construction (default 5 000 000). */
  maxNfaStates?: number;
  maxSubsets?: number;
  signal?: AbortSignal;
  /**
   * Layer passes before the full search (default 1, 0 = none), when P is symmetric and its sorted
   * elements form a chain: try the moves to the top of each permuted chain below p, then to the next
   * element down, and so on for this many layers, each pass keeping only the candidates still without
   * an admissible move, then the move to 0. Sound whatever the depth; it pays where P - P is large.
   */
  layers?: number;
  /**
   * Most subsets of a layer pass's admissible moves read through the candidates (default 1 000 000);
   * past it the pass builds them without the candidates (see stuckOnChosen).
   */
  maxThroughCandidates?: number;
  /**
   * Build the layer passes' automata one digit at a time (src/logic/serial.ts; default true), or over
   * the packed pair letters (false): b letters instead of b^(2n) per table row. G_2 took 8 minutes
   * one digit at a time and 36 over its 729 pair letters; G_3's 4,096 pair letters ran out of memory.
   */
  serialMoves?: boolean;
  /** Build P - P one digit at a time too (default true), or over the letters (m, i) (false). */
  serialDifferences?: boolean;
  /**
   * Where finished stages are kept (P - P, the candidates after the axis pass and after each layer
   * pass), so that a rerun resumes after the last one: keys name P's automaton and the stage.
   */
  checkpoint?: StageStore;
  /** Told each automaton as it is finished: what it is and its state count (a trace for profiling). */
  log?: (what: string, states: number) => void;
  /** Progress of the current stage: (stage, subsets built, subsets expanded). */
  onProgress?: (stage: 'differences' | 'bad', built: number, expanded: number) => void;
}

/** A key-value store of automata for the stages of a long run (src/logic/checkpoint.ts keeps them in a directory). */
export interface StageStore {
  load(stage: string): Dfa | undefined;
  save(stage: string, dfa: Dfa): void;
}

export interface DirectAdmissibility {
  admissible: boolean;
  witness?: bigint[];
  states: {
    /** The minimal automaton of P. */
    p: number;
    /**
     * F(m, i) (i and i + m in P): its NFA (guessing j) and minimal automaton; P - P: its subset and
     * minimal automata. All 0 when the layer passes left no candidate, so the whole of P - P was not needed.
     */
    differenceNfa: number;
    differencePairs: number;
    differenceSubsets: number;
    differences: number;
    /**
     * With the layer passes: P - P among the moves with a coordinate below `below` (layers × the
     * largest chain step), the only moves the passes try: the NFA of its F(m, i) and its minimal automaton.
     */
    near?: { below: number; nfa: number; states: number };
    /**
     * When no move with a zero coordinate lies in P - P: the minimal automaton of the candidates
     * with no such move to P (only they can be bad; 1 state = none).
     */
    axisStuck?: number;
    /**
     * After each layer pass (options.layers), then after the move to 0: the minimal automaton of the
     * candidates still without an admissible move (1 state = none left). When a pass leaves finitely
     * many, the rest is skipped: they are checked one by one (`badSearch` counts them), the move to 0
     * among their moves.
     */
    layerStuck?: number[];
    /** E(p, q) (q in P, p - q outside P - P): its NFA (guessing m), subset automaton and minimal automaton; 0 when not needed. */
    moveNfa: number;
    moveSubsets: number;
    moves: number;
    /** Pairs (state of "valid, not in P", subset of E's states) the search for a bad p visited. */
    badSearch: number;
    /** The largest subset met in either construction. */
    largestSubset: number;
  };
  /**
   * The stages read back from options.checkpoint instead of built: their minimal automata are
   * counted above, their NFA and subset counts are 0 (not measured in this run).
   */
  resumed?: string[];
  /** Milliseconds per stage. */
  times: { differences: number; bad: number };
}

/**
 * For a one-coordinate automaton over letters x + b y + b² z: for each state a and the digits (u, w)
 * on the known tracks, the live continuations (v, a') on the guessed track; `letter(u, v, w)` says
 * which tracks are known. Flat: pairs in data[start[(a*b + u)*b + w] .. start[... + 1]).
 */
function coordinateChoices(dfa: Dfa, live: Uint8Array, b: number, letter: (u: number, v: number, w: number) => number) {
  const n = dfa.stateCount;
  const start = new Int32Array(n * b * b + 1);
  const data: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let u = 0; u < b; u++) {
      for (let w = 0; w < b; w++) {
        for (let v = 0; v < b; v++) {
          const t = dfa.next(a, letter(u, v, w));
          if (live[t]) data.push(v, t);
        }
        start[(a * b + u) * b + w + 1] = data.length;
      }
    }
  }
  return { start, data: Int32Array.from(data) };
}

/**
 * Guesses one track through the n per-coordinate adders: adder c, in state a[c], reads the known
 * digits (u[c], w[c]) and its choices give the guessed digit and its next state (into a2[c]); done
 * is called once per combination with the guessed letter, a2 holding the adders' next states.
 */
function guessThroughAdders(
  ch: { start: Int32Array; data: Int32Array },
  b: number,
  n: number,
  a: Int32Array,
  u: Int32Array,
  w: Int32Array,
  a2: Int32Array,
  done: (letter: number) => void,
): void {
  const go = (c: number, letter: number, weight: number): void => {
    if (c === n) {
      done(letter);
      return;
    }
    const at = (a[c]! * b + u[c]!) * b + w[c]!;
    for (let e = ch.start[at]!; e < ch.start[at + 1]!; e += 2) {
      a2[c] = ch.data[e + 1]!;
      go(c + 1, letter + weight * ch.data[e]!, weight * b);
    }
  };
  go(0, 0, 1);
}

/**
 * x + y = z on three tracks (letters x + b y + b² z) with y a greedy expansion and x, z any digit
 * words: the zero normaliser on x + y - z times the validity automaton on y. Keeping y greedy makes
 * the move m = p - q unique (small subsets); x and z are read through P, which checks them.
 */
export function sumWithGreedySummand(sys: NumerationSystem): Dfa {
  const b = sys.base;
  const norm = zeroNormaliser(sys);
  const valid = sys.validity();
  const liveN = coReachable(norm);
  const liveV = coReachable(valid);
  return minimise(
    buildDfa<number>(
      b * b * b,
      norm.start + norm.stateCount * valid.start,
      String,
      (st, L) => {
        const x = L % b;
        const y = Math.floor(L / b) % b;
        const z = Math.floor(L / (b * b));
        const n2 = norm.next(st % norm.stateCount, x + y - z + b - 1);
        const v2 = valid.next(Math.floor(st / norm.stateCount), y);
        return liveN[n2] && liveV[v2] ? n2 + norm.stateCount * v2 : null;
      },
      (st) => (norm.output[st % norm.stateCount] && valid.output[Math.floor(st / norm.stateCount)] ? 1 : 0),
    ),
  );
}

/**
 * The zero normaliser of a Pisot system (section 5; the idea of NumerationSystem.addition without
 * the validity tracks): reads digits d in [-(b-1), 2(b-1)] msd first (letter d + b - 1) and accepts
 * iff Σ d_i U_i = 0. After a prefix with j digits still to come the prefix is worth Σ s_r U_{j+r}
 * (r < k), s updated by the companion matrix; states whose dominant component λ(s) = Σ s_r α^r
 * exceeds the bound can never return to 0 and are cut, which leaves finitely many. Reading x + y - z
 * one digit per track, it accepts x + y = z for any digit words, greedy or not.
 */
export function zeroNormaliser(sys: NumerationSystem): Dfa {
  const rec = sys.recurrence;
  const a = rec.coefficients;
  const k = rec.order;
  const b = sys.base;
  const { alpha } = rec.pisot();
  const bound = sys.carryBound(2 * (b - 1));
  const u0 = Array.from({ length: k }, (_, j) => rec.term(j));
  const pow = Array.from({ length: k }, (_, j) => alpha ** j);
  const raw = buildDfa<number[]>(
    3 * b - 2,
    new Array<number>(k).fill(0),
    (st) => st.join(','),
    (st, letter) => {
      const d = letter - (b - 1);
      const last = st[k - 1]!;
      const s = new Array<number>(k);
      s[0] = d + a[k - 1]! * last;
      for (let j = 1; j < k; j++) s[j] = st[j - 1]! + a[k - 1 - j]! * last;
      let lambda = 0;
      for (let j = 0; j < k; j++) lambda += s[j]! * pow[j]!;
      return Math.abs(lambda) > bound ? null : s;
    },
    (st) => {
      let val = 0n;
      for (let j = 0; j < k; j++) val += BigInt(st[j]!) * u0[j]!;
      return val === 0n ? 1 : 0;
    },
  );
  return minimise(raw);
}

/**
 * P - P within N^n (Theorem 23's φ) as a DFA over the tracks of m, in two projections with a
 * minimisation between: F(m, i) = I(i) ∧ ∃j (i + m = j ∧ P(j)) over the letters mL + K iL (j is
 * guessed digit by digit among the digits the adders leave alive; it is unique, so the subsets stay
 * small), determinised and minimised; then ∃i F(m, i). Never tabulates the 3n-track alphabet. With
 * `firstOnly` (the elements of I are determined by their first coordinate, as a chain's are), F keeps
 * only i's first track, the others guessed: b times as many letters as m has instead of b^n times.
 * With `near` (a DFA over m's tracks), only the differences m it accepts: P - P ∩ near.
 */
function differenceDfa(I: Dfa, P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, firstOnly = false, near?: Dfa) {
  const b = sys.base;
  const K = b ** n;
  const Ki = firstOnly ? b : K;
  const dig = letterDigits(b, n);
  const add = sys.addition();
  const liveA = coReachable(add);
  const liveI = coReachable(I);
  const liveP = coReachable(P);
  const N = near ?? Dfa.from(1, K, () => 0, () => 1);
  const liveN = coReachable(N);
  // i + m = j: i and m read, j guessed from the live choices.
  const ch = coordinateChoices(add, liveA, b, (i, j, m) => i + b * m + b * b * j);
  const nI = I.stateCount;
  const nP = P.stateCount;
  const nN = N.stateCount;
  const nA = add.stateCount;
  const a = new Int32Array(n);
  const a2 = new Int32Array(n);
  const iDig = new Int32Array(n);
  const mDig = new Int32Array(n);
  checkKeySpace('F(m, i)', nI, nP, nN, nA ** n);
  const startKey = I.start + nI * (P.start + nP * (N.start + nN * adderIndex(new Int32Array(n).fill(add.start), nA)));
  const expand = (key: number, emit: (letter: number, to: number) => void) => {
    const x = key % nI;
    let rest = (key - x) / nI;
    const y = rest % nP;
    rest = (rest - y) / nP;
    const z = rest % nN;
    rest = (rest - z) / nN;
    for (let c = 0; c < n; c++) {
      a[c] = rest % nA;
      rest = (rest - a[c]!) / nA;
    }
    for (let iL = 0; iL < K; iL++) {
      const x2 = I.next(x, iL);
      if (!liveI[x2]) continue;
      for (let c = 0; c < n; c++) iDig[c] = dig[iL * n + c]!;
      for (let mL = 0; mL < K; mL++) {
        const z2 = N.next(z, mL);
        if (!liveN[z2]) continue;
        for (let c = 0; c < n; c++) mDig[c] = dig[mL * n + c]!;
        guessThroughAdders(ch, b, n, a, iDig, mDig, a2, (jL) => {
          const y2 = P.next(y, jL);
          if (liveP[y2]) emit(mL + K * (firstOnly ? iDig[0]! : iL), x2 + nI * (y2 + nP * (z2 + nN * adderIndex(a2, nA))));
        });
      }
    }
  };
  const accept = (key: number) => {
    const x = key % nI;
    let rest = (key - x) / nI;
    const y = rest % nP;
    rest = (rest - y) / nP;
    const z = rest % nN;
    rest = (rest - z) / nN;
    if (!I.output[x] || !P.output[y] || !N.output[z]) return false;
    for (let c = 0; c < n; c++) {
      if (!add.output[rest % nA]) return false;
      rest = Math.floor(rest / nA);
    }
    return true;
  };
  const pairNfa = exploreNfa(K * Ki, [startKey], expand, accept, nfaLimits(options));
  options.log?.('NFA of F(m,i)', pairNfa.stateCount);
  // ∃i: read m, guess i; i may be longer than m, so start after any run of letters with m = 0.
  const r = projectDifferences(pairNfa, K, Ki, withZeroPadding, options);
  return { ...r, dfa: minimise(r.dfa) };
}

/**
 * ∃i F(m, i) from the NFA of F over the letters mL + mLetters iL: F determinised and minimised, then
 * i projected, msd padding by `pad`, determinised. Figures of both stages for the verdict.
 */
function projectDifferences(pairNfa: TableNfa, mLetters: number, iLetters: number, pad: (nfa: TableNfa) => TableNfa, options: DirectOptions) {
  const pairSub = determiniseTable(pairNfa, subsetLimits(options, 'differences'));
  options.log?.('subsets of F(m,i)', pairSub.states);
  const F = minimise(pairSub.dfa!);
  options.log?.('F(m,i) minimal', F.stateCount);
  const liveF = coReachable(F);
  const projected = exploreNfa(
    mLetters,
    [F.start],
    (s, emit) => {
      for (let mL = 0; mL < mLetters; mL++) {
        for (let iL = 0; iL < iLetters; iL++) {
          const t = F.next(s, mL + mLetters * iL);
          if (liveF[t]) emit(mL, t);
        }
      }
    },
    (s) => F.output[s] !== 0,
    nfaLimits(options),
  );
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

/**
 * The same P - P built one digit at a time (src/logic/serial.ts): F(m, i) over the letters
 * m_c + b i_c, coordinate by coordinate (with `firstOnly`, i_c is read at c = 0 only and guessed after,
 * its letter part 0), I, P and near read one digit at a time, j_c guessed through coordinate c's adder;
 * then ∃i, with msd padding by whole zero letters, and packed back to letters of m.
 */
function serialDifferenceDfa(I: Dfa, P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, firstOnly = false, near?: Dfa) {
  const b = sys.base;
  const order = tupleOrder(b, n);
  const add = sys.addition();
  const ch = coordinateChoices(add, coReachable(add), b, (i, j, m) => i + b * m + b * b * j);
  const [Is, Ps, Ns] = [I, P, near ?? Dfa.from(1, b ** n, () => 0, () => 1)].map((d) => serialise(d, b, order)) as [Dfa, Dfa, Dfa];
  const [liveI, liveP, liveN] = [coReachable(Is), coReachable(Ps), coReachable(Ns)];
  const coordinate = digitsRead(Is, I.stateCount, n);
  const [nI, nP, nN, nA] = [Is.stateCount, Ps.stateCount, Ns.stateCount, add.stateCount];
  checkKeySpace('F(m, i)', nI, nP, nN, nA ** n);
  const a = new Int32Array(n);
  const pairNfa = exploreNfa(
    b * b,
    [I.start + nI * (P.start + nP * (Ns.start + nN * adderIndex(new Int32Array(n).fill(add.start), nA)))],
    (key, emit) => {
      const x = key % nI;
      let rest = (key - x) / nI;
      const y = rest % nP;
      rest = (rest - y) / nP;
      const z = rest % nN;
      rest = (rest - z) / nN;
      for (let c = 0; c < n; c++) {
        a[c] = rest % nA;
        rest = (rest - a[c]!) / nA;
      }
      const c = coordinate[x]!;
      const keep = a[c]!;
      const readI = !firstOnly || c === 0;
      for (let i = 0; i < b; i++) {
        const x2 = Is.next(x, i);
        if (!liveI[x2]) continue;
        for (let m = 0; m < b; m++) {
          const z2 = Ns.next(z, m);
          if (!liveN[z2]) continue;
          const at = (keep * b + i) * b + m;
          for (let e = ch.start[at]!; e < ch.start[at + 1]!; e += 2) {
            const y2 = Ps.next(y, ch.data[e]!);
            if (!liveP[y2]) continue;
            a[c] = ch.data[e + 1]!;
            emit(m + b * (readI ? i : 0), x2 + nI * (y2 + nP * (z2 + nN * adderIndex(a, nA))));
          }
        }
      }
      a[c] = keep;
    },
    (key) => {
      const x = key % nI;
      let rest = (key - x) / nI;
      const y = rest % nP;
      rest = (rest - y) / nP;
      const z = rest % nN;
      rest = (rest - z) / nN;
      if (x >= I.stateCount || !Is.output[x] || !Ps.output[y] || !Ns.output[z]) return false;
      for (let c = 0; c < n; c++, rest = Math.floor(rest / nA)) if (!add.output[rest % nA]) return false;
      return true;
    },
    nfaLimits(options),
  );
  options.log?.('NFA of F(m,i) (one digit at a time)', pairNfa.stateCount);
  const r = projectDifferences(pairNfa, b, b, (nfa) => withZeroPadding(nfa, n), options);
  return { ...r, dfa: minimise(deserialise(minimise(r.dfa), b, order)) };
}

/**
 * How P is laid out: whether it is closed under permuting coordinates, then its sorted elements,
 * and when those form a chain, the successor in it (chains.ts).
 */
function shapeOf(P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions) {
  const b = sys.base;
  const perms = permutationsOf(n).filter((perm) => perm.some((c, i) => c !== i));
  const symmetric = n > 1 && perms.every((perm) => counterexample(P, permuteTracks(P, b, n, perm)) === undefined);
  if (!symmetric) return { perms, symmetric, sorted: undefined, next: undefined };
  const sorted = minimise(product(P, sortedTuples(b, n), (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
  return { perms, symmetric, sorted, next: chainSuccessor(sorted, sys, n, options) };
}

type Shape = ReturnType<typeof shapeOf>;

/**
 * P - P (∩ near, a set closed under permuting coordinates, when given), using the symmetry of P
 * when it has it: i ranges over the sorted elements of P only (i = σ(i') gives j - i = σ(σ⁻¹j - i')),
 * and the result is closed under permuting coordinates.
 */
function differences(P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, shape: Shape, near?: Dfa) {
  const build = options.serialDifferences ?? true ? serialDifferenceDfa : differenceDfa;
  if (!shape.sorted) return build(P, P, sys, n, options, false, near);
  // A chain's elements are determined by their first coordinate: F(m, i) needs no more of i.
  const base = build(shape.sorted, P, sys, n, options, shape.next !== undefined, near);
  let dfa = base.dfa;
  for (const perm of shape.perms) dfa = minimise(product(dfa, permuteTracks(base.dfa, sys.base, n, perm), (x, y) => (x !== 0 || y !== 0 ? 1 : 0)));
  return { ...base, dfa };
}

function adderIndex(a: Int32Array, nA: number): number {
  let idx = 0;
  for (let c = a.length - 1; c >= 0; c--) idx = idx * nA + a[c]!;
  return idx;
}

function nfaLimits(o: DirectOptions) {
  return { maxStates: o.maxNfaStates ?? 30_000_000, ...(o.signal ? { signal: o.signal } : {}) };
}

function subsetLimits(o: DirectOptions, stage: 'differences' | 'bad') {
  return {
    maxStates: o.maxSubsets ?? 5_000_000,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onProgress ? { onProgress: (built: number, done: number) => o.onProgress!(stage, built, done) } : {}),
  };
}

/**
 * The search for a bad position among the candidates R (Lemma 12), in two projections with a
 * minimisation between: first E(p, q) = R(p) ∧ P(q) ∧ ∃m (q + m = p ∧ allowed(m)) over the letters
 * pL + K qL (m is guessed digit by digit; it is unique, so the subsets stay small), determinised and
 * minimised; then the subset construction of ∃q E(p, q) runs alongside R and stops at the first p in
 * R whose subset holds no accepting state (no allowed move to P).
 */
function searchBadPosition(P: Dfa, allowed: Dfa, R: Dfa, sys: NumerationSystem, n: number, options: DirectOptions) {
  const b = sys.base;
  const K = b ** n;
  const dig = letterDigits(b, n);
  const add = sys.addition();
  const liveA = coReachable(add);
  const liveP = coReachable(P);
  const liveAllowed = coReachable(allowed);
  const D = allowed;
  // q + m = p: q and p read, m guessed from the live choices.
  const ch = coordinateChoices(add, liveA, b, (q, m, p) => q + b * m + b * b * p);
  const nP = P.stateCount;
  const nD = D.stateCount;
  const nA = add.stateCount;
  const Z = R;
  const nZ = Z.stateCount;
  const liveZ = coReachable(Z);
  const a = new Int32Array(n);
  const a2 = new Int32Array(n);
  const qDig = new Int32Array(n);
  const pDig = new Int32Array(n);
  checkKeySpace('E(p, q)', nP, nD, nZ, nA ** n);
  const startKey = P.start + nP * (D.start + nD * (Z.start + nZ * adderIndex(new Int32Array(n).fill(add.start), nA)));
  const expand = (key: number, emit: (letter: number, to: number) => void) => {
    const x = key % nP;
    let rest = (key - x) / nP;
    const d = rest % nD;
    rest = (rest - d) / nD;
    const z = rest % nZ;
    rest = (rest - z) / nZ;
    for (let c = 0; c < n; c++) {
      a[c] = rest % nA;
      rest = (rest - a[c]!) / nA;
    }
    for (let qL = 0; qL < K; qL++) {
      const x2 = P.next(x, qL);
      if (!liveP[x2]) continue;
      for (let c = 0; c < n; c++) qDig[c] = dig[qL * n + c]!;
      for (let pL = 0; pL < K; pL++) {
        const z2 = Z.next(z, pL);
        if (!liveZ[z2]) continue;
        for (let c = 0; c < n; c++) pDig[c] = dig[pL * n + c]!;
        guessThroughAdders(ch, b, n, a, qDig, pDig, a2, (mL) => {
          const d2 = D.next(d, mL);
          if (liveAllowed[d2]) emit(pL + K * qL, x2 + nP * (d2 + nD * (z2 + nZ * adderIndex(a2, nA))));
        });
      }
    }
  };
  const accept = (key: number) => {
    const x = key % nP;
    let rest = (key - x) / nP;
    const d = rest % nD;
    rest = (rest - d) / nD;
    if (!P.output[x] || !D.output[d] || !Z.output[rest % nZ]) return false;
    rest = Math.floor(rest / nZ);
    for (let c = 0; c < n; c++) {
      if (!add.output[rest % nA]) return false;
      rest = Math.floor(rest / nA);
    }
    return true;
  };
  options.log?.('candidates R before the search', R.stateCount);
  const pairNfa = exploreNfa(K * K, [startKey], expand, accept, nfaLimits(options));
  options.log?.('NFA of E(p,q)', pairNfa.stateCount);
  const pairSub = determiniseTable(pairNfa, subsetLimits(options, 'bad'));
  options.log?.('subsets of E(p,q)', pairSub.states);
  const E = minimise(pairSub.dfa!);
  options.log?.('E(p,q) minimal', E.stateCount);
  // ∃q: read p, guess q among the letters that keep E alive.
  const liveE = coReachable(E);
  const moveNfa = exploreNfa(
    K,
    [E.start],
    (s, emit) => {
      for (let pL = 0; pL < K; pL++) {
        for (let qL = 0; qL < K; qL++) {
          const t = E.next(s, pL + K * qL);
          if (liveE[t]) emit(pL, t);
        }
      }
    },
    (s) => E.output[s] !== 0,
    nfaLimits(options),
  );
  const sub = determiniseTable(moveNfa, {
    ...subsetLimits(options, 'bad'),
    companion: R,
    stop: (tag, accepting) => R.output[tag] !== 0 && !accepting,
    companionLive: coReachable(R),
  });
  return {
    pairNfa: pairNfa.stateCount,
    pairSubsets: pairSub.states,
    pairs: E.stateCount,
    subsets: sub.states,
    largest: Math.max(pairSub.largestSubset, sub.largestSubset),
    witness: sub.witness,
  };
}

/**
 * The candidates of R left without an admissible move to the chosen targets: Q(p, q) says which q
 * are tried from p (a few per p, e.g. one layer of the chains below p), and a move is admissible when
 * it lies in `allowed`. Two projections with a minimisation between, so that the adders meet the
 * automaton of allowed moves only after they are minimised away: first M(p, m) = ∃q (Q(p, q) ∧
 * q + m = p) (q guessed through the adders, unique); then the p with ∃m (M(p, m) ∧ allowed(m)), m
 * guessed (a few per p), and R without them. Both are built one digit at a time (`serialMoves`):
 * the tables store an entry per state and letter, and there are b^(2n) pair letters (4,096 for G_3).
 */
function stuckOnChosen(Q: Dfa, allowed: Dfa, R: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, what: string): Dfa {
  const b = sys.base;
  const K = b ** n;
  const serial = options.serialMoves ?? true;
  const moveNfa = serial ? serialMoveNfa(Q, sys, n, options) : pairMoveNfa(Q, sys, n, options);
  options.log?.(`NFA of M(p,m) on ${what}${serial ? ' (one digit at a time)' : ''}`, moveNfa.stateCount);
  const M = minimise(determiniseTable(moveNfa, subsetLimits(options, 'bad')).dfa!);
  options.log?.(`M(p,m) on ${what} minimal`, M.stateCount);
  // Read one digit at a time too when M is: p and m digit by digit, coordinate by coordinate.
  const order = tupleOrder(b, n);
  const [allowedX, RX, letters] = serial ? [serialise(allowed, b, order), serialise(R, b, order), b] : [allowed, R, K];
  // ∃m, with p read through R (deterministic, it only prunes) while that stays small. R grows while
  // the passes cut it: on Tribonacci's first two chains the subsets read through R were 1.5 to 2.5
  // times as many as without (3.8 M against 1.5 M), on the third as many, and on G_3's last two
  // thousands of times fewer. The admissible moves do not depend on R, so past a cap the subsets are
  // built without R. Neither tabulates an NFA (G_4's passes build a hundred million subsets).
  const limits = subsetLimits(options, 'bad');
  let good: Dfa;
  try {
    const cap = Math.min(options.maxThroughCandidates ?? 1_000_000, limits.maxStates);
    const sub = existsMinimal(M, allowedX, letters, letters, { ...limits, maxStates: cap, within: RX });
    options.log?.(`subsets of the admissible moves through R on ${what}`, sub.subsets);
    good = sub.dfa;
  } catch (e) {
    if (!(e instanceof LimitError)) throw e;
    options.log?.(`subsets of the admissible moves through R on ${what}: over`, e.partial as number);
    const sub = existsMinimal(M, allowedX, letters, letters, limits);
    options.log?.(`subsets of the admissible moves on ${what}`, sub.subsets);
    good = sub.dfa;
  }
  const goodDfa = serial ? minimise(deserialise(good, b, order)) : good;
  const stuck = minimise(product(R, goodDfa, (r, g) => (r !== 0 && g === 0 ? 1 : 0), 50_000_000));
  options.log?.(`candidates left after ${what}`, stuck.stateCount);
  return stuck;
}

/** ∃q (Q(p, q) ∧ q + m = p) as an NFA over the pair letters pL + K mL, q guessed through the adders. */
function pairMoveNfa(Q: Dfa, sys: NumerationSystem, n: number, options: DirectOptions): TableNfa {
  const b = sys.base;
  const K = b ** n;
  const dig = letterDigits(b, n);
  const add = sys.addition();
  // q + m = p with m and p read, q guessed.
  const ch = coordinateChoices(add, coReachable(add), b, (m, q, p) => q + b * m + b * b * p);
  const liveQ = coReachable(Q);
  const nQ = Q.stateCount;
  const nA = add.stateCount;
  const a = new Int32Array(n);
  const a2 = new Int32Array(n);
  const mDig = new Int32Array(n);
  const pDig = new Int32Array(n);
  checkKeySpace('M(p, m)', nQ, nA ** n);
  return exploreNfa(
    K * K,
    [Q.start + nQ * adderIndex(new Int32Array(n).fill(add.start), nA)],
    (key, emit) => {
      const x = key % nQ;
      let rest = (key - x) / nQ;
      for (let c = 0; c < n; c++) {
        a[c] = rest % nA;
        rest = (rest - a[c]!) / nA;
      }
      for (let pL = 0; pL < K; pL++) {
        for (let c = 0; c < n; c++) pDig[c] = dig[pL * n + c]!;
        for (let mL = 0; mL < K; mL++) {
          for (let c = 0; c < n; c++) mDig[c] = dig[mL * n + c]!;
          guessThroughAdders(ch, b, n, a, mDig, pDig, a2, (qL) => {
            const x2 = Q.next(x, pL + K * qL);
            if (liveQ[x2]) emit(pL + K * mL, x2 + nQ * adderIndex(a2, nA));
          });
        }
      }
    },
    (key) => movesAccept(key, Q, add, nQ, n),
    nfaLimits(options),
  );
}

/**
 * The same M(p, m) read one digit at a time: letters p_c + b m_c for c = 0, 1, ..., n - 1 in turn,
 * over Q read as p_0, q_0, p_1, q_1, ... (serialise); coordinate c's adder guesses q_c.
 */
function serialMoveNfa(Q: Dfa, sys: NumerationSystem, n: number, options: DirectOptions): TableNfa {
  const b = sys.base;
  const add = sys.addition();
  const ch = coordinateChoices(add, coReachable(add), b, (m, q, p) => q + b * m + b * b * p);
  const Qs = serialise(Q, b, pairOrder(b, n));
  const liveQ = coReachable(Qs);
  const coordinate = digitsRead(Qs, Q.stateCount, 2 * n);
  const nQ = Qs.stateCount;
  const nA = add.stateCount;
  const a = new Int32Array(n);
  checkKeySpace('M(p, m)', nQ, nA ** n);
  return exploreNfa(
    b * b,
    [Q.start + nQ * adderIndex(new Int32Array(n).fill(add.start), nA)],
    (key, emit) => {
      const x = key % nQ;
      let rest = (key - x) / nQ;
      for (let c = 0; c < n; c++) {
        a[c] = rest % nA;
        rest = (rest - a[c]!) / nA;
      }
      const c = coordinate[x]! >> 1;
      const keep = a[c]!;
      for (let p = 0; p < b; p++) {
        const x1 = Qs.next(x, p);
        if (!liveQ[x1]) continue;
        for (let m = 0; m < b; m++) {
          const at = (keep * b + m) * b + p;
          for (let e = ch.start[at]!; e < ch.start[at + 1]!; e += 2) {
            const x2 = Qs.next(x1, ch.data[e]!);
            if (!liveQ[x2]) continue;
            a[c] = ch.data[e + 1]!;
            emit(p + b * m, x2 + nQ * adderIndex(a, nA));
          }
        }
      }
      a[c] = keep;
    },
    (key) => movesAccept(key, Q, add, nQ, n),
    nfaLimits(options),
  );
}

/** Whether the key (Q's state, then the n adders' states) ends a whole letter with every part accepting. */
function movesAccept(key: number, Q: Dfa, add: Dfa, nQ: number, n: number): boolean {
  const x = key % nQ;
  if (x >= Q.stateCount || !Q.output[x]) return false;
  let rest = Math.floor(key / nQ);
  const nA = add.stateCount;
  for (let c = 0; c < n; c++, rest = Math.floor(rest / nA)) if (!add.output[rest % nA]) return false;
  return true;
}

/** For a serialised DFA, how many digits of the current letter each state has read (mod `width`). */
function digitsRead(serial: Dfa, wholeStates: number, width: number): Uint8Array {
  const read = new Uint8Array(serial.stateCount);
  const seen = new Uint8Array(serial.stateCount);
  const queue: number[] = [];
  for (let s = 0; s < wholeStates; s++) {
    seen[s] = 1;
    queue.push(s);
  }
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    for (let x = 0; x < serial.alphabetSize; x++) {
      const t = serial.next(s, x);
      if (seen[t]) continue;
      seen[t] = 1;
      read[t] = (read[s]! + 1) % width;
      queue.push(t);
    }
  }
  return read;
}

/**
 * The largest step of a chain in any coordinate, over its first `count` or more sorted elements (those
 * whose expansions are no longer than the shortest length that gives that many: a prefix of the chain,
 * as it rises in every coordinate). Only a guide for choosing which moves to tabulate: every use stays
 * sound whatever it returns.
 */
function largestChainStep(sorted: Dfa, sys: NumerationSystem, n: number, count = 200): number {
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

/**
 * The moves m (n tracks, greedy expansions, msd) with some coordinate below g. A move to the
 * h-th element from the top of a chain below p is one: the next element up is not below p, so in
 * some coordinate p is less than h + 1 chain steps above the target.
 */
export function someCoordinateBelow(sys: NumerationSystem, n: number, g: number): Dfa {
  const b = sys.base;
  // One track: a trie of the expansions of 0 .. g - 1 (the root, value 0, loops on leading zeros).
  const words = new Set<string>();
  const prefixes = new Set<string>(['']);
  for (let v = 0; v < g; v++) {
    const digits = sys.represent(v);
    words.add(digits.join(','));
    for (let k = 1; k <= digits.length; k++) prefixes.add(digits.slice(0, k).join(','));
  }
  const step = (node: string, d: number): string | null => {
    if (node === '' && d === 0) return '';
    const t = node === '' ? String(d) : `${node},${d}`;
    return prefixes.has(t) ? t : null;
  };
  const dig = letterDigits(b, n);
  return minimise(
    buildDfa<(string | null)[]>(
      b ** n,
      new Array<string | null>(n).fill(''),
      (nodes) => nodes.map((x) => (x === null ? '#' : x)).join('|'),
      (nodes, L) => {
        const next = nodes.map((node, c) => (node === null ? null : step(node, dig[L * n + c]!)));
        return next.some((x) => x !== null) ? next : null;
      },
      (nodes) => (nodes.some((x) => x !== null && words.has(x)) ? 1 : 0),
    ),
  );
}

/**
 * The words of the DFA's language without leading zero letters, shortlex, when there are at most
 * `limit` of them; undefined when there are more or infinitely many (a cycle other than the zero
 * loop on the start state among states that reach acceptance), or when leading zeros leave the start.
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

/** The packed msd word of a tuple of values, as long as its longest expansion (zero padding). */
function tupleWord(sys: NumerationSystem, n: number, values: readonly bigint[]): number[] {
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
function differencesBy(D: Dfa, sys: NumerationSystem, n: number): (m: readonly bigint[]) => boolean {
  return (m) => D.accepts(tupleWord(sys, n, m));
}

/**
 * Membership of one move m in P - P without the automaton of P - P: is there i in P with i + m in P?
 * A search over (P's state on i, P's state on j = i + m, the adders' states, how much of m is read):
 * i and j may be longer than m, so m is read after any number of zero letters. O(|P|² |adder|^n |m|)
 * states at most; in practice the states of P on i and j move in step and few are reached.
 */
export function differenceMember(P: Dfa, sys: NumerationSystem, n: number): (m: readonly bigint[]) => boolean {
  const b = sys.base;
  const K = b ** n;
  const dig = letterDigits(b, n);
  const add = sys.addition();
  const ch = coordinateChoices(add, coReachable(add), b, (i, j, m) => i + b * m + b * b * j);
  const liveP = coReachable(P);
  const nP = P.stateCount;
  const nA = add.stateCount;
  const a = new Int32Array(n);
  const a2 = new Int32Array(n);
  const iDig = new Int32Array(n);
  const mDig = new Int32Array(n);
  return (m) => {
    const word = tupleWord(sys, n, m);
    const L = word.length;
    const seen = new Set<number>();
    const stack: number[] = [];
    const push = (yi: number, yj: number, at: number, pos: number) => {
      const key = yi + nP * (yj + nP * (at + nA ** n * pos));
      if (!seen.has(key)) {
        seen.add(key);
        stack.push(key);
      }
    };
    push(P.start, P.start, adderIndex(new Int32Array(n).fill(add.start), nA), 0);
    while (stack.length > 0) {
      const key = stack.pop()!;
      const yi = key % nP;
      let rest = (key - yi) / nP;
      const yj = rest % nP;
      rest = (rest - yj) / nP;
      let at = rest % nA ** n;
      const pos = (rest - at) / nA ** n;
      for (let c = 0; c < n; c++, at = Math.floor(at / nA)) a[c] = at % nA;
      if (pos === L && P.output[yi] && P.output[yj] && a.every((x) => add.output[x] !== 0)) return true;
      // From pos 0, a zero letter of m may come before m's word (padding); else m's next letter.
      const steps = pos === 0 ? [[0, 0], ...(L > 0 ? [[word[0]!, 1]] : [])] : pos < L ? [[word[pos]!, pos + 1]] : [];
      for (const [mL, pos2] of steps) {
        for (let c = 0; c < n; c++) mDig[c] = dig[mL! * n + c]!;
        for (let iL = 0; iL < K; iL++) {
          const yi2 = P.next(yi, iL);
          if (!liveP[yi2]) continue;
          for (let c = 0; c < n; c++) iDig[c] = dig[iL * n + c]!;
          guessThroughAdders(ch, b, n, a, iDig, mDig, a2, (jL) => {
            const yj2 = P.next(yj, jL);
            if (liveP[yj2]) push(yi2, yj2, adderIndex(a2, nA), pos2!);
          });
        }
      }
    }
    return false;
  };
}

/**
 * The positions of R with no move to P along an axis: no q ∈ P with q <= p and q_c = p_c for some
 * coordinate c (p ∉ P, so q ≠ p). A move with a zero coordinate is m = p - q read off p and q
 * directly, so no adder is needed: an NFA over p guesses q through P and one comparison per
 * coordinate (O(|P| · 4^n) states). Read one digit at a time (`serialMoves`, the default), one
 * coordinate c at a time: q_c = p_c leaves q few choices (a value lies in one element of a chain),
 * so the subsets stay small where the guess of q among all elements below p made them large (G_4's
 * did not finish in 30 minutes).
 */
function withoutAxisMove(P: Dfa, R: Dfa, b: number, n: number, options: DirectOptions): Dfa {
  if (!(options.serialMoves ?? true)) {
    const axis = determiniseTable(axisNfa(P, b, n, options), subsetLimits(options, 'bad'));
    options.log?.('subsets of the positions with an axis move to P', axis.states);
    return minimise(product(R, axis.dfa!, (r, a) => (r !== 0 && a === 0 ? 1 : 0)));
  }
  const order = tupleOrder(b, n);
  let left = R;
  for (let c = 0; c < n; c++) {
    const axis = determiniseTable(serialAxisNfa(P, b, n, order, c, options), subsetLimits(options, 'bad'));
    options.log?.(`subsets of the positions with a move to P keeping coordinate ${c}`, axis.states);
    left = minimise(product(left, deserialise(minimise(axis.dfa!), b, order), (r, a) => (r !== 0 && a === 0 ? 1 : 0)));
  }
  return left;
}

/** Whether a comparison state (compareStep) says q_c = p_c in some coordinate. */
function someCoordinateEqual(cmp: number, n: number): boolean {
  for (let c = 0; c < n; c++) if (((cmp >> (2 * c)) & 3) === 0) return true;
  return false;
}

/** The NFA of withoutAxisMove over the letters of p, q guessed through P a whole letter at a time. */
function axisNfa(P: Dfa, b: number, n: number, options: DirectOptions): TableNfa {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const liveP = coReachable(P);
  const nP = P.stateCount;
  checkKeySpace('the axis moves', nP, 4 ** n);
  const [p, q] = [new Int32Array(n), new Int32Array(n)];
  return exploreNfa(
    K,
    [P.start],
    (key, emit) => {
      const x = key % nP;
      const cmp = (key - x) / nP;
      for (let qL = 0; qL < K; qL++) {
        const x2 = P.next(x, qL);
        if (!liveP[x2]) continue;
        for (let c = 0; c < n; c++) q[c] = dig[qL * n + c]!;
        for (let pL = 0; pL < K; pL++) {
          for (let c = 0; c < n; c++) p[c] = dig[pL * n + c]!;
          const cmp2 = compareStep(cmp, q, p, n);
          if (noneGreater(cmp2, n)) emit(pL, x2 + nP * cmp2);
        }
      }
    },
    (key) => P.output[key % nP] !== 0 && someCoordinateEqual(Math.floor(key / nP), n),
    nfaLimits(options),
  );
}

/**
 * The positions p with some q ∈ P, q <= p, q_c = p_c, one digit at a time: p_j read, q_j guessed
 * through P read in `order` (equal to p_j when j = c, else compared), j = 0..n-1.
 */
function serialAxisNfa(P: Dfa, b: number, n: number, order: Int32Array, c: number, options: DirectOptions): TableNfa {
  const Ps = serialise(P, b, order);
  const liveP = coReachable(Ps);
  const coordinate = digitsRead(Ps, P.stateCount, n);
  const nP = Ps.stateCount;
  checkKeySpace('the axis moves', nP, 2 ** n);
  return exploreNfa(
    b,
    [P.start],
    (key, emit) => {
      const x = key % nP;
      const less = (key - x) / nP;
      const j = coordinate[x]!;
      for (let p = 0; p < b; p++) {
        if (j === c) {
          const x2 = Ps.next(x, p);
          if (liveP[x2]) emit(p, x2 + nP * less);
          continue;
        }
        // Bit j: q_j < p_j decided; until then the digits are equal.
        const decided = (less >> j) & 1;
        for (let q = 0; q <= (decided ? b - 1 : p); q++) {
          const x2 = Ps.next(x, q);
          if (liveP[x2]) emit(p, x2 + nP * (q < p ? less | (1 << j) : less));
        }
      }
    },
    (key) => {
      const x = key % nP;
      return x < P.stateCount && Ps.output[x] !== 0;
    },
    nfaLimits(options),
  );
}

/**
 * Moves with a zero coordinate, m ≠ 0 with some m_c = 0 (n tracks, msd): state = which coordinates
 * have shown a non-zero digit.
 */
function axisMoves(b: number, n: number): Dfa {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const full = (1 << n) - 1;
  return Dfa.from(
    1 << n,
    K,
    (s, L) => {
      let t = s;
      for (let c = 0; c < n; c++) if (dig[L * n + c] !== 0) t |= 1 << c;
      return t;
    },
    (s) => (s !== 0 && s !== full ? 1 : 0),
  );
}

/**
 * Decides 1-admissibility (Lemma 12, Theorem 23) without the formula compiler, for a set P on n
 * tracks of one msd numeration system: builds P - P (determinised and minimised), then searches
 * for a bad position p: outside P with every move p - q to q ∈ P inside P - P. The two
 * quantifications become NFAs over n tracks whose guesses are pruned by live states, so no 3n-track
 * alphabet is ever tabulated. The witness is the bad position with the shortlex-least expansion.
 * When the layer passes run, they need P - P only among the moves with a small coordinate, which is
 * far smaller; the whole of P - P is built only if candidates survive them.
 */
export function admissibleDirect(set: Predicate, options: DirectOptions = {}): DirectAdmissibility {
  const n = set.tracks.length;
  if (n === 0) throw new InputError('the set P must have at least one coordinate');
  const sys = set.tracks[0]!.system;
  if (!sys || set.tracks.some((t) => t.system !== sys)) throw new InputError('every coordinate of P must be read in the same numeration system');
  if (!sys.msd) throw new InputError(`the direct method reads msd systems; ${sys.name} is lsd`);
  const t0 = performance.now();
  const b = sys.base;
  const P = set.dfa;
  const and = (x: number, y: number) => (x !== 0 && y !== 0 ? 1 : 0);
  const shape = shapeOf(P, sys, n, options);
  const depth = options.layers ?? 1;
  let differenceTime = 0;
  const timed = <T>(build: () => T): T => {
    const start = performance.now();
    const out = build();
    differenceTime += performance.now() - start;
    return out;
  };
  // A stage kept by an earlier run (options.checkpoint) is read back instead of being built again.
  const key = `${fingerprint(P)}-${sys.name}`;
  const resumedStages: string[] = [];
  const staged = <T extends { dfa: Dfa }>(stage: string, build: () => T, resumed: (dfa: Dfa) => T): T => {
    const kept = options.checkpoint?.load(`${key}-${stage}`);
    if (kept) {
      options.log?.(`resumed from the checkpoint: ${stage}`, kept.stateCount);
      resumedStages.push(stage);
      return resumed(kept);
    }
    const out = build();
    options.checkpoint?.save(`${key}-${stage}`, out.dfa);
    return out;
  };
  const keptDifferences = (dfa: Dfa) => ({ nfa: 0, pairSubsets: 0, pairs: 0, subsets: 0, largest: 0, dfa });
  const keptCandidates = (dfa: Dfa) => ({ dfa });
  let near: { below: number; moves: Dfa; diff: ReturnType<typeof differences> } | undefined;
  if (depth > 0 && shape.next) {
    const below = depth * largestChainStep(shape.sorted!, sys, n);
    const moves = someCoordinateBelow(sys, n, below);
    near = { below, moves, diff: staged(`differences-below-${below}`, () => timed(() => differences(P, sys, n, options, shape, moves)), keptDifferences) };
    options.log?.(`P - P among the moves with a coordinate below ${below}, minimal`, near.diff.dfa.stateCount);
  }
  let full: ReturnType<typeof differences> | undefined;
  const fullDifferences = (): Dfa => {
    if (!full) {
      full = staged('differences', () => timed(() => differences(P, sys, n, options, shape)), keptDifferences);
      options.log?.('P - P minimal', full.dfa.stateCount);
    }
    return full.dfa;
  };
  // Candidates: valid, outside P, and sorted when P is symmetric (then so is the bad set).
  let R = product(P, validityOf(set.tracks), (inP, valid) => (inP === 0 && valid !== 0 ? 1 : 0));
  if (shape.symmetric) R = minimise(product(R, sortedTuples(b, n), and));
  // A cheap first pass: when no move with a zero coordinate lies in P - P (checked on the automaton),
  // every such move to P is admissible, and only positions without one can be bad. Such a move has
  // a coordinate 0, so P - P among the near moves answers.
  const axis = axisMoves(b, n);
  let axisStuck: number | undefined;
  if (n > 1 && shortestWitness(product(near?.diff.dfa ?? fullDifferences(), axis, and)) === undefined) {
    const from = R;
    R = staged('axis', () => ({ dfa: withoutAxisMove(P, from, b, n, options) }), keptCandidates).dfa;
    axisStuck = R.stateCount;
  }
  // Layer passes: moves to the maximal elements of P below p first, then to the next layer, ...;
  // each q is one of a few per p, so E(p, q) stays small where the pass over all of P does not.
  const layerStuck: number[] = [];
  const layers = near && finiteLanguage(R, 20_000) === undefined ? chainLayers(shape.next!, sys, n, depth, true, options) : undefined;
  if (near && layers) {
    // Every move the passes try is near; one that were not would count as inadmissible (sound).
    const allowed = product(near.moves, near.diff.dfa, (x, d) => (x !== 0 && d === 0 ? 1 : 0));
    for (let h = 0; h < depth && finiteLanguage(R, 20_000) === undefined; h++) {
      layers[h]!.forEach((layer, i) => {
        // Few candidates left (or none): checking them one by one below is cheaper than more M(p, m).
        if (finiteLanguage(R, 20_000) !== undefined) return;
        options.log?.(`layer ${h}, chain ${i}, below p`, layer.stateCount);
        const from = R;
        const stage = `below-${near.below}-layer-${h}-chain-${i}`;
        R = staged(stage, () => ({ dfa: stuckOnChosen(layer, allowed, from, sys, n, options, `layer ${h}, chain ${i}`) }), keptCandidates).dfa;
      });
      layerStuck.push(R.stateCount);
    }
    // The move to 0 is the position itself: admissible unless p ∈ P - P. Few candidates are checked
    // one by one below, the move to 0 among the others, without the whole of P - P.
    if (finiteLanguage(R, 20_000) === undefined) {
      R = minimise(product(R, fullDifferences(), and));
      options.log?.('candidates without the move to 0', R.stateCount);
      layerStuck.push(R.stateCount);
    }
  }
  // When few candidates remain, check each one exactly instead of building E(p, q): each move to P is
  // looked up in P - P's automaton if it was built, else decided by a search (differenceMember).
  const few = finiteLanguage(R, 20_000);
  if (few) options.log?.('candidates checked one by one', few.length);
  const member = few && few.length > 0 ? (full ? differencesBy(full.dfa, sys, n) : differenceMember(P, sys, n)) : undefined;
  const bad =
    few !== undefined
      ? { pairNfa: 0, pairSubsets: 0, pairs: 0, subsets: few.length, largest: 0, witness: few.find((w) => isBad(P, member!, sys, n, w)) }
      : shortestWitness(R) === undefined
        ? { pairNfa: 0, pairSubsets: 0, pairs: 0, subsets: 0, largest: 0, witness: undefined }
        : searchBadPosition(P, complement(fullDifferences()), R, sys, n, options);
  const t2 = performance.now();
  const result: DirectAdmissibility = {
    admissible: bad.witness === undefined,
    states: {
      p: set.dfa.stateCount,
      differenceNfa: full?.nfa ?? 0,
      differencePairs: full?.pairs ?? 0,
      differenceSubsets: full?.subsets ?? 0,
      differences: full?.dfa.stateCount ?? 0,
      ...(near ? { near: { below: near.below, nfa: near.diff.nfa, states: near.diff.dfa.stateCount } } : {}),
      ...(axisStuck === undefined ? {} : { axisStuck }),
      ...(layerStuck.length === 0 ? {} : { layerStuck }),
      moveNfa: bad.pairNfa,
      moveSubsets: bad.pairSubsets,
      moves: bad.pairs,
      badSearch: bad.subsets,
      largestSubset: Math.max(full?.largest ?? 0, near?.diff.largest ?? 0, bad.largest),
    },
    ...(resumedStages.length === 0 ? {} : { resumed: resumedStages }),
    times: { differences: differenceTime, bad: t2 - t0 - differenceTime },
  };
  if (bad.witness !== undefined) result.witness = decodeTuple(set, bad.witness);
  return result;
}

/** P - P (∩ near, closed under permuting coordinates, when given) as a predicate on the tracks of P (for checks and pictures). */
export function differenceSet(set: Predicate, options: DirectOptions = {}, near?: Dfa): Predicate {
  const sys = set.tracks[0]!.system!;
  const n = set.tracks.length;
  return new Predicate(set.tracks, differences(set.dfa, sys, n, options, shapeOf(set.dfa, sys, n, options), near).dfa);
}

/** Whether the position p is bad for the set (Lemma 12), checked exactly against the automaton of P - P. */
export function isBadPosition(set: Predicate, differences: Predicate, p: readonly (bigint | number)[]): boolean {
  const sys = set.tracks[0]!.system!;
  return isBad(set.dfa, differencesBy(differences.dfa, sys, set.tracks.length), sys, set.tracks.length, encodeTuple(set.tracks, p));
}
