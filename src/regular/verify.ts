/**
 * Machine proofs that a Moore machine computes the Grundy function of a rewrite game, for all words,
 * by seed taking-and-merging, Lemma 2: the classes L_i = {w : M(w) = i} are stable (no move stays
 * inside a class) and absorbing (for i > j, every word of L_i has a move into L_j). Together they
 * say M(w) = mex{M(w') : w -> w'} for every word w, which is what is decided here, with automata:
 * the rewrite transducer composed with M on its output tape and projected onto its input tape is an
 * NFA whose subsets (reached on w) know the classes of all options of w; a breadth-first search over
 * (state of M, subset), built on the fly, is the emptiness check for a bad pair, and its first bad
 * pair gives a shortest counterexample word.
 */
import type { Alphabet } from '../automata/alphabet.js';
import type { Dfa } from '../automata/dfa.js';
import { determinise, type Nfa } from '../automata/nfa.js';
import { product, shortestWitness } from '../automata/ops.js';
import { preimage, type Transducer } from '../automata/transducer.js';
import { InputError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import { rewriteTransducer, terminationWeights } from './rewrite-transducer.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export type Violation =
  /** A move from `word` to `option`, both in class `value`. */
  | { kind: 'stability'; word: string; value: number; option: string }
  /** `word` is in class `value` but has no move into class `missing` < value. */
  | { kind: 'absorption'; word: string; value: number; missing: number };

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface Certificate {
  /** States of the machine that was proved. */
  states: number;
  /** The classes, exactly 0..K (for a P-position automaton: [0]). */
  grundyValues: number[];
  /** Subsets of the move automaton met (its determinised states). */
  subsets: number;
  /** Pairs (state of the machine, subset) checked: all of them are good. */
  productStates: number;
  /** Letter weights that every rule decreases: every play ends, as Lemma 2 requires. */
  terminationWeights: number[];
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export type Verdict = { verified: true; certificate: Certificate } | { verified: false; violation: Violation };

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface VerifyOptions {
  /** Cap on the pairs (machine state, subset) explored (default 1 000 000); past it a LimitError. */
  maxStates?: number | undefined;
}

/**
 * The rewrite game the machine is claimed to solve.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface RewriteSystem {
  readonly rules: readonly RewriteRule[];
  readonly alphabet: Alphabet;
}

function weightsOrThrow(game: RewriteSystem): number[] {
  const w = terminationWeights(game.rules, game.alphabet);
  if (!w) {
    throw new InputError(
      'no letter weights decrease under every rule, so the game is not known to terminate: Lemma 2 needs a terminating game',
    );
  }
  return w;
}

function checkOutputs(machine: Dfa): number[] {
  const values = machine.reachableOutputs();
  if (values[0]! < 0) throw new InputError(`the machine outputs ${values[0]}, which is no Grundy value`);
  return values;
}

/** Order on (length, letters): the shorter counterexample wins. */
function shortlexLess(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return a.length < b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

function mexOf(values: Iterable<number>): number {
  const seen = new Set(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

/**
 * 'grundy': bad iff M(w) != mex of the options' outputs. 'p': M accepts the P-positions (output != 0);
 * bad iff w is accepted exactly when some option is accepted.
 */
type Mode = 'grundy' | 'p';

interface Search {
  word: number[] | undefined;
  subsets: number;
  pairs: number;
}

/**
 * Breadth-first search over pairs (state of M, subset of the move NFA) for a bad pair.
 * O(pairs * k * NFA edges); the pairs are at most n 2^(|T| n), in practice a small multiple of n.
 */
function searchBad(machine: Dfa, moves: Nfa, n: number, mode: Mode, maxPairs: number): Search {
  const k = machine.alphabetSize;
  const subsetIndex = new Map<string, number>();
  const subsets: number[][] = [];
  /** Per subset: mex of the options' outputs (grundy) or 1 if an option is accepted, else 0 (p). */
  const summary: number[] = [];
  const subsetNext: number[] = [];
  const intern = (set: Set<number>): number => {
    const sorted = [...set].sort((x, y) => x - y);
    const key = sorted.join(',');
    let id = subsetIndex.get(key);
    if (id === undefined) {
      id = subsets.length;
      subsetIndex.set(key, id);
      subsets.push(sorted);
      // NFA state (t, q) = t * n + q: t final means one rewrite is done, q = M's state on the option.
      const outs = sorted.filter((s) => moves.accepting[s]).map((s) => machine.output[s % n]!);
      summary.push(mode === 'grundy' ? mexOf(outs) : outs.some((o) => o !== 0) ? 1 : 0);
    }
    return id;
  };
  const successor = (sub: number, a: number): number => {
    let id = subsetNext[sub * k + a];
    if (id === undefined) {
      id = intern(moves.closure(moves.step(subsets[sub]!, a)));
      subsetNext[sub * k + a] = id;
    }
    return id;
  };
  const isBad = (p: number, sub: number): boolean =>
    mode === 'grundy' ? machine.output[p] !== summary[sub] : (machine.output[p] !== 0) === (summary[sub] === 1);

  const start = intern(moves.closure(moves.starts));
  const pairIndex = new Map<number, number>();
  const pairP: number[] = [];
  const pairS: number[] = [];
  const parent: number[] = [];
  const via: number[] = [];
  const add = (p: number, sub: number, from: number, a: number) => {
    const key = sub * n + p;
    if (pairIndex.has(key)) return;
    if (pairP.length >= maxPairs) {
      throw new LimitError(`the Lemma-2 check passed ${maxPairs} product states; raise the cap`, 'lemma2Pairs', pairP.length);
    }
    pairIndex.set(key, pairP.length);
    pairP.push(p);
    pairS.push(sub);
    parent.push(from);
    via.push(a);
  };
  add(machine.start, start, -1, -1);
  for (let i = 0; i < pairP.length; i++) {
    const p = pairP[i]!;
    const sub = pairS[i]!;
    if (isBad(p, sub)) {
      const word: number[] = [];
      for (let j = i; parent[j] !== -1; j = parent[j]!) word.push(via[j]!);
      return { word: word.reverse(), subsets: subsets.length, pairs: pairP.length };
    }
    for (let a = 0; a < k; a++) add(machine.next(p, a), successor(sub, a), i, a);
  }
  return { word: undefined, subsets: subsets.length, pairs: pairP.length };
}

function describe(word: number[], game: RewriteSystem, machine: Dfa, t: Transducer, mode: Mode): Violation {
  const text = game.alphabet.decode(word);
  const options = t.apply(word);
  const classOf = (w: readonly number[]) => (mode === 'grundy' ? machine.value(w) : machine.accepts(w) ? 0 : 1);
  const value = classOf(word);
  const same = options.find((o) => classOf(o) === value);
  if (same && (mode === 'grundy' || value === 0)) return { kind: 'stability', word: text, value, option: game.alphabet.decode(same) };
  return { kind: 'absorption', word: text, value, missing: mode === 'grundy' ? mexOf(options.map(classOf)) : 0 };
}

function verify(game: RewriteSystem, machine: Dfa, mode: Mode, options: VerifyOptions): Verdict {
  const weights = weightsOrThrow(game);
  const values = checkOutputs(machine);
  const t = rewriteTransducer(game.rules, game.alphabet);
  const n = machine.stateCount;
  const moves = preimage(t, machine, () => true);
  const found = searchBad(machine, moves, n, mode, options.maxStates ?? limitDefault('lemma2Pairs'));
  if (found.word) return { verified: false, violation: describe(found.word, game, machine, t, mode) };
  // No bad pair: every class is exactly the mex of its options, so the outputs (a downward-closed
  // set of mex values) are exactly 0..K.
  return {
    verified: true,
    certificate: {
      states: n,
      grundyValues: mode === 'grundy' ? values : [0],
      subsets: found.subsets,
      productStates: found.pairs,
      terminationWeights: weights,
    },
  };
}

/**
 * Decides whether `machine` computes the Grundy function of the game on every word (seed
 * taking-and-merging, Lemma 2), returning a certificate summary or a shortest violation: a word w
 * with M(w) != mex{M(w') : w -> w'}, shortlex-least among the shortest. Throws InputError when the
 * game is not known to terminate or the machine outputs a negative value, LimitError past the cap.
 * O(pairs * k * |T| n) for the pairs (state, subset) reached.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function verifyGrundyAutomaton(game: RewriteSystem, machine: Dfa, options: VerifyOptions = {}): Verdict {
  return verify(game, machine, 'grundy', options);
}

/**
 * The two-class version (seed taking-and-merging, Theorem 15): `pPositions` accepts exactly the
 * P-positions iff no move joins two accepted words (stability of L_0) and every rejected word has a
 * move to an accepted one (absorption). Says nothing about the other Grundy classes.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function verifyPPositions(game: RewriteSystem, pPositions: Dfa, options: VerifyOptions = {}): Verdict {
  return verify(game, pPositions, 'p', options);
}

/**
 * The same decision, class by class with the general operations, as Lemma 2 is stated: for each j,
 * the words with a move into L_j are determinised (preimage = composition and projection), the
 * product with M is formed, and its emptiness of bad states is checked (stability: L_j meets it;
 * absorption: L_i, i > j, leaves it). Slower; kept as the plain reference for the fast search.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function verifyGrundyAutomatonByClasses(game: RewriteSystem, machine: Dfa, options: VerifyOptions = {}): Verdict {
  const weights = weightsOrThrow(game);
  const values = checkOutputs(machine);
  const t = rewriteTransducer(game.rules, game.alphabet);
  const top = values[values.length - 1]!;
  let best: number[] | undefined;
  let subsets = 0;
  let pairs = 0;
  for (let j = 0; j <= top; j++) {
    const intoJ = determinise(preimage(t, machine, (o) => o === j), { maxStates: options.maxStates ?? limitDefault('lemma2Pairs') });
    const check = product(machine, intoJ, (o, hasMove) => ((o === j && hasMove) || (o > j && !hasMove) ? 1 : 0));
    subsets += intoJ.stateCount;
    pairs += check.stateCount;
    const word = shortestWitness(check);
    if (word && (!best || shortlexLess(word, best))) best = word;
  }
  if (best) return { verified: false, violation: describe(best, game, machine, t, 'grundy') };
  return {
    verified: true,
    certificate: { states: machine.stateCount, grundyValues: values, subsets, productStates: pairs, terminationWeights: weights },
  };
}
