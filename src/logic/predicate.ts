/**
 * The automaton of a formula (deciding-game-invariance, section 5, Theorem 28): one track per free
 * variable, tracks sorted by variable name (as Walnut orders them), letters packed mixed-radix with
 * the first track varying fastest. Every operation minimises its result. Arithmetic tracks accept
 * only valid expansions, padded with zeros (leading for msd, trailing for lsd).
 */
import { InputError, LimitError } from '../core/errors.js';
import { LIMITS, limitDefault } from '../core/limits.js';
import { atLeast } from '../automata/grow.js';
import { determiniseTable, type TableNfa } from '../automata/nfa.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { product } from '../automata/ops.js';
import { NumerationSystem } from '../numeration/system.js';
import { buildDfa, reverseDfa } from '../numeration/build.js';
import type { Stop } from '../core/stop.js';

/** A track: a variable read in a numeration system, or over an explicit alphabet ({0,1} in reg). */
export interface Track {
  readonly name: string;
  readonly system: NumerationSystem | null;
  /** For a non-arithmetic track: the integers its letters 0..n-1 stand for. */
  readonly alphabet?: readonly number[];
}

export function radixOf(t: Track): number {
  return t.system ? t.system.base : t.alphabet!.length;
}

/**
 * The letters of an automaton over `tracks` (the product of their bases: t variables in base b read b^t),
 * refused past the logicLetters row of core/limits.ts before any table of them is allocated.
 */
export function lettersOf(tracks: readonly Track[]): number {
  const letters = tracks.reduce((a, t) => a * radixOf(t), 1);
  const cap = limitDefault('logicLetters');
  if (letters > cap) {
    const shown = letters < 1e15 ? String(letters) : letters.toExponential(2);
    throw new LimitError(`an automaton over the ${tracks.length} tracks ${tracks.map((t) => `${t.name} (${trackKindName(t)})`).slice(0, 6).join(', ')}${tracks.length > 6 ? ', ...' : ''} reads ${shown} letters, more than ${cap}`, 'logicLetters');
  }
  return letters;
}

export function sameKind(a: Track, b: Track): boolean {
  if (a.system || b.system) return a.system === b.system;
  return a.alphabet!.length === b.alphabet!.length && a.alphabet!.every((x, i) => x === b.alphabet![i]);
}

export function trackKindName(t: Track): string {
  return t.system ? t.system.name : `{${t.alphabet!.join(', ')}}`;
}

/** Walnut orders tracks by Java String.compareTo, i.e. by UTF-16 code units. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface Limits {
  /** Most states in any intermediate automaton (default: logicStates in core/limits.ts). */
  maxStates?: number;
  /**
   * Stops the work: products, projections and minimisations read it every few thousand states and throw
   * InterruptedError once it is raised.
   */
  signal?: Stop;
}

/** The product of two tables, capped and stoppable by the limits. */
function productWithin(a: Dfa, b: Dfa, combine: (x: number, y: number) => number, limits: Limits): Dfa {
  const { signal } = limits;
  return product(a, b, combine, limits.maxStates ?? limitDefault('logicStates'), { limit: 'logicStates', ...(signal ? { signal } : {}) });
}

const both = (x: number, y: number) => (x !== 0 && y !== 0 ? 1 : 0);

export class Predicate {
  constructor(
    readonly tracks: readonly Track[],
    readonly dfa: Dfa,
  ) {
    for (let i = 1; i < tracks.length; i++) {
      if (compareNames(tracks[i - 1]!.name, tracks[i]!.name) >= 0) throw new InputError(`tracks out of order: ${tracks.map((t) => t.name).join(',')}`);
    }
  }

  get radices(): number[] {
    return this.tracks.map(radixOf);
  }

  /** For a sentence: whether it holds. */
  get truth(): boolean {
    return this.dfa.output[this.dfa.start] !== 0;
  }

  static constant(value: boolean): Predicate {
    return new Predicate([], Dfa.from(1, 1, () => 0, () => (value ? 1 : 0)));
  }

  /** Renames tracks (the caller keeps names distinct); re-sorts the tracks and the letters. */
  rename(map: ReadonlyMap<string, string>): Predicate {
    const renamed = this.tracks.map((t) => ({ ...t, name: map.get(t.name) ?? t.name }));
    const names = new Set(renamed.map((t) => t.name));
    if (names.size !== renamed.length) throw new InputError(`renaming makes two tracks share a name`);
    const sorted = [...renamed].sort((a, b) => compareNames(a.name, b.name));
    return reorder(this, renamed, sorted);
  }
}

/** Rebuilds the table of p (whose tracks are `from`, in p's order) with the tracks in `to`'s order. */
function reorder(p: Predicate, from: readonly Track[], to: readonly Track[]): Predicate {
  if (from.every((t, i) => t.name === to[i]!.name)) return new Predicate(to, p.dfa);
  return new Predicate(to, remapLetters(p.dfa, from, to));
}

/**
 * The same automaton read on the tracks `to` (a superset of `from`): each new letter is mapped to
 * the old letter with the same digits on the old tracks. O(n |Σ_to|).
 */
function remapLetters(dfa: Dfa, from: readonly Track[], to: readonly Track[]): Dfa {
  const toRadix = to.map(radixOf);
  const K = lettersOf(to);
  const fromWeights: number[] = [];
  let w = 1;
  for (const t of from) {
    fromWeights.push(w);
    w *= radixOf(t);
  }
  const posInTo = from.map((t) => to.findIndex((u) => u.name === t.name));
  const map = new Int32Array(K);
  const digits = new Array<number>(to.length).fill(0);
  for (let L = 0; L < K; L++) {
    let rest = L;
    for (let i = 0; i < to.length; i++) {
      digits[i] = rest % toRadix[i]!;
      rest = Math.floor(rest / toRadix[i]!);
    }
    let old = 0;
    for (let j = 0; j < from.length; j++) old += digits[posInTo[j]!]! * fromWeights[j]!;
    map[L] = old;
  }
  const n = dfa.stateCount;
  const k = dfa.alphabetSize;
  const delta = new Int32Array(n * K);
  for (let s = 0; s < n; s++) for (let L = 0; L < K; L++) delta[s * K + L] = dfa.delta[s * k + map[L]!]!;
  return new Dfa(K, delta, dfa.output, dfa.start);
}

/** The arithmetic one of two tracks when the other is the explicit alphabet of its digits 0..b-1, in order. */
export function digitCompatible(a: Track, b: Track): Track | undefined {
  // Two systems with the same digits: Walnut combines the tracks digit by digit under the first
  // label (case 119: `E a (?lsd_fib a = 10) & b = a+1` reads the lsd_fib word of 10 as msd_2).
  if (a.system && b.system) return a.system.base === b.system.base ? a : undefined;
  const [sys, set] = a.system && !b.system ? [a, b] : b.system && !a.system ? [b, a] : [undefined, undefined];
  if (!sys || !set) return undefined;
  const digits = set.alphabet!;
  return digits.length === sys.system!.base && digits.every((d, i) => d === i) ? sys : undefined;
}

/** The union of two sorted track lists; a variable read in two systems is an error. */
export function unionTracks(a: readonly Track[], b: readonly Track[]): Track[] {
  const byName = new Map<string, Track>();
  for (const t of [...a, ...b]) {
    const old = byName.get(t.name);
    if (old && !sameKind(old, t)) {
      // An explicit alphabet {0, ..., b-1} meets a system with those digits: Walnut reads it in the system (case 621).
      const merged = digitCompatible(old, t);
      if (!merged) throw new InputError(`variable ${t.name} is read in two numeration systems (${trackKindName(old)} and ${trackKindName(t)})`);
      byName.set(t.name, merged);
    }
    if (!old) byName.set(t.name, t);
  }
  const union = [...byName.values()].sort((x, y) => compareNames(x.name, y.name));
  lettersOf(union);
  return union;
}

/** p cylindrified to the tracks `to` (a superset): the new tracks are unconstrained. */
export function widen(p: Predicate, to: readonly Track[]): Predicate {
  if (to.length === p.tracks.length) return p;
  return new Predicate(to, remapLetters(p.dfa, p.tracks, to));
}

const validityCache = new Map<string, Dfa>();

/** Valid expansions on every arithmetic track (product of the validity automata). */
export function validityOf(tracks: readonly Track[]): Dfa {
  const key = tracks.map(trackKindName).join('|');
  let d = validityCache.get(key);
  if (d) return d;
  const radices = tracks.map(radixOf);
  const K = lettersOf(tracks);
  const parts = tracks.map((t) => (t.system ? t.system.validity() : null));
  d = minimise(
    buildDfa<number[]>(
      K,
      parts.map((v) => (v ? v.start : 0)),
      (s) => s.join(','),
      (s, L) => {
        const next: number[] = [];
        let rest = L;
        for (let i = 0; i < tracks.length; i++) {
          const digit = rest % radices[i]!;
          rest = Math.floor(rest / radices[i]!);
          const v = parts[i];
          next.push(v ? v.next(s[i]!, digit) : 0);
        }
        return next;
      },
      (s) => (s.every((q, i) => !parts[i] || parts[i]!.output[q] !== 0) ? 1 : 0),
    ),
  );
  validityCache.set(key, d);
  return d;
}

/** Most transitions of one determinised table (a JavaScript array cannot grow much further). */
const MAX_TABLE = LIMITS.logicTable.default;

export type BoolOp = 'and' | 'or' | 'implies' | 'iff' | 'xor';

const combiners: Record<BoolOp, (x: boolean, y: boolean) => boolean> = {
  and: (x, y) => x && y,
  or: (x, y) => x || y,
  implies: (x, y) => !x || y,
  iff: (x, y) => x === y,
  xor: (x, y) => x !== y,
};

/** A boolean combination; the result keeps only valid expansions. O(nA nB |Σ|). */
export function combine(a: Predicate, b: Predicate, op: BoolOp, limits: Limits = {}): Predicate {
  // A sentence operand decides the result or drops out (Walnut folds true/false the same way).
  if (a.tracks.length === 0 || b.tracks.length === 0) {
    const sentenceFirst = a.tracks.length === 0;
    const s = sentenceFirst ? a.truth : b.truth;
    const other = sentenceFirst ? b : a;
    if (a.tracks.length === 0 && b.tracks.length === 0) return Predicate.constant(combiners[op](a.truth, b.truth));
    switch (op) {
      case 'and':
        return s ? other : Predicate.constant(false);
      case 'or':
        return s ? Predicate.constant(true) : other;
      case 'iff':
        return s ? other : negate(other);
      case 'xor':
        return s ? negate(other) : other;
      case 'implies':
        if (sentenceFirst) return s ? other : Predicate.constant(true);
        return s ? Predicate.constant(true) : negate(other);
    }
  }
  const tracks = unionTracks(a.tracks, b.tracks);
  const wa = widen(a, tracks);
  const wb = widen(b, tracks);
  const f = combiners[op];
  let d = productWithin(wa.dfa, wb.dfa, (x, y) => (f(x !== 0, y !== 0) ? 1 : 0), limits);
  if (op !== 'and') d = productWithin(d, validityOf(tracks), both, limits);
  return new Predicate(tracks, minimise(d, limits.signal));
}

/** ¬p among valid expansions. */
export function negate(p: Predicate, limits: Limits = {}): Predicate {
  const c = p.dfa.mapOutput((o) => (o !== 0 ? 0 : 1));
  // The product with validity is capped by the product kernel's own default (as before the limits reached it).
  const { signal } = limits;
  const d = product(c, validityOf(p.tracks), both, undefined, signal ? { signal } : {});
  return new Predicate(p.tracks, minimise(d, signal));
}

/**
 * ∃name p: the track is projected away and the result determinised by the subset construction.
 * Because the other tracks may need fewer digits than the witness, msd automata start from every
 * state reachable on zero letters (zeros on the kept tracks), and lsd automata accept from every
 * state that reaches acceptance on zero letters. O(2^n) in the worst case; capped by maxStates.
 */
export function exists(p: Predicate, name: string | readonly string[], limits: Limits = {}): Predicate {
  const names = typeof name === 'string' ? [name] : name;
  const drop = new Set(p.tracks.map((t, i) => (names.includes(t.name) ? i : -1)).filter((i) => i >= 0));
  if (drop.size === 0) return p;
  const maxStates = limits.maxStates ?? limitDefault('logicStates');
  const { signal } = limits;
  const radices = p.radices;
  const keep = p.tracks.filter((_, i) => !drop.has(i));
  const K = p.dfa.alphabetSize;
  const Kn = keep.map(radixOf).reduce((a, r) => a * r, 1);
  // lettersOf[L'] = the old letters whose kept digits form L'.
  const buckets0: number[][] = Array.from({ length: Kn }, () => []);
  for (let L = 0; L < K; L++) {
    let rest = L;
    let Ln = 0;
    let w = 1;
    for (let i = 0; i < radices.length; i++) {
      const d = rest % radices[i]!;
      rest = Math.floor(rest / radices[i]!);
      if (!drop.has(i)) {
        Ln += d * w;
        w *= radices[i]!;
      }
    }
    buckets0[Ln]!.push(L);
  }
  const lettersOf = buckets0.map((b) => Int32Array.from(b));
  const dfa = p.dfa;
  const n = dfa.stateCount;
  // The padding fix reads in the direction of the remaining tracks (Walnut: a projected explicit
  // alphabet track pads like the arithmetic tracks left, case 566), else of the projected one.
  const dir = keepSystemDirection(p.tracks.filter((_, i) => !drop.has(i))) ?? keepSystemDirection([...drop].map((i) => p.tracks[i]!));
  const msd = dir ?? true;
  const zeros = lettersOf[0]!;
  const mark = new Int32Array(n);
  let stamp = 0;
  let startSet: number[] = [dfa.start];
  let accepting = (q: number) => dfa.output[q] !== 0;
  if (msd) {
    stamp++;
    mark[dfa.start] = stamp;
    for (let i = 0; i < startSet.length; i++) {
      for (const L of zeros) {
        const t = dfa.next(startSet[i]!, L);
        if (mark[t] !== stamp) {
          mark[t] = stamp;
          startSet.push(t);
        }
      }
    }
    startSet.sort((x, y) => x - y);
  } else {
    // Z = states reaching acceptance by zero letters.
    const z = new Uint8Array(n);
    for (let s = 0; s < n; s++) if (dfa.output[s] !== 0) z[s] = 1;
    let changed = true;
    while (changed) {
      changed = false;
      for (let s = 0; s < n; s++) {
        if (z[s]) continue;
        for (const L of zeros) {
          if (z[dfa.next(s, L)]) {
            z[s] = 1;
            changed = true;
            break;
          }
        }
      }
    }
    accepting = (q) => z[q] === 1;
  }
  // The projection as a TableNfa: the edges of each state on each kept letter, deduplicated once
  // (the r old letters merge), letters ascending.
  const edgeStart = new Int32Array(n + 1);
  let succ = new Int32Array(1024);
  let letterOf = new Int32Array(1024);
  let used = 0;
  for (let s = 0; s < n; s++) {
    for (let Ln = 0; Ln < Kn; Ln++) {
      stamp++;
      const letters = lettersOf[Ln]!;
      for (let m = 0; m < letters.length; m++) {
        const t = dfa.delta[s * K + letters[m]!]!;
        if (mark[t] !== stamp) {
          mark[t] = stamp;
          succ = atLeast(succ, used + 1);
          letterOf = atLeast(letterOf, used + 1);
          succ[used] = t;
          letterOf[used++] = Ln;
        }
      }
    }
    edgeStart[s + 1] = used;
  }
  const nfa: TableNfa = {
    alphabetSize: Kn,
    stateCount: n,
    starts: Int32Array.from(startSet),
    accepting: Uint8Array.from({ length: n }, (_, q) => (accepting(q) ? 1 : 0)),
    edgeStart,
    letter: letterOf.subarray(0, used),
    succ: succ.subarray(0, used),
  };
  // The cap of the logic engine, and of one table (the projection's table was a plain array once).
  const tableCap = Math.ceil(MAX_TABLE / Kn);
  let subsets;
  try {
    subsets = determiniseTable(nfa, {
      maxStates: Math.min(maxStates, tableCap),
      ...(signal ? { signal } : {}),
      // msd: the start set loops on the zero letter, so leading zeros can also be added (Walnut's
      // leading-zero fix; it matters only when the operand was not closed under padding, case 119).
      ...(msd ? { startLoop: 0 } : {}),
    });
  } catch (e) {
    if (!(e instanceof LimitError)) throw e;
    const count = e.partial as number;
    const limit = count >= maxStates ? 'logicStates' : 'logicTable';
    throw new LimitError(`projecting ${names.join(',')} passed ${count} states (${count * Kn} transitions); simplify the formula`, limit, count);
  }
  return new Predicate(keep, minimise(subsets.dfa!, signal));
}

/** msd (true) or lsd (false) of the first arithmetic track, undefined when there is none. */
function keepSystemDirection(tracks: readonly Track[]): boolean | undefined {
  const t = tracks.find((u) => u.system !== null);
  return t ? t.system!.msd : undefined;
}

/** ∀name p = ¬∃name ¬p. */
export function forall(p: Predicate, name: string | readonly string[], limits: Limits = {}): Predicate {
  return negate(exists(negate(p, limits), name, limits), limits);
}

/** A predicate from a DFA over given tracks (sorted here), intersected with validity and minimised. */
export function fromDfa(tracks: readonly Track[], dfa: Dfa): Predicate {
  const sorted = [...tracks].sort((a, b) => compareNames(a.name, b.name));
  const reordered = reorder(new Predicate([...tracks].sort((a, b) => compareNames(a.name, b.name)), dfa), tracks, sorted);
  return new Predicate(
    sorted,
    minimise(product(reordered.dfa, validityOf(sorted), (x, y) => (x !== 0 && y !== 0 ? 1 : 0))),
  );
}

/** msd tracks become lsd and back; explicit alphabets stay. */
export function flipTracks(tracks: readonly Track[]): Track[] {
  return tracks.map((t) => (t.system ? { ...t, system: t.system.reversed } : t));
}

/**
 * Reverses the automaton of `φ`: the language read backwards, msd tracks turned lsd and back
 * (Walnut's reversal operator and `reverse` command).
 */
export function reversePredicate(p: Predicate, limits: Limits = {}): Predicate {
  if (p.tracks.length === 0) return p;
  return new Predicate(flipTracks(p.tracks), reverseDfa(p.dfa.mapOutput((o) => (o !== 0 ? 1 : 0)), limits.maxStates ?? limitDefault('languageStates')));
}

/** The integers a word of packed letters stands for, one per track. */
export function decodeTuple(pred: Predicate, word: readonly number[]): bigint[] {
  const radices = pred.tracks.map(radixOf);
  const digits: number[][] = pred.tracks.map(() => []);
  for (const L of word) {
    let rest = L;
    radices.forEach((r, i) => {
      digits[i]!.push(rest % r);
      rest = Math.floor(rest / r);
    });
  }
  return pred.tracks.map((t, i) => (t.system ? t.system.value(digits[i]!) : BigInt(digits[i]!.length)));
}

/** The word of packed letters for a tuple of integers, padded to a common length (Definition 24). */
export function encodeTuple(tracks: readonly Track[], values: readonly (bigint | number)[]): number[] {
  const reps = tracks.map((t, i) => t.system!.represent(BigInt(values[i]!)));
  const len = Math.max(0, ...reps.map((r) => r.length));
  const radices = tracks.map(radixOf);
  const padded = reps.map((r, i) => {
    const zeros = new Array<number>(len - r.length).fill(0);
    return tracks[i]!.system!.msd ? [...zeros, ...r] : [...r, ...zeros];
  });
  const word: number[] = [];
  for (let k = 0; k < len; k++) {
    let L = 0;
    for (let i = tracks.length - 1; i >= 0; i--) L = L * radices[i]! + padded[i]![k]!;
    word.push(L);
  }
  return word;
}

/** Whether the tuple belongs to the set a predicate defines. */
export function holds(pred: Predicate, values: readonly (bigint | number)[]): boolean {
  return pred.dfa.accepts(encodeTuple(pred.tracks, values));
}


/** The one numeration system every coordinate of a set P is read in (InputError when there is none). */
export function commonSystem(set: Predicate): NumerationSystem {
  if (set.tracks.length === 0) throw new InputError('the set P must have at least one coordinate');
  const sys = set.tracks[0]!.system;
  if (!sys || set.tracks.some((t) => t.system !== sys)) throw new InputError('every coordinate of P must be read in the same numeration system');
  return sys;
}
