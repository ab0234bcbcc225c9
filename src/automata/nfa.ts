/**
 * Nondeterministic automata with ε-moves over integer letters, and the subset construction.
 */
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { type LimitName, limitDefault } from '../core/limits.js';
import { Dfa } from './dfa.js';
import { KeyInterner } from './interner.js';
import { atLeast } from './grow.js';
import { POLL_WORK } from './poll.js';
import { backwardReachableLists } from './reach.js';
import type { Stop } from '../core/stop.js';

/**
 * The letter of an ε-move (and, in transducers, of an empty tape side).
 *
 * @remarks Since 0.1.0
 * @public
 */
export const EPSILON = -1;

/**
 * A nondeterministic automaton with ε-moves over letters 0..alphabetSize-1.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Nfa {
  /**
   * @param edges edges[s] is a flat list [letter, target, letter, target, ...]; letter EPSILON is an ε-move.
   */
  constructor(
    readonly alphabetSize: number,
    readonly starts: readonly number[],
    readonly accepting: Uint8Array,
    readonly edges: readonly (readonly number[])[],
  ) {
    const n = accepting.length;
    if (edges.length !== n) throw new InputError(`edge lists for ${edges.length} of ${n} states`);
    for (const s of starts) if (s < 0 || s >= n) throw new InputError(`start state ${s} is missing`);
    for (const list of edges) {
      for (let i = 0; i < list.length; i += 2) {
        const a = list[i]!;
        const t = list[i + 1]!;
        if (a !== EPSILON && (a < 0 || a >= alphabetSize)) throw new InputError(`letter ${a} outside 0..${alphabetSize - 1}`);
        if (t < 0 || t >= n) throw new InputError(`edge to missing state ${t}`);
      }
    }
  }

  get stateCount(): number {
    return this.accepting.length;
  }

  /** The acceptor view of a DFA: states with accept(output) accept. */
  static fromDfa(dfa: Dfa, accept: (output: number) => boolean = (o) => o !== 0): Nfa {
    const k = dfa.alphabetSize;
    const edges = Array.from({ length: dfa.stateCount }, (_, s) => {
      const list: number[] = [];
      for (let a = 0; a < k; a++) list.push(a, dfa.next(s, a));
      return list;
    });
    return new Nfa(k, dfa.stateCount > 0 ? [dfa.start] : [], Uint8Array.from(dfa.output, (o) => (accept(o) ? 1 : 0)), edges);
  }

  /** Adds to `set` (and returns) every state reachable from it by ε-moves. O(edges). */
  closure(set: Iterable<number>): Set<number> {
    const out = new Set<number>(set);
    const stack = [...out];
    while (stack.length > 0) {
      const s = stack.pop()!;
      const list = this.edges[s]!;
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] === EPSILON && !out.has(list[i + 1]!)) {
          out.add(list[i + 1]!);
          stack.push(list[i + 1]!);
        }
      }
    }
    return out;
  }

  /** Whether the NFA accepts `word`, by simulating the subset. O(|word| * edges). */
  accepts(word: ArrayLike<number>): boolean {
    let cur = this.closure(this.starts);
    for (let i = 0; i < word.length; i++) cur = this.closure(this.step(cur, word[i]!));
    for (const s of cur) if (this.accepting[s]) return true;
    return false;
  }

  /** The letter-successors of a set of states (no closure). */
  step(set: Iterable<number>, letter: number): Set<number> {
    const out = new Set<number>();
    for (const s of set) {
      const list = this.edges[s]!;
      for (let i = 0; i < list.length; i += 2) if (list[i] === letter) out.add(list[i + 1]!);
    }
    return out;
  }
}

/**
 * Collects states and edges, then builds an Nfa.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class NfaBuilder {
  private readonly accepting: number[] = [];
  private readonly edges: number[][] = [];

  constructor(readonly alphabetSize: number) {}

  addState(accepting = false): number {
    this.accepting.push(accepting ? 1 : 0);
    this.edges.push([]);
    return this.accepting.length - 1;
  }

  addEdge(from: number, letter: number, to: number): void {
    this.edges[from]!.push(letter, to);
  }

  build(starts: readonly number[]): Nfa {
    return new Nfa(this.alphabetSize, starts, Uint8Array.from(this.accepting), this.edges);
  }
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface DeterminiseOptions {
  /** Most subset states built before a LimitError (default: determiniseSubsets in core/limits.ts). */
  maxStates?: number;
  /** The row of core/limits.ts the cap belongs to (default determiniseSubsets). */
  limit?: LimitName;
  /** Read every POLL_WORK transitions built; once raised, InterruptedError (partial: the subsets built). */
  signal?: Stop;
  /** The output of a subset (default: 1 if it holds an accepting state, else 0). */
  output?: (states: readonly number[]) => number;
}

/**
 * The subset construction, reachable subsets only; the empty subset is kept as a sink so the
 * result is complete. O(2^n) states in the worst case, hence the cap: over `maxStates` subsets it
 * throws LimitError (partial = the number of subsets built).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function determinise(nfa: Nfa, options: DeterminiseOptions = {}): Dfa {
  const maxStates = options.maxStates ?? limitDefault('determiniseSubsets');
  const { limit = 'determiniseSubsets', signal } = options;
  const output = options.output ?? ((states) => (states.some((s) => nfa.accepting[s]) ? 1 : 0));
  const k = nfa.alphabetSize;
  const index = new Map<string, number>();
  const subsets: number[][] = [];
  const delta: number[] = [];
  const intern = (set: Set<number>): number => {
    const sorted = [...set].sort((x, y) => x - y);
    const key = sorted.join(',');
    let id = index.get(key);
    if (id === undefined) {
      LimitError.assert(subsets.length, maxStates, limit, 'subset construction');
      id = subsets.length;
      index.set(key, id);
      subsets.push(sorted);
    }
    return id;
  };
  intern(nfa.closure(nfa.starts));
  let work = 0;
  for (let i = 0; i < subsets.length; i++) {
    if ((work += k) >= POLL_WORK) {
      work = 0;
      if (signal?.aborted) throw new InterruptedError({ states: subsets.length });
    }
    const cur = subsets[i]!;
    for (let a = 0; a < k; a++) delta[i * k + a] = intern(nfa.closure(nfa.step(cur, a)));
  }
  return new Dfa(k, Int32Array.from(delta), Int32Array.from(subsets, output), 0);
}

/**
 * An NFA without ε-moves as flat tables, by state: the edges of state s are edgeStart[s] ..
 * edgeStart[s + 1], their letters in `letter` (ascending) and their targets in `succ`. Built by
 * exploreNfa; the subset construction below runs on it without allocating per step. Only the
 * letters a state has edges on take room: a table per state and letter took 4 K bytes a state, and
 * G_5's F(m, i) (22 M states over 36 letters, most of them reading 6) passed a quarter of the
 * memory budget in it alone.
 */
export interface TableNfa {
  readonly alphabetSize: number;
  readonly stateCount: number;
  readonly starts: Int32Array;
  readonly accepting: Uint8Array;
  readonly edgeStart: Int32Array;
  readonly letter: Uint16Array | Int32Array;
  readonly succ: Int32Array;
}

export interface ExploreOptions {
  /** Most NFA states before a LimitError (partial = the count reached). Default: nfaStates in core/limits.ts. */
  maxStates?: number;
  /** The row of core/limits.ts the cap belongs to (default nfaStates), named by the LimitError. */
  limit?: LimitName;
  signal?: Stop;
}

/**
 * The reachable part of an NFA given by a successor function on numeric keys (for instance tuples of
 * component states packed into one number, up to 2^53): expand(key, emit) calls emit(letter, key')
 * for every edge. O(reachable states + edges) time; keys are interned in a Map.
 */
export function exploreNfa(
  alphabetSize: number,
  startKeys: readonly number[],
  expand: (key: number, emit: (letter: number, to: number) => void) => void,
  accept: (key: number) => boolean,
  options: ExploreOptions = {},
): TableNfa {
  const maxStates = options.maxStates ?? limitDefault('nfaStates');
  const K = alphabetSize;
  // Keys interned by open addressing on a Float64Array (keys may pass 2^31; a Map of them is slow).
  const interner = new KeyInterner(maxStates, 'NFA', options.limit ?? 'nfaStates');
  const intern = (key: number): number => interner.intern(key);
  const starts = Int32Array.from(startKeys, intern);
  let edgeStart = new Int32Array(1024);
  let succ = new Int32Array(1024);
  let letterOf: Uint16Array<ArrayBuffer> | Int32Array<ArrayBuffer> = K <= 65536 ? new Uint16Array(1024) : new Int32Array(1024);
  let used = 0;
  // Edges of the current state in emission order (flat, no arrays per letter: their pushes and
  // resets were a tenth of the moves' NFA), then counting-sorted by letter (stable) and
  // deduplicated per letter by a stamp per target.
  let pendingLetter = new Int32Array(256);
  let pendingTo = new Int32Array(256);
  let pending = 0;
  const perLetter = new Int32Array(K + 1);
  let mark = new Int32Array(1024).fill(-1);
  let stampBase = 0;
  const add = (letter: number, to: number): void => {
    if (pending === pendingTo.length) {
      pendingTo = atLeast(pendingTo, pending + 1);
      pendingLetter = atLeast(pendingLetter, pending + 1);
    }
    pendingLetter[pending] = letter;
    pendingTo[pending++] = intern(to);
  };
  let order = new Int32Array(256);
  for (let s = 0; s < interner.count; s++) {
    if ((s & 1023) === 0 && options.signal?.aborted) throw new InterruptedError({ states: interner.count });
    pending = 0;
    expand(interner.keys[s]!, add);
    if (s + 2 > edgeStart.length) edgeStart = atLeast(edgeStart, s + 2);
    if (interner.count > mark.length) {
      const grown = new Int32Array(Math.max(2 * mark.length, interner.count)).fill(-1);
      grown.set(mark);
      mark = grown;
    }
    if (pending > 0) {
      // order[]: the pending edges by letter, emission order kept within a letter.
      perLetter.fill(0);
      for (let e = 0; e < pending; e++) perLetter[pendingLetter[e]! + 1]!++;
      for (let a = 0; a < K; a++) perLetter[a + 1]! += perLetter[a]!;
      order = atLeast(order, pending, 0);
      for (let e = 0; e < pending; e++) order[perLetter[pendingLetter[e]!]!++] = e;
      let lastLetter = -1;
      let stamp = 0;
      for (let i = 0; i < pending; i++) {
        const e = order[i]!;
        const a = pendingLetter[e]!;
        if (a !== lastLetter) {
          lastLetter = a;
          stamp = stampBase++;
        }
        const t = pendingTo[e]!;
        if (mark[t] === stamp) continue;
        mark[t] = stamp;
        if (used === succ.length) {
          succ = atLeast(succ, used + 1);
          letterOf = atLeast(letterOf, used + 1);
        }
        succ[used] = t;
        letterOf[used++] = a;
      }
    }
    edgeStart[s + 1] = used;
  }
  const accepting = Uint8Array.from(interner.keys.subarray(0, interner.count), (k) => (accept(k) ? 1 : 0));
  return { alphabetSize: K, stateCount: interner.count, starts, accepting, edgeStart: edgeStart.slice(0, interner.count + 1), letter: letterOf.slice(0, used), succ: succ.slice(0, used) };
}

/**
 * The NFA without its states that cannot reach acceptance (edges to them and starts among them
 * dropped; states keep their numbers): the same language, and a subset construction on it builds
 * subsets without dead members, so fewer of them. Two thirds of the states of the layer passes'
 * M(p, m) on Tribonacci were dead (13 % now that its exploration skips most of them). O(states + edges).
 */
export function trimNfa(nfa: TableNfa): TableNfa {
  const { stateCount: n, edgeStart, succ, letter } = nfa;
  const live = backwardReachableLists(edgeStart, succ, nfa.accepting);
  const start = new Int32Array(n + 1);
  let kept = 0;
  for (let e = 0; e < succ.length; e++) if (live[succ[e]!]) kept++;
  const succ2 = new Int32Array(kept);
  const letter2 = letter instanceof Uint16Array ? new Uint16Array(kept) : new Int32Array(kept);
  let used = 0;
  for (let s = 0; s < n; s++) {
    if (live[s]) {
      for (let e = edgeStart[s]!; e < edgeStart[s + 1]!; e++) {
        if (!live[succ[e]!]) continue;
        succ2[used] = succ[e]!;
        letter2[used++] = letter[e]!;
      }
    }
    start[s + 1] = used;
  }
  return { ...nfa, starts: nfa.starts.filter((s) => live[s] !== 0), edgeStart: start, letter: letter2, succ: succ2 };
}

export interface SubsetOptions {
  /** Most subset states before a LimitError (partial = the count reached). Default: subsets in core/limits.ts. */
  maxStates?: number;
  signal?: Stop;
  /** Called every 4096 subsets with (subsets built, subsets expanded). */
  onProgress?: (built: number, expanded: number) => void;
  /**
   * A DFA read alongside (same letters): states are pairs (companion state, subset). With `stop`,
   * the search ends at the first pair, in shortlex order of words, where stop(companion state,
   * whether the subset holds an accepting state) holds.
   */
  companion?: Dfa;
  stop?: (companionState: number, accepting: boolean) => boolean;
  /** With stop: pairs whose companion state is not marked here are not expanded (nothing to find past them). */
  companionLive?: Uint8Array;
  /**
   * A letter on which the start subset goes to itself, whatever its members' edges (Walnut's
   * leading-zero fix in the projections of src/logic/predicate.ts: leading zeros may be added too).
   */
  startLoop?: number;
}

export interface SubsetResult {
  /** The subset automaton (output 1 iff the subset holds an accepting state); absent when stop was given. */
  dfa?: Dfa;
  /** With stop: the shortlex-least word reaching a stop pair, or undefined when there is none. */
  witness?: number[];
  /** Subset states built, and the largest subset. */
  states: number;
  largestSubset: number;
}

/**
 * Sorts buf[0..n) ascending: by insertion when short (the subsets of the logic engine's projections
 * hold about 20 states, and a native sort of a subarray per step took a third of their time).
 */
function sortSubset(buf: Int32Array, n: number): void {
  if (n > 32) {
    buf.subarray(0, n).sort();
    return;
  }
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

/**
 * The subset construction on a TableNfa, reachable subsets only, breadth-first with letters
 * ascending (so the first stop pair found is reached by the shortlex-least word). Subsets are sorted
 * Int32 runs in one pool, interned by an open-addressing hash table; one scratch buffer serves every
 * step. O(2^n) subsets in the worst case, hence the cap; time O(Σ over subsets and letters of the
 * successor lists touched).
 */
export function determiniseTable(nfa: TableNfa, options: SubsetOptions = {}): SubsetResult {
  const maxStates = options.maxStates ?? limitDefault('subsets');
  const K = nfa.alphabetSize;
  const comp = options.companion;
  if (comp && comp.alphabetSize !== K) throw new InputError(`companion DFA over ${comp.alphabetSize} letters, NFA over ${K}`);
  const { edgeStart, letter: letterOf, succ, accepting } = nfa;
  const table = new SubsetTable(maxStates);
  const buf = new Int32Array(Math.max(16, nfa.stateCount));
  // Per member of the subset being expanded: its next edge (the letters are read in ascending order).
  const cursor = new Int32Array(Math.max(16, nfa.stateCount));
  const mark = new Int32Array(nfa.stateCount).fill(-1);
  let stamp = 0;
  const startList = [...new Set(nfa.starts)].sort((x, y) => x - y);
  buf.set(startList);
  table.intern(comp ? comp.start : 0, buf, startList.length, -1, -1);
  const stop = options.stop;
  if (stop && stop(table.tagOf[0]!, table.hasAccepting(0, accepting))) return { witness: [], states: 1, largestSubset: startList.length };
  // Transitions in a growable Int32Array: a plain array stops growing near 10^8 entries.
  let delta = new Int32Array(stop ? 0 : 16);
  let largest = startList.length;
  for (let i = 0; i < table.stored; i++) {
    if ((i & 4095) === 0) {
      if (options.signal?.aborted) throw new InterruptedError({ states: table.stored });
      options.onProgress?.(table.stored, i);
    }
    const { pool } = table;
    const o = table.offset[i]!;
    const len = table.length[i]!;
    const tag = table.tagOf[i]!;
    if (stop && options.companionLive && !options.companionLive[tag]) continue;
    // The least letter some member has an edge on (K when none).
    let next = K;
    for (let j = 0; j < len; j++) {
      const s = pool[o + j]!;
      const e = edgeStart[s]!;
      cursor[j] = e;
      if (e < edgeStart[s + 1]! && letterOf[e]! < next) next = letterOf[e]!;
    }
    for (let a = 0; a < K; a++) {
      let n = 0;
      if (a === next) {
        stamp++;
        next = K;
        for (let j = 0; j < len; j++) {
          const end = edgeStart[pool[o + j]! + 1]!;
          let e = cursor[j]!;
          for (; e < end && letterOf[e] === a; e++) {
            const t = succ[e]!;
            if (mark[t] !== stamp) {
              mark[t] = stamp;
              buf[n++] = t;
            }
          }
          cursor[j] = e;
          if (e < end && letterOf[e]! < next) next = letterOf[e]!;
        }
      }
      sortSubset(buf, n);
      if (n > largest) largest = n;
      const before = table.stored;
      const id = i === 0 && a === options.startLoop ? 0 : table.intern(comp ? comp.next(tag, a) : 0, buf, n, i, a);
      if (!stop) {
        const at = i * K + a;
        if (at >= delta.length) {
          if (2 * delta.length > 2 ** 31 - 1) throw new LimitError('the subset automaton passed 2^31 transitions', 'transitions', table.stored);
          delta = atLeast(delta, at + 1);
        }
        delta[at] = id;
      }
      if (stop && id === before && stop(table.tagOf[id]!, table.hasAccepting(id, accepting))) {
        return { witness: table.wordTo(id), states: table.stored, largestSubset: largest };
      }
    }
  }
  const stored = table.stored;
  if (stop) return { states: stored, largestSubset: largest };
  const output = Int32Array.from({ length: stored }, (_, id) => (table.hasAccepting(id, accepting) ? 1 : 0));
  return { dfa: new Dfa(K, delta.slice(0, stored * K), output, 0), states: stored, largestSubset: largest };
}

/**
 * The subsets of determiniseTable: sorted Int32 runs in one pool, each with its tag (the companion's
 * state), interned by an open-addressing hash, with the subset and letter it was first reached from.
 * One entry per subset in typed arrays grown together (plain arrays stop near 10^8 entries, and G_3's
 * passes build 50 M subsets and more). Fields, not variables closures share: those live in a context
 * object that the kernel read at every step.
 */
class SubsetTable {
  pool = new Int32Array(1 << 16);
  poolUsed = 0;
  /** Subsets stored. */
  stored = 0;
  offset = new Float64Array(16);
  length = new Int32Array(16);
  tagOf = new Int32Array(16);
  private hashes = new Int32Array(16);
  private parent = new Int32Array(16);
  private via = new Int32Array(16);
  private slots = new Int32Array(1 << 12).fill(-1);
  private mask = (1 << 12) - 1;

  constructor(private readonly maxStates: number) {}

  private static hashOf(tag: number, buf: Int32Array, len: number): number {
    let h = (0x811c9dc5 ^ len ^ Math.imul(tag, 0x9e3779b1)) | 0;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
    return (h ^ (h >>> 15)) | 0;
  }

  /** The number of the subset (tag, buf[0..len)), stored if new as reached from subset `from` on `letter`. */
  intern(tag: number, buf: Int32Array, len: number, from: number, letter: number): number {
    const h = SubsetTable.hashOf(tag, buf, len);
    const { slots, mask, pool } = this;
    let at = h & mask;
    for (;;) {
      const id = slots[at]!;
      if (id === -1) break;
      if (this.hashes[id] === h && this.length[id] === len && this.tagOf[id] === tag) {
        const o = this.offset[id]!;
        let same = true;
        for (let i = 0; i < len; i++) {
          if (pool[o + i] !== buf[i]) {
            same = false;
            break;
          }
        }
        if (same) return id;
      }
      at = (at + 1) & mask;
    }
    return this.add(tag, buf, len, from, letter, h, at);
  }

  private add(tag: number, buf: Int32Array, len: number, from: number, letter: number, h: number, at: number): number {
    const id = this.stored;
    LimitError.assert(id, this.maxStates, 'subsets', 'subset construction');
    this.pool = atLeast(this.pool, this.poolUsed + len, this.poolUsed);
    this.pool.set(buf.subarray(0, len), this.poolUsed);
    if (id === this.offset.length) {
      this.offset = atLeast(this.offset, id + 1);
      this.length = atLeast(this.length, id + 1);
      this.tagOf = atLeast(this.tagOf, id + 1);
      this.hashes = atLeast(this.hashes, id + 1);
      this.parent = atLeast(this.parent, id + 1);
      this.via = atLeast(this.via, id + 1);
    }
    this.offset[id] = this.poolUsed;
    this.length[id] = len;
    this.poolUsed += len;
    this.tagOf[id] = tag;
    this.hashes[id] = h;
    this.parent[id] = from;
    this.via[id] = letter;
    this.stored++;
    this.slots[at] = id;
    if (this.stored * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.stored; id++) {
      let at = this.hashes[id]! & mask;
      while (slots[at] !== -1) at = (at + 1) & mask;
      slots[at] = id;
    }
    this.slots = slots;
    this.mask = mask;
  }

  hasAccepting(id: number, accepting: Uint8Array): boolean {
    const o = this.offset[id]!;
    for (let i = 0; i < this.length[id]!; i++) if (accepting[this.pool[o + i]!]) return true;
    return false;
  }

  /** The letters from the start subset to subset id, along the edges it was first reached by. */
  wordTo(id: number): number[] {
    const word: number[] = [];
    for (let t = id; this.parent[t]! >= 0; t = this.parent[t]!) word.push(this.via[t]!);
    return word.reverse();
  }
}
