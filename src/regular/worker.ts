/** Worker side of runGrundyAutomatonTask: one learning-and-proving run per task. */
import { InterruptedError } from '../core/errors.js';
import { serveTasks } from '../core/pool.js';
import { flagSignal } from '../core/stop.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from './grundy-automaton.js';
import type { AutomatonReply, AutomatonTask } from './task.js';

serveTasks((task: AutomatonTask): AutomatonReply => {
  const progress = new Float64Array(task.shared, 8, 2);
  const options = {
    ...task.options,
    signal: flagSignal(new Int32Array(task.shared, 0, 1)),
    onProgress: (states: number, rounds: number) => {
      progress[0] = states;
      progress[1] = rounds;
    },
  };
  try {
    return { interrupted: false, result: findGrundyAutomaton(task.rules, options) };
  } catch (e) {
    if (e instanceof InterruptedError && e.partial) return { interrupted: true, result: e.partial as GrundyAutomatonResult };
    throw e;
  }
});
