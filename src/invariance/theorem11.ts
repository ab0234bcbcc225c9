/**
 * Theorem 11 of deciding-game-invariance as a construction: every P ⊆ N^n containing 0 is the set of
 * P-positions of the 2-invariant game with S_1 = S ∪ P, S_2 = the rest, I_1 = N^n \ (P - P), I_2 = S_2,
 * where S holds the x not in P that have some y in P, y <= x, x - y not in P - P.
 */
import { InputError } from '../core/errors.js';
import { Box, membersOf } from './box.js';
import { differencesInBox } from './differences.js';
import type { MoveMap } from './game.js';

export interface TwoInvariantGame {
  readonly box: Box;
  /** part[idx] = j when the position lies in S_j (1 or 2). */
  readonly part: Uint8Array;
  /** I_1 and I_2 as bitmaps over the box (index 0 unused). */
  readonly moveSets: readonly [Uint8Array, Uint8Array, Uint8Array];
  /** G(p) = I_j ∩ {m <= p} for p in S_j. */
  readonly game: MoveMap;
}

/**
 * x in the box is absorbed when some y in P, y <= x, has x - y not in diff (a move of I_1 from x to P).
 * O(cells · |P ∩ box| · n).
 */
export function absorbedInBox(member: Uint8Array, diff: Uint8Array, box: Box): Uint8Array {
  const n = box.dimension;
  const pts = membersOf(member);
  const coords = box.coordinates(pts);
  const out = new Uint8Array(box.cells);
  for (let idx = 0; idx < box.cells; idx++) {
    const x = box.point(idx);
    for (let k = 0; k < pts.length && pts[k]! <= idx; k++) {
      let below = true;
      for (let i = 0; i < n && below; i++) below = coords[k * n + i]! <= x[i]!;
      if (below && !diff[idx - pts[k]!]) {
        out[idx] = 1;
        break;
      }
    }
  }
  return out;
}

/**
 * The game of Theorem 11 on [0, box.max]^n for P given in the box. `diff` defaults to the differences of
 * P ∩ box, which are the true P - P in the box when P lies in the box; for a larger P any subset of
 * P - P containing those differences keeps P(G) ∩ box = P ∩ box (moves from P within the box join
 * two elements of P in the box).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function twoInvariantGameOf(member: Uint8Array, box: Box, diff?: Uint8Array): TwoInvariantGame {
  if (!member[0]) throw new InputError('Theorem 11 needs a set containing 0 (every game has 0 as a P-position)');
  const d = diff ?? differencesInBox(member, box, box.max);
  const inS = absorbedInBox(member, d, box);
  const part = new Uint8Array(box.cells);
  const i1 = new Uint8Array(box.cells);
  const i2 = new Uint8Array(box.cells);
  for (let idx = 0; idx < box.cells; idx++) {
    part[idx] = member[idx] || inS[idx] ? 1 : 2;
    i1[idx] = idx > 0 && !d[idx] ? 1 : 0;
    i2[idx] = part[idx] === 2 ? 1 : 0;
  }
  const moveSets: [Uint8Array, Uint8Array, Uint8Array] = [new Uint8Array(0), i1, i2];
  const game: MoveMap = {
    dimension: box.dimension,
    name: 'Theorem 11 game',
    moves(p: readonly number[]): number[][] {
      const allowed = moveSets[part[box.index(p)]!]!;
      const sub = new Box(box.dimension, Math.max(...p));
      const out: number[][] = [];
      for (let idx = 1; idx < sub.cells; idx++) {
        const m = sub.point(idx);
        if (m.every((x, i) => x <= p[i]!) && allowed[box.index(m)]) out.push(m);
      }
      return out;
    },
  };
  return { box, part, moveSets, game };
}
