/**
 * Cancel flags of the explorer's jobs: the shared stop flags of src/core/stop.ts, under the server's names.
 */
export { newStopFlag as newCancelFlag, raiseStop as cancel, isStopped as isCancelled } from '../core/stop.js';
