/**
 * The old octal ruleset (games/heaps/octal.ts, with octal-sequence.ts's kernels) for a code: specs now
 * make TakeAndBreakGame, so tests of those kernels build their games here.
 */
import { OctalGame } from '../../src/games/heaps/octal.js';
import { parseTakeAndBreakCode } from '../../src/games/heaps/take-and-break/code.js';

export function octalGame(code: string, radix: 8 | 16 = 8): OctalGame {
  return new OctalGame(parseTakeAndBreakCode(code).digits, radix);
}
