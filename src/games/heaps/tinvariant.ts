/**
 * t-invariant games (deciding-game-invariance, Definition 3, after Fraenkel–Larsson): the positions are
 * partitioned into t classes S_1..S_t and a position of S_j has the moves of the invariant move set I_j.
 * G_EVEN (Example 4) is 2-invariant; the game H' of Remark 8 is 2-invariant with the same P-positions
 * as WYTHOFF.
 */
import type { Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';
import { InvariantGame, type MoveVector } from './invariant.js';

export class TInvariantGame implements Ruleset<Heaps> {
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  /** classes[j] plays the moves of I_j; undefined when I_j is empty. */
  private readonly classes: (InvariantGame | undefined)[];

  /**
   * `partition(p)` = j, the class S_j of p (0-based); `moveSets[j]` = I_j as move vectors in the
   * grammar of `invariant:` (numbers, `*`, `=`).
   */
  constructor(
    readonly heapCount: number,
    readonly partition: (p: Heaps) => number,
    readonly moveSets: readonly (readonly MoveVector[])[],
    readonly name: string,
  ) {
    for (const set of moveSets) for (const m of set) if (m.length !== heapCount) throw new RangeError(`every move of ${name} has ${heapCount} coordinates`);
    this.classes = moveSets.map((set) => (set.length === 0 ? undefined : new InvariantGame(set)));
  }

  validate(p: Heaps): string | undefined {
    return p.length === this.heapCount ? undefined : `${this.name} is played on ${this.heapCount} heaps, not ${p.length}`;
  }

  options(p: Heaps): Heaps[] {
    const j = this.partition(p);
    if (!(j >= 0 && j < this.classes.length)) throw new RangeError(`${this.name}: position ${p.join(',')} is in no class`);
    return this.classes[j]?.options(p) ?? [];
  }
}

const WYTHOFF_MOVES: MoveVector[] = [['*', 0], [0, '*'], ['=', '=']];

/** G_EVEN (deciding-game-invariance, Example 4): (i,0) moves when x + y is even, (i,i) moves when odd. */
export function gEven(): TInvariantGame {
  return new TInvariantGame(2, ([x, y]) => (x! + y!) & 1, [[['*', 0]], [['=', '=']]], 'geven');
}

/** H (deciding-game-invariance, Remark 8): WYTHOFF plus the moves (3,1), (5,1), (6,1); invariant. */
export function remark8H(): InvariantGame {
  return new InvariantGame([...WYTHOFF_MOVES, [3, 1], [5, 1], [6, 1]]);
}

/** H' (deciding-game-invariance, Remark 8): WYTHOFF plus (5,1), (6,1) when x is even, (1,3), (1,5) when odd. */
export function remark8HPrime(): TInvariantGame {
  return new TInvariantGame(2, ([x]) => x! & 1, [[...WYTHOFF_MOVES, [5, 1], [6, 1]], [...WYTHOFF_MOVES, [1, 3], [1, 5]]], 'hprime');
}
