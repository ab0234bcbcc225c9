/**
 * The table kernel of 2-heap invariant and t-invariant games, beside their rulesets (invariant.ts,
 * tinvariant.ts): when every move is a ray along an axis or the diagonal, or a fixed vector, a cell needs
 * one flag per column, row and diagonal. Cross-checked against the general solver in tests.
 */
import { InputError } from '../../core/errors.js';
import type { KernelOptions } from '../../core/kernel.js';
import { PTable, tableStopped } from '../../core/ptable.js';
import type { Capabilities, Heaps } from '../../core/ruleset.js';
import type { MoveVector } from './invariant.js';

/**
 * The moves of a t-invariant game (deciding-game-invariance, Definition 3): a position of class
 * S_j = partition(p) has the moves of moveSets[j]. An invariant game is the case t = 1.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface MoveClasses {
  readonly name: string;
  readonly heapCount: number;
  readonly moveSets: readonly (readonly MoveVector[])[];
  partition(p: Heaps): number;
}

/** The table capability of a t-invariant game: on 2 heaps, when its moves are rays or fixed vectors. */
export function invariantCapabilities(game: MoveClasses): Capabilities {
  return {
    table: (heaps, max, options) => (heaps === 2 && rayClasses(game) ? { table: invariantTable2(game, max, options), method: 'invariant' } : undefined),
  };
}

/** A 2-heap move the invariant kernel follows: a ray (x axis, y axis, diagonal) or a fixed vector. */
type Move2 = { ray: 'x' | 'y' | 'diag' } | { dx: number; dy: number };

function moves2(moves: readonly MoveVector[]): Move2[] | undefined {
  const out: Move2[] = [];
  for (const [a, b] of moves) {
    if (a === '*' && b === 0) out.push({ ray: 'x' });
    else if (a === 0 && b === '*') out.push({ ray: 'y' });
    else if (a === '=' && b === '=') out.push({ ray: 'diag' });
    else if (typeof a === 'number' && typeof b === 'number') out.push({ dx: a, dy: b });
    else return undefined;
  }
  return out;
}

/** The move classes of a 2-heap game, when every move is a ray or a fixed vector. */
function rayClasses(game: MoveClasses): { classOf: (x: number, y: number) => number; classes: Move2[][] } | undefined {
  if (game.heapCount !== 2) return undefined;
  const classes = game.moveSets.map(moves2);
  if (classes.some((c) => c === undefined)) return undefined;
  // One class (an invariant game): no partition to ask in the hot loop.
  const classOf = classes.length === 1 ? () => 0 : (x: number, y: number) => game.partition([x, y]);
  return { classOf, classes: classes as Move2[][] };
}

/**
 * P-positions of a 2-heap invariant or t-invariant game (deciding-game-invariance, Definitions 2-3) whose
 * moves are rays along an axis or the diagonal, or fixed vectors: O(moves) per cell with one flag per
 * column, row and diagonal. No symmetry is assumed (Remark 8's H is not symmetric).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function invariantTable2(game: MoveClasses, max: number, options: KernelOptions = {}): PTable {
  const spec = rayClasses(game);
  if (!spec) throw new InputError(`${game.name} has moves the invariant kernel cannot follow`);
  const t = new PTable(2, max);
  const side = t.side;
  const colHas = new Uint8Array(side);
  const diagHas = new Uint8Array(2 * side);
  for (let x = 0; x <= max; x++) {
    if (options.signal?.aborted && (x & 63) === 0) throw tableStopped(t, x * side);
    let rowHas = false;
    for (let y = 0; y <= max; y++) {
      const moves = spec.classes[spec.classOf(x, y)]!;
      let hit = false;
      for (let k = 0; !hit && k < moves.length; k++) {
        const m = moves[k]!;
        if ('ray' in m) hit = m.ray === 'x' ? colHas[y] !== 0 : m.ray === 'y' ? rowHas : diagHas[y - x + side] !== 0;
        else {
          const u = x - m.dx;
          const v = y - m.dy;
          hit = u >= 0 && v >= 0 && t.isP(u * side + v);
        }
      }
      if (!hit) {
        t.setP(x * side + y);
        rowHas = true;
        colHas[y] = 1;
        diagHas[y - x + side] = 1;
      }
    }
  }
  return t;
}
