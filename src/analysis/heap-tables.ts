/**
 * Outcome and Grundy tables of 2- and 3-heap games on typed arrays, cell (x, y[, z]) at index
 * (x (N+1) + y) (N+1) + z, filled in lexicographic order: every take-away move lowers the index.
 *
 * - `outcomeTable`: any heap ruleset whose options stay in the box at smaller indices, compounds
 *   included (push: P iff the game after the button is N and no first-ruleset option is P, seed
 *   push-the-button Proposition 2.1.2; misère: P iff there is an option and none is P).
 * - `rayTable2`: NIM, WYTHOFF (+ extra moves), EUCLID and their push chains and misère forms on two heaps
 *   in O(1) per cell (a move along a ray hits a P-position iff the ray's flag is set), on bitsets.
 * - `zeruclidTable`: ZERUCLID on k heaps by index arithmetic.
 * - `invariantTable2`: 2-heap invariant and t-invariant games whose moves are rays or fixed vectors.
 * Fast paths are cross-checked against the general solver in tests.
 */
import { Misere, PushCompound } from '../core/compounds.js';
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import type { Heaps, Ruleset } from '../core/ruleset.js';
import { Euclid } from '../games/heaps/euclid.js';
import { InvariantGame, type MoveVector } from '../games/heaps/invariant.js';
import { TInvariantGame } from '../games/heaps/tinvariant.js';
import { Nim } from '../games/heaps/nim.js';
import { WythoffFamily } from '../games/heaps/wythoff.js';
import { afterPush } from './periodicity.js';

export interface TableOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** P-positions of a box [0, max]^heaps: bit i set iff cell i is a P-position. */
export class PTable {
  readonly bits: Uint32Array;
  readonly side: number;

  constructor(
    readonly heaps: number,
    readonly max: number,
  ) {
    this.side = max + 1;
    const cells = this.side ** heaps;
    // One bit per cell: 2^32 cells is 512 MiB, the most a table may take here.
    if (cells > 2 ** 32) throw new LimitError(`a table of [0,${max}]^${heaps} has ${cells} cells, more than 2^32`, 'tableCells');
    this.bits = new Uint32Array(Math.ceil(cells / 32));
  }

  get cells(): number {
    return this.side ** this.heaps;
  }

  isP(i: number): boolean {
    return (this.bits[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  setP(i: number): void {
    this.bits[i >>> 5]! |= 1 << (i & 31);
  }

  index(coords: readonly number[]): number {
    let i = 0;
    for (const c of coords) i = i * this.side + c;
    return i;
  }

  coords(i: number): number[] {
    const out = new Array<number>(this.heaps);
    for (let k = this.heaps - 1; k >= 0; k--) {
      out[k] = i % this.side;
      i = Math.floor(i / this.side);
    }
    return out;
  }

  /** Every P-position among the cells below `below` (default all), in lexicographic order. */
  *pPositions(below = this.cells): Generator<number[]> {
    const words = Math.ceil(below / 32);
    for (let w = 0; w < words; w++) {
      let word = this.bits[w]!;
      while (word !== 0) {
        const b = 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (w * 32 + b >= below) return;
        yield this.coords(w * 32 + b);
      }
    }
  }

  count(): number {
    let c = 0;
    for (const w of this.bits) {
      let v = w;
      while (v !== 0) {
        v &= v - 1;
        c++;
      }
    }
    return c;
  }
}

/**
 * What a table kernel keeps when stopped: its cells below `done` (lexicographic order) are final.
 * The InterruptedError's partial.
 */
export interface TablePrefix {
  table: PTable;
  done: number;
}

function stopped(table: PTable, done: number): InterruptedError {
  const prefix: TablePrefix = { table, done };
  return new InterruptedError(prefix);
}

/**
 * A stop while the table a compound is played after was built: no cell of the compound is final (the
 * inner table rides along only as a table of the right shape).
 */
function stoppedBefore(e: unknown): unknown {
  return e instanceof InterruptedError ? stopped((e.partial as TablePrefix).table, 0) : e;
}

function checkProgress(i: number, total: number, options: TableOptions, stop: () => InterruptedError): void {
  // Every 65,536 cells: a fraction of a second even where each cell asks the ruleset for its options.
  if ((i & 0xffff) !== 0) return;
  options.onProgress?.(i, total);
  if (options.signal?.aborted) throw stop();
}

/** Thrown inside the generic table when a ruleset's move leaves the box or does not lower the index. */
export class NotTabulable extends Error {}

function optionIndex(t: PTable, o: unknown, i: number): number {
  if (!Array.isArray(o) || o.length !== t.heaps) throw new NotTabulable('an option is not a heap position of the same size');
  let j = 0;
  for (const c of o as Heaps) {
    if (!(c >= 0 && c <= t.max)) throw new NotTabulable('an option leaves the box');
    j = j * t.side + c;
  }
  if (j >= i) throw new NotTabulable('an option does not lower the position');
  return j;
}

/**
 * The P-positions of `rs` in [0, max]^heaps from the rules, one cell at a time. Throws NotTabulable
 * when the ruleset's moves do not fit the scheme (then use the solver).
 */
export function outcomeTable(rs: Ruleset<any>, heaps: number, max: number, options: TableOptions = {}): PTable {
  if (rs instanceof PushCompound && rs.rulesets[0]!.convention === 'normal') {
    let tail: PTable;
    try {
      tail = outcomeTable(afterPush(rs), heaps, max, options);
    } catch (e) {
      throw stoppedBefore(e);
    }
    return phaseTable(rs.rulesets[0]!, heaps, max, options, (i) => !tail.isP(i), false);
  }
  if (rs instanceof Misere) {
    if (rs.inner instanceof PushCompound || rs.inner instanceof Misere) throw new NotTabulable('nested misère compound');
    return phaseTable(rs.inner, heaps, max, options, () => true, true);
  }
  if (!rs.terminating) throw new NotTabulable('the ruleset is not known to terminate');
  for (const c of ['ConjoinedCompound', 'PassCompound', 'DisjunctiveSum']) {
    if (rs.constructor.name === c) throw new NotTabulable(`${c} positions are not heaps`);
  }
  return phaseTable(rs, heaps, max, options, () => true, false);
}

/**
 * Cell i is P iff `allowed(i)` (for a push compound: the game after the button is N there), no option
 * by `rs` is P, and, under misère play, there is an option.
 */
function phaseTable(
  rs: Ruleset<any>,
  heaps: number,
  max: number,
  options: TableOptions,
  allowed: (i: number) => boolean,
  needOption: boolean,
): PTable {
  const t = new PTable(heaps, max);
  const total = t.cells;
  for (let i = 0; i < total; i++) {
    checkProgress(i, total, options, () => stopped(t, i));
    if (!allowed(i)) continue;
    const opts = rs.options(t.coords(i));
    if (needOption && opts.length === 0) continue;
    let p = true;
    for (const o of opts) {
      if (t.isP(optionIndex(t, o, i))) {
        p = false;
        break;
      }
    }
    if (p) t.setP(i);
  }
  return t;
}

/** The moves of a 2-heap base ruleset, as rays the kernel can follow. */
type Base2 = { kind: 'nim' } | { kind: 'wythoff'; extra: Int32Array } | { kind: 'euclid' };

function base2(rs: Ruleset<any>): Base2 | undefined {
  if (rs instanceof Nim) return { kind: 'nim' };
  if (rs instanceof Euclid) return { kind: 'euclid' };
  if (rs instanceof WythoffFamily) {
    const extra = new Int32Array(rs.extraMoves.length * 4);
    rs.extraMoves.forEach(([k, l], i) => extra.set([k, l, l, k], 4 * i));
    return { kind: 'wythoff', extra };
  }
  return undefined;
}

/** Whether `rayTable2` can tabulate `rs`: a chain B1 ⊙ B2 ⊙ ... of NIM/WYTHOFF/EUCLID, the last possibly misère. */
export function hasRayTable(rs: Ruleset<any>): boolean {
  if (base2(rs)) return true;
  if (rs instanceof Misere) return base2(rs.inner) !== undefined;
  if (rs instanceof PushCompound) return base2(rs.rulesets[0]!) !== undefined && hasRayTable(afterPush(rs));
  return false;
}

/**
 * The P-positions of `rs` on [0, max]^2 in O(1) per cell (see `hasRayTable` for which rulesets). All
 * these rulesets are symmetric, so only x <= y is computed and (x, y) with x > y reads (y, x).
 */
export function rayTable2(rs: Ruleset<any>, max: number, options: TableOptions = {}): PTable {
  return rayTableUpper(rs, max, options, true);
}

/** The table of `rs`; with `mirror` false only cells x <= y are filled (enough for a game played after it). */
function rayTableUpper(rs: Ruleset<any>, max: number, options: TableOptions, mirror: boolean): PTable {
  const b = base2(rs);
  if (b) return rayScan(b, max, options, undefined, false, mirror);
  if (rs instanceof Misere) {
    const inner = base2(rs.inner);
    if (inner) return rayScan(inner, max, options, undefined, true, mirror);
  }
  if (rs instanceof PushCompound) {
    const first = base2(rs.rulesets[0]!);
    if (first) {
      let tail: PTable;
      try {
        tail = rayTableUpper(afterPush(rs), max, options, false);
      } catch (e) {
        throw stoppedBefore(e);
      }
      return rayScan(first, max, options, tail, false, mirror);
    }
  }
  throw new InputError(`${rs.name} has no ray table`);
}

function rayScan(b: Base2, max: number, options: TableOptions, tail: PTable | undefined, misere: boolean, mirror: boolean): PTable {
  const t = new PTable(2, max);
  const side = t.side;
  const bits = t.bits;
  const tailBits = tail?.bits;
  const colHas = new Uint8Array(side);
  const diagHas = new Uint8Array(side);
  const residue = new Uint8Array(side);
  const extra = b.kind === 'wythoff' ? b.extra : new Int32Array(0);
  const isP = (x: number, y: number): boolean => {
    const i = x <= y ? x * side + y : y * side + x;
    return (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
  };
  for (let x = 0; x <= max; x++) {
    if (options.signal?.aborted && (x & 63) === 0) {
      // Rows below x are final: their cells (x', y) with y < x' mirror rows y < x.
      if (mirror) mirrorUpper(t, x - 1);
      throw stopped(t, x * side);
    }
    if ((x & 255) === 0) options.onProgress?.(x, side);
    // Row x: (x, y') for y' < x mirror (y', x), already in column x.
    let rowHas = colHas[x]!;
    if (b.kind === 'euclid') residue.fill(0, 0, x);
    // r = y mod x, kept up to date as y grows.
    for (let y = x, r = 0; y <= max; y++, r = r + 1 === x ? 0 : r + 1) {
      const i = x * side + y;
      let hasOption: boolean;
      let hitsP: boolean;
      if (b.kind === 'euclid') {
        if (x === 0) {
          hasOption = y > 0;
          hitsP = y > 0 && (bits[0]! & 1) !== 0;
        } else {
          hasOption = y > x;
          hitsP = y > x && (residue[r] !== 0 || (r > 0 && isP(r, x)));
        }
      } else {
        hasOption = x + y > 0;
        hitsP = rowHas !== 0 || colHas[y] !== 0;
        if (!hitsP && b.kind === 'wythoff') {
          hitsP = diagHas[y - x] !== 0;
          for (let m = 0; !hitsP && m < extra.length; m += 2) {
            const u = x - extra[m]!;
            const v = y - extra[m + 1]!;
            if (u >= 0 && v >= 0 && isP(u, v)) hitsP = true;
          }
        }
      }
      let p = !hitsP && (!misere || hasOption);
      if (p && tailBits && (tailBits[i >>> 5]! & (1 << (i & 31))) !== 0) p = false;
      if (p) {
        bits[i >>> 5]! |= 1 << (i & 31);
        if (b.kind === 'euclid') {
          if (x > 0) residue[r] = 1;
        } else {
          rowHas = 1;
          colHas[y] = 1;
          diagHas[y - x] = 1;
        }
      }
    }
  }
  // Mirror the upper triangle so that the table reads like any other.
  if (mirror) mirrorUpper(t, max);
  return t;
}

/** Rows 1..upTo below the diagonal, copied from the upper triangle. */
function mirrorUpper(t: PTable, upTo: number): void {
  for (let x = 1; x <= upTo; x++) {
    for (let y = 0; y < x; y++) {
      if (t.isP(y * t.side + x)) t.setP(x * t.side + y);
    }
  }
}

/**
 * ZERUCLID (seed push-the-button, Definition 3.0.1) on `heaps` heaps in [0, max]^heaps: remove a positive
 * multiple of the least non-zero heap from one heap.
 */
export function zeruclidTable(heaps: number, max: number, options: TableOptions = {}): PTable {
  const t = new PTable(heaps, max);
  const side = t.side;
  const total = t.cells;
  const stride = new Array<number>(heaps);
  for (let k = heaps - 1, s = 1; k >= 0; k--, s *= side) stride[k] = s;
  const c = new Array<number>(heaps).fill(0);
  for (let i = 0; i < total; i++) {
    checkProgress(i, total, options, () => stopped(t, i));
    if (i > 0) for (let k = heaps - 1; k >= 0 && ++c[k]! > max; k--) c[k] = 0;
    let m = Infinity;
    for (const h of c) if (h > 0 && h < m) m = h;
    let p = true;
    if (m !== Infinity) {
      for (let k = 0; p && k < heaps; k++) {
        for (let r = m, j = i - m * stride[k]!; r <= c[k]!; r += m, j -= m * stride[k]!) {
          if (t.isP(j)) {
            p = false;
            break;
          }
        }
      }
    }
    if (p) t.setP(i);
  }
  return t;
}

/** Grundy values of `rs` on [0, max]^heaps from the rules (same scheme as `outcomeTable`, plain rulesets). */
export function grundyTable(rs: Ruleset<any>, heaps: number, max: number, options: TableOptions = {}): Int32Array {
  if (rs.convention !== 'normal') throw new InputError(`${rs.name} is misère: it has outcomes, not Grundy values, here`);
  const t = new PTable(heaps, max);
  const total = t.cells;
  const G = new Int32Array(total);
  let seen = new Int32Array(64);
  for (let i = 0; i < total; i++) {
    checkProgress(i, total, options, () => new InterruptedError(G.slice(0, i)));
    const opts = rs.options(t.coords(i));
    if (opts.length + 1 > seen.length) seen = new Int32Array(2 * (opts.length + 1));
    const stamp = i + 1;
    for (const o of opts) {
      const v = G[optionIndex(t, o, i)]!;
      if (v < seen.length) seen[v] = stamp;
    }
    let g = 0;
    while (seen[g] === stamp) g++;
    G[i] = g;
  }
  return G;
}

/** A 2-heap move the invariant kernel follows: a ray (x axis, y axis, diagonal) or a fixed vector. */
type Move2 = { ray: 'x' | 'y' | 'diag' } | { dx: number; dy: number };

function moves2(moves: readonly MoveVector[]): Move2[] | undefined {
  const out: Move2[] = [];
  for (const [a, b] of moves) {
    if (a === '*' && b === 0) out.push({ ray: 'x' });
    else if (a === 0 && b === '*') out.push({ ray: 'y' });
    else if (a === '=' && b === '=') out.push({ ray: 'diag' });
    else if (typeof a === 'number' && typeof b === 'number') out.push({ dx: a, dy: b });
    else return undefined;
  }
  return out;
}

/** The move classes of a 2-heap invariant or t-invariant game, when every move is a ray or a fixed vector. */
function invariantClasses(rs: Ruleset<any>): { classOf: (x: number, y: number) => number; classes: Move2[][] } | undefined {
  if (rs instanceof InvariantGame && rs.heapCount === 2) {
    const m = moves2(rs.moves);
    return m && { classOf: () => 0, classes: [m] };
  }
  if (rs instanceof TInvariantGame && rs.heapCount === 2) {
    const classes = rs.moveSets.map(moves2);
    if (classes.some((c) => c === undefined)) return undefined;
    return { classOf: (x, y) => rs.partition([x, y]), classes: classes as Move2[][] };
  }
  return undefined;
}

export function hasInvariantTable(rs: Ruleset<any>): boolean {
  return invariantClasses(rs) !== undefined;
}

/**
 * P-positions of a 2-heap invariant or t-invariant game (deciding-game-invariance, Definitions 2-3) whose
 * moves are rays along an axis or the diagonal, or fixed vectors: O(moves) per cell with one flag per
 * column, row and diagonal. No symmetry is assumed (Remark 8's H is not symmetric).
 */
export function invariantTable2(rs: Ruleset<any>, max: number, options: TableOptions = {}): PTable {
  const spec = invariantClasses(rs);
  if (!spec) throw new InputError(`${rs.name} has moves the invariant kernel cannot follow`);
  const t = new PTable(2, max);
  const side = t.side;
  const colHas = new Uint8Array(side);
  const diagHas = new Uint8Array(2 * side);
  for (let x = 0; x <= max; x++) {
    if (options.signal?.aborted && (x & 63) === 0) throw stopped(t, x * side);
    let rowHas = false;
    for (let y = 0; y <= max; y++) {
      const moves = spec.classes[spec.classOf(x, y)]!;
      let hit = false;
      for (let k = 0; !hit && k < moves.length; k++) {
        const m = moves[k]!;
        if ('ray' in m) hit = m.ray === 'x' ? colHas[y] !== 0 : m.ray === 'y' ? rowHas : diagHas[y - x + side] !== 0;
        else {
          const u = x - m.dx;
          const v = y - m.dy;
          hit = u >= 0 && v >= 0 && t.isP(u * side + v);
        }
      }
      if (!hit) {
        t.setP(x * side + y);
        rowHas = true;
        colHas[y] = 1;
        diagHas[y - x + side] = 1;
      }
    }
  }
  return t;
}
