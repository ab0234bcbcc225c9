/**
 * The options of the direct admissibility engine (src/logic/admissibility.ts) and the limits each of
 * its stages passes to the automata kernels.
 */
import type { Dfa } from '../../automata/dfa.js';
import type { Grain } from '../../automata/subset-store.js';
import { limitDefault } from '../../core/limits.js';
import type { Stop } from '../../core/stop.js';

export interface DirectOptions {
  /**
   * Most states of either NFA (default: admissibilityNfaStates in core/limits.ts, 30 M) and of either
   * subset construction (default: subsets, 5 M).
   */
  maxNfaStates?: number;
  maxSubsets?: number;
  signal?: Stop;
  /**
   * Layer passes before the full search (default 1, 0 = none), when P is symmetric and its sorted
   * elements form a chain: try the moves to the top of each permuted chain below p, then to the next
   * element down, and so on for this many layers, each pass keeping only the candidates still without
   * an admissible move, then the move to 0. Sound whatever the depth; it pays where P - P is large.
   */
  layers?: number;
  /**
   * Most subsets of a layer pass's admissible moves read through the candidates (default:
   * throughCandidates in core/limits.ts, 1 M);
   * past it the pass builds them without the candidates (see stuckOnChosen).
   */
  maxThroughCandidates?: number;
  /**
   * Build the layer passes' automata one digit at a time (src/logic/serial.ts; default true), or over
   * the packed pair letters (false): b letters instead of b^(2n) per table row. G_2 took 8 minutes
   * one digit at a time and 36 over its 729 pair letters; G_3's 4,096 pair letters ran out of memory.
   */
  serialMoves?: boolean;
  /**
   * A layer pass as the union of the candidates stuck through each coordinate (default true, with
   * serialMoves), or as the admissible moves at once (false; the route before, which the tests
   * compare with). See stuckByPieces in passes.ts.
   */
  stuckPieces?: boolean;
  /**
   * Most bytes one subset construction of the layer passes holds (its subsets, their index and
   * flags; default: no budget). Past it the subsets spill to `spillDir`, or, without one, the pass
   * stops with a LimitError ('subsetBytes').
   */
  maxBytes?: number;
  /** A folder for the layer passes' spill files (their transitions always go there when it is given); removed as each pass ends. */
  spillDir?: string;
  /** The subset store's chunk sizes (src/automata/subset-store.ts; small ones in tests, so that small runs spill). */
  storeGrain?: Grain;
  /** Build P - P one digit at a time too (default true), or over the letters (m, i) (false). */
  serialDifferences?: boolean;
  /**
   * Where finished stages are kept (P - P, the candidates after the axis pass and after each layer
   * pass), so that a rerun resumes after the last one: keys name P's automaton and the stage.
   */
  checkpoint?: StageStore;
  /** Told each automaton as it is finished: what it is and its state count (a trace for profiling). */
  log?: (what: string, states: number) => void;
  /** Progress of the current stage: (stage, subsets built, subsets expanded). */
  onProgress?: (stage: 'differences' | 'bad', built: number, expanded: number) => void;
}

/** A key-value store of automata for the stages of a long run (src/logic/checkpoint.ts keeps them in a directory). */
export interface StageStore {
  load(stage: string): Dfa | undefined;
  save(stage: string, dfa: Dfa): void;
}

/** Candidates this few (or fewer, a finite language) are checked one by one: cheaper than more passes or E(p, q). */
export const FEW_CANDIDATES = 20_000;

/** The limits of an NFA exploration (tuple products), named admissibilityNfaStates when hit. */
export function nfaLimits(o: Pick<DirectOptions, 'maxNfaStates' | 'signal'>) {
  return { maxStates: o.maxNfaStates ?? limitDefault('admissibilityNfaStates'), limit: 'admissibilityNfaStates' as const, ...(o.signal ? { signal: o.signal } : {}) };
}

/** The limits of a subset construction, its progress told as `stage`. */
export function subsetLimits(o: Pick<DirectOptions, 'maxSubsets' | 'signal' | 'onProgress'>, stage: 'differences' | 'bad') {
  return {
    maxStates: o.maxSubsets ?? limitDefault('subsets'),
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onProgress ? { onProgress: (built: number, done: number) => o.onProgress!(stage, built, done) } : {}),
  };
}
