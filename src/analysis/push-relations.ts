/**
 * Seed push-the-button, Proposition 2.1.4, as checks on a finite set of positions closed under options
 * (a box of heaps): each part returns whether its hypothesis holds there and, if so, whether its
 * conclusion does, with the first position where the conclusion fails.
 */
import { Misere, PushCompound } from '../core/compounds.js';
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';

export interface RelationCheck {
  hypothesis: boolean;
  /** Undefined when the hypothesis fails (nothing to check). */
  conclusion?: boolean;
  counterexample?: string;
}

interface Sets {
  /** Outcome P of R1 ⊙ R2, R1, R2 and R1 under misère, and whether R1 has no move, per position. */
  push: boolean[];
  p1: boolean[];
  p2: boolean[];
  p1Misere: boolean[];
  terminal1: boolean[];
}

function outcomes<P>(r1: Ruleset<P>, r2: Ruleset<P>, positions: readonly P[]): Sets {
  const solver = new Solver();
  const push = new PushCompound([r1, r2]);
  const mis = new Misere(r1);
  return {
    push: positions.map((g) => solver.outcome(push, { phase: 0, g }) === 'P'),
    p1: positions.map((g) => solver.outcome(r1, g) === 'P'),
    p2: positions.map((g) => solver.outcome(r2, g) === 'P'),
    p1Misere: positions.map((g) => solver.outcome(mis, g) === 'P'),
    terminal1: positions.map((g) => r1.options(g).length === 0),
  };
}

function firstDifference<P>(r1: Ruleset<P>, positions: readonly P[], a: boolean[], b: boolean[]): RelationCheck {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i < 0 ? { hypothesis: true, conclusion: true } : { hypothesis: true, conclusion: false, counterexample: r1.domain.format(positions[i]!) };
}

/**
 * The three parts of Proposition 2.1.4 for R1 ⊙ R2 on `positions`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function checkPushRelations<P>(r1: Ruleset<P>, r2: Ruleset<P>, positions: readonly P[]): { i: RelationCheck; ii: RelationCheck; iii: RelationCheck } {
  const s = outcomes(r1, r2, positions);
  // (i) o_R2(g) = P implies o_{R1⊙R2}(g) = N: no hypothesis beyond the position itself.
  const bad = positions.findIndex((_, k) => s.p2[k] && s.push[k]);
  const i: RelationCheck = bad < 0 ? { hypothesis: true, conclusion: true } : { hypothesis: true, conclusion: false, counterexample: r1.domain.format(positions[bad]!) };
  // (ii) P1 ∩ P2 = ∅ implies P_{R1⊙R2} = P1.
  const disjoint = !positions.some((_, k) => s.p1[k] && s.p2[k]);
  const ii = disjoint ? firstDifference(r1, positions, s.push, s.p1) : { hypothesis: false };
  // (iii) P1^- ∩ P2 = ∅ and every terminal position of R1 in P2 imply P_{R1⊙R2} = P1^-.
  const hyp3 = !positions.some((_, k) => (s.p1Misere[k] && s.p2[k]) || (s.terminal1[k] && !s.p2[k]));
  const iii = hyp3 ? firstDifference(r1, positions, s.push, s.p1Misere) : { hypothesis: false };
  return { i, ii, iii };
}

/** All heap positions of [0, max]^heaps, closed under the moves of any take-away game. */
export function heapBox(heaps: number, max: number): number[][] {
  const out: number[][] = [[]];
  for (let k = 0; k < heaps; k++) {
    const next: number[][] = [];
    for (const p of out) for (let v = 0; v <= max; v++) next.push([...p, v]);
    out.splice(0, out.length, ...next);
  }
  return out;
}
