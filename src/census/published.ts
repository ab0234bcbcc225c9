/**
 * Published tables of octal games set against what sprague certifies (issue 31): which published entry a
 * computed sequence or a census row reproduces, and where it does not, the first heap at which the
 * values differ and why. And the equivalence classes of games with the same sequence (a heap of 1 that
 * cannot be taken counting as a heap one smaller, as tczajka's GameLookup.md has them), proved from
 * certified periods rather than by comparing prefixes.
 *
 * The tables are data (data/published/tczajka-octal-games.json, transcribed from tczajka/octal-games at
 * 57e893a, MIT); the caller reads the file (the library does no I/O of its own) and hands it in.
 */
import { createHash } from 'node:crypto';
import { fingerprintLine, heapZeroRare, type SequenceFingerprint } from '../core/kernel.js';
import { parseTakeAndBreakCode } from '../games/heaps/take-and-break/code.js';
import { splitParity } from '../games/heaps/take-and-break/kernel.js';
import { movesOf } from '../games/heaps/take-and-break/moves.js';
import { rowFingerprint, type CensusRow, type StoredFingerprint } from './row.js';

/**
 * Where the package keeps tczajka/octal-games' tables as JSON (read it with readFileSync and JSON.parse).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export const PUBLISHED_TABLES_URL: URL = new URL('../../../data/published/tczajka-octal-games.json', import.meta.url);

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface SolvedEntry {
  game: string;
  spec: string;
  /** The heaps before the period, tczajka's "prefix". */
  prefix: number;
  period: number;
  largestIdx: number;
  largest: number;
  rareMask?: string;
  /** Rare heaps, heap 0 counted. */
  numRare?: number;
  lastRare?: number;
  firstSolvedBy?: string;
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface TrivialEntry {
  game: string;
  spec: string;
  prefix: number;
  period: number;
  /** G(0), G(1), ... one character each (0-9, A = 10, ...), the period in parentheses: `01(0)`. */
  nimbers: string;
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface UnsolvedEntry {
  game: string;
  spec: string;
  /** Heaps computed (G(0..n-1)) and the solver's fingerprint there, when the table gives them. */
  n?: number;
  largestIdx?: number;
  largest?: number;
  rareMask?: string;
  numRare?: number;
  lastRare?: number;
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface LookupEntry {
  game: string;
  spec: string;
  /** The game with the same sequence (offsets allowed), or null when the code is its own entry. */
  sameAs: string | null;
}

/**
 * The tables as data/published/tczajka-octal-games.json holds them.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface PublishedTables {
  source: { repository: string; commit: string; license: string };
  solved: SolvedEntry[];
  trivial: TrivialEntry[];
  unsolved: UnsolvedEntry[];
  lookup: LookupEntry[];
}

/**
 * What a published entry says against what was computed. `agrees` is null when there is nothing to
 * decide (the table gives no value, or the computation did not reach what the entry needs).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface Reference {
  /** The table and its section, e.g. `tczajka/octal-games@57e893a SolvedGames.md`. */
  source: string;
  agrees: boolean | null;
  note: string;
  /** The first heap at which the published values (or what its period predicts) differ from the computed ones. */
  firstDifference?: number;
}

/**
 * An eventually periodic sequence: G(0..preperiod+period-1) and the rest read off the period.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface EventuallyPeriodic {
  head: ArrayLike<number>;
  preperiod: number;
  period: number;
}

/**
 * A computed sequence: the values (G(0..values.length-1)), and its least period when certified.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface ComputedSequence {
  spec: string;
  values: ArrayLike<number>;
  certified?: { period: number; preperiod: number };
  /** The kernel's fingerprint (sparse class), when it has one. */
  fingerprint?: SequenceFingerprint;
}

/**
 * G(n) of an eventually periodic sequence, for any n.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function valueAt(s: EventuallyPeriodic, n: number): number {
  return n < s.preperiod + s.period ? s.head[n]! : s.head[s.preperiod + ((n - s.preperiod) % s.period)]!;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * The first heap at which two eventually periodic sequences differ, or undefined when they are equal:
 * both are periodic from max(preperiods) on with period lcm, so a window of that many values decides.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function firstDifference(a: EventuallyPeriodic, b: EventuallyPeriodic): number | undefined {
  const end = Math.max(a.preperiod, b.preperiod) + (a.period / gcd(a.period, b.period)) * b.period;
  for (let n = 0; n < end; n++) if (valueAt(a, n) !== valueAt(b, n)) return n;
  return undefined;
}

/** The first heap below `len` where two runs of values differ. */
function firstDifferenceIn(a: (n: number) => number, b: (n: number) => number, len: number): number | undefined {
  for (let n = 0; n < len; n++) if (a(n) !== b(n)) return n;
  return undefined;
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The nimbers of a trivial-games entry, `0(01)`, as an eventually periodic sequence (its preperiod is
 * what the string puts before the parentheses, not necessarily the least).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function parseNimbers(text: string): EventuallyPeriodic {
  const m = /^([0-9A-Z]*)\(([0-9A-Z]+)\)$/.exec(text);
  if (!m) throw new Error(`bad nimber string ${JSON.stringify(text)}: expected digits with the period in parentheses, e.g. 01(0)`);
  const head = [...m[1]! + m[2]!].map((c) => DIGITS.indexOf(c));
  return { head, preperiod: m[1]!.length, period: m[2]!.length };
}

/**
 * The certified sequence as an eventually periodic one.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function certifiedForm(c: ComputedSequence): EventuallyPeriodic | undefined {
  if (!c.certified) return undefined;
  const { period, preperiod } = c.certified;
  if (c.values.length < preperiod + period) throw new Error(`${c.spec}: ${c.values.length} values, fewer than the preperiod and a period (${preperiod} + ${period})`);
  return { head: Array.prototype.slice.call(c.values, 0, preperiod + period) as number[], preperiod, period };
}

/**
 * `.45`, `4.3`, `4`, `Grundy's game`: how the tables write a game, from a spec.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function tableName(spec: string): string {
  if (spec === 'octal:4!.0') return "Grundy's game";
  return spec.replace(/^octal:0\./, '.').replace(/^octal:/, '').replace(/^(\d)\.0$/, '$1');
}

function sourceName(tables: PublishedTables, file: string): string {
  return `${tables.source.repository.replace(/^https:\/\/github\.com\//, '')}@${tables.source.commit} ${file}`;
}

/**
 * The entries the tables hold for one spec.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface Entries {
  solved?: SolvedEntry;
  trivial?: TrivialEntry;
  unsolved?: UnsolvedEntry;
  lookup?: LookupEntry;
}

/**
 * The tables indexed by spec.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function indexTables(tables: PublishedTables): Map<string, Entries> {
  const index = new Map<string, Entries>();
  const put = <K extends keyof Entries>(key: K, e: NonNullable<Entries[K]> & { spec: string }) => {
    const entries = index.get(e.spec) ?? {};
    entries[key] = e;
    index.set(e.spec, entries);
  };
  for (const e of tables.solved) put('solved', e);
  for (const e of tables.trivial) put('trivial', e);
  for (const e of tables.unsolved) put('unsolved', e);
  for (const e of tables.lookup) put('lookup', e);
  return index;
}

/**
 * A published period and preperiod (with the values they are read with) against a certified sequence.
 * The published claim is turned into a sequence: the computed values up to its preperiod and one period,
 * then its period; the first heap where that differs from the certified sequence is where the claim
 * fails. Equal values but other numbers mean the published ones are not the least.
 */
function comparePeriods(published: EventuallyPeriodic, mine: EventuallyPeriodic): { agrees: boolean; note: string; firstDifference?: number } {
  const at = firstDifference(published, mine);
  const claim = `period ${published.period} from ${published.preperiod}`;
  const found = `period ${mine.period} from ${mine.preperiod}`;
  if (at !== undefined) {
    return {
      agrees: false,
      firstDifference: at,
      note: `published ${claim}; certified ${found}; they differ first at heap ${at}: the table gives ${valueAt(published, at)}, G(${at}) = ${valueAt(mine, at)}`,
    };
  }
  if (published.period === mine.period && published.preperiod === mine.preperiod) return { agrees: true, note: `${found}, certified, as published` };
  return { agrees: false, note: `published ${claim}: the same values, but the least is ${found} (no heap differs)` };
}

/** A claim (period p from n0) read with the values of `mine` before it: what the table predicts. */
function claimed(mine: EventuallyPeriodic, period: number, preperiod: number): EventuallyPeriodic {
  return { head: Array.from({ length: preperiod + period }, (_, n) => valueAt(mine, n)), preperiod, period };
}

function largestOf(s: EventuallyPeriodic): { largest: number; at: number } {
  let largest = -1;
  let at = 0;
  for (let n = 0; n < s.preperiod + s.period; n++) if (s.head[n]! > largest) [largest, at] = [s.head[n]!, n];
  return { largest, at };
}

/**
 * The fingerprint with the split parity its class reads (heap 0's rarity depends on it: core/kernel.ts
 * heapZeroRare), taken from the game's code where the fingerprint does not carry it (a stored row keeps no
 * parity). tczajka's solver counts heap 0 among the rare heaps, sprague counts heaps 1..n-1, so the two counts
 * differ by exactly heap 0's rarity.
 */
function withSplitParity(spec: string, f: SequenceFingerprint): SequenceFingerprint {
  if (f.splitParity !== undefined || !spec.startsWith('octal:')) return f;
  return { ...f, splitParity: splitParity(movesOf(parseTakeAndBreakCode(spec.slice('octal:'.length)))) };
}

/**
 * The published class and rare heaps against the kernel's. The class is the solver's choice, not a fact
 * of the game: another one is noted, never a disagreement; under the same class the counts must match.
 */
function compareRare(spec: string, e: { rareMask?: string; numRare?: number; lastRare?: number }, f: SequenceFingerprint): { agrees: boolean; note: string } | undefined {
  if (e.rareMask === undefined) return undefined;
  const mask = `${f.rareMask.toString(16)}${f.rarePos ? '+pos' : ''}`;
  if (f.rareMask === 0) return { agrees: true, note: `no sparse class here (published ${e.rareMask})` };
  if (mask !== e.rareMask) return { agrees: true, note: `rare class ${mask} here, ${e.rareMask} there` };
  const zero = heapZeroRare(withSplitParity(spec, f)) ? 1 : 0;
  const counted = `${f.rareCount} rare heaps in 1..n-1${zero ? ', heap 0 rare too' : ', heap 0 common'}, last ${f.lastRare}`;
  if (f.rareCount + zero === e.numRare && f.lastRare === e.lastRare) return { agrees: true, note: `rare mask ${mask}: ${counted}; published ${e.numRare} (heap 0 counted)` };
  return { agrees: false, note: `rare mask ${mask}: ${counted}; published ${e.numRare} (heap 0 counted), last ${e.lastRare}` };
}

/** The solved-games entry against the computed sequence. */
function reproduceSolved(tables: PublishedTables, e: SolvedEntry, c: ComputedSequence): Reference {
  const source = sourceName(tables, 'SolvedGames.md');
  const mine = certifiedForm(c);
  if (!mine) return { source, agrees: null, note: `published period ${e.period} from ${e.prefix}; not certified within ${c.values.length} heaps here` };
  const r = comparePeriods(claimed(mine, e.period, e.prefix), mine);
  const { largest, at } = largestOf(mine);
  const notes = [r.note];
  let agrees = r.agrees;
  if (largest !== e.largest || at !== e.largestIdx) {
    agrees = false;
    notes.push(`largest value ${largest} first at heap ${at}, published ${e.largest} at ${e.largestIdx}`);
  } else notes.push(`largest G[${at}] = ${largest} as published`);
  const rare = c.fingerprint && compareRare(c.spec, e, c.fingerprint);
  if (rare) {
    agrees &&= rare.agrees;
    notes.push(rare.note);
  }
  return { source, agrees, note: notes.join('; '), ...(r.firstDifference === undefined ? {} : { firstDifference: r.firstDifference }) };
}

/** The trivial-games entry: the nimbers themselves. */
function reproduceTrivial(tables: PublishedTables, e: TrivialEntry, c: ComputedSequence): Reference {
  const source = sourceName(tables, 'TrivialGames.md');
  const published = parseNimbers(e.nimbers);
  const notes: string[] = [];
  if (published.preperiod !== e.prefix || published.period !== e.period) {
    notes.push(`the row's columns say period ${e.period} from ${e.prefix}, its nimbers ${published.period} from ${published.preperiod}`);
  }
  const mine = certifiedForm(c);
  if (!mine) {
    const at = firstDifferenceIn((n) => valueAt(published, n), (n) => c.values[n]!, c.values.length);
    if (at !== undefined) return { source, agrees: false, firstDifference: at, note: `the nimbers give ${valueAt(published, at)} at heap ${at}, G(${at}) = ${c.values[at]}; not certified within ${c.values.length} heaps` };
    return { source, agrees: null, note: `the nimbers agree with G(0..${c.values.length - 1}); no period certified here` };
  }
  const r = comparePeriods(published, mine);
  const agrees = r.agrees && notes.length === 0;
  return { source, agrees, note: [r.note.replace(/^period/, 'nimbers: period'), ...notes].join('; '), ...(r.firstDifference === undefined ? {} : { firstDifference: r.firstDifference }) };
}

/** The unsolved-games entry: the fingerprint at the published number of heaps. */
function reproduceUnsolved(tables: PublishedTables, e: UnsolvedEntry, c: ComputedSequence): Reference {
  const source = sourceName(tables, 'UnsolvedGames.md');
  const mine = certifiedForm(c);
  if (mine) return { source, agrees: false, note: `published as unsolved; certified here: period ${mine.period} from ${mine.preperiod}` };
  if (e.n === undefined) return { source, agrees: null, note: `published as unsolved (no bound given); no period certified within ${c.values.length} heaps here` };
  const f = c.fingerprint;
  if (!f || f.heaps !== e.n) return { source, agrees: null, note: `published fingerprint at n = ${e.n}; computed ${f?.heaps ?? c.values.length} heaps` };
  const notes: string[] = [];
  let agrees = true;
  if (f.largest !== e.largest || f.largestAt !== e.largestIdx) {
    agrees = false;
    notes.push(`largest G[${f.largestAt}] = ${f.largest} at n = ${e.n}, published G[${e.largestIdx}] = ${e.largest}`);
  } else notes.push(`largest G[${f.largestAt}] = ${f.largest} at n = ${e.n} as published`);
  const rare = compareRare(c.spec, e, f);
  if (rare) {
    agrees &&= rare.agrees;
    notes.push(rare.note);
  }
  return { source, agrees, note: notes.join('; ') };
}

/**
 * Offsets: a sequence with z leading zeros shifted by z - 1, so that it starts 0 then non-zero. Two games
 * are in one GameLookup class iff these agree: a heap of 1 that cannot be taken (G(1) = 0) counts as a
 * heap one smaller, and G(0) = 0 for every game. The shift is returned with it.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function withoutOffset(s: EventuallyPeriodic): { shift: number; form: EventuallyPeriodic } {
  let z = 0;
  // A sequence of zeros only would be a game without moves: not an octal game with a non-zero digit.
  while (valueAt(s, z) === 0) if (++z > s.preperiod + s.period) throw new Error('a sequence of zeros only');
  const shift = z - 1;
  const preperiod = Math.max(0, s.preperiod - shift);
  const head = Array.from({ length: preperiod + s.period }, (_, n) => valueAt(s, n + shift));
  return { shift, form: { head, preperiod, period: s.period } };
}

function leadingZeros(values: ArrayLike<number>): number {
  let z = 0;
  while (z < values.length && values[z] === 0) z++;
  return z;
}

/**
 * Whether two games have the same sequence up to the offset: proved from their certified periods (equal
 * least periods and preperiods after the shift, and equal values on one preperiod and period), or
 * refuted at a heap; with only computed values, a difference refutes it and agreement proves nothing.
 * `offset` k: G_a(n) = G_b(n + k).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function sameSequence(a: ComputedSequence, b: ComputedSequence): { same: boolean | null; offset: number; firstDifference?: number; note: string } {
  const fa = certifiedForm(a);
  const fb = certifiedForm(b);
  if (fa && fb) {
    const sa = withoutOffset(fa);
    const sb = withoutOffset(fb);
    const offset = sb.shift - sa.shift;
    const at = firstDifference(sa.form, sb.form);
    if (at === undefined) return { same: true, offset, note: `proved: both certified, period ${fa.period}, the same values after the offset ${offset}` };
    return { same: false, offset, firstDifference: at + sa.shift, note: `differ at heap ${at + sa.shift} of ${tableName(a.spec)} (${valueAt(fa, at + sa.shift)} against ${valueAt(fb, at + sb.shift)} at heap ${at + sb.shift} of ${tableName(b.spec)})` };
  }
  const za = leadingZeros(a.values);
  const zb = leadingZeros(b.values);
  const offset = zb - za;
  const len = Math.min(a.values.length - za, b.values.length - zb) + 1;
  const at = firstDifferenceIn((n) => a.values[n + za - 1]!, (n) => b.values[n + zb - 1]!, len);
  if (at !== undefined) {
    return { same: false, offset, firstDifference: at + za - 1, note: `differ at heap ${at + za - 1} of ${tableName(a.spec)} (${a.values[at + za - 1]} against ${b.values[at + zb - 1]} at heap ${at + zb - 1} of ${tableName(b.spec)})` };
  }
  return { same: null, offset, note: `equal up to heap ${len + za - 2} of ${tableName(a.spec)} (offset ${offset}); not proved: ${fa ? tableName(b.spec) : tableName(a.spec)} has no certified period` };
}

/**
 * The GameLookup entry of `c`: its published class against the computed sequences (`of` gives the
 * sequence of the game the entry names).
 */
function reproduceLookup(tables: PublishedTables, e: LookupEntry, c: ComputedSequence, of: (spec: string) => ComputedSequence | undefined): Reference {
  const source = sourceName(tables, 'GameLookup.md');
  if (e.sameAs === null) return { source, agrees: null, note: 'its own entry (no other game named)' };
  const other = of(e.sameAs);
  if (!other) return { source, agrees: null, note: `same as ${tableName(e.sameAs)}: that game was not computed` };
  const r = sameSequence(c, other);
  const note = `same as ${tableName(e.sameAs)}: ${r.note}`;
  return { source, agrees: r.same, note, ...(r.firstDifference === undefined ? {} : { firstDifference: r.firstDifference }) };
}

/**
 * Every published entry of one computed sequence, each reproduced or not. `of` gives the other games'
 * sequences (for a GameLookup entry that names one).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function reproduce(tables: PublishedTables, index: Map<string, Entries>, c: ComputedSequence, of: (spec: string) => ComputedSequence | undefined = () => undefined): Reference[] {
  const e = index.get(c.spec);
  if (!e) return [];
  const out: Reference[] = [];
  if (e.solved) out.push(reproduceSolved(tables, e.solved, c));
  if (e.trivial) out.push(reproduceTrivial(tables, e.trivial, c));
  if (e.unsolved) out.push(reproduceUnsolved(tables, e.unsolved, c));
  if (e.lookup && e.lookup.sameAs !== null) out.push(reproduceLookup(tables, e.lookup, c, of));
  return out;
}

/**
 * The largest heap a reproduction of `spec` computes (the run stops earlier at a certified period): the published period's certificate window with room
 * to spare (the kernel stops at the certificate, so a larger bound costs nothing), the published number
 * of heaps of an unsolved game's fingerprint, those of the solved game GameLookup sends it to, or else `bound`.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function heapsToReproduce(index: Map<string, Entries>, spec: string, bound: number): number {
  const e = index.get(spec);
  const claim = e?.solved ?? e?.trivial;
  if (claim) return Math.max(bound, 3 * (claim.prefix + claim.period) + 64);
  if (e?.unsolved?.n !== undefined) return e.unsolved.n - 1;
  // A game the lookup table sends to a solved one needs as many heaps to be certified; to an unsolved one,
  // only a difference can be shown, and the bound is where it is looked for.
  const target = e?.lookup?.sameAs ? index.get(e.lookup.sameAs) : undefined;
  if (target?.solved || target?.trivial) return heapsToReproduce(index, e!.lookup!.sameAs!, bound);
  return bound;
}

/**
 * A class of games with the same sequence: the first member, then the others with their offsets
 * (G_member(n) = G_first(n + offset)).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface SequenceClass {
  period: number;
  /** The preperiod of the first member. */
  preperiod: number;
  members: { spec: string; offset: number }[];
}

/**
 * The classes of the certified games: two games are in one class iff their sequences agree after the
 * offset (withoutOffset). Proved, not sampled: equal sequences have equal least periods and preperiods,
 * and those settle equality on one preperiod and period. Games listed in order; uncertified ones are left out.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function sequenceClasses(games: readonly ComputedSequence[]): SequenceClass[] {
  const groups = new Map<string, { first: EventuallyPeriodic; firstShift: number; cls: SequenceClass }[]>();
  const out: SequenceClass[] = [];
  for (const g of games) {
    const s = certifiedForm(g);
    if (!s) continue;
    const { shift, form } = withoutOffset(s);
    const h = createHash('sha256').update(`${form.period}/${form.preperiod}/`).update(Int32Array.from(form.head as ArrayLike<number>)).digest('hex');
    const list = groups.get(h) ?? [];
    // The hash only finds the candidates; the values decide.
    const hit = list.find((x) => firstDifference(x.first, form) === undefined);
    if (hit) hit.cls.members.push({ spec: g.spec, offset: hit.firstShift - shift });
    else {
      const cls: SequenceClass = { period: s.period, preperiod: s.preperiod, members: [{ spec: g.spec, offset: 0 }] };
      list.push({ first: form, firstShift: shift, cls });
      groups.set(h, list);
      out.push(cls);
    }
  }
  return out;
}

/**
 * An unsolved game's published fingerprint (tczajka's line at n heaps), as a row stores one; undefined when
 * the table gives none (only Grundy's game, 0.6, 0.04 and 0.06 have one).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function publishedFingerprint(e: UnsolvedEntry): StoredFingerprint | undefined {
  if (e.n === undefined || e.largest === undefined || e.largestIdx === undefined || e.rareMask === undefined || e.numRare === undefined || e.lastRare === undefined) return undefined;
  return { heaps: e.n, largest: e.largest, largestAt: e.largestIdx, rareMask: parseInt(e.rareMask, 16), rarePos: e.rareMask.endsWith('+pos'), numRare: e.numRare, lastRare: e.lastRare };
}

/**
 * The published fingerprints of the tables' unsolved games, by spec (census report's open games).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function publishedFingerprints(tables: PublishedTables): (spec: string) => StoredFingerprint | undefined {
  const by = new Map<string, StoredFingerprint>();
  for (const e of tables.unsolved) {
    const f = publishedFingerprint(e);
    if (f) by.set(e.spec, f);
  }
  return (spec) => by.get(spec);
}

/** A row's stored fingerprint as the kernel gives one (rare heaps in 1..n-1: heap 0 taken out of tczajka's count). */
function kernelForm(spec: string, f: StoredFingerprint): SequenceFingerprint {
  const kernel: SequenceFingerprint = { heaps: f.heaps, largest: f.largest, largestAt: f.largestAt, rareMask: f.rareMask, rarePos: f.rarePos, rareCount: f.numRare, lastRare: f.lastRare };
  return { ...kernel, rareCount: f.numRare - (heapZeroRare(withSplitParity(spec, kernel)) ? 1 : 0) };
}

/**
 * The row's stored fingerprint against a published one: set side by side when the heaps differ (undecided),
 * compared when they are the same n (the largest value and where, and the rare heaps under the same class).
 */
function besidePublished(row: CensusRow, e: UnsolvedEntry): { agrees: boolean | null; note: string } | undefined {
  const mine = rowFingerprint(row);
  const theirs = publishedFingerprint(e);
  if (!mine || !theirs) return undefined;
  const lines = `published ${fingerprintLine(theirs)}; here ${fingerprintLine(mine)}`;
  if (mine.heaps !== theirs.heaps) return { agrees: null, note: `unsolved there and open here at ${row.bound}; ${lines}` };
  const notes: string[] = [];
  let agrees = mine.largest === theirs.largest && mine.largestAt === theirs.largestAt;
  notes.push(agrees ? `largest G[${mine.largestAt}] = ${mine.largest} at n = ${mine.heaps} as published` : `largest G[${mine.largestAt}] = ${mine.largest} at n = ${mine.heaps}, published G[${theirs.largestAt}] = ${theirs.largest}`);
  const rare = compareRare(row.spec, e, kernelForm(row.spec, mine));
  if (rare) {
    agrees &&= rare.agrees;
    notes.push(rare.note);
  }
  return { agrees, note: `${notes.join('; ')} (${lines})` };
}

/** A certified row's stored fingerprint against a solved entry's largest value and rare heaps (the solver's state where it stopped). */
function solvedFingerprint(row: CensusRow, e: SolvedEntry): { agrees: boolean; note: string } | undefined {
  const mine = rowFingerprint(row);
  if (!mine || e.largest === undefined || e.largestIdx === undefined) return undefined;
  const notes: string[] = [];
  let agrees = mine.largest === e.largest && mine.largestAt === e.largestIdx;
  notes.push(agrees ? `largest G[${mine.largestAt}] = ${mine.largest} as published` : `largest value ${mine.largest} first at heap ${mine.largestAt}, published ${e.largest} at ${e.largestIdx}`);
  const rare = compareRare(row.spec, e, kernelForm(row.spec, mine));
  if (rare) {
    agrees &&= rare.agrees;
    notes.push(rare.note);
  }
  return { agrees, note: notes.join('; ') };
}

/**
 * A census row's published reference, for the faces that show rows (the site generator): from what
 * the row holds (period, preperiod, the first values), so a match is of those only, and a GameLookup
 * entry is named rather than checked (that needs the other game: `census reproduce` checks it).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function referencesFor(tables: PublishedTables): (row: CensusRow) => Reference | undefined {
  const index = indexTables(tables);
  return (row) => {
    if (row.computation !== 'sequence') return undefined;
    const e = index.get(row.spec);
    if (!e) return undefined;
    const values = (row.prefix ?? '').split(',').filter((x) => x !== '').map(Number);
    const certified = row.certified && row.period != null && row.preperiod != null;
    const claim = e.solved ?? e.trivial;
    if (claim) {
      const source = sourceName(tables, e.solved ? 'SolvedGames.md' : 'TrivialGames.md');
      if (e.trivial) {
        const published = parseNimbers(e.trivial.nimbers);
        const at = firstDifferenceIn((n) => valueAt(published, n), (n) => values[n]!, values.length);
        if (at !== undefined) return { source, agrees: false, firstDifference: at, note: `the nimbers give ${valueAt(published, at)} at heap ${at}, the row's G(${at}) = ${values[at]}` };
      }
      if (!certified) return { source, agrees: null, note: `published period ${claim.period} from ${claim.prefix}; open at ${row.bound} here` };
      const same = row.period === claim.period && row.preperiod === claim.prefix;
      const printed = e.solved && same ? solvedFingerprint(row, e.solved) : undefined;
      return {
        source,
        agrees: same && (printed?.agrees ?? true),
        note: same
          ? `period ${row.period} from ${row.preperiod}, as published (the first ${values.length} values compared)${printed ? `; ${printed.note}` : ''}`
          : `published period ${claim.period} from ${claim.prefix}, certified ${row.period} from ${row.preperiod} (census reproduce finds the first differing heap)`,
      };
    }
    if (e.unsolved) {
      const source = sourceName(tables, 'UnsolvedGames.md');
      if (certified) return { source, agrees: false, note: `published as unsolved; certified here: period ${row.period} from ${row.preperiod}` };
      const beside = besidePublished(row, e.unsolved);
      if (beside) return { source, ...beside };
      return { source, agrees: null, note: `unsolved there${e.unsolved.n ? ` (to ${e.unsolved.n} heaps)` : ''}, open here at ${row.bound}` };
    }
    if (e.lookup?.sameAs) return { source: sourceName(tables, 'GameLookup.md'), agrees: null, note: `same sequence as ${tableName(e.lookup.sameAs)} (up to the offset): checked by census reproduce` };
    return undefined;
  };
}
