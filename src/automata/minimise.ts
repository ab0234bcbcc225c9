/**
 * Hopcroft's minimisation for Moore machines: the coarsest partition of the reachable states that
 * respects outputs and transitions. Acceptors are the case of outputs 0/1.
 */
import { Dfa } from './dfa.js';

/**
 * The minimal complete DFA with the same output function. States are renumbered in breadth-first
 * order from the start (letters ascending), so equal languages give identical tables.
 * O(k n log n) for n reachable states over k letters.
 */
export function minimise(dfa: Dfa): Dfa {
  const k = dfa.alphabetSize;
  const reach = dfa.reachable();
  const m = reach.length;
  if (m === 0) return dfa;
  const local = new Int32Array(dfa.stateCount).fill(-1);
  reach.forEach((s, i) => (local[s] = i));
  const delta = new Int32Array(m * k);
  for (let i = 0; i < m; i++) for (let a = 0; a < k; a++) delta[i * k + a] = local[dfa.next(reach[i]!, a)]!;
  const output = Int32Array.from(reach, (s) => dfa.output[s]!);

  // Inverse transitions, one CSR table per letter: predecessors of t on a are
  // invSrc[invStart[a*(m+1)+t] .. invStart[a*(m+1)+t+1]).
  const invStart = new Int32Array(k * (m + 1));
  for (let s = 0; s < m; s++) for (let a = 0; a < k; a++) invStart[a * (m + 1) + delta[s * k + a]! + 1]!++;
  for (let a = 0; a < k; a++) for (let t = 0; t < m; t++) invStart[a * (m + 1) + t + 1]! += invStart[a * (m + 1) + t]!;
  const fill = invStart.slice();
  const invSrc = new Int32Array(m * k);
  for (let s = 0; s < m; s++) for (let a = 0; a < k; a++) invSrc[a * m + fill[a * (m + 1) + delta[s * k + a]!]!++] = s;

  // The partition: elems is a permutation of states; block b owns elems[first[b] .. end[b]). Typed
  // arrays throughout (at most m blocks): plain arrays and Sets stop growing near 10^8 entries, and
  // subset automata of 50 M states are minimised here.
  const elems = Int32Array.from({ length: m }, (_, i) => i).sort((x, y) => output[x]! - output[y]!);
  const pos = new Int32Array(m);
  const blockOf = new Int32Array(m);
  const first = new Int32Array(m);
  const end = new Int32Array(m);
  const marked = new Int32Array(m);
  let blocks = 0;
  for (let i = 0; i < m; i++) {
    if (i === 0 || output[elems[i]!] !== output[elems[i - 1]!]) {
      first[blocks] = i;
      end[blocks] = i;
      blocks++;
    }
    const b = blocks - 1;
    pos[elems[i]!] = i;
    blockOf[elems[i]!] = b;
    end[b] = i + 1;
  }
  // (block, letter) splitters as block * k + letter: a stack, and a bit per splitter for "pending".
  const inPending = new Uint32Array(Math.ceil((m * k) / 32));
  const isPending = (key: number) => ((inPending[Math.floor(key / 32)]! >>> (key % 32)) & 1) === 1;
  let pending = new Float64Array(1024);
  let pendingCount = 0;
  const push = (b: number, a: number) => {
    const key = b * k + a;
    if (isPending(key)) return;
    inPending[Math.floor(key / 32)]! |= 1 << (key % 32);
    if (pendingCount === pending.length) {
      const grown = new Float64Array(2 * pending.length);
      grown.set(pending);
      pending = grown;
    }
    pending[pendingCount++] = key;
  };
  for (let b = 0; b < blocks; b++) for (let a = 0; a < k; a++) push(b, a);

  while (pendingCount > 0) {
    const key = pending[--pendingCount]!;
    inPending[Math.floor(key / 32)]! &= ~(1 << (key % 32));
    const splitter = Math.floor(key / k);
    const a = key % k;
    const targets = elems.slice(first[splitter]!, end[splitter]!);
    const touched: number[] = [];
    for (const t of targets) {
      for (let i = invStart[a * (m + 1) + t]!; i < invStart[a * (m + 1) + t + 1]!; i++) {
        const s = invSrc[a * m + i]!;
        const y = blockOf[s]!;
        const at = first[y]! + marked[y]!;
        if (pos[s]! < at) continue; // already marked
        if (marked[y] === 0) touched.push(y);
        const other = elems[at]!;
        elems[pos[s]!] = other;
        pos[other] = pos[s]!;
        elems[at] = s;
        pos[s] = at;
        marked[y]!++;
      }
    }
    for (const y of touched) {
      const count = marked[y]!;
      marked[y] = 0;
      if (count === end[y]! - first[y]!) continue;
      // The marked prefix becomes a new block z; y keeps the rest.
      const z = blocks++;
      first[z] = first[y]!;
      end[z] = first[y]! + count;
      marked[z] = 0;
      first[y] = first[y]! + count;
      for (let i = first[z]!; i < end[z]!; i++) blockOf[elems[i]!] = z;
      const smaller = end[z]! - first[z]! <= end[y]! - first[y]! ? z : y;
      for (let c = 0; c < k; c++) push(isPending(y * k + c) ? z : smaller, c);
    }
  }

  // Renumber blocks breadth-first from the start block.
  const order = new Int32Array(blocks).fill(-1);
  const queue = new Int32Array(blocks);
  let queued = 1;
  queue[0] = blockOf[0]!;
  order[blockOf[0]!] = 0;
  for (let i = 0; i < queued; i++) {
    const rep = elems[first[queue[i]!]!]!;
    for (let a = 0; a < k; a++) {
      const b = blockOf[delta[rep * k + a]!]!;
      if (order[b] === -1) {
        order[b] = queued;
        queue[queued++] = b;
      }
    }
  }
  return Dfa.from(
    queued,
    k,
    (s, a) => order[blockOf[delta[elems[first[queue[s]!]!]! * k + a]!]!]!,
    (s) => output[elems[first[queue[s]!]!]!]!,
  );
}
