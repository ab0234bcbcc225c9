/**
 * Grundy values of whole families of words of a taking-and-merging game, proved for every member
 * (seed taking-and-merging, Lemma 2 and the induction of Theorem 5). A family is a block pattern
 * such as a b^i a^j b: some blocks have a fixed length, the others are variables >= 1. The claim is
 * that G is a function of the *type* of the point (the variables' lengths): each length n is read as
 * cls(n) = n if n < c, else c + ((n - c) mod p), and each difference of two variables d as
 * clamp(d) = d cut to [-c, c]. A table from types to values is learned from exact values on a small
 * box, and then proved for all points at once, by induction on the length of the word:
 *
 * 1. The options of a member are members of other families (a block shrinks, or vanishes and its
 *    neighbours merge); the families reachable from the start one are finitely many and each gets
 *    its own table.
 * 2. The mex equation G(x) = mex { G(y) : y option of x } is checked with every value read from the
 *    tables. Where it holds everywhere, the tables are the Grundy values (induction on length: every
 *    option is shorter).
 * 3. "Everywhere" is finitely many checks: with c' = c + B (B = the largest sum of fixed blocks plus
 *    the largest exponent), everything the equation at x reads (which options exist, their families,
 *    the types of their points) is a function of the type of x taken with c' instead of c. And every
 *    type (c', p) of a point in N^V is already met in the box [1, V (c' + p)]^V: if the largest
 *    coordinate is above V (c' + p), the sorted coordinates (with 0 in front) have a gap wider than
 *    c' + p, and moving every coordinate above the gap down by p keeps every cls and every clamp
 *    (the moved ones stay above c', differences across the gap stay above c'); repeating reaches the
 *    box. So checking the equation at every point of that box proves it at every point.
 *
 * Weighted differences (two variables only): a difference may be α x - β y, α and β the weights of the
 * two blocks' letters, so that values changing along x = 3 y are types too. Then c' = c + max(α, β) B,
 * and the reductions are: x down by p while d = α x - β y stays >= c (and x >= c); y down by p while d
 * stays <= -c; both, by (β p, α p), which keeps d (`representative`); where none applies, the point lies
 * in the box of `typeBox`.
 *
 * One restriction keeps step 3 true: when a block vanishes and two variable blocks merge, the new
 * block is a sum x_i + x_j, whose differences with other variables are not a function of pairwise
 * clamps; such an option may only land in a family whose table does not look at differences.
 */
import { InputError, LimitError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { type Blocks, BlockSolver, type TakingAndMerging, blockLetter } from './blocks.js';

/** A block of a family: its fixed length, or 'x' for a variable length >= 1. */
export type FamilyBlock = number | 'x';

export interface BlockFamily {
  readonly first: 0 | 1;
  readonly blocks: readonly FamilyBlock[];
}

/** The type parameters: lengths below c are exact, then periodic with period p; differences cut at c. */
export interface TypeParameters {
  readonly c: number;
  readonly p: number;
  /**
   * Weights of the two letters in differences (default [1, 1]): the difference of variables x_i and x_j
   * is w(letter of x_i) x_i - w(letter of x_j) x_j, so that values changing along a line such as
   * x_i = 3 x_j are types too. Other than [1, 1] only for families of at most two variables.
   */
  readonly weights?: readonly [number, number];
}

/** A family with its table: the value of every type met (key: typeKey). */
export interface FamilyTable {
  readonly family: BlockFamily;
  readonly values: ReadonlyMap<string, number>;
}

/** Number of variables of a family. */
export function variableCount(f: BlockFamily): number {
  return f.blocks.filter((b) => b === 'x').length;
}

/** The pattern as written: `a b^x1 a^x2 b` (variables x1, x2, ... from left to right). */
export function formatFamily(game: TakingAndMerging, f: BlockFamily): string {
  if (f.blocks.length === 0) return 'ε';
  let v = 0;
  return f.blocks
    .map((b, i) => {
      const letter = game.letters[blockLetter({ first: f.first, lengths: [] }, i)]!;
      return b === 'x' ? `${letter}^x${++v}` : b === 1 ? letter : `${letter}^${b}`;
    })
    .join(' ');
}

/**
 * Parses a pattern: blocks separated by spaces, each a letter with an optional exponent, a number or a
 * variable name (`a b^i a^j b`, `a^2 b^n`). Variables are numbered from left to right; each may be used once.
 */
export function parseFamily(game: TakingAndMerging, pattern: string): { family: BlockFamily; names: string[] } {
  const tokens = pattern.trim().split(/\s+/).filter((t) => t !== '');
  if (tokens.length === 0 || (tokens.length === 1 && tokens[0] === 'ε')) return { family: { first: 0, blocks: [] }, names: [] };
  const blocks: FamilyBlock[] = [];
  const names: string[] = [];
  let first: 0 | 1 = 0;
  tokens.forEach((t, i) => {
    const m = /^(.)(?:\^(\d+|[A-Za-z_]\w*))?$/u.exec(t);
    const d = m ? game.letters.indexOf(m[1]!) : -1;
    if (!m || d < 0) throw new InputError(`bad block ${JSON.stringify(t)} in the pattern ${JSON.stringify(pattern)}: expected a letter of ${game.letters.join(', ')} with an optional ^exponent`);
    if (i === 0) first = d as 0 | 1;
    else if (d === (first + i - 1) % 2) throw new InputError(`the pattern ${JSON.stringify(pattern)} has two ${m[1]} blocks in a row (block ${i + 1}): write them as one`);
    const e = m[2];
    if (e === undefined) blocks.push(1);
    else if (/^\d+$/.test(e)) {
      if (+e < 1) throw new InputError(`block ${JSON.stringify(t)} in the pattern ${JSON.stringify(pattern)} is empty`);
      blocks.push(+e);
    } else {
      if (names.includes(e)) throw new InputError(`the variable ${e} is used twice in the pattern ${JSON.stringify(pattern)}`);
      names.push(e);
      blocks.push('x');
    }
  });
  return { family: { first, blocks }, names };
}

export function familyKey(f: BlockFamily): string {
  return `${f.first}:${f.blocks.join(',')}`;
}

/** The word of a family at a point (one length per variable, from left to right). */
export function familyMember(f: BlockFamily, point: readonly number[]): Blocks {
  let v = 0;
  return { first: f.first, lengths: f.blocks.map((b) => (b === 'x' ? point[v++]! : b)) };
}

export function cls(n: number, { c, p }: TypeParameters): number {
  return n < c ? n : c + ((n - c) % p);
}

function clamp(d: number, c: number): number {
  return d < -c ? -c : d > c ? c : d;
}

/**
 * The type of a point: cls of each coordinate, then the clamped weighted differences
 * w_i x_i - w_j x_j of each pair (i < j); `weights` one per coordinate, default all 1.
 */
export function typeKey(point: readonly number[], t: TypeParameters, weights?: readonly number[]): string {
  const parts = point.map((n) => cls(n, t));
  const w = (i: number) => weights?.[i] ?? 1;
  const diffs: number[] = [];
  for (let i = 0; i < point.length; i++) for (let j = i + 1; j < point.length; j++) diffs.push(clamp(w(i) * point[i]! - w(j) * point[j]!, t.c));
  return `${parts.join(',')}|${diffs.join(',')}`;
}

/** The weight of each variable of f: the weight of its block's letter. */
export function familyWeights(f: BlockFamily, t: TypeParameters): number[] {
  const out: number[] = [];
  f.blocks.forEach((b, i) => {
    if (b === 'x') out.push(t.weights?.[(f.first + i) % 2] ?? 1);
  });
  return out;
}

/** The type of a point of the family f. */
export function familyTypeKey(f: BlockFamily, point: readonly number[], t: TypeParameters): string {
  return typeKey(point, t, familyWeights(f, t));
}

function unitWeights(t: TypeParameters): boolean {
  return (t.weights?.[0] ?? 1) === 1 && (t.weights?.[1] ?? 1) === 1;
}

/** A block carrying where it came from: the variables whose lengths it adds up. */
interface Tracked {
  len: number;
  vars: number[];
}

/** An option of a family member: its family, its point, and whether a coordinate is a sum of variables. */
export interface FamilyOption {
  readonly family: BlockFamily;
  readonly point: number[];
  readonly merged: boolean;
}

/** The options of the member of f at `point`, as members of families. */
export function familyOptions(game: TakingAndMerging, f: BlockFamily, point: readonly number[]): FamilyOption[] {
  let v = 0;
  const tracked: Tracked[] = f.blocks.map((b) => (b === 'x' ? { len: point[v]!, vars: [v++] } : { len: b, vars: [] }));
  const out: FamilyOption[] = [];
  tracked.forEach((blk, i) => {
    for (const k of game.exponents[(f.first + i) % 2]!) {
      if (k > blk.len) continue;
      let first = f.first;
      let rest: Tracked[];
      if (blk.len > k) rest = tracked.map((t, j) => (j === i ? { len: t.len - k, vars: t.vars } : t));
      else if (tracked.length === 1) rest = [];
      else if (i === 0) {
        first = (1 - first) as 0 | 1;
        rest = tracked.slice(1);
      } else if (i === tracked.length - 1) rest = tracked.slice(0, -1);
      else {
        const a = tracked[i - 1]!;
        const b = tracked[i + 1]!;
        rest = [...tracked.slice(0, i - 1), { len: a.len + b.len, vars: [...a.vars, ...b.vars] }, ...tracked.slice(i + 2)];
      }
      out.push({
        family: { first: rest.length === 0 ? 0 : first, blocks: rest.map((t) => (t.vars.length > 0 ? 'x' : t.len)) },
        point: rest.filter((t) => t.vars.length > 0).map((t) => t.len),
        merged: rest.some((t) => t.vars.length > 1),
      });
    }
  });
  return out;
}

/** Every point of [1, bounds[0]] x ... x [1, bounds[V-1]], in lexicographic order (the one empty point when V = 0). */
export function* boxPoints(bounds: readonly number[]): Generator<number[]> {
  const V = bounds.length;
  const x = new Array<number>(V).fill(1);
  if (bounds.some((b) => b < 1)) return;
  for (;;) {
    yield x.slice();
    let i = V - 1;
    while (i >= 0 && x[i] === bounds[i]) x[i--] = 1;
    if (i < 0) return;
    x[i]!++;
  }
}

/** The largest exponent of the game. */
function maxExponent(game: TakingAndMerging): number {
  return Math.max(...game.exponents[0], ...game.exponents[1]);
}

/**
 * The families reachable from `start` by moves, start first. Which options a point has and in which
 * families they land depends only on which coordinates equal an exponent or exceed the largest, so the
 * box [1, m + 1]^V (m = largest exponent) finds them all.
 */
export function familyClosure(game: TakingAndMerging, start: BlockFamily, maxFamilies = limitDefault('families')): BlockFamily[] {
  const found = new Map<string, BlockFamily>([[familyKey(start), start]]);
  const queue = [start];
  const side = maxExponent(game) + 1;
  while (queue.length > 0) {
    const f = queue.shift()!;
    for (const x of boxPoints(new Array<number>(variableCount(f)).fill(side))) {
      for (const o of familyOptions(game, f, x)) {
        const key = familyKey(o.family);
        if (found.has(key)) continue;
        if (found.size >= maxFamilies) throw new LimitError(`more than ${maxFamilies} families are reachable`, 'families');
        found.set(key, o.family);
        queue.push(o.family);
      }
    }
  }
  return [...found.values()];
}

/**
 * c' = c + w B: the type of x taken with c' fixes everything the mex equation at x reads (see the module
 * comment; w = the largest weight, 1 without weights).
 */
export function checkThreshold(game: TakingAndMerging, families: readonly BlockFamily[], t: TypeParameters): number {
  const fixed = Math.max(0, ...families.map((f) => f.blocks.reduce<number>((s, b) => s + (b === 'x' ? 0 : b), 0)));
  return t.c + Math.max(...(t.weights ?? [1])) * (fixed + maxExponent(game));
}

/** Side of the box holding every type (c, p) of a point with V coordinates (unit weights, V >= 3). */
export function boxSide(V: number, c: number, p: number): number {
  return V * (c + p);
}

/**
 * Bounds of a box holding every type (c, p) of a point whose coordinates have these weights: for two
 * coordinates the end points of the reductions of `representative` (module comment), for any other
 * number the gap reduction's V (c + p).
 */
export function typeBox(weights: readonly number[], c: number, p: number): number[] {
  if (weights.length !== 2) return weights.map(() => boxSide(weights.length, c, p));
  const [al, be] = weights as [number, number];
  const e = Math.max(c, 1);
  return [Math.max(e + be * p, e + p, Math.ceil((c + al * p + be * (e + al * p)) / al)), Math.max(e + al * p, e + p, Math.ceil((c + be * p + al * (e + be * p)) / be))];
}

/** Whether a table's values depend on the clamped differences (or only on each coordinate's cls). */
export function usesDifferences(table: FamilyTable): boolean {
  const byCls = new Map<string, number>();
  for (const [key, g] of table.values) {
    const part = key.slice(0, key.indexOf('|'));
    const seen = byCls.get(part);
    if (seen !== undefined && seen !== g) return true;
    byCls.set(part, g);
  }
  return false;
}

export type FamilyVerdict =
  | { verified: true; families: number; points: number }
  | { verified: false; reason: string; family?: BlockFamily; point?: number[] };

/**
 * Proves that the tables give the Grundy value of every member of every family (module comment):
 * the mex equation at every point of each family's box [1, V (c' + p)]^V, reading every value
 * from the tables. Needs a table for every family an option lands in. O(families * box * options).
 */
export function verifyFamilyTables(game: TakingAndMerging, tables: readonly FamilyTable[], t: TypeParameters): FamilyVerdict {
  if (!Number.isInteger(t.c) || t.c < 0 || !Number.isInteger(t.p) || t.p < 1) return { verified: false, reason: `bad type parameters c = ${t.c}, p = ${t.p}` };
  if (t.weights && !t.weights.every((w) => Number.isInteger(w) && w >= 1)) return { verified: false, reason: `bad weights ${t.weights.join(', ')}` };
  if (!unitWeights(t) && tables.some((tb) => variableCount(tb.family) > 2)) return { verified: false, reason: 'weights other than 1, 1 need families of at most two variables' };
  const byKey = new Map(tables.map((tb) => [familyKey(tb.family), tb]));
  const diffs = new Map(tables.map((tb) => [familyKey(tb.family), usesDifferences(tb)]));
  const cPrime = checkThreshold(game, tables.map((tb) => tb.family), t);
  let points = 0;
  const valueOf = (f: BlockFamily, x: readonly number[]): number | string => {
    const tb = byKey.get(familyKey(f));
    if (!tb) return `no table for the family ${formatFamily(game, f)}`;
    const g = tb.values.get(familyTypeKey(f, x, t));
    return g ?? `the table of ${formatFamily(game, f)} has no value for the type of (${x.join(', ')})`;
  };
  for (const tb of tables) {
    for (const x of boxPoints(typeBox(familyWeights(tb.family, t), cPrime, t.p))) {
      points++;
      const seen = new Set<number>();
      for (const o of familyOptions(game, tb.family, x)) {
        if (o.merged && variableCount(o.family) > 1 && diffs.get(familyKey(o.family))) {
          return { verified: false, reason: `an option merges two variables into a family whose table reads differences: ${formatFamily(game, o.family)}`, family: tb.family, point: x };
        }
        const g = valueOf(o.family, o.point);
        if (typeof g === 'string') return { verified: false, reason: g, family: tb.family, point: x };
        seen.add(g);
      }
      let mex = 0;
      while (seen.has(mex)) mex++;
      const g = valueOf(tb.family, x);
      if (typeof g === 'string') return { verified: false, reason: g, family: tb.family, point: x };
      if (g !== mex) return { verified: false, reason: `the table says ${g} but the mex of the options is ${mex}`, family: tb.family, point: x };
    }
  }
  return { verified: true, families: tables.length, points };
}

export interface FamilyProof {
  readonly start: BlockFamily;
  readonly types: TypeParameters;
  /** The start family's table first, then every family reachable from it. */
  readonly tables: FamilyTable[];
  readonly verdict: FamilyVerdict;
}

export interface FamilyProofOptions {
  /** Type parameters tried, in order (default: defaultCandidates). */
  candidates?: TypeParameters[];
  solver?: BlockSolver;
}

/**
 * The period of G(c^n) for one letter c: a subtraction game on one heap, periodic from some point on
 * (its values are read off the first 4 * (largest exponent)^2 + 20 lengths, enough to see the period).
 */
export function letterPeriod(game: TakingAndMerging, letter: 0 | 1, solver = new BlockSolver(game)): number {
  const m = Math.max(...game.exponents[letter]);
  const n = 4 * m * m + 20;
  const g = Array.from({ length: n + 1 }, (_, k) => (k === 0 ? 0 : solver.grundy({ first: letter, lengths: [k] })));
  // The smallest p such that the last half of the values repeats with period p.
  for (let p = 1; p <= n / 2; p++) {
    let ok = true;
    for (let k = Math.floor(n / 2); k + p <= n && ok; k++) ok = g[k] === g[k + p];
    if (ok) return p;
  }
  return 1;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Letter weights tried after [1, 1] for families of at most two variables. */
export const WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 2], [2, 1], [1, 3], [3, 1], [2, 3], [3, 2], [1, 4], [4, 1], [3, 4], [4, 3],
];

/**
 * c = 0..12 with p = 1..12 and p = the least common period of the two letters' blocks (times 1, 2),
 * smallest c + p first; then, when the start has two variables, each of WEIGHTS with c = 1..6 w + 6
 * (w = the larger weight).
 */
export function defaultCandidates(game: TakingAndMerging, solver = new BlockSolver(game), variables = 2): TypeParameters[] {
  const pa = letterPeriod(game, 0, solver);
  const pb = letterPeriod(game, 1, solver);
  const natural = (pa * pb) / gcd(pa, pb);
  const periods = [...new Set([...Array.from({ length: 12 }, (_, i) => i + 1), natural, 2 * natural])];
  const unit: TypeParameters[] = [];
  for (const p of periods) for (let c = 0; c <= 12; c++) unit.push({ c, p });
  unit.sort((x, y) => x.c + x.p - (y.c + y.p) || x.p - y.p);
  // Weights matter only for differences, which need c >= 1; a difference in units of the larger weight
  // needs a proportionally larger c.
  const weighted: TypeParameters[] = [];
  if (variables === 2) {
    for (const weights of WEIGHTS) {
      const cMax = 6 * Math.max(...weights) + 6;
      const list: TypeParameters[] = [];
      for (const p of periods) for (let c = 1; c <= cMax; c++) list.push({ c, p, weights });
      weighted.push(...list.sort((x, y) => x.c + x.p - (y.c + y.p) || x.p - y.p));
    }
  }
  return [...unit, ...weighted];
}

/**
 * The tables of every family reachable from `start` with type parameters (c, p), from exact values
 * on each family's box [1, V (c + p)]^V (which meets every type); undefined when two points of one
 * type have different values (the values are not a function of the type).
 */
export function learnFamilyTables(game: TakingAndMerging, families: readonly BlockFamily[], t: TypeParameters, solver = new BlockSolver(game)): FamilyTable[] | undefined {
  const tables: FamilyTable[] = [];
  for (const f of families) {
    const values = new Map<string, number>();
    for (const x of boxPoints(typeBox(familyWeights(f, t), t.c, t.p))) {
      const key = familyTypeKey(f, x, t);
      const g = solver.grundy(familyMember(f, x));
      const seen = values.get(key);
      if (seen !== undefined && seen !== g) return undefined;
      values.set(key, g);
    }
    tables.push({ family: f, values });
  }
  return tables;
}

/**
 * Learns tables for `start` and every family reachable from it and proves them, trying type
 * parameters in order; the first proved wins. Without a proof, the verdict of the last tables
 * checked (or of none, when no candidate gave consistent tables).
 */
export function proveFamily(game: TakingAndMerging, start: BlockFamily, options: FamilyProofOptions = {}): FamilyProof {
  const families = familyClosure(game, start);
  const solver = options.solver ?? new BlockSolver(game);
  let last: FamilyProof | undefined;
  for (const t of options.candidates ?? defaultCandidates(game, solver, variableCount(start))) {
    const tables = learnFamilyTables(game, families, t, solver);
    if (!tables) continue;
    const verdict = verifyFamilyTables(game, tables, t);
    last = { start, types: t, tables, verdict };
    if (verdict.verified) return last;
  }
  return last ?? { start, types: { c: 0, p: 1 }, tables: [], verdict: { verified: false, reason: 'no type parameters tried give consistent tables' } };
}

/** A length type as words: `3` below c, else `≡ k (mod p), >= c`. */
export function describeCls(k: number, t: TypeParameters): string {
  return k < t.c ? `${k}` : t.c === 0 ? `≡ ${k % t.p} (mod ${t.p})` : `≡ ${k % t.p} (mod ${t.p}), >= ${t.c}`;
}

/** The tables as JSON (the file format of data/families): patterns as written, values by type. */
export interface FamilyProofJson {
  readonly pattern: string;
  readonly c: number;
  readonly p: number;
  readonly weights?: readonly [number, number];
  readonly tables: { readonly pattern: string; readonly values: Record<string, number> }[];
}

export function familyProofToJson(game: TakingAndMerging, proof: Pick<FamilyProof, 'start' | 'types' | 'tables'>): FamilyProofJson {
  return {
    pattern: formatFamily(game, proof.start),
    c: proof.types.c,
    p: proof.types.p,
    ...(unitWeights(proof.types) ? {} : { weights: proof.types.weights }),
    tables: proof.tables.map((tb) => ({ pattern: formatFamily(game, tb.family), values: Object.fromEntries([...tb.values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) })),
  };
}

/** Reads tables back (InputError naming `where` on a malformed file); they still have to be verified. */
export function familyProofFromJson(game: TakingAndMerging, json: unknown, where: string): Pick<FamilyProof, 'start' | 'types' | 'tables'> {
  const bad = (why: string): never => {
    throw new InputError(`${where}: ${why}`);
  };
  const o = json as Partial<FamilyProofJson> | null;
  if (typeof o !== 'object' || o === null) return bad('not a JSON object');
  if (typeof o.pattern !== 'string') return bad('no "pattern"');
  if (!Number.isInteger(o.c) || !Number.isInteger(o.p)) return bad('"c" and "p" must be integers');
  if (!Array.isArray(o.tables)) return bad('no "tables" array');
  const tables = o.tables.map((tb, i) => {
    if (typeof tb?.pattern !== 'string' || typeof tb.values !== 'object' || tb.values === null) return bad(`table ${i + 1} needs "pattern" and "values"`);
    const values = new Map<string, number>();
    for (const [k, v] of Object.entries(tb.values)) {
      if (!Number.isInteger(v) || (v as number) < 0) return bad(`table ${i + 1} (${tb.pattern}): the value of type ${k} is not a Grundy value`);
      values.set(k, v as number);
    }
    return { family: parseFamily(game, tb.pattern).family, values };
  });
  const w = o.weights;
  if (w !== undefined && !(Array.isArray(w) && w.length === 2 && w.every((x) => Number.isInteger(x) && x >= 1))) return bad('"weights" must be two positive integers');
  return { start: parseFamily(game, o.pattern).family, types: { c: o.c!, p: o.p!, ...(w ? { weights: [w[0]!, w[1]!] as const } : {}) }, tables };
}

/**
 * The reductions of the module comment, step 3: a point of the box typeBox(weights, c, p) with the same
 * type (c, p, weights) as `point`. Two coordinates (x, y), weights (α, β), e = max(c, 1), form
 * d = α x - β y: move x down by p while x >= e + p and d >= c + α p; y down by p while y >= e + p and
 * d <= -c - β p; both, by (β p, α p), while x >= e + β p and y >= e + α p (d unchanged). Any other
 * number of coordinates (unit weights): while some coordinate is above V (c + p), every coordinate above
 * the highest gap wider than c + p of the sorted coordinates (0 in front) moves down by p.
 */
export function representative(point: readonly number[], t: TypeParameters, weights: readonly number[] = point.map(() => 1)): number[] {
  const x = point.slice();
  if (x.length === 2) {
    const [al, be] = weights as [number, number];
    const e = Math.max(t.c, 1);
    for (;;) {
      const d = al * x[0]! - be * x[1]!;
      if (x[0]! >= e + t.p && d >= t.c + al * t.p) x[0]! -= t.p;
      else if (x[1]! >= e + t.p && d <= -t.c - be * t.p) x[1]! -= t.p;
      else if (x[0]! >= e + be * t.p && x[1]! >= e + al * t.p) {
        x[0]! -= be * t.p;
        x[1]! -= al * t.p;
      } else return x;
    }
  }
  const side = boxSide(x.length, t.c, t.p);
  while (x.length > 0 && Math.max(...x) > side) {
    const sorted = [0, ...x].sort((a, b) => a - b);
    let cut = 0;
    for (let i = 1; i < sorted.length; i++) if (sorted[i]! - sorted[i - 1]! > t.c + t.p) cut = sorted[i]!;
    for (let i = 0; i < x.length; i++) if (x[i]! >= cut) x[i]! -= t.p;
  }
  return x;
}
