/**
 * t-invariance in a box (deciding-game-invariance, Definition 3, after Fraenkel–Larsson): the least t such
 * that the positions of [0,max]^n split into S_1..S_t with sets I_j and G(p) = I_j ∩ {m <= p} for p in S_j.
 * Positions p, q can share a part iff G(p) and G(q) agree on the moves below both (then I = the union of
 * the G(p) of a part works), so the least t is the chromatic number of the graph of disagreeing pairs.
 */
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { LIMITS, limitDefault } from '../core/limits.js';
import { Box } from './box.js';
import type { MoveMap } from './game.js';
import type { Stop } from '../core/stop.js';

export interface TInvariance {
  /** The least t in the box. */
  t: number;
  box: Box;
  /** part[idx] in 0..t-1: the S_j holding each position. */
  part: Int32Array;
  /** I_j as bitmaps over the box: the union of G(p) over S_j. */
  moveSets: Uint8Array[];
  /** Edges of the disagreement graph (pairs that no single I can serve). */
  conflicts: number;
  /** A clique of pairwise disagreeing positions: a proof that t parts are needed. */
  clique: number[][];
}

export interface TInvarianceOptions {
  /** Search nodes of the exact colouring before a LimitError (default 2 million). */
  maxNodes?: number;
  signal?: Stop;
}

/** G(p) for every position of the box, as sorted packed move indices. */
export function moveTable(game: MoveMap, box: Box): Int32Array[] {
  const table: Int32Array[] = [];
  for (let idx = 0; idx < box.cells; idx++) {
    const p = box.point(idx);
    const ms = game.moves(p).map((m) => {
      if (m.length !== p.length || m.some((x, i) => x < 0 || x > p[i]!) || m.every((x) => x === 0)) {
        throw new InputError(`${game.name ?? 'the game'}: (${m}) is not a take-away move from (${p})`);
      }
      return box.index(m);
    });
    table.push(Int32Array.from(new Set(ms)).sort());
  }
  return table;
}

/** Does every move of G(p) that fits below q belong to G(q)? */
function includedBelow(gp: Int32Array, gq: Int32Array, q: Int32Array, coords: Int32Array, n: number): boolean {
  for (const m of gp) {
    let below = true;
    for (let i = 0; i < n && below; i++) below = coords[m * n + i]! <= q[i]!;
    if (!below) continue;
    // binary search m in gq
    let lo = 0;
    let hi = gq.length - 1;
    let found = false;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (gq[mid] === m) {
        found = true;
        break;
      }
      if (gq[mid]! < m) lo = mid + 1;
      else hi = mid - 1;
    }
    if (!found) return false;
  }
  return true;
}

/**
 * The least t for which the game is t-invariant in [0,max]^n, with a partition and move sets.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function leastInvariance(game: MoveMap, max: number, options: TInvarianceOptions = {}): TInvariance {
  const box = new Box(game.dimension, max, 200_000);
  const n = box.dimension;
  const table = moveTable(game, box);
  const all = new Int32Array(box.cells);
  for (let i = 0; i < box.cells; i++) all[i] = i;
  const coords = box.coordinates(all);
  const adj: number[][] = Array.from({ length: box.cells }, () => []);
  let conflicts = 0;
  for (let p = 0; p < box.cells; p++) {
    if ((p & 63) === 0 && options.signal?.aborted) throw new InterruptedError();
    const cp = coords.subarray(p * n, p * n + n);
    for (let q = 0; q < p; q++) {
      const cq = coords.subarray(q * n, q * n + n);
      if (!includedBelow(table[p]!, table[q]!, cq, coords, n) || !includedBelow(table[q]!, table[p]!, cp, coords, n)) {
        adj[p]!.push(q);
        adj[q]!.push(p);
        conflicts++;
      }
    }
  }
  const { colours, k, clique } = chromatic(adj, options);
  const moveSets = Array.from({ length: k }, () => new Uint8Array(box.cells));
  for (let p = 0; p < box.cells; p++) for (const m of table[p]!) moveSets[colours[p]!]![m] = 1;
  return { t: k, box, part: colours, moveSets, conflicts, clique: clique.map((v) => box.point(v)) };
}

/**
 * Checks Definition 3 on the box: G(p) = I_{part(p)} ∩ {m <= p} for every p.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function isTInvariantPartition(game: MoveMap, box: Box, part: Int32Array, moveSets: Uint8Array[]): boolean {
  const table = moveTable(game, box);
  for (let p = 0; p < box.cells; p++) {
    const pt = box.point(p);
    const I = moveSets[part[p]!]!;
    const expected: number[] = [];
    for (let m = 1; m <= p; m++) {
      if (I[m] && box.point(m).every((x, i) => x <= pt[i]!)) expected.push(m);
    }
    const got = table[p]!;
    if (got.length !== expected.length || expected.some((m, i) => got[i] !== m)) return false;
  }
  return true;
}

/** A greedy clique, largest-degree first: a lower bound on the chromatic number. */
function greedyClique(adj: number[][]): number[] {
  const order = adj.map((_, v) => v).sort((a, b) => adj[b]!.length - adj[a]!.length);
  let best: number[] = [];
  for (const start of order.slice(0, 64)) {
    const clique = [start];
    let cand = new Set(adj[start]);
    while (cand.size > 0) {
      let pick = -1;
      let pickDeg = -1;
      for (const v of cand) if (adj[v]!.length > pickDeg) [pick, pickDeg] = [v, adj[v]!.length];
      clique.push(pick);
      const nb = new Set(adj[pick]);
      cand = new Set([...cand].filter((v) => nb.has(v)));
    }
    if (clique.length > best.length) best = clique;
  }
  return best;
}

/**
 * Exact chromatic number by DSatur branch and bound (Brélaz), started from a greedy clique (lower bound)
 * and a greedy DSatur colouring (upper bound). Exponential in the worst case: capped by maxNodes.
 */
function chromatic(adj: number[][], options: TInvarianceOptions): { colours: Int32Array; k: number; clique: number[] } {
  const nv = adj.length;
  const clique = greedyClique(adj);
  const lower = Math.max(1, clique.length);
  let best = nv + 1;
  let bestColours = new Int32Array(nv);
  const colours = new Int32Array(nv).fill(-1);
  // seen[v * K + c]: neighbours of v with colour c; sat[v]: distinct colours among them.
  // No colouring here uses more than maxDegree + 1 colours.
  const width = Math.max(...adj.map((a) => a.length)) + 2;
  if (nv * width > LIMITS.colouringGraph.default) throw new LimitError(`the disagreement graph (${nv} positions) is too large to colour`, 'colouringGraph');
  const seen = new Int32Array(nv * width);
  const sat = new Int32Array(nv);
  let nodes = 0;
  const maxNodes = options.maxNodes ?? limitDefault('colouringNodes');

  const assign = (v: number, c: number, sign: 1 | -1): void => {
    colours[v] = sign === 1 ? c : -1;
    for (const w of adj[v]!) {
      const slot = w * width + c;
      if (sign === 1) {
        if (seen[slot]!++ === 0) sat[w]!++;
      } else if (--seen[slot]! === 0) sat[w]!--;
    }
  };
  const select = (): number => {
    let pick = -1;
    for (let v = 0; v < nv; v++) {
      if (colours[v] !== -1) continue;
      if (pick === -1 || sat[v]! > sat[pick]! || (sat[v] === sat[pick] && adj[v]!.length > adj[pick]!.length)) pick = v;
    }
    return pick;
  };
  // Depth-first search with an explicit stack of (vertex, next colour to try, colours used before it).
  interface Frame {
    v: number;
    next: number;
    used: number;
  }
  const stack: Frame[] = [];
  let used = 0;
  let colored = 0;
  const push = (): void => {
    stack.push({ v: select(), next: 0, used });
  };
  push();
  while (stack.length > 0) {
    if (++nodes > maxNodes) {
      throw new LimitError(`colouring search passed ${maxNodes} nodes; t is between ${lower} and ${best <= nv ? best : '?'}`, 'colouringNodes', {
        lower,
        upper: best <= nv ? best : undefined,
      });
    }
    if ((nodes & 4095) === 0 && options.signal?.aborted) throw new InterruptedError({ lower, upper: best });
    const f = stack[stack.length - 1]!;
    if (colours[f.v] !== -1) {
      assign(f.v, colours[f.v]!, -1);
      colored--;
      used = f.used;
    }
    if (best === lower) break;
    let c = f.next;
    while (c <= f.used && c < best - 1 && c < width && seen[f.v * width + c]! > 0) c++;
    if (c > f.used || c >= best - 1 || c >= width) {
      stack.pop();
      continue;
    }
    f.next = c + 1;
    assign(f.v, c, 1);
    colored++;
    used = Math.max(f.used, c + 1);
    if (colored === nv) {
      best = used;
      bestColours = colours.slice();
      continue;
    }
    push();
  }
  return { colours: bestColours, k: best, clique };
}
