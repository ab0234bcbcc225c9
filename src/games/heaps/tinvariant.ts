/**
 * t-invariant games (deciding-game-invariance, Definition 3, after Fraenkel–Larsson): the positions are
 * partitioned into t classes S_1..S_t and a position of S_j has the moves of the invariant move set I_j.
 * G_EVEN (Example 4) is 2-invariant; the game H' of Remark 8 is 2-invariant with the same P-positions
 * as WYTHOFF.
 */
import type { Capabilities, Heaps, Ruleset } from '../../core/ruleset.js';
import { orderedHeapsDomain } from '../../core/positions.js';
import { InvariantGame, type MoveVector } from './invariant.js';
import { invariantCapabilities } from './invariant-table.js';

/**
 * A t-invariant game (spec `tinvariant:...`; deciding-game-invariance, Definition 3): a position of class
 * S_j has the moves of the invariant move set I_j.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class TInvariantGame implements Ruleset<Heaps> {
  readonly domain = orderedHeapsDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  /** classes[j] plays the moves of I_j; undefined when I_j is empty. */
  private readonly classes: (InvariantGame | undefined)[];
  readonly capabilities: Capabilities = invariantCapabilities(this);

  /**
   * `partition(p)` = j, the class S_j of p (0-based); `moveSets[j]` = I_j as move vectors in the
   * grammar of `invariant:` (numbers, `*`, `=`).
   */
  constructor(
    readonly heapCount: number,
    readonly partition: (p: Heaps) => number,
    readonly moveSets: readonly (readonly MoveVector[])[],
    readonly name: string,
  ) {
    for (const set of moveSets) for (const m of set) if (m.length !== heapCount) throw new RangeError(`every move of ${name} has ${heapCount} coordinates`);
    this.classes = moveSets.map((set) => (set.length === 0 ? undefined : new InvariantGame(set)));
  }

  validate(p: Heaps): string | undefined {
    return p.length === this.heapCount ? undefined : `${this.name} is played on ${this.heapCount} heaps, not ${p.length}`;
  }

  options(p: Heaps): Heaps[] {
    const j = this.partition(p);
    if (!(j >= 0 && j < this.classes.length)) throw new RangeError(`${this.name}: position ${p.join(',')} is in no class`);
    return this.classes[j]?.options(p) ?? [];
  }
}

const WYTHOFF_MOVES: MoveVector[] = [['*', 0], [0, '*'], ['=', '=']];

/**
 * G_EVEN (deciding-game-invariance, Example 4): (i,0) moves when x + y is even, (i,i) moves when odd.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function gEven(): TInvariantGame {
  return new TInvariantGame(2, ([x, y]) => (x! + y!) & 1, [[['*', 0]], [['=', '=']]], 'geven');
}

/**
 * H (deciding-game-invariance, Remark 8): WYTHOFF plus the moves (3,1), (5,1), (6,1); invariant, with exactly Wythoff's P-positions.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function invariantWythoffTwin(): InvariantGame {
  return new InvariantGame([...WYTHOFF_MOVES, [3, 1], [5, 1], [6, 1]]);
}

/**
 * H' (deciding-game-invariance, Remark 8): WYTHOFF plus (5,1), (6,1) when x is even, (1,3), (1,5) when odd; 2-invariant, with exactly Wythoff's P-positions.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function twoInvariantWythoffTwin(): TInvariantGame {
  return new TInvariantGame(2, ([x]) => x! & 1, [[...WYTHOFF_MOVES, [5, 1], [6, 1]], [...WYTHOFF_MOVES, [1, 3], [1, 5]]], 'hprime');
}

/**
 * The positions p with (sum of coefficients[i] · p[i]) mod modulus = residue.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ResidueCondition {
  readonly coefficients: readonly number[];
  readonly modulus: number;
  readonly residue: number;
}

/**
 * A class S_j given by residue conditions (all must hold), or 'else' (every position of no other class).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ResidueClass {
  readonly conditions: readonly ResidueCondition[] | 'else';
  readonly moves: readonly MoveVector[];
}

/**
 * Why residue classes fail to partition N^n (Definition 3 needs a partition), with a witness position.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export type PartitionDefect = { kind: 'overlap'; first: number; second: number; witness: number[] } | { kind: 'uncovered'; witness: number[] };

/** Most cells of the period box [0,L)^n that a residue partition may need to check and tabulate. */
export const RESIDUE_BOX_LIMIT = 1 << 20;

function lcm(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return (a / x) * b;
}

function holds(c: ResidueCondition, p: readonly number[]): boolean {
  let s = 0;
  for (let i = 0; i < c.coefficients.length; i++) s = (s + c.coefficients[i]! * p[i]!) % c.modulus;
  return ((s % c.modulus) + c.modulus) % c.modulus === c.residue;
}

/**
 * The class of every position of the period box [0,L)^n, L the lcm of the moduli: residue conditions
 * depend on p only modulo L in each coordinate, so this box decides the whole partition. Returns the
 * table (index sum p_i·L^i) or the first defect found. Throws RangeError when L^n exceeds the limit.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function residuePartitionTable(heapCount: number, classes: readonly ResidueClass[]): { period: number; table: Int32Array } | PartitionDefect {
  let L = 1;
  for (const c of classes) if (c.conditions !== 'else') for (const cond of c.conditions) L = lcm(L, cond.modulus);
  if (L ** heapCount > RESIDUE_BOX_LIMIT) throw new RangeError(`the residue classes repeat only every ${L} in each of ${heapCount} coordinates: more than ${RESIDUE_BOX_LIMIT} cells to check`);
  const cells = L ** heapCount;
  const table = new Int32Array(cells);
  const elseClass = classes.findIndex((c) => c.conditions === 'else');
  const p = new Array<number>(heapCount).fill(0);
  for (let idx = 0; idx < cells; idx++) {
    for (let i = 0, r = idx; i < heapCount; i++, r = Math.floor(r / L)) p[i] = r % L;
    let found = -1;
    for (let j = 0; j < classes.length; j++) {
      const conds = classes[j]!.conditions;
      if (conds === 'else' || !conds.every((c) => holds(c, p))) continue;
      if (found >= 0) return { kind: 'overlap', first: found, second: j, witness: [...p] };
      found = j;
    }
    if (found < 0) found = elseClass;
    if (found < 0) return { kind: 'uncovered', witness: [...p] };
    table[idx] = found;
  }
  return { period: L, table };
}

/**
 * A t-invariant game (deciding-game-invariance, Definition 3) whose partition is given by residues of
 * linear forms in the coordinates, the practical case of G_EVEN (x + y mod 2) and H' (x mod 2).
 * Throws RangeError when the classes do not partition N^n.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function residueTInvariantGame(heapCount: number, classes: readonly ResidueClass[], name: string): TInvariantGame {
  const box = residuePartitionTable(heapCount, classes);
  if ('kind' in box) {
    throw new RangeError(
      box.kind === 'overlap'
        ? `classes ${box.first + 1} and ${box.second + 1} overlap at (${box.witness.join(',')})`
        : `(${box.witness.join(',')}) is in no class`,
    );
  }
  const { period: L, table } = box;
  const partition = (p: Heaps): number => {
    let idx = 0;
    for (let i = heapCount - 1; i >= 0; i--) idx = idx * L + (p[i]! % L);
    return table[idx]!;
  };
  return new TInvariantGame(heapCount, partition, classes.map((c) => c.moves), name);
}
