/**
 * How P is laid out, which decides the route of the direct admissibility engine: whether it is closed
 * under permuting coordinates, then its sorted elements, and when those form a chain, the successor
 * in it (src/logic/chains.ts).
 */
import type { Dfa } from '../../automata/dfa.js';
import { minimise } from '../../automata/minimise.js';
import { counterexample, product } from '../../automata/ops.js';
import type { NumerationSystem } from '../../numeration/system.js';
import { chainSuccessor } from '../chains.js';
import { permuteTracks, permutationsOf, sortedTuples } from '../tuple-automata.js';
import type { DirectOptions } from './options.js';

export interface Shape {
  /** The permutations of the coordinates other than the identity. */
  perms: number[][];
  /** Whether P equals each of its coordinate permutations (checked on the automaton). */
  symmetric: boolean;
  /** When symmetric: the sorted elements of P. */
  sorted: Dfa | undefined;
  /** When the sorted elements form a chain: Next(t, u) over pair letters (chainSuccessor). */
  next: Dfa | undefined;
}

export function shapeOf(P: Dfa, sys: NumerationSystem, n: number, options: DirectOptions): Shape {
  const b = sys.base;
  const perms = permutationsOf(n).filter((perm) => perm.some((c, i) => c !== i));
  const symmetric = n > 1 && perms.every((perm) => counterexample(P, permuteTracks(P, b, n, perm)) === undefined);
  if (!symmetric) return { perms, symmetric, sorted: undefined, next: undefined };
  const sorted = minimise(product(P, sortedTuples(b, n), (x, y) => (x !== 0 && y !== 0 ? 1 : 0)));
  return { perms, symmetric, sorted, next: chainSuccessor(sorted, sys, n, options) };
}
