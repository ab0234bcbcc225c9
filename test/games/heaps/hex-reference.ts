/**
 * The direct reference for hexadecimal Grundy sequences: every option of every heap, triples by a
 * double loop (O(n^2) per heap). Tests compare the pair-set kernel of src/analysis/octal-sequence.ts
 * with it; it shares no code with that kernel.
 */
import type { OctalGame } from '../../../src/games/heaps/octal.js';

export function directHexSequence(game: OctalGame, max: number): number[] {
  const G: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    game.digits.forEach((d, k) => {
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
