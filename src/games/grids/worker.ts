/**
 * Worker side of runGridTask: runs one grid solve in a worker thread, so the caller's thread stays free
 * to notice Ctrl-C and draw progress. Progress and the stop flag travel through a SharedArrayBuffer.
 */
import { InputError } from '../../core/errors.js';
import { serveTasks } from '../../core/pool.js';
import { parseBoard } from './board.js';
import { type GridTask, TASK_FLAG, TASK_PROGRESS, gridRuleset } from './task.js';
import { bluffTest, solveOutcome } from './solve.js';

serveTasks((task: GridTask) => {
  const flag = new Int32Array(task.shared, 0, TASK_FLAG);
  const progress = new Float64Array(task.shared, 8, TASK_PROGRESS);
  const ruleset = gridRuleset(task.game);
  if (!ruleset) throw new InputError(`the grid search does not know the game ${JSON.stringify(task.game)}`);
  const options = {
    interrupt: flag,
    checkpoint: task.checkpoint,
    checkpointEveryMs: task.checkpointEveryMs,
    grundy: task.grundy,
    tableBits: task.tableBits,
    onProgress: (p: { nodes: number; entries: number; rootDone: number; rootTotal: number }) => {
      progress[0] = p.nodes;
      progress[1] = p.entries;
      progress[2] = p.rootDone;
      progress[3] = p.rootTotal;
    },
  };
  const board = parseBoard(task.position);
  return task.what === 'bluff' ? bluffTest(ruleset, board, options) : solveOutcome(ruleset, board, options);
});
