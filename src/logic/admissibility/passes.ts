/**
 * Stage 3 of the direct admissibility engine, the layer passes over the chains of P
 * (deciding-game-invariance, Lemma 12; src/logic/chains.ts): from each candidate p, the moves to the
 * top of each permuted chain below p (then the next element down, for more layers) are tried, and
 * the candidates with an admissible one leave. The passes need P - P only among the moves with some
 * coordinate below layers × the largest chain step (someCoordinateBelow).
 */
import { Dfa } from '../../automata/dfa.js';
import { finiteLanguage } from '../../automata/finite-language.js';
import { minimise } from '../../automata/minimise.js';
import { backwardReachable } from '../../automata/reach.js';
import { determiniseTable, type TableNfa, trimNfa } from '../../automata/nfa.js';
import { complement, difference, includedIn, intersection, liveIntersection, liveUnion, product } from '../../automata/ops.js';
import { projectSecond } from '../../automata/pair-letters.js';
import { existsMinimal, type ProjectionResult } from '../../automata/projection.js';
import { existsMinimalStored, existsThrough, type StoreFigures } from '../../automata/projection-store.js';
import { LiveDfa, TupleProduct } from '../../automata/tuple-product.js';
import { LimitError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { AdderGuess } from '../../numeration/adders.js';
import { buildDfa } from '../../numeration/build.js';
import type { NumerationSystem } from '../../numeration/system.js';
import { chainLayerMaker, largestChainStep } from '../chains.js';
import { deserialise, digitsRead, packedStateCount, pairOrder, serialise, tupleOrder } from '../serial.js';
import { compareStep, letterDigits, noneGreater, permutationsOf } from '../tuple-automata.js';
import { type Differences, differences } from './differences.js';
import { type DirectOptions, FEW_CANDIDATES, nfaLimits, subsetLimits } from './options.js';
import type { Shape } from './shape.js';
import type { StageRun } from './stages.js';

/** P - P among the moves with a coordinate below `below`, and those moves. */
export interface NearDifferences {
  below: number;
  moves: Dfa;
  diff: Differences;
}

/**
 * P - P among the only moves the passes try (stage 1 when they run): those with a coordinate below
 * depth × the largest step of the chain (shape.next must be a chain), a stage of `run`.
 */
export function nearDifferences(run: StageRun, P: Dfa, sys: NumerationSystem, n: number, shape: Shape, depth: number): NearDifferences {
  const below = depth * largestChainStep(shape.sorted!, sys, n);
  const moves = someCoordinateBelow(sys, n, below);
  const diff = run.differences(`differences-below-${below}`, () => differences(P, sys, n, run.options, shape, moves));
  run.options.log?.(`P - P among the moves with a coordinate below ${below}, minimal`, diff.dfa.stateCount);
  return { below, moves, diff };
}

/**
 * The layer passes, `depth` layers of the n! permuted chains (shape.next must be a chain), then the
 * move to 0 (p itself, admissible unless p ∈ P - P; `whole` builds P - P). Each pass is a stage of
 * `run` (kept in the checkpoint); the passes stop as soon as the candidates R are a finite language
 * of at most FEW_CANDIDATES words. Returns the candidates left and their state count after each
 * layer and after the move to 0.
 */
export function chainPasses(run: StageRun, candidates: Dfa, near: NearDifferences, shape: Shape, sys: NumerationSystem, n: number, depth: number, whole: () => Dfa) {
  const options = run.options;
  const few = (R: Dfa) => finiteLanguage(R, FEW_CANDIDATES) !== undefined;
  const layerStuck: number[] = [];
  let R = candidates;
  if (few(R)) return { R, layerStuck };
  const layerOf = chainLayerMaker(shape.next!, sys, n, true, options);
  const chains = permutationsOf(n).length;
  // Every move the passes try is near; one that were not would count as inadmissible (sound).
  const allowed = difference(near.moves, near.diff.dfa);
  for (let h = 0; h < depth && !few(R); h++) {
    for (let i = 0; i < chains && !few(R); i++) {
      const layer = layerOf(h, i);
      options.log?.(`layer ${h}, chain ${i}, below p`, layer.stateCount);
      const stage = `below-${near.below}-layer-${h}-chain-${i}`;
      const what = `layer ${h}, chain ${i}`;
      const pieces = (options.stuckPieces ?? true) && (options.serialMoves ?? true);
      const first = h === 0 && i === 0;
      // The pass is the input's only holder (a resumed stage never reads it).
      const input = new Handoff(R);
      R = EMPTY;
      R = run.candidates(stage, () => (pieces ? stuckByPieces(run, stage, layer, near, input, sys, n, what, first) : stuckOnChosen(layer, allowed, input.take(), sys, n, options, what)));
    }
    layerStuck.push(R.stateCount);
  }
  // The move to 0 is the position itself: admissible unless p ∈ P - P. Few candidates are checked
  // one by one (stage 4), the move to 0 among the others, without the whole of P - P.
  if (!few(R)) {
    R = minimise(intersection(R, whole()));
    options.log?.('candidates without the move to 0', R.stateCount);
    layerStuck.push(R.stateCount);
  }
  return { R, layerStuck };
}

/** A placeholder for candidates handed on (never read). */
const EMPTY = Dfa.from(1, 1, () => 0, () => 0);

/**
 * A pass's input candidates, given up by the pass once read: packed over b^n letters they were the
 * largest thing G_5's passes held (2.9 GB over 216 letters, the 8.7 and 8.9 GiB peaks of its second
 * and third chains), and after a pass starts only their serial form is read.
 */
export class Handoff {
  constructor(private dfa: Dfa | undefined) {}

  take(): Dfa {
    const dfa = this.dfa;
    if (!dfa) throw new Error('the candidates were handed on already');
    this.dfa = undefined;
    return dfa;
  }
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
export function stuckOnChosen(Q: Dfa, allowed: Dfa, R: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, what: string): Dfa {
  const b = sys.base;
  const K = b ** n;
  const serial = options.serialMoves ?? true;
  const M = movesToChosen(Q, sys, n, options, what, serial);
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
    const cap = Math.min(options.maxThroughCandidates ?? limitDefault('throughCandidates'), limits.maxStates);
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
  const stuck = minimise(
    product(R, goodDfa, (r, g) => (r !== 0 && g === 0 ? 1 : 0), limitDefault('stuckProduct'), { limit: 'stuckProduct', ...(options.signal ? { signal: options.signal } : {}) }),
  );
  options.log?.(`candidates left after ${what}`, stuck.stateCount);
  return stuck;
}

/** The minimal M(p, m) = ∃q (Q(p, q) ∧ q + m = p), one digit at a time (letters p_c + b m_c) or over the pair letters. */
function movesToChosen(Q: Dfa, sys: NumerationSystem, n: number, options: DirectOptions, what: string, serial: boolean): Dfa {
  const moveNfa = serial ? serialMoveNfa(Q, sys, n, options) : pairMoveNfa(Q, sys, n, options);
  options.log?.(`NFA of M(p,m) on ${what}${serial ? ' (one digit at a time)' : ''}`, moveNfa.stateCount);
  // Trimmed first: some of its states cannot reach acceptance (two thirds on Tribonacci before the
  // exploration skipped the dead pairs of liveWithAdder; 13 % after, 369,087 to 321,103).
  const subsets = determiniseTable(trimNfa(moveNfa), subsetLimits(options, 'bad'));
  options.log?.(`subsets of M(p,m) on ${what}`, subsets.states);
  const M = minimise(subsets.dfa!);
  options.log?.(`M(p,m) on ${what} minimal`, M.stateCount);
  return M;
}

/**
 * stuckOnChosen by another route, in pieces, with the same result (the candidates R without an
 * admissible move to the chosen target). The target q(p) is a function of p, defined for every p
 * (a chain's first element is 0), so M(p, m) holds for exactly one m, and p is stuck iff that m
 * lies in P - P. The passes try near moves only, so stuck = ∃m (M(p, m) ∧ m ∈ P - P ∩ near): the
 * subsets read P - P's automaton, whose live states are far fewer than those of the admissible
 * moves (near, outside P - P), and near is the union over c of "coordinate c below g", so stuck is
 * the union of one projection per coordinate (the pieces), each a stage of `run`: a pass's largest
 * projection was 2 to 4 times smaller than the admissible moves' at once (Tribonacci, G_2, G_3).
 * Both facts the route rests on are checked on the automata, and when one fails the candidates it
 * concerns stay (sound either way): the p outside the domain of M (∃m M(p, m)) are kept, and if M
 * makes some move that is not near, ∃m (M(p, m) ∧ m not near) is one more piece. `first`: this is
 * the first pass, R the candidates the axis pass left. R may be handed on (chainPasses): it is let go
 * once its serial form is built.
 */
export function stuckByPieces(run: StageRun, stage: string, Q: Dfa, near: NearDifferences, R: Dfa | Handoff, sys: NumerationSystem, n: number, what: string, first = false): Dfa {
  const options = run.options;
  const b = sys.base;
  const order = tupleOrder(b, n);
  const M = movesToChosen(Q, sys, n, options, what, true);
  const RX = serialise(R instanceof Handoff ? R.take() : R, b, order);
  // The candidates of R in a projection X (over serial letters): R ∩ X is built and minimised one
  // digit at a time, and only then packed back. Packed first (the route before), X over b^n letters
  // and its product with R over them were the largest tables of a pass: G_5's second chain, with R at
  // 3.3 M states over 216 letters, ran out of 24 GB there. The result is the same DFA: RX accepts
  // only at letter boundaries, so in the minimal R ∩ X every live state reached at a boundary is
  // told apart from the others by whole letters, and deserialise numbers them as minimise does.
  const cap = Math.max(limitDefault('stuckProduct'), options.maxSubsets ?? 0);
  const limits = { limit: 'stuckProduct' as const, ...(options.signal ? { signal: options.signal } : {}) };
  /** R ∩ x one digit at a time, minimal. */
  const keep = (x: Dfa, of: string): Dfa => {
    if (options.log) {
      options.log(`${of}, one digit at a time, minimal`, x.stateCount);
      // What the route before would have tabulated over b^n letters (a trace for profiling).
      options.log(`${of}, states over ${b ** n} letters (not built)`, packedStateCount(x, b, order));
    }
    const pairs = liveIntersection(RX, x, cap, limits);
    options.log?.(`${of} among the candidates, one digit at a time`, pairs.stateCount);
    const kept = minimise(pairs, options.signal);
    options.log?.(`${of} among the candidates, one digit at a time, minimal`, kept.stateCount);
    return kept;
  };
  // The union of the pieces one digit at a time too: over b^n letters the union of G_5's second
  // chain (3 M states) passed a quarter of the memory budget in one table. Every piece accepts at
  // letter boundaries only, and so does their union: packed back, it is the minimal DFA.
  // Both sides are minimal, so a side with one rejecting state is empty and the union is the other
  // (most pieces of Tribonacci's passes are empty, and their unions were Hopcroft runs on 100 k states).
  const empty = (x: Dfa) => x.stateCount === 1 && x.output[0] === 0;
  const union = (x: Dfa, y: Dfa) => (empty(y) ? x : empty(x) ? y : minimise(liveUnion(x, y, cap, limits), options.signal));
  // The domain of M: the candidates without a target stay (the complement accepts inside a letter
  // too; RX does not, so they go). Read off Q when every target lies below p (a projection of
  // Q's hundred-odd states instead of M's 60 k to 100 k, a third of a second a chain on Tribonacci).
  const domainOf = `the domain of M(p,m) on ${what}`;
  const targets = chosenDomain(Q, b, n, options);
  // The parts of the stuck candidates, united once all are built, the smallest first: the union of
  // G_5's first piece (14 M serial states) with each small piece in turn was 200 s of its first pass.
  const parts: Dfa[] = [];
  // The largest piece built here, serial and packed (its stage): when it is the answer, it is not packed again.
  let kept: { serial: Dfa; packed: Dfa } | undefined;
  if (targets) parts.push(keep(serialise(complement(targets), b, order), `the complement of ${domainOf}, read off Q`));
  else {
    const every = Dfa.from(1, b, () => 0, () => 1);
    parts.push(keep(complement(project(M, every, RX, options, domainOf, false).dfa), `the complement of ${domainOf}`));
  }
  options.log?.(`candidates outside the domain of M(p,m) on ${what}`, packedStateCount(parts[0]!, b, order));
  // A move that is not near would be a difference of P-positions unseen by P - P among the near moves.
  const far = serialise(complement(near.moves), b, order);
  if (meets(M, far, b)) {
    options.log?.(`M(p,m) on ${what} makes moves that are not near: one more piece`, 0);
    const farOf = `the moves not near on ${what}`;
    parts.push(keep(project(M, far, RX, options, farOf).dfa, farOf));
  }
  for (let c = 0; c < n; c++) {
    // A piece is kept packed (its stage); built here, its serial form goes on to the union.
    let built: Dfa | undefined;
    const piece = run.candidates(`${stage}-piece-${c}`, () => {
      const of = `P - P with coordinate ${c} below ${near.below}, on ${what}`;
      // The first pass's first piece is built without the candidates: they are still the axis pass's,
      // which prune little, and read through them it passed the cap on the sets where it is large
      // (Tribonacci and G_5; on G_2 to G_4 the whole first pass, before it was cut in pieces), after a
      // million pairs thrown away (a second of Tribonacci's ten).
      built = keep(project(M, nearPiece(near, sys, n, c), RX, options, of, !(first && c === 0)).dfa, of);
      return deserialise(built, b, order);
    });
    options.log?.(`candidates stuck on ${what} through coordinate ${c}`, piece.stateCount);
    if (built && built.stateCount > (kept?.serial.stateCount ?? -1)) kept = { serial: built, packed: piece };
    parts.push(built ?? minimise(serialise(piece, b, order), options.signal));
  }
  // A part inside the largest adds nothing to the union: on G_5's first two chains every small part
  // was inside the largest, whose union with them, its minimisation and its packing took 125 s and 78 s.
  parts.sort((x, y) => x.stateCount - y.stateCount);
  const largest = parts.pop()!;
  const others = parts.filter((x) => !empty(x) && !inside(x, largest, cap));
  options.log?.(`parts of ${what} to unite with the largest (the others empty or inside it)`, others.length);
  if (others.length === 0) {
    const left = kept?.serial === largest ? kept.packed : deserialise(largest, b, order);
    options.log?.(`candidates left after ${what}`, left.stateCount);
    return left;
  }
  // The union is the answer: the largest piece's packed form goes before it is built.
  kept = undefined;
  const left = deserialise([...others, largest].reduce(union), b, order);
  options.log?.(`candidates left after ${what}`, left.stateCount);
  return left;
}

/** Whether L(x) ⊆ L(y), or false when the search passes `cap` pairs (then the union decides). */
function inside(x: Dfa, y: Dfa, cap: number): boolean {
  try {
    return includedIn(x, y, cap);
  } catch (e) {
    if (e instanceof LimitError) return false;
    throw e;
  }
}

const piecesHeld = new WeakMap<NearDifferences, Dfa[]>();

/** P - P among the moves with coordinate c below near.below, one digit at a time: the same in every pass, so built once. */
function nearPiece(near: NearDifferences, sys: NumerationSystem, n: number, c: number): Dfa {
  if (!piecesHeld.has(near)) piecesHeld.set(near, []);
  const held = piecesHeld.get(near)!;
  held[c] ??= serialise(minimise(intersection(near.diff.dfa, coordinateBelow(sys, n, c, near.below))), sys.base, tupleOrder(sys.base, n));
  return held[c];
}

/**
 * The p with a target, ∃q Q(p, q), which is the domain of M(p, m) = ∃q (Q(p, q) ∧ q + m = p) when
 * every target q lies below p: then p - q is a number, and the adder accepts every true sum (what
 * P - P rests on too). Undefined when some pair of Q has q above p in a coordinate (checked on Q).
 */
function chosenDomain(Q: Dfa, b: number, n: number, options: DirectOptions): Dfa | undefined {
  const K = b ** n;
  const dig = letterDigits(b, n);
  const Ql = new LiveDfa(Q);
  // (Q's state, q compared with p: two bits a coordinate); accepting when q > p somewhere.
  const above = new TupleProduct('the chosen targets above p', [Ql, 4 ** n]);
  const { from: s, to: t } = above;
  const [p, q] = [new Int32Array(n), new Int32Array(n)];
  const someAbove = above.reaches(
    [Q.start, 0],
    (emit) => {
      for (let L = 0; L < K * K; L++) {
        t[0] = Ql.next(s[0]!, L);
        if (t[0] < 0) continue;
        for (let c = 0; c < n; c++) [p[c], q[c]] = [dig[(L % K) * n + c]!, dig[Math.floor(L / K) * n + c]!];
        t[1] = compareStep(s[1]!, q, p, n);
        emit();
      }
    },
    { ...nfaLimits(options), accepting: (tuple) => !noneGreater(tuple[1]!, n) },
  );
  if (someAbove) return undefined;
  return minimise(determiniseTable(projectSecond(Q, K, K, nfaLimits(options)), subsetLimits(options, 'bad')).dfa!);
}

/**
 * ∃m (M(p, m) ∧ A(m)) over serial letters, read through the candidates RX while that stays under
 * maxThroughCandidates subsets (`through`), else without them (the caller intersects), in the
 * store of options (budget, spill folder).
 */
function project(M: Dfa, A: Dfa, RX: Dfa, options: DirectOptions, what: string, through = true): ProjectionResult {
  const b = A.alphabetSize;
  const limits = subsetLimits(options, 'bad');
  const store = {
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.spillDir === undefined ? {} : { spillDir: options.spillDir }),
    ...(options.storeGrain === undefined ? {} : { grain: options.storeGrain }),
    onStore: (f: StoreFigures) => {
      if (f.spills > 0) options.log?.(`pool chunks of ${what} spilled to disk (strings read back: ${f.spillReads}; bytes held at the end: ${f.bytesHeld})`, f.spills);
    },
  };
  if (through) {
    const cap = Math.min(options.maxThroughCandidates ?? 1_000_000, limits.maxStates);
    const sub = existsThrough(M, A, b, b, RX, cap, { ...limits, ...store });
    if (sub.through) options.log?.(`subsets of ${what} through R`, sub.pairs);
    else {
      options.log?.(`subsets of ${what} through R: over`, sub.pairs);
      options.log?.(`subsets of ${what}`, sub.subsets);
    }
    return sub;
  }
  const sub = existsMinimalStored(M, A, b, b, { ...limits, ...store });
  options.log?.(`subsets of ${what}`, sub.subsets);
  return sub;
}

/** Whether ∃p ∃m (M(p, m) ∧ A(m)), M over the letters p + b m, A over m: a search over the pairs of live states. */
function meets(M: Dfa, A: Dfa, b: number): boolean {
  const [Ml, Al] = [new LiveDfa(M), new LiveDfa(A)];
  const pairs = new TupleProduct('M(p,m) and the moves', [Ml, Al]);
  const { from, to } = pairs;
  return pairs.reaches([M.start, A.start], (emit) => {
    for (let p = 0; p < b; p++) {
      for (let m = 0; m < b; m++) {
        to[0] = Ml.next(from[0]!, p + b * m);
        to[1] = Al.next(from[1]!, m);
        if (to[0] >= 0 && to[1] >= 0) emit();
      }
    }
  }, { maxStates: 200_000_000 });
}

/** ∃q (Q(p, q) ∧ q + m = p) as an NFA over the pair letters pL + K mL, q guessed through the adders. */
function pairMoveNfa(Q: Dfa, sys: NumerationSystem, n: number, options: DirectOptions): TableNfa {
  const b = sys.base;
  const K = b ** n;
  // q + m = p with m and p read, q guessed.
  const sum = new AdderGuess(sys, 'x');
  const Ql = new LiveDfa(Q);
  const M = new TupleProduct('M(p, m)', [Ql, ...new Array<LiveDfa>(n).fill(sum.adder)]);
  const { from: s, to: t } = M;
  const [a, a2] = [s.subarray(1), t.subarray(1)];
  return M.explore(
    K * K,
    [[Q.start, ...new Array<number>(n).fill(sum.adder.start)]],
    (emit) => {
      for (let pL = 0; pL < K; pL++) {
        for (let mL = 0; mL < K; mL++) {
          sum.guessLetter(n, a, mL, pL, a2, (qL) => {
            t[0] = Ql.next(s[0]!, pL + K * qL);
            if (t[0] >= 0) emit(pL + K * mL);
          });
        }
      }
    },
    nfaLimits(options),
  );
}

/**
 * The same M(p, m) read one digit at a time: letters p_c + b m_c for c = 0, 1, ..., n - 1 in turn,
 * over Q read as p_0, q_0, p_1, q_1, ... (serialise); coordinate c's adder guesses q_c.
 */
export function serialMoveNfa(Q: Dfa, sys: NumerationSystem, n: number, options: DirectOptions): TableNfa {
  const b = sys.base;
  const sum = new AdderGuess(sys, 'x');
  const Qs = serialise(Q, b, pairOrder(b, n));
  const Ql = new LiveDfa(Qs);
  const coordinate = digitsRead(Qs, Q.stateCount, 2 * n);
  const M = new TupleProduct('M(p, m)', [Ql, ...new Array<LiveDfa>(n).fill(sum.adder)]);
  const { from: s, to: t } = M;
  const { start, choices } = sum;
  const A = sum.adder.stateCount;
  const live = liveWithAdder(Ql, coordinate, sum, n);
  const alive = () => {
    for (let c = 0; c < n; c++) if (!live[c]![t[0]! * A + t[1 + c]!]) return false;
    return true;
  };
  return M.explore(
    b * b,
    [[Q.start, ...new Array<number>(n).fill(sum.adder.start)]],
    (emit) => {
      const c = coordinate[s[0]!]! >> 1;
      for (let p = 0; p < b; p++) {
        const x1 = Ql.next(s[0]!, p);
        if (x1 < 0) continue;
        for (let m = 0; m < b; m++) {
          const at = sum.at(s[1 + c]!, m, p);
          for (let e = start[at]!; e < start[at + 1]!; e += 2) {
            t[0] = Ql.next(x1, choices[e]!);
            if (t[0] < 0) continue;
            t[1 + c] = choices[e + 1]!;
            if (alive()) emit(p + b * m);
          }
        }
      }
    },
    nfaLimits(options),
  );
}

/**
 * For each coordinate c, the pairs (Q's serial state x, adder state a), keyed x |adder| + a, from
 * which Q and coordinate c's adder can still accept together, the other coordinates left free. A
 * tuple of serialMoveNfa with a dead pair is dead: two thirds of M(p, m)'s product on Tribonacci
 * (931,333 states, 321,103 live), which the exploration now skips instead of building them for
 * trimNfa to drop. Only x at a letter boundary of (p_c, q_c) is expanded (two serial letters a step).
 */
function liveWithAdder(Ql: LiveDfa, coordinate: Uint8Array, sum: AdderGuess, n: number): Uint8Array[] {
  const b = sum.base;
  const A = sum.adder.stateCount;
  const X = Ql.stateCount;
  const { start, choices } = sum;
  const accepts = sum.adder.dfa.output;
  const Qout = Ql.dfa.output;
  return Array.from({ length: n }, (_, c) =>
    backwardReachable(
      X * A,
      (edge) => {
        for (let x = 0; x < X; x++) {
          if (coordinate[x]! & 1) continue;
          const own = coordinate[x]! >> 1 === c;
          for (let p = 0; p < b; p++) {
            const x1 = Ql.next(x, p);
            if (x1 < 0) continue;
            for (let q = 0; q < b; q++) {
              const x2 = Ql.next(x1, q);
              if (x2 < 0) continue;
              if (!own) {
                for (let a = 0; a < A; a++) edge(x * A + a, x2 * A + a);
                continue;
              }
              for (let a = 0; a < A; a++) {
                for (let m = 0; m < b; m++) {
                  const at = sum.at(a, m, p);
                  for (let e = start[at]!; e < start[at + 1]!; e += 2) if (choices[e] === q) edge(x * A + a, x2 * A + choices[e + 1]!);
                }
              }
            }
          }
        }
      },
      (key) => Qout[Math.floor(key / A)] !== 0 && accepts[key % A] !== 0,
    ),
  );
}

/** The moves m (n tracks, greedy expansions, msd) whose coordinate c is below g. */
export function coordinateBelow(sys: NumerationSystem, n: number, c: number, g: number): Dfa {
  const track = belowTrie(sys, g);
  const dig = letterDigits(sys.base, n);
  return minimise(
    buildDfa<string | null>(
      sys.base ** n,
      '',
      (node) => node ?? '#',
      (node, L) => (node === null ? null : track.step(node, dig[L * n + c]!)),
      (node) => (node !== null && track.words.has(node) ? 1 : 0),
    ),
  );
}

/** One track's expansions of 0 .. g - 1 as a trie: nodes are digit strings, the root (value 0) loops on leading zeros. */
function belowTrie(sys: NumerationSystem, g: number) {
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
  return { words, step };
}

/**
 * The moves m (n tracks, greedy expansions, msd) with some coordinate below g. A move to the
 * h-th element from the top of a chain below p is one: the next element up is not below p, so in
 * some coordinate p is less than h + 1 chain steps above the target.
 */
export function someCoordinateBelow(sys: NumerationSystem, n: number, g: number): Dfa {
  const b = sys.base;
  const { words, step } = belowTrie(sys, g);
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
