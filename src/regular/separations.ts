/**
 * Non-regular Grundy languages from a proved family of words (seed taking-and-merging, Theorem 5's
 * method carried to Grundy values; Question 16). When the proved table of a family u X^x v Y^y w says
 * that, for x and y in fixed residue classes, G depends on whether the difference α x - β y equals a
 * small d or is far below -c, the prefixes u X^(x_m) with x_m spaced far apart are pairwise
 * inequivalent (Myhill–Nerode) for L_g and L_h, the two values: so neither language is regular.
 */
import { type FamilyProof, familyMember, familyTypeKey, familyWeights, formatFamily, variableCount } from '../games/rewrite/block-families.js';
import { type TakingAndMerging, fromBlocks } from '../games/rewrite/blocks.js';

/**
 * With weights (α, β) of the two variables, x_m = x0 + qx m and y_(m') = y0 + qy m' (qx = β p k,
 * qy = α p k with α β p k >= c + d, x0, y0 >= c): α x_m - β y_(m') = d when m = m', and <= -c when m < m'. G is `near` in
 * the first case and `far` in the second, near != far: for every m < m', the suffix with y_(m')
 * separates prefix m' from prefix m.
 */
export interface Separation {
  /** The start family (two variables). */
  readonly pattern: string;
  readonly x0: number;
  readonly y0: number;
  readonly qx: number;
  readonly qy: number;
  /** α x0 - β y0 (>= -c). */
  readonly d: number;
  readonly near: number;
  readonly far: number;
  /** The two languages proved not regular, [min(near, far), max]. */
  readonly languages: readonly [number, number];
}

/** The words of a separation: prefix m (every block before the second variable's), and the suffix chosen against prefix m'. */
export function separationWords(game: TakingAndMerging, proof: FamilyProof, sep: Separation, m: number, mPrime: number): { prefix: string; suffix: string } {
  const f = proof.start;
  const member = familyMember(f, [sep.x0 + sep.qx * m, sep.y0 + sep.qy * mPrime]);
  const iy = f.blocks.indexOf('x', f.blocks.indexOf('x') + 1);
  const cut = member.lengths.slice(0, iy).reduce((s, n) => s + n, 0);
  const word = fromBlocks(game, member);
  return { prefix: word.slice(0, cut), suffix: word.slice(cut) };
}

/**
 * Every separation the proved table of a two-variable start family gives: one per residue pair and
 * small difference d whose value differs from the value far below (-c), deduplicated by the pair of
 * languages. Empty unless the proof is verified.
 */
export function familySeparations(game: TakingAndMerging, proof: FamilyProof): Separation[] {
  if (!proof.verdict.verified || variableCount(proof.start) !== 2) return [];
  const t = proof.types;
  const f = proof.start;
  const [al, be] = familyWeights(f, t) as [number, number];
  const table = proof.tables[0]!.values;
  const out: Separation[] = [];
  const seen = new Set<string>();
  // x0 over one period of residues, placed high enough that a y0 >= c with |α x0 - β y0| <= c exists.
  const base = t.c * (be + 1) + t.p;
  for (let x0 = base; x0 < base + t.p; x0++) {
    for (let y0 = t.c; be * y0 <= al * x0 + t.c; y0++) {
      const d = al * x0 - be * y0;
      if (d < -t.c) continue;
      // Spacing: one step of m' - m moves the difference by α β p k >= c + d, below -c.
      const k = Math.max(1, Math.ceil((t.c + d) / (al * be * t.p)));
      const qx = be * t.p * k;
      const qy = al * t.p * k;
      const near = table.get(familyTypeKey(f, [x0, y0], t));
      const far = table.get(familyTypeKey(f, [x0, y0 + qy], t));
      if (near === undefined || far === undefined || near === far) continue;
      const languages: [number, number] = near < far ? [near, far] : [far, near];
      const key = languages.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ pattern: formatFamily(game, f), x0, y0, qx, qy, d, near, far, languages });
    }
  }
  return out;
}

/** The Grundy values proved not regular by some separation (sorted). */
export function nonRegularLanguages(seps: readonly Separation[]): number[] {
  return [...new Set(seps.flatMap((s) => s.languages))].sort((a, b) => a - b);
}
