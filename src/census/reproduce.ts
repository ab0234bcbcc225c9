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
  type ComputedSequence,
  type PublishedTables,
  type Reference,
  type SequenceClass,
} from './published.js';

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
function computeSequence(spec: string, max: number, stopAtPeriod: boolean, signal: Stop | undefined): ComputedSequence {
  const rs = parseSpec(spec);
  const r = sequenceWithPeriod(rs, max, { stopAtPeriod, pPeriod: false, ...(signal ? { signal } : {}) });
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
      const { max, stopAtPeriod } = heapsToReproduce(index, spec, bound);
      const r = computeSequence(spec, max, stopAtPeriod, options.signal);
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
