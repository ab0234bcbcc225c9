/**
 * Walnut's automaton commands, on stored predicates and word automata: `reverse`, `union`,
 * `intersect`, `star`, `concat`, `leftquo`, `rightquo`, `combine`, `alphabet` and `convert`. The
 * language commands work on the raw languages (no padding or validity added), as Walnut's do; the
 * tracks of a second operand are matched to the first one's by digit value.
 */
import { InputError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { product } from '../automata/ops.js';
import { concatenate, kleeneStar, leftQuotient, reverseMoore, rightQuotient, withEmptyWord, withLeadingLetter, withTrailingLetter } from '../automata/language.js';
import { determinise, Nfa } from '../automata/nfa.js';
import { NumerationSystem } from '../numeration/system.js';
import type { WordAutomaton } from './compile.js';
import { flipTracks, type Limits, lettersOf, Predicate, radixOf, reversePredicate, type Track, trackKindName, validityOf } from './predicate.js';
import { trackOfToken } from './walnut-format.js';

/** What the commands read and write. */
export interface CommandLibrary {
  predicate(name: string): Predicate | undefined;
  word(name: string): WordAutomaton | undefined;
}

/** A command's result: an acceptor stored as `$name`, or a word automaton stored as `NAME[...]`. */
export interface AutomatonResult {
  kind: 'predicate' | 'word';
  tracks: readonly Track[];
  dfa: Dfa;
}

/** The digit value of letter index d on track t. */
function digitValue(t: Track, d: number): number {
  return t.system ? d : t.alphabet![d]!;
}

/** The letter index of digit value v on track t, or -1. */
function digitIndex(t: Track, v: number): number {
  if (t.system) return v >= 0 && v < t.system.base ? v : -1;
  return t.alphabet!.indexOf(v);
}

/**
 * The automaton `dfa` over tracks `from` re-read over tracks `to` (same number of tracks): a letter
 * of `to` goes to the letter of `from` with the same digit values, or to a rejecting sink (output
 * 0) when some value is not a digit of `from`. O(n |Σ_to|).
 */
export function retrack(dfa: Dfa, from: readonly Track[], to: readonly Track[]): Dfa {
  if (from.length !== to.length) throw new InputError(`an automaton with ${from.length} tracks where ${to.length} are needed`);
  const toRadix = to.map(radixOf);
  const fromRadix = from.map(radixOf);
  const K = lettersOf(to);
  const map = new Int32Array(K);
  for (let L = 0; L < K; L++) {
    let rest = L;
    let old = 0;
    let w = 1;
    for (let i = 0; i < to.length; i++) {
      const d = rest % toRadix[i]!;
      rest = Math.floor(rest / toRadix[i]!);
      const j = digitIndex(from[i]!, digitValue(to[i]!, d));
      if (j < 0 || old < 0) old = -1;
      else old += j * w;
      w *= fromRadix[i]!;
    }
    map[L] = old;
  }
  const n = dfa.stateCount;
  const sink = n;
  const delta = new Int32Array((n + 1) * K);
  for (let s = 0; s <= n; s++) {
    for (let L = 0; L < K; L++) delta[s * K + L] = s === sink || map[L]! < 0 ? sink : dfa.next(s, map[L]!);
  }
  return new Dfa(K, delta, Int32Array.from([...dfa.output, 0]), dfa.start);
}

/** The letter with digit value 0 on every track, or -1 when some alphabet lacks 0. */
function zeroLetter(tracks: readonly Track[]): number {
  let L = 0;
  let w = 1;
  for (const t of tracks) {
    const i = digitIndex(t, 0);
    if (i < 0) return -1;
    L += i * w;
    w *= radixOf(t);
  }
  return L;
}

/**
 * Walnut labels the result of star and concat msd_b for an arithmetic track of b digits (the result
 * is a plain language over the digits; e.g. a star of msd_fib words is msd_2, case 601).
 */
function plainTracks(tracks: readonly Track[]): Track[] {
  return tracks.map((t) => (t.system ? { ...t, system: NumerationSystem.byName(`msd_${t.system.base}`) } : t));
}

/** The acceptor `$name` or `name` (Walnut's language commands take the bare name). */
function operand(lib: CommandLibrary, token: string, verb: string): Predicate {
  const name = token.replace(/^\$/, '');
  const p = lib.predicate(name);
  if (!p) throw new InputError(`${verb}: no automaton named $${name} (define it with def or reg first)`);
  return p;
}

/** The operands as acceptors over the first one's tracks. */
function sameTracks(ps: readonly Predicate[]): Dfa[] {
  const first = ps[0]!;
  return ps.map((p) => (p === first ? first.dfa : retrack(p.dfa, p.tracks, first.tracks)));
}

const acceptor = (d: Dfa) => d.mapOutput((o) => (o !== 0 ? 1 : 0));

/** The word automaton read backwards (msd ↔ lsd), same outputs. */
export function reverseWord(w: WordAutomaton, limits: Limits = {}): WordAutomaton {
  return { tracks: flipTracks(w.tracks), dfa: reverseMoore(w.dfa, limits.maxStates ?? limitDefault('languageStates')) };
}

/** Splits a command's operand text into tokens, keeping {a, b} sets whole. */
function tokens(rest: string): string[] {
  return rest.match(/\{[^}]*\}|\S+/g) ?? [];
}

/** Runs one of the automaton commands (verb already split off); undefined when the verb is not one. */
export function runAutomatonCommand(verb: string, name: string, rest: string, lib: CommandLibrary, limits: Limits = {}): AutomatonResult | undefined {
  const args = tokens(rest);
  const maxStates = limits.maxStates ?? limitDefault('languageStates');
  const stop = limits.signal ? { signal: limits.signal } : {};
  const need = (n: number) => {
    if (args.length < n) throw new InputError(`${verb} ${name}: expected at least ${n} operand${n > 1 ? 's' : ''}`);
  };
  switch (verb) {
    case 'union':
    case 'intersect': {
      need(2);
      const ps = args.map((a) => operand(lib, a, verb));
      const ds = sameTracks(ps);
      const test = verb === 'union' ? (x: number, y: number) => (x !== 0 || y !== 0 ? 1 : 0) : (x: number, y: number) => (x !== 0 && y !== 0 ? 1 : 0);
      let d = acceptor(ds[0]!);
      for (const e of ds.slice(1)) d = minimise(product(d, e, test, maxStates, stop), limits.signal);
      return { kind: 'predicate', tracks: ps[0]!.tracks, dfa: d };
    }
    case 'star': {
      need(1);
      const p = operand(lib, args[0]!, verb);
      return { kind: 'predicate', tracks: plainTracks(p.tracks), dfa: kleeneStar(p.dfa, maxStates) };
    }
    case 'concat': {
      need(2);
      const ps = args.map((a) => operand(lib, a, verb));
      // Walnut's concat reads every operand as if it also held ε (case 603: L·L ∪ L for the stored L);
      // ε itself is in the result only when every operand holds it.
      const ds = sameTracks(ps).map((d) => acceptor(d));
      const all = ds.every((d) => d.output[d.start] !== 0);
      const joined = concatenate(ds.map((d) => withEmptyWord(d)), maxStates);
      return { kind: 'predicate', tracks: plainTracks(ps[0]!.tracks), dfa: all ? joined : withEmptyWord(joined, false) };
    }
    case 'rightquo':
    case 'leftquo': {
      need(2);
      const ps = args.slice(0, 2).map((a) => operand(lib, a, verb));
      const [a, b] = sameTracks(ps) as [Dfa, Dfa];
      const d = verb === 'rightquo' ? rightQuotient(a, b) : leftQuotient(a, b, maxStates);
      return { kind: 'predicate', tracks: ps[0]!.tracks, dfa: d };
    }
    case 'reverse': {
      need(1);
      if (args[0]!.startsWith('$')) {
        const p = reversePredicate(operand(lib, args[0]!, verb), limits);
        return { kind: 'predicate', tracks: p.tracks, dfa: p.dfa };
      }
      const w = lib.word(args[0]!);
      if (!w) throw new InputError(`reverse ${name}: no word automaton named ${args[0]}`);
      const r = reverseWord(w, limits);
      return { kind: 'word', ...r };
    }
    case 'minimize':
    case 'fixleadzero':
    case 'fixtrailzero': {
      need(1);
      const p = operand(lib, args[0]!, verb);
      // The zero letter: digit value 0 on every track (letter index 0 on arithmetic tracks).
      const zero = zeroLetter(p.tracks);
      const d = acceptor(p.dfa);
      const dfa = verb === 'minimize' ? minimise(d) : zero < 0 ? d : verb === 'fixleadzero' ? withLeadingLetter(d, zero, maxStates) : withTrailingLetter(d, zero);
      return { kind: 'predicate', tracks: p.tracks, dfa };
    }
    case 'combine':
      return combineCommand(name, args, lib, maxStates);
    case 'alphabet':
      return alphabetCommand(name, args, lib);
    case 'convert':
      return convertCommand(name, args, lib, maxStates);
    default:
      return undefined;
  }
}

/**
 * `combine NAME p1[=v1] p2[=v2] ...`: the word automaton whose output on a word is v_i for the first
 * p_i that accepts it (v_i = i by default), and 0 where none does.
 */
function combineCommand(name: string, args: string[], lib: CommandLibrary, maxStates: number): AutomatonResult {
  if (args.length === 0) throw new InputError(`combine ${name}: name at least one predicate`);
  const parts = args.map((a, i) => {
    const m = /^\$?([A-Za-z][A-Za-z0-9_]*)(?:=(-?\d+))?$/.exec(a);
    if (!m) throw new InputError(`combine ${name}: bad operand ${JSON.stringify(a)} (expected NAME or NAME=VALUE)`);
    return { p: operand(lib, m[1]!, 'combine'), value: m[2] === undefined ? i + 1 : Number(m[2]) };
  });
  const tracks = parts[0]!.p.tracks;
  // Fold from the last: out = p_i ? v_i : (rest).
  let d = Dfa.from(1, parts[0]!.p.dfa.alphabetSize, () => 0, () => 0);
  for (let i = parts.length - 1; i >= 0; i--) {
    const { p, value } = parts[i]!;
    const di = p === parts[0]!.p ? p.dfa : retrack(p.dfa, p.tracks, tracks);
    d = minimise(product(di, d, (x, y) => (x !== 0 ? value : y), maxStates));
  }
  return { kind: 'word', tracks, dfa: d };
}

/**
 * `alphabet NAME ns1 ... nsk [$]SRC`: the same automaton with its tracks re-read in other systems or
 * alphabets; a digit value missing from the old alphabet rejects, and words that are not valid
 * representations in a new arithmetic system are dropped.
 */
function alphabetCommand(name: string, args: string[], lib: CommandLibrary): AutomatonResult {
  if (args.length < 2) throw new InputError(`alphabet ${name}: expected the new tracks and an automaton`);
  const src = args[args.length - 1]!;
  const to = args.slice(0, -1).map((t, i) => trackOfToken(t, i));
  if (src.startsWith('$')) {
    const p = operand(lib, src, 'alphabet');
    const to2 = to.map((t, i) => ({ ...t, name: p.tracks[i]?.name ?? t.name }));
    const d = retrack(p.dfa, p.tracks, to2);
    const valid = validityOf(to2);
    return { kind: 'predicate', tracks: to2, dfa: minimise(product(d, valid, (x, y) => (x !== 0 && y !== 0 ? 1 : 0))) };
  }
  const w = lib.word(src);
  if (!w) throw new InputError(`alphabet ${name}: no word automaton named ${src}`);
  const to2 = to.map((t, i) => ({ ...t, name: w.tracks[i]?.name ?? t.name }));
  return { kind: 'word', tracks: to2, dfa: minimise(retrack(w.dfa, w.tracks, to2)) };
}

/** k and e with base = k^e for the least such k. */
function rootOf(base: number): { k: number; e: number } {
  for (let k = 2; k <= base; k++) {
    let e = 0;
    let b = base;
    while (b % k === 0) {
      b /= k;
      e++;
    }
    if (b === 1) return { k, e };
  }
  return { k: base, e: 1 };
}

/** Whether the system is plain base k (msd_k / lsd_k). */
function plainBase(sys: NumerationSystem): number | undefined {
  const m = /^(?:msd|lsd)_(\d+)$/.exec(sys.name);
  return m ? Number(m[1]) : undefined;
}

/**
 * `convert NAME [$]ns SRC`: a one-track word automaton in base k^i (msd or lsd) re-read in base
 * k^j, msd or lsd. Digits are first split into base k (an msd word of base-k digits is padded with
 * leading zeros to a whole number of groups, which the NFA guesses), then grouped again.
 */
function convertCommand(name: string, args: string[], lib: CommandLibrary, maxStates: number): AutomatonResult {
  if (args.length !== 2) throw new InputError('Error converting automaton.');
  const [target, src] = args as [string, string];
  const targetName = target.replace(/^\$/, '');
  let to: NumerationSystem;
  try {
    to = trackOfToken(targetName, 0).system!;
  } catch {
    throw new InputError('Error converting automaton.');
  }
  const w = src.startsWith('$') ? lib.predicate(src.slice(1)) : lib.word(src);
  if (!w) throw new InputError(`convert ${name}: no automaton named ${src}`);
  if (w.tracks.length !== 1 || !w.tracks[0]!.system || !to) throw new InputError('Error converting automaton.');
  const from = w.tracks[0]!.system;
  const fb = plainBase(from);
  const tb = plainBase(to);
  if (fb === undefined || tb === undefined) throw new InputError('Error converting automaton.');
  const fr = rootOf(fb);
  const tr = rootOf(tb);
  // Walnut converts msd to msd or lsd, and refuses a conversion that changes nothing.
  if (fr.k !== tr.k || !from.msd || (fb === tb && from.msd === to.msd)) throw new InputError('Error converting automaton.');
  let dfa = regroup(w.dfa, fr.k, fr.e, tr.e, maxStates);
  if (!to.msd) dfa = reverseMoore(dfa, maxStates);
  const kind = target.startsWith('$') || src.startsWith('$') ? 'predicate' : 'word';
  return { kind, tracks: [{ name: w.tracks[0]!.name, system: to }], dfa: minimise(dfa) };
}

/**
 * An msd DFAO over base k^i digits re-read over base k^j digits (both powers of k). The outputs must
 * not depend on leading zeros, as for every arithmetic word automaton.
 */
function regroup(dfa: Dfa, k: number, i: number, j: number, maxStates: number): Dfa {
  if (i === j) return dfa;
  // Base k first: state (q, pending base-k digits of the current base-k^i digit as a number, count).
  const bi = k ** i;
  const bj = k ** j;
  const n = dfa.stateCount;
  // NFA over base-k^j letters whose states are (q, r): r base-k digits of the current k^i digit read, with value v.
  const id = (q: number, r: number, v: number) => (q * i + r) * bi + v;
  const N = n * i * bi;
  const edges: number[][] = Array.from({ length: N }, () => []);
  const step = (q: number, r: number, v: number, d: number): [number, number, number] => {
    const v2 = v * k + d;
    return r + 1 === i ? [dfa.next(q, v2), 0, 0] : [q, r + 1, v2];
  };
  for (let q = 0; q < n; q++) {
    for (let r = 0; r < i; r++) {
      for (let v = 0; v < k ** r; v++) {
        for (let D = 0; D < bj; D++) {
          let st: [number, number, number] = [q, r, v];
          for (let m = j - 1; m >= 0; m--) st = step(st[0], st[1], st[2], Math.floor(D / k ** m) % k);
          edges[id(q, r, v)]!.push(D, id(st[0], st[1], st[2]));
        }
      }
    }
  }
  // Leading zeros: the word may start inside a k^i digit, as if r zeros had been read.
  const starts: number[] = [];
  for (let r = 0; r < i; r++) starts.push(id(dfa.start, r, 0));
  const accepting = new Uint8Array(N);
  const nfa = new Nfa(bj, starts, accepting, edges);
  // The output of a subset: the output of its one state with no pending digits.
  return minimise(
    determinise(nfa, {
      maxStates,
      output: (states) => {
        for (const s of states) if (s % (i * bi) === 0) return dfa.output[Math.floor(s / (i * bi))]!;
        return 0;
      },
    }),
  );
}

export { trackKindName };
