/**
 * Direct references for octal and hexadecimal games, written from the digits alone: the options of one
 * heap (the listing of the former OctalGame ruleset), and the Grundy sequence with triples by a double
 * loop (O(n^2) per heap). Tests compare TakeAndBreakGame's options and the pair-set kernel
 * (src/games/heaps/take-and-break/pair-set.ts) with them; they share no code with either.
 */

/** The options of a heap of n under digits d0, d1, ... (no `!`), each the list of heaps left. */
export function directHeapOptions(digits: readonly number[], n: number): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < digits.length && k <= n; k++) {
    const d = digits[k]!;
    const rest = n - k;
    if (d & 1 && rest === 0 && k > 0) out.push([]);
    if (d & 2 && rest > 0 && k > 0) out.push([rest]);
    if (d & 4) for (let i = 1; 2 * i <= rest; i++) if (rest - i >= 1) out.push([i, rest - i]);
    if (d & 8) for (let i = 1; 3 * i <= rest; i++) for (let j = i; i + 2 * j <= rest; j++) out.push([i, j, rest - i - j]);
  }
  return out;
}

export function directHexSequence(digits: readonly number[], max: number): number[] {
  const G: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    digits.forEach((d, k) => {
      const rest = n - k;
      if (rest < 0) return;
      if (d & 1 && rest === 0 && k > 0) seen.add(0);
      if (d & 2 && rest > 0 && k > 0) seen.add(G[rest]!);
      if (d & 4) for (let a = 1; 2 * a <= rest; a++) seen.add(G[a]! ^ G[rest - a]!);
      if (d & 8) for (let a = 1; 3 * a <= rest; a++) for (let b = a; a + 2 * b <= rest; b++) seen.add(G[a]! ^ G[b]! ^ G[rest - a - b]!);
    });
    let g = 0;
    while (seen.has(g)) g++;
    G.push(g);
  }
  return G;
}
