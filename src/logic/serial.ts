/**
 * Automata read one digit at a time (a serial encoding of multi-track letters). The table NFAs and
 * subset constructions store one entry per state and letter; over the pair letters (p, m) of three
 * base-4 tracks (G_3) that is 4,096 entries a state, and the first chain's M(p, m) passed 12.7 GB
 * there. Read one digit at a time, the same automata have b letters and a few times more states.
 */
import { checkTableSize, Dfa } from '../automata/dfa.js';

/**
 * A DFA over packed letters of d digits, read as d single digits: `order[i]` is the packed letter whose
 * digits, in reading order, are those of i in base b (first digit most significant). States 0..S-1 are
 * the original states (between letters); the states inside a letter are the distinct "rest of the
 * letter" functions, interned bottom-up so that equal ones are shared. O(S b^d) time.
 */
export function serialise(dfa: Dfa, b: number, order: Int32Array): Dfa {
  const S = dfa.stateCount;
  const width = order.length;
  const d = Math.round(Math.log(width) / Math.log(b));
  if (b ** d !== width) throw new RangeError(`${width} letters are not b^d for b = ${b}`);
  if (d === 1) return Dfa.from(S, b, (s, x) => dfa.next(s, order[x]!), (s) => dfa.output[s]!, dfa.start);
  const interner = new TupleInterner(b, S);
  const top = new Int32Array(S * b);
  const level = new Int32Array(width);
  for (let s = 0; s < S; s++) {
    for (let i = 0; i < width; i++) level[i] = dfa.next(s, order[i]!);
    let size = width;
    // Each pass replaces b consecutive entries (the last digit's choices) by their interned node.
    while (size > b) {
      size /= b;
      for (let g = 0; g < size; g++) level[g] = interner.intern(level, g * b);
    }
    for (let x = 0; x < b; x++) top[s * b + x] = level[x]!;
  }
  const N = interner.count;
  const delta = new Int32Array((S + N) * b);
  delta.set(top);
  delta.set(interner.pool.subarray(0, N * b), S * b);
  const output = new Int32Array(S + N);
  output.set(dfa.output);
  return new Dfa(b, delta, output, dfa.start);
}

/**
 * The reading order of n tracks (letters x_0 + b x_1 + ...): digit c of the tuple is read c-th.
 */
export function tupleOrder(b: number, n: number): Int32Array {
  const width = b ** n;
  const order = new Int32Array(width);
  for (let i = 0; i < width; i++) {
    let L = 0;
    for (let c = 0, r = i; c < n; c++, r = Math.floor(r / b)) L += (r % b) * b ** (n - 1 - c);
    order[i] = L;
  }
  return order;
}

/**
 * The reading order of pair letters xL + K yL (K = b^n): interleaved x_0, y_0, x_1, y_1, ... (the
 * default), or x_0, ..., x_{n-1} then y_0, ..., y_{n-1} (`xFirst`).
 */
export function pairOrder(b: number, n: number, xFirst = false): Int32Array {
  const K = b ** n;
  const width = K * K;
  const order = new Int32Array(width);
  for (let i = 0; i < width; i++) {
    let [x, y] = [0, 0];
    for (let j = 0, r = i; j < 2 * n; j++, r = Math.floor(r / b)) {
      // Digit j from the right of i is the (2n-1-j)-th read.
      const at = 2 * n - 1 - j;
      const onY = xFirst ? at >= n : (at & 1) === 1;
      const c = xFirst ? at % n : at >> 1;
      if (onY) y += (r % b) * b ** c;
      else x += (r % b) * b ** c;
    }
    order[i] = x + K * y;
  }
  return order;
}

/**
 * Back to packed letters: the DFA over d-digit letters whose step on L reads the digits of
 * `order`'s inverse image of L. Only the states reached at letter boundaries are kept, numbered
 * breadth-first with letters ascending (as `minimise` numbers its result). Two passes, the states
 * found first and the table filled into an array of its exact size: grown by doubling and trimmed,
 * the table of a few million states over 216 letters (G_5) could take three times its size at once.
 */
export function deserialise(serial: Dfa, b: number, order: Int32Array): Dfa {
  const { width, step, id, states, count } = atBoundaries(serial, b, order);
  // G_5's chains taken in another order packed 20 M states over 216 letters: a RangeError from the
  // typed array, where the limit that was passed should be named.
  checkTableSize(count, width);
  const delta = new Int32Array(count * width);
  for (let k = 0; k < count; k++) for (let L = 0; L < width; L++) delta[k * width + L] = id[step(states[k]!, L)]!;
  return new Dfa(width, delta, Int32Array.from(states.subarray(0, count), (s) => serial.output[s]!), 0);
}

/** The number of states `deserialise` would give, found without its table (which takes 4 b^d bytes a state). */
export function packedStateCount(serial: Dfa, b: number, order: Int32Array): number {
  return atBoundaries(serial, b, order).count;
}

/** The states of `serial` reached at letter boundaries, breadth-first with letters ascending, and a letter's step. */
function atBoundaries(serial: Dfa, b: number, order: Int32Array) {
  const width = order.length;
  const d = Math.round(Math.log(width) / Math.log(b));
  const digits = new Int32Array(width * d);
  for (let i = 0; i < width; i++) for (let j = d - 1, r = i; j >= 0; j--, r = Math.floor(r / b)) digits[order[i]! * d + j] = r % b;
  const step = (s: number, L: number): number => {
    for (let j = 0; j < d; j++) s = serial.next(s, digits[L * d + j]!);
    return s;
  };
  // Typed arrays: a serial automaton of tens of millions of states passes what a Map holds.
  const id = new Int32Array(serial.stateCount).fill(-1);
  let states = new Int32Array(1024);
  let count = 1;
  states[0] = serial.start;
  id[serial.start] = 0;
  for (let k = 0; k < count; k++) {
    for (let L = 0; L < width; L++) {
      const s = step(states[k]!, L);
      if (id[s] !== -1) continue;
      if (count === states.length) {
        const grown = new Int32Array(2 * states.length);
        grown.set(states);
        states = grown;
      }
      id[s] = count;
      states[count++] = s;
    }
  }
  return { width, step, id, states, count };
}

/** For a serialised DFA, how many digits of the current letter each state has read (mod `width`). */
export function digitsRead(serial: Dfa, wholeStates: number, width: number): Uint8Array {
  const read = new Uint8Array(serial.stateCount);
  const seen = new Uint8Array(serial.stateCount);
  const queue: number[] = [];
  for (let s = 0; s < wholeStates; s++) {
    seen[s] = 1;
    queue.push(s);
  }
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i]!;
    for (let x = 0; x < serial.alphabetSize; x++) {
      const t = serial.next(s, x);
      if (seen[t]) continue;
      seen[t] = 1;
      read[t] = (read[s]! + 1) % width;
      queue.push(t);
    }
  }
  return read;
}

/** Fixed-width tuples of Int32 interned by open addressing; the k-th new tuple gets id base + k. */
class TupleInterner {
  pool = new Int32Array(1 << 12);
  count = 0;
  private slots = new Int32Array(1 << 12).fill(-1);

  constructor(
    private readonly width: number,
    private readonly base: number,
  ) {}

  intern(src: Int32Array, at: number): number {
    const w = this.width;
    let h = 0x811c9dc5;
    for (let i = 0; i < w; i++) h = Math.imul(h ^ src[at + i]!, 0x01000193);
    let mask = this.slots.length - 1;
    let slot = (h ^ (h >>> 15)) & mask;
    for (;;) {
      const k = this.slots[slot]!;
      if (k === -1) break;
      let same = true;
      for (let i = 0; i < w && same; i++) same = this.pool[k * w + i] === src[at + i];
      if (same) return this.base + k;
      slot = (slot + 1) & mask;
    }
    const k = this.count++;
    if (k * w + w > this.pool.length) {
      const grown = new Int32Array(2 * this.pool.length);
      grown.set(this.pool);
      this.pool = grown;
    }
    for (let i = 0; i < w; i++) this.pool[k * w + i] = src[at + i]!;
    this.slots[slot] = k;
    if (2 * this.count > this.slots.length) {
      this.slots = new Int32Array(2 * this.slots.length).fill(-1);
      mask = this.slots.length - 1;
      for (let j = 0; j < this.count; j++) {
        let g = 0x811c9dc5;
        for (let i = 0; i < w; i++) g = Math.imul(g ^ this.pool[j * w + i]!, 0x01000193);
        let s = (g ^ (g >>> 15)) & mask;
        while (this.slots[s] !== -1) s = (s + 1) & mask;
        this.slots[s] = j;
      }
    }
    return this.base + k;
  }
}
