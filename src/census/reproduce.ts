/**
 * `census reproduce`: every game of a family computed as far as its published entry needs (a solved
 * game until its period is certified, an unsolved one to the heaps its fingerprint was taken at), each
 * entry reproduced or not (published.ts), and the classes of equal sequences proved from the certified
 * periods, set against GameLookup.md.
 */
import { InterruptedError } from '../core/errors.js';
import type { Stop } from '../core/stop.js';
import { sequenceWithPeriod } from '../analysis/sequence.js';
import { parseSpec } from '../spec/index.js';
import {
  heapsToReproduce,
  indexTables,
  reproduce,
  sequenceClasses,
  tableName,
  type ComputedSequence,
  type PublishedTables,
  type Reference,
  type SequenceClass,
} from './published.js';
import type { Section } from './report.js';

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface GameReproduction {
  spec: string;
  /** Heaps computed (the run stops at a certified period). */
  heaps: number;
  certified?: { period: number; preperiod: number };
  references: Reference[];
  wallMs: number;
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface ReproduceResult {
  games: GameReproduction[];
  classes: SequenceClass[];
  /** Classes proved here whose members the lookup table sends to different games (a link it misses). */
  lookupSplits: { members: string[]; targets: string[] }[];
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface ReproduceOptions {
  /** Heaps for the games whose entry asks for no more (default 4096). */
  bound?: number;
  signal?: Stop;
  onGame?: (g: GameReproduction) => void;
}

/** What the comparisons keep of a run: the values up to one period past the preperiod when certified. */
function computeSequence(spec: string, max: number, signal: Stop | undefined): ComputedSequence {
  const rs = parseSpec(spec);
  const r = sequenceWithPeriod(rs, max, { stopAtPeriod: true, pPeriod: false, ...(signal ? { signal } : {}) });
  const p = r.period;
  if (p.certified && p.period !== null && p.preperiod !== null) {
    const head = Array.prototype.slice.call(r.values, 0, p.preperiod + p.period) as number[];
    return { spec, values: head, certified: { period: p.period, preperiod: p.preperiod }, fingerprint: r.fingerprint };
  }
  return { spec, values: r.values, fingerprint: r.fingerprint };
}

/**
 * Reproduces the published entries of the games `specs`, in order. An interruption throws
 * InterruptedError whose `partial` is the ReproduceResult of the games finished.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function reproduceGames(specs: readonly string[], tables: PublishedTables, options: ReproduceOptions = {}): ReproduceResult {
  const bound = options.bound ?? 4096;
  const index = indexTables(tables);
  const cache = new Map<string, ComputedSequence>();
  const heaps = new Map<string, number>();
  const sequenceOf = (spec: string): ComputedSequence => {
    let c = cache.get(spec);
    if (!c) {
      const r = computeSequence(spec, heapsToReproduce(index, spec, bound), options.signal);
      heaps.set(spec, r.fingerprint?.heaps ?? r.values.length);
      c = r;
      cache.set(spec, c);
    }
    return c;
  };
  const games: GameReproduction[] = [];
  const finish = (): ReproduceResult => {
    const computed = games.map((g) => cache.get(g.spec)!);
    const classes = sequenceClasses(computed);
    return { games, classes, lookupSplits: lookupSplits(index, classes) };
  };
  for (const spec of specs) {
    const started = performance.now();
    let references: Reference[];
    let c: ComputedSequence;
    try {
      c = sequenceOf(spec);
      references = reproduce(tables, index, c, (other) => sequenceOf(other));
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError(finish());
      throw e;
    }
    const g: GameReproduction = { spec, heaps: heaps.get(spec)!, references, wallMs: Math.round(performance.now() - started), ...(c.certified ? { certified: c.certified } : {}) };
    games.push(g);
    options.onGame?.(g);
  }
  return finish();
}

/** The proved classes whose members GameLookup sends to more than one game (itself for its own entries). */
function lookupSplits(index: ReturnType<typeof indexTables>, classes: readonly SequenceClass[]): { members: string[]; targets: string[] }[] {
  const out: { members: string[]; targets: string[] }[] = [];
  for (const cls of classes) {
    const listed = cls.members.map((m) => m.spec).filter((s) => index.get(s)?.lookup);
    const targets = [...new Set(listed.map((s) => index.get(s)!.lookup!.sameAs ?? s))];
    // A target that is itself a member is this class's entry; two or more such (or an outside one) split it.
    if (targets.length > 1) out.push({ members: listed, targets });
  }
  return out;
}

/**
 * How the references of one game add up: every one that decides agrees, one that disagrees, or none decides.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function verdictOf(g: GameReproduction): 'agrees' | 'disagrees' | 'undecided' | 'not listed' {
  if (g.references.length === 0) return 'not listed';
  if (g.references.some((r) => r.agrees === false)) return 'disagrees';
  if (g.references.some((r) => r.agrees === null)) return 'undecided';
  return 'agrees';
}

/**
 * The report of a reproduction: a summary, the disagreements, every game with its entries, the classes
 * proved (as GameLookup lists them: the first member, the others with offsets) and the lookup splits.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function reproduceSections(family: string, result: ReproduceResult, source: string): Section[] {
  const count = (v: ReturnType<typeof verdictOf>) => result.games.filter((g) => verdictOf(g) === v).length;
  const big = result.classes.filter((c) => c.members.length > 1);
  const rows = (games: GameReproduction[]) =>
    games.flatMap((g) =>
      g.references.map((r) => [
        tableName(g.spec),
        g.heaps,
        g.certified ? g.certified.period : '-',
        g.certified ? g.certified.preperiod : '-',
        r.source.replace(/^.* /, ''),
        r.agrees === null ? '-' : r.agrees ? 'yes' : 'NO',
        r.firstDifference ?? '',
        r.note,
      ]),
    );
  const header = ['game', 'heaps', 'period', 'preperiod', 'table', 'agrees', 'first difference', 'note'];
  const disagreeing = result.games.filter((g) => verdictOf(g) === 'disagrees');
  return [
    {
      title: 'Summary',
      text:
        `${result.games.length} games of ${family} against ${source}: ${count('agrees')} agree, ${count('disagrees')} disagree, ` +
        `${count('undecided')} undecided (nothing certified to compare, or the table gives no value), ${count('not listed')} not in the tables. ` +
        `${result.games.filter((g) => g.certified).length} periods certified; ${big.length} classes of two or more games with the same sequence, proved from the certified periods.`,
    },
    { title: 'Disagreements', text: disagreeing.length ? 'Each with the first heap at which the values differ, and why.' : 'None.', header, rows: rows(disagreeing) },
    { title: 'Every game with a published entry', header, rows: rows(result.games.filter((g) => g.references.length > 0)) },
    {
      title: 'Classes of games with the same sequence',
      text: (big.length ? '' : 'None. ') + 'Proved from the certified periods (equal least period and preperiod after the offset, equal values on one preperiod and period). An offset k means G(n) = G_first(n + k): a heap of 1 that cannot be taken counts as a heap one smaller.',
      header: ['first member', 'period', 'preperiod', 'games', 'the others (offset)'],
      rows: big.map((c) => [tableName(c.members[0]!.spec), c.period, c.preperiod, c.members.length, c.members.slice(1).map((m) => `${tableName(m.spec)}${m.offset ? ` (${m.offset > 0 ? '+' : ''}${m.offset})` : ''}`).join(' ')]),
    },
    {
      title: 'Classes GameLookup splits',
      text: result.lookupSplits.length ? 'Proved classes whose members the lookup table sends to different games.' : 'None: every proved class is one entry of the lookup table.',
      header: ['members', 'the table sends them to'],
      rows: result.lookupSplits.map((s) => [s.members.map(tableName).join(' '), s.targets.map(tableName).join(' ')]),
    },
  ];
}
