/**
 * Benchmark: 1-admissibility decided by logic (deciding-game-invariance, Lemma 12, Theorem 23) for the
 * sets of section 6, by the direct engine (admissibleDirect): per set the answer, the witness, the
 * automata sizes, CPU and wall time. Each answer is then checked against brute force in a box on
 * P-positions from the game's own definition (mex recurrence for Fraenkel's games, letter occurrences
 * in the fixed point of the morphism otherwise): the automaton of P must agree point by point, a "yes"
 * must leave no bad position in the box, a "no" must have its witness bad in the box (P - P taken
 * from pairs in a larger box, a subset of the true one, so a position found bad is bad).
 * Prints figures, asserts nothing about time.
 * Run: node dist/bench/logic-admissibility.js [quick|all|NAME...] [--trace] [--layers N] [--max-subsets N]   (default quick; --layers N:
 * that many layer passes over the chains below p before the full search (default 1, 0 = none); --trace prints
 * each automaton as it is finished)
 */
import { cpuUsage } from 'node:process';
import { admissibleDirect, holds } from '../src/logic/admissibility.js';
import { logicSetOf } from '../src/logic/games.js';

type Tuple = number[];
const key = (t: readonly number[]) => t.join(',');

function fixedPoint(images: number[][], length: number): number[] {
  let w = [1];
  while (w.length < length) w = w.flatMap((a) => images[a - 1]!);
  return w.slice(0, length);
}

function permutations(t: Tuple): Tuple[] {
  return t.length <= 1 ? [t] : t.flatMap((x, i) => permutations([...t.slice(0, i), ...t.slice(i + 1)]).map((r) => [x, ...r]));
}

/** P_w (Definition 34) in [0, max]^n; `shift` adds 1 to every coordinate of the tuples (Theorems 48, 52, 58 count from 0). */
function occurrencePositions(images: number[][], n: number, max: number, shift = 0): Tuple[] {
  const w = fixedPoint(images, 40 * max + 100);
  const pos: number[][] = Array.from({ length: n }, () => []);
  w.forEach((a, i) => pos[a - 1]!.push(i + shift));
  const out = new Map<string, Tuple>([[key(new Array(n).fill(0)), new Array(n).fill(0)]]);
  const m = Math.min(...pos.map((p) => p.length));
  for (let k = 0; k < m; k++) {
    const t = pos.map((p) => p[k]!);
    if (t.every((x) => x <= max)) for (const p of permutations(t)) out.set(key(p), p);
  }
  return [...out.values()];
}

/** Fraenkel (s,t), Proposition 46: A_n = mex{A_i, B_i : i < n}, B_n = s A_n + t n. */
function fraenkelPositions(s: number, t: number, max: number): Tuple[] {
  const out: Tuple[] = [[0, 0]];
  const used = new Set<number>([0]);
  for (let n = 1; ; n++) {
    let a = 0;
    while (used.has(a)) a++;
    if (a > max) return out;
    const b = s * a + t * n;
    used.add(a).add(b);
    if (b <= max) out.push([a, b], [b, a]);
  }
}

/** Bad positions in [0, small]^n (Lemma 12), P exact in the box of the points, P - P from their pairs. */
function bruteBad(points: Tuple[], small: number): Tuple[] {
  const n = points[0]!.length;
  const inP = new Set(points.map(key));
  const diff = new Set<string>();
  for (const i of points) for (const j of points) if (i.every((x, c) => x <= j[c]!)) diff.add(key(j.map((x, c) => x - i[c]!)));
  const below = points.filter((q) => q.every((x) => x <= small));
  const bad: Tuple[] = [];
  const p = new Array<number>(n).fill(0);
  const visit = (c: number): void => {
    if (c === n) {
      if (inP.has(key(p))) return;
      for (const q of below) if (q.every((x, k) => x <= p[k]!) && !diff.has(key(p.map((x, k) => x - q[k]!)))) return;
      bad.push([...p]);
      return;
    }
    for (let v = 0; v <= small; v++) {
      p[c] = v;
      visit(c + 1);
    }
  };
  visit(0);
  return bad;
}

interface Case {
  name: string;
  /** P-positions from the game's own definition in [0, big]^n. */
  brute: (big: number) => Tuple[];
  big: number;
  small: number;
  quick: boolean;
}

const fr = (s: number, t: number, quick: boolean): Case => ({ name: `fraenkel:${s},${t}`, brute: (m) => fraenkelPositions(s, t, m), big: 400, small: 40, quick });
const cases: Case[] = [
  { name: 'wythoff', brute: (m) => fraenkelPositions(1, 1, m), big: 400, small: 40, quick: true },
  fr(1, 2, true),
  fr(1, 3, true),
  fr(2, 1, false),
  fr(2, 2, false),
  fr(3, 1, false),
  fr(1, 4, false),
  { name: 'morphic:1->12,2->21', brute: (m) => occurrencePositions([[1, 2], [2, 1]], 2, m, 1), big: 400, small: 40, quick: true },
  { name: 'morphic:1->112,2->121', brute: (m) => occurrencePositions([[1, 1, 2], [1, 2, 1]], 2, m, 1), big: 400, small: 40, quick: false },
  { name: 'periodic:1122', brute: (m) => occurrencePositions([[1, 1, 2, 2], [1, 1, 2, 2]], 2, m, 1), big: 200, small: 20, quick: true },
  { name: 'raleigh', brute: (m) => occurrencePositions([[1, 2], [3], [1, 2]], 3, m, 1), big: 75, small: 22, quick: false },
  { name: 'tribonacci', brute: (m) => occurrencePositions([[1, 2], [1, 3], [1]], 3, m, 1), big: 75, small: 22, quick: false },
  ...[1, 2, 3, 4].map((s): Case => ({
    name: `gtrib:${s}`,
    brute: (m) => occurrencePositions([[...new Array<number>(s).fill(1), 2], [1, 3], [1]], 3, m, 1),
    big: 75,
    small: 22,
    quick: false,
  })),
];

const args = process.argv.slice(2);
/** The value after a `--flag N` option, and the arguments left when options and values are taken out. */
const valueOf = (flag: string): number | undefined => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : undefined);
const layers = valueOf('--layers') ?? 1;
const maxSubsets = valueOf('--max-subsets');
const names = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--layers', '--max-subsets'].includes(args[i - 1]!)));
const chosen = names.length === 0 || names.includes('quick') ? cases.filter((c) => c.quick) : names.includes('all') ? cases : cases.filter((c) => names.includes(c.name));
for (const c of chosen) {
  const t0 = performance.now();
  const c0 = cpuUsage();
  let r: ReturnType<typeof admissibleDirect>;
  const set = logicSetOf(c.name);
  try {
    const start = performance.now();
    const log = args.includes('--trace')
      ? (what: string, states: number) => console.log(`    ${((performance.now() - start) / 1000).toFixed(1)} s  ${what}: ${states}`)
      : undefined;
    r = admissibleDirect(set, { layers, ...(maxSubsets ? { maxSubsets } : {}), ...(log ? { log } : {}) });
  } catch (e) {
    console.log(`${c.name}: not decided: ${(e as Error).message}`);
    continue;
  }
  const cpu = cpuUsage(c0);
  const wall = performance.now() - t0;
  const st = r.states;
  console.log(`${c.name}: admissible=${r.admissible}${r.witness ? ` witness=(${r.witness.join(',')})` : ''}`);
  console.log(`  wall ${(wall / 1000).toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (P - P ${(r.times.differences / 1000).toFixed(2)} s, bad search ${(r.times.bad / 1000).toFixed(2)} s)`);
  console.log(
    `  states: P ${st.p}; P - P: NFA ${st.differenceNfa}, F(m,i) ${st.differencePairs}, subsets ${st.differenceSubsets}, minimal ${st.differences}; ` +
      `${st.axisStuck === undefined ? '' : `positions with no zero-coordinate move to P: ${st.axisStuck} states; `}` +
      `${st.layerStuck === undefined ? '' : `after the layer passes and the move to 0: ${st.layerStuck.join(', ')} states; `}moves E(p,q): NFA ${st.moveNfa}, subsets ${st.moveSubsets}, minimal ${st.moves}; bad search ${st.badSearch} pairs; largest subset ${st.largestSubset}`,
  );
  // Brute force on the game's own P-positions.
  const points = c.brute(c.big);
  const n = set.tracks.length;
  const inP = new Set(points.map(key));
  let disagree = 0;
  const t = new Array<number>(n).fill(0);
  const visit = (i: number): void => {
    if (i === n) {
      if (holds(set, t) !== inP.has(key(t))) disagree++;
      return;
    }
    for (let v = 0; v <= c.small; v++) {
      t[i] = v;
      visit(i + 1);
    }
  };
  visit(0);
  const bad = bruteBad(points, c.small);
  const w = r.witness?.map(Number);
  const ok = disagree === 0 && (r.admissible ? bad.length === 0 : bad.some((p) => key(p) === key(w!)));
  console.log(`  brute force in [0,${c.small}]^${n} (P from the definition, P - P from [0,${c.big}]^${n}): P agrees: ${disagree === 0}, bad positions ${bad.length}${bad.length ? ` first (${bad[0]!.join(',')})` : ''}: ${ok ? 'consistent' : 'INCONSISTENT'}`);
}
