/** A census worker thread of LocalExecutor: computes the games it is handed. */
import { serveTasks } from '../core/pool.js';
import { computeGame, type CensusTask } from './compute.js';

serveTasks((task: CensusTask) => computeGame(task));
