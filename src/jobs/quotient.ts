/** The `quotient` job: the quotient of sums of push positions of heap games; a stop keeps the rows of growth finished. */
import { job } from '../core/jobs.js';
import type { QuotientGrowth } from '../analysis/push-quotient.js';

/**
 * `sprague quotient`: the quotient of heaps 0..max of the push compound `spec` (parsed again here: a heap
 * spec parses in microseconds), each row of its growth emitted as it is finished.
 */
export const quotientJob = job({
  async run(args: { spec: string; max: number }, ctx) {
    const [{ pushQuotient }, { parseSpec }] = await Promise.all([import('../analysis/push-quotient.js'), import('../spec/index.js')]);
    return pushQuotient(parseSpec(args.spec), args.max, { signal: ctx.signal, onProgress: ctx.onProgress, onRow: (row) => ctx.emit(row) });
  },
  keep: (partial): QuotientGrowth[] | undefined => (Array.isArray(partial) ? (partial as QuotientGrowth[]) : undefined),
});
