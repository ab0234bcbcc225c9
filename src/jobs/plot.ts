/** The `plot` job: the pictures of the CLI and the explorer; a stop keeps the picture of what was finished. */
import { SpecError } from '../core/errors.js';
import { job } from '../core/jobs.js';
import type { PlotKind, PlotRequest, PlotResult } from '../plot/index.js';
import { about, count, fields, flag, oneOf, text } from './check.js';

/** The field of the explorer's picture form a refusal of checkRequest is about. */
function plotField(e: Error, overlay: string | undefined): string {
  if (e instanceof SpecError) return overlay !== undefined && e.spec === overlay ? 'overlay' : 'spec';
  if (/overlaid/.test(e.message)) return 'overlay';
  if (/slice/.test(e.message)) return 'slice';
  if (/\bbound\b|box of side/.test(e.message)) return 'max';
  return 'request';
}

/**
 * The explorer's picture request: `spec` and `max` (required), `kind`, `overlay`, `phiLines`, `slice`,
 * `maxDepth`; the specs parsed and the size checked against the limits table (plotBox, plotColumns,
 * plotTerms) before any work. The kind comes back filled in (the game's own when not asked).
 */
async function checkPlot(body: unknown): Promise<PlotRequest> {
  const { PLOT_KINDS, checkRequest } = await import('../plot/index.js');
  const b = fields(body, ['spec', 'max', 'kind', 'overlay', 'phiLines', 'slice', 'maxDepth']);
  const kind = oneOf<PlotKind>(b, 'kind', PLOT_KINDS);
  const overlay = text(b, 'overlay', 'optional');
  const slice = count(b, 'slice', 'optional');
  const maxDepth = count(b, 'maxDepth', 'optional');
  const request: PlotRequest = {
    spec: text(b, 'spec'),
    max: count(b, 'max'),
    ...(kind === undefined ? {} : { kind }),
    ...(overlay === undefined ? {} : { overlay }),
    ...(flag(b, 'phiLines') ? { phiLines: true } : {}),
    ...(slice === undefined ? {} : { slice }),
    ...(maxDepth === undefined ? {} : { maxDepth }),
  };
  return { ...request, kind: about((e) => plotField(e, overlay), () => checkRequest(request)).kind };
}

/** `sprague plot` and the explorer's pictures; a stop keeps the picture of what was finished. */
export const plotJob = job({
  async run(args: PlotRequest, ctx) {
    const { makePlot } = await import('../plot/index.js');
    return makePlot(args, { signal: ctx.signal, onProgress: (done, total, label) => ctx.onProgress(done, total, label) });
  },
  keep: (partial): PlotResult | undefined => (typeof partial === 'object' && partial !== null && typeof (partial as { svg?: unknown }).svg === 'string' ? (partial as PlotResult) : undefined),
  check: checkPlot,
});
