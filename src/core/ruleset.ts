/**
 * A ruleset in the sense of push-the-button, Definition 1.2.1: a map from a position to its options.
 * It says what the game *is*; solvers, tables and analyses are written once against it. Beside that it
 * may declare what it can do fast (`capabilities`): the analyses, pictures, the CLI and the explorer ask
 * for a capability and fall back to the general solver, and never ask for the ruleset's class.
 */
import type { KernelOptions, SequenceFingerprint } from './kernel.js';
import type { PeriodCertifier, Periodicity } from './period.js';
import type { PTable } from './ptable.js';
import type { Stop } from './stop.js';

/**
 * How positions of a ruleset are written, compared and shown.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface PositionDomain<P> {
  /** 'heaps' (number[]), 'word' (string), 'grid', 'push', 'sum', ... — used to pick the position parser. */
  readonly kind: string;
  /** A memo key; equal keys mean the same position (a ruleset may canonicalise, e.g. sort heaps). */
  key(p: P): string;
  /** Human form, in the position grammar of docs/specs.md. */
  format(p: P): string;
  /** Reads the position grammar of docs/specs.md; throws PositionError with a column. */
  parse(text: string): P;
}

/**
 * One summand of a position that splits into a disjunctive sum (seed push-the-button, Prop. 1.3.3).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface Component {
  readonly ruleset: Ruleset<any>;
  readonly position: unknown;
}

/**
 * Normal play (the player with no move loses) or misère play (the player with no move wins).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Convention = 'normal' | 'misere';

/**
 * What a game is: its positions (`domain`), the options of a position, how a position splits into a
 * disjunctive sum, and the capabilities it declares (docs/architecture.md).
 *
 * @remarks Since 0.1.0
 * @public
 */
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
  /** What this ruleset can do faster than the general solver (none when absent). */
  readonly capabilities?: Capabilities;
  /**
   * The family a ruleset belongs to, as the data that family's own analyses read (not a kernel): the extra
   * moves of Wythoff Nim with extra moves, the rules of a rewrite game. Read through wythoffMovesOf and
   * rewriteRulesOf.
   */
  readonly family?: FamilyData;
}

/**
 * What a ruleset is, for the analyses of its family: WYTHOFF with these extra moves (k,l), (l,k) besides
 * (maharaja-nim; the column table, bit strings, the telescope, dictionaries read them), or a rewrite game's
 * rules u -> v (taking-and-merging; enumeration by length, automata, `rewrite`).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type FamilyData =
  | { readonly kind: 'wythoff'; readonly extraMoves: readonly (readonly [number, number])[] }
  | { readonly kind: 'rewrite'; readonly rules: readonly { readonly lhs: string; readonly rhs: string }[] };

/**
 * The extra moves of a game of Wythoff Nim with extra moves (an empty list for WYTHOFF itself), else undefined.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function wythoffMovesOf(rs: Ruleset<any>): readonly (readonly [number, number])[] | undefined {
  return rs.family?.kind === 'wythoff' ? rs.family.extraMoves : undefined;
}

/**
 * The rules u -> v of a rewrite game, else undefined.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function rewriteRulesOf(rs: Ruleset<any>): readonly { readonly lhs: string; readonly rhs: string }[] | undefined {
  return rs.family?.kind === 'rewrite' ? rs.family.rules : undefined;
}

/**
 * What a ruleset can do fast, in the manner of CGSuite's TakeAndBreak overriding `traversal` and
 * `periodicityChecker`: each member is optional, and whoever asks falls back to the general machinery
 * (the solver, the generic table, the plain period search) when it is absent. A kernel lives beside its
 * ruleset in src/games; where it needs an analysis of another ruleset (a push compound needs the game
 * after its button), the analysis that asks hands it in (`SequenceOf`, `PeriodOf`), so that core and games
 * import no analysis. Compounds build their capabilities from their parts' (`beforeButton`, `misereForm`).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface Capabilities {
  /**
   * The Grundy value of a position by a closed form (normal play), or undefined where the form does not
   * apply: the solver memoises it without listing any option (Nim's value is its heap; a sum of such
   * parts is the XOR of theirs, by decompose). A form that builds a table first (Wythoff's) reads `signal`
   * while it builds and throws InterruptedError when it is raised.
   */
  readonly grundyOf?: (p: any, signal?: Stop) => number | undefined;
  /** The outcome of a position of a misère game by a closed form (misère Nim: Bouton), or undefined; used like grundyOf. */
  readonly misereOutcomeOf?: (p: any) => 'P' | 'N' | undefined;
  /** G(0..max) of one heap by a typed-array kernel; normal play only. */
  readonly sequence?: (max: number, options: SequenceKernelOptions, sequenceOf: SequenceOf) => KernelSequence;
  /** The sequence kernel keeps resumable checkpoints (SequenceKernelOptions.checkpoint); others ignore it. */
  readonly checkpoints?: boolean;
  /** The theorem that turns G(0..len-1) into a proof of a period (e.g. Guy–Smith); normal play only. */
  readonly certifier?: (periodOf: PeriodOf) => PeriodCertifier | undefined;
  /**
   * The P-positions of [0, max]^heaps by a kernel faster than the generic table, or undefined when it has
   * none for this many heaps (checked before any work). A stop throws InterruptedError with a TablePrefix.
   */
  readonly table?: (heaps: number, max: number, options: KernelOptions) => KernelTable | undefined;
  /** The picture the game suggests (plot's default kind). */
  readonly picture?: PictureKind;
  /** Its moves on two heaps as rays, by which push chains and misère forms of ray games compose (games/heaps/rays.ts). */
  readonly rays?: RayChain;
  /** The name under which the grid search (games/grids/named.ts) rebuilds and solves this game in a job's worker. */
  readonly gridSearch?: string;
  /** The capabilities of push(this, after) (seed push-the-button, Definition 2.0.1) that this ruleset, played first, gives. */
  readonly beforeButton?: (after: Ruleset<any>) => Capabilities | undefined;
  /** The capabilities of misere(this). */
  readonly misereForm?: () => Capabilities | undefined;
  /** What a compound is made of, for the generic table that fills it from its parts' rules. */
  readonly phases?: Phases;
}

/** What a sequence kernel takes besides a stop signal and progress; a kernel that cannot honour an option ignores it. */
export interface SequenceKernelOptions extends KernelOptions {
  /**
   * Stop at a certified period: `values` then end where the certificate closed, instead of being filled
   * up to max from the period (a summary needs no more).
   */
  stopAtPeriod?: boolean;
  /** Resumable checkpoints in this folder, written every `every` heaps (kernels that declare `checkpoints`). */
  checkpoint?: { dir: string; every?: number };
}

/**
 * G(0..max) from a sequence kernel, and the period it proved on the way (so that no one searches again).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface KernelSequence {
  values: ArrayLike<number>;
  /**
   * A certified period of `values`, when the kernel proved one. A kernel that searches for periods
   * itself (`searched`) gives its answer here even when nothing is certified (period null, and the
   * apparent period it follows, if any): the analysis then does not search again.
   */
  period?: Periodicity;
  /** The kernel looked for a period on these values itself. */
  searched?: boolean;
  fingerprint?: SequenceFingerprint;
  /** Heaps read back from a checkpoint (0 when the run started afresh). */
  resumedFrom?: number;
}

/**
 * A box of P-positions and the name of the kernel that filled it (reported as the `method`).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface KernelTable {
  table: PTable;
  method: string;
}

/**
 * G(0..max) of another one-heap ruleset by its fastest kernel: handed in by the analysis that asks, with
 * its own progress callback, stop signal and solver bound in.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type SequenceOf = (rs: Ruleset<any>, max: number) => ArrayLike<number>;

/**
 * The certified period of another one-heap ruleset, if one is found: handed in by the analysis that asks.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type PeriodOf = (rs: Ruleset<any>) => Periodicity;

/**
 * Two-heap moves the ray kernel follows: NIM's row and column, WYTHOFF's diagonal too (plus fixed extra moves, 4 per pair: k,l,l,k), EUCLID's multiples.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type RayMoves = { readonly kind: 'nim' } | { readonly kind: 'wythoff'; readonly extra: Int32Array } | { readonly kind: 'euclid' };

/**
 * A push chain B1 ⊙ B2 ⊙ ... of ray games (one part for a plain game), the last part possibly misère.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface RayChain {
  readonly parts: readonly RayMoves[];
  readonly misere: boolean;
}

/**
 * The pictures plot draws (plot's PLOT_KINDS).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type PictureKind = 'ppositions' | 'deviation' | 'values' | 'lengths' | 'counts' | 'sequence' | 'automaton';

/**
 * push(first, after): play `first`; the button leads to `after` on the same position (seed push-the-button,
 * Proposition 2.1.2 fills its table); misere(inner): the player with no move wins.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Phases = { readonly kind: 'push'; readonly first: Ruleset<any>; readonly after: Ruleset<any> } | { readonly kind: 'misere'; readonly inner: Ruleset<any> };

/**
 * Heap positions: the number of tokens in each heap.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Heaps = number[];
