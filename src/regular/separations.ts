/**
 * Non-regular Grundy languages from a proved family of words (seed taking-and-merging, Theorem 5's
 * method carried to Grundy values; Question 16). When the proved table of a family u X^x v Y^y w says
 * that, for x and y in fixed residue classes, G depends on whether x - y equals a small d or is far
 * below -c, the prefixes u X^(x_m) with x_m spaced far apart are pairwise inequivalent (Myhill–Nerode)
 * for L_g and L_h, the two values: so neither language is regular.
 */
import { type FamilyProof, type TypeParameters, cls, familyMember, formatFamily, typeKey, variableCount } from '../games/rewrite/block-families.js';
import { type TakingAndMerging, fromBlocks } from '../games/rewrite/blocks.js';

/**
 * For x ≡ x0, y ≡ x0 - d (mod p), both >= c: G = near when x - y = d, G = far when x - y <= -c;
 * near != far. With x_m = x0 + q m (q = a multiple of p, >= 2c + p), for every m < m' the suffix
 * with y = x_(m') - d gives near after prefix m' and far after prefix m.
 */
export interface Separation {
  /** The start family (two variables). */
  readonly pattern: string;
  /** Smallest x of the prefixes, and their spacing. */
  readonly x0: number;
  readonly q: number;
  readonly d: number;
  readonly near: number;
  readonly far: number;
  /** The two languages proved not regular, [min(near, far), max]. */
  readonly languages: readonly [number, number];
}

/** The words of a separation: prefix m, and the suffix chosen against prefix m'. */
export function separationWords(game: TakingAndMerging, proof: FamilyProof, sep: Separation, m: number, mPrime: number): { prefix: string; suffix: string } {
  const xm = sep.x0 + sep.q * m;
  const y = sep.x0 + sep.q * mPrime - sep.d;
  const f = proof.start;
  const member = familyMember(f, [xm, y]);
  // The prefix is every block before the second variable's.
  const iy = f.blocks.indexOf('x', f.blocks.indexOf('x') + 1);
  const cut = member.lengths.slice(0, iy).reduce((s, n) => s + n, 0);
  const word = fromBlocks(game, member);
  return { prefix: word.slice(0, cut), suffix: word.slice(cut) };
}

/**
 * Every separation the proved table of a two-variable start family gives: one per residue pair and
 * small difference d whose value differs from the value far below (x - y <= -c), deduplicated by the
 * pair of languages. Empty unless the proof is verified.
 */
export function familySeparations(game: TakingAndMerging, proof: FamilyProof): Separation[] {
  if (!proof.verdict.verified || variableCount(proof.start) !== 2) return [];
  const t: TypeParameters = proof.types;
  const table = proof.tables[0]!.values;
  const q = t.p * Math.ceil((2 * t.c + t.p) / t.p);
  const out: Separation[] = [];
  const seen = new Set<string>();
  // x0 runs over one period above 2c + p, so every residue of x is met with room below for y.
  for (let x0 = 2 * t.c + t.p; x0 < 2 * t.c + 2 * t.p; x0++) {
    for (let d = -t.c; d <= t.c; d++) {
      const y = x0 - d;
      const yFar = y + q; // x0 - yFar <= -c, same residue as y
      const near = table.get(typeKey([x0, y], t));
      const far = table.get(typeKey([x0, yFar], t));
      if (near === undefined || far === undefined || near === far) continue;
      if (cls(y, t) !== cls(yFar, t)) continue;
      const languages: [number, number] = near < far ? [near, far] : [far, near];
      const key = languages.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ pattern: formatFamily(game, proof.start), x0, q, d, near, far, languages });
    }
  }
  return out;
}

/** The Grundy values proved not regular by some separation (sorted). */
export function nonRegularLanguages(seps: readonly Separation[]): number[] {
  return [...new Set(seps.flatMap((s) => s.languages))].sort((a, b) => a - b);
}
