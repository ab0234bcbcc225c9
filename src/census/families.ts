/**
 * Families of games (docs/census.md): a family name enumerates its members as canonical spec
 * strings, each with the computation the family calls for. The grammar:
 *
 *   octal:D          every code 0.d1...dD and 4.d1...d(D-1) (last digit non-zero; 4.0 included), D <= 5
 *   octal-tables:D   every code 0.d1...dD and 4.d1...dD, as the published tables group them (Winning Ways,
 *                    Flammenkamp, tczajka's GameLookup: octal-tables:3 is theirs), D <= 4
 *   octal-6111:N     the prefixes 0.6, 0.61, 0.611, ... of 0.6111... (N codes), N <= 64
 *   octal-0n7:N      0.7, 0.07, 0.007, ...: remove exactly n tokens (n = 1..N), leaving 0, 1 or 2 heaps, N <= 100
 *   grundy           Grundy's game, 4!.0 (split a heap into two unequal heaps)
 *   hex:D            every hexadecimal code 0.h1...hD and X.h1...h(D-1), X in {4, 8, C}, D <= 3
 *   subtraction:K    every non-empty S within {1..K}, K <= 20
 *   rewrite:E        every taking-and-merging game {a^i, ..., b^j, ...} with exponents <= E, E <= 10, up to
 *                    the exchange of a and b (the member is the one whose a-exponents are the larger set,
 *                    read as a binary number; its mirror is named in the row)
 *   rewrite:@FILE    the rule sets listed in FILE, one per line (`a,a4,b` or `rewrite:a,a4,b`; # comments)
 *   wythoff:L        Wythoff, and Wythoff plus each extra move pair (K,L') with 1 <= K < L' <= L
 *   push:S1;S2;...   every ordered pair push(Si,Sj) of the listed one-heap or two-heap games
 */
import { InputError } from '../core/errors.js';
import { parseSpec } from '../spec/index.js';
import type { Computation } from './row.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface Member {
  spec: string;
  computation: Computation;
  /** The same game with a and b exchanged, when it is another member of the family's full set. */
  mirror?: string;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface Family {
  /** The family as written (normalised), the key of a census. */
  name: string;
  members: Member[];
  /** The bound used when none is given: heaps for sequences and P-positions, word length for rewrite games. */
  defaultBound: number;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface FamilyOptions {
  /** Reads the file of `rewrite:@FILE` (the CLI passes a reader; the library does no I/O of its own). */
  readFile?: (path: string) => string;
}

function familyError(text: string, reason: string): InputError {
  return new InputError(`bad census family ${JSON.stringify(text)}: ${reason}`);
}

function sizeArgument(text: string, arg: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(arg)) throw familyError(text, `expected ${what} (an integer ${min}..${max}) after the colon`);
  const n = Number(arg);
  if (n < min || n > max) throw familyError(text, `${what} must be ${min}..${max}, got ${n}`);
  return n;
}

/**
 * A family of games from its text, e.g. `octal:3`, `subtraction:5`, `rewrite:4`, `wythoff:6`
 * (docs/census.md).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseFamily(text: string, options: FamilyOptions = {}): Family {
  const trimmed = text.trim();
  if (trimmed === 'grundy') return { name: 'grundy', members: [{ spec: 'octal:4!.0', computation: 'sequence' }], defaultBound: 4096 };
  const colon = trimmed.indexOf(':');
  if (colon < 0) throw familyError(text, 'expected KIND:ARGUMENT, e.g. octal:3, octal-tables:3, subtraction:5, rewrite:4, wythoff:6, push:S1;S2');
  const kind = trimmed.slice(0, colon);
  const arg = trimmed.slice(colon + 1).trim();
  switch (kind) {
    case 'octal': {
      const d = sizeArgument(text, arg, 'the number of code digits', 1, 5);
      return { name: `octal:${d}`, members: codeMembers('octal', 8, [4], d), defaultBound: 4096 };
    }
    case 'octal-tables': {
      const d = sizeArgument(text, arg, 'the number of code digits', 1, 4);
      return { name: `octal-tables:${d}`, members: codeMembers('octal', 8, [4], d, d), defaultBound: 4096 };
    }
    case 'octal-6111': {
      const n = sizeArgument(text, arg, 'the number of codes N', 1, 64);
      const members = Array.from({ length: n }, (_, i): Member => ({ spec: `octal:0.6${'1'.repeat(i)}`, computation: 'sequence' }));
      return { name: `octal-6111:${n}`, members, defaultBound: 4096 };
    }
    case 'octal-0n7': {
      const n = sizeArgument(text, arg, 'the largest number of tokens removed N', 1, 100);
      const members = Array.from({ length: n }, (_, i): Member => ({ spec: `octal:0.${'0'.repeat(i)}7`, computation: 'sequence' }));
      return { name: `octal-0n7:${n}`, members, defaultBound: 4096 };
    }
    case 'hex': {
      const d = sizeArgument(text, arg, 'the number of code digits', 1, 3);
      return { name: `hex:${d}`, members: codeMembers('hex', 16, [4, 8, 12], d), defaultBound: 4096 };
    }
    case 'subtraction': {
      const k = sizeArgument(text, arg, 'the largest move K', 1, 20);
      return { name: `subtraction:${k}`, members: subtractionMembers(k), defaultBound: 4096 };
    }
    case 'rewrite': {
      if (arg.startsWith('@')) return rewriteFileFamily(text, arg.slice(1), options);
      const e = sizeArgument(text, arg, 'the largest exponent E', 1, 10);
      return { name: `rewrite:${e}`, members: takingAndMergingMembers(e), defaultBound: 12 };
    }
    case 'wythoff': {
      const l = sizeArgument(text, arg, 'the largest extra move L', 1, 1000);
      return { name: `wythoff:${l}`, members: wythoffMembers(l), defaultBound: 10_000 };
    }
    case 'push':
      return pushFamily(text, arg);
    default:
      throw familyError(text, `unknown family ${JSON.stringify(kind)}; the families are octal:D, octal-tables:D, octal-6111:N, octal-0n7:N, grundy, hex:D, subtraction:K, rewrite:E, rewrite:@FILE, wythoff:L, push:S1;S2;...`);
  }
}

/**
 * Codes d0.d1...dk with k <= D digits after the point and dk != 0 (a trailing 0 names the same game),
 * d0 = 0; and with d0 in `splitters` (removing nothing splits the heap), k <= splitterDigits (D - 1 unless
 * given) digits, plus d0.0.
 */
function codeMembers(kind: 'octal' | 'hex', radix: 8 | 16, splitters: number[], digits: number, splitterDigits = digits - 1): Member[] {
  const show = (d: number) => d.toString(16).toUpperCase();
  const tails = (k: number): string[] => {
    // Every string of k digits whose last one is non-zero.
    let out = [''];
    for (let i = 0; i < k; i++) {
      const next: string[] = [];
      for (const t of out) for (let d = i === k - 1 ? 1 : 0; d < radix; d++) next.push(t + show(d));
      out = next;
    }
    return out;
  };
  const members: Member[] = [];
  for (let k = 1; k <= digits; k++) for (const t of tails(k)) members.push({ spec: `${kind}:0.${t}`, computation: 'sequence' });
  for (const d0 of splitters) {
    members.push({ spec: `${kind}:${show(d0)}.0`, computation: 'sequence' });
    for (let k = 1; k <= splitterDigits; k++) for (const t of tails(k)) members.push({ spec: `${kind}:${show(d0)}.${t}`, computation: 'sequence' });
  }
  return members;
}

function subtractionMembers(k: number): Member[] {
  const members: Member[] = [];
  for (let mask = 1; mask < 1 << k; mask++) {
    const set: number[] = [];
    for (let s = 1; s <= k; s++) if (mask & (1 << (s - 1))) set.push(s);
    members.push({ spec: `subtraction:${set.join(',')}`, computation: 'sequence' });
  }
  // By largest move, then by the rest read as a binary number: 1; 2; 1,2; 3; 1,3; 2,3; 1,2,3; 4; ...
  return members;
}

/** {a^i : bit i-1 of aMask} ∪ {b^j : bit j-1 of bMask} as a spec. */
function takingAndMergingSpec(aMask: number, bMask: number, e: number): string {
  const rules: string[] = [];
  for (let i = 1; i <= e; i++) if (aMask & (1 << (i - 1))) rules.push(i === 1 ? 'a' : `a${i}`);
  for (let j = 1; j <= e; j++) if (bMask & (1 << (j - 1))) rules.push(j === 1 ? 'b' : `b${j}`);
  return `rewrite:${rules.join(',')}`;
}

/**
 * The games with both letters, one per pair {G, mirror G}: the one with aMask >= bMask, so that the
 * paper's forms {a^k1, ..., b} and {a, a2, b, b2} are members as written.
 */
function takingAndMergingMembers(e: number): Member[] {
  const members: Member[] = [];
  const top = 1 << e;
  for (let a = 1; a < top; a++) {
    for (let b = 1; b <= a; b++) {
      const spec = takingAndMergingSpec(a, b, e);
      members.push(a === b ? { spec, computation: 'rewrite' } : { spec, computation: 'rewrite', mirror: takingAndMergingSpec(b, a, e) });
    }
  }
  return members;
}

function rewriteFileFamily(text: string, path: string, options: FamilyOptions): Family {
  if (path === '') throw familyError(text, 'expected a file name after rewrite:@');
  if (!options.readFile) throw familyError(text, 'rule sets from a file need a file reader');
  const members: Member[] = [];
  const seen = new Set<string>();
  options
    .readFile(path)
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = raw.replace(/#.*/, '').trim();
      if (line === '') return;
      const spec = line.startsWith('rewrite:') ? line : `rewrite:${line}`;
      let canonical: string;
      try {
        canonical = canonicalRewriteSpec(spec);
      } catch (e) {
        throw new InputError(`${path}, line ${i + 1}: ${(e as Error).message}`);
      }
      if (seen.has(canonical)) return;
      seen.add(canonical);
      members.push({ spec: canonical, computation: 'rewrite' });
    });
  if (members.length === 0) throw familyError(text, `${path} lists no rule set`);
  return { name: `rewrite:@${path}`, members, defaultBound: 12 };
}

/** The spec as the parser reads it back (`aaa` -> `a3`, spaces dropped): one string per game. */
function canonicalRewriteSpec(spec: string): string {
  const rs = parseSpec(spec, { allowUnboundedRewriting: true });
  if (rs.domain.kind !== 'word') throw new InputError(`${spec} is not a rewrite game`);
  return rs.name;
}

function wythoffMembers(l: number): Member[] {
  const members: Member[] = [{ spec: 'wythoff', computation: 'wythoff' }];
  for (let k = 1; k <= l; k++) for (let m = k + 1; m <= l; m++) members.push({ spec: `wythoff+${k},${m}`, computation: 'wythoff' });
  return members;
}

function pushFamily(text: string, arg: string): Family {
  const specs = arg.split(';').map((s) => s.trim());
  if (specs.some((s) => s === '')) throw familyError(text, 'empty ruleset in the list (separate specs by ;)');
  if (specs.length > 1000) throw familyError(text, 'at most 1000 rulesets');
  const heaps = specs.map((s) => {
    const rs = parseSpec(s);
    if (rs.domain.kind !== 'heaps') throw familyError(text, `${s} is not a heap game; push pairs are computed on one or two heaps`);
    // heapCount is absent for games on any number of heaps (nim, and compounds of one-heap games).
    return rs.heapCount ?? 1;
  });
  const members: Member[] = [];
  specs.forEach((a, i) =>
    specs.forEach((b, j) => {
      // A one-heap pair has a Grundy sequence; any other heap game is tabulated on two heaps.
      const computation: Computation = heaps[i] === 1 && heaps[j] === 1 ? 'sequence' : 'ppositions';
      members.push({ spec: `push(${a},${b})`, computation });
    }),
  );
  return { name: `push:${specs.join(';')}`, members, defaultBound: 1000 };
}

/**
 * The normalised name of a family without enumerating its members (to read a stored census back).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function familyName(text: string): string {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const kind = colon < 0 ? trimmed : trimmed.slice(0, colon);
  const arg = trimmed.slice(colon + 1).trim();
  if (colon < 0 || !['octal', 'octal-tables', 'octal-6111', 'octal-0n7', 'hex', 'subtraction', 'rewrite', 'wythoff', 'push'].includes(kind)) return parseFamily(text).name;
  if (kind === 'push') return `push:${arg.split(';').map((s) => s.trim()).join(';')}`;
  if (kind === 'rewrite' && arg.startsWith('@')) return `rewrite:@${arg.slice(1)}`;
  if (!/^\d+$/.test(arg)) return parseFamily(text).name;
  return `${kind}:${Number(arg)}`;
}
