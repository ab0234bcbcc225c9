/**
 * A ruleset in the sense of push-the-button, Definition 1.2.1: a map from a position to its options.
 * It declares only what the game *is*; solvers, tables and analyses are written once against it.
 */

/** How positions of a ruleset are written, compared and shown. */
export interface PositionDomain<P> {
  /** 'heaps' (number[]), 'word' (string), 'grid', 'push', 'sum', ... — used to pick the position parser. */
  readonly kind: string;
  /** A memo key; equal keys mean the same position (a ruleset may canonicalise, e.g. sort heaps). */
  key(p: P): string;
  /** Human form, in the position grammar of spec/CLI.md. */
  format(p: P): string;
  /** Reads the position grammar of spec/CLI.md; throws PositionError with a column. */
  parse(text: string): P;
}

/** One summand of a position that splits into a disjunctive sum (seed push-the-button, Prop. 1.3.3). */
export interface Component {
  readonly ruleset: Ruleset<any>;
  readonly position: unknown;
}

export type Convention = 'normal' | 'misere';

export interface Ruleset<P> {
  /** The canonical spec text of this ruleset, e.g. `push(nim,euclid)`. */
  readonly name: string;
  readonly domain: PositionDomain<P>;
  /**
   * Normal: the player with no move loses. Misère: the player with no move wins. Only the outcome
   * of a misère game is defined here (its Grundy value is not the normal-play one).
   */
  readonly convention: Convention;
  /** The options of p (duplicates allowed). Must be finite. */
  options(p: P): P[];
  /**
   * When p is a disjunctive sum of independent parts, those parts; otherwise undefined. A single part
   * hands p over to another ruleset's memo (e.g. a push compound after its last button). Normal play
   * only: the solver XORs the parts' values (Sprague–Grundy).
   */
  decompose?(p: P): Component[] | undefined;
  /** Why p is not a legal position of this ruleset (e.g. wrong number of heaps), or undefined. */
  validate?(p: P): string | undefined;
  /**
   * True when every play is known to be finite (e.g. each move strictly shrinks something).
   * False for rulesets that may loop; the solver then needs an explicit depth bound.
   */
  readonly terminating: boolean;
  /** The number of heaps every position has, for games played on a fixed number of heaps. */
  readonly heapCount?: number;
}

/** Heap positions: the number of tokens in each heap. */
export type Heaps = number[];
