/**
 * WYTHOFF (push-the-button, Definition 3.1.2) and its extensions by extra moves: `wythoff+K,L` adds
 * (K,L) and (L,K); MAHARAJA NIM is wythoff+1,2 (maharaja-nim, section 1).
 */
import type { Capabilities, FamilyData, Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';
import { rayCapabilities, wythoffRays } from './rays.js';
import { WythoffValues } from './wythoff-values.js';
import type { Stop } from '../../core/stop.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export type MovePair = readonly [number, number];

/**
 * WYTHOFF (spec `wythoff`; push-the-button, Definition 3.1.2) and its extensions by extra moves:
 * `wythoff+K,L` adds (K,L) and (L,K); MAHARAJA NIM is `wythoff+1,2` (maharaja-nim, section 1).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class WythoffFamily implements Ruleset<Heaps> {
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly heapCount = 2;
  /**
   * The 2-heap ray kernel (also for its push chains and misère form), the extra moves the Wythoff
   * analyses read (the column table of maharaja-nim, bit strings, dictionaries, the telescope), and the
   * Grundy values of a table on [0, N]^2 (wythoff-values.ts) for the solver.
   */
  readonly capabilities: Capabilities;
  readonly family: FamilyData;

  /** `extraMoves`: pairs (k,l); both (k,l) and (l,k) are moves. */
  constructor(
    readonly extraMoves: readonly MovePair[] = [],
    readonly name = extraMoves.length === 0 ? 'wythoff' : `wythoff+${extraMoves.map((m) => m.join(',')).join(',')}`,
  ) {
    const values = new WythoffValues(extraMoves);
    this.capabilities = { ...rayCapabilities(wythoffRays(extraMoves)), grundyOf: ([x, y]: Heaps, signal?: Stop) => values.valueOf(x!, y!, signal) };
    this.family = { kind: 'wythoff', extraMoves };
  }

  validate(p: Heaps): string | undefined {
    return p.length === 2 ? undefined : `${this.name} is played on 2 heaps, not ${p.length}`;
  }

  options([a, b]: Heaps): Heaps[] {
    const out: Heaps[] = [];
    for (let t = 0; t < a!; t++) out.push([t, b!]);
    for (let t = 0; t < b!; t++) out.push([a!, t]);
    for (let k = 1; k <= Math.min(a!, b!); k++) out.push([a! - k, b! - k]);
    for (const [k, l] of this.extraMoves) {
      if (a! >= k && b! >= l) out.push([a! - k, b! - l]);
      if (k !== l && a! >= l && b! >= k) out.push([a! - l, b! - k]);
    }
    return out;
  }
}
