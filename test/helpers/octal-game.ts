/**
 * The take-and-break game of a code, the ruleset the older octal and pair-set kernels
 * (take-and-break/octal-sequence.ts, pair-set.ts) take in the tests of those kernels.
 */
import { parseTakeAndBreakCode } from '../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame } from '../../src/games/heaps/take-and-break/game.js';

export function octalGame(code: string): TakeAndBreakGame {
  return new TakeAndBreakGame(parseTakeAndBreakCode(code));
}
