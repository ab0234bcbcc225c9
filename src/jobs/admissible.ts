/** The `admissible` job: whether a set of P-positions is 1-admissible, by one of three methods. */
import { job } from '../core/jobs.js';
import { count, fields, oneOf, text } from './check.js';

/** What `admissible` keeps after a stop: how far the witness search got, and a witness if one was met. */
export interface KeptAdmissibility {
  /** Cells of the box [0, bound]^n checked, in lexicographic order (bounded and n-letter periodic methods). */
  checkedCells?: number;
  /** Every position of [0, checkedUpTo]^2 was checked (2-letter periodic method). */
  checkedUpTo?: number;
  /** A position not in P with no admissible move to P: P is not 1-admissible (maybe not the least witness). */
  witness?: number[];
}

export type AdmissibilityArgs = {
  text: string;
  method?: 'logic' | 'periodic' | 'bounded';
  max?: number;
  differenceMax?: number;
  heaps?: number;
  maxSubsets?: number;
  checkpoint?: string;
  /** The layer passes' subset stores: a byte budget, and the folder they spill to past it. */
  maxBytes?: number;
  spillDir?: string;
};

const METHODS = ['logic', 'periodic', 'bounded'] as const;

/**
 * The explorer's admissibility panel: the set `text` (required), `method`, the box `max`, `heaps`; no
 * checkpoint or spill folder (the page writes no files) and no raised caps. The set is read in the worker.
 */
function checkAdmissible(body: unknown): AdmissibilityArgs {
  const b = fields(body, ['text', 'method', 'max', 'heaps']);
  const method = oneOf(b, 'method', METHODS);
  const max = count(b, 'max', 'optional');
  const heaps = count(b, 'heaps', 'optional');
  return {
    text: text(b, 'text').trim(),
    ...(method === undefined ? {} : { method }),
    ...(max === undefined ? {} : { max }),
    ...(heaps === undefined ? {} : { heaps }),
  };
}

/** `sprague admissible`: the verdict. */
export const admissibleJob = job({
  check: checkAdmissible,
  async run(args: AdmissibilityArgs, ctx) {
    const { admissible, logicAdmissibility, parseSetSpec } = await import('../invariance/admissible.js');
    if (args.method === 'logic') {
      // One cap for the user: a larger subset cap lifts the NFA cap (admissibilityNfaStates) with it (G_3's NFAs reach 45 M).
      const { limitDefault } = await import('../core/limits.js');
      const caps = args.maxSubsets === undefined ? {} : { maxSubsets: args.maxSubsets, maxNfaStates: Math.max(limitDefault('admissibilityNfaStates'), args.maxSubsets) };
      const { DirectoryStages } = await import('../logic/checkpoint.js');
      const checkpoint = args.checkpoint === undefined ? {} : { checkpoint: new DirectoryStages(args.checkpoint, { set: args.text, method: 'logic' }) };
      const store = { ...(args.maxBytes === undefined ? {} : { maxBytes: args.maxBytes }), ...(args.spillDir === undefined ? {} : { spillDir: args.spillDir }) };
      return logicAdmissibility(args.text, { signal: ctx.signal, ...caps, ...checkpoint, ...store });
    }
    return admissible(parseSetSpec(args.text, args.heaps), {
      signal: ctx.signal,
      onProgress: ctx.onProgress,
      ...(args.method === undefined ? {} : { method: args.method }),
      ...(args.max === undefined ? {} : { max: args.max }),
      ...(args.differenceMax === undefined ? {} : { differenceMax: args.differenceMax }),
    });
  },
  keep: keptAdmissibility,
});

/** Reads the witness searches' InterruptedError ({checked, witness} in a box, {checkedUpTo} on two heaps). */
export function keptAdmissibility(partial: unknown): KeptAdmissibility | undefined {
  if (typeof partial !== 'object' || partial === null) return undefined;
  const p = partial as { checked?: unknown; checkedUpTo?: unknown; witness?: unknown };
  const kept: KeptAdmissibility = {
    ...(typeof p.checked === 'number' ? { checkedCells: p.checked } : {}),
    ...(typeof p.checkedUpTo === 'number' && p.checkedUpTo >= 0 ? { checkedUpTo: p.checkedUpTo } : {}),
    ...(Array.isArray(p.witness) ? { witness: p.witness as number[] } : {}),
  };
  // Stopped before the witness search (while P or its differences were tabulated): nothing decided.
  return Object.keys(kept).length > 0 ? kept : undefined;
}
