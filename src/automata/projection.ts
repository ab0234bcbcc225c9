/**
 * The minimal DFA of a projection ∃y (M(x, y) ∧ A(y)), for products too large to tabulate as an NFA
 * first (the layer passes of G_4 in src/logic/admissibility.ts: hundreds of millions of subsets).
 */
import { InterruptedError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { coReachable } from './reach.js';
import { atLeast } from './grow.js';
import { ChunkedArray } from './chunked.js';
import type { Dfa } from './dfa.js';
import { minimiseBy } from './minimise.js';
import { checkKeySpace, quotient } from './tuple-product.js';
import type { Stop } from '../core/stop.js';

export interface ProjectionOptions {
  /** Most subsets before a LimitError (partial = the count reached). Default: subsets in core/limits.ts. */
  maxStates?: number;
  signal?: Stop;
  /** Called every 65536 subsets with (subsets built, subsets expanded). */
  onProgress?: (built: number, expanded: number) => void;
  /**
   * A DFA over x read alongside: only words it accepts are accepted, and prefixes it can no longer
   * accept are not followed. A thin companion saves most subsets; a large one multiplies them (the
   * states are then pairs of its state and a subset).
   */
  within?: Dfa;
}

export interface ProjectionResult {
  /** The minimal DFA over x. */
  dfa: Dfa;
  /** Subsets built by the subset construction, and the largest. */
  subsets: number;
  largestSubset: number;
}

/**
 * ∃y (M(x, y) ∧ A(y)) over the letters x < X, for M over the letters x + X y (y < Y) and A over y:
 * the subset construction on the pairs (M state, A state) met, computed on the fly from the two
 * tables (no NFA is stored), pairs pruned to states of M and A that can still accept; then
 * `minimiseBy`, which drops the subset automaton's table once it holds its inverse. A subset accepts
 * when one of its pairs does. A subset is its sorted pair keys s + |M| t stored as varint gaps in a
 * chunked byte pool (G_4's first pass: 104 M subsets of about 10 pairs, 28 bytes each instead of 80),
 * interned by an open-addressing hash: about 40 + 4X bytes a subset while building, then the
 * minimisation's 16 + 5X. With `within`, a state is a subset and the companion's state (stored
 * first, plus one; 0 for the sink of prefixes the companion rejects).
 */
export function existsMinimal(M: Dfa, A: Dfa, X: number, Y: number, options: ProjectionOptions = {}): ProjectionResult {
  const maxStates = options.maxStates ?? limitDefault('subsets');
  const liveM = coReachable(M);
  const liveA = coReachable(A);
  const nM = M.stateCount;
  checkKeySpace('the pairs of the projection', nM, A.stateCount);
  const [mDelta, aDelta] = [M.delta, A.delta];
  const MX = M.alphabetSize;
  const C = options.within;
  const liveC = C ? coReachable(C) : undefined;
  let pool: ChunkedArray<Uint8Array> | undefined = new ChunkedArray((n) => new Uint8Array(n));
  let offsets: ChunkedArray<Float64Array> | undefined = new ChunkedArray((n) => new Float64Array(n));
  let hashes: ChunkedArray<Int32Array> | undefined = new ChunkedArray((n) => new Int32Array(n));
  let delta: ChunkedArray<Int32Array> | undefined = new ChunkedArray((n) => new Int32Array(n));
  let accepting = new Uint8Array(1 << 16);
  let slots = new Int32Array(1 << 16).fill(-1);
  // Scratch: the keys of a subset, its bytes, and the bytes of a stored subset.
  let keys = new Float64Array(1024);
  let bytes = new Uint8Array(1024);
  let held = new Uint8Array(1024);
  let stored = 0;
  let poolUsed = 0;
  let largest = 1;
  /** The companion's tag (its state plus one, 0 for the sink) and keys[0..n) as varints into bytes; returns the byte length. */
  const encode = (tag: number, n: number): number => {
    bytes = atLeast(bytes, 8 * (n + 1), 0);
    return encodeGaps(bytes, tag, keys, n);
  };
  /** The keys of subset `id` into keys[0..) and its tag into `tagRead`; returns how many keys. */
  let tagRead = 0;
  const decode = (id: number): number => {
    const o = offsets!.get(id);
    const len = offsets!.get(id + 1) - o;
    held = atLeast(held, len, 0);
    pool!.read(o, len, held);
    let n = 0;
    let value = 0;
    let v = 0;
    let scale = 1;
    let first = true;
    for (let i = 0; i < len; i++) {
      const byte = held[i]!;
      v += (byte & 127) * scale;
      scale *= 128;
      if (byte < 128) {
        if (first) {
          tagRead = v;
          first = false;
        } else {
          value = n === 0 ? v : value + v;
          if (n === keys.length) keys = atLeast(keys, n + 1);
          keys[n++] = value;
        }
        v = 0;
        scale = 1;
      }
    }
    return n;
  };
  const hashOf = (len: number): number => {
    let h = (0x811c9dc5 ^ len) | 0;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
    return (h ^ (h >>> 15)) | 0;
  };
  const rehash = () => {
    slots = new Int32Array(slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < stored; id++) {
      let at = hashes!.get(id) & mask;
      while (slots[at] !== -1) at = (at + 1) & mask;
      slots[at] = id;
    }
  };
  /** The number of the state (tag, keys[0..n)), given a new one if it is new. */
  const intern = (tag: number, n: number): number => {
    const len = encode(tag, n);
    const h = hashOf(len);
    const mask = slots.length - 1;
    let at = h & mask;
    for (;;) {
      const id = slots[at]!;
      if (id === -1) break;
      if (hashes!.get(id) === h) {
        const o = offsets!.get(id);
        if (offsets!.get(id + 1) - o === len) {
          held = atLeast(held, len, 0);
          pool!.read(o, len, held);
          let same = true;
          for (let i = 0; i < len && same; i++) same = held[i] === bytes[i];
          if (same) return id;
        }
      }
      at = (at + 1) & mask;
    }
    const id = stored;
    LimitError.assert(id, maxStates, 'subsets', 'subset construction');
    let acc = 0;
    for (let i = 0; i < n && acc === 0 && (!C || C.output[tag - 1] !== 0); i++) {
      const d = quotient(keys[i]!, nM);
      if (M.output[keys[i]! - d * nM] !== 0 && A.output[d] !== 0) acc = 1;
    }
    pool!.write(poolUsed, bytes, len);
    poolUsed += len;
    if (id >= accepting.length) accepting = atLeast(accepting, id + 1);
    accepting[id] = acc;
    hashes!.set(id, h);
    offsets!.set(id + 1, poolUsed);
    stored++;
    slots[at] = id;
    if (2 * stored > slots.length) rehash();
    if (n > largest) largest = n;
    return id;
  };
  offsets.set(0, 0);
  keys[0] = M.start + nM * A.start;
  intern(C ? C.start + 1 : 1, 1);
  let members = new Float64Array(1024);
  for (let i = 0; i < stored; i++) {
    if ((i & 4095) === 0) {
      if (options.signal?.aborted) throw new InterruptedError({ states: stored });
      if ((i & 65535) === 0) options.onProgress?.(stored, i);
    }
    const len = decode(i);
    const tag = tagRead;
    members = atLeast(members, len, 0);
    members.set(keys.subarray(0, len));
    for (let x = 0; x < X; x++) {
      let tag2 = tag;
      if (C && tag !== 0) {
        const c2 = C.next(tag - 1, x);
        tag2 = liveC![c2] ? c2 + 1 : 0;
      }
      if (tag2 === 0) {
        delta.set(i * X + x, intern(0, 0));
        continue;
      }
      let n = 0;
      for (let j = 0; j < len; j++) {
        const key = members[j]!;
        const d = quotient(key, nM);
        const s = key - d * nM;
        for (let y = 0; y < Y; y++) {
          const s2 = mDelta[s * MX + x + X * y]!;
          if (!liveM[s2]) continue;
          const d2 = aDelta[d * Y + y]!;
          if (!liveA[d2]) continue;
          if (n === keys.length) keys = atLeast(keys, n + 1);
          keys[n++] = s2 + nM * d2;
        }
      }
      n = sortUnique(keys, n);
      delta.set(i * X + x, intern(tag2, n));
    }
  }
  // The subsets are no longer needed: only the transitions and outputs go on to the minimisation.
  pool = offsets = hashes = undefined;
  slots = new Int32Array(0);
  const table = delta;
  const dfa = minimiseBy(
    X,
    stored,
    0,
    (s, x) => table.get(s * X + x),
    accepting.subarray(0, stored),
    () => {
      table.clear();
      delta = undefined;
    },
    options.signal,
  );
  return { dfa, subsets: stored, largestSubset: largest };
}

/**
 * A subset's bytes, as both subset constructions store them: the tag, then the sorted keys[0..n) as gaps, each
 * a varint; `bytes` must hold 8 (n + 1). Returns the byte length.
 */
export function encodeGaps(bytes: Uint8Array, tag: number, keys: Float64Array, n: number): number {
  let len = 0;
  for (let i = -1; i < n; i++) {
    let v = i === -1 ? tag : i === 0 ? keys[0]! : keys[i]! - keys[i - 1]!;
    // Gaps below 2^31 (nearly all) in integer arithmetic; v % 128 on a double is a call to fmod.
    if (v < 2147483648) {
      while (v >= 128) {
        bytes[len++] = (v & 127) | 128;
        v >>>= 7;
      }
      bytes[len++] = v;
      continue;
    }
    while (v >= 128) {
      const low = v % 128;
      bytes[len++] = low | 128;
      v = (v - low) / 128;
    }
    bytes[len++] = v;
  }
  return len;
}

/** Sorts buf[0..n) ascending and removes repeats; returns the new length (the subset constructions' keys). */
export function sortUnique(buf: Float64Array, n: number): number {
  if (n > 16) buf.subarray(0, n).sort();
  else {
    for (let i = 1; i < n; i++) {
      const v = buf[i]!;
      let j = i - 1;
      while (j >= 0 && buf[j]! > v) {
        buf[j + 1] = buf[j]!;
        j--;
      }
      buf[j + 1] = v;
    }
  }
  let w = 0;
  for (let i = 0; i < n; i++) if (w === 0 || buf[i] !== buf[w - 1]) buf[w++] = buf[i]!;
  return w;
}
