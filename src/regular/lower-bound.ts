/**
 * Lower bounds on the size of any Grundy automaton, from a table of Grundy values (Myhill–Nerode):
 * two prefixes u, u' whose extensions u v, u' v differ in value for some suffix v must reach
 * different states of every DFA with output that computes G. So the number of distinct rows
 * (row of u = values of u v over all short v) is a lower bound, proved by words up to the table's length.
 */
import type { GrundyTable } from '../games/rewrite/enumerate.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface NerodeBound {
  /** Distinct rows: no Grundy automaton has fewer states. */
  classes: number;
  /** Rows of every prefix of length <= prefixLength ... */
  prefixLength: number;
  /** ... over every suffix of length <= suffixLength. */
  suffixLength: number;
}

/**
 * Distinct rows for one split of the table's length N = prefixLength + suffixLength.
 * O(A^(N+1)) table reads for an alphabet of A letters.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function nerodeBound(table: GrundyTable, prefixLength: number): NerodeBound {
  const { layout, values } = table;
  const suffixLength = table.maxLength - prefixLength;
  const suffixes = layout.offsets[suffixLength + 1]!;
  const rows = new Set<string>();
  const row = Buffer.alloc(suffixes);
  for (let p = 0; p <= prefixLength; p++) {
    for (let u = 0; u < layout.powers[p]!; u++) {
      let i = 0;
      for (let s = 0; s <= suffixLength; s++) {
        const base = layout.offsets[p + s]! + u * layout.powers[s]!;
        for (let v = 0; v < layout.powers[s]!; v++) row[i++] = values[base + v]!;
      }
      rows.add(row.toString('latin1'));
    }
  }
  return { classes: rows.size, prefixLength, suffixLength };
}

/**
 * The best split of the table's length (most classes; the shorter prefix on ties), trying prefix
 * lengths minPrefix..maxPrefix (default all). O(splits * A^(N+1)).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function bestNerodeBound(table: GrundyTable, minPrefix = 0, maxPrefix = table.maxLength): NerodeBound {
  let best = nerodeBound(table, minPrefix);
  for (let p = minPrefix + 1; p <= maxPrefix; p++) {
    const b = nerodeBound(table, p);
    if (b.classes > best.classes) best = b;
  }
  return best;
}
