/**
 * A census database one can ship and trust (issue 35): a flipped byte, a hand-edited row, a dropped view or
 * a truncated file gives exit 2 and one line naming the damage, never a wrong row with exit 0; a database
 * that cannot be written is read by `census show` and by the explorer without a file created or a byte
 * changed; a rerun with other settings does not take the stored rows for its own answers without saying so.
 */
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'libsql';
import { InputError } from '../../src/core/errors.js';
import { CensusStore, SCHEMA_VERSION } from '../../src/census/store.js';
import { startServer } from '../../src/server/server.js';
import { runCli } from '../helpers/cli.js';
import { withoutCost } from '../helpers/census.js';

const dir = mkdtempSync(join(tmpdir(), 'sprague-census-trust-'));
const db = join(dir, 'octal2.db');
let original: any[];

before(() => {
  const r = runCli(['census', 'run', 'octal:2', '--bound', '300', '--db', db, '--threads', '2']);
  assert.equal(r.status, 0, r.stderr);
  original = show(db).lines;
  assert.equal(original.length, 71);
});
after(() => chmodSync(dir, 0o755));

function show(file: string, extra: string[] = []) {
  return runCli(['census', 'show', 'octal:2', '--db', file, '--json', ...extra]);
}

/** A copy of the census database, changed by `damage`. */
function damaged(name: string, damage: (file: string) => void): string {
  const file = join(dir, name);
  copyFileSync(db, file);
  damage(file);
  return file;
}

/** Exit 2, one line on stderr naming the file and matching `what`, nothing on stdout. */
function refused(r: ReturnType<typeof runCli>, file: string, what: RegExp): void {
  assert.equal(r.status, 2, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.ok(lines[0]!.includes(file), r.stderr);
  assert.match(lines[0]!, what);
  assert.equal(r.stdout, '');
}

test('a flipped byte inside a stored value (the prefix of octal:4.5): show, report and run exit 2 naming the game; --redo damaged recomputes it', () => {
  const row = original.find((r) => r.spec === 'octal:4.5');
  // The table's record holds spec, computation, bound (300 as two bytes) and status in a row, then the prefix.
  const file = damaged('flipped.db', (f) => {
    const bytes = readFileSync(f);
    const record = bytes.indexOf(Buffer.concat([Buffer.from('octal:4.5sequence'), Buffer.from([1, 44]), Buffer.from('done')]));
    const at = bytes.indexOf(Buffer.from(row.prefix), record);
    assert.ok(record > 0 && at > record, 'the record of octal:4.5 is found');
    bytes[at + row.prefix.length - 6] = 'v'.charCodeAt(0); // "...,1,1,1,1" -> "...,1,1v1,1,1", as the issue saw
    writeFileSync(f, bytes);
  });
  refused(show(file), file, /octal:4\.5 .*--redo damaged/);
  refused(runCli(['census', 'report', 'octal:2', '--db', file, '--out', join(dir, 'r.md')]), file, /octal:4\.5/);
  refused(runCli(['census', 'run', 'octal:2', '--bound', '300', '--db', file]), file, /octal:4\.5 .*--redo damaged/);
  const redo = runCli(['census', 'run', 'octal:2', '--bound', '300', '--db', file, '--redo', 'damaged', '--json']);
  assert.equal(redo.status, 0, redo.stderr);
  assert.equal(redo.lines.at(-1).computed, 1);
  assert.deepEqual(show(file).lines.map(withoutCost), original.map(withoutCost));
});

test('a row edited by hand (period + 1) is refused by its digest', () => {
  const file = damaged('edited.db', (f) => {
    const raw = new Database(f);
    raw.exec("UPDATE games SET period = period + 1 WHERE spec = 'octal:0.07'");
    raw.close();
  });
  refused(show(file), file, /octal:0\.07 .*damaged/);
  refused(show(file, ['--where', "spec = 'octal:0.1'"]), file, /octal:0\.07/);
  // The library too: every read path checks.
  const store = CensusStore.open(file, { readonly: true });
  try {
    for (const read of [() => store.rows('octal:2', 300), () => store.summary('octal:2', 300), () => store.allGames(), () => store.storedKeys('octal:2', 300)]) {
      assert.throws(read, (e: Error) => e instanceof InputError && /octal:0\.07/.test(e.message));
    }
  } finally {
    store.close();
  }
});

test('a dropped view and a truncated file: exit 2 naming the file and the damage, for show and for run', () => {
  const noView = damaged('noview.db', (f) => {
    const raw = new Database(f);
    raw.exec('DROP VIEW census_rows');
    raw.close();
  });
  refused(show(noView), noView, /damaged \(no view census_rows\)/);
  refused(runCli(['census', 'run', 'octal:2', '--bound', '300', '--db', noView]), noView, /census_rows/);
  for (const size of [30000, 32768]) {
    const cut = damaged(`cut${size}.db`, (f) => truncateSync(f, size));
    refused(show(cut), cut, /damaged/);
    refused(runCli(['census', 'run', 'octal:2', '--bound', '300', '--db', cut]), cut, /damaged/);
  }
});

test('a flipped byte anywhere: the reader says which file is damaged, or every row it gives is the stored one (never exit 1, never a wrong row)', () => {
  const bytes = readFileSync(db);
  const good = CensusStore.open(db, { readonly: true });
  const reference = new Map(good.rows('octal:2', 300).map((r) => [r.spec, JSON.stringify(r)]));
  good.close();
  let refusedCount = 0;
  const offsets = [20, 28, 100, 32768];
  for (let at = 0; at < bytes.length; at += 61) offsets.push(at);
  const file = join(dir, 'sweep.db');
  for (const at of offsets) {
    const copy = Buffer.from(bytes);
    copy[at] = copy[at]! ^ 0x08;
    writeFileSync(file, copy);
    try {
      const store = CensusStore.open(file, { readonly: true });
      try {
        store.summary('octal:2', 300);
        for (const r of store.rows('octal:2', 300)) assert.equal(JSON.stringify(r), reference.get(r.spec), `offset ${at}: ${r.spec}`);
      } finally {
        store.close();
      }
    } catch (e) {
      if (e instanceof assert.AssertionError) throw e;
      assert.ok(e instanceof InputError, `offset ${at}: ${(e as Error).stack}`);
      assert.ok(!e.message.includes('\n') && (e.message.includes(file) || e.message.includes('no census')), `offset ${at}: ${e.message}`);
      refusedCount++;
    }
  }
  assert.ok(refusedCount > offsets.length / 4, `${refusedCount} of ${offsets.length} flips refused`);
});

/** The process user that file modes stop: as root, `nobody`, so that a write would really fail. */
const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/**
 * Why the CLI cannot run as that user here, if it cannot: a checkout inside a folder only its owner may
 * enter (a clone into `mktemp -d`, mode 0700) is out of `nobody`'s reach, and root would write anyway.
 */
const unreachable = ((): string | false => {
  if (!('uid' in asUser)) return false;
  const probe = runCli(['--version'], asUser);
  const why = probe.stderr.split('\n').find((l) => /Error/.test(l))?.trim() ?? `exit ${probe.status}`;
  return probe.status === 0 ? false : `the checkout cannot be read by user nobody (${why})`;
})();

/** The names, bytes and modification times of the files in a folder. */
function snapshot(folder: string): string {
  return JSON.stringify(
    readdirSync(folder)
      .sort()
      .map((f) => [f, statSync(join(folder, f)).mtimeMs, readFileSync(join(folder, f)).toString('base64')]),
  );
}

/** A read-only census database: the file 0444 in a folder 0555. `wal`: left in WAL mode, as by a writer killed. */
function readOnlyCopy(name: string, wal: boolean): { folder: string; file: string } {
  const folder = join(dir, name);
  mkdirSync(folder);
  const file = join(folder, 'ro.db');
  copyFileSync(db, file);
  if (wal) {
    const raw = new Database(file);
    raw.pragma('journal_mode = WAL');
    raw.close();
    assert.equal(readFileSync(file)[18], 2, 'the file is in WAL mode');
  } else assert.equal(readFileSync(file)[18], 1, 'a writer leaves the file in rollback-journal mode');
  assert.ok(!existsSync(`${file}-wal`));
  chmodSync(file, 0o444);
  chmodSync(folder, 0o555);
  chmodSync(dir, 0o755);
  return { folder, file };
}

test('a database that cannot be written (0444 in a folder 0555) is read by census show and report, creating and changing nothing', { skip: unreachable }, () => {
  for (const wal of [false, true]) {
    const { folder, file } = readOnlyCopy(wal ? 'ro-wal' : 'ro', wal);
    const before = snapshot(folder);
    const r = runCli(['census', 'show', 'octal:2', '--db', file, '--json'], asUser);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.lines, original);
    const table = runCli(['census', 'show', 'octal:2', '--db', file, '--where', 'period > 2'], asUser);
    assert.equal(table.status, 0, table.stderr);
    const report = runCli(['census', 'report', 'octal:2', '--db', file, '--out', join(tmpdir(), `sprague-trust-${process.pid}.md`)], asUser);
    assert.equal(report.status, 0, report.stderr);
    assert.equal(snapshot(folder), before, 'no -wal, -shm or -journal file, and the same bytes and mtime');
  }
});

test("the explorer's census page reads a database that cannot be written, creating and changing nothing", async () => {
  const { folder, file } = readOnlyCopy('ro-explorer', true);
  const before = snapshot(folder);
  const server = await startServer({ port: 0, censusDb: file });
  try {
    const list = (await (await fetch(`${server.url}/api/census`)).json()) as { censuses: any[] };
    assert.deepEqual(
      list.censuses.map((c: any) => [c.family, c.bound, c.members, c.done + c.open + c.failed]),
      [['octal:2', 300, 71, 71]],
    );
    const res = await fetch(`${server.url}/api/census/rows?family=octal:2`);
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as any).rows, original);
  } finally {
    await server.close();
  }
  assert.equal(snapshot(folder), before);
  // A damaged database: the route answers with its one line, not "internal error".
  const edited = damaged('edited-explorer.db', (f) => {
    const raw = new Database(f);
    raw.exec("UPDATE games SET prefix = '0' WHERE spec = 'octal:0.3'");
    raw.close();
  });
  const other = await startServer({ port: 0, censusDb: edited });
  try {
    const res = await fetch(`${other.url}/api/census/rows?family=octal:2`);
    const body = (await res.json()) as { error: string };
    assert.equal(res.status, 500);
    assert.match(body.error, /^[^\n]*edited-explorer\.db: a stored row is damaged .*octal:0\.3/);
  } finally {
    await other.close();
  }
});

test('a rerun with other settings: open rows are computed again, done ones kept and counted, --redo settings recomputes those', () => {
  const file = join(dir, 'rewrite.db');
  const run = (...extra: string[]) => {
    const r = runCli(['census', 'run', 'rewrite:2', '--bound', '8', '--db', file, '--json', ...extra]);
    assert.equal(r.status, 0, r.stderr);
    return r.lines.at(-1);
  };
  const capped = run('--max-states', '2');
  assert.deepEqual([capped.computed, capped.skipped, capped.otherSettings], [6, 0, 0]);
  const verdicts = (): Record<string, [string, string]> => Object.fromEntries(runCli(['census', 'show', 'rewrite:2', '--db', file, '--json']).lines.map((r) => [r.spec, [r.verdict, r.settings]]));
  const first = verdicts();
  assert.deepEqual(first['rewrite:a2,b'], ['lower-bound', '{"budgetMs":2000,"maxStates":2}']);
  const open = Object.values(first).filter(([v]) => v === 'lower-bound' || v === 'open').length;
  // The case: the defaults prove {a2,b} regular with 4 states; the first run's cap could not.
  const again = run();
  assert.equal(again.computed, open);
  assert.equal(again.otherSettings, 6 - open);
  assert.equal(again.computed + again.skipped, 6);
  assert.deepEqual(verdicts()['rewrite:a2,b'], ['regular', '{"budgetMs":2000,"maxStates":100}']);
  const text = runCli(['census', 'run', 'rewrite:2', '--bound', '8', '--db', file]);
  assert.match(text.stdout, new RegExp(`${6 - open} of the stored games were done under other settings and are kept.*--redo settings`));
  const redone = run('--redo', 'settings');
  assert.equal(redone.computed, 6 - open);
  assert.equal(redone.otherSettings, 0);
  assert.ok(Object.values(verdicts()).every(([, s]) => s === '{"budgetMs":2000,"maxStates":100}'));
});

test('a version-1 database is migrated by a writer (settings as JSON, rows vouched for after an integrity check); a reader asks for that', () => {
  const file = join(dir, 'v1.db');
  const raw = new Database(file);
  raw.exec(`
CREATE TABLE games (spec TEXT NOT NULL, computation TEXT NOT NULL, bound INTEGER NOT NULL, status TEXT NOT NULL, error TEXT, reason TEXT, reached INTEGER,
  period INTEGER, preperiod INTEGER, certified INTEGER, certificate TEXT, apparent_period INTEGER, apparent_preperiod INTEGER, arithmetic_period INTEGER,
  saltus INTEGER, max_value INTEGER, p_count INTEGER, dev_min INTEGER, dev_max INTEGER, dev_min_at INTEGER, dev_max_at INTEGER, running_max TEXT,
  max_growing INTEGER, verdict TEXT, states INTEGER, grundy_values TEXT, lower_bound INTEGER, theorem TEXT, mirror TEXT, prefix TEXT, fingerprint TEXT,
  settings TEXT, version TEXT, wall_ms INTEGER, finished_at TEXT NOT NULL, CHECK (status IN ('done', 'open', 'failed')), PRIMARY KEY (spec, computation, bound));
CREATE INDEX games_fingerprint ON games (fingerprint);
CREATE TABLE censuses (family TEXT NOT NULL, bound INTEGER NOT NULL, members INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY (family, bound));
CREATE TABLE members (family TEXT NOT NULL, bound INTEGER NOT NULL, idx INTEGER NOT NULL, spec TEXT NOT NULL, computation TEXT NOT NULL, PRIMARY KEY (family, bound, idx));
CREATE VIEW census_rows AS SELECT m.family AS family, m.idx AS idx, g.* , NULL AS same_as FROM members m JOIN games g ON g.spec = m.spec AND g.computation = m.computation AND g.bound = m.bound;
INSERT INTO games (spec, computation, bound, status, verdict, lower_bound, settings, version, finished_at) VALUES ('rewrite:a2,b', 'rewrite', 8, 'open', 'lower-bound', 4, 'maxStates=2,budgetMs=2000', '0.1.0', 't');
INSERT INTO games (spec, computation, bound, status, period, preperiod, certified, version, finished_at) VALUES ('octal:0.3', 'sequence', 8, 'done', 2, 0, 1, '0.1.0', 't');
INSERT INTO censuses VALUES ('f', 8, 2, 't', 't');
INSERT INTO members VALUES ('f', 8, 0, 'rewrite:a2,b', 'rewrite'), ('f', 8, 1, 'octal:0.3', 'sequence');
PRAGMA user_version = 1;`);
  raw.close();
  assert.throws(() => CensusStore.open(file, { readonly: true }), (e: Error) => e instanceof InputError && /schema 1, older .* migrates it/.test(e.message));
  CensusStore.open(file).close();
  const store = CensusStore.open(file, { readonly: true });
  try {
    const rows = store.rows('f', 8);
    assert.deepEqual(rows.map((r) => [r.spec, r.settings]), [['rewrite:a2,b', '{"budgetMs":2000,"maxStates":2}'], ['octal:0.3', '{}']]);
    assert.equal(rows[1]!.period, 2);
  } finally {
    store.close();
  }
  const check = new Database(file);
  assert.equal(Number((check.prepare('PRAGMA user_version').get() as { user_version: number }).user_version), SCHEMA_VERSION);
  check.close();
});
