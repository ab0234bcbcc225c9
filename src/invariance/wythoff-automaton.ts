/**
 * The P-positions of Wythoff Nim with extra moves as a Fibonacci automaton, proved (seed: maharaja-nim,
 * Question 1). Every column x holds one P-position (x, f(x)) on a band φx + O(1) or x/φ + O(1) (Theorem
 * 1.2 for Maharaja Nim), and the Fibonacci shift σ (each Zeckendorf digit one place up: σ(x) = φx + O(1))
 * turns the band into a bounded offset: c(x) = f(x) − σ(x) when f(x) >= x, x − σ(f(x)) when f(x) < x.
 * The side and the offset, coded as one small number, are learned as a DFAO over x's Zeckendorf digits
 * (numeration/zeckendorf-learner.ts) from the table; then the logic engine proves, for all x and y, that
 * the relation P it defines is exactly the set of P-positions: P is a function and symmetric, no move joins
 * two of its positions, and every position outside it has a move into it. (A set with the last two
 * properties is the set of P-positions of a game that ends: induction on the position.) Membership is then
 * one pass of two automata over the digits of (x, y): time linear in log(xy).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wythoffFamilyTable, type ExtraMove } from '../analysis/wythoff-table.js';
import { InputError } from '../core/errors.js';
import type { Limits } from '../logic/predicate.js';
import { Session, splitCommandFile } from '../logic/session.js';
import { learnZeckendorfDfao, zeckendorfDigits, ZECKENDORF_WEIGHTS, type ZeckendorfLearnOptions, type ZeckendorfDfao } from '../numeration/zeckendorf-learner.js';

/**
 * σ(x): each Zeckendorf digit of x one place up.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function fibonacciShift(x: number): number {
  let v = 0;
  let i = ZECKENDORF_WEIGHTS.length - 2;
  while (i > 0 && ZECKENDORF_WEIGHTS[i]! > x) i--;
  for (; i >= 0; i--) {
    if (ZECKENDORF_WEIGHTS[i]! <= x) {
      v += ZECKENDORF_WEIGHTS[i + 1]!;
      x -= ZECKENDORF_WEIGHTS[i]!;
    }
  }
  return v;
}

const UNKNOWN = -(2 ** 31);

/**
 * 2c(x) when f(x) >= x (the upper band), 2c(x) + 1 below; UNKNOWN where the table's column has no P-position yet.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function bandOffsets(col: Int32Array): Int32Array {
  const o = new Int32Array(col.length);
  for (let x = 0; x < col.length; x++) {
    const y = col[x]!;
    o[x] = y < 0 ? UNKNOWN : y >= x ? 2 * (y - fibonacciShift(x)) : 2 * (x - fibonacciShift(y)) + 1;
  }
  return o;
}

/**
 * The automaton of a game's P-positions: the DFAO of band offsets and what its outputs mean.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface WythoffAutomaton {
  extraMoves: readonly ExtraMove[];
  dfao: ZeckendorfDfao;
  /** Output k of the DFAO (Walnut's value @k) stands for band offset codes[k] (2c upper, 2c + 1 lower). */
  codes: number[];
  /** Columns of the table it was learned from and checked on. */
  columns: number;
  checked: number;
  rounds: { states: number; suffixes: number; disagreements: number }[];
}

/**
 * Learns the automaton of Wythoff Nim + `extraMoves` from its table of `columns` columns (LimitError if none fits).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function learnWythoffAutomaton(extraMoves: readonly ExtraMove[], columns: number, options: ZeckendorfLearnOptions = {}): WythoffAutomaton {
  const offsets = bandOffsets(wythoffFamilyTable(extraMoves, columns).col);
  const learned = learnZeckendorfDfao(offsets, UNKNOWN, options);
  const codes = [...new Set(learned.dfao.output)].sort((a, b) => a - b);
  const output = learned.dfao.output.map((v) => codes.indexOf(v));
  return { extraMoves, dfao: { next: learned.dfao.next, output }, codes, columns, checked: learned.checked, rounds: learned.rounds };
}

/**
 * f(x), the P-position's y in column x, read off the automaton (any x: the digits are BigInt's).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function automatonPartner(a: Pick<WythoffAutomaton, 'dfao' | 'codes'>, x: bigint): bigint {
  const { digits, weights } = zeckendorfDigits(x);
  let q = 0;
  let shifted = 0n;
  digits.forEach((d, j) => {
    q = a.dfao.next[2 * q + d]!;
    if (d) shifted += weights[digits.length - j]!;
  });
  const code = a.codes[a.dfao.output[q]!]!;
  const c = BigInt(code >> 1);
  if ((code & 1) === 0) return shifted + c;
  // Lower band: x = σ(y) + c, and y is the one whose shift is x - c (σ is increasing).
  return inverseShift(x - c);
}

/** The y with σ(y) = s (s is a shift, so its Zeckendorf digits end in 0 and move one place down). */
function inverseShift(s: bigint): bigint {
  const { digits, weights } = zeckendorfDigits(s);
  if (digits.length > 0 && digits[digits.length - 1] === 1) throw new InputError("automatonPartner: the offset does not lead to a shift (the automaton is not this game's)");
  let y = 0n;
  digits.forEach((d, j) => {
    if (d) y += weights[digits.length - 2 - j]!;
  });
  return y;
}

/** σ as a two-track msd_fib automaton (x, y): y's digits are x's one place up, so x's first digit is 0. */
const SHIFT_AUTOMATON = 'msd_fib msd_fib\n\n0 1\n0 0 -> 0\n0 1 -> 1\n\n1 0\n1 0 -> 0\n1 1 -> 1\n';

/**
 * The DFAO in Walnut's word automaton format (msd_fib).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function walnutWordAutomaton(dfao: ZeckendorfDfao): string {
  let text = 'msd_fib\n';
  for (let q = 0; q < dfao.output.length; q++) {
    text += `\n${q} ${dfao.output[q]}\n`;
    for (const d of [0, 1]) if (dfao.next[2 * q + d]! >= 0) text += `${d} -> ${dfao.next[2 * q + d]}\n`;
  }
  return text;
}

/** x + c = z or x = z + c, as the logic's natural numbers want it. */
const plus = (x: string, c: number, z: string) => (c < 0 ? `${x}+${-c}=${z}` : c === 0 ? `${x}=${z}` : `${x}=${z}+${c}`);

/**
 * The commands that define P from the DFAO (word automaton `name`) and σ (`$sh`), and the sentences of the
 * proof, each of which must hold. The moves: Wythoff's (a row, a column, a diagonal) and each extra (k, l)
 * both ways.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function proofCommands(a: Pick<WythoffAutomaton, 'codes' | 'extraMoves'>, name = 'MH'): string {
  const cases = a.codes.map((code, k) =>
    (code & 1) === 0 ? `(${name}[x]=@${k} & Ez $sh(x,z) & ${plus('y', code >> 1, 'z')})` : `(${name}[x]=@${k} & Ez $sh(y,z) & ${plus('x', (code - 1) / 2, 'z')})`,
  );
  const extras = a.extraMoves.flatMap(([k, l]) => (k === l ? [[k, l]] : [[k, l], [l, k]]));
  const lines = [
    `def P "?msd_fib ${cases.join(' | ')}";`,
    '# P is a function of x and symmetric: no row or column move joins two of its positions.',
    'eval function "?msd_fib Ax Ey $P(x,y)";',
    'eval unique "?msd_fib Ax,y,z ($P(x,y) & $P(x,z)) => y=z";',
    'eval symmetric "?msd_fib Ax,y $P(x,y) => $P(y,x)";',
    '# No diagonal move joins two (on the upper side; the lower follows by symmetry).',
    'def Dg "?msd_fib Ey $P(x,y) & y = x + d";',
    'eval nodiagonal "?msd_fib ~(Ex,u,d u<x & $Dg(x,d) & $Dg(u,d))";',
    ...extras.map(([k, l], i) => `eval noextra${i} "?msd_fib ~(Ex,y $P(x,y) & $P(x+${k},y+${l}))";`),
    '# Every position outside P has a move into P.',
    'def Row "?msd_fib Ev v<y & $P(x,v)";',
    'def Column "?msd_fib Eu u<x & $P(u,y)";',
    'def Diagonal "?msd_fib Eu,v u<x & x+v=y+u & $P(u,v)";',
    ...extras.map(([k, l], i) => `def Extra${i} "?msd_fib Eu,v u+${k}=x & v+${l}=y & $P(u,v)";`),
    `eval reach "?msd_fib Ax,y $P(x,y) | $Row(x,y) | $Column(x,y) | $Diagonal(x,y)${extras.map((_, i) => ` | $Extra${i}(x,y)`).join('')}";`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * The DFAO of a Walnut word automaton file over msd_fib (as `walnutWordAutomaton` writes it).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function readWalnutDfao(text: string): ZeckendorfDfao {
  const blocks = text.trim().split(/\n\s*\n/);
  if (blocks[0]!.trim() !== 'msd_fib') throw new InputError('a Fibonacci word automaton starts with the line msd_fib');
  const states = blocks.slice(1);
  const next = new Int32Array(2 * states.length).fill(-1);
  const output = new Int32Array(states.length);
  for (const b of states) {
    const [head, ...moves] = b.trim().split('\n');
    const [q, out] = head!.trim().split(/\s+/).map(Number) as [number, number];
    if (!(q >= 0 && q < states.length) || !Number.isInteger(out)) throw new InputError(`bad state line ${JSON.stringify(head)} in a word automaton`);
    output[q] = out;
    for (const m of moves) {
      const [d, t] = m.split('->').map((x) => Number(x.trim())) as [number, number];
      if ((d !== 0 && d !== 1) || !(t >= 0 && t < states.length)) throw new InputError(`bad transition ${JSON.stringify(m)} in a word automaton`);
      next[2 * q + d] = t;
    }
  }
  return { next, output };
}

/** What a shipped automaton's folder says of it beside the Walnut files (automaton.json). */
interface AutomatonInfo {
  extraMoves: readonly ExtraMove[];
  codes: number[];
  columns: number;
  checked: number;
}

/**
 * The automaton in a folder that `walnutLibrary` wrote (data/wythoff-automata/NAME), read by `files(path)`,
 * checked to be the one its proof speaks of (the proof's text is made again from the moves and the offsets).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function readWythoffAutomaton(files: (path: string) => string, name = 'MH'): WythoffAutomaton {
  const info = JSON.parse(files('automaton.json')) as AutomatonInfo;
  const dfao = readWalnutDfao(files(`Word Automata Library/${name}.txt`));
  const a: WythoffAutomaton = { extraMoves: info.extraMoves, codes: info.codes, columns: info.columns, checked: info.checked, rounds: [], dfao };
  if (files(`Command Files/${name}-proof.txt`) !== proofCommands(a, name)) throw new InputError(`the proof beside the automaton ${name} is not the proof of its moves and offsets`);
  return a;
}

/** The proved automata shipped in data/wythoff-automata, by their extra moves. */
const SHIPPED_AUTOMATA = fileURLToPath(new URL('../../../data/wythoff-automata/', import.meta.url));
const SHIPPED_NAMES: Readonly<Record<string, string>> = { '1,2': 'maharaja', '2,3': 'maharaja-2-3' };

/**
 * The proved automaton sprague ships for Wythoff Nim + `extraMoves` (Maharaja Nim, (2,3)-Maharaja Nim), or
 * undefined; `folder` is where its Walnut library is.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function shippedWythoffAutomaton(extraMoves: readonly ExtraMove[]): { automaton: WythoffAutomaton; folder: string } | undefined {
  const key = extraMoves.map(([k, l]) => `${Math.min(k, l)},${Math.max(k, l)}`).sort().join(';');
  const name = SHIPPED_NAMES[key];
  if (name === undefined) return undefined;
  const folder = join(SHIPPED_AUTOMATA, name);
  return { automaton: readWythoffAutomaton((path) => readFileSync(join(folder, path), 'utf8')), folder };
}

/**
 * The Walnut library of the automaton: files by path relative to the library's root.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function walnutLibrary(a: WythoffAutomaton, name = 'MH'): Record<string, string> {
  return {
    [`Word Automata Library/${name}.txt`]: walnutWordAutomaton(a.dfao),
    'Automata Library/sh.txt': SHIFT_AUTOMATON,
    [`Command Files/${name}-proof.txt`]: proofCommands(a, name),
    'automaton.json': `${JSON.stringify({ extraMoves: a.extraMoves, codes: a.codes, columns: a.columns, checked: a.checked } satisfies AutomatonInfo)}\n`,
  };
}

/**
 * Each sentence of the proof and whether it holds; `proved` when every one does.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ProofResult {
  sentences: { name: string; holds: boolean }[];
  proved: boolean;
}

/**
 * Runs the proof's commands in a session of the logic engine that reads the library from memory.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function proveWythoffAutomaton(files: Record<string, string>, name = 'MH', limits: Limits = {}): ProofResult {
  const session = new Session({ ...limits, readFile: (path) => files[path] });
  const sentences: ProofResult['sentences'] = [];
  for (const command of splitCommandFile(files[`Command Files/${name}-proof.txt`]!)) {
    const r = session.run(command);
    if (r.verb === 'eval') sentences.push({ name: r.name, holds: r.result === true });
  }
  return { sentences, proved: sentences.length > 0 && sentences.every((s) => s.holds) };
}
