/**
 * Walnut's incidence matrices (`eval NAME i n "φ"`, the `.mpl` file): for the listed free variables
 * and each tuple of their digit values, the matrix M whose entry [p][q] counts the transitions from
 * p to q that read those digits on the listed tracks (any digits on the other tracks). With the
 * initial vector v and the final vector w, v · M_{d1} · … · M_{dk} · w counts the accepted words whose
 * listed tracks read d1 … dk: for `i n` and φ(i, n), the number of i with φ(i, n) of that length.
 * The states are numbered as in Walnut's automaton files (canonical breadth-first order, states
 * that cannot accept dropped), so the text matches Walnut's byte for byte.
 */
import { InputError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { Dfa } from '../automata/dfa.js';
import { type Track, radixOf } from './predicate.js';
import { canonicalStates, letterDigits } from './walnut-format.js';

/** One matrix: the listed variables read `values` (in the listed order). */
export interface IncidenceMatrix {
  values: number[];
  /** Row-major Q×Q counts: entries[p * Q + q]. */
  entries: Int32Array;
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface IncidenceMatrices {
  /** The listed variables, in the order given (which is also the order of the names and values). */
  variables: string[];
  /** Q, the number of states (canonical numbering). */
  states: number;
  /** Indicator of the initial state (always state 0). */
  initial: Uint8Array;
  /** Indicator of the accepting states. */
  final: Uint8Array;
  /** One matrix per tuple of values, the first listed variable varying slowest, each in its track's alphabet order. */
  matrices: IncidenceMatrix[];
}

export interface IncidenceOptions {
  /** Most matrix entries in all (Q² times the number of value tuples); default 20 000 000. */
  maxEntries?: number;
}

/** The digit values a track can read, in the order of its alphabet (Walnut's `A` list). */
function trackValues(t: Track): number[] {
  return t.system ? Array.from({ length: radixOf(t) }, (_, d) => d) : [...t.alphabet!];
}

/** All tuples of the lists, the first list varying slowest (Walnut's order, case 374: 0_0, 0_1, 1_0, 1_1). */
function tuples(lists: readonly number[][]): number[][] {
  let out: number[][] = [[]];
  for (const list of lists) {
    const next: number[][] = [];
    for (const prefix of out) for (const v of list) next.push([...prefix, v]);
    out = next;
  }
  return out;
}

/**
 * The incidence matrices of an acceptor over `tracks` for the listed variables. A name that is not a
 * track is Walnut's error; so is an automaton without tracks (a sentence).
 * O(Q k + Q² · tuples) time and memory.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function incidenceMatrices(tracks: readonly Track[], dfa: Dfa, variables: readonly string[], options: IncidenceOptions = {}): IncidenceMatrices {
  if (tracks.length === 0) throw new InputError('incidence matrices cannot be calculated, because the automaton does not have a free variable.');
  for (const v of variables) {
    if (!tracks.some((t) => t.name === v)) throw new InputError(`incidence matrices for the variable ${v} cannot be calculated, because ${v} is not a free variable.`);
  }
  const indices = variables.map((v) => tracks.findIndex((t) => t.name === v));
  const { order, number } = canonicalStates(dfa);
  // An automaton with an empty language is Walnut's one rejecting state without transitions.
  const Q = Math.max(1, order.length);
  const valueTuples = tuples(indices.map((i) => trackValues(tracks[i]!)));
  const maxEntries = options.maxEntries ?? limitDefault('matrixEntries');
  if (Q * Q * valueTuples.length > maxEntries) {
    throw new LimitError(`incidence matrices: ${valueTuples.length} matrices of ${Q}×${Q} exceed ${maxEntries} entries`, 'matrixEntries');
  }
  const slot = new Map(valueTuples.map((t, i) => [t.join(','), i]));
  // The matrix each packed letter counts in, from its digits on the listed tracks.
  const letterSlot = new Int32Array(dfa.alphabetSize);
  for (let L = 0; L < dfa.alphabetSize; L++) {
    const digits = letterDigits(tracks, L);
    letterSlot[L] = slot.get(indices.map((i) => digits[i]).join(','))!;
  }
  const matrices = valueTuples.map((values) => ({ values, entries: new Int32Array(Q * Q) }));
  for (let p = 0; p < order.length; p++) {
    const s = order[p]!;
    for (let L = 0; L < dfa.alphabetSize; L++) {
      const q = number[dfa.next(s, L)]!;
      if (q >= 0) matrices[letterSlot[L]!]!.entries[p * Q + q]!++;
    }
  }
  const initial = new Uint8Array(Q);
  initial[0] = 1;
  const final = new Uint8Array(Q);
  order.forEach((s, p) => {
    final[p] = dfa.output[s] !== 0 ? 1 : 0;
  });
  return { variables: [...variables], states: Q, initial, final, matrices };
}

/**
 * The Maple name of a matrix, e.g. `M_i_n_0_1`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function matrixName(variables: readonly string[], values: readonly number[]): string {
  return `M_${variables.join('_')}_${values.join('_')}`;
}

/**
 * Walnut's `.mpl` text: the vectors v and w, one `Matrix([[…],…])` per value tuple, and the loop that
 * multiplies v by the all-zero matrix Q times (so that v · M … · w also counts words with leading
 * zeros; Walnut writes `_0` for every variable whatever its alphabet).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function formatMaple(m: IncidenceMatrices): string {
  const Q = m.states;
  const lines: string[] = [
    'with(ArrayTools):',
    '# The row vector v denotes the indicator vector of the (singleton)',
    '# set of initial states.',
    `v := Vector[row]([${[...m.initial].join(',')}]);`,
    '',
    '# In what follows, the M_i_x, for a free variable i and a value x, denotes',
    '# an incidence matrix of the underlying graph of (the automaton of)',
    '# the predicate in the query.',
    '# For every pair of states p and q, the entry M_i_x[p][q] denotes the number of',
    '# transitions with i=x from p to q.',
  ];
  for (const { values, entries } of m.matrices) {
    const rows: string[] = [];
    for (let p = 0; p < Q; p++) rows.push(`[${[...entries.subarray(p * Q, (p + 1) * Q)].join(',')}]`);
    lines.push('', `${matrixName(m.variables, values)} := Matrix([${rows.join(',\n')}]);`);
  }
  lines.push(
    '',
    '# The column vector w denotes the indicator vector of the',
    '# set of final states.',
    `w := Vector[column]([${[...m.final].join(',')}]);`,
    '',
    `for i from 1 to Size(v)[2] do v := v.${matrixName(m.variables, m.variables.map(() => 0))}; od; #fix up v by multiplying`,
  );
  return lines.join('\n') + '\n';
}
