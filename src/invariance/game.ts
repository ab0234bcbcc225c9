/**
 * Take-away games on n heaps given by their move map G (deciding-game-invariance, Definition 1): G(p) is
 * the set of moves m <= p, m != 0, and the options of p are the p - m.
 */
import { InputError, InterruptedError } from '../core/errors.js';
import type { Heaps, Ruleset } from '../core/ruleset.js';
import { Box } from './box.js';
import type { Stop } from '../core/stop.js';

export interface MoveMap {
  readonly dimension: number;
  /** G(p): the moves available at p, each a non-zero vector m <= p. */
  moves(p: readonly number[]): number[][];
  readonly name?: string | undefined;
}

/** The move map of a heap ruleset played on `dimension` heaps: the moves are p - q for the options q. */
export function moveMapOfRuleset(rs: Ruleset<Heaps>, dimension: number): MoveMap {
  return {
    dimension,
    name: rs.name,
    moves(p: readonly number[]): number[][] {
      return rs.options(p.slice()).map((q) => {
        if (q.length !== p.length) {
          throw new InputError(`${rs.name} is not a take-away game on ${dimension} heaps: (${p}) has the option (${q})`);
        }
        return p.map((x, i) => x - q[i]!);
      });
    },
  };
}

/** The invariant game with move set I (Definition 2), I given as a membership test on vectors. */
export function invariantGame(dimension: number, inI: (m: readonly number[]) => boolean, name?: string): MoveMap {
  return {
    dimension,
    name,
    moves(p: readonly number[]): number[][] {
      const box = new Box(dimension, Math.max(...p));
      const out: number[][] = [];
      for (let idx = 1; idx < box.cells; idx++) {
        const m = box.point(idx);
        if (m.every((x, i) => x <= p[i]!) && inI(m)) out.push(m);
      }
      return out;
    },
  };
}

export interface BoxSolveOptions {
  signal?: Stop;
  onProgress?: (done: number, total: number) => void;
}

/**
 * P(G) ∩ [0,max]^n (Definition 6) by one pass in packed order: every option of p is smaller, so it is
 * decided before p. A position is P iff none of its options is P (Proposition 7).
 */
export function pPositionsInBox(game: MoveMap, max: number, options: BoxSolveOptions = {}): Uint8Array {
  const box = new Box(game.dimension, max);
  const isP = new Uint8Array(box.cells);
  for (let idx = 0; idx < box.cells; idx++) {
    if ((idx & 1023) === 0) {
      if (options.signal?.aborted) throw new InterruptedError(isP.slice(0, idx));
      options.onProgress?.(idx, box.cells);
    }
    const p = box.point(idx);
    let p0 = true;
    for (const m of game.moves(p)) {
      if (m.length !== p.length || m.some((x, i) => x < 0 || x > p[i]!) || m.every((x) => x === 0)) {
        throw new InputError(`${game.name ?? 'the game'}: (${m}) is not a take-away move from (${p})`);
      }
      if (isP[idx - box.index(m)]) {
        p0 = false;
        break;
      }
    }
    isP[idx] = p0 ? 1 : 0;
  }
  options.onProgress?.(box.cells, box.cells);
  return isP;
}
