/** Growing the typed arrays of the automata kernels (plain arrays stop growing near 10^8 entries). */
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
  const grown = new (a.constructor as new (length: number) => T)(Math.max(size, 2 * a.length));
  grown.set(a.subarray(0, keep) as never);
  return grown;
}
