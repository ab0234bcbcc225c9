/**
 * Hopcroft's minimisation for Moore machines: the coarsest partition of the states that respects
 * outputs and transitions. Acceptors are the case of outputs 0/1.
 */
import { InterruptedError, LimitError } from '../core/errors.js';
import { checkTableSize, Dfa } from './dfa.js';
import { atLeast } from './grow.js';
import { closeBackward } from './reach.js';
import { POLL_WORK } from './poll.js';
import type { Stop } from '../core/stop.js';

/**
 * The minimal complete DFA with the same output function. States are renumbered in breadth-first
 * order from the start (letters ascending), so equal languages give identical tables.
 * O(k n log n) for n states over k letters. With `signal`, InterruptedError once it is raised (read every
 * POLL_WORK predecessors scanned).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function minimise(dfa: Dfa, signal?: Stop): Dfa {
  const k = dfa.alphabetSize;
  const delta = dfa.delta;
  return minimiseBy(k, dfa.stateCount, dfa.start, delta, dfa.output, undefined, signal);
}

/** A typed array of the least width that holds the letters 0..k-1. */
function letterArray(k: number, length: number): Uint8Array | Uint16Array | Int32Array {
  return k <= 256 ? new Uint8Array(length) : k <= 65536 ? new Uint16Array(length) : new Int32Array(length);
}

/**
 * The inverse transitions, predecessors of t as (src, letter) at entries [bound[t + 1], bound[t + 2])
 * once filled (counted into bound[t + 1], summed to the end of t's range, then filled back to front).
 * The edges into a sink (a state of output 0 whose every letter loops) are left out: a sink is dead
 * (no state with another output is reachable from it), and the dead states form one class that is
 * never split nor used as a splitter, so those edges are never read. In the subset automata of the
 * layer passes a fifth to a half of the edges lead to the empty subset.
 */
interface Inverse {
  readonly bound: Uint32Array;
  readonly src: Int32Array;
  readonly letter: Uint8Array | Uint16Array | Int32Array;
  /** Whether some edges (those into sinks) are left out. */
  readonly sinks: boolean;
}

// The two builders are apart from the refinement, and each small: a caller's closure is a new call
// target every time, and the deoptimisation it causes then recompiles only the builder.
function inverseOfFunction(k: number, m: number, next: (state: number, letter: number) => number, output: ArrayLike<number>): Inverse {
  const bound = new Uint32Array(m + 2);
  const sink = new Uint8Array(m);
  for (let s = 0; s < m; s++) {
    let loops = output[s] === 0;
    for (let a = 0; a < k; a++) {
      const t = next(s, a);
      bound[t + 1]!++;
      if (t !== s) loops = false;
    }
    if (loops) sink[s] = 1;
  }
  const { src, letter, sinks } = inverseArrays(k, m, bound, sink);
  for (let s = 0; s < m; s++) {
    for (let a = 0; a < k; a++) {
      const t = next(s, a);
      if (sink[t]) continue;
      const at = --bound[t + 1]!;
      src[at] = s;
      letter[at] = a;
    }
  }
  return { bound, src, letter, sinks };
}

function inverseOfTable(k: number, m: number, table: Int32Array, output: ArrayLike<number>): Inverse {
  const bound = new Uint32Array(m + 2);
  const sink = new Uint8Array(m);
  for (let s = 0, i = 0; s < m; s++) {
    let loops = output[s] === 0;
    for (let a = 0; a < k; a++, i++) {
      const t = table[i]!;
      bound[t + 1]!++;
      if (t !== s) loops = false;
    }
    if (loops) sink[s] = 1;
  }
  const { src, letter, sinks } = inverseArrays(k, m, bound, sink);
  for (let s = 0, i = 0; s < m; s++) {
    for (let a = 0; a < k; a++, i++) {
      const t = table[i]!;
      if (sink[t]) continue;
      const at = --bound[t + 1]!;
      src[at] = s;
      letter[at] = a;
    }
  }
  return { bound, src, letter, sinks };
}

/** Given the in-degrees in bound[t + 1]: the sinks' set to 0, the ends of the ranges summed, and the arrays for the edges kept. */
function inverseArrays(k: number, m: number, bound: Uint32Array, sink: Uint8Array) {
  let sinks = false;
  for (let t = 0; t < m; t++) {
    if (sink[t]) {
      bound[t + 1] = 0;
      sinks = true;
    }
    bound[t + 1]! += bound[t]!;
  }
  const kept = bound[m]!;
  bound[m + 1] = kept;
  return { src: new Int32Array(kept), letter: letterArray(k, kept), sinks };
}

/**
 * The states from which a state of output other than 0 is reachable, over the inverse (the edges into
 * sinks left out do not matter: a sink reaches nothing). The predecessors of t start at bound[t + 1].
 */
function liveStates(m: number, inverse: Inverse, output: ArrayLike<number>): Uint8Array {
  const live = new Uint8Array(m);
  for (let s = 0; s < m; s++) if (output[s] !== 0) live[s] = 1;
  return closeBackward(inverse.bound.subarray(1), inverse.src, live);
}

/**
 * A partition of the states 0..m-1: elems is a permutation of them, block b owns elems[first[b] ..
 * end[b]), pos is elems' inverse. Built as the classes of equal output among the live states, and
 * the dead states (`live` 0) as one more class, `dead` (a counting sort).
 */
class Partition {
  readonly elems: Int32Array;
  readonly pos: Int32Array;
  readonly blockOf: Int32Array;
  first: Int32Array<ArrayBuffer>;
  end: Int32Array<ArrayBuffer>;
  blocks: number;
  /** The class sizes at the start, by block. */
  readonly sizes: number[];
  /** The block of the dead states (-1 when there are none). */
  readonly dead: number;

  constructor(m: number, output: ArrayLike<number>, live: Uint8Array) {
    const classOf = new Map<number, number>();
    const sizes: number[] = [];
    const blockOf = new Int32Array(m);
    let dead = -1;
    for (let s = 0; s < m; s++) {
      let c: number | undefined;
      if (!live[s]) {
        if (dead === -1) {
          dead = sizes.length;
          sizes.push(0);
        }
        c = dead;
      } else {
        c = classOf.get(output[s]!);
        if (c === undefined) {
          c = sizes.length;
          classOf.set(output[s]!, c);
          sizes.push(0);
        }
      }
      sizes[c]!++;
      blockOf[s] = c;
    }
    this.dead = dead;
    this.blocks = sizes.length;
    this.sizes = sizes;
    // Room for one split: the arrays grow from the first minimisations on (see refine's scratch).
    this.first = new Int32Array(this.blocks + 1);
    this.end = new Int32Array(this.first.length);
    for (let c = 0, at = 0; c < this.blocks; at += sizes[c]!, c++) {
      this.first[c] = at;
      this.end[c] = at;
    }
    this.elems = new Int32Array(m);
    this.pos = new Int32Array(m);
    for (let s = 0; s < m; s++) {
      const at = this.end[blockOf[s]!]!++;
      this.elems[at] = s;
      this.pos[s] = at;
    }
    this.blockOf = blockOf;
  }
}

/**
 * `minimise` for a machine given by its transition function (or its table, state by state, read
 * without a call per transition), so that automata too large to be held
 * twice can be minimised: the inverse transitions are built from `next`, then `release` is called
 * (the caller drops its own table) and the rest reads only the inverse; a table given as an
 * Int32Array is kept and read again for the quotient's transitions. Besides the caller's table
 * and outputs, about 16 + 5k bytes a state (k <= 256 letters). Unreachable states take part in the
 * refinement (they do not change the classes of the reachable ones) and are left out of the result.
 */
export function minimiseBy(
  k: number,
  m: number,
  start: number,
  next: ((state: number, letter: number) => number) | Int32Array,
  output: ArrayLike<number>,
  release?: () => void,
  signal?: Stop,
): Dfa {
  if (m === 0) return new Dfa(k, new Int32Array(0), new Int32Array(0), 0);
  if (m * k >= 2 ** 32) throw new LimitError(`minimisation of ${m} states over ${k} letters passes 2^32 transitions`, 'transitions', m);
  const inverse = typeof next === 'function' ? inverseOfFunction(k, m, next, output) : inverseOfTable(k, m, next, output);
  release?.();
  const partition = new Partition(m, output, liveStates(m, inverse, output));
  refine(k, inverse, partition, signal);
  return quotientDfa(k, m, start, typeof next === 'function' ? inverse : next, partition, output);
}

/**
 * Hopcroft's refinement of `partition` until every block's states agree, letter by letter, on the
 * block of their successor. The splitters are taken a block at a time for every letter (the pending
 * (block, letter) pairs are always all letters of a block or none); all initial blocks but one are
 * pending: the dead states' when there are some (their successors are dead, so no splitter splits
 * their block, and the edges into sinks are not in the inverse), else the largest.
 */
function refine(k: number, inverse: Inverse, partition: Partition, signal?: Stop): void {
  const { bound, src: invSrc, letter: invLetter } = inverse;
  const { elems, pos, blockOf, sizes } = partition;
  let { first, end, blocks } = partition;
  let marked = new Int32Array(first.length);
  let pendingMark = new Int32Array(first.length);
  let pending = new Int32Array(blocks + 1);
  let pendingCount = 0;
  let left = partition.dead;
  if (left === -1) {
    left = 0;
    for (let c = 1; c < blocks; c++) if (sizes[c]! > sizes[left]!) left = c;
  }
  for (let c = 0; c < blocks; c++) {
    if (c === left) continue;
    pendingMark[c] = 1;
    pending[pendingCount++] = c;
  }

  // Scratch: the splitter's predecessors bucketed by letter, the blocks touched, the letters met.
  // They (and the partition's arrays) start small and grow in the first, small minimisations of a
  // run, still interpreted: optimised code that had never seen a growth deoptimised on it (five
  // times a Tribonacci run, each a recompilation of refine and another on stack replacement).
  let preds = new Int32Array(16);
  let touched = new Int32Array(16);
  const perLetter = new Int32Array(k);
  const offset = new Int32Array(k);
  const letters = new Int32Array(k);
  let work = 0;
  while (pendingCount > 0) {
    if (work >= POLL_WORK) {
      work = 0;
      if (signal?.aborted) throw new InterruptedError({ blocks });
    }
    const splitter = pending[--pendingCount]!;
    pendingMark[splitter] = 0;
    // The splitter's states are read in place: elems moves only in the marking, once all its
    // predecessors are bucketed.
    const from = first[splitter]!;
    const size = end[splitter]! - from;
    let total = 0;
    let letterCount = 0;
    for (let i = from; i < from + size; i++) {
      const t = elems[i]!;
      for (let e = bound[t + 1]!, stop = bound[t + 2]!; e < stop; e++) {
        const a = invLetter[e]!;
        if (perLetter[a] === 0) letters[letterCount++] = a;
        perLetter[a]!++;
      }
      total += bound[t + 2]! - bound[t + 1]!;
    }
    work += size + total;
    if (preds.length < total) preds = atLeast(preds, total, 0);
    for (let j = 0, at = 0; j < letterCount; j++) {
      const a = letters[j]!;
      offset[a] = at;
      at += perLetter[a]!;
    }
    for (let i = from; i < from + size; i++) {
      const t = elems[i]!;
      for (let e = bound[t + 1]!, stop = bound[t + 2]!; e < stop; e++) preds[offset[invLetter[e]!]!++] = invSrc[e]!;
    }
    for (let j = 0; j < letterCount; j++) {
      const a = letters[j]!;
      const stop = offset[a]!;
      const begin = stop - perLetter[a]!;
      perLetter[a] = 0;
      // Mark the a-predecessors: each moves to the marked prefix of its block.
      let touchedCount = 0;
      for (let i = begin; i < stop; i++) {
        const s = preds[i]!;
        const y = blockOf[s]!;
        const at = first[y]! + marked[y]!;
        const ps = pos[s]!;
        if (ps < at) continue;
        if (marked[y] === 0) {
          if (touchedCount === touched.length) touched = atLeast(touched, touchedCount + 1);
          touched[touchedCount++] = y;
        }
        const other = elems[at]!;
        elems[ps] = other;
        pos[other] = ps;
        elems[at] = s;
        pos[s] = at;
        marked[y]!++;
      }
      for (let i = 0; i < touchedCount; i++) {
        const y = touched[i]!;
        const count = marked[y]!;
        marked[y] = 0;
        if (count === end[y]! - first[y]!) continue;
        // The marked prefix becomes a new block z; y keeps the rest.
        if (blocks === first.length) {
          first = atLeast(first, blocks + 1);
          end = atLeast(end, blocks + 1);
          marked = atLeast(marked, blocks + 1);
          pendingMark = atLeast(pendingMark, blocks + 1);
        }
        const z = blocks++;
        first[z] = first[y]!;
        end[z] = first[y]! + count;
        first[y] = first[y]! + count;
        for (let e = first[z]!; e < end[z]!; e++) blockOf[elems[e]!] = z;
        // Pending: the new block if y is (y stays pending for its rest), else the smaller half.
        const b = pendingMark[y] || end[z]! - first[z]! <= end[y]! - first[y]! ? z : y;
        if (!pendingMark[b]) {
          pendingMark[b] = 1;
          if (pendingCount === pending.length) pending = atLeast(pending, pendingCount + 1);
          pending[pendingCount++] = b;
        }
      }
    }
  }
  partition.first = first;
  partition.end = end;
  partition.blocks = blocks;
}

/**
 * The quotient by the partition, its blocks renumbered breadth-first from the start's (letters
 * ascending). Its transitions are read off the caller's table when it is kept (one state a block),
 * else off the inverse (every transition).
 */
function quotientDfa(k: number, m: number, start: number, transitions: Inverse | Int32Array, partition: Partition, output: ArrayLike<number>): Dfa {
  const { blockOf, blocks, elems, first } = partition;
  const quotient = transitions instanceof Int32Array ? quotientOfTable(k, transitions, partition) : quotientOfInverse(k, m, transitions, partition);
  const order = new Int32Array(blocks).fill(-1);
  const queue = new Int32Array(blocks);
  let queued = 1;
  queue[0] = blockOf[start]!;
  order[blockOf[start]!] = 0;
  for (let i = 0; i < queued; i++) {
    for (let a = 0; a < k; a++) {
      const b = quotient[queue[i]! * k + a]!;
      if (order[b] === -1) {
        order[b] = queued;
        queue[queued++] = b;
      }
    }
  }
  checkTableSize(queued, k);
  const delta = new Int32Array(queued * k);
  const out = new Int32Array(queued);
  for (let s = 0; s < queued; s++) {
    const row = queue[s]! * k;
    for (let a = 0; a < k; a++) delta[s * k + a] = order[quotient[row + a]!]!;
    out[s] = output[elems[first[queue[s]!]!]!]!;
  }
  return new Dfa(k, delta, out, 0);
}

/** block(s) -a-> block(t) for one s of each block. */
function quotientOfTable(k: number, table: Int32Array, partition: Partition): Int32Array {
  const { blockOf, blocks, elems, first } = partition;
  const quotient = new Int32Array(blocks * k);
  for (let b = 0; b < blocks; b++) {
    const s = elems[first[b]!]!;
    for (let a = 0; a < k; a++) quotient[b * k + a] = blockOf[table[s * k + a]!]!;
  }
  return quotient;
}

/** s -a-> t gives block(s) -a-> block(t), over every transition of the inverse (the dead block where it left out an edge into a sink). */
function quotientOfInverse(k: number, m: number, inverse: Inverse, partition: Partition): Int32Array {
  const { bound, src, letter } = inverse;
  const { blockOf, blocks } = partition;
  const quotient = new Int32Array(blocks * k);
  if (inverse.sinks) quotient.fill(partition.dead);
  for (let t = 0; t < m; t++) {
    const bt = blockOf[t]!;
    for (let e = bound[t + 1]!, stop = bound[t + 2]!; e < stop; e++) quotient[blockOf[src[e]!]! * k + letter[e]!] = bt;
  }
  return quotient;
}
