/**
 * Admissibility checked in a box (deciding-game-invariance, section 2). By Lemma 12, P is 1-admissible iff
 * the invariant game H with moves N^n \ (P - P) has P-positions P; H never moves from P to P, so this
 * holds iff every x not in P has some p in P, p <= x, with x - p not in P - P. A position without such a
 * p is a witness that P is not 1-admissible.
 */
import { Box, membersOf, restrict } from './box.js';
import { differencesInBox } from './differences.js';
import type { MoveMap } from './game.js';
import { type PositionSet, dimensionOf, setInBox } from './sets.js';
import { InterruptedError } from '../core/errors.js';
import type { Stop } from '../core/stop.js';

export interface Admissibility {
  admissible: boolean;
  method: 'bounded' | 'periodic';
  /** The box [0, bound]^n in which every position was checked. */
  bound: number;
  /** The least position (by largest coordinate, then lexicographically) not in P with no admissible move to P. */
  witness?: number[];
  /**
   * True when the verdict holds in all of N^n: always for a witness found from differences known to lie in
   * P - P; for "admissible" only when a theorem reduces N^n to the box (Lemma 38).
   */
  certified: boolean;
  /** Differences of P were taken from pairs in [0, differenceBound]^n. */
  differenceBound: number;
}

/** The verdict of the periodic-word algorithm (section 6.1; src/invariance/periodic.ts, periodic-nary.ts). */
export interface PeriodicAdmissibility extends Admissibility {
  method: 'periodic';
  /** The primitive root ρ of v (v = ρ^k); P_w depends only on it and ℓ = |ρ| is used. */
  period: string;
  balanced: boolean;
}

export interface WitnessSearchOptions {
  signal?: Stop;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The least witness in the box: x not in P such that x - p is in D for every p in P with p <= x; D is a
 * bitmap of differences over the same box. When D is a subset of P - P, a witness is a true one.
 * O(cells · |P ∩ box|) in the worst case, far less when positions are absorbed early.
 */
export function leastWitness(member: Uint8Array, diff: Uint8Array, box: Box, options: WitnessSearchOptions = {}): number[] | undefined {
  const n = box.dimension;
  const pts = membersOf(member);
  const coords = box.coordinates(pts);
  const x = new Int32Array(n);
  let best: number[] | undefined;
  let bestMax = Infinity;
  for (let idx = 0; idx < box.cells; idx++) {
    // x = box.point(idx), kept incrementally (odometer).
    if (idx > 0) {
      let i = n - 1;
      while (x[i] === box.max) x[i--] = 0;
      x[i]!++;
    }
    if ((idx & 4095) === 0) {
      if (options.signal?.aborted) throw new InterruptedError({ checked: idx, witness: best });
      options.onProgress?.(idx, box.cells);
    }
    if (member[idx]) continue;
    let xmax = 0;
    for (let i = 0; i < n; i++) if (x[i]! > xmax) xmax = x[i]!;
    if (xmax >= bestMax) continue;
    let absorbed = false;
    for (let k = 0; k < pts.length && pts[k]! <= idx; k++) {
      let below = true;
      for (let i = 0; i < n; i++) {
        if (coords[k * n + i]! > x[i]!) {
          below = false;
          break;
        }
      }
      if (below && !diff[idx - pts[k]!]) {
        absorbed = true;
        break;
      }
    }
    if (!absorbed) {
      best = Array.from(x);
      bestMax = xmax;
    }
  }
  options.onProgress?.(box.cells, box.cells);
  return best;
}

export interface BoundedOptions extends WitnessSearchOptions {
  /** The box [0, max]^n to check. */
  max: number;
  /** Differences are taken from P ∩ [0, differenceMax]^n; default 2 max. */
  differenceMax?: number;
}

/**
 * `method: bounded`: look for a witness in [0, max]^n. A witness is certain (its differences are true
 * differences of P); "admissible" means only that the box holds none.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function boundedAdmissibility(set: PositionSet, options: BoundedOptions): Admissibility {
  const { max } = options;
  const differenceMax = Math.max(options.differenceMax ?? 2 * max, max);
  const n = dimensionOf(set);
  const big = new Box(n, differenceMax);
  const memberBig = setInBox(set, differenceMax, { ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  const box = new Box(n, max);
  const member = differenceMax === max ? memberBig : restrict(memberBig, big, box);
  const diff = differencesInBox(memberBig, big, max, options.signal);
  const witness = leastWitness(member, diff, box, options);
  return witness
    ? { admissible: false, method: 'bounded', bound: max, witness, certified: true, differenceBound: differenceMax }
    : { admissible: true, method: 'bounded', bound: max, certified: finiteSetInside(set, member, max), differenceBound: differenceMax };
}

/**
 * A finite P ∋ 0 inside [0,max]^n is decided by the box: P - P lies in [0,max]^n too, so any x outside
 * the box is no difference and moves straight to 0 (and the box's differences are all of P - P).
 */
function finiteSetInside(set: PositionSet, member: Uint8Array, max: number): boolean {
  return set.kind === 'points' && member[0] === 1 && set.points.every((p) => p.every((x) => x <= max));
}

/**
 * The 1-invariant game H of Lemma 12 restricted to a box: from p, every move m <= p, m != 0, that is not a
 * difference of two elements of P (diff: a bitmap over `box`).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function nonDifferenceGame(diff: Uint8Array, box: Box): MoveMap {
  return {
    dimension: box.dimension,
    name: 'H (Lemma 12)',
    moves(p: readonly number[]): number[][] {
      const out: number[][] = [];
      const sub = new Box(box.dimension, Math.max(...p));
      for (let idx = 1; idx < sub.cells; idx++) {
        const m = sub.point(idx);
        if (m.every((x, i) => x <= p[i]!) && !diff[box.index(m)]) out.push(m);
      }
      return out;
    },
  };
}
