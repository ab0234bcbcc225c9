/**
 * `sprague census run|show|report FAMILY`: a whole family of games computed and stored (docs/cli.md,
 * "Census"), its rows read back with a filter, and its report written.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError, InterruptedError } from '../../core/errors.js';
import { DEFAULT_AUTOMATON, type AutomatonSettings } from '../../census/compute.js';
import type { Executor } from '../../census/executor.js';
import { LocalExecutor } from '../../executors/local.js';
import { familyName, parseFamily } from '../../census/families.js';
import { QueueExecutor } from '../../executors/queue.js';
import { reportHtml, reportMarkdown, reportSections } from '../../census/report.js';
import { FAMILY_FIELDS, rowJson, type FamilyRow, type Status } from '../../census/row.js';
import { runCensus, type CensusRunResult } from '../../census/run.js';
import { CensusStore, DEFAULT_CENSUS_DB, type CensusSummary } from '../../census/store.js';
import { parseWhere } from '../../census/where.js';
import { ctrlC, installCtrlC } from '../interrupt.js';
import { colour, emitJson, emitLine, FlagError, formatTable, parseCount, progressBar, parseThreads, readUserFile } from '../io.js';
import type { CommandModule } from './index.js';

const DEFAULT_DB = DEFAULT_CENSUS_DB;

/** After Ctrl-C, how long a game may take to stop by itself before its thread is ended (nothing finished is lost either way). */
const STOP_GRACE_MS = 2000;

interface RunFlags {
  bound?: string;
  db: string;
  queue?: string;
  json?: boolean;
  threads?: string;
  maxStates?: string;
  budgetMs?: string;
  redo?: string;
  openAt?: string;
  attempts?: string;
}

interface ShowFlags {
  db: string;
  bound?: string;
  where?: string;
  csv?: boolean;
  json?: boolean;
}

interface ReportFlags {
  db: string;
  bound?: string;
  out: string;
}

function summaryJson(s: CensusSummary, run?: CensusRunResult): Record<string, unknown> {
  return { family: s.family, bound: s.bound, games: s.games, done: s.done, open: s.open, failed: s.failed, ...(run ? { computed: run.computed, skipped: run.skipped } : {}) };
}

function automatonFlags(flags: RunFlags): AutomatonSettings {
  return {
    maxStates: flags.maxStates === undefined ? DEFAULT_AUTOMATON.maxStates : parseCount('--max-states', flags.maxStates),
    budgetMs: flags.budgetMs === undefined ? DEFAULT_AUTOMATON.budgetMs : parseCount('--budget-ms', flags.budgetMs),
  };
}

function redoFlag(text: string | undefined): Status[] {
  if (text === undefined) return [];
  const list = text.split(',').map((s) => s.trim());
  for (const s of list) if (s !== 'open' && s !== 'failed' && s !== 'done') throw new FlagError('--redo', text, 'a list of statuses: open, failed, done');
  return list as Status[];
}

function readFamilyFile(path: string): string {
  return readUserFile('the rule sets file', path);
}

async function run(familyText: string, flags: RunFlags): Promise<void> {
  const family = parseFamily(familyText, { readFile: readFamilyFile });
  const bound = flags.bound === undefined ? family.defaultBound : parseCount('--bound', flags.bound);
  const automaton = automatonFlags(flags);
  const redo = redoFlag(flags.redo);
  const threads = flags.threads === undefined ? undefined : parseThreads(flags.threads);
  const store = CensusStore.open(flags.db);
  let executor: Executor | undefined;
  const bar = progressBar('census');
  // The command line's Ctrl-C contract: the first stops the games in flight and keeps every finished one,
  // a second ends them at once.
  installCtrlC();
  let total = 0;
  let finished = 0;
  let result: CensusRunResult;
  try {
    executor = flags.queue
      ? await QueueExecutor.open(flags.queue, flags.attempts === undefined ? {} : { attempts: Math.max(1, parseCount('--attempts', flags.attempts)) })
      : new LocalExecutor({ ...(threads === undefined ? {} : { threads }), graceMs: STOP_GRACE_MS });
    result = await runCensus(store, family, bound, executor, {
      signal: ctrlC.stop,
      kill: ctrlC.kill,
      redo,
      automaton,
      ...(flags.openAt === undefined ? {} : { openAt: parseCount('--open-at', flags.openAt) }),
      onStart(pending) {
        total = pending;
        bar.update(0, total, flags.queue ? 'waiting for workers' : '');
      },
      onRow(row) {
        finished++;
        if (flags.json) emitJson(rowJson(family.name, row));
        bar.update(finished, total, row.spec);
      },
    });
  } catch (e) {
    bar.stop();
    if (e instanceof InterruptedError && e.partial) {
      const partial = e.partial as CensusRunResult;
      if (flags.json) emitJson(summaryJson(partial.summary, partial));
      else printRunSummary(partial, flags.db, true);
    }
    throw e;
  } finally {
    bar.stop();
    await executor?.close();
    store.close();
  }
  if (flags.json) emitJson(summaryJson(result.summary, result));
  else printRunSummary(result, flags.db, false);
}

function printRunSummary(r: CensusRunResult, db: string, interrupted: boolean): void {
  const s = r.summary;
  const missing = s.games - s.done - s.open - s.failed;
  emitLine(
    `${colour.bold(s.family)} to ${s.bound}: ${s.games} games; ${colour.green(`${s.done} done`)}, ${s.open} open, ` +
      `${s.failed ? colour.red(`${s.failed} failed`) : '0 failed'}${missing ? `, ${missing} not computed` : ''} ` +
      `(${r.computed} computed now, ${r.skipped} already stored)`,
  );
  if (interrupted) emitLine('interrupted: every finished game is stored; run the same command again to continue');
  emitLine(colour.dim(`stored in ${db}; read it with: sprague census show ${s.family} --db ${db}`));
}

function openForReading(db: string): CensusStore {
  return CensusStore.open(db, { readonly: true });
}

function censusBound(store: CensusStore, name: string, flag: string | undefined, db: string): number {
  if (flag !== undefined) return parseCount('--bound', flag);
  const bound = store.latestBound(name);
  if (bound === undefined) {
    const stored = store.censuses().map((c) => c.family);
    throw new InputError(`no census of ${name} in ${db}${stored.length ? ` (it holds ${[...new Set(stored)].join(', ')})` : ''}`);
  }
  return bound;
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Human columns per computation: the fields a reader looks at first. */
const TABLE_COLUMNS: Record<string, [string, (r: FamilyRow) => string | number][]> = {
  sequence: [
    ['game', (r) => r.spec],
    ['status', (r) => r.status],
    ['period', (r) => r.period ?? (r.apparentPeriod != null ? `(${r.apparentPeriod})` : '-')],
    ['preperiod', (r) => r.preperiod ?? (r.apparentPreperiod != null ? `(${r.apparentPreperiod})` : '-')],
    ['max G', (r) => r.maxValue ?? ''],
    ['same as', (r) => r.sameAs ?? ''],
    ['note', (r) => r.error ?? (r.certified ? '' : (r.reason ?? ''))],
  ],
  wythoff: [
    ['game', (r) => r.spec],
    ['P-positions', (r) => r.pCount ?? ''],
    ['min b-a-n', (r) => r.devMin ?? ''],
    ['max b-a-n', (r) => r.devMax ?? ''],
    ['same as', (r) => r.sameAs ?? ''],
    ['note', (r) => r.error ?? ''],
  ],
  ppositions: [
    ['game', (r) => r.spec],
    ['P-positions', (r) => r.pCount ?? ''],
    ['same as', (r) => r.sameAs ?? ''],
    ['note', (r) => r.error ?? ''],
  ],
  rewrite: [
    ['game', (r) => r.spec],
    ['verdict', (r) => r.verdict ?? r.status],
    ['states', (r) => r.states ?? (r.lowerBound != null ? `>= ${r.lowerBound}` : '')],
    ['max G', (r) => r.maxValue ?? ''],
    ['growing', (r) => (r.maxGrowing ? 'yes' : '')],
    ['same as', (r) => r.sameAs ?? ''],
    ['note', (r) => r.error ?? r.theorem ?? ''],
  ],
};

function show(familyText: string, flags: ShowFlags): void {
  if (flags.csv && flags.json) throw new InputError('choose one of --csv and --json');
  const where = flags.where === undefined ? undefined : parseWhere(flags.where);
  const name = familyName(familyText);
  const store = openForReading(flags.db);
  try {
    const bound = censusBound(store, name, flags.bound, flags.db);
    const rows = store.rows(name, bound, where);
    if (flags.json) {
      for (const r of rows) emitJson(rowJson(name, r));
      return;
    }
    if (flags.csv) {
      emitLine(FAMILY_FIELDS.map((f) => f.name).join(','));
      for (const r of rows) emitLine(FAMILY_FIELDS.map((f) => csvCell((r as unknown as Record<string, unknown>)[f.name])).join(','));
      return;
    }
    const s = store.summary(name, bound);
    emitLine(colour.bold(`${name} to ${bound}: ${rows.length} rows shown of ${s.games} games (${s.done} done, ${s.open} open, ${s.failed} failed)`));
    for (const computation of Object.keys(TABLE_COLUMNS)) {
      const group = rows.filter((r) => r.computation === computation);
      if (group.length === 0) continue;
      const columns = TABLE_COLUMNS[computation]!;
      emitLine(formatTable(columns.map(([h]) => h), group.map((r) => columns.map(([, get]) => get(r)))));
    }
  } finally {
    store.close();
  }
}

function report(familyText: string, flags: ReportFlags): void {
  const format = /\.html?$/i.test(flags.out) ? 'html' : /\.md$/i.test(flags.out) ? 'md' : undefined;
  if (!format) throw new FlagError('--out', flags.out, 'the report is FILE.md (Markdown) or FILE.html');
  const name = familyName(familyText);
  const store = openForReading(flags.db);
  let text: string;
  try {
    const bound = censusBound(store, name, flags.bound, flags.db);
    const sections = reportSections(store.summary(name, bound), store.rows(name, bound));
    const title = `Census of ${name} to ${bound}`;
    text = format === 'html' ? reportHtml(title, sections) : reportMarkdown(title, sections);
  } finally {
    store.close();
  }
  try {
    writeFileSync(flags.out, text);
  } catch (e) {
    throw new InputError(`cannot write ${flags.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

export const censusCommand: CommandModule = {
  register(program: Command) {
    const census = program.command('census').description('whole families of games: compute and store them, read them back, write a report');
    census
      .command('run')
      .description('compute every game of a family and store one row per game (a rerun skips the games stored)')
      .argument('<family>', 'octal:D, hex:D, subtraction:K, rewrite:E, rewrite:@FILE, wythoff:L or push:SPEC1;SPEC2;...')
      .option('--bound <n>', 'heap bound (sequences, P-positions) or word length (rewrite games)')
      .option('--db <file>', 'the census database', DEFAULT_DB)
      .option('--queue <url>', 'make the games jobs on this Redis queue (redis://HOST:PORT) for `sprague worker`s, and wait')
      .option('--json', 'JSON Lines: one line per finished game, then a summary line')
      .option('--threads <n>', 'worker threads on this machine (default: the number of cores)')
      .option('--max-states <k>', `rewrite games: largest Grundy automaton tried (default ${DEFAULT_AUTOMATON.maxStates})`)
      .option('--budget-ms <ms>', `rewrite games: time for the automaton attempt of each game (default ${DEFAULT_AUTOMATON.budgetMs})`)
      .option('--redo <statuses>', 'recompute stored games with these statuses (open, failed; comma separated)')
      .option('--open-at <b>', 'only the games stored as open in the census to the smaller bound B (e.g. --bound 1048576 --open-at 65536)')
      .option('--attempts <n>', 'with --queue: attempts per game before it is recorded as failed (default 3)')
      .action((family: string, flags: RunFlags) => run(family, flags));
    census
      .command('show')
      .description('the stored rows of a census: a table, CSV or JSON Lines')
      .argument('<family>', 'the family as given to census run')
      .option('--db <file>', 'the census database', DEFAULT_DB)
      .option('--bound <n>', 'which census of the family (default: the latest run)')
      .option('--where <expr>', "filter, e.g. \"certified = 0\", \"period > 100 and status = done\", \"verdict = 'regular'\"")
      .option('--csv', 'CSV with every field')
      .option('--json', 'JSON Lines, one per game')
      .action((family: string, flags: ShowFlags) => show(family, flags));
    census
      .command('report')
      .description('write the notable rows of a census as Markdown or HTML tables')
      .argument('<family>', 'the family as given to census run')
      .requiredOption('--out <file>', 'FILE.md or FILE.html')
      .option('--db <file>', 'the census database', DEFAULT_DB)
      .option('--bound <n>', 'which census of the family (default: the latest run)')
      .action((family: string, flags: ReportFlags) => report(family, flags));
  },
};
