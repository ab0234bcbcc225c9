/**
 * The generic box tables, written once against the Ruleset interface: outcome and Grundy tables of 2- and
 * 3-heap games on typed arrays, cell (x, y[, z]) at index (x (N+1) + y) (N+1) + z, filled in
 * lexicographic order (every take-away move lowers the index). `outcomeTable` takes any heap ruleset whose
 * options stay in the box at smaller indices, and compounds from their phases (push: P iff the game after
 * the button is N and no first-ruleset option is P, seed push-the-button Proposition 2.1.2; misère: P iff
 * there is an option and none is P). The faster kernels a family declares (rays, ZERUCLID, invariant
 * games) live beside their rulesets in src/games; `pTable` (ppositions.ts) asks for them first.
 */
import { InputError, InterruptedError } from '../core/errors.js';
import { PTable, checkTableProgress, stoppedBefore, tableStopped, type TableOptions } from '../core/ptable.js';
import type { Heaps, Ruleset } from '../core/ruleset.js';

export { PTable, type TableOptions, type TablePrefix } from '../core/ptable.js';

/**
 * Thrown inside the generic table when a ruleset's move leaves the box or does not lower the index.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export class NotTabulable extends Error {}

/** Compounds whose positions carry a phase beside the heaps. */

function optionIndex(t: PTable, o: unknown, i: number): number {
  if (!Array.isArray(o) || o.length !== t.heaps) throw new NotTabulable('an option is not a heap position of the same size');
  let j = 0;
  for (const c of o as Heaps) {
    if (!(c >= 0 && c <= t.max)) throw new NotTabulable('an option leaves the box');
    j = j * t.side + c;
  }
  if (j >= i) throw new NotTabulable('an option does not lower the position');
  return j;
}

/**
 * The P-positions of `rs` in [0, max]^heaps from the rules, one cell at a time. Throws NotTabulable
 * when the ruleset's moves do not fit the scheme (then use the solver).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function outcomeTable(rs: Ruleset<any>, heaps: number, max: number, options: TableOptions = {}): PTable {
  const phases = rs.capabilities?.phases;
  if (phases?.kind === 'push') {
    tabulable(phases.first, heaps);
    let tail: PTable;
    try {
      tail = outcomeTable(phases.after, heaps, max, options);
    } catch (e) {
      throw stoppedBefore(e);
    }
    return phaseTable(phases.first, heaps, max, options, (i) => !tail.isP(i), false);
  }
  if (phases?.kind === 'misere') {
    if (phases.inner.capabilities?.phases) throw new NotTabulable('nested misère compound');
    tabulable(phases.inner, heaps);
    return phaseTable(phases.inner, heaps, max, options, () => true, true);
  }
  tabulable(rs, heaps);
  return phaseTable(rs, heaps, max, options, () => true, false);
}

/** Throws NotTabulable unless every play of `rs` ends and its positions are heap tuples of this size (a phased compound's or a sum's are not). */
function tabulable(rs: Ruleset<any>, heaps: number): void {
  if (!rs.terminating) throw new NotTabulable('the ruleset is not known to terminate');
  let zero: unknown;
  try {
    zero = rs.domain.kind === 'heaps' ? rs.domain.parse(new Array<number>(heaps).fill(0).join(',')) : undefined;
  } catch {
    zero = undefined;
  }
  if (!Array.isArray(zero) || zero.length !== heaps) throw new NotTabulable(`${rs.name}: its positions are not ${heaps} heaps`);
}

/**
 * Cell i is P iff `allowed(i)` (for a push compound: the game after the button is N there), no option
 * by `rs` is P, and, under misère play, there is an option.
 */
function phaseTable(
  rs: Ruleset<any>,
  heaps: number,
  max: number,
  options: TableOptions,
  allowed: (i: number) => boolean,
  needOption: boolean,
): PTable {
  const t = new PTable(heaps, max);
  const total = t.cells;
  for (let i = 0; i < total; i++) {
    checkTableProgress(i, total, options, () => tableStopped(t, i));
    if (!allowed(i)) continue;
    const opts = rs.options(t.coords(i));
    if (needOption && opts.length === 0) continue;
    let p = true;
    for (const o of opts) {
      if (t.isP(optionIndex(t, o, i))) {
        p = false;
        break;
      }
    }
    if (p) t.setP(i);
  }
  return t;
}

/**
 * Grundy values of `rs` on [0, max]^heaps from the rules (same scheme as `outcomeTable`, plain rulesets).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function grundyTable(rs: Ruleset<any>, heaps: number, max: number, options: TableOptions = {}): Int32Array {
  if (rs.convention !== 'normal') throw new InputError(`${rs.name} is misère: it has outcomes, not Grundy values, here`);
  const t = new PTable(heaps, max);
  const total = t.cells;
  const G = new Int32Array(total);
  let seen = new Int32Array(64);
  for (let i = 0; i < total; i++) {
    checkTableProgress(i, total, options, () => new InterruptedError(G.slice(0, i)));
    const opts = rs.options(t.coords(i));
    if (opts.length + 1 > seen.length) seen = new Int32Array(2 * (opts.length + 1));
    const stamp = i + 1;
    for (const o of opts) {
      const v = G[optionIndex(t, o, i)]!;
      if (v < seen.length) seen[v] = stamp;
    }
    let g = 0;
    while (seen[g] === stamp) g++;
    G[i] = g;
  }
  return G;
}
