/**
 * Seed push-the-button, Proposition 2.1.4, as checks on a finite set of positions closed under options
 * (a box of heaps): each part returns whether its hypothesis holds there and, if so, whether its
 * conclusion does, with the first position where the conclusion fails. The same parts are checked for
 * the variants of the switch (section 6, `push:VARIANT`), beside their own analogues (docs/open-questions.md,
 * "Issue 34, part 3").
 */
import { Misere, PushCompound, PushVariantCompound, type Phased, type PushVariant } from '../core/compounds.js';
import { InputError } from '../core/errors.js';
import type { Ruleset } from '../core/ruleset.js';
import { Solver } from '../core/solver.js';

export interface RelationCheck {
  hypothesis: boolean;
  /** Undefined when the hypothesis fails (nothing to check). */
  conclusion?: boolean;
  counterexample?: string;
}

/**
 * The paper's button (`push`, a move of its own) or one of the variants of section 6.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Switch = 'push' | PushVariant;

/**
 * R1 ⊙ R2 under the switch `sw`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function switchCompound<P>(sw: Switch, r1: Ruleset<P>, r2: Ruleset<P>): Ruleset<Phased<P>> {
  return sw === 'push' ? new PushCompound([r1, r2]) : new PushVariantCompound(sw, [r1, r2]);
}

interface Sets {
  /** Outcome P of R1 ⊙ R2, R1, R2 and R1 under misère, and whether R1 has no move, per position. */
  push: boolean[];
  p1: boolean[];
  p2: boolean[];
  p1Misere: boolean[];
  terminal1: boolean[];
  /** The R1 options of each position, as indices into the set. */
  options1: number[][];
}

function outcomes<P>(r1: Ruleset<P>, r2: Ruleset<P>, positions: readonly P[], sw: Switch): Sets {
  const solver = new Solver();
  const push = switchCompound(sw, r1, r2);
  const mis = new Misere(r1);
  const index = new Map(positions.map((g, k) => [r1.domain.key(g), k]));
  const at = (o: P): number => {
    const k = index.get(r1.domain.key(o));
    if (k === undefined) throw new InputError(`the positions are not closed under the options of ${r1.name}: ${r1.domain.format(o)} is missing`);
    return k;
  };
  return {
    push: positions.map((g) => solver.outcome(push, { phase: 0, g }) === 'P'),
    p1: positions.map((g) => solver.outcome(r1, g) === 'P'),
    p2: positions.map((g) => solver.outcome(r2, g) === 'P'),
    p1Misere: positions.map((g) => solver.outcome(mis, g) === 'P'),
    terminal1: positions.map((g) => r1.options(g).length === 0),
    options1: positions.map((g) => r1.options(g).map(at)),
  };
}

function firstDifference<P>(r1: Ruleset<P>, positions: readonly P[], a: boolean[], b: boolean[]): RelationCheck {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i < 0 ? { hypothesis: true, conclusion: true } : { hypothesis: true, conclusion: false, counterexample: r1.domain.format(positions[i]!) };
}

/** "Wherever `when` holds, R1 ⊙ R2 is N": a sufficient condition for pushing to win. */
function pushWins<P>(r1: Ruleset<P>, positions: readonly P[], s: Sets, when: (k: number) => boolean): RelationCheck {
  const bad = positions.findIndex((_, k) => when(k) && s.push[k]);
  return bad < 0 ? { hypothesis: true, conclusion: true } : { hypothesis: true, conclusion: false, counterexample: r1.domain.format(positions[bad]!) };
}

/**
 * The three parts of Proposition 2.1.4 for R1 ⊙ R2 on `positions`, their statements as the paper gives
 * them, checked for the switch `sw` (the paper's button by default).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function checkPushRelations<P>(r1: Ruleset<P>, r2: Ruleset<P>, positions: readonly P[], sw: Switch = 'push'): { i: RelationCheck; ii: RelationCheck; iii: RelationCheck } {
  return paperParts(r1, positions, outcomes(r1, r2, positions, sw));
}

function paperParts<P>(r1: Ruleset<P>, positions: readonly P[], s: Sets): { i: RelationCheck; ii: RelationCheck; iii: RelationCheck } {
  // (i) o_R2(g) = P implies o_{R1⊙R2}(g) = N: no hypothesis beyond the position itself.
  const i = pushWins(r1, positions, s, (k) => s.p2[k]!);
  // (ii) P1 ∩ P2 = ∅ implies P_{R1⊙R2} = P1.
  const disjoint = !positions.some((_, k) => s.p1[k] && s.p2[k]);
  const ii = disjoint ? firstDifference(r1, positions, s.push, s.p1) : { hypothesis: false };
  // (iii) P1^- ∩ P2 = ∅ and every terminal position of R1 in P2 imply P_{R1⊙R2} = P1^-.
  const hyp3 = !positions.some((_, k) => (s.p1Misere[k] && s.p2[k]) || (s.terminal1[k] && !s.p2[k]));
  const iii = hyp3 ? firstDifference(r1, positions, s.push, s.p1Misere) : { hypothesis: false };
  return { i, ii, iii };
}

/**
 * The analogues of Proposition 2.1.4 for a switch (section 6: "it is possible to get results similar to
 * Proposition 2.1.4"), proved in docs/open-questions.md ("Issue 34, part 3"). With N2 the complement of
 * P2, T1 the positions where R1 has no move and R1(X) the R1 options of the positions in X:
 *
 *   switch  (i) R1 ⊙ R2 is N at g when          (ii) P(R1 ⊙ R2) = P1 when           (iii) P(R1 ⊙ R2) = P1^- when
 *   push    g ∈ P2                               P1 ∩ P2 = ∅                          P1^- ∩ P2 = ∅, T1 ⊆ P2
 *   before  g ∈ N2                               P1 ⊆ P2                              P1^- ⊆ P2, T1 ∩ P2 = ∅
 *   after   R1(g) ∩ P2 ≠ ∅, or g ∈ T1 ∩ N2       R1(P1) ∩ P2 = ∅, T1 ⊆ P2             R1(P1^-) ∩ P2 = ∅, T1 ∩ P2 = ∅
 *   around  g ∈ N2, or R1(g) ∩ P2 ≠ ∅            P1 ⊆ P2, R1(P1) ∩ P2 = ∅             P1^- ⊆ P2, R1(P1^-) ∩ P2 = ∅, T1 ∩ P2 = ∅
 *   nopass  g ∈ P2 \ T1                          P1 ∩ P2 ⊆ T1                         never (T1 is P, not P1^-), unless T1 is empty
 *
 * @remarks Since 0.1.0
 * @public
 */
export function checkSwitchAnalogues<P>(r1: Ruleset<P>, r2: Ruleset<P>, positions: readonly P[], sw: Switch): { i: RelationCheck; ii: RelationCheck; iii: RelationCheck } {
  const s = outcomes(r1, r2, positions, sw);
  const ks = positions.map((_, k) => k);
  const n2 = (k: number) => !s.p2[k];
  const t1 = (k: number) => s.terminal1[k]!;
  const hitsP2 = (k: number) => s.options1[k]!.some((o) => s.p2[o]);
  const holds = (ok: boolean, conclusion: boolean[]): RelationCheck => (ok ? firstDifference(r1, positions, s.push, conclusion) : { hypothesis: false });
  const inP1 = (k: number) => s.p1[k]!;
  const inP1m = (k: number) => s.p1Misere[k]!;
  switch (sw) {
    case 'push':
      return paperParts(r1, positions, s);
    case 'before':
      return {
        i: pushWins(r1, positions, s, n2),
        ii: holds(!ks.some((k) => inP1(k) && n2(k)), s.p1),
        iii: holds(!ks.some((k) => (inP1m(k) && n2(k)) || (t1(k) && !n2(k))), s.p1Misere),
      };
    case 'after':
      return {
        i: pushWins(r1, positions, s, (k) => hitsP2(k) || (t1(k) && n2(k))),
        ii: holds(!ks.some((k) => (inP1(k) && hitsP2(k)) || (t1(k) && n2(k))), s.p1),
        iii: holds(!ks.some((k) => (inP1m(k) && hitsP2(k)) || (t1(k) && !n2(k))), s.p1Misere),
      };
    case 'around':
      return {
        i: pushWins(r1, positions, s, (k) => n2(k) || hitsP2(k)),
        ii: holds(!ks.some((k) => inP1(k) && (n2(k) || hitsP2(k))), s.p1),
        iii: holds(!ks.some((k) => (inP1m(k) && (n2(k) || hitsP2(k))) || (t1(k) && !n2(k))), s.p1Misere),
      };
    case 'nopass':
      return {
        i: pushWins(r1, positions, s, (k) => s.p2[k]! && !t1(k)),
        ii: holds(!ks.some((k) => inP1(k) && s.p2[k] && !t1(k)), s.p1),
        iii: holds(!ks.some(t1), s.p1Misere),
      };
  }
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
