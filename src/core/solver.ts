/**
 * The solver: Grundy values (normal play) and outcomes (normal and misère) of any Ruleset, memoised,
 * with an explicit stack so that a game tree 10^6 moves deep does not overflow the call stack.
 */
import { CycleError, InputError, InterruptedError, LimitError } from './errors.js';
import { limitDefault } from './limits.js';
import type { Ruleset } from './ruleset.js';
import type { Stop } from './stop.js';

/**
 * P: the previous player wins (the player to move loses); N: the next player wins.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Outcome = 'P' | 'N';

/**
 * How a Solver searches: its depth and memo bounds, sums split into components, closed forms, a stop signal.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface SolverOptions {
  /** Longest play explored; required for rulesets not known to terminate. Hitting it is an error. */
  maxDepth?: number;
  /** Split disjunctive sums into components and XOR their values (default true). */
  decompose?: boolean;
  /** Take a value a ruleset gives by a closed form (Capabilities.grundyOf) instead of searching (default true). */
  closedForms?: boolean;
  /** Most positions memoised before giving up with a LimitError (default 15 million). */
  maxPositions?: number;
  /** Stops the search (InterruptedError), read every few milliseconds of work and by a closed form that builds a table. */
  signal?: Stop;
}

/** Children looked at between two readings of the stop signal (a few milliseconds of work). */
const POLL_WORK = 1 << 16;

/** Marks a position whose value is being computed: meeting it again means the game has a cycle. */
const IN_PROGRESS = -1;

/** How a frame combines the values of its children. */
const enum Combine {
  /** Normal play: the mex of the options' Grundy values. */
  Mex,
  /** Misère outcome code (0 = P, 1 = N): P iff there is an option and every option is N. */
  Misere,
  /** A disjunctive sum: the XOR of the components' values. */
  Xor,
  /** A value given by a closed form (Capabilities.grundyOf). */
  Known,
}

interface Node {
  rs: Ruleset<any>;
  p: unknown;
  key: string;
  memo: Map<string, number>;
}

/** A position whose value is being computed, with the children still to visit. */
class Frame implements Node {
  next = 0;

  constructor(
    readonly rs: Ruleset<any>,
    readonly p: unknown,
    readonly key: string,
    readonly memo: Map<string, number>,
    readonly children: Node[],
    readonly combine: Combine,
    readonly depth: number,
    /** The value of a Combine.Known frame. */
    readonly known = 0,
  ) {}
}

/** A misère outcome as the memo holds it (0 = P, 1 = N). */
function outcomeCode(o: 'P' | 'N' | undefined): number | undefined {
  return o === undefined ? undefined : o === 'P' ? 0 : 1;
}

/**
 * Holds one memo per ruleset, so values found for one query serve the next. Values are Grundy
 * values for normal-play rulesets and outcome codes (0 = P, 1 = N) for misère ones.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Solver {
  private readonly memos = new Map<Ruleset<any>, Map<string, number>>();
  private size = 0;

  constructor(readonly options: SolverOptions = {}) {}

  /** The Grundy value of p (seed push-the-button, Definition 1.3.2). Normal play only. */
  grundy<P>(rs: Ruleset<P>, p: P): number {
    if (rs.convention === 'misere') {
      throw new InputError(`${rs.name} is played under the misère convention: only its outcome is defined here`);
    }
    return this.value(rs, p);
  }

  /** P if the previous player wins, N if the next player wins (seed push-the-button, Prop. 1.2.2). */
  outcome<P>(rs: Ruleset<P>, p: P): Outcome {
    return this.value(rs, p) === 0 ? 'P' : 'N';
  }

  /** Number of positions memoised so far, over all rulesets. */
  get memoised(): number {
    return this.size;
  }

  private memoFor(rs: Ruleset<any>): Map<string, number> {
    let m = this.memos.get(rs);
    if (!m) {
      m = new Map();
      this.memos.set(rs, m);
    }
    return m;
  }

  private node(rs: Ruleset<any>, p: unknown): Node {
    return { rs, p, key: rs.domain.key(p), memo: this.memoFor(rs) };
  }

  private value(rs: Ruleset<any>, p: unknown): number {
    const { maxDepth, signal } = this.options;
    if (!rs.terminating && maxDepth === undefined) {
      throw new InputError(
        `${rs.name} is not known to terminate (not strongly terminating); give a depth bound (--max-depth N) to explore it`,
      );
    }
    const root = this.node(rs, p);
    const known = root.memo.get(root.key);
    if (known !== undefined && known !== IN_PROGRESS) return known;
    const maxPositions = this.options.maxPositions ?? limitDefault('positions');
    const stack: Frame[] = [this.frame(root, 0)];
    // The signal is read once per POLL_WORK children looked at or created: a position with a million
    // options (Nim heap 10^6) is as much work as a million small ones.
    let work = 0;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      let descended = false;
      if (signal && work >= POLL_WORK) {
        work = 0;
        if (signal.aborted) {
          this.unwind(stack);
          throw new InterruptedError();
        }
      }
      const from = top.next;
      while (top.next < top.children.length) {
        const child = top.children[top.next]!;
        const v = child.memo.get(child.key);
        if (v === undefined) {
          const depth = top.combine === Combine.Xor ? top.depth : top.depth + 1;
          if (maxDepth !== undefined && depth > maxDepth) {
            this.unwind(stack);
            throw new LimitError(
              `depth bound ${maxDepth} hit at ${child.rs.domain.format(child.p)}: the value is not determined`,
              'depth',
            );
          }
          if (this.size >= maxPositions) {
            this.unwind(stack);
            throw new LimitError(`more than ${maxPositions} positions memoised; the position is too large`, 'positions');
          }
          let frame: Frame;
          try {
            frame = this.frame(child, depth);
          } catch (e) {
            this.unwind(stack);
            throw e;
          }
          work += frame.children.length;
          stack.push(frame);
          descended = true;
          break;
        }
        if (v === IN_PROGRESS) {
          const cycle = this.cycleThrough(stack, child);
          this.unwind(stack);
          throw new CycleError(cycle);
        }
        top.next++;
      }
      work += top.next - from + 1;
      if (descended) continue;
      top.memo.set(top.key, this.combine(top));
      stack.pop();
    }
    return root.memo.get(root.key)!;
  }

  /**
   * The frame of n, marked in progress. The mark comes last: a closed form or an options list that throws
   * (a table build stopped by the signal) leaves n unmarked, and the caller unwinds the frames above it.
   */
  private frame(n: Node, depth: number): Frame {
    const f = this.unmarkedFrame(n, depth);
    n.memo.set(n.key, IN_PROGRESS);
    this.size++;
    return f;
  }

  private unmarkedFrame(n: Node, depth: number): Frame {
    const rs = n.rs;
    // A closed form the ruleset knows: a frame with no children, whose value is the form's (an empty XOR
    // frame is combined to 0, so the value is set here and the frame only carries it).
    const closed =
      this.options.closedForms === false ? undefined : rs.convention === 'normal' ? rs.capabilities?.grundyOf?.(n.p, this.options.signal) : outcomeCode(rs.capabilities?.misereOutcomeOf?.(n.p));
    if (closed !== undefined) return new Frame(rs, n.p, n.key, n.memo, [], Combine.Known, depth, closed);
    if (rs.convention === 'normal' && this.options.decompose !== false && rs.decompose) {
      const parts = rs.decompose(n.p);
      if (parts) {
        const children = parts.map((c) => this.node(c.ruleset, c.position));
        return new Frame(rs, n.p, n.key, n.memo, children, Combine.Xor, depth);
      }
    }
    const children = rs.options(n.p).map((o) => this.node(rs, o));
    return new Frame(rs, n.p, n.key, n.memo, children, rs.convention === 'misere' ? Combine.Misere : Combine.Mex, depth);
  }

  private combine(f: Frame): number {
    if (f.combine === Combine.Known) return f.known;
    if (f.combine === Combine.Xor) {
      let x = 0;
      for (const c of f.children) x ^= c.memo.get(c.key)!;
      return x;
    }
    if (f.combine === Combine.Misere) {
      if (f.children.length === 0) return 1;
      return f.children.some((c) => c.memo.get(c.key) === 0) ? 1 : 0;
    }
    // mex over a bitmap: option values are at most the number of options.
    const seen = new Uint8Array(f.children.length + 1);
    for (const c of f.children) {
      const v = c.memo.get(c.key)!;
      if (v < seen.length) seen[v] = 1;
    }
    let m = 0;
    while (seen[m]) m++;
    return m;
  }

  /** Forget the in-progress marks of an abandoned search, keeping every finished value. */
  private unwind(stack: Frame[]): void {
    for (const f of stack) {
      if (f.memo.get(f.key) === IN_PROGRESS) {
        f.memo.delete(f.key);
        this.size--;
      }
    }
  }

  private cycleThrough(stack: Frame[], repeated: Node): string[] {
    const start = stack.findIndex((f) => f.rs === repeated.rs && f.key === repeated.key);
    return [...stack.slice(start).map((f) => f.rs.domain.format(f.p)), repeated.rs.domain.format(repeated.p)];
  }
}

/**
 * The Grundy value of one position, with a fresh solver.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function grundy<P>(rs: Ruleset<P>, p: P, options?: SolverOptions): number {
  return new Solver(options).grundy(rs, p);
}

/**
 * The outcome of one position, with a fresh solver.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function outcome<P>(rs: Ruleset<P>, p: P, options?: SolverOptions): Outcome {
  return new Solver(options).outcome(rs, p);
}
