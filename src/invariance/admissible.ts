/**
 * `sprague admissible`: is a set P ⊆ N^n 1-admissible (deciding-game-invariance, Definition 9)? The
 * set is a game spec (its P-positions), `periodic:V` or `morphic:RULES` (P_w, Definition 34); the method
 * is `bounded` (any set, a box), `periodic` (v^ω, section 6.1) or `logic` (Theorem 23: the first-order
 * engine decides it for all of N^n, for sets it can express).
 */
import { InputError } from '../core/errors.js';
import type { Heaps, Ruleset } from '../core/ruleset.js';
import { parseSpec } from '../spec/index.js';
import { Morphism, fixedPoint } from '../words/morphism.js';
import { parseDigitWord, periodicWord } from '../words/word.js';
import { type Admissibility, boundedAdmissibility } from './bounded.js';
import { type PeriodicAdmissibility, periodicAdmissibility } from './periodic.js';
import { isBalanced } from './periodic-nary.js';
import { admissibleDirect, type DirectOptions } from '../logic/admissibility.js';
import { logicSetOf } from '../logic/games.js';
import { type PositionSet, dimensionOf } from './sets.js';
import type { Stop } from '../core/stop.js';

export type AdmissibilityMethod = 'bounded' | 'periodic' | 'logic';

export interface SetSpec {
  set: PositionSet;
  /** The period v when the set is `periodic:V`. */
  period?: Uint8Array;
  /** How the set was given, for people. */
  description: string;
  /** The text it was read from. */
  text: string;
}

/** The verdict of the logic method: decided for every position, no box. */
export interface LogicVerdict {
  admissible: boolean;
  method: 'logic';
  bound: null;
  differenceBound: null;
  witness?: number[];
  certified: true;
  /**
   * State counts: P, P - P (minimal; 0 when the layer passes left no candidate, so it was not
   * needed), `nearDifferences`, P - P among the moves with a small coordinate (the only moves the
   * layer passes try), E(p, q) = the moves from p to q in P outside P - P (minimal),
   * and `bad`, the (state, subset) pairs the search for a position breaking admissibility visited
   * (both 0 when the passes before the search left no candidate); `layers`, the minimal automaton of
   * the candidates after each layer pass over the chains of P, then after the move to 0 (1 state =
   * none left).
   */
  states: { p: number; differences: number; nearDifferences?: number; moves: number; bad: number; layers?: number[] };
  /** With --checkpoint: the stages read back from the checkpoint directory instead of built. */
  resumed?: string[];
}

/**
 * Reads SPEC_OR_SET: `periodic:V` (V over the digits 1..n), `morphic:RULES` (the fixed point from 1),
 * or a game spec whose P-positions form the set, on `heaps` heaps (default: the game's own count, else 2).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseSetSpec(text: string, heaps?: number): SetSpec {
  if (text.startsWith('periodic:')) {
    const period = parseDigitWord(text.slice('periodic:'.length), 'the period in periodic:V');
    const word = periodicWord(period);
    return { set: { kind: 'word', word }, period, description: `P_w for w = ${word.description}`, text };
  }
  if (text.startsWith('morphic:')) {
    const word = fixedPoint(Morphism.parse(text.slice('morphic:'.length)));
    return { set: { kind: 'word', word }, description: `P_w for w = ${word.description}`, text };
  }
  const rs = parseSpec(text) as Ruleset<Heaps>;
  if (rs.domain.kind !== 'heaps') throw new InputError(`admissibility concerns heap games; ${rs.name} is played on ${rs.domain.kind}`);
  if (rs.convention !== 'normal') throw new InputError(`${rs.name} is a misère game: admissibility is about normal-play P-positions`);
  const dimension = heaps ?? rs.heapCount ?? 2;
  if (rs.heapCount !== undefined && dimension !== rs.heapCount) {
    throw new InputError(`${rs.name} is played on ${rs.heapCount} heaps, not ${dimension}`);
  }
  if (dimension < 1) throw new InputError('a heap game needs at least one heap');
  return { set: { kind: 'ruleset', ruleset: rs, dimension }, description: `the P-positions of ${rs.name} on ${dimension} heaps`, text };
}

export interface AdmissibleOptions {
  method?: AdmissibilityMethod;
  /** Box bound of the bounded method; default 64 on 2 heaps, 16 on 3, 8 beyond. */
  max?: number;
  differenceMax?: number;
  signal?: Stop;
  onProgress?: (done: number, total: number) => void;
}

export function defaultBound(dimension: number): number {
  return dimension <= 2 ? 64 : dimension === 3 ? 16 : 8;
}

/**
 * Decides (periodic) or checks in a box (bounded) the 1-admissibility of the set.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function admissible(spec: SetSpec, options: AdmissibleOptions = {}): Admissibility | PeriodicAdmissibility | LogicVerdict {
  const periodicFits = spec.period !== undefined && (dimensionOf(spec.set) === 2 || isBalanced(spec.period));
  const method = options.method ?? (periodicFits ? 'periodic' : 'bounded');
  if (method === 'logic') return logicAdmissibility(spec.text, options.signal ? { signal: options.signal } : {});
  if (method === 'periodic') {
    if (!spec.period) throw new InputError(`the periodic method needs a set periodic:V, not ${spec.description}`);
    return periodicAdmissibility(spec.period, { ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  }
  const max = options.max ?? defaultBound(dimensionOf(spec.set));
  return boundedAdmissibility(spec.set, {
    max,
    ...(options.differenceMax === undefined ? {} : { differenceMax: options.differenceMax }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}

/**
 * Theorem 23: 1-admissibility as a first-order sentence over the set's numeration system, decided
 * (by admissibleDirect: the sentence's two quantifications as projections, see
 * logic/admissibility.ts). The set is named as the logic engine knows it (wythoff, tribonacci,
 * raleigh, fraenkel:S,T, gtrib:S, periodic:V, morphic:RULES).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function logicAdmissibility(text: string, options: DirectOptions = {}): LogicVerdict {
  const r = admissibleDirect(logicSetOf(text), options);
  return {
    admissible: r.admissible,
    method: 'logic',
    bound: null,
    differenceBound: null,
    ...(r.witness ? { witness: r.witness.map(Number) } : {}),
    certified: true,
    states: {
      p: r.states.p,
      differences: r.states.differences,
      ...(r.states.near ? { nearDifferences: r.states.near.states } : {}),
      moves: r.states.moves,
      bad: r.states.badSearch,
      ...(r.states.layerStuck ? { layers: r.states.layerStuck } : {}),
    },
    ...(r.resumed ? { resumed: r.resumed } : {}),
  };
}
