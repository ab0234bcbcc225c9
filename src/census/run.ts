/**
 * A census run: the family's members not yet stored become tasks on an executor (this machine's
 * cores, or a Redis queue), and each finished game is committed to the store as it arrives. A game
 * whose computation fails is stored as `failed` with its error. Interrupted (the signal), the run waits
 * for the games in flight to stop (or `kill` ends them), then throws InterruptedError whose `partial` is
 * the CensusRunResult so far: everything finished is stored.
 */
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { codeVersion } from '../core/version.js';
import { taskKey, type AutomatonSettings, type CensusTask } from './compute.js';
import type { Executor } from './executor.js';
import type { Family } from './families.js';
import type { CensusRow, Status } from './row.js';
import type { CensusStore, CensusSummary } from './store.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface CensusRunOptions {
  /** Asks the run to stop: the games in flight stop (their kernels read it), the rest never start. */
  signal?: AbortSignal;
  /** Ends the games in flight at once (their worker threads are ended and replaced). */
  kill?: AbortSignal;
  /**
   * Extend the open games: only the members stored as `open` in the census of the same family to this
   * smaller bound (e.g. the octal codes with no certified period at 2^16, run again to 2^20). The census
   * to the new bound then lists those members only, until a full run to it lists them all.
   */
  openAt?: number;
  /** Recompute the stored games with these statuses (e.g. open after raising the automaton budget). */
  redo?: readonly Status[];
  /** Limits of the automaton attempt of rewrite games. */
  automaton?: AutomatonSettings;
  /** Called once the work is known: games to compute now, games already stored. */
  onStart?(pending: number, stored: number): void;
  /** Called after each game is committed. */
  onRow?(row: CensusRow): void;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface CensusRunResult {
  summary: CensusSummary;
  /** Games computed (or failed) in this run. */
  computed: number;
  /** Games found in the store and skipped. */
  skipped: number;
}

/**
 * The tasks of a census that the store does not hold yet (one per distinct game).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function pendingTasks(store: CensusStore, family: Family, bound: number, options: Pick<CensusRunOptions, 'redo' | 'automaton'> = {}): CensusTask[] {
  const stored = store.storedKeys(family.name, bound, options.redo ?? []);
  const seen = new Set<string>();
  const tasks: CensusTask[] = [];
  for (const m of family.members) {
    const task: CensusTask = {
      spec: m.spec,
      computation: m.computation,
      bound,
      ...(m.mirror ? { mirror: m.mirror } : {}),
      ...(m.computation === 'rewrite' && options.automaton ? { automaton: options.automaton } : {}),
    };
    const key = taskKey(task);
    if (stored.has(key) || seen.has(key)) continue;
    seen.add(key);
    tasks.push(task);
  }
  return tasks;
}

/** The row recording that a game's computation failed; a limit's error starts with its name (core/limits.ts). */
export function failedRow(task: CensusTask, error: unknown): CensusRow {
  const text = error instanceof Error ? error.message : String(error);
  const message = error instanceof LimitError ? `limit ${error.limit}: ${text}` : text;
  return {
    spec: task.spec,
    computation: task.computation,
    bound: task.bound,
    status: 'failed',
    error: message.split('\n')[0]!,
    mirror: task.mirror ?? null,
    version: codeVersion(),
  };
}

/** The family restricted to its members stored as open to the bound `openAt` (CensusRunOptions.openAt). */
export function openMembers(store: CensusStore, family: Family, openAt: number): Family {
  if (!store.censuses().some((c) => c.family === family.name && c.bound === openAt)) {
    throw new InputError(`no census of ${family.name} to ${openAt} to extend: run it first`);
  }
  const open = store.membersWithStatus(family.name, openAt, 'open');
  return { ...family, members: family.members.filter((m) => open.has(`${m.computation} ${m.spec}`)) };
}

/**
 * Computes every game of `family` up to `bound` that the store does not hold yet, on `executor`, one stored
 * row per finished game (docs/census.md).
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function runCensus(store: CensusStore, whole: Family, bound: number, executor: Executor, options: CensusRunOptions = {}): Promise<CensusRunResult> {
  if (options.openAt !== undefined && options.openAt >= bound) throw new InputError(`extending the open games needs a bound above ${options.openAt}, not ${bound}`);
  const family = options.openAt === undefined ? whole : openMembers(store, whole, options.openAt);
  store.registerCensus(family, bound);
  const tasks = pendingTasks(store, family, bound, options);
  const distinct = new Set(family.members.map((m) => `${m.computation} ${m.spec}`)).size;
  const skipped = distinct - tasks.length;
  options.onStart?.(tasks.length, skipped);
  let computed = 0;
  const result = (): CensusRunResult => ({ summary: store.summary(family.name, bound), computed, skipped });
  const commit = (row: CensusRow) => {
    store.put(row);
    computed++;
    options.onRow?.(row);
  };
  const { signal, kill } = options;
  const stopped = () => (signal?.aborted ?? false) || (kill?.aborted ?? false);
  const game = { ...(signal ? { signal } : {}), ...(kill ? { kill } : {}) };
  // Every game settles: finished ones (even those finishing after a stop) are committed; a game stopped or
  // ended is not a failure, and the next run computes it.
  await Promise.all(
    tasks.map((task) =>
      executor.run(task, game).then(
        (row) => commit(row),
        (e) => {
          if (!(e instanceof InterruptedError) || !stopped()) commit(failedRow(task, e));
        },
      ),
    ),
  );
  if (stopped()) throw new InterruptedError(result());
  return result();
}
