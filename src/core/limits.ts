/**
 * Every cap a computation can hit, in one table (the shape of fast-check's `Parameters`: each limit, its
 * default and what it bounds, documented in one place). A `LimitError` names its row; the library reads its
 * defaults from here; the CLI names the flag that raises a limit from here (docs/limits.md prints the table).
 *
 * A row whose `fixed` is true is a bound of a representation (a typed array's index range, a key packed into
 * a double, a value stored in a byte): no option raises it.
 */

/**
 * One row of the limits table: a cap's default, what it bounds, and the flags that raise it.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface LimitSpec {
  /** The default cap, or null when it depends on the run (the machine's memory, the user's bound). */
  readonly default: number | null;
  /** The default as a reader writes it (e.g. `5 M`, `2^32`, `half the memory, at most 2 GiB`). */
  readonly shown: string;
  /** What it bounds. */
  readonly bounds: string;
  /** True for a bound of a representation that no option raises. */
  readonly fixed?: boolean;
  /** The command-line flag that raises it, by command. */
  readonly flags?: Readonly<Record<string, string>>;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export const LIMITS = {
  // Automata (src/automata): each kernel's own default; callers with their own cap pass it, and its name.
  productStates: { default: 1_000_000, shown: '1 M', bounds: 'pairs of states of one product automaton (automata/ops.ts product)' },
  builtStates: { default: 2_000_000, shown: '2 M', bounds: 'states of an automaton built from keys (automata/build.ts buildDfa: validity automata, adders)' },
  determiniseSubsets: { default: 100_000, shown: '100 k', bounds: 'subsets of the determinisation of a small NFA (automata/nfa.ts determinise)' },
  languageStates: {
    default: 1_000_000,
    shown: '1 M',
    bounds: 'states of a language operation: concatenation, star, quotient, reversal, transduction (automata/language.ts, numeration reversal, logic transducers)',
  },
  nfaStates: {
    default: 20_000_000,
    shown: '20 M',
    bounds: 'states of an NFA explored on the fly (automata/nfa.ts exploreNfa, automata/tuple-product.ts), unless the caller names a cap of its own',
  },
  subsets: {
    default: 5_000_000,
    shown: '5 M',
    bounds: 'subsets of one table subset construction or projection (automata/nfa.ts determiniseTable, automata/projection.ts existsMinimal)',
    flags: { admissible: '--max-subsets' },
  },
  subsetBytes: {
    default: null,
    shown: 'no budget',
    bounds: 'bytes one subset construction of the layer passes holds in its subset store (automata/subset-store.ts); past it the subsets spill to a folder, or without one the pass stops',
    flags: { admissible: '--max-bytes' },
  },
  storedSubsets: { default: 2 ** 31 - 1, shown: '2^31 - 1', fixed: true, bounds: 'subsets one subset store numbers (a 32-bit index)' },
  transitions: { default: 2 ** 32, shown: '2^32', fixed: true, bounds: 'transitions of one automaton table (minimisation, a subset automaton: 2^31)' },
  keySpace: { default: 2 ** 53, shown: '2^53', fixed: true, bounds: 'tuples of states packed into one number key (exact up to 2^53)' },
  // The logic engine (src/logic).
  logicStates: {
    default: 2_000_000,
    shown: '2 M',
    bounds: 'states of any intermediate automaton of the Walnut-style logic engine (its products and projections)',
    flags: { logic: '--max-states' },
  },
  logicTable: { default: 60_000_000, shown: '60 M', fixed: true, bounds: 'transitions of one table held in a plain array: a projection of the logic engine, an automaton built from keys (a plain array holds no more)' },
  numerationBase: {
    default: 1024,
    shown: '1024',
    fixed: true,
    bounds: 'the base, or the largest coefficient, of a numeration system named msd_K, lsd_K, lin_..., neg_K (a formula over t variables reads base^t letters)',
  },
  logicTestWords: { default: 100_000, shown: '100 k', fixed: true, bounds: 'inputs the logic `test NAME n` command lists' },
  ostrowskiQuotient: {
    default: 64,
    shown: '64',
    fixed: true,
    bounds: 'the largest partial quotient of an `ost` continued fraction (its adder reads (d+1)^3 letters over about 36 d^2 sums per position)',
  },
  // The logic admissibility engine (src/logic/admissibility, src/logic/chains.ts): caps of its own.
  admissibilityNfaStates: {
    default: 30_000_000,
    shown: '30 M',
    bounds: "states of each NFA the logic admissibility engine explores (P - P, the moves to the chain tops, the axis pass; G_3's reach 45 M); a larger --max-subsets lifts it along",
    flags: { admissible: '--max-subsets' },
  },
  stuckProduct: {
    default: 50_000_000,
    shown: '50 M',
    bounds: 'pairs of states of the product of the candidates with their admissible moves, in a layer pass of the logic admissibility engine',
  },
  throughCandidates: {
    default: 1_000_000,
    shown: '1 M',
    bounds: 'subsets of a layer pass of the logic admissibility engine built through the candidates; past it the pass builds them without the candidates (no error)',
  },
  logicLetters: {
    default: 2 ** 20,
    shown: '2^20',
    fixed: true,
    bounds: "letters of an automaton of the logic engine: the product of its tracks' bases (t variables in base b read b^t; every state's row of the table holds one entry per letter)",
  },
  formulaNesting: {
    default: 1000,
    shown: '1000',
    fixed: true,
    bounds: 'nesting of one logic formula (groups, operators, and chains of operators: a & b & c ... counts each) or of the groups of a reg expression; the parsers and the compiler recurse through it',
  },
  matrixEntries: { default: 20_000_000, shown: '20 M', bounds: "entries of Walnut's incidence matrices (logic eval NAME VAR... \"φ\")" },
  // Grundy automata (src/regular).
  lemma2Pairs: { default: 1_000_000, shown: '1 M', bounds: 'pairs (machine state, subset) explored by the Lemma-2 proof of a Grundy automaton' },
  learnerRuleLetters: {
    default: 128,
    shown: '128',
    bounds: 'letters of the rules (both sides, all rules) of a rewrite game the automaton learner takes: each round reads them through a transducer (at 200 states, rules of 100 letters take 5 s, of 200 letters 50 s)',
    flags: { automaton: '--max-rule-letters' },
  },
  zeckendorfStates: { default: 20_000, shown: '20 000', bounds: 'states of a DFAO learned over Zeckendorf digits from a table (numeration/zeckendorf-learner.ts: a Wythoff-family game\'s P-positions as a Fibonacci automaton)' },
  zeckendorfRounds: { default: 12, shown: '12', bounds: 'rounds of counterexamples the Zeckendorf DFAO learner takes before it gives up (each adds the suffixes that split a class)' },
  transducerOutputs: { default: 100_000, shown: '100 k', bounds: 'outputs of a transducer on one word (automata/transducer.ts apply)' },
  // Game specs (src/spec).
  specNesting: { default: 100, shown: '100', fixed: true, bounds: 'compounds nested in one game spec (sum(push(...)): the parser and the rulesets recurse through them)' },
  // The general solver and the heap games.
  positions: { default: 15_000_000, shown: '15 M', bounds: 'positions memoised by the general solver (core/solver.ts)' },
  depth: {
    default: null,
    shown: 'none (games known to terminate need none)',
    bounds: 'the longest play explored in a game not known to terminate, or the longest chain of same-length rewrite moves',
    flags: { grundy: '--max-depth', sequence: '--max-depth', ppositions: '--max-depth', plot: '--max-depth', lengths: '--max-depth' },
  },
  wythoffValuesSide: {
    default: 32_768,
    shown: '32 768 (2^15)',
    fixed: true,
    bounds:
      "side N of the square [0,N]^2 of a Wythoff-family game's Grundy values that its table gives (games/heaps/wythoff-values.ts: the triangle x >= y at 4 bytes a value, 2 GiB, plus 0.8 GiB while it is built); past it the solver searches the box below the position, refused up front past `positions`",
  },
  tableCells: { default: 2 ** 32, shown: '2^32', fixed: true, bounds: 'cells of one P-position table [0,N]^heaps (core/ptable.ts)' },
  pairWords: {
    default: 2 ** 27,
    shown: '2^27 (512 MiB)',
    bounds: '32-bit words of the pair sets of the hexadecimal kernel (games/heaps/take-and-break/pair-set.ts)',
  },
  conjectureColumns: {
    default: 2 ** 28,
    shown: '2^28',
    bounds: 'columns of all the tables of conjecture41 together (pairs (k,l) with l <= L times N; about 30 ns a column, the default L = 12 and N = 10^6 make 6.6e7)',
    flags: { conjecture41: '--max-columns' },
  },
  margin: { default: 2 ** 14, shown: '2^14', fixed: true, bounds: 'bits of look-ahead for a certain word boundary in the telescope oracle (maharaja-nim, section 5.2)' },
  telescopeDigits: {
    default: 5000,
    shown: '5000',
    bounds: 'decimal digits of a column the telescope oracle takes (its time grows about as digits^2.6: 5000 digits take about 8 s, 10 000 about 45 s)',
    flags: { telescope: '--max-digits' },
  },
  // Invariance (src/invariance, src/words).
  boxCells: { default: 64_000_000, shown: '64 M', bounds: 'cells of a box [0,N]^n tabulated for admissibility or a set P_w (one byte each)' },
  remark40Box: { default: 20_000, shown: '20 000', bounds: "side of Remark 40's box for a periodic word with unequal letter counts (deciding-game-invariance)" },
  colouringNodes: { default: 2_000_000, shown: '2 M', bounds: 'search nodes of the exact colouring that finds the least t (t-invariance)' },
  colouringGraph: { default: 64_000_000, shown: '64 M', fixed: true, bounds: 'positions times (largest degree + 2) of the disagreement graph to colour (t-invariance)' },
  fixedPoint: { default: null, shown: 'none', fixed: true, bounds: 'letters of a fixed point of a morphism that turned out finite (there is no infinite word to read)' },
  // Rewrite games and grids.
  lengthsMemory: {
    default: null,
    shown: 'the memory budget (--max-memory), at most 2 GiB',
    bounds: 'bytes of the by-length table of a rewrite game (one byte per word)',
    flags: { lengths: '--memory' },
  },
  blockPositions: { default: 20_000_000, shown: '20 M', bounds: 'positions memoised by the block solver of taking-and-merging games (games/rewrite/blocks.ts)' },
  families: { default: 10_000, shown: '10 000', bounds: 'block families reachable from a start family of a taking-and-merging game (games/rewrite/block-families.ts)' },
  grundyValue: { default: 255, shown: '255', fixed: true, bounds: 'a Grundy value stored in one byte (rewrite tables, Push-Cram searches)' },
  searchTableBytes: { default: 8 * 2 ** 30, shown: '8 GiB', bounds: 'bytes of the 3-row Push-Cram kernel table, and of the push-sum search table' },
  pushQuotientHeap: { default: 26, shown: '26', fixed: true, bounds: 'largest heap of a quotient of push sums of heap games: its table holds 2^(n+1) sums, exact in doubles to 26 (analysis/push-quotient.ts)' },
  quotientLength: { default: 12, shown: '12', fixed: true, bounds: 'columns of the pieces a push-sum piece quotient examines (games/grids/pieceQuotient.ts)' },
  tableBits: { default: 31, shown: '31', fixed: true, bounds: 'log2 of the slots of a transposition table' },
  // Census (src/census): per-game caps of the automaton attempt; past them a verdict stays open (no error).
  censusAutomatonStates: {
    default: 100,
    shown: '100',
    bounds: 'states of the largest Grundy automaton a census tries per rewrite game; a game needing more gets the verdict lower-bound (no error)',
    flags: { 'census run': '--max-states' },
  },
  censusAutomatonMs: {
    default: 2000,
    shown: '2000 ms',
    bounds: "milliseconds of a census's automaton attempt per rewrite game (learner and Lemma-2 prover); past them the verdict is open (no error)",
    flags: { 'census run': '--budget-ms' },
  },
  jobMemory: {
    default: null,
    shown: "the memory budget, at most V8's heap limit",
    bounds: 'the JavaScript heap of the worker thread running a job of the command line (a job past it ends with exit 3; typed arrays are outside it, and checked against memory where their size is known)',
    flags: { '*': '--max-memory' },
  },
  memory: {
    default: null,
    shown: 'half the memory of the machine',
    bounds: "bytes one computation may hold: a table or a search whose size is known before it starts is refused past it (exit 3, nothing started); the worker thread of a job gets it as its heap limit (at most V8's own), past which the job ends with exit 3",
    flags: { '*': '--max-memory' },
  },
  threads: {
    default: null,
    shown: 'the cores of the machine',
    bounds: 'worker threads of one command: more threads than cores only share them (and each holds its own memory), so a larger --threads is lowered to it, with a note',
    flags: { lengths: '--threads', census: '--threads', worker: '--threads' },
  },
  boardCells: { default: 16_384, shown: '16 384', fixed: true, bounds: 'cells of a board a grid search takes (a board is a bit mask in a BigInt: each cell read shifts the whole mask)' },
  pushCramPositions: {
    default: 2 ** 48,
    shown: '2^48',
    bounds: 'positions before the button of a PUSH CRAM board (the product of its column states: 7x7 has 1.8e9, 9x9 4.6e15), past which no search is started',
  },
  boardSize: { default: 30, shown: '30 (3-row kernel: 31 columns, 25 for Grundy values, 26 with checkpoints; push-sum search: 63 columns, an empty board 34, its keys in 45)', fixed: true, bounds: 'rows, columns or component sides a grid search handles' },
  // Pictures (src/plot: sprague plot and the explorer): sizes no picture can show, refused before any work (exit 2).
  plotBox: { default: 2000, shown: '2000', bounds: 'side of the box [0,N]^2 of a P-positions picture and of a `grundy --table` (a values picture is bounded by its memory estimate)' },
  plotColumns: { default: 50_000_000, shown: '50 M', bounds: 'columns of a deviation picture' },
  plotTerms: { default: 200_000, shown: '200 000', bounds: 'terms G(0..N) of a sequence picture (one point each: an SVG of about 13 MB)' },
  // The explorer (src/server): what one request may make a worker do.
  jobSeconds: {
    default: 300,
    shown: '300 s',
    bounds: 'seconds a job of the explorer (sprague serve) runs on a worker; past it the job stops, keeps what it finished and fails',
    flags: { serve: '--job-budget' },
  },
} as const satisfies Record<string, LimitSpec>;

/**
 * The name of a limit: a row of LIMITS.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type LimitName = keyof typeof LIMITS;

/**
 * @remarks Since 0.1.0
 * @public
 */
export const LIMIT_NAMES = Object.keys(LIMITS) as LimitName[];

/**
 * The default cap of a limit that has a number for one.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function limitDefault(name: { [K in LimitName]: (typeof LIMITS)[K]['default'] extends number ? K : never }[LimitName]): number {
  return LIMITS[name].default as number;
}

/** The flag that raises `limit` in `command`, if there is one (e.g. `--max-subsets` for subsets in admissible); `*` is every command. */
export function flagFor(limit: LimitName, command: string | undefined): string | undefined {
  const spec: LimitSpec = LIMITS[limit];
  return command === undefined ? undefined : (spec.flags?.[command] ?? spec.flags?.['*']);
}
