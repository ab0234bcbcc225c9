/**
 * Machine proofs that a Moore machine computes the Grundy function of a rewrite game, for all words,
 * by seed taking-and-merging, Lemma 2: the classes L_i = {w : M(w) = i} are stable (no move stays
 * inside a class) and absorbing (for i > j, every word of L_i has a move into L_j). Both are
 * decided with automata: the words with a move into L_j are the preimage of L_j under the rewrite
 * transducer (composition, then projection onto the input tape); determinise it, take the product
 * with M, and ask for a shortest word in a bad state (emptiness with a witness).
 */
import type { Alphabet } from '../automata/alphabet.js';
import type { Dfa } from '../automata/dfa.js';
import { determinise } from '../automata/nfa.js';
import { product, shortestWitness } from '../automata/ops.js';
import { preimage, type Transducer } from '../automata/transducer.js';
import { InputError } from '../core/errors.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import { rewriteTransducer, terminationWeights } from './rewrite-transducer.js';

export type Violation =
  /** A move from `word` to `option`, both in class `value`. */
  | { kind: 'stability'; word: string; value: number; option: string }
  /** `word` is in class `value` but has no move into class `missing` < value. */
  | { kind: 'absorption'; word: string; value: number; missing: number };

export interface Certificate {
  /** States of the machine that was proved. */
  states: number;
  /** The classes, exactly 0..K. */
  grundyValues: number[];
  /** Per class j: states of the determinised automaton of the words with a move into L_j. */
  preimageStates: number[];
  /** Per class j: states of its product with the machine, every one of them checked. */
  productStates: number[];
  /** Letter weights that every rule decreases: every play ends, as Lemma 2 requires. */
  terminationWeights: number[];
}

export type Verdict = { verified: true; certificate: Certificate } | { verified: false; violation: Violation };

export interface VerifyOptions {
  /** Cap on the states of each determinised preimage (default 200 000); past it a LimitError. */
  maxStates?: number;
}

/** The rewrite game the machine is claimed to solve. */
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

/** Lexicographic order on (length, letters): the shorter counterexample wins. */
function shortlexLess(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return a.length < b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

interface Found {
  word: number[];
  /** 1 = stability violated for class j, 2 = absorption into j violated. */
  code: number;
  j: number;
}

/**
 * Checks classes j in `targets` of the class function `classOf` on M's outputs: a word in class j
 * with a move into class j breaks stability; a word of class i > j with no move into j (when
 * `absorbAbove` says i must be absorbed) breaks absorption. Returns the shortest bad word.
 */
function checkClasses(
  machine: Dfa,
  t: Transducer,
  targets: readonly number[],
  classOf: (output: number) => number,
  options: VerifyOptions,
  stats: { preimage: number[]; product: number[] },
): Found | undefined {
  let best: Found | undefined;
  for (const j of targets) {
    const intoJ = determinise(preimage(t, machine, (o) => classOf(o) === j), { maxStates: options.maxStates ?? 200_000 });
    const check = product(machine, intoJ, (o, hasMove) => {
      const c = classOf(o);
      if (c === j && hasMove) return 1;
      if (c > j && !hasMove) return 2;
      return 0;
    });
    stats.preimage.push(intoJ.stateCount);
    stats.product.push(check.stateCount);
    const word = shortestWitness(check);
    if (word && (!best || shortlexLess(word, best.word))) best = { word, code: check.value(word), j };
  }
  return best;
}

/**
 * Decides whether `machine` computes the Grundy function of the game on every word (seed
 * taking-and-merging, Lemma 2), returning a certificate summary or the shortest violation.
 * The violation is a shortest word w with M(w) != mex{M(w') : w -> w'}. O(K * 2^(|T| n)) in the
 * worst case for n states and K classes; in practice the preimages stay near |T| n states. Throws
 * InputError when the game is not known to terminate or the machine outputs a negative value.
 */
export function verifyGrundyAutomaton(game: RewriteSystem, machine: Dfa, options: VerifyOptions = {}): Verdict {
  const weights = weightsOrThrow(game);
  const t = rewriteTransducer(game.rules, game.alphabet);
  const values = machine.reachableOutputs();
  if (values[0]! < 0) throw new InputError(`the machine outputs ${values[0]}, which is no Grundy value`);
  // Every class 0..K is checked, empty ones too: an empty class j < K shows up as a word of class K
  // without a move into j, so a proof also shows that the classes are exactly 0..K.
  const top = values[values.length - 1] ?? 0;
  const classes = Array.from({ length: top + 1 }, (_, j) => j);
  const stats = { preimage: [] as number[], product: [] as number[] };
  const found = checkClasses(machine, t, classes, (o) => o, options, stats);
  if (found) return { verified: false, violation: describe(found, game, machine, t, (o) => o) };
  return {
    verified: true,
    certificate: {
      states: machine.stateCount,
      grundyValues: classes,
      preimageStates: stats.preimage,
      productStates: stats.product,
      terminationWeights: weights,
    },
  };
}

/**
 * The two-class version (seed taking-and-merging, Theorem 15): `pPositions` accepts exactly the
 * P-positions iff no move joins two accepted words (stability of L_0) and every rejected word has a
 * move to an accepted one (absorption). Says nothing about the other Grundy classes.
 */
export function verifyPPositions(game: RewriteSystem, pPositions: Dfa, options: VerifyOptions = {}): Verdict {
  const weights = weightsOrThrow(game);
  const t = rewriteTransducer(game.rules, game.alphabet);
  const classOf = (o: number) => (o !== 0 ? 0 : 1);
  const stats = { preimage: [] as number[], product: [] as number[] };
  const found = checkClasses(pPositions, t, [0], classOf, options, stats);
  if (found) return { verified: false, violation: describe(found, game, pPositions, t, classOf) };
  return {
    verified: true,
    certificate: {
      states: pPositions.stateCount,
      grundyValues: [0],
      preimageStates: stats.preimage,
      productStates: stats.product,
      terminationWeights: weights,
    },
  };
}

function describe(found: Found, game: RewriteSystem, machine: Dfa, t: Transducer, classOf: (o: number) => number): Violation {
  const word = game.alphabet.decode(found.word);
  const value = classOf(machine.value(found.word));
  if (found.code === 1) {
    const option = t.apply(found.word).find((w) => classOf(machine.value(w)) === found.j) ?? [];
    return { kind: 'stability', word, value, option: game.alphabet.decode(option) };
  }
  return { kind: 'absorption', word, value, missing: found.j };
}
