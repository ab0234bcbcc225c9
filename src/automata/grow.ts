/** Growing the typed arrays of the automata kernels (plain arrays stop growing near 10^8 entries). */
import { formatBytes, memoryBudget } from '../core/budget.js';
import { LimitError } from '../core/errors.js';

type Typed =
  | Int32Array<ArrayBuffer>
  | Uint32Array<ArrayBuffer>
  | Uint16Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>
  | Float64Array<ArrayBuffer>;

/**
 * `a` when it has `size` entries, else a copy of its first `keep` entries in an array of the same
 * type at least twice as long (so n appends cost O(n) in all).
 */
export function atLeast<T extends Typed>(a: T, size: number, keep = a.length): T {
  if (size <= a.length) return a;
  const length = Math.max(size, 2 * a.length);
  // A kernel holds a few such arrays (and the old one during the copy): one may take a quarter of the budget.
  const bytes = length * a.BYTES_PER_ELEMENT;
  if (bytes > memoryBudget() / 4) {
    throw new LimitError(`an automaton table of ${formatBytes(bytes)} passes a quarter of the memory budget of ${formatBytes(memoryBudget())}`, 'memory', keep);
  }
  const grown = new (a.constructor as new (length: number) => T)(length);
  grown.set(a.subarray(0, keep) as never);
  return grown;
}
