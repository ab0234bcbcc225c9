/**
 * Benchmark: 1-admissibility decided by logic (deciding-game-invariance, Lemma 12, Theorem 23) for the
 * sets of section 6, by the direct engine (admissibleDirect): per set the answer, the witness, the
 * automata sizes, CPU and wall time. Each answer is then checked against brute force in a box on
 * P-positions from the game's own definition (mex recurrence for Fraenkel's games, letter occurrences
 * in the fixed point of the morphism otherwise): the automaton of P must agree point by point, a "yes"
 * must leave no bad position in the box, a "no" must have its witness bad in the box (P - P taken
 * from pairs in a larger box, a subset of the true one, so a position found bad is bad).
 * Prints figures, asserts nothing about time.
 * Run: node dist/bench/logic-admissibility.js [quick|all|NAME...] [--trace] [--layers N] [--max-subsets N] [--max-nfa N]
 *   [--checkpoint DIR] [--max-bytes N] [--spill DIR] [--max-through N] [--before]
 * (default quick; --layers N: that many layer passes over the chains below p before the full search (default 1,
 * 0 = none); --trace prints each automaton as it is finished (with the wall and CPU seconds so far); --max-nfa N raises the NFA cap (default 30 M, or
 * --max-subsets when larger); --checkpoint DIR keeps each finished stage and resumes from it; --max-bytes N and
 * --spill DIR give the layer passes' subset constructions a byte budget and a folder to spill to (G_5);
 * --max-through N caps the subsets of a pass read through the candidates (default 1 M; 0 builds every pass
 * without them, the shape of G_5's largest passes); --before runs the passes through the admissible moves at once, the route before the pieces)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { admissibleDirect } from '../src/logic/admissibility.js';
import { holds } from '../src/logic/predicate.js';
import { logicSetOf } from '../src/logic/games.js';
import { DirectoryStages } from '../src/logic/checkpoint.js';
import { badInBox, fixedPoint, fraenkelPositions, type Tuple, wordPositions } from '../src/invariance/reference.js';

const key = (t: readonly number[]) => t.join(',');

/** '; peak X GiB' (the process's resident high-water mark, Linux) and the mark reset, or '' where /proc has neither. */
function peakSinceLast(): string {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    writeFileSync('/proc/self/clear_refs', '5');
    return hwm ? `; peak ${(Number(hwm[1]) / 2 ** 20).toFixed(1)} GiB` : '';
  } catch {
    return '';
  }
}

/** P_w (Definition 34) of the fixed point from 1 in [0, max]^n (Theorems 48, 52, 58 count from 0, P_w from 1). */
const positionsOf = (images: number[][], n: number, max: number): Tuple[] => wordPositions(fixedPoint(images, 40 * max + 100), n, max);

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
  { name: 'morphic:1->12,2->21', brute: (m) => positionsOf([[1, 2], [2, 1]], 2, m), big: 400, small: 40, quick: true },
  { name: 'morphic:1->112,2->121', brute: (m) => positionsOf([[1, 1, 2], [1, 2, 1]], 2, m), big: 400, small: 40, quick: false },
  { name: 'periodic:1122', brute: (m) => positionsOf([[1, 1, 2, 2], [1, 1, 2, 2]], 2, m), big: 200, small: 20, quick: true },
  { name: 'raleigh', brute: (m) => positionsOf([[1, 2], [3], [1, 2]], 3, m), big: 75, small: 22, quick: false },
  { name: 'tribonacci', brute: (m) => positionsOf([[1, 2], [1, 3], [1]], 3, m), big: 75, small: 22, quick: false },
  ...[1, 2, 3, 4, 5].map((s): Case => ({
    name: `gtrib:${s}`,
    brute: (m) => positionsOf([[...new Array<number>(s).fill(1), 2], [1, 3], [1]], 3, m),
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
const maxNfaStates = valueOf('--max-nfa');
const maxBytes = valueOf('--max-bytes');
const maxThrough = valueOf('--max-through');
const textOf = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const checkpointDir = textOf('--checkpoint');
const spillDir = textOf('--spill');
const withValue = ['--layers', '--max-subsets', '--max-nfa', '--max-bytes', '--max-through', '--checkpoint', '--spill'];
const names = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && withValue.includes(args[i - 1]!)));
const chosen = names.length === 0 || names.includes('quick') ? cases.filter((c) => c.quick) : names.includes('all') ? cases : cases.filter((c) => names.includes(c.name));
for (const c of chosen) {
  const t0 = performance.now();
  const c0 = cpuUsage();
  let r: ReturnType<typeof admissibleDirect>;
  const set = logicSetOf(c.name);
  try {
    const start = performance.now();
    // Each trace line says the peak resident memory since the line before (the kernel's high-water
    // mark, reset after each line), so that the step that needs the memory is named. The reset also
    // resets what /usr/bin/time reports as the maximum: with --trace, take the largest line's.
    const cpuSince = () => {
      const u = cpuUsage(c0);
      return (u.user + u.system) / 1e6;
    };
    const log = args.includes('--trace')
      ? (what: string, states: number) =>
          console.log(`    ${((performance.now() - start) / 1000).toFixed(1)} s (cpu ${cpuSince().toFixed(2)} s)  ${what}: ${states}${peakSinceLast()}`)
      : undefined;
    // With --trace, every 10 M subsets of a construction: how far it got and the memory held.
    let reported = 0;
    const onProgress = (_stage: string, built: number, expanded: number) => {
      if (built < reported) reported = 0;
      if (built < reported + 10_000_000) return;
      reported = built;
      const mem = process.memoryUsage();
      console.log(`    ${((performance.now() - start) / 1000).toFixed(1)} s    ${built} subsets, ${expanded} expanded; rss ${(mem.rss / 2 ** 30).toFixed(1)} GiB`);
    };
    r = admissibleDirect(set, {
      layers,
      ...(log ? { onProgress } : {}),
      ...(maxSubsets ? { maxSubsets } : {}),
      ...(maxNfaStates ? { maxNfaStates } : {}),
      ...(maxBytes ? { maxBytes } : {}),
      ...(maxThrough !== undefined ? { maxThroughCandidates: maxThrough } : {}),
      ...(spillDir ? { spillDir } : {}),
      ...(checkpointDir ? { checkpoint: new DirectoryStages(checkpointDir, { set: c.name, method: 'logic' }) } : {}),
      ...(args.includes('--before') ? { stuckPieces: false } : {}),
      ...(log ? { log } : {}),
    });
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
    `  states: P ${st.p}; ${st.near ? `P - P among the moves with a coordinate below ${st.near.below}: NFA ${st.near.nfa}, minimal ${st.near.states}; ` : ''}` +
      `P - P: ${st.differences === 0 ? 'not needed' : `NFA ${st.differenceNfa}, F(m,i) ${st.differencePairs}, subsets ${st.differenceSubsets}, minimal ${st.differences}`}; ` +
      `${st.axisStuck === undefined ? '' : `positions with no zero-coordinate move to P: ${st.axisStuck} states; `}` +
      `${st.layerStuck === undefined ? '' : `after the layer passes (and the move to 0 unless they left finitely many): ${st.layerStuck.join(', ')} states; `}moves E(p,q): NFA ${st.moveNfa}, subsets ${st.moveSubsets}, minimal ${st.moves}; bad search ${st.badSearch} pairs; largest subset ${st.largestSubset}`,
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
  const { bad } = badInBox(points, c.small);
  const w = r.witness?.map(Number);
  const ok = disagree === 0 && (r.admissible ? bad.length === 0 : bad.some((p) => key(p) === key(w!)));
  console.log(`  brute force in [0,${c.small}]^${n} (P from the definition, P - P from [0,${c.big}]^${n}): P agrees: ${disagree === 0}, bad positions ${bad.length}${bad.length ? ` first (${bad[0]!.join(',')})` : ''}: ${ok ? 'consistent' : 'INCONSISTENT'}`);
}
