/**
 * The 2-heap ray kernel of NIM, WYTHOFF (+ extra moves) and EUCLID, beside their rulesets, and of their push
 * chains B1 ⊙ B2 ⊙ ... and misère forms: O(1) per cell on bitsets, since a move along a ray hits a
 * P-position iff the ray's flag is set. The rulesets declare their rays (`rayCapabilities`); a push
 * compound or a misère form of ray games gets a chain from its parts, and the kernel follows the chain.
 * Cross-checked against the general solver in tests.
 */
import { InputError } from '../../core/errors.js';
import type { KernelOptions } from '../../core/kernel.js';
import { PTable, stoppedBefore, tableStopped } from '../../core/ptable.js';
import type { Capabilities, RayChain, RayMoves, Ruleset } from '../../core/ruleset.js';

/**
 * The capabilities of a ray game played alone: its table on two heaps, its rays, and what it gives a
 * push compound whose first ruleset it is (when the game after the button is a ray chain too) and its
 * misère form.
 */
export function rayCapabilities(moves: RayMoves): Capabilities {
  return {
    ...chainCapabilities({ parts: [moves], misere: false }),
    beforeButton: (after) => {
      const tail = after.capabilities?.rays;
      return tail && chainCapabilities({ parts: [moves, ...tail.parts], misere: tail.misere });
    },
    misereForm: () => {
      const chain: RayChain = { parts: [moves], misere: true };
      return { ...chainCapabilities(chain), misereOutcomeOf: tableOutcomes(chain) };
    },
  };
}

/** The largest side of the square a misère form's outcomes are read from (2^28 cells, 32 MiB of bits). */
const OUTCOME_SIDE = 16384;

/**
 * The outcome of a position (x, y) of a chain read off its table on a square [0, N]^2, built when a
 * position first passes it (N at least doubling, from 64), for the solver's closed-form hook: the misère
 * forms of WYTHOFF, NIM and EUCLID have no Grundy values to search for, and their outcomes are the table's
 * P-positions. Undefined past OUTCOME_SIDE (the solver then searches).
 */
function tableOutcomes(chain: RayChain): (p: readonly number[]) => 'P' | 'N' | undefined {
  let table: PTable | undefined;
  return (p) => {
    if (p.length !== 2) return undefined;
    const m = Math.max(p[0]!, p[1]!);
    if (m > OUTCOME_SIDE) return undefined;
    if (table === undefined || m > table.max) table = rayTable(chain, Math.min(OUTCOME_SIDE, Math.max(m, 2 * (table?.max ?? 0), 64)));
    return table.isP(table.index(p)) ? 'P' : 'N';
  };
}

/** A chain's table on two heaps (none on other counts) and its rays, by which a longer chain is built. */
function chainCapabilities(chain: RayChain): Capabilities {
  return {
    rays: chain,
    table: (heaps, max, options) => (heaps === 2 ? { table: rayTable(chain, max, options), method: 'rays' } : undefined),
  };
}

/** The moves of WYTHOFF with extra moves (k,l), (l,k): 4 numbers per pair, k,l,l,k. */
export function wythoffRays(extraMoves: readonly (readonly [number, number])[]): RayMoves {
  const extra = new Int32Array(extraMoves.length * 4);
  extraMoves.forEach(([k, l], i) => extra.set([k, l, l, k], 4 * i));
  return { kind: 'wythoff', extra };
}

/**
 * Whether `rayTable2` can tabulate `rs`: a chain B1 ⊙ B2 ⊙ ... of NIM/WYTHOFF/EUCLID, the last possibly misère.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function hasRayTable(rs: Ruleset<any>): boolean {
  return rs.capabilities?.rays !== undefined;
}

/**
 * The P-positions of `rs` on [0, max]^2 in O(1) per cell (see `hasRayTable` for which rulesets). All
 * these rulesets are symmetric, so only x <= y is computed and (x, y) with x > y reads (y, x).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function rayTable2(rs: Ruleset<any>, max: number, options: KernelOptions = {}): PTable {
  const chain = rs.capabilities?.rays;
  if (!chain) throw new InputError(`${rs.name} has no ray table`);
  return rayTable(chain, max, options);
}

/** The table of a ray chain on [0, max]^2. */
export function rayTable(chain: RayChain, max: number, options: KernelOptions = {}): PTable {
  return chainTable(chain.parts, chain.misere, max, options, true);
}

/**
 * The table of the chain parts[0] ⊙ parts[1] ⊙ ..., the last misère when `misere`; with `mirror` false only
 * cells x <= y are filled (enough for a game played after it).
 */
function chainTable(parts: readonly RayMoves[], misere: boolean, max: number, options: KernelOptions, mirror: boolean): PTable {
  const first = parts[0]!;
  if (parts.length === 1) return rayScan(first, max, options, undefined, misere, mirror);
  let tail: PTable;
  try {
    tail = chainTable(parts.slice(1), misere, max, options, false);
  } catch (e) {
    throw stoppedBefore(e);
  }
  return rayScan(first, max, options, tail, false, mirror);
}

function rayScan(b: RayMoves, max: number, options: KernelOptions, tail: PTable | undefined, misere: boolean, mirror: boolean): PTable {
  const t = new PTable(2, max);
  const side = t.side;
  const bits = t.bits;
  const tailBits = tail?.bits;
  const colHas = new Uint8Array(side);
  const diagHas = new Uint8Array(side);
  const residue = new Uint8Array(side);
  const extra = b.kind === 'wythoff' ? b.extra : new Int32Array(0);
  const isP = (x: number, y: number): boolean => {
    const i = x <= y ? x * side + y : y * side + x;
    return (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
  };
  for (let x = 0; x <= max; x++) {
    if (options.signal?.aborted && (x & 63) === 0) {
      // Rows below x are final: their cells (x', y) with y < x' mirror rows y < x.
      if (mirror) mirrorUpper(t, x - 1);
      throw tableStopped(t, x * side);
    }
    if ((x & 255) === 0) options.onProgress?.(x, side);
    // Row x: (x, y') for y' < x mirror (y', x), already in column x.
    let rowHas = colHas[x]!;
    if (b.kind === 'euclid') residue.fill(0, 0, x);
    // r = y mod x, kept up to date as y grows.
    for (let y = x, r = 0; y <= max; y++, r = r + 1 === x ? 0 : r + 1) {
      const i = x * side + y;
      let hasOption: boolean;
      let hitsP: boolean;
      if (b.kind === 'euclid') {
        if (x === 0) {
          hasOption = y > 0;
          hitsP = y > 0 && (bits[0]! & 1) !== 0;
        } else {
          hasOption = y > x;
          hitsP = y > x && (residue[r] !== 0 || (r > 0 && isP(r, x)));
        }
      } else {
        hasOption = x + y > 0;
        hitsP = rowHas !== 0 || colHas[y] !== 0;
        if (!hitsP && b.kind === 'wythoff') {
          hitsP = diagHas[y - x] !== 0;
          for (let m = 0; !hitsP && m < extra.length; m += 2) {
            const u = x - extra[m]!;
            const v = y - extra[m + 1]!;
            if (u >= 0 && v >= 0 && isP(u, v)) hitsP = true;
          }
        }
      }
      let p = !hitsP && (!misere || hasOption);
      if (p && tailBits && (tailBits[i >>> 5]! & (1 << (i & 31))) !== 0) p = false;
      if (p) {
        bits[i >>> 5]! |= 1 << (i & 31);
        if (b.kind === 'euclid') {
          if (x > 0) residue[r] = 1;
        } else {
          rowHas = 1;
          colHas[y] = 1;
          diagHas[y - x] = 1;
        }
      }
    }
  }
  // Mirror the upper triangle so that the table reads like any other.
  if (mirror) mirrorUpper(t, max);
  return t;
}

/** Rows 1..upTo below the diagonal, copied from the upper triangle. */
function mirrorUpper(t: PTable, upTo: number): void {
  for (let x = 1; x <= upTo; x++) {
    for (let y = 0; y < x; y++) {
      if (t.isP(y * t.side + x)) t.setP(x * t.side + y);
    }
  }
}

