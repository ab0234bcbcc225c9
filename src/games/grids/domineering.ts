/**
 * DOMINEERING, the partizan parent of CRAM: Left places vertical dominoes, Right horizontal ones.
 * Outcome classes L, R, N, P (who wins with each player starting).
 */
import type { PositionDomain } from '../../core/ruleset.js';
import { InterruptedError } from '../../core/errors.js';
import type { Board } from './board.js';
import { gridDomain, placements } from './cram.js';
import { type Shape, canonicalKey, shapeOf } from './shape.js';
import type { Stop } from '../../core/stop.js';

/**
 * A two-player ruleset where Left and Right have different moves (normal play).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface PartizanRuleset<P> {
  readonly name: string;
  readonly domain: PositionDomain<P>;
  leftOptions(p: P): P[];
  rightOptions(p: P): P[];
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export type PartizanOutcome = 'L' | 'R' | 'N' | 'P';

/**
 * @remarks Since 0.1.0
 * @public
 */
export class DomineeringRuleset implements PartizanRuleset<Board> {
  readonly name = 'domineering';
  readonly domain = gridDomain;
  leftOptions(b: Board): Board[] {
    return placements(b, true, false);
  }
  rightOptions(b: Board): Board[] {
    return placements(b, false, true);
  }
}

/**
 * The outcome class from who wins when Left starts and who wins when Right starts.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function outcomeClass(leftStartingWins: boolean, rightStartingWins: boolean): PartizanOutcome {
  if (leftStartingWins) return rightStartingWins ? 'N' : 'L';
  return rightStartingWins ? 'R' : 'P';
}

/** Outcome search for DOMINEERING: memoised on the 4 reflections (a transpose would swap the players). */
export class DomineeringSearch {
  /** Canonical key -> bit 0: Left to move wins, bit 1: Right to move wins, bit 2/3: bit 0/1 known. */
  readonly table = new Map<string, number>();
  nodes = 0;

  constructor(private readonly signal?: Stop) {}

  outcome(b: Board): PartizanOutcome {
    const s = shapeOf(b);
    return outcomeClass(this.wins(s, true), this.wins(s, false));
  }

  /** Whether the player to move (Left places vertical dominoes, Right horizontal) wins. */
  wins(s: Shape, left: boolean): boolean {
    if ((++this.nodes & 0xfff) === 0 && this.signal?.aborted) {
      throw new InterruptedError({ nodes: this.nodes, entries: this.table.size });
    }
    const key = canonicalKey(s, false);
    const known = this.table.get(key) ?? 0;
    const bit = left ? 1 : 2;
    if (known & (bit << 2)) return (known & bit) !== 0;
    const rows = s.rows.slice();
    let win = false;
    for (let r = 0; r < s.h && !win; r++) {
      const m = s.rows[r]!;
      if (left) {
        if (r + 1 >= s.h) break;
        const below = s.rows[r + 1]!;
        for (let pairs = m & below; pairs !== 0 && !win; pairs &= pairs - 1) {
          const b = pairs & -pairs;
          rows[r] = m & ~b;
          rows[r + 1] = below & ~b;
          win = !this.wins({ h: s.h, w: s.w, rows }, false);
        }
        rows[r] = m;
        rows[r + 1] = below;
      } else {
        for (let pairs = m & (m >>> 1); pairs !== 0 && !win; pairs &= pairs - 1) {
          const b = pairs & -pairs;
          rows[r] = m & ~(b | (b << 1));
          win = !this.wins({ h: s.h, w: s.w, rows }, true);
        }
        rows[r] = m;
      }
    }
    this.table.set(key, (this.table.get(key) ?? 0) | (bit << 2) | (win ? bit : 0));
    return win;
  }
}
