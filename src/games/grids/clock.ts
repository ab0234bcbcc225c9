/** The periodic chores of a long grid search: stop when asked, report progress, save a checkpoint. */
import { InterruptedError } from '../../core/errors.js';
import type { Stop } from '../../core/stop.js';

export interface ClockOptions<P> {
  signal?: Stop | undefined;
  /** A shared flag (element 0 non-zero = stop), for searches run in a worker thread. */
  interrupt?: Int32Array | undefined;
  onProgress?: ((p: P) => void) | undefined;
  onCheckpoint?: (() => void) | undefined;
  checkpointEveryMs?: number | undefined;
}

export class SearchClock<P> {
  private lastTick = 0;
  private lastCheckpoint = 0;

  /** `options` is shared with the search, so a checkpoint set later is seen here. */
  constructor(
    private readonly options: ClockOptions<P>,
    private readonly progress: () => P,
  ) {}

  /** Saves through `save` every `everyMs` milliseconds while searching. */
  setCheckpoint(save: () => void, everyMs = 60_000): void {
    this.options.onCheckpoint = save;
    this.options.checkpointEveryMs = everyMs;
    this.lastCheckpoint = Date.now();
  }

  /** Called every few thousand nodes; throws InterruptedError (with the progress) when asked to stop. */
  tick(): void {
    const now = Date.now();
    if (this.options.signal?.aborted || (this.options.interrupt && Atomics.load(this.options.interrupt, 0) !== 0)) {
      throw new InterruptedError(this.progress());
    }
    if (this.options.onProgress && now - this.lastTick >= 250) {
      this.lastTick = now;
      this.options.onProgress(this.progress());
    }
    if (this.options.onCheckpoint && now - this.lastCheckpoint >= (this.options.checkpointEveryMs ?? 60_000)) {
      this.lastCheckpoint = now;
      this.options.onCheckpoint();
    }
  }
}
