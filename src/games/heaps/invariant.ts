/**
 * Invariant take-away games (deciding-game-invariance, section 1; Duchêne–Rigo): the same moves are
 * allowed from every position. A move vector subtracts, coordinate by coordinate, a fixed amount, any
 * positive amount (`*`, chosen independently per coordinate) or one common positive amount (`=`, the
 * same in every `=` coordinate). `(*,0),(0,*),(=,=)` is WYTHOFF.
 */
import type { Capabilities, Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';
import { invariantCapabilities } from './invariant-table.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export type MoveEntry = number | '*' | '=';
/**
 * @remarks Since 0.1.0
 * @public
 */
export type MoveVector = readonly MoveEntry[];

/**
 * An invariant take-away game (spec `invariant:...`; deciding-game-invariance, section 1): the same move
 * vectors from every position.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class InvariantGame implements Ruleset<Heaps> {
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly heapCount: number;
  readonly name: string;
  readonly capabilities: Capabilities = invariantCapabilities(this);

  constructor(readonly moves: readonly MoveVector[]) {
    if (moves.length === 0) throw new RangeError('an invariant game needs at least one move');
    this.heapCount = moves[0]!.length;
    for (const m of moves) {
      if (m.length !== this.heapCount) throw new RangeError('all move vectors must have the same length');
      if (m.every((e) => e === 0)) throw new RangeError('the zero vector is not a move: play would never end');
    }
    this.name = `invariant:${moves.map((m) => `(${m.join(',')})`).join(',')}`;
  }

  /** As a t-invariant game (Definition 3) with t = 1: one class, whose moves are `moves`. */
  get moveSets(): readonly (readonly MoveVector[])[] {
    return [this.moves];
  }

  partition(): number {
    return 0;
  }

  validate(p: Heaps): string | undefined {
    return p.length === this.heapCount ? undefined : `${this.name} is played on ${this.heapCount} heaps, not ${p.length}`;
  }

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    for (const m of this.moves) this.apply(m, p, out);
    return out;
  }

  private apply(m: MoveVector, p: Heaps, out: Heaps[]): void {
    const eq = m.flatMap((e, i) => (e === '=' ? [i] : []));
    const maxEq = eq.length > 0 ? Math.min(...eq.map((i) => p[i]!)) : 0;
    for (let t = eq.length > 0 ? 1 : 0; t <= maxEq; t++) {
      // Fixed and `=` coordinates first; each `*` coordinate then ranges over every positive amount.
      const base: number[] = [];
      let legal = true;
      m.forEach((e, i) => {
        const left = e === '*' ? p[i]! : p[i]! - (e === '=' ? t : e);
        if (left < 0 || (e === '*' && left === 0)) legal = false;
        base.push(left);
      });
      if (!legal) continue;
      const stars = m.flatMap((e, i) => (e === '*' ? [i] : []));
      const fill = (k: number): void => {
        if (k === stars.length) {
          out.push([...base]);
          return;
        }
        const i = stars[k]!;
        const h = p[i]!;
        for (let r = 0; r < h; r++) {
          base[i] = r;
          fill(k + 1);
        }
        base[i] = h;
      };
      fill(0);
    }
  }
}
