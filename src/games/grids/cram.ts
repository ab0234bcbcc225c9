/**
 * CRAM (push-the-button, Definition 5.0.1): place a 2 x 1 domino, vertical or horizontal, on two empty
 * adjacent cells. Impartial; a board is the disjunctive sum of its connected components.
 */
import type { Capabilities, Component, PositionDomain, Ruleset } from '../../core/ruleset.js';
import { type Board, components, formatBoard, isEmptyCell, parseBoard, place } from './board.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export const gridDomain: PositionDomain<Board> = {
  kind: 'grid',
  key: (b) => `${b.rows}x${b.cols}:${b.empty.toString(36)}${b.pushed ? '!' : ''}`,
  format: formatBoard,
  parse: parseBoard,
};

/**
 * Every domino placement on b: vertical ones when `vertical`, horizontal ones when `horizontal`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function placements(b: Board, vertical: boolean, horizontal: boolean): Board[] {
  const out: Board[] = [];
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      if (!isEmptyCell(b, r, c)) continue;
      if (vertical && isEmptyCell(b, r + 1, c)) out.push(place(b, r, c, r + 1, c));
      if (horizontal && isEmptyCell(b, r, c + 1)) out.push(place(b, r, c, r, c + 1));
    }
  }
  return out;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export class CramRuleset implements Ruleset<Board> {
  readonly name = 'cram';
  readonly domain = gridDomain;
  readonly convention = 'normal' as const;
  readonly terminating = true;
  /** Solved by the grid search (transposition table, reflections, components) of games/grids. */
  readonly capabilities: Capabilities = { gridSearch: 'cram' };

  options(b: Board): Board[] {
    return placements(b, true, true);
  }

  /** Components never interact: a domino covers two adjacent cells of one component. */
  decompose(b: Board): Component[] | undefined {
    const parts = components(b);
    return parts.length >= 2 ? parts.map((position) => ({ ruleset: this, position })) : undefined;
  }

  validate(b: Board): string | undefined {
    return b.pushed ? 'CRAM has no button' : undefined;
  }
}
