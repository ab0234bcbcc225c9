/** The `ppositions` job: the P-positions of a box; a stop keeps those known final. */
import { job } from '../core/jobs.js';
import type { TablePrefix } from '../analysis/heap-tables.js';
import { isWythoffTable } from './wythoff.js';

/** What `ppositions` keeps after a stop or a limit. */
export interface KeptPPositions {
  /** The kept P-positions, flattened (heaps numbers each), in lexicographic order. */
  coords: Int32Array;
  /**
   * 'box': every P-position of the smaller box [0, upTo]^heaps (the columns the Wythoff kernel finished);
   * 'prefix': the first P-positions of [0, max]^heaps in lexicographic order (the solver's, or a table
   *   kernel's cells finished);
   * 'none': the kernel stopped before any cell was final (e.g. a push compound inside its after-button table).
   */
  kind: 'box' | 'prefix' | 'none';
  upTo?: number;
}

/** `sprague ppositions`: the P-positions of [0, max]^heaps, flat (a listing of millions is one array). */
export const ppositionsJob = job({
  async run(args: { spec: string; heaps: number; max: number; maxDepth?: number }, ctx) {
    const [{ pPositionCoords }, { parseSpec }] = await Promise.all([import('../analysis/ppositions.js'), import('../spec/index.js')]);
    const ruleset = parseSpec(args.spec, { allowUnboundedRewriting: args.maxDepth !== undefined });
    return pPositionCoords(ruleset, args.heaps, args.max, {
      signal: ctx.signal,
      onProgress: ctx.onProgress,
      ...(args.maxDepth === undefined ? {} : { maxDepth: args.maxDepth }),
    });
  },
  keep: (partial, args): KeptPPositions => keptPPositions(partial, args.heaps),
});

function flatten(positions: readonly number[][], heaps: number): Int32Array {
  const out = new Int32Array(positions.length * heaps);
  positions.forEach((p, i) => out.set(p, i * heaps));
  return out;
}

/**
 * Reads what the P-position kernels leave in their InterruptedError: the Wythoff-family column table
 * (the P-positions of the finished columns' square) or the solver's list (a lexicographic prefix). The other
 * tables come back half done (an inner table of a push compound, or the upper triangle only), so they give
 * nothing here rather than something wrong.
 */
export function keptPPositions(partial: unknown, heaps: number): KeptPPositions {
  // Stopped while the finished table was listed: the P-positions listed so far.
  if (typeof partial === 'object' && partial !== null && (partial as { prefix?: unknown }).prefix instanceof Int32Array) {
    return { kind: 'prefix', coords: (partial as { prefix: Int32Array }).prefix };
  }
  if (Array.isArray(partial) && partial.every((p) => Array.isArray(p) && p.length === heaps)) {
    return { kind: 'prefix', coords: flatten(partial as number[][], heaps) };
  }
  if (isTablePrefix(partial)) {
    if (partial.done === 0) return { kind: 'none', coords: new Int32Array(0) };
    return { kind: 'prefix', coords: partial.table.pCoords(partial.done) };
  }
  if (heaps === 2 && isWythoffTable(partial)) {
    const col = partial.col;
    let count = 0;
    for (let x = 0; x < col.length; x++) if (col[x]! >= 0) count++;
    const coords = new Int32Array(2 * count);
    for (let x = 0, k = 0; x < col.length; x++) {
      if (col[x]! >= 0) {
        coords[k++] = x;
        coords[k++] = col[x]!;
      }
    }
    return { kind: 'box', upTo: col.length - 1, coords };
  }
  return { kind: 'none', coords: new Int32Array(0) };
}

/** The partial of a stopped table kernel (heap-tables.ts): the cells below `done` are final. */
function isTablePrefix(partial: unknown): partial is TablePrefix {
  return typeof partial === 'object' && partial !== null && 'done' in partial && typeof partial.done === 'number' && 'table' in partial;
}
