/**
 * `sprague census run|fingerprint|show|report|reproduce|site FAMILY`: a whole family of games computed and stored (docs/cli.md,
 * "Census"), its rows read back with a filter, its report written, its games set against the published
 * tables, and its atlas (a static site) built.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { InputError, InterruptedError } from '../../core/errors.js';
import { DEFAULT_AUTOMATON, type AutomatonSettings } from '../../census/compute.js';
import type { Executor } from '../../census/executor.js';
import { LocalExecutor } from '../../executors/local.js';
import { familyName, parseFamily, type Family } from '../../census/families.js';
import { QUEUE_NAME, QueueExecutor } from '../../executors/queue.js';
import { lastExceptionalHeap, reportHtml, reportMarkdown, reportSections } from '../../census/report.js';
import { PUBLISHED_TABLES_URL, publishedFingerprints, referencesFor, type PublishedTables } from '../../census/published.js';
import { reproduceSections, verdictOf, type GameReproduction, type ReproduceResult } from '../../census/reproduce.js';
import { csvHeader, rowCsv, rowJson, type FamilyRow } from '../../census/row.js';
import { runCensus, type CensusRunOptions, type CensusRunResult, type Redo } from '../../census/run.js';
import { escalateCensus, type EscalationResult } from '../../census/escalate.js';
import { backfillFingerprints } from '../../census/backfill.js';
import { CensusStore, DEFAULT_CENSUS_DB, readingDatabase, type CensusSummary } from '../../census/store.js';
import { parseWhere, type WhereClause } from '../../census/where.js';
import { ctrlC, installCtrlC } from '../interrupt.js';
import type { BuiltSite } from '../../atlas/build.js';
import { runCommandJob, stopped } from '../jobs.js';
import { DEFAULT_VALUES_MAX } from '../../atlas/site.js';
import { codeVersion } from '../../core/version.js';
import { colour, emitJson, emitLine, FlagError, formatTable, parseCount, progressBar, parseThreads, readUserFile } from '../io.js';
import type { CommandModule } from './index.js';
import { queueNameFlag } from './worker.js';

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
  queueName?: string;
  escalate?: string;
  only?: string;
}

interface ShowFlags {
  /** Unset: readingDatabase picks one. */
  db?: string;
  bound?: string;
  where?: string;
  csv?: boolean;
  json?: boolean;
}

interface ReproduceFlags {
  bound?: string;
  tables?: string;
  json?: boolean;
  out?: string;
}

interface SiteFlags {
  /** Unset: readingDatabase picks one. */
  db?: string;
  bound?: string;
  valuesMax?: string;
  tables?: string;
}

interface ReportFlags {
  /** Unset: readingDatabase picks one. */
  db?: string;
  bound?: string;
  out: string;
  tables?: string;
}

function summaryJson(s: CensusSummary, run?: CensusRunResult): Record<string, unknown> {
  return {
    family: s.family,
    bound: s.bound,
    games: s.games,
    done: s.done,
    open: s.open,
    failed: s.failed,
    ...(run ? { computed: run.computed, skipped: run.skipped, otherSettings: run.otherSettings } : {}),
  };
}

function automatonFlags(flags: RunFlags): AutomatonSettings {
  return {
    maxStates: flags.maxStates === undefined ? DEFAULT_AUTOMATON.maxStates : parseCount('--max-states', flags.maxStates),
    budgetMs: flags.budgetMs === undefined ? DEFAULT_AUTOMATON.budgetMs : parseCount('--budget-ms', flags.budgetMs),
  };
}

const REDO: readonly Redo[] = ['open', 'failed', 'done', 'damaged', 'settings'];

function redoFlag(text: string | undefined): Redo[] {
  if (text === undefined) return [];
  const list = text.split(',').map((s) => s.trim());
  for (const s of list) if (!REDO.includes(s as Redo)) throw new FlagError('--redo', text, `a list of: ${REDO.join(', ')}`);
  return list as Redo[];
}

function readFamilyFile(path: string): string {
  return readUserFile('the rule sets file', path);
}

async function run(familyText: string, flags: RunFlags): Promise<void> {
  const family = onlyMembers(parseFamily(familyText, { readFile: readFamilyFile }), flags);
  const bound = flags.bound === undefined ? family.defaultBound : parseCount('--bound', flags.bound);
  const automaton = automatonFlags(flags);
  const redo = redoFlag(flags.redo);
  const threads = flags.threads === undefined ? undefined : parseThreads(flags.threads);
  const cap = flags.escalate === undefined ? undefined : parseCount('--escalate', flags.escalate);
  if (cap !== undefined && cap < bound) throw new FlagError('--escalate', flags.escalate!, `a cap at least the bound ${bound}`);
  for (const [flag, value] of [['--queue-name', flags.queueName], ['--attempts', flags.attempts]] as const) {
    if (value !== undefined && flags.queue === undefined) throw new FlagError(flag, value, 'only with --queue');
  }
  const queueName = flags.queueName === undefined ? undefined : queueNameFlag(flags.queueName);
  const store = CensusStore.open(flags.db);
  let executor: Executor | undefined;
  const bar = progressBar('census');
  // The command line's Ctrl-C contract: the first stops the games in flight and keeps every finished one,
  // a second ends them at once.
  installCtrlC();
  let total = 0;
  let finished = 0;
  let result: CensusRunResult | undefined;
  let levelsPrinted = 0;
  try {
    executor = flags.queue
      ? await QueueExecutor.open(flags.queue, {
          ...(flags.attempts === undefined ? {} : { attempts: Math.max(1, parseCount('--attempts', flags.attempts)) }),
          ...(queueName === undefined ? {} : { queueName }),
        })
      : new LocalExecutor({ ...(threads === undefined ? {} : { threads }), graceMs: STOP_GRACE_MS });
    const options: CensusRunOptions = {
      signal: ctrlC.stop,
      kill: ctrlC.kill,
      redo,
      automaton,
      ...(flags.openAt === undefined ? {} : { openAt: parseCount('--open-at', flags.openAt) }),
      onStart(pending) {
        total = pending;
        finished = 0;
        bar.update(0, total, flags.queue ? 'waiting for workers' : '');
      },
      onRow(row) {
        finished++;
        if (flags.json) emitJson(rowJson(family.name, row));
        bar.update(finished, total, row.spec);
      },
    };
    if (cap === undefined) result = await runCensus(store, family, bound, executor, options);
    else {
      // Each level's summary as it ends: a run to a large cap takes hours, and each level is a result.
      const { restarted } = await escalateCensus(store, family, bound, cap, executor, options, (level) => {
        bar.stop();
        printLevel(level.result, flags);
        levelsPrinted++;
      });
      noteRestarted(restarted);
    }
  } catch (e) {
    bar.stop();
    if (e instanceof InterruptedError && e.partial) {
      const escalation = e.partial as Partial<EscalationResult>;
      const partials = escalation.levels ? escalation.levels.slice(levelsPrinted).map((l) => l.result) : [e.partial as CensusRunResult];
      for (const [i, partial] of partials.entries()) {
        if (flags.json) emitJson(summaryJson(partial.summary, partial));
        else printRunSummary(partial, flags.db, i === partials.length - 1);
      }
      noteRestarted(escalation.restarted ?? []);
    }
    throw e;
  } finally {
    bar.stop();
    await executor?.close();
    store.close();
  }
  // An escalation printed each of its levels as it ended.
  if (result === undefined) return;
  if (flags.json) emitJson(summaryJson(result.summary, result));
  else printRunSummary(result, flags.db, false);
}

/**
 * `--only`: the games named, of those the family has. Only with `--open-at`, whose census to the larger bound
 * lists a part of the family by design: a census to a bound lists every member otherwise.
 */
function onlyMembers(family: Family, flags: RunFlags): Family {
  if (flags.only === undefined) return family;
  if (flags.openAt === undefined) throw new FlagError('--only', flags.only, 'only with --open-at (a census to a bound otherwise lists every game of the family)');
  const wanted = flags.only.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const specs = new Set(family.members.map((m) => m.spec));
  const stranger = wanted.find((s) => !specs.has(s));
  if (stranger !== undefined) throw new FlagError('--only', flags.only, `${stranger} is not a game of ${family.name} (write the spec as census show prints it, e.g. octal:0.16)`);
  return { ...family, members: family.members.filter((m) => wanted.includes(m.spec)) };
}

/** A finished level of an escalation, before the next one starts: its summary line. */
function printLevel(r: CensusRunResult, flags: RunFlags): void {
  if (flags.json) emitJson(summaryJson(r.summary, r));
  else printRunSummary(r, flags.db, false);
}

function noteRestarted(specs: readonly string[]): void {
  if (specs.length) process.stderr.write(`sprague: the kept values of ${specs.join(', ')} were damaged and dropped: ${specs.length === 1 ? 'it' : 'they'} started again from heap 0\n`);
}

function printRunSummary(r: CensusRunResult, db: string, interrupted: boolean): void {
  const s = r.summary;
  const missing = s.games - s.done - s.open - s.failed;
  emitLine(
    `${colour.bold(s.family)} to ${s.bound}: ${s.games} games; ${colour.green(`${s.done} done`)}, ${s.open} open, ` +
      `${s.failed ? colour.red(`${s.failed} failed`) : '0 failed'}${missing ? `, ${missing} not computed` : ''} ` +
      `(${r.computed} computed now, ${r.skipped} already stored)`,
  );
  if (r.otherSettings) {
    emitLine(
      `${r.otherSettings} of the stored games were done under other settings and are kept (a proof holds whatever the budget); ` +
        `--redo settings computes them with this run's`,
    );
  }
  if (interrupted) emitLine('interrupted: every finished game is stored; run the same command again to continue');
  emitLine(colour.dim(`stored in ${db}; read it with: sprague census show ${s.family} --db ${db}`));
}

/** The database named, or the one in the working directory, or the atlas shipped with sprague (said on stderr). */
function openForReading(named: string | undefined): CensusStore {
  const { path, shipped } = readingDatabase(named);
  if (shipped) process.stderr.write(`sprague: reading the atlas shipped with sprague (${path}); --db names another database\n`);
  return CensusStore.open(path, { readonly: true });
}

/**
 * The rows a reader asked for: the census to `--bound`, or, without it, every game of the family at the
 * largest bound it was run to (the census itself when it was run once; its escalations and extensions
 * otherwise). `bound` says which, for the title.
 */
function readCensus(store: CensusStore, name: string, flag: string | undefined, where?: WhereClause): { rows: FamilyRow[]; summary: CensusSummary; bound: string } {
  if (flag !== undefined) {
    const b = censusBound(store, name, flag, store.path);
    return { rows: store.rows(name, b, where), summary: store.summary(name, b), bound: `to ${b}` };
  }
  censusBound(store, name, undefined, store.path);
  const { rows, summary } = store.furthest(name, where);
  const bounds = new Set(rows.map((r) => r.bound));
  return { rows, summary, bound: bounds.size > 1 ? `(each game at the largest bound it was run to, up to ${summary.bound})` : `to ${summary.bound}` };
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

/** Human columns per computation: the fields a reader looks at first. */
const TABLE_COLUMNS: Record<string, [string, (r: FamilyRow) => string | number][]> = {
  sequence: [
    ['game', (r) => r.spec],
    ['status', (r) => r.status],
    ['period', (r) => r.period ?? (r.apparentPeriod != null ? `(${r.apparentPeriod})` : '-')],
    ['preperiod', (r) => r.preperiod ?? (r.apparentPreperiod != null ? `(${r.apparentPreperiod})` : '-')],
    // Flammenkamp's column: preperiod - 1, in parentheses when the period is only apparent, like the two before.
    ['last exc.', (r) => ((e) => (e === undefined ? '-' : e.apparent ? `(${e.heap})` : e.heap))(lastExceptionalHeap(r))],
    ['max G', (r) => r.maxValue ?? ''],
    // tczajka's fields at the bound (sequence --summary): the least heap with max G, the rare mask, rare heaps and the last.
    ['at', (r) => r.largestAt ?? ''],
    ['rare mask', (r) => (r.rareMask == null ? '' : `${r.rareMask.toString(16)}${r.rarePos ? 'pos' : ''}`)],
    ['rare', (r) => r.numRare ?? ''],
    ['last rare', (r) => r.lastRare ?? ''],
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
    const { rows, summary: s, bound } = readCensus(store, name, flags.bound, where);
    if (flags.json) {
      for (const r of rows) emitJson(rowJson(name, r));
      return;
    }
    if (flags.csv) {
      emitLine(csvHeader());
      for (const r of rows) emitLine(rowCsv(r));
      return;
    }
    emitLine(colour.bold(`${name} ${bound}: ${rows.length} rows shown of ${s.games} games (${s.done} done, ${s.open} open, ${s.failed} failed)`));
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
    const { rows, summary, bound } = readCensus(store, name, flags.bound);
    const sections = reportSections(summary, rows, { published: publishedFingerprints(readTables(flags.tables)) });
    const title = `Census of ${name} ${bound}`;
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

/** `census pack`: the database without its kept values, as a new file (the source is only read). */
function pack(out: string, flags: { db: string }): void {
  const store = CensusStore.open(flags.db, { readonly: true });
  try {
    const kept = store.keptValues();
    store.packInto(out);
    const bytes = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
    emitLine(`${out}: ${flags.db} without the values kept for ${kept.length} games (${bytes(statSync(flags.db).size)} -> ${bytes(statSync(out).size)}); census show, report and site read it, an escalation from it starts again at heap 0`);
  } finally {
    store.close();
  }
}

interface FingerprintFlags {
  db: string;
  json?: boolean;
}

/**
 * `census fingerprint FAMILY`: the fingerprint of the stored sequence rows that lack it (rows of a census run
 * before schema 3), from the values the database keeps, else computed again to the row's bound; the database
 * is migrated first. Ctrl-C keeps the rows filled.
 */
async function fingerprint(familyText: string, flags: FingerprintFlags): Promise<void> {
  const name = familyName(familyText);
  const store = CensusStore.open(flags.db, { mustExist: true });
  const bar = progressBar('fingerprint');
  installCtrlC();
  const executor = new LocalExecutor({ threads: 1, graceMs: STOP_GRACE_MS });
  let filled = 0;
  try {
    const result = await backfillFingerprints(store, name, executor, {
      signal: ctrlC.stop,
      kill: ctrlC.kill,
      onRow(row) {
        filled++;
        if (flags.json) emitJson({ family: name, spec: row.spec, bound: row.bound, from: row.from });
        bar.update(filled, filled, row.spec);
      },
    });
    bar.stop();
    const fromKept = result.filled.filter((r) => r.from === 'kept').length;
    const summary = { family: name, filled: result.filled.length, fromKept, computed: result.filled.length - fromKept, unchanged: result.unchanged, mismatched: result.mismatched.length };
    if (flags.json) emitJson(summary);
    else emitLine(`${name}: ${summary.filled} rows given their fingerprint (${fromKept} from kept values, ${summary.computed} computed again), ${summary.unchanged} unchanged; ${flags.db}`);
    if (result.mismatched.length) {
      throw new InputError(`${result.mismatched.length} rows left as they were: ${result.mismatched.slice(0, 3).map((m) => m.message).join('; ')}`);
    }
  } catch (e) {
    bar.stop();
    if (e instanceof InterruptedError) process.stderr.write(`sprague: stopped; ${filled} rows filled are kept in ${flags.db}\n`);
    throw e;
  } finally {
    await executor.close();
    store.close();
  }
}

function readTables(path: string | undefined): PublishedTables {
  const where = path ?? fileURLToPath(PUBLISHED_TABLES_URL);
  // A file the user names is checked as every user file is (a regular file, readable); the shipped one is ours.
  const text = path === undefined ? readFileSync(PUBLISHED_TABLES_URL, 'utf8') : readUserFile('the published tables', path);
  let tables: unknown;
  try {
    tables = JSON.parse(text);
  } catch (e) {
    throw new InputError(`cannot read the published tables ${where}: ${(e as Error).message}`);
  }
  const t = tables as Partial<PublishedTables>;
  for (const key of ['solved', 'trivial', 'unsolved', 'lookup'] as const) {
    if (!Array.isArray(t[key])) throw new InputError(`${where} is not a table of published games: no "${key}" list`);
  }
  if (typeof t.source?.repository !== 'string') throw new InputError(`${where} names no source (source.repository)`);
  return t as PublishedTables;
}

function reproductionJson(g: GameReproduction): Record<string, unknown> {
  return { spec: g.spec, heaps: g.heaps, period: g.certified?.period ?? null, preperiod: g.certified?.preperiod ?? null, verdict: verdictOf(g), references: g.references, wallMs: g.wallMs };
}

async function reproduceCommand(familyText: string, flags: ReproduceFlags): Promise<void> {
  const format = flags.out === undefined ? undefined : /\.html?$/i.test(flags.out) ? 'html' : /\.md$/i.test(flags.out) ? 'md' : undefined;
  if (flags.out !== undefined && !format) throw new FlagError('--out', flags.out, 'the report is FILE.md (Markdown) or FILE.html');
  const family = parseFamily(familyText, { readFile: readFamilyFile });
  if (family.members.some((m) => m.computation !== 'sequence')) throw new InputError(`${family.name} is not a family of one-heap games; census reproduce compares Grundy sequences with the published tables`);
  const bound = flags.bound === undefined ? family.defaultBound : parseCount('--bound', flags.bound);
  const tables = readTables(flags.tables);
  const { runCommandJob, stopped } = await import('../jobs.js');
  const end = await runCommandJob(
    'reproduce',
    { specs: family.members.map((m) => m.spec), tables, bound },
    { title: 'reproduce', onItem: (g) => flags.json && emitJson(reproductionJson(g as GameReproduction)) },
  );
  const result = end.end === 'done' ? end.value : end.partial;
  if (result) printReproduction(family.name, result, tables, flags, format);
  if (end.end !== 'done') throw stopped(end, result !== undefined);
}

const TERMINAL_GAMES = 40;

function printReproduction(name: string, result: ReproduceResult, tables: PublishedTables, flags: ReproduceFlags, format: 'md' | 'html' | undefined): void {
  const source = `${tables.source.repository} at ${tables.source.commit}`;
  const sections = reproduceSections(name, result, source);
  if (flags.out) {
    const title = `${name} against the published tables`;
    try {
      writeFileSync(flags.out, format === 'html' ? reportHtml(title, sections) : reportMarkdown(title, sections));
    } catch (e) {
      throw new InputError(`cannot write ${flags.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  if (flags.json) {
    for (const c of result.classes) if (c.members.length > 1) emitJson({ class: c.members, period: c.period, preperiod: c.preperiod });
    for (const s of result.lookupSplits) emitJson({ lookupSplit: s.members, targets: s.targets });
    const count = (v: string) => result.games.filter((g) => verdictOf(g) === v).length;
    emitJson({ family: name, games: result.games.length, agrees: count('agrees'), disagrees: count('disagrees'), undecided: count('undecided'), notListed: count('not listed'), classes: result.classes.filter((c) => c.members.length > 1).length });
    return;
  }
  // A terminal gets every game of a small family; of a large one, what stands out (--out has every game).
  for (const s of sections) {
    if (s.title === 'Every game with a published entry' && result.games.length > TERMINAL_GAMES) continue;
    emitLine(colour.bold(s.title));
    if (s.text) emitLine(s.text);
    if (s.header && s.rows && s.rows.length) emitLine(formatTable(s.header, s.rows));
  }
}

/**
 * The atlas of a census: a static site in DIR (docs/atlas.md). The sequences are computed again for their
 * pages, one sequence job at a time in the runner's worker; the first Ctrl-C stops the one in flight, writes
 * the site with the pages done so far (the others say they were not drawn) and exits 130.
 */
async function site(familyText: string, dir: string, flags: SiteFlags): Promise<void> {
  const name = familyName(familyText);
  const valuesMax = flags.valuesMax === undefined ? DEFAULT_VALUES_MAX : parseCount('--values-max', flags.valuesMax);
  // The sequence kernels, every game family and the charts: loaded for this subcommand only.
  const { buildSite } = await import('../../atlas/build.js');
  const store = openForReading(flags.db);
  const bar = progressBar('site');
  installCtrlC();
  let built: BuiltSite;
  try {
    // Without --bound, every game at the largest bound it was run to (an escalated census's final answers);
    // censusBound refuses a family the database does not hold, either way.
    const stored = censusBound(store, name, flags.bound, store.path);
    const bound = flags.bound === undefined ? ('furthest' as const) : stored;
    let at = 0;
    let games = 0;
    const tables = readTables(flags.tables);
    built = await buildSite(store, name, bound, dir, {
      valuesMax,
      references: referencesFor(tables),
      published: publishedFingerprints(tables),
      version: codeVersion(),
      signal: ctrlC.stop,
      // Each game's values are the sequence job in the runner's worker: this thread stays free for Ctrl-C.
      valuesOf: async (spec, max) => {
        const end = await runCommandJob('sequence', { spec, max, stopAtPeriod: true }, { title: 'site', onProgress: (done, total) => bar.update(Math.floor(at + done / Math.max(1, total)), games, spec) });
        if (end.end !== 'done') throw stopped(end);
        return { values: end.value.values!, fingerprint: end.value.fingerprint };
      },
      onProgress: (done, total, spec) => {
        at = done;
        games = total;
        bar.update(done, total, spec);
      },
    });
  } catch (e) {
    bar.stop();
    if (e instanceof InterruptedError && e.partial) printSite(e.partial as BuiltSite, true);
    throw e;
  } finally {
    bar.stop();
    store.close();
  }
  printSite(built, false);
}

function printSite(b: BuiltSite, interrupted: boolean): void {
  emitLine(`${b.pages} pages in ${b.dir}: ${b.drawn} sequences drawn${b.missing ? `, ${b.missing} not drawn` : ''}; open ${join(b.dir, 'index.html')}`);
  if (interrupted) emitLine('interrupted: the site is written; the pages not drawn say so (build it again to draw them)');
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
      .option('--redo <which>', 'recompute stored games: with these statuses (open, failed, done), damaged ones, or those done under other settings (settings); comma separated')
      .option('--open-at <b>', 'only the games stored as open in the census to the smaller bound B (e.g. --bound 1048576 --open-at 65536)')
      .option('--escalate <cap>', 'then run the games still open to twice the bound, twice that, ... up to CAP, each continuing from the values its last run kept')
      .option('--only <specs>', 'with --open-at: only these games of the family (comma-separated specs as census show prints them)')
      .option('--attempts <n>', 'with --queue: attempts per game before it is recorded as failed (default 3)')
      .option('--queue-name <name>', `with --queue: the queue on that Redis (default ${QUEUE_NAME}); its workers take --queue-name NAME too`)
      .action((family: string, flags: RunFlags) => run(family, flags));
    census
      .command('fingerprint')
      .description("store the fingerprint (tczajka's: largest value and where, rare mask, rare heaps) of the sequence rows that lack it")
      .argument('<family>', 'the family as given to census run')
      .option('--db <file>', 'the census database (migrated to this sprague\'s schema first)', DEFAULT_DB)
      .option('--json', 'JSON Lines: one line per row filled, then a summary line')
      .action((family: string, flags: FingerprintFlags) => fingerprint(family, flags));
    census
      .command('pack')
      .description('copy a census database without its kept values (every row, census and member list): a small file to share or ship')
      .argument('<out>', 'the new file')
      .option('--db <file>', 'the census database to copy (only read)', DEFAULT_DB)
      .action((out: string, flags: { db: string }) => pack(out, flags));
    census
      .command('show')
      .description('the stored rows of a census: a table, CSV or JSON Lines')
      .argument('<family>', 'the family as given to census run')
      .option('--db <file>', `the census database (default: ${DEFAULT_DB} when it exists, else the atlas shipped with sprague)`)
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
      .option('--db <file>', `the census database (default: ${DEFAULT_DB} when it exists, else the atlas shipped with sprague)`)
      .option('--bound <n>', 'which census of the family (default: the latest run)')
      .option('--tables <file>', "the published tables whose fingerprints the open games are set beside (default: data/published/tczajka-octal-games.json)")
      .action((family: string, flags: ReportFlags) => report(family, flags));
    census
      .command('reproduce')
      .description("compute a family's games as far as the published tables need and say which entries they reproduce (tczajka/octal-games)")
      .argument('<family>', 'a family of one-heap games: octal-tables:3, octal:4, octal-6111:N, octal-0n7:N, grundy, ...')
      .option('--bound <n>', 'heaps for the games whose entry asks for no more (default: the family\'s, 4096)')
      .option('--tables <file>', 'the published tables as JSON (default: data/published/tczajka-octal-games.json)')
      .option('--json', 'JSON Lines: one line per game as it finishes, then the classes, the lookup splits and a summary')
      .option('--out <file>', 'also write the whole report (every game, every class) as FILE.md or FILE.html')
      .action((family: string, flags: ReproduceFlags) => reproduceCommand(family, flags));
    census
      .command('site')
      .description('write a static site of a census: a sortable, filterable index and a page per game (opens from the file system)')
      .argument('<family>', 'the family as given to census run')
      .argument('<dir>', 'the folder to write (new, empty, or an older atlas)')
      .option('--db <file>', `the census database (default: ${DEFAULT_DB} when it exists, else the atlas shipped with sprague)`)
      .option('--bound <n>', 'which census of the family (default: the latest run)')
      .option('--values-max <n>', `the largest heap computed again for a page's fingerprint and pictures (default ${DEFAULT_VALUES_MAX})`)
      .option('--tables <file>', 'the published tables each game is set against (default: data/published/tczajka-octal-games.json)')
      .action((family: string, dir: string, flags: SiteFlags) => site(family, dir, flags));
  },
};
