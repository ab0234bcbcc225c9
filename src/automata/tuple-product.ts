/**
 * Products of automata whose states are tuples of component states, built on the fly: the one place
 * that packs a tuple into one number key (mixed radix, below 2^53), unpacks it, cuts component states
 * that can no longer accept, and checks that the keys cannot collide. A product site only says how a
 * tuple steps (which components move on which letter); the logic engine's NFAs (P - P, the moves to
 * the chain tops, the axis pass, the bad-position search) are all built this way.
 */
import { InterruptedError, LimitError } from '../core/errors.js';
import { type LimitName, limitDefault } from '../core/limits.js';
import type { Dfa } from './dfa.js';
import { KeyInterner } from './interner.js';
import { exploreNfa, type TableNfa } from './nfa.js';
import { coReachable } from './reach.js';
import type { Stop } from '../core/stop.js';

/** A DFA as a component of a product: next(s, a) is -1 where the successor can no longer accept (pruned). */
export class LiveDfa {
  readonly live: Uint8Array;
  readonly start: number;
  readonly stateCount: number;
  private readonly delta: Int32Array;
  private readonly letters: number;

  constructor(readonly dfa: Dfa) {
    this.live = coReachable(dfa);
    this.start = dfa.start;
    this.stateCount = dfa.stateCount;
    this.delta = dfa.delta;
    this.letters = dfa.alphabetSize;
  }

  next(s: number, letter: number): number {
    const t = this.delta[s * this.letters + letter]!;
    return this.live[t] ? t : -1;
  }
}

/**
 * ⌊key / r⌋ for an integer key below 2^53. Below 2^52 the double quotient is within less than 1/(2r)
 * of key / r, so its floor is exact, and it is about twice as fast as key % r (a call to fmod);
 * above, the remainder is taken first.
 */
export function quotient(key: number, r: number): number {
  return key < 4_503_599_627_370_496 ? Math.floor(key / r) : (key - (key % r)) / r;
}

/**
 * Checks that tuples of states with these ranges pack exactly into one number key (product of the
 * ranges at most 2^53): past it keys would collide silently and the automaton would be wrong.
 * Throws LimitError (keySpace) naming `what`. TupleProduct checks its own ranges; a kernel that packs
 * pairs by hand (automata/projection.ts) calls it too.
 */
export function checkKeySpace(what: string, ...ranges: number[]): void {
  const size = ranges.reduce((x, y) => x * y, 1);
  if (size > Number.MAX_SAFE_INTEGER) throw new LimitError(`the states of ${what} (${ranges.join(' × ')}) pass 2^53 and cannot be packed into keys`, 'keySpace', 0);
}

export interface TupleProductOptions {
  /** Most tuples (states) before a LimitError (partial = the count reached). Default: nfaStates in core/limits.ts. */
  maxStates?: number;
  /** The row of core/limits.ts the cap belongs to (default nfaStates), named by the LimitError. */
  limit?: LimitName;
  /** Polled every 1024 tuples expanded by explore (exploreNfa) and every 4096 by reaches: InterruptedError. */
  signal?: Stop;
  /** A tuple accepts when every DFA component accepts and this holds (default: nothing more). */
  accepting?: (tuple: Int32Array) => boolean;
}

/**
 * The tuples (s_0, ..., s_{k-1}), s_i below the i-th component's range (a LiveDfa's state count, or
 * a number for a counter such as comparison bits), packed as s_0 + r_0 (s_1 + r_1 (s_2 + ...)).
 * Expansion works on two scratch tuples: `from`, the tuple being expanded, and `to`, a copy of it
 * that the site changes and emits; nothing is allocated per step.
 */
export class TupleProduct {
  /** The tuple being expanded: read it, do not write it. */
  readonly from: Int32Array;
  /** The successor to emit: a copy of `from` when an expansion starts; set the components that move. */
  readonly to: Int32Array;
  private readonly radices: Float64Array;
  private readonly probe: Int32Array;
  /** Per component, a DFA's outputs, or an empty array for a counter. */
  private readonly outputOf: Int32Array[];

  /** Throws LimitError when the product of the ranges passes 2^53 (keys would collide silently). */
  constructor(
    readonly what: string,
    components: readonly (LiveDfa | number)[],
  ) {
    const ranges = components.map((c) => (typeof c === 'number' ? c : c.stateCount));
    checkKeySpace(what, ...ranges);
    this.radices = Float64Array.from(ranges);
    this.outputOf = components.map((c) => (typeof c === 'number' ? new Int32Array(0) : c.dfa.output));
    [this.from, this.to, this.probe] = [0, 1, 2].map(() => new Int32Array(ranges.length)) as [Int32Array, Int32Array, Int32Array];
  }

  pack(tuple: ArrayLike<number>): number {
    const r = this.radices;
    let key = 0;
    for (let i = r.length - 1; i >= 0; i--) key = key * r[i]! + tuple[i]!;
    return key;
  }

  unpack(key: number, into: Int32Array): Int32Array {
    const r = this.radices;
    for (let i = 0; i < r.length; i++) {
      const q = quotient(key, r[i]!);
      into[i] = key - q * r[i]!;
      key = q;
    }
    return into;
  }

  /** unpack into two tuples at once (an expansion's from and to; cheaper than a copy per state). */
  private unpackTwice(key: number, into: Int32Array, copy: Int32Array): void {
    const r = this.radices;
    for (let i = 0; i < r.length; i++) {
      const q = quotient(key, r[i]!);
      copy[i] = into[i] = key - q * r[i]!;
      key = q;
    }
  }

  /** Whether every DFA component accepts in the tuple, and `accepting` (options.accepting) holds. */
  accepts(tuple: Int32Array, accepting?: (tuple: Int32Array) => boolean): boolean {
    const outputOf = this.outputOf;
    for (let i = 0; i < outputOf.length; i++) if (outputOf[i]!.length > 0 && outputOf[i]![tuple[i]!] === 0) return false;
    return accepting ? accepting(tuple) : true;
  }

  /** accepts on a key: the tuple unpacked into the probe, stopping at the first DFA component that rejects. */
  private acceptsKey(key: number, accepting?: (tuple: Int32Array) => boolean): boolean {
    const { radices: r, probe, outputOf } = this;
    for (let i = 0; i < r.length; i++) {
      const q = quotient(key, r[i]!);
      const x = key - q * r[i]!;
      if (outputOf[i]!.length > 0 && outputOf[i]![x] === 0) return false;
      probe[i] = x;
      key = q;
    }
    return accepting ? accepting(probe) : true;
  }

  /**
   * The reachable part as an NFA over `letters` (exploreNfa): from the start tuples, expand(emit) is
   * called with `from` holding a tuple and `to` a copy of it; emit(letter) adds the edge to the tuple
   * in `to`. O(reachable tuples + edges) time.
   */
  explore(
    letters: number,
    starts: readonly (readonly number[])[],
    expand: (emit: (letter: number) => void) => void,
    options: TupleProductOptions = {},
  ): TableNfa {
    const { from, to } = this;
    const accepting = options.accepting;
    let out: (letter: number, to: number) => void = () => {};
    // pack(to), written out: emit runs once per edge, and a call less shows in short runs.
    const r = this.radices;
    const emit = (letter: number) => {
      let key = 0;
      for (let i = r.length - 1; i >= 0; i--) key = key * r[i]! + to[i]!;
      out(letter, key);
    };
    return exploreNfa(
      letters,
      starts.map((t) => this.pack(t)),
      (key, add) => {
        this.unpackTwice(key, from, to);
        out = add;
        expand(emit);
      },
      (key) => this.acceptsKey(key, accepting),
      {
        maxStates: options.maxStates ?? limitDefault('nfaStates'),
        ...(options.limit ? { limit: options.limit } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
  }

  /**
   * Whether an accepting tuple is reachable from `start`: a depth-first search, expand(emit) as in
   * explore, emit() following the edge to `to`. Stops at the first accepting tuple. O(tuples met).
   */
  reaches(start: readonly number[], expand: (emit: () => void) => void, options: TupleProductOptions = {}): boolean {
    const { from, to } = this;
    const seen = new KeyInterner(options.maxStates ?? limitDefault('nfaStates'), this.what, options.limit ?? 'nfaStates');
    const stack: number[] = [];
    const emit = () => {
      const key = this.pack(to);
      const before = seen.count;
      if (seen.intern(key) === before) stack.push(key);
    };
    to.set(start);
    emit();
    for (let popped = 0; stack.length > 0; popped++) {
      if ((popped & 4095) === 0 && options.signal?.aborted) throw new InterruptedError({ states: seen.count });
      this.unpackTwice(stack.pop()!, from, to);
      if (this.accepts(from, options.accepting)) return true;
      expand(emit);
    }
    return false;
  }
}
