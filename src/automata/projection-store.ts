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
import { checkKeySpace } from './tuple-product.js';
import { sortUnique, type ProjectionOptions, type ProjectionResult } from './projection.js';
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
function liveSuccessors(M: Dfa, live: Uint8Array, X: number, Y: number): { start: Int32Array; pairs: Int32Array } {
  const start = new Int32Array(M.stateCount * X + 1);
  let pairs = new Int32Array(1024);
  let used = 0;
  for (let s = 0; s < M.stateCount; s++) {
    for (let x = 0; x < X; x++) {
      for (let y = 0; y < Y; y++) {
        const t = M.next(s, x + X * y);
        if (!live[t]) continue;
        pairs = atLeast(pairs, used + 2);
        pairs[used++] = y;
        pairs[used++] = t;
      }
      start[s * X + x + 1] = used;
    }
  }
  return { start, pairs: pairs.slice(0, used) };
}

/**
 * ∃y (M(x, y) ∧ A(y)) over the letters x < X, exactly as existsMinimal builds it (the subsets are
 * the sorted pair keys s + |M| t of M's and A's live states, tagged with the companion's state),
 * with the subsets in a SubsetStore and the transitions in a TransitionTable.
 */
export function existsMinimalStored(M: Dfa, A: Dfa, X: number, Y: number, options: StoredProjectionOptions = {}): ProjectionResult {
  const maxStates = options.maxStates ?? 5_000_000;
  const liveM = coReachable(M);
  const liveA = coReachable(A);
  const nM = M.stateCount;
  checkKeySpace('the pairs of the projection', nM, A.stateCount);
  const aDelta = A.delta;
  const { start: mStart, pairs: mPairs } = liveSuccessors(M, liveM, X, Y);
  const C = options.within;
  const liveC = C ? coReachable(C) : undefined;
  const table = new TransitionTable(options.spillDir, options.grain?.rows);
  const store = new SubsetStore({
    ...(options.grain ? { grain: options.grain } : {}),
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    ...(options.spillDir === undefined ? {} : { dir: options.spillDir }),
    // The accepting flag, and the transitions when they stay in memory.
    perString: 1 + (options.spillDir === undefined ? 4 * X : 0),
  });
  try {
    let accepting = new Uint8Array(1 << 16);
    let keys = new Float64Array(1024);
    let bytes = new Uint8Array(1024);
    let largest = 1;
    /** The companion's tag (its state plus one, 0 for the sink) and keys[0..n) as varint gaps into bytes; returns the byte length. */
    const encode = (tag: number, n: number): number => {
      bytes = atLeast(bytes, 8 * (n + 1), 0);
      let len = 0;
      for (let i = -1; i < n; i++) {
        let v = i === -1 ? tag : i === 0 ? keys[0]! : keys[i]! - keys[i - 1]!;
        while (v >= 128) {
          const low = v % 128;
          bytes[len++] = low | 128;
          v = (v - low) / 128;
        }
        bytes[len++] = v;
      }
      return len;
    };
    let members = new Float64Array(1024);
    let tagRead = 0;
    /** Subset id's keys into members[0..) and its tag into tagRead; returns how many keys. */
    const decode = (id: number): number => {
      const held = store.read(id, true);
      let n = 0;
      let value = 0;
      let v = 0;
      let scale = 1;
      let first = true;
      for (let i = 0; i < held.length; i++) {
        const byte = held[i]!;
        v += (byte & 127) * scale;
        scale *= 128;
        if (byte < 128) {
          if (first) {
            tagRead = v;
            first = false;
          } else {
            value = n === 0 ? v : value + v;
            members = atLeast(members, n + 1);
            members[n++] = value;
          }
          v = 0;
          scale = 1;
        }
      }
      return n;
    };
    /** The number of the state (tag, keys[0..n)), given a new one if it is new. */
    const intern = (tag: number, n: number): number => {
      const id = store.intern(bytes, encode(tag, n));
      if (!store.added) return id;
      if (id >= maxStates) throw new LimitError(`the subset construction passed ${maxStates} states; raise the state cap`, 'subsets', id);
      let acc = 0;
      for (let i = 0; i < n && acc === 0 && (!C || C.output[tag - 1] !== 0); i++) {
        const s = keys[i]! % nM;
        if (M.output[s] !== 0 && A.output[(keys[i]! - s) / nM] !== 0) acc = 1;
      }
      accepting = atLeast(accepting, id + 1);
      accepting[id] = acc;
      if (n > largest) largest = n;
      return id;
    };
    keys[0] = M.start + nM * A.start;
    intern(C ? C.start + 1 : 1, 1);
    for (let i = 0; i < store.count; i++) {
      if ((i & 65535) === 0) {
        if (options.signal?.aborted) throw new InterruptedError({ states: store.count });
        options.onProgress?.(store.count, i);
      }
      const len = decode(i);
      const tag = tagRead;
      for (let x = 0; x < X; x++) {
        let tag2 = tag;
        if (C && tag !== 0) {
          const c2 = C.next(tag - 1, x);
          tag2 = liveC![c2] ? c2 + 1 : 0;
        }
        if (tag2 === 0) {
          table.push(intern(0, 0));
          continue;
        }
        let n = 0;
        for (let j = 0; j < len; j++) {
          const key = members[j]!;
          const s = key % nM;
          const d = (key - s) / nM;
          for (let e = mStart[s * X + x]!; e < mStart[s * X + x + 1]!; e += 2) {
            const d2 = aDelta[d * Y + mPairs[e]!]!;
            if (!liveA[d2]) continue;
            keys = atLeast(keys, n + 1);
            keys[n++] = mPairs[e + 1]! + nM * d2;
          }
        }
        n = sortUnique(keys, n);
        table.push(intern(tag2, n));
      }
    }
    const stored = store.count;
    options.onStore?.({ subsets: stored, spills: store.spills, spillReads: store.spillReads, bytesHeld: store.bytesHeld, poolBytesHeld: store.poolBytesHeld });
    // Only the transitions and outputs go on to the minimisation.
    store.close();
    const dfa = minimiseBy(X, stored, 0, (s, x) => table.get(s * X + x), accepting.subarray(0, stored), () => table.close());
    return { dfa, subsets: stored, largestSubset: largest };
  } finally {
    store.close();
    table.close();
  }
}
