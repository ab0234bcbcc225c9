/**
 * The value of one position by the best method its ruleset offers, the same for the library, the CLI and
 * the explorer. A heap game with a sequence kernel (octal, hex and subtraction games) is a disjunctive sum
 * of one-heap games, so its value is the XOR of its heaps' values (Sprague–Grundy), read off the kernel up
 * to the largest heap, or past a certified period's start off that period; the general solver (which asks
 * the ruleset's closed forms itself) serves every other game, after refusing a search whose size is known
 * up front to be past the limits.
 */
import { checkMemory } from '../core/budget.js';
import { LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { KernelOptions } from '../core/kernel.js';
import { PTable, tableStopped } from '../core/ptable.js';
import { type Ruleset, wythoffMovesOf } from '../core/ruleset.js';
import { Solver, type Outcome, type SolverOptions } from '../core/solver.js';
import { certifiedPeriod, kernelSequence } from './sequence.js';
import type { Stop } from '../core/stop.js';

/**
 * How a position's value is found: from the one-heap values of the ruleset's sequence kernel, or by the solver.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export type PositionMethod = 'heap-values' | 'solver';

/** Heaps from this size are read off a certified period when the ruleset's theorem proves one below 2^16. */
const PERIOD_FROM = 1 << 16;

/** Bytes the general solver holds per memoised position (a Map entry, its key, the position). */
export const BYTES_PER_POSITION = 160;

/**
 * G(0), G(1), ... of one heap of a ruleset with a sequence kernel, grown as larger heaps are asked for, and
 * folded into the period once one is certified (a heap past the values computed is then read at its place
 * in the period).
 */
class HeapValues {
  private values: ArrayLike<number> = [];
  /** The certified period the values end with; undefined until one is looked for below 2^16, null when none was found there. */
  private periodic: { period: number; preperiod: number } | null | undefined;

  constructor(
    private readonly rs: Ruleset<any>,
    private readonly signal: Stop | undefined,
  ) {}

  /** G(h): computes the values up to h first when they are not known (a stop throws InterruptedError). */
  of(h: number): number {
    if (h >= this.values.length && !this.periodic) this.grow(h);
    if (h < this.values.length) return this.values[h]!;
    const { period, preperiod } = this.periodic!;
    return this.values[preperiod + ((h - preperiod) % period)]!;
  }

  private grow(h: number): void {
    // A large heap is first tried against the period the ruleset's theorem certifies below 2^16 (cheap when it does).
    if (h >= PERIOD_FROM && this.periodic === undefined) {
      const p = certifiedPeriod(this.rs);
      this.periodic = p.certified && p.period !== null && p.preperiod !== null ? { period: p.period, preperiod: p.preperiod } : null;
      if (this.periodic) {
        this.values = kernelSequence(this.rs, this.periodic.preperiod + this.periodic.period - 1, this.options()).values;
        return;
      }
    }
    // Doubling, so that positions asked one after another with growing heaps cost the values once.
    const max = Math.max(h, 2 * this.values.length - 1);
    const run = kernelSequence(this.rs, max, { ...this.options(), stopAtPeriod: true });
    this.values = run.values;
    const p = run.period;
    if (p?.certified && p.period !== null && p.preperiod !== null && p.preperiod + p.period <= run.values.length) {
      this.periodic = { period: p.period, preperiod: p.preperiod };
    }
  }

  private options(): { signal?: Stop } {
    return this.signal ? { signal: this.signal } : {};
  }
}

/**
 * The heaps of p when its value is the XOR of one-heap values from the ruleset's sequence kernel (normal
 * play, a heap position that is one heap or a sum of single heaps of the same ruleset), else undefined.
 */
function heapsOfSum(rs: Ruleset<any>, p: unknown): number[] | undefined {
  if (rs.convention !== 'normal' || rs.domain.kind !== 'heaps' || rs.capabilities?.sequence === undefined) return undefined;
  if (!Array.isArray(p) || !p.every((h) => Number.isSafeInteger(h) && h >= 0)) return undefined;
  if (p.length === 1) return p as number[];
  const parts = rs.decompose?.(p);
  if (!parts || parts.some((c) => c.ruleset !== rs || !Array.isArray(c.position) || (c.position as unknown[]).length !== 1)) return undefined;
  return parts.map((c) => (c.position as number[])[0]!);
}

/** Whether every position of `heaps` heaps of rs has the XOR of one-heap kernel values as its value. */
export function isSumOfHeapValues(rs: Ruleset<any>, heaps: number): boolean {
  return heapsOfSum(rs, new Array<number>(heaps).fill(1)) !== undefined;
}

/**
 * The P-positions of [0, max]^heaps (2 or 3 heaps) of a game whose value is the XOR of its heaps' (see
 * isSumOfHeapValues), from G(0..max) by the ruleset's sequence kernel: (x, y) is P iff G(x) = G(y), and
 * (x, y, z) iff G(z) = G(x) xor G(y), so each row lists the heaps with the value it needs. A stop keeps the
 * rows finished (tableStopped).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function heapValuesTable(rs: Ruleset<any>, heaps: number, max: number, options: KernelOptions = {}): PTable {
  const { signal, onProgress } = options;
  const G = kernelSequence(rs, max, signal ? { signal } : {}).values;
  const t = new PTable(heaps, max);
  const side = t.side;
  // The heaps of each value, in order: heapsOf.subarray(start[v], start[v + 1]).
  let top = 0;
  for (let n = 0; n <= max; n++) top = Math.max(top, G[n]!);
  const start = new Int32Array(2 * top + 3);
  for (let n = 0; n <= max; n++) start[G[n]! + 1]!++;
  for (let v = 1; v < start.length; v++) start[v]! += start[v - 1]!;
  const heapsOf = new Int32Array(max + 1);
  const fill = start.slice();
  for (let n = 0; n <= max; n++) heapsOf[fill[G[n]!]!++] = n;
  const mark = (base: number, v: number) => {
    if (v > top) return;
    for (let k = start[v]!; k < start[v + 1]!; k++) t.setP(base + heapsOf[k]!);
  };
  const rowCells = side ** (heaps - 1);
  for (let x = 0; x <= max; x++) {
    // A row of a 3-heap box is side^2 cells: checked every row there, every 1024 rows on 2 heaps.
    if (heaps === 3 || (x & 1023) === 0) {
      onProgress?.(x * rowCells, t.cells);
      if (signal?.aborted) throw tableStopped(t, x * rowCells);
    }
    if (heaps === 2) mark(x * side, G[x]!);
    else for (let y = 0; y <= max; y++) mark((x * side + y) * side, G[x]! ^ G[y]!);
  }
  return t;
}

/**
 * The values and outcomes of a ruleset's positions, each by the best method (see the module comment). Keeps
 * what it computed (the solver's memo, the one-heap values) for the next position asked.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export class PositionValues {
  readonly solver: Solver;
  private heapValues: HeapValues | undefined;

  constructor(
    readonly rs: Ruleset<any>,
    options: SolverOptions = {},
  ) {
    this.solver = new Solver(options);
    if (rs.capabilities?.sequence !== undefined) this.heapValues = new HeapValues(rs, options.signal);
  }

  /** The method that answers p. */
  method(p: unknown): PositionMethod {
    return heapsOfSum(this.rs, p) === undefined ? 'solver' : 'heap-values';
  }

  /** The Grundy value of p (normal play only). */
  grundy(p: unknown): number {
    const heaps = heapsOfSum(this.rs, p);
    return heaps === undefined ? this.solver.grundy(this.rs, p) : this.xorOf(heaps);
  }

  /** P if the previous player wins, N if the next player wins. */
  outcome(p: unknown): Outcome {
    const heaps = heapsOfSum(this.rs, p);
    if (heaps === undefined) return this.solver.outcome(this.rs, p);
    return this.xorOf(heaps) === 0 ? 'P' : 'N';
  }

  /** The XOR of the heaps' one-heap values, the largest heap first (the values grow once to it). */
  private xorOf(heaps: readonly number[]): number {
    return [...heaps].sort((a, b) => b - a).reduce((x, h) => x ^ this.heapValues!.of(h), 0);
  }

  /**
   * Refuses up front a search whose size is known (a LimitError naming the positions it would memoise or
   * the memory it would take): the Grundy value of a Wythoff-family position (a, b) past the ruleset's value
   * table (games/heaps/wythoff-values.ts: sides up to 32768), or of its misère form past its outcome table
   * (games/heaps/rays.ts: sides up to 16384), has no closed form, and the solver memoises the box
   * [0,a]x[0,b] below it. `text` is the position as the user wrote it.
   */
  checkSize(p: unknown, text: string): void {
    const rs = this.rs;
    if (rs.domain.kind !== 'heaps' || wythoffMovesOf(rs) === undefined) return;
    // A value (or a misère outcome) the ruleset's table gives needs no search (asking builds the table the answer reads anyway).
    const closed = rs.convention === 'normal' ? rs.capabilities?.grundyOf?.(p, this.solver.options.signal) : rs.capabilities?.misereOutcomeOf?.(p);
    if (closed !== undefined) return;
    const cells = (p as number[]).reduce((n, h) => n * (h + 1), 1);
    const what = `the search of ${text} in ${rs.name} (the ${cells} positions below it)`;
    if (cells > limitDefault('positions')) throw new LimitError(`${what} passes the ${limitDefault('positions')} positions the solver memoises`, 'positions');
    checkMemory(what, cells * BYTES_PER_POSITION);
  }
}

/**
 * The Grundy value of one position by the best method its ruleset offers (a heap of 10^8 in an octal game
 * with a certified period is read off the period). Normal play only.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function grundy<P>(rs: Ruleset<P>, p: P, options?: SolverOptions): number {
  return new PositionValues(rs, options).grundy(p);
}

/**
 * The outcome of one position by the best method its ruleset offers.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function outcome<P>(rs: Ruleset<P>, p: P, options?: SolverOptions): Outcome {
  return new PositionValues(rs, options).outcome(p);
}
