/**
 * Stage 2 of the direct admissibility engine, the axis pass: when no move with a zero coordinate lies
 * in P - P, every such move to P is admissible (deciding-game-invariance, Lemma 12), and only the
 * positions without one can be bad.
 */
import { Dfa } from '../../automata/dfa.js';
import { minimise } from '../../automata/minimise.js';
import { determiniseTable, type TableNfa } from '../../automata/nfa.js';
import { difference } from '../../automata/ops.js';
import { LiveDfa, TupleProduct } from '../../automata/tuple-product.js';
import { deserialise, digitsRead, serialise, tupleOrder } from '../serial.js';
import { compareStep, letterDigits, noneGreater } from '../tuple-automata.js';
import { type DirectOptions, nfaLimits, subsetLimits } from './options.js';

/**
 * Moves with a zero coordinate, m ≠ 0 with some m_c = 0 (n tracks, msd): state = which coordinates
 * have shown a non-zero digit.
 */
export function axisMoves(b: number, n: number): Dfa {
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
 * The positions of R with no move to P along an axis: no q ∈ P with q <= p and q_c = p_c for some
 * coordinate c (p ∉ P, so q ≠ p). A move with a zero coordinate is m = p - q read off p and q
 * directly, so no adder is needed: an NFA over p guesses q through P and one comparison per
 * coordinate (O(|P| · 4^n) states). Read one digit at a time (`serialMoves`, the default), one
 * coordinate c at a time: q_c = p_c leaves q few choices (a value lies in one element of a chain),
 * so the subsets stay small where the guess of q among all elements below p made them large (G_4's
 * did not finish in 30 minutes).
 */
export function withoutAxisMove(P: Dfa, R: Dfa, b: number, n: number, options: DirectOptions): Dfa {
  if (!(options.serialMoves ?? true)) {
    const axis = determiniseTable(axisNfa(P, b, n, options), subsetLimits(options, 'bad'));
    options.log?.('subsets of the positions with an axis move to P', axis.states);
    return minimise(difference(R, axis.dfa!));
  }
  const order = tupleOrder(b, n);
  let left = R;
  for (let c = 0; c < n; c++) {
    const axis = determiniseTable(serialAxisNfa(P, b, n, order, c, options), subsetLimits(options, 'bad'));
    options.log?.(`subsets of the positions with a move to P keeping coordinate ${c}`, axis.states);
    left = minimise(difference(left, deserialise(minimise(axis.dfa!), b, order)));
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
  const Pl = new LiveDfa(P);
  // (P on q, q compared with p: two bits a coordinate).
  const axis = new TupleProduct('the axis moves', [Pl, 4 ** n]);
  const { from: s, to: t } = axis;
  const [p, q] = [new Int32Array(n), new Int32Array(n)];
  return axis.explore(
    K,
    [[P.start, 0]],
    (emit) => {
      for (let qL = 0; qL < K; qL++) {
        t[0] = Pl.next(s[0]!, qL);
        if (t[0] < 0) continue;
        for (let c = 0; c < n; c++) q[c] = dig[qL * n + c]!;
        for (let pL = 0; pL < K; pL++) {
          for (let c = 0; c < n; c++) p[c] = dig[pL * n + c]!;
          t[1] = compareStep(s[1]!, q, p, n);
          if (noneGreater(t[1], n)) emit(pL);
        }
      }
    },
    { ...nfaLimits(options), accepting: (tuple) => someCoordinateEqual(tuple[1]!, n) },
  );
}

/**
 * The positions p with some q ∈ P, q <= p, q_c = p_c, one digit at a time: p_j read, q_j guessed
 * through P read in `order` (equal to p_j when j = c, else compared), j = 0..n-1.
 */
function serialAxisNfa(P: Dfa, b: number, n: number, order: Int32Array, c: number, options: DirectOptions): TableNfa {
  const Ps = serialise(P, b, order);
  const Pl = new LiveDfa(Ps);
  const coordinate = digitsRead(Ps, P.stateCount, n);
  // (P on q, bit j: q_j < p_j decided; until then the digits are equal).
  const axis = new TupleProduct('the axis moves', [Pl, 2 ** n]);
  const { from: s, to: t } = axis;
  return axis.explore(
    b,
    [[P.start, 0]],
    (emit) => {
      const j = coordinate[s[0]!]!;
      const less = s[1]!;
      for (let p = 0; p < b; p++) {
        if (j === c) {
          t[0] = Pl.next(s[0]!, p);
          if (t[0] >= 0) emit(p);
          continue;
        }
        const decided = (less >> j) & 1;
        for (let q = 0; q <= (decided ? b - 1 : p); q++) {
          t[0] = Pl.next(s[0]!, q);
          if (t[0] < 0) continue;
          t[1] = q < p ? less | (1 << j) : less;
          emit(p);
        }
      }
    },
    nfaLimits(options),
  );
}
