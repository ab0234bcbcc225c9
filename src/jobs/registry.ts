/**
 * The named jobs of the job runner (core/jobs.ts): what the command line, the explorer and census
 * workers run off their own thread. Each takes plain, cloneable arguments and a context (stop signal,
 * progress, emit), and declares with `keep` what an interruption or a limit keeps, in a typed shape that
 * survives the trip between threads (structured clones keep data but not classes: see
 * reviveAutomatonResult). Each job imports its modules when it starts, so a worker loads only what its job
 * needs; this module stays light enough for the CLI to import for inline runs.
 */
import { Alphabet } from '../automata/alphabet.js';
import { Dfa } from '../automata/dfa.js';
import { InputError, InterruptedError } from '../core/errors.js';
import { job, type JobContext } from '../core/jobs.js';
import type { KernelSequence } from '../core/ruleset.js';
import { plainFingerprint, type SequenceFingerprint } from '../core/kernel.js';
import type { SequenceResult } from '../analysis/sequence.js';
import type { ExtraMove, WythoffTable } from '../analysis/wythoff-table.js';
import type { TablePrefix } from '../analysis/heap-tables.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import type { GrundyAutomatonResult } from '../regular/grundy-automaton.js';
import type { PlotRequest, PlotResult } from '../plot/index.js';
import type { DeviationRow } from '../analysis/wythoff-conjecture.js';
import type { ConformanceSummary } from '../logic/conformance.js';
import type { GrundyArgs } from './grundy.js';
import type { BluffArgs } from './grids.js';
import type { CensusTask } from '../census/compute.js';

/**
 * What `sequence` keeps after a stop or a limit: G(0), G(1), ... as far as they were finished (not with
 * `summary`), the fingerprint of those values, and the heaps a checkpoint gave back.
 */
export interface KeptSequence {
  values?: ArrayLike<number>;
  fingerprint: SequenceFingerprint;
  resumedFrom: number;
}

export interface SequenceArgs {
  spec: string;
  max: number;
  maxDepth?: number;
  /** Only the period and the fingerprint: the values stay in the worker, and the run stops at a certified period. */
  summary?: boolean;
  /** Resumable checkpoints in this folder (rulesets whose kernel declares `checkpoints`). */
  checkpoint?: { dir: string; every?: number };
}

/** What `sequence` returns: SequenceResult, without the values when a summary was asked for. */
export type SequenceRun = Omit<SequenceResult, 'values'> & { values?: ArrayLike<number> };

/** What `ppositions` keeps after a stop or a limit. */
export interface KeptPPositions {
  /** The kept P-positions, flattened (heaps numbers each), in lexicographic order. */
  coords: Int32Array;
  /**
   * 'box': every P-position of the smaller box [0, upTo]^heaps (the columns the Wythoff kernel finished);
   * 'prefix': the first P-positions of [0, max]^heaps in lexicographic order (the solver's, or a table
   *   kernel's cells finished);
   * 'none': the kernel stopped before any cell was final (e.g. a push compound inside its after-button table).
   */
  kind: 'box' | 'prefix' | 'none';
  upTo?: number;
}

/** What `admissible` keeps after a stop: how far the witness search got, and a witness if one was met. */
export interface KeptAdmissibility {
  /** Cells of the box [0, bound]^n checked, in lexicographic order (bounded and n-letter periodic methods). */
  checkedCells?: number;
  /** Every position of [0, checkedUpTo]^2 was checked (2-letter periodic method). */
  checkedUpTo?: number;
  /** A position not in P with no admissible move to P: P is not 1-admissible (maybe not the least witness). */
  witness?: number[];
}

/**
 * What a job that emits one item per command or position keeps: how many it finished (their items were
 * emitted), and the checkpoint file a stopped grid search saved its table to.
 */
export interface KeptCount {
  done: number;
  checkpoint?: string;
}

/** One finished command of `logic` (a CommandResult without its automaton, which stays in the worker). */
export interface LogicLine {
  verb: string;
  name: string;
  result: boolean | null;
  states: number;
  variables: string[];
  steps?: { what: string; states: number }[];
  /** The automaton in Walnut's text format, when asked for (--print). */
  text?: string;
  /** For `eval NAME i n "φ"`: Walnut's incidence matrices as Maple text. */
  mpl?: string;
}

export type AdmissibilityArgs = {
  text: string;
  method?: 'logic' | 'periodic' | 'bounded';
  max?: number;
  differenceMax?: number;
  heaps?: number;
  maxSubsets?: number;
  checkpoint?: string;
  /** The layer passes' subset stores: a byte budget, and the folder they spill to past it. */
  maxBytes?: number;
  spillDir?: string;
};

export interface LogicArgs {
  commands: string[];
  library?: string;
  print?: boolean;
  dot?: boolean;
  maxStates?: number;
}

/** What the logic panel shows: each command's line, the last automaton as DOT and, when small, drawn. */
export interface LogicPanelResult {
  lines: LogicLine[];
  dot?: string;
  svg?: string;
}

/** The commands in order, one LogicLine emitted per command as it finishes; the last one's DOT when asked. */
async function logicLines(args: LogicArgs, ctx: JobContext): Promise<{ dot?: string }> {
  const { Session, commandDot, commandText } = await import('../logic/session.js');
  const session = new Session({ signal: ctx.signal, ...(args.library ? { root: args.library } : {}), ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }) });
  let last: import('../logic/session.js').CommandResult | undefined;
  for (const [i, command] of args.commands.entries()) {
    ctx.onProgress(i, args.commands.length, command);
    try {
      if (ctx.signal.aborted) throw new InterruptedError();
      last = session.run(command);
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError<KeptCount>({ done: i });
      throw e;
    }
    const line: LogicLine = { verb: last.verb, name: last.name, result: last.result, states: last.states, variables: last.variables };
    if (last.steps) line.steps = last.steps;
    if (args.print && last.predicate) line.text = commandText(last);
    const { mpl } = last as { mpl?: string };
    if (mpl !== undefined) line.mpl = mpl;
    ctx.emit(line);
  }
  return args.dot && last ? { dot: commandDot(last) } : {};
}

export const jobs = {
  /** `sprague sequence`: G(0..max) of a one-heap game and its period. */
  sequence: job({
    async run(args: SequenceArgs, ctx): Promise<SequenceRun> {
      const [{ sequenceWithPeriod }, { Solver }, { parseSpecLoading }] = await Promise.all([
        import('../analysis/sequence.js'),
        import('../core/solver.js'),
        import('../spec/parse.js'),
      ]);
      const ruleset = await parseSpecLoading(args.spec, { allowUnboundedRewriting: args.maxDepth !== undefined });
      const solver = new Solver({ signal: ctx.signal, ...(args.maxDepth === undefined ? {} : { maxDepth: args.maxDepth }) });
      const result = sequenceWithPeriod(ruleset, args.max, {
        signal: ctx.signal,
        onProgress: ctx.onProgress,
        solver,
        ...(args.summary ? { stopAtPeriod: true, pPeriod: false } : {}),
        ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}),
      });
      if (!args.summary) return result;
      const { values: _values, ...summary } = result;
      return summary;
    },
    keep: (partial, args): KeptSequence | undefined => keptSequence(partial, args.summary === true),
  }),

  /**
   * `sprague automaton`: learn and prove a Grundy automaton; an interruption keeps the last hypothesis.
   * The rules come parsed (they are plain data), so the worker parses no spec.
   */
  automaton: job({
    async run(args: { rules: readonly RewriteRule[]; maxStates: number; target: 'grundy' | 'p-positions' }, ctx) {
      const { findGrundyAutomaton } = await import('../regular/grundy-automaton.js');
      return findGrundyAutomaton(args.rules, {
        maxStates: args.maxStates,
        target: args.target,
        signal: ctx.signal,
        onProgress: (states) => ctx.onProgress(states, args.maxStates),
      });
    },
    keep: (partial): GrundyAutomatonResult | undefined => (typeof partial === 'object' && partial !== null && 'verified' in partial ? (partial as GrundyAutomatonResult) : undefined),
  }),

  /** `sprague ppositions`: the P-positions of [0, max]^heaps, flat (a listing of millions is one array). */
  ppositions: job({
    async run(args: { spec: string; heaps: number; max: number; maxDepth?: number }, ctx) {
      const [{ pPositionCoords }, { parseSpec }] = await Promise.all([import('../analysis/ppositions.js'), import('../spec/index.js')]);
      const ruleset = parseSpec(args.spec, { allowUnboundedRewriting: args.maxDepth !== undefined });
      return pPositionCoords(ruleset, args.heaps, args.max, {
        signal: ctx.signal,
        onProgress: ctx.onProgress,
        ...(args.maxDepth === undefined ? {} : { maxDepth: args.maxDepth }),
      });
    },
    keep: (partial, args): KeptPPositions => keptPPositions(partial, args.heaps),
  }),

  /** `sprague admissible`: the verdict. */
  admissible: job({
    async run(args: AdmissibilityArgs, ctx) {
      const { admissible, logicAdmissibility, parseSetSpec } = await import('../invariance/admissible.js');
      if (args.method === 'logic') {
        // One cap for the user: a larger subset cap lifts the NFA cap (admissibilityNfaStates) with it (G_3's NFAs reach 45 M).
        const { limitDefault } = await import('../core/limits.js');
        const caps = args.maxSubsets === undefined ? {} : { maxSubsets: args.maxSubsets, maxNfaStates: Math.max(limitDefault('admissibilityNfaStates'), args.maxSubsets) };
        const { DirectoryStages } = await import('../logic/checkpoint.js');
        const checkpoint = args.checkpoint === undefined ? {} : { checkpoint: new DirectoryStages(args.checkpoint, { set: args.text, method: 'logic' }) };
        const store = { ...(args.maxBytes === undefined ? {} : { maxBytes: args.maxBytes }), ...(args.spillDir === undefined ? {} : { spillDir: args.spillDir }) };
        return logicAdmissibility(args.text, { signal: ctx.signal, ...caps, ...checkpoint, ...store });
      }
      return admissible(parseSetSpec(args.text, args.heaps), {
        signal: ctx.signal,
        onProgress: ctx.onProgress,
        ...(args.method === undefined ? {} : { method: args.method }),
        ...(args.max === undefined ? {} : { max: args.max }),
        ...(args.differenceMax === undefined ? {} : { differenceMax: args.differenceMax }),
      });
    },
    keep: keptAdmissibility,
  }),

  /**
   * `sprague bitstring`: the first `bits` bits of the Wythoff-family game with these extra moves (parsed in
   * the caller: the worker parses no spec); a stop keeps the bits of the columns finished.
   */
  bitstring: job({
    async run(args: { extraMoves: readonly ExtraMove[]; bits: number }, ctx) {
      const { wythoffBitString } = await import('../analysis/bitstring.js');
      try {
        return wythoffBitString(args.extraMoves, args.bits, { signal: ctx.signal, onProgress: ctx.onProgress });
      } catch (e) {
        // A table of the first X columns decides the first X bits (a P-position beyond it lies above the diagonal).
        if (e instanceof InterruptedError && isWythoffTable(e.partial)) {
          const { bitsOfTable } = await import('../analysis/bitstring.js');
          throw new InterruptedError(bitsOfTable(e.partial));
        }
        throw e;
      }
    },
    keep: (partial): Uint8Array | undefined => (partial instanceof Uint8Array ? partial : undefined),
  }),

  /** `sprague conjecture41`: one row per pair (k,l); a stop keeps the rows finished. */
  conjecture41: job({
    async run(args: { maxL: number; n: number }, ctx) {
      const { phiDeviations } = await import('../analysis/wythoff-conjecture.js');
      return phiDeviations(args.maxL, args.n, { signal: ctx.signal, onProgress: ctx.onProgress });
    },
    keep: (partial): DeviationRow[] | undefined => (Array.isArray(partial) ? (partial as DeviationRow[]) : undefined),
  }),

  /**
   * `sprague logic`: the commands in order, one LogicLine emitted per command as it finishes; the last one's
   * DOT when asked. A stop inside a command (the engine reads the signal in its products and projections)
   * keeps the lines of the commands done.
   */
  logic: job({
    run: (args: LogicArgs, ctx) => logicLines(args, ctx),
    keep: keptCount,
  }),

  /**
   * The explorer's logic panel: the commands as typed (split at their terminators; a last one without one
   * is a command too), each command's line, and the last command's automaton, drawn by Graphviz when it
   * has at most `drawStates` states (default 60). A stop keeps the lines of the commands done.
   */
  logicPanel: job({
    async run(args: { text: string; drawStates?: number; maxStates?: number }, ctx): Promise<LogicPanelResult> {
      const { splitCommands } = await import('../logic/command-text.js');
      const { commands, rest } = splitCommands(args.text);
      if (rest !== '') commands.push(`${rest};`);
      if (commands.length === 0) throw new InputError('no command: type one, e.g. eval t "?msd_fib Ex,y x=y+1";');
      const lines: LogicLine[] = [];
      let dot: string | undefined;
      try {
        dot = (await logicLines({ commands, dot: true, ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }) }, { ...ctx, emit: (l) => lines.push(l as LogicLine) })).dot;
      } catch (e) {
        if (e instanceof InterruptedError) throw new InterruptedError<LogicPanelResult>({ lines });
        throw e;
      }
      const last = lines.at(-1);
      const draw = dot !== undefined && last !== undefined && last.states <= (args.drawStates ?? 60);
      return { lines, ...(dot === undefined ? {} : { dot }), ...(draw ? { svg: await (await import('../plot/render.js')).dotToSvg(dot!) } : {}) };
    },
    keep: (partial): LogicPanelResult | undefined => (typeof partial === 'object' && partial !== null && Array.isArray((partial as LogicPanelResult).lines) ? (partial as LogicPanelResult) : undefined),
  }),

  /** `sprague logic --conformance`: each case emitted as it finishes, then the counts. */
  conformance: job({
    async run(args: { dir: string; only?: number[] }, ctx) {
      const { runConformance } = await import('../logic/conformance.js');
      const summary = runConformance(args.dir, { signal: ctx.signal, onCase: ctx.emit, ...(args.only ? { only: new Set(args.only) } : {}) });
      if (ctx.signal.aborted) throw new InterruptedError(summary);
      return summary;
    },
    keep: (partial): ConformanceSummary | undefined => (typeof partial === 'object' && partial !== null && 'passed' in partial ? (partial as ConformanceSummary) : undefined),
  }),

  /**
   * `sprague grundy` and the explorer's Grundy query: one line per position, emitted as it is found; grid games
   * by their own search (transposition table, optional checkpoint file saved on a stop).
   */
  grundy: job({
    run: async (args: GrundyArgs, ctx) => (await import('./grundy.js')).grundyLines(args, ctx),
    keep: keptCount,
  }),

  /** `sprague bluff`: the winning first moves of grid positions, one report emitted per position. */
  bluff: job({
    run: async (args: BluffArgs, ctx) => (await import('./grids.js')).bluffReports(args, ctx),
    keep: keptCount,
  }),

  /** `sprague plot` and the explorer's pictures; a stop keeps the picture of what was finished. */
  plot: job({
    async run(args: PlotRequest, ctx) {
      const { makePlot } = await import('../plot/index.js');
      return makePlot(args, { signal: ctx.signal, onProgress: (done, total, label) => ctx.onProgress(done, total, label) });
    },
    keep: (partial): PlotResult | undefined => (typeof partial === 'object' && partial !== null && typeof (partial as { svg?: unknown }).svg === 'string' ? (partial as PlotResult) : undefined),
  }),

  /**
   * One census game (`sprague census run`, `sprague worker`): its row. No `keep`: a census stores only
   * finished games, so a stopped one is computed again by the next run.
   */
  'census-game': job({
    run: async (task: CensusTask, ctx) => (await import('./census.js')).censusGame(task, ctx),
  }),
};

export type JobName = keyof typeof jobs;

/**
 * The values a stopped sequence run finished (a plain array from the solver and the older kernels, or a
 * KernelSequence with its fingerprint), as KeptSequence; only the fingerprint for a summary.
 */
function keptSequence(partial: unknown, summary: boolean): KeptSequence | undefined {
  let values: ArrayLike<number>;
  let fingerprint: SequenceFingerprint | undefined;
  let resumedFrom = 0;
  if (isNumbers(partial)) values = partial;
  else if (typeof partial === 'object' && partial !== null && isNumbers((partial as KernelSequence).values)) {
    ({ values, fingerprint, resumedFrom = 0 } = partial as KernelSequence);
  } else return undefined;
  fingerprint ??= plainFingerprint(values);
  return summary ? { fingerprint, resumedFrom } : { values, fingerprint, resumedFrom };
}

function isNumbers(v: unknown): v is ArrayLike<number> {
  return (Array.isArray(v) || ArrayBuffer.isView(v)) && typeof (v as ArrayLike<number>).length === 'number';
}

function keptCount(partial: unknown): KeptCount | undefined {
  if (typeof partial !== 'object' || partial === null || typeof (partial as KeptCount).done !== 'number') return undefined;
  const { done, checkpoint } = partial as KeptCount;
  return typeof checkpoint === 'string' ? { done, checkpoint } : { done };
}

function flatten(positions: readonly number[][], heaps: number): Int32Array {
  const out = new Int32Array(positions.length * heaps);
  positions.forEach((p, i) => out.set(p, i * heaps));
  return out;
}

/**
 * Reads what the P-position kernels leave in their InterruptedError: the Wythoff-family column table
 * (the P-positions of the finished columns' square) or the solver's list (a lexicographic prefix). The other
 * tables come back half done (an inner table of a push compound, or the upper triangle only), so they give
 * nothing here rather than something wrong.
 */
export function keptPPositions(partial: unknown, heaps: number): KeptPPositions {
  // Stopped while the finished table was listed: the P-positions listed so far.
  if (typeof partial === 'object' && partial !== null && (partial as { prefix?: unknown }).prefix instanceof Int32Array) {
    return { kind: 'prefix', coords: (partial as { prefix: Int32Array }).prefix };
  }
  if (Array.isArray(partial) && partial.every((p) => Array.isArray(p) && p.length === heaps)) {
    return { kind: 'prefix', coords: flatten(partial as number[][], heaps) };
  }
  if (isTablePrefix(partial)) {
    if (partial.done === 0) return { kind: 'none', coords: new Int32Array(0) };
    return { kind: 'prefix', coords: partial.table.pCoords(partial.done) };
  }
  if (heaps === 2 && isWythoffTable(partial)) {
    const col = partial.col;
    let count = 0;
    for (let x = 0; x < col.length; x++) if (col[x]! >= 0) count++;
    const coords = new Int32Array(2 * count);
    for (let x = 0, k = 0; x < col.length; x++) {
      if (col[x]! >= 0) {
        coords[k++] = x;
        coords[k++] = col[x]!;
      }
    }
    return { kind: 'box', upTo: col.length - 1, coords };
  }
  return { kind: 'none', coords: new Int32Array(0) };
}

/** The partial of a stopped table kernel (heap-tables.ts): the cells below `done` are final. */
function isTablePrefix(partial: unknown): partial is TablePrefix {
  return typeof partial === 'object' && partial !== null && 'done' in partial && typeof partial.done === 'number' && 'table' in partial;
}

/** The partial of a stopped Wythoff-family column table (wythoff-table.ts truncates it to the columns finished). */
function isWythoffTable(partial: unknown): partial is WythoffTable {
  return typeof partial === 'object' && partial !== null && 'col' in partial && partial.col instanceof Int32Array;
}

/** Reads the witness searches' InterruptedError ({checked, witness} in a box, {checkedUpTo} on two heaps). */
export function keptAdmissibility(partial: unknown): KeptAdmissibility | undefined {
  if (typeof partial !== 'object' || partial === null) return undefined;
  const p = partial as { checked?: unknown; checkedUpTo?: unknown; witness?: unknown };
  const kept: KeptAdmissibility = {
    ...(typeof p.checked === 'number' ? { checkedCells: p.checked } : {}),
    ...(typeof p.checkedUpTo === 'number' && p.checkedUpTo >= 0 ? { checkedUpTo: p.checkedUpTo } : {}),
    ...(Array.isArray(p.witness) ? { witness: p.witness as number[] } : {}),
  };
  // Stopped before the witness search (while P or its differences were tabulated): nothing decided.
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** A GrundyAutomatonResult after the trip between threads: its machine and alphabet are classes again. */
export function reviveAutomatonResult(r: GrundyAutomatonResult): GrundyAutomatonResult {
  const m = r.machine;
  return {
    ...r,
    alphabet: new Alphabet(r.alphabet.names),
    ...(m ? { machine: new Dfa(m.alphabetSize, m.delta, m.output, m.start) } : {}),
  };
}
