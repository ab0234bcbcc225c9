/**
 * The push construction of push-the-button, section 6: a partizan ruleset becomes the impartial push
 * ruleset in which both players first make Left-type moves, then, once the button is pushed, Right-type
 * moves (Definition 2.0.1 with R1 = Left's moves, R2 = Right's). PUSH CRAM is this construction applied
 * to DOMINEERING: vertical dominoes, then horizontal ones.
 */
import type { Capabilities, Component, PositionDomain, Ruleset } from '../../core/ruleset.js';
import { type Board, fromCells, isEmptyCell } from './board.js';
import { gridDomain } from './cram.js';
import { DomineeringRuleset, type PartizanRuleset } from './domineering.js';

/**
 * The paper's (1, g) before the button and (2, g) after it.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface PushPosition<P> {
  readonly phase: 1 | 2;
  readonly position: P;
}

/**
 * R_Left ⊙ R_Right for any partizan ruleset (section 6), on explicit (phase, position) pairs.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PartizanPushRuleset<P> implements Ruleset<PushPosition<P>> {
  readonly name: string;
  readonly domain: PositionDomain<PushPosition<P>>;
  readonly convention = 'normal' as const;
  readonly terminating = true;

  constructor(readonly base: PartizanRuleset<P>) {
    this.name = `push-partizan(${base.name})`;
    this.domain = {
      kind: 'push',
      key: (p) => `${p.phase}:${base.domain.key(p.position)}`,
      format: (p) => `(${p.phase},${base.domain.format(p.position)})`,
      parse: (text) => {
        const m = /^\(([12]),(.*)\)$/.exec(text);
        if (!m) return { phase: 1, position: base.domain.parse(text) };
        return { phase: m[1] === '2' ? 2 : 1, position: base.domain.parse(m[2]!) };
      },
    };
  }

  // push-the-button, Definition 2.0.1: (1,g) -> (1,g') for g' in R1(g), and (2,g); (2,g) -> (2,g').
  options(p: PushPosition<P>): PushPosition<P>[] {
    if (p.phase === 2) return this.base.rightOptions(p.position).map((position) => ({ phase: 2, position }));
    const out: PushPosition<P>[] = this.base.leftOptions(p.position).map((position) => ({ phase: 1, position }));
    out.push({ phase: 2, position: p.position });
    return out;
  }
}

/**
 * PUSH CRAM on boards; `pushed` on a Board marks the phase after the button. Options are those of
 * PartizanPushRuleset(DOMINEERING), written on Board directly so that grid positions parse as boards.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PushCramRuleset implements Ruleset<Board> {
  readonly name = 'pushcram';
  readonly domain = gridDomain;
  readonly convention = 'normal' as const;
  readonly terminating = true;
  /** Solved by the grid search of games/grids (the push kernels of pushSolver.ts and pushCram3.ts). */
  readonly capabilities: Capabilities = { gridSearch: 'pushcram' };
  readonly domineering = new DomineeringRuleset();

  options(b: Board): Board[] {
    if (b.pushed) return this.domineering.rightOptions(b);
    const out = this.domineering.leftOptions(b);
    out.push({ ...b, pushed: true });
    return out;
  }

  /**
   * After the button only horizontal dominoes remain, so each row run is an independent 0.07 heap
   * (section 5). Before it the button is shared by all parts and the board is no disjunctive sum.
   */
  decompose(b: Board): Component[] | undefined {
    if (!b.pushed) return undefined;
    const parts = rowRuns(b).map((len) => ({ ruleset: this, position: fromCells(1, len, () => true, true) }));
    return parts.length >= 2 ? parts : undefined;
  }
}

/**
 * The lengths of the maximal horizontal runs of empty cells, row by row.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function rowRuns(b: Board): number[] {
  const out: number[] = [];
  for (let r = 0; r < b.rows; r++) {
    let run = 0;
    for (let c = 0; c <= b.cols; c++) {
      if (c < b.cols && isEmptyCell(b, r, c)) run++;
      else if (run > 0) {
        out.push(run);
        run = 0;
      }
    }
  }
  return out;
}
