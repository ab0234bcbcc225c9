/**
 * Values of the octal game 0.07 (Dawson's Kayles): from a heap of n remove two tokens and leave the
 * rest as zero, one or two heaps. CRAM on a 1 x n row is exactly this game (push-the-button, section 5),
 * and after the button of PUSH CRAM each row run is one such heap.
 */

let table = new Uint8Array([0]);

/**
 * G_0.07(0..n), grown on demand and shared; O(n^2) the first time.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function octal007Values(n: number): Uint8Array {
  if (n < table.length) return table;
  const size = Math.max(n + 1, table.length * 2);
  const next = new Uint8Array(size);
  next.set(table);
  const seen = new Uint8Array(256);
  for (let h = table.length; h < size; h++) {
    seen.fill(0);
    // Removing two adjacent tokens leaves runs a and h - 2 - a; by symmetry a <= (h - 2) / 2 suffices.
    for (let a = 0; 2 * a <= h - 2; a++) seen[next[a]! ^ next[h - 2 - a]!] = 1;
    let m = 0;
    while (seen[m]) m++;
    next[h] = m;
  }
  table = next;
  return table;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export function octal007(n: number): number {
  return octal007Values(n)[n]!;
}

/** The XOR of the 0.07 values `g` of the runs of free cells of one row (bit c of x: cell c is free; `cols` cells). */
export function rowValue007(x: number, cols: number, g: Uint8Array): number {
  let v = 0;
  let run = 0;
  for (let c = 0; c <= cols; c++) {
    if (c < cols && (x >>> c) & 1) run++;
    else {
      v ^= g[run]!;
      run = 0;
    }
  }
  return v;
}

/** How filling cell c of a row with free cells x changes that row's 0.07 sum: its run splits in two. */
export function cutValue007(x: number, c: number, g: Uint8Array): number {
  const below = ~x & ((1 << c) - 1);
  const left = below === 0 ? c : c - 32 + Math.clz32(below);
  const above = ~x >>> (c + 1);
  const right = 31 - Math.clz32(above & -above);
  return g[left + 1 + right]! ^ g[left]! ^ g[right]!;
}
