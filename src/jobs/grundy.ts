/**
 * The Grundy job: the value and outcome of each position, one line emitted as each is found. The general
 * solver serves every game but the grid games, which have their own search (transposition table,
 * reflections, components; optionally kept in a checkpoint file that an interrupted search saves).
 * Solvers stay memoised in the worker between jobs (the explorer asks about one game many times), a few
 * games at a time.
 */
import { checkMemory } from '../core/budget.js';
import { InterruptedError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { JobContext } from '../core/jobs.js';
import type { Ruleset } from '../core/ruleset.js';
import type { Solver } from '../core/solver.js';
import { certifiedPeriod, oneHeapSequence } from '../analysis/sequence.js';

export interface GrundyArgs {
  spec: string;
  /** Positions as typed. */
  positions: string[];
  maxDepth?: number;
  /** Also the options of each position with their values. */
  moves?: boolean;
  /** Grid games: the outcome only (much faster on large boards). */
  outcomeOnly?: boolean;
  /** Grid games: the transposition table's file (loaded if present, saved on a stop). */
  checkpoint?: string;
}

export interface GrundyLine {
  /** The position as typed, and as the game writes it. */
  position: string;
  formatted: string;
  /** null under the misère convention (only the outcome is defined). */
  grundy: number | null;
  outcome: 'P' | 'N';
  moves?: { position: string; grundy: number | null; outcome: 'P' | 'N' }[];
}

const SOLVERS_KEPT = 8;
const MEMO_KEPT = 2_000_000;
const solvers = new Map<string, { ruleset: Ruleset<any>; solver: Solver }>();

/** The stop signal of the job running now: a kept solver reads the current job's signal, not its first one's. */
let current: AbortSignal | undefined;
const signal = {
  get aborted() {
    return current?.aborted ?? false;
  },
  addEventListener() {},
  removeEventListener() {},
} as unknown as AbortSignal;

async function solverFor(spec: string, maxDepth: number | undefined): Promise<{ ruleset: Ruleset<any>; solver: Solver }> {
  const key = `${maxDepth ?? ''}|${spec}`;
  let s = solvers.get(key);
  if (s && s.solver.memoised > MEMO_KEPT) s = undefined;
  if (!s) {
    const [{ Solver }, { parseSpec }] = await Promise.all([import('../core/solver.js'), import('../spec/index.js')]);
    const ruleset = parseSpec(spec, { allowUnboundedRewriting: maxDepth !== undefined });
    s = { ruleset, solver: new Solver({ signal, ...(maxDepth === undefined ? {} : { maxDepth }) }) };
  }
  solvers.delete(key);
  solvers.set(key, s);
  while (solvers.size > SOLVERS_KEPT) solvers.delete(solvers.keys().next().value!);
  return s;
}

function gridGameOf(rs: Ruleset<any>): string | undefined {
  return rs.capabilities?.gridSearch;
}

/** Heaps above this are read off a certified period instead of searched (when the ruleset's theorem proves one). */
const PERIOD_FROM = 1 << 16;

/** Certified periods by ruleset name: [G(0..len-1), period, preperiod], or null when none was proved. */
const periods = new Map<string, { values: ArrayLike<number>; period: number; preperiod: number } | null>();

/**
 * A heap game whose one-heap values have a period its certifier proves (subtraction games, octal games
 * by Guy–Smith): G(n) for a large heap is G of the heap folded into the period, and a position that is
 * the sum of its heaps is the XOR of theirs. Undefined where this does not apply (the solver decides).
 */
function periodicLine(rs: Ruleset<any>, p: unknown, position: string): GrundyLine | undefined {
  if (rs.convention !== 'normal' || rs.domain.kind !== 'heaps' || rs.capabilities?.certifier === undefined) return undefined;
  const heaps = p as number[];
  if (heaps.every((h) => h < PERIOD_FROM)) return undefined;
  const parts = heaps.length === 1 ? [{ ruleset: rs, position: heaps }] : rs.decompose?.(heaps);
  if (!parts || parts.some((c) => c.ruleset !== rs || (c.position as number[]).length !== 1)) return undefined;
  let known = periods.get(rs.name);
  if (known === undefined) {
    const period = certifiedPeriod(rs);
    known = null;
    if (period.certified && period.period !== null && period.preperiod !== null) {
      known = { values: oneHeapSequence(rs, period.preperiod + period.period), period: period.period, preperiod: period.preperiod };
    }
    periods.set(rs.name, known);
  }
  if (known === null) return undefined;
  const { values, period, preperiod } = known;
  const g = (h: number) => values[h < preperiod ? h : preperiod + ((h - preperiod) % period)]!;
  const grundy = parts.reduce((x, c) => x ^ g((c.position as number[])[0]!), 0);
  return { position, formatted: rs.domain.format(p), grundy, outcome: grundy === 0 ? 'P' : 'N' };
}

/** Bytes the general solver holds per memoised position (a Map entry, its key, the position). */
export const BYTES_PER_POSITION = 160;

/**
 * Refuses up front a search whose size is known: the Grundy value of a Wythoff-family position (a, b)
 * past the ruleset's value table (games/heaps/wythoff-values.ts: sides up to 8192), or of its misère form
 * past its outcome table (games/heaps/rays.ts: sides up to 16384), has no closed form, and the solver
 * memoises the box [0,a]x[0,b] below it.
 */
function checkSearchSize(rs: Ruleset<any>, p: unknown, position: string): void {
  if (rs.domain.kind !== 'heaps' || rs.capabilities?.wythoffMoves === undefined) return;
  // A value (or a misère outcome) the ruleset's table gives needs no search (asking builds the table the answer reads anyway).
  const closed = rs.convention === 'normal' ? rs.capabilities.grundyOf?.(p) : rs.capabilities.misereOutcomeOf?.(p);
  if (closed !== undefined) return;
  const cells = (p as number[]).reduce((n, h) => n * (h + 1), 1);
  const what = `the search of ${position} in ${rs.name} (the ${cells} positions below it)`;
  if (cells > limitDefault('positions')) throw new LimitError(`${what} passes the ${limitDefault('positions')} positions the solver memoises`, 'positions');
  checkMemory(what, cells * BYTES_PER_POSITION);
}

/** Every line, each emitted as it is found; a stop keeps the lines emitted ({ done } counts them). */
export async function grundyLines(args: GrundyArgs, ctx: JobContext): Promise<GrundyLine[]> {
  current = ctx.signal;
  const { ruleset, solver } = await solverFor(args.spec, args.maxDepth);
  const { parsePosition } = await import('../spec/index.js');
  const parsed = args.positions.map((t) => parsePosition(ruleset, t));
  if (!gridGameOf(ruleset)) for (const [i, p] of parsed.entries()) if (periodicLine(ruleset, p, '') === undefined) checkSearchSize(ruleset, p, args.positions[i]!);
  // A game that names a grid search in its capabilities is solved by that search.
  const gridGame = gridGameOf(ruleset);
  const grid = gridGame === undefined ? undefined : await import('./grids.js');
  const misere = ruleset.convention === 'misere';
  const lines: GrundyLine[] = [];
  for (const [i, p] of parsed.entries()) {
    const position = args.positions[i]!;
    ctx.onProgress(i, parsed.length, position);
    let line: GrundyLine;
    let line0: GrundyLine | undefined;
    try {
      if (grid) {
        const r = await grid.gridSolve(gridGame!, position, { grundy: !args.outcomeOnly, ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}) }, ctx);
        line = { position, formatted: position, grundy: r.grundy, outcome: r.outcome === 'P' ? 'P' : 'N' };
      } else if ((line0 = periodicLine(ruleset, p, position)) !== undefined) {
        line = line0;
      } else {
        const outcome = solver.outcome(ruleset, p);
        line = { position, formatted: ruleset.domain.format(p), grundy: misere ? null : solver.grundy(ruleset, p), outcome };
      }
      if (args.moves) {
        line.moves = ruleset.options(p).map((o: unknown) => ({
          position: ruleset.domain.format(o),
          grundy: misere ? null : solver.grundy(ruleset, o),
          outcome: solver.outcome(ruleset, o),
        }));
      }
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError({ done: i, ...(args.checkpoint ? { checkpoint: args.checkpoint } : {}) });
      throw e;
    }
    ctx.emit(line);
    lines.push(line);
  }
  return lines;
}
