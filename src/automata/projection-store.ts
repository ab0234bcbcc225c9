/**
 * existsMinimal (src/automata/projection.ts) over a SubsetStore (src/automata/subset-store.ts): the
 * same subset construction, the same subsets in the same order and the same minimal DFA, within a
 * budget of bytes. Past the budget the subsets spill to a folder, and given the folder the subset
 * automaton's transitions are written to a file as they are found and read back by the
 * minimisation, so that they cost no memory while the subsets are built. For the layer passes of
 * G_5 (src/logic/admissibility/passes.ts), whose largest would hold hundreds of millions of subsets.
 */
import { InterruptedError, LimitError } from '../core/errors.js';
import type { Dfa } from './dfa.js';
import { atLeast } from './grow.js';
import { minimiseBy } from './minimise.js';
import { KeyInterner } from './interner.js';
import { checkKeySpace, quotient } from './tuple-product.js';
import { encodeGaps, sortUnique, type ProjectionOptions, type ProjectionResult } from './projection.js';
import { coReachable } from './reach.js';
import { type Grain, SubsetStore, TransitionTable } from './subset-store.js';

export interface StoredProjectionOptions extends ProjectionOptions {
  /** Most bytes the subsets (pool, index, flags, and the transitions when they stay in memory) hold. Default: no budget. */
  maxBytes?: number;
  /**
   * A folder for the spill files: the transitions go there from the start, the subsets once they
   * pass maxBytes. The files are removed when the construction ends, whichever way it ends.
   */
  spillDir?: string;
  /** The store's chunk sizes (small ones in tests, so that a few subsets spill). */
  grain?: Grain;
  /** Told the store's figures at the end: subsets, pool chunks spilled, strings read back from the file. */
  onStore?: (figures: StoreFigures) => void;
}

/** A store's figures at the end of a construction. */
export interface StoreFigures {
  subsets: number;
  /** Pool chunks written to the spill file, and strings read back from it. */
  spills: number;
  spillReads: number;
  /** Bytes held in memory at the end, and of them the pool's. */
  bytesHeld: number;
  poolBytesHeld: number;
}

/**
 * The live successors of a DFA M over letters x + X y (y < Y), pruned to `live` targets, as flat
 * lists per (state, x): pairs (y, target) at [start[s X + x], start[s X + x + 1]). Most (s, x, y)
 * of the passes' M(p, m) are dead, so the subset construction skips them.
 */
function liveSuccessors(M: Dfa, X: number, Y: number): LiveSuccessors {
  // A pass projects one M with several automata (its pieces, its domain): the lists are built once.
  const key = X + Y * 65536;
  const held = successorsHeld.get(M)?.get(key);
  if (held) return held;
  const live = coReachable(M);
  const start = new Int32Array(M.stateCount * X + 1);
  let pairs = new Int32Array(1024);
  let used = 0;
  for (let s = 0; s < M.stateCount; s++) {
    for (let x = 0; x < X; x++) {
      for (let y = 0; y < Y; y++) {
        const t = M.next(s, x + X * y);
        if (!live[t]) continue;
        if (used + 2 > pairs.length) pairs = atLeast(pairs, used + 2);
        pairs[used++] = y;
        pairs[used++] = t;
      }
      start[s * X + x + 1] = used;
    }
  }
  const lists = { start, pairs: pairs.slice(0, used) };
  if (!successorsHeld.has(M)) successorsHeld.set(M, new Map());
  successorsHeld.get(M)!.set(key, lists);
  return lists;
}

interface LiveSuccessors {
  start: Int32Array;
  pairs: Int32Array;
}

const successorsHeld = new WeakMap<Dfa, Map<number, LiveSuccessors>>();

/**
 * The subsets of the projection ∃y (M(x, y) ∧ A(y)) in a SubsetStore: the sorted pair keys
 * s + |M| t of M's and A's live states, tagged (a companion's state plus one, 0 for its sink; 1
 * without one), numbered in order of first sight, with their accepting flags.
 */
class ProjectionSubsets {
  readonly store: SubsetStore;
  accepting = new Uint8Array(1 << 16);
  largest = 1;
  /** Scratch: the keys of the subset being built; members: the keys of the subset read (decode). */
  keys = new Float64Array(1024);
  members = new Float64Array(1024);
  /** The tag of the subset last decoded. */
  tagRead = 0;
  private bytes = new Uint8Array(1024);
  private readonly nM: number;
  private readonly liveA: Uint8Array;
  private readonly mStart: Int32Array;
  private readonly mPairs: Int32Array;

  constructor(
    private readonly M: Dfa,
    private readonly A: Dfa,
    private readonly X: number,
    private readonly Y: number,
    private readonly maxStates: number,
    options: StoredProjectionOptions,
    private readonly C?: Dfa,
  ) {
    this.nM = M.stateCount;
    checkKeySpace('the pairs of the projection', this.nM, A.stateCount);
    this.liveA = coReachable(A);
    ({ start: this.mStart, pairs: this.mPairs } = liveSuccessors(M, X, Y));
    this.store = new SubsetStore({
      ...(options.grain ? { grain: options.grain } : {}),
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
      ...(options.spillDir === undefined ? {} : { dir: options.spillDir }),
      // The accepting flag, and the transitions when they stay in memory.
      perString: 1 + (options.spillDir === undefined ? 4 * X : 0),
    });
  }

  get count(): number {
    return this.store.count;
  }

  /** The start subset {(M.start, A.start)} with the companion's tag (1 without one): number 0. */
  start(tag: number): number {
    this.keys[0] = this.M.start + this.nM * this.A.start;
    return this.intern(tag, 1);
  }

  /** The tag and keys[0..n) as varint gaps into bytes; returns the byte length. */
  private encode(tag: number, n: number): number {
    this.bytes = atLeast(this.bytes, 8 * (n + 1), 0);
    return encodeGaps(this.bytes, tag, this.keys, n);
  }

  /** Subset id's keys into members[0..) and its tag into tagRead; returns how many keys. */
  decode(id: number, sequential: boolean): number {
    const length = this.store.load(id, sequential);
    const held = this.store.loaded;
    let n = 0;
    let value = 0;
    let v = 0;
    let scale = 1;
    let first = true;
    for (let i = 0; i < length; i++) {
      const byte = held[i]!;
      v += (byte & 127) * scale;
      scale *= 128;
      if (byte < 128) {
        if (first) {
          this.tagRead = v;
          first = false;
        } else {
          value = n === 0 ? v : value + v;
          if (n === this.members.length) this.members = atLeast(this.members, n + 1);
          this.members[n++] = value;
        }
        v = 0;
        scale = 1;
      }
    }
    return n;
  }

  /** The keys of the successor on x of the decoded subset members[0..len) into keys[0..n), sorted; returns n. */
  step(len: number, x: number): number {
    const { members, nM, mStart, mPairs, liveA, X, Y } = this;
    const aDelta = this.A.delta;
    let n = 0;
    for (let j = 0; j < len; j++) {
      const key = members[j]!;
      const d = quotient(key, nM);
      const s = key - d * nM;
      for (let e = mStart[s * X + x]!; e < mStart[s * X + x + 1]!; e += 2) {
        const d2 = aDelta[d * Y + mPairs[e]!]!;
        if (!liveA[d2]) continue;
        if (n === this.keys.length) this.keys = atLeast(this.keys, n + 1);
        this.keys[n++] = mPairs[e + 1]! + nM * d2;
      }
    }
    return sortUnique(this.keys, n);
  }

  /** The number of the subset (tag, keys[0..n)), given a new one (and its accepting flag) if it is new. */
  intern(tag: number, n: number): number {
    const { store, keys, M, A, nM, C } = this;
    const id = store.intern(this.bytes, this.encode(tag, n));
    if (!store.added) return id;
    if (id >= this.maxStates) throw new LimitError(`the subset construction passed ${this.maxStates} states; raise the state cap`, 'subsets', id);
    let acc = 0;
    for (let i = 0; i < n && acc === 0 && (!C || C.output[tag - 1] !== 0); i++) {
      const d = quotient(keys[i]!, nM);
      if (M.output[keys[i]! - d * nM] !== 0 && A.output[d] !== 0) acc = 1;
    }
    if (id >= this.accepting.length) this.accepting = atLeast(this.accepting, id + 1);
    this.accepting[id] = acc;
    if (n > this.largest) this.largest = n;
    return id;
  }

  /** Tells the store's figures (options.onStore) and drops the subsets. */
  finish(options: StoredProjectionOptions): number {
    const { store } = this;
    options.onStore?.({ subsets: store.count, spills: store.spills, spillReads: store.spillReads, bytesHeld: store.bytesHeld, poolBytesHeld: store.poolBytesHeld });
    store.close();
    return store.count;
  }
}

/**
 * ∃y (M(x, y) ∧ A(y)) over the letters x < X, exactly as existsMinimal builds it (the subsets are
 * the sorted pair keys s + |M| t of M's and A's live states, tagged with the companion's state),
 * with the subsets in a SubsetStore and the transitions in a TransitionTable.
 */
export function existsMinimalStored(M: Dfa, A: Dfa, X: number, Y: number, options: StoredProjectionOptions = {}): ProjectionResult {
  const C = options.within;
  const liveC = C ? coReachable(C) : undefined;
  const subsets = new ProjectionSubsets(M, A, X, Y, options.maxStates ?? 5_000_000, options, C);
  const table = new TransitionTable(options.spillDir, options.grain?.rows);
  const { store } = subsets;
  try {
    subsets.start(C ? C.start + 1 : 1);
    for (let i = 0; i < store.count; i++) {
      if ((i & 65535) === 0) {
        if (options.signal?.aborted) throw new InterruptedError({ states: store.count });
        options.onProgress?.(store.count, i);
      }
      const len = subsets.decode(i, true);
      const tag = subsets.tagRead;
      for (let x = 0; x < X; x++) {
        let tag2 = tag;
        if (C && tag !== 0) {
          const c2 = C.next(tag - 1, x);
          tag2 = liveC![c2] ? c2 + 1 : 0;
        }
        table.push(tag2 === 0 ? subsets.intern(0, 0) : subsets.intern(tag2, subsets.step(len, x)));
      }
    }
    // Only the transitions and outputs go on to the minimisation.
    const stored = subsets.finish(options);
    const dfa = minimiseBy(X, stored, 0, (s, x) => table.get(s * X + x), subsets.accepting.subarray(0, stored), () => table.close());
    return { dfa, subsets: stored, largestSubset: subsets.largest };
  } finally {
    store.close();
    table.close();
  }
}

/**
 * The successors of the subsets, each built when a pair first needs it: row[s X + x] on letter x
 * once expanded[s]. (Fields, not variables a closure captures: those live in a context object, and
 * the pair loop read them at every pair.)
 */
class Expansions {
  row: Int32Array<ArrayBuffer>;
  private expanded = new Uint8Array(1024);

  constructor(
    private readonly subsets: ProjectionSubsets,
    private readonly X: number,
  ) {
    this.row = new Int32Array(1024 * X);
  }

  has(s: number): boolean {
    return s < this.expanded.length && this.expanded[s] !== 0;
  }

  /** The rows, subset s expanded. */
  of(s: number): Int32Array {
    if (this.has(s)) return this.row;
    const { subsets, X } = this;
    if (s >= this.expanded.length) this.expanded = atLeast(this.expanded, s + 1);
    if ((s + 1) * X > this.row.length) this.row = atLeast(this.row, (s + 1) * X);
    const len = subsets.decode(s, false);
    for (let x = 0; x < X; x++) this.row[s * X + x] = subsets.intern(1, subsets.step(len, x));
    this.expanded[s] = 1;
    return this.row;
  }

  drop(): void {
    this.row = new Int32Array(0);
  }
}

/** A projection read through a companion, or past its cap without one. */
export interface ThroughResult extends ProjectionResult {
  /** Whether the DFA is the projection read through the companion (else the projection alone). */
  through: boolean;
  /** States (companion state, subset) built, up to the cap. */
  pairs: number;
}

/**
 * ∃y (M(x, y) ∧ A(y)) read through the companion C (the words C accepts, as `within`) while that
 * stays within `maxPairs` states, else the projection without C: the same two DFAs as
 * existsMinimalStored with and without `within`, without building the subsets twice. A state read
 * through C is a pair (C's state, subset), and the subsets are those of the projection alone (C only
 * prunes), so each subset's successors are built once, when a pair first needs them, and past the
 * cap the projection alone goes on from the subsets already built. (Built one after the other, the
 * attempt through the candidates on Tribonacci's first chain built a million subsets and was thrown
 * away.) The subsets alone are capped by options.maxStates.
 */
export function existsThrough(M: Dfa, A: Dfa, X: number, Y: number, C: Dfa, maxPairs: number, options: StoredProjectionOptions = {}): ThroughResult {
  const liveC = coReachable(C);
  const nC = C.stateCount;
  const subsets = new ProjectionSubsets(M, A, X, Y, options.maxStates ?? 5_000_000, options);
  const { store } = subsets;
  const expansions = new Expansions(subsets, X);
  const poll = (i: number, count: number) => {
    if ((i & 65535) === 0) {
      if (options.signal?.aborted) throw new InterruptedError({ states: count });
      options.onProgress?.(count, i);
    }
  };
  try {
    subsets.start(1);
    // Pairs keyed c + nC s; the sink of the words C rejects is key -1.
    const pairs = new KeyInterner(Infinity, 'pairs of the projection', 'subsets');
    pairs.intern(C.start);
    let next = new Int32Array(1024);
    let pairAccepting = new Uint8Array(1024);
    let over = false;
    for (let i = 0; i < pairs.count && !over; i++) {
      poll(i, pairs.count);
      const key = pairs.keys[i]!;
      if ((i + 1) * X > next.length) next = atLeast(next, (i + 1) * X);
      if (i >= pairAccepting.length) pairAccepting = atLeast(pairAccepting, i + 1);
      if (key < 0) {
        for (let x = 0; x < X; x++) next[i * X + x] = i;
        continue;
      }
      const s = quotient(key, nC);
      const c = key - s * nC;
      pairAccepting[i] = C.output[c] !== 0 && subsets.accepting[s] !== 0 ? 1 : 0;
      const row = expansions.of(s);
      for (let x = 0; x < X; x++) {
        const c2 = C.next(c, x);
        next[i * X + x] = pairs.intern(liveC[c2] ? c2 + nC * row[s * X + x]! : -1);
      }
      over = pairs.count > maxPairs;
    }
    if (!over) {
      const count = pairs.count;
      subsets.finish(options);
      const dfa = minimiseBy(X, count, 0, next, pairAccepting.subarray(0, count), undefined, options.signal);
      return { dfa, subsets: store.count, largestSubset: subsets.largest, through: true, pairs: count };
    }
    // Past the cap: the projection alone, its transitions in order from the rows built and the rest.
    const pairCount = pairs.count;
    next = new Int32Array(0);
    const table = new TransitionTable(options.spillDir, options.grain?.rows);
    try {
      for (let s = 0; s < store.count; s++) {
        poll(s, store.count);
        if (expansions.has(s)) {
          for (let x = 0; x < X; x++) table.push(expansions.row[s * X + x]!);
          continue;
        }
        // Not needed through C: expanded here in order, its transitions kept only in the table.
        const len = subsets.decode(s, true);
        for (let x = 0; x < X; x++) table.push(subsets.intern(1, subsets.step(len, x)));
      }
      expansions.drop();
      const stored = subsets.finish(options);
      const dfa = minimiseBy(X, stored, 0, (s, x) => table.get(s * X + x), subsets.accepting.subarray(0, stored), () => table.close(), options.signal);
      return { dfa, subsets: stored, largestSubset: subsets.largest, through: false, pairs: pairCount };
    } finally {
      table.close();
    }
  } finally {
    store.close();
  }
}
