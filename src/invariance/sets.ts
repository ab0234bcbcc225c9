/**
 * Subsets P of N^n in the forms issue 8 asks for: a finite list, a predicate, the set P_w of an infinite
 * word (Definition 34), or the P-positions of a take-away game. Each can be cut to a box as a bitmap.
 */
import { InputError } from '../core/errors.js';
import type { Heaps, Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';
import type { InfiniteWord } from '../words/word.js';
import { pwInBox } from '../words/pw.js';
import { Box } from './box.js';
import { type BoxSolveOptions, type MoveMap, moveMapOfRuleset, pPositionsInBox } from './game.js';
import { pPositions } from '../analysis/ppositions.js';

export type PositionSet =
  | { readonly kind: 'points'; readonly dimension: number; readonly points: readonly (readonly number[])[] }
  | { readonly kind: 'predicate'; readonly dimension: number; has(p: readonly number[]): boolean }
  | { readonly kind: 'word'; readonly word: InfiniteWord }
  | { readonly kind: 'game'; readonly game: MoveMap }
  /** P(G) of any heap ruleset on `dimension` heaps (take-away or not). */
  | { readonly kind: 'ruleset'; readonly ruleset: Ruleset<Heaps>; readonly dimension: number };

export function dimensionOf(set: PositionSet): number {
  switch (set.kind) {
    case 'points':
    case 'predicate':
    case 'ruleset':
      return set.dimension;
    case 'word':
      return set.word.alphabetSize;
    case 'game':
      return set.game.dimension;
  }
}

/** P ∩ [0,max]^n as a bitmap in the packing of `Box`. */
export function setInBox(set: PositionSet, max: number, options: BoxSolveOptions = {}): Uint8Array {
  const box = new Box(dimensionOf(set), max);
  switch (set.kind) {
    case 'points': {
      const member = new Uint8Array(box.cells);
      for (const p of set.points) {
        if (p.length !== box.dimension || p.some((x) => !Number.isInteger(x) || x < 0)) {
          throw new InputError(`(${p.join(',')}) is not a point of N^${box.dimension}`);
        }
        if (box.contains(p)) member[box.index(p)] = 1;
      }
      return member;
    }
    case 'predicate': {
      const member = new Uint8Array(box.cells);
      for (let idx = 0; idx < box.cells; idx++) if (set.has(box.point(idx))) member[idx] = 1;
      return member;
    }
    case 'word':
      return pwInBox(set.word, max);
    case 'game':
      return pPositionsInBox(set.game, max, options);
    case 'ruleset':
      return rulesetPPositions(set.ruleset, box, options);
  }
}

/**
 * P-positions of a heap ruleset in the box: on 2 or 3 heaps by the fastest table the ruleset admits
 * (Wythoff-family columns, ray and invariant kernels, ...); otherwise one pass in packed order when its
 * moves take tokens away (every option is smaller), else the memoised solver position by position.
 */
function rulesetPPositions(rs: Ruleset<Heaps>, box: Box, options: BoxSolveOptions): Uint8Array {
  if (box.dimension === 2 || box.dimension === 3) {
    const member = new Uint8Array(box.cells);
    const { positions } = pPositions(rs, box.dimension, box.max, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    for (const p of positions) member[box.index(p)] = 1;
    return member;
  }
  try {
    return pPositionsInBox(moveMapOfRuleset(rs, box.dimension), box.max, options);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
  }
  const solver = new Solver(options.signal ? { signal: options.signal } : {});
  const member = new Uint8Array(box.cells);
  for (let idx = 0; idx < box.cells; idx++) {
    if ((idx & 1023) === 0) options.onProgress?.(idx, box.cells);
    if (solver.outcome(rs, box.point(idx)) === 'P') member[idx] = 1;
  }
  return member;
}
