/** P-positions of heap games in a box, by the plain solver. */
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';

export interface BoxOptions {
  maxDepth?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called with each P-position, in lexicographic order. */
  onPosition?: (coords: number[]) => void;
  signal?: AbortSignal;
}

/** Every P-position with `heaps` coordinates in [0, max], in lexicographic order. */
export function pPositionsInBox(rs: Ruleset<any>, heaps: number, max: number, options: BoxOptions = {}): number[][] {
  const solver = new Solver({ ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }), ...(options.signal ? { signal: options.signal } : {}) });
  const out: number[][] = [];
  const total = (max + 1) ** heaps;
  const coords = new Array<number>(heaps).fill(0);
  for (let i = 0; i < total; i++) {
    let r = i;
    for (let k = heaps - 1; k >= 0; k--) {
      coords[k] = r % (max + 1);
      r = Math.floor(r / (max + 1));
    }
    if (solver.outcome(rs, rs.domain.parse(coords.join(','))) === 'P') {
      const p = [...coords];
      out.push(p);
      options.onPosition?.(p);
    }
    if (options.onProgress && (i & 4095) === 0) options.onProgress(i, total);
  }
  return out;
}
