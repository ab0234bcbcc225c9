/**
 * A census run: the family's members not yet stored become tasks on an executor (this machine's
 * cores, or a Redis queue), and each finished game is committed to the store as it arrives. A game
 * whose computation fails is stored as `failed` with its error. Interrupted (the signal), the run waits
 * for the games in flight to stop (or `kill` ends them), then throws InterruptedError whose `partial` is
 * the CensusRunResult so far: everything finished is stored.
 */
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { codeVersion } from '../core/version.js';
import { currentAnswers, settingsJson, taskKey, type AutomatonSettings, type CensusTask } from './compute.js';
import type { Executor } from './executor.js';
import type { Family, Member } from './families.js';
import type { CensusRow, Status } from './row.js';
import { damagedRowsError, type CensusStore, type CensusSummary } from './store.js';

/**
 * Which stored games a run computes again: those with a status, those whose content no longer matches its
 * digest (`damaged`), those done under other settings (`settings`).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Redo = Status | 'damaged' | 'settings';

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
   * to the new bound then lists those members and the ones earlier runs to it listed, until a full run to
   * it lists them all.
   */
  openAt?: number;
  /**
   * Recompute the stored games with these statuses (e.g. open after raising the automaton budget), the
   * damaged ones (a run refuses to start while a game of its census is damaged, unless told so), and the
   * ones done under other settings (kept otherwise: a proof holds whatever the budget that found it).
   */
  redo?: readonly Redo[];
  /** Limits of the automaton attempt of rewrite games. */
  automaton?: AutomatonSettings;
  /** The folder a member's kernel resumes from and keeps its values in (census escalation, escalate.ts), if any. */
  checkpointFor?: (member: Member) => string | undefined;
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
  /**
   * Of the skipped games, those done under other settings than this run's (`redo: ['settings']` recomputes
   * them); a stored game that is open or failed under other settings is computed again.
   */
  otherSettings: number;
}

/**
 * What a run computes and what it keeps: a stored game is this run's answer when its settings are the run's
 * and its code gives today's answers (ANSWERS_SINCE); a game done under other settings is kept and counted
 * (a proof holds whatever the budget that found it); open and failed ones under other settings, and rows of
 * older code, are computed again. A damaged row stops the run unless `redo` names `damaged`.
 *
 * @beta
 */
export function planCensus(
  store: CensusStore,
  family: Family,
  bound: number,
  options: Pick<CensusRunOptions, 'redo' | 'automaton' | 'checkpointFor'> = {},
): { tasks: CensusTask[]; skipped: number; otherSettings: number } {
  const redo = options.redo ?? [];
  const stored = new Map(store.storedGames(family.name, bound).map((g) => [taskKey(g), g]));
  const damaged = [...stored.values()].filter((g) => g.damaged);
  if (damaged.length && !redo.includes('damaged')) throw damagedRowsError(store.path, damaged, family.name);
  const seen = new Set<string>();
  const tasks: CensusTask[] = [];
  let skipped = 0;
  let otherSettings = 0;
  for (const m of family.members) {
    const checkpoint = options.checkpointFor?.(m);
    const task: CensusTask = {
      spec: m.spec,
      computation: m.computation,
      bound,
      ...(m.mirror ? { mirror: m.mirror } : {}),
      ...(m.computation === 'rewrite' && options.automaton ? { automaton: options.automaton } : {}),
      ...(checkpoint ? { checkpoint } : {}),
    };
    const key = taskKey(task);
    if (seen.has(key)) continue;
    seen.add(key);
    const row = stored.get(key);
    const same = row !== undefined && row.settings === settingsJson(task);
    const keep =
      row !== undefined && !row.damaged && !redo.includes(row.status) && currentAnswers(row.version) && (same || (row.status === 'done' && !redo.includes('settings')));
    if (!keep) tasks.push(task);
    else {
      skipped++;
      if (!same) otherSettings++;
    }
  }
  return { tasks, skipped, otherSettings };
}

/**
 * The tasks a run of the census computes (one per distinct game): those the store does not hold as this
 * run's answers (planCensus).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function pendingTasks(store: CensusStore, family: Family, bound: number, options: Pick<CensusRunOptions, 'redo' | 'automaton'> = {}): CensusTask[] {
  return planCensus(store, family, bound, options).tasks;
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
    settings: settingsJson(task),
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
  store.registerCensus(family, bound, { keepListed: options.openAt !== undefined });
  const { tasks, skipped, otherSettings } = planCensus(store, family, bound, options);
  options.onStart?.(tasks.length, skipped);
  let computed = 0;
  const result = (): CensusRunResult => ({ summary: store.summary(family.name, bound), computed, skipped, otherSettings });
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
