/** The `plot` job: the pictures of the CLI and the explorer; a stop keeps the picture of what was finished. */
import { job } from '../core/jobs.js';
import type { PlotRequest, PlotResult } from '../plot/index.js';

/** `sprague plot` and the explorer's pictures; a stop keeps the picture of what was finished. */
export const plotJob = job({
  async run(args: PlotRequest, ctx) {
    const { makePlot } = await import('../plot/index.js');
    return makePlot(args, { signal: ctx.signal, onProgress: (done, total, label) => ctx.onProgress(done, total, label) });
  },
  keep: (partial): PlotResult | undefined => (typeof partial === 'object' && partial !== null && typeof (partial as { svg?: unknown }).svg === 'string' ? (partial as PlotResult) : undefined),
});
