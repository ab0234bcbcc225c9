/** The Wythoff-family jobs: `bitstring` and `conjecture41`. */
import { InterruptedError } from '../core/errors.js';
import { job } from '../core/jobs.js';
import type { ExtraMove, WythoffTable } from '../analysis/wythoff-table.js';
import type { DeviationRow } from '../analysis/wythoff-conjecture.js';

/**
 * `sprague bitstring`: the first `bits` bits of the Wythoff-family game with these extra moves (parsed in
 * the caller: the worker parses no spec); a stop keeps the bits of the columns finished.
 */
export const bitstringJob = job({
  async run(args: { extraMoves: readonly ExtraMove[]; bits: number }, ctx) {
    const { wythoffBitString } = await import('../analysis/bitstring.js');
    try {
      return wythoffBitString(args.extraMoves, args.bits, { signal: ctx.signal, onProgress: ctx.onProgress });
    } catch (e) {
      // A table of the first X columns decides the first X bits (a P-position beyond it lies above the diagonal).
      if (e instanceof InterruptedError && isWythoffTable(e.partial)) {
        const { bitsOfTable } = await import('../analysis/bitstring.js');
        throw new InterruptedError(bitsOfTable(e.partial));
      }
      throw e;
    }
  },
  keep: (partial): Uint8Array | undefined => (partial instanceof Uint8Array ? partial : undefined),
});

/** `sprague conjecture41`: one row per pair (k,l); a stop keeps the rows finished. */
export const conjecture41Job = job({
  async run(args: { maxL: number; n: number; maxColumns?: number }, ctx) {
    const { phiDeviations } = await import('../analysis/wythoff-conjecture.js');
    return phiDeviations(args.maxL, args.n, { signal: ctx.signal, onProgress: ctx.onProgress, ...(args.maxColumns === undefined ? {} : { maxColumns: args.maxColumns }) });
  },
  keep: (partial): DeviationRow[] | undefined => (Array.isArray(partial) ? (partial as DeviationRow[]) : undefined),
});

/** The partial of a stopped Wythoff-family column table (wythoff-table.ts truncates it to the columns finished). */
export function isWythoffTable(partial: unknown): partial is WythoffTable {
  return typeof partial === 'object' && partial !== null && 'col' in partial && partial.col instanceof Int32Array;
}
