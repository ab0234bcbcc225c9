/**
 * Census escalation (docs/atlas.md): the games of a census still open are run again to twice the bound, then
 * twice that, until their period is certified or the cap is reached, each run continuing from the values the
 * game's last run kept instead of from heap 0. The values live in the census database
 * (CensusStore.keepValuesFile: the kernel's own checkpoint file, in checksummed chunks), so a database copied to
 * another machine continues there.
 *
 * The kernels read and write their checkpoints as files: for each level the kept values are laid out in a
 * private folder, one sub-folder per game, and whatever a game leaves there (when it finishes, or when a stop
 * ends it) is put back into the database. Only executors whose games run on this machine can read such a
 * folder; on a queue the levels still double, but each run starts from heap 0.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, InterruptedError } from '../core/errors.js';
import type { Executor } from './executor.js';
import type { Family, Member } from './families.js';
import type { CensusRow } from './row.js';
import { openMembers, runCensus, type CensusRunOptions, type CensusRunResult } from './run.js';
import type { CensusStore } from './store.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface EscalationLevel {
  bound: number;
  result: CensusRunResult;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface EscalationResult {
  /** The census to the first bound, then one level per doubling that had open games. */
  levels: EscalationLevel[];
  /** Games whose kept values were damaged (dropped), so that they started again from heap 0. */
  restarted: string[];
}

/** A game's folder inside the level's: named by a digest, since specs hold characters no file name may. */
function gameFolder(root: string, m: Pick<Member, 'spec' | 'computation'>): string {
  return join(root, createHash('sha256').update(`${m.computation} ${m.spec}`).digest('hex').slice(0, 24));
}

/**
 * The values the store keeps for the game, written where its kernel looks for them. Damaged ones are dropped
 * and named in `restarted`: the game starts afresh, which costs time but no answer.
 */
function layOut(store: CensusStore, root: string, m: Member, restarted: string[]): void {
  const folder = gameFolder(root, m);
  mkdirSync(folder, { recursive: true });
  try {
    store.writeKeptValues(m.spec, m.computation, folder);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    store.dropValues(m.spec, m.computation);
    restarted.push(m.spec);
  }
}

/** What the game's kernel left in its folder, back into the store (a temporary file of a write cut short is not). */
function takeBack(store: CensusStore, root: string, m: Pick<Member, 'spec' | 'computation'>): void {
  const folder = gameFolder(root, m);
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => !n.includes('.tmp-'));
  } catch {
    return;
  }
  for (const name of names) store.keepValuesFile(m.spec, m.computation, join(folder, name));
}

/**
 * Runs the census of `family` to `bound` (what is stored is skipped, as by runCensus; only the games open at
 * `options.openAt` when it is given), then the games still open to 2 bound, 4 bound, ... up to `cap`, each
 * from the values its last run kept. A certified game's kept values are dropped: its period gives every
 * value. A stop keeps the values of the games in flight too. `onLevel` hears of each level as it ends (a
 * run to a large cap takes hours, and its levels are results on their own).
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function escalateCensus(
  store: CensusStore,
  family: Family,
  bound: number,
  cap: number,
  executor: Executor,
  options: CensusRunOptions = {},
  onLevel?: (level: EscalationLevel) => void,
): Promise<EscalationResult> {
  if (!Number.isSafeInteger(cap) || cap < bound) throw new InputError(`the escalation cap ${cap} is below the bound ${bound}`);
  const shared = executor.local === true;
  const root = mkdtempSync(join(tmpdir(), 'sprague-escalate-'));
  const levels: EscalationLevel[] = [];
  const restarted: string[] = [];
  try {
    // The first level is the census to `bound` (of the games open at `options.openAt`, when given).
    for (let b = bound, openAt = options.openAt; b <= cap; openAt = b, b *= 2) {
      const members = openAt === undefined ? family.members : openMembers(store, family, openAt).members;
      // The first level runs even with nothing to do: its summary says so, as a census without escalation's.
      if (members.length === 0 && b > bound) break;
      const sequences = members.filter((m) => m.computation === 'sequence');
      if (shared) for (const m of sequences) layOut(store, root, m, restarted);
      const finished = new Set<string>();
      const keep = (row: CensusRow) => {
        finished.add(`${row.computation} ${row.spec}`);
        if (row.computation !== 'sequence' || !shared) return;
        if (row.status === 'open') takeBack(store, root, row);
        else store.dropValues(row.spec, row.computation);
      };
      try {
        const result = await runCensus(store, family, b, executor, {
          ...options,
          ...(openAt === undefined ? {} : { openAt }),
          ...(shared ? { checkpointFor: (m: Member) => (m.computation === 'sequence' ? gameFolder(root, m) : undefined) } : {}),
          onRow: (row) => {
            keep(row);
            options.onRow?.(row);
          },
        });
        levels.push({ bound: b, result });
        onLevel?.({ bound: b, result });
      } catch (e) {
        // The games stopped in flight wrote their values on the way out: keep them for the next run.
        if (e instanceof InterruptedError && shared) for (const m of sequences) if (!finished.has(`${m.computation} ${m.spec}`)) takeBack(store, root, m);
        if (e instanceof InterruptedError) throw new InterruptedError({ levels: [...levels, { bound: b, result: e.partial as CensusRunResult }], restarted });
        throw e;
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { levels, restarted };
}
