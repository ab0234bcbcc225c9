/**
 * The census store: an embedded SQLite database (the `libsql` binding, better-sqlite3's API with its
 * addon prebuilt in npm packages). One row per game, computation and bound in `games`; a census
 * (family, bound) lists its members in order in `members`; the view `census_rows` joins them and links
 * each game to the first member with the same fingerprint (its equivalence class, as Winning Ways' game
 * locator does). WAL journal while a run writes, and every finished game is its own transaction: a
 * `kill -9` loses only the games in flight. The schema version is PRAGMA user_version.
 *
 * SQLite keeps no checksum of its pages, so a flipped byte inside a value reads back as a wrong answer:
 * every game row and every census carries a digest of its content (rowDigest), checked whenever it is
 * read. Reading never writes: a writer leaves the file in rollback-journal mode when it closes, so a
 * reader opened with SQLite's `mode=ro` creates no file (openReader).
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type Database from 'libsql';
import { InputError } from '../core/errors.js';
import { checkRegularFile } from '../core/files.js';
import { taskKey } from './compute.js';
import type { Family } from './families.js';
import { FAMILY_FIELDS, ROW_FIELDS, type CensusRow, type Computation, type FamilyRow, type Field, type Status } from './row.js';
import type { WhereClause } from './where.js';

export const SCHEMA_VERSION = 3;

/**
 * The atlas shipped in the package (docs/atlas.md): the census of every three-digit octal code as the
 * published tables list them, read-only. Readers fall back to it when no database is named and there is
 * none in the working directory.
 *
 * @remarks Since 0.1.0
 * @public
 */
export const SHIPPED_ATLAS = fileURLToPath(new URL('../../../data/atlas/octal-tables-3.db', import.meta.url));

/**
 * The database a reader (`census show`, `report`, `site`, the explorer's census page) opens: the one named,
 * else `sprague-census.db` in the working directory when there is one, else the shipped atlas.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function readingDatabase(named?: string): { path: string; shipped: boolean } {
  if (named !== undefined) return { path: named, shipped: false };
  if (existsSync(DEFAULT_CENSUS_DB) || !existsSync(SHIPPED_ATLAS)) return { path: DEFAULT_CENSUS_DB, shipped: false };
  return { path: SHIPPED_ATLAS, shipped: true };
}

/** The database `census run` writes and the explorer's census page reads unless told otherwise. */
export const DEFAULT_CENSUS_DB = 'sprague-census.db';

const SQL_TYPE = { int: 'INTEGER', text: 'TEXT', bool: 'INTEGER' } as const;

/** The columns of `games` a row's digest covers: every stored field (new ones join through ROW_FIELDS). */
const GAME_COLUMNS: readonly string[] = [...ROW_FIELDS.map((f) => f.column), 'finished_at'];
const CENSUS_COLUMNS: readonly string[] = ['family', 'bound', 'members', 'created_at', 'updated_at'];

function viewSql(): string {
  const gameColumns = [...GAME_COLUMNS, 'digest'].map((c) => `g.${c}`).join(', ');
  return `
CREATE VIEW census_rows AS
SELECT m.family AS family, m.idx AS idx, ${gameColumns},
  CASE WHEN g.fingerprint IS NULL THEN NULL ELSE NULLIF(
    FIRST_VALUE(g.spec) OVER (PARTITION BY m.family, m.bound, g.computation, g.fingerprint ORDER BY m.idx), g.spec) END AS same_as
FROM members m JOIN games g ON g.spec = m.spec AND g.computation = m.computation AND g.bound = m.bound;`;
}

/**
 * The values a game's kernel kept (its checkpoint file, in chunks: SQLite holds at most 1 GB in one value),
 * so that census escalation continues the game from them, here or on another machine (escalate.ts).
 */
const KEPT_TABLES = `CREATE TABLE kept_values (
  spec TEXT NOT NULL,
  computation TEXT NOT NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  kept_at TEXT NOT NULL,
  PRIMARY KEY (spec, computation)
);
CREATE TABLE kept_chunks (
  spec TEXT NOT NULL,
  computation TEXT NOT NULL,
  idx INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (spec, computation, idx)
);
`;

function schema(): string {
  const columns = ROW_FIELDS.map((f) => `  ${f.column} ${SQL_TYPE[f.type]}${['spec', 'computation', 'bound', 'status'].includes(f.column) ? ' NOT NULL' : ''}`);
  return `
CREATE TABLE games (
${columns.join(',\n')},
  finished_at TEXT NOT NULL,
  digest TEXT,
  CHECK (status IN ('done', 'open', 'failed')),
  PRIMARY KEY (spec, computation, bound)
);
CREATE INDEX games_fingerprint ON games (fingerprint);
CREATE TABLE censuses (
  family TEXT NOT NULL,
  bound INTEGER NOT NULL,
  members INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  digest TEXT,
  PRIMARY KEY (family, bound)
);
CREATE TABLE members (
  family TEXT NOT NULL,
  bound INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  spec TEXT NOT NULL,
  computation TEXT NOT NULL,
  PRIMARY KEY (family, bound, idx)
);
${KEPT_TABLES}${viewSql()}
PRAGMA user_version = ${SCHEMA_VERSION};
`;
}

/**
 * The digest of a stored record: SHA-256 over its non-null columns in the given order, each as its name,
 * its type and its value (bytes as they are), so that a column added later (null in older rows) leaves
 * the digests of older rows valid. `kind` keeps a game row's digest from matching another table's.
 * A game row's columns include `version` (the code that computed it) and `settings` (what its answer
 * depends on besides the game and the bound).
 *
 * @beta
 */
export function rowDigest(kind: string, columns: readonly string[], record: Readonly<Record<string, unknown>>): string {
  const h = createHash('sha256').update(`sprague census ${kind} digest 1\n`);
  for (const column of columns) {
    const v = record[column];
    if (v === null || v === undefined) continue;
    if (v instanceof Uint8Array) h.update(`${column}\0b${v.length}\0`).update(v);
    else {
      const text = typeof v === 'string' ? `s${v}` : `n${String(v)}`;
      h.update(`${column}\0${Buffer.byteLength(text)}\0${text}`);
    }
  }
  return h.digest('hex');
}

const gameDigest = (record: Readonly<Record<string, unknown>>) => rowDigest('game', GAME_COLUMNS, record);

/** A census's digest covers its own columns and its member list in order. */
function censusDigest(census: Readonly<Record<string, unknown>>, members: readonly { idx: unknown; spec: unknown; computation: unknown }[]): string {
  const list = members.map((m) => `${String(m.idx)} ${String(m.computation)} ${String(m.spec)}`).join('\n');
  return rowDigest('census', [...CENSUS_COLUMNS, 'member_list'], { ...census, member_list: list });
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface CensusSummary {
  family: string;
  bound: number;
  games: number;
  done: number;
  open: number;
  failed: number;
}

/**
 * A stored game of a census, as a run weighs it: its status, the settings and code version that
 * computed it, and whether its content still matches its digest.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface StoredGame {
  spec: string;
  computation: Computation;
  bound: number;
  status: Status;
  settings: string;
  version: string | null;
  damaged: boolean;
}

type Db = InstanceType<typeof Database>;

/** Bytes per stored piece of a kept values file. */
const KEPT_CHUNK = 64 << 20;

/**
 * The binding, loaded when a store is first opened: the library entry re-exports the census, and a user
 * who never opens a store should not load a native addon.
 */
let binding: typeof Database | undefined;
function loadBinding(): typeof Database {
  binding ??= createRequire(import.meta.url)('libsql') as typeof Database;
  return binding;
}

/** Whether the file's header says WAL (bytes 18 and 19 are 2, https://sqlite.org/fileformat.html). */
function walHeader(path: string): boolean {
  const header = Buffer.alloc(20);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  return header[18] === 2 && header[19] === 2;
}

/**
 * A connection that cannot write, and creates no file. libsql ignores its `readonly` option (a write goes
 * through), so SQLite's own URI parameters say it: `mode=ro` on a file in rollback-journal mode (as a
 * writer leaves it) reads under SQLite's locks and creates nothing. On a file still in WAL mode,
 * `mode=ro` creates `-wal` and `-shm` beside it (measured) and fails where the folder cannot be written;
 * when no `-wal` file exists there is no log to read and no writer at work (a writer keeps its `-wal`
 * open), so the file is read as `immutable=1`, which takes no lock and creates nothing.
 */
function openReader(path: string): Db {
  const url = pathToFileURL(resolve(path)).href;
  const immutable = walHeader(path) && !existsSync(`${path}-wal`);
  const db = new (loadBinding())(`${url}?mode=ro${immutable ? '&immutable=1' : ''}`);
  db.pragma('query_only = 1');
  return db;
}

/** What SQLite says of a damaged file (page structure, a table or view gone, a file shorter than its header says). */
const DAMAGE = /malformed|no such (table|view|column)|corrupt|disk I\/O error/i;
/** SQLite's codes for a file it cannot use, as opposed to a bug in the SQL sprague wrote. */
const UNUSABLE = new Set(['SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_PERM', 'SQLITE_AUTH', 'SQLITE_PROTOCOL']);

/**
 * An SQLite error as the one line a user reads (exit 2): the file, what is wrong, what to do. An error that
 * is neither damage nor an unusable file (a bug in sprague's SQL) is left as it is.
 */
function storeError(path: string, e: unknown): unknown {
  if (!(e instanceof Error) || e instanceof InputError) return e;
  const code = String((e as { code?: unknown }).code ?? '').split('_').slice(0, 2).join('_');
  const message = e.message.split('\n')[0]!;
  if (code === 'SQLITE_NOTADB') {
    return new InputError(`${path} is not a census database (SQLite: ${message}); if it was one, its header is damaged: restore it from a copy`);
  }
  if (code === 'SQLITE_CORRUPT' || DAMAGE.test(message)) {
    return new InputError(`${path}: the census database is damaged (${message}); restore it from a copy, or move it away and run the census again`);
  }
  if (UNUSABLE.has(code)) return new InputError(`cannot use ${path} as a census database: ${message}`);
  return e;
}

/** A family's games damaged: one line naming them, the file, and the rerun that recomputes them. */
export function damagedRowsError(path: string, games: readonly Pick<StoredGame, 'spec' | 'computation' | 'bound'>[], family?: string): InputError {
  const shown = games.slice(0, 5).map((g) => `${g.spec} (${g.computation} to ${g.bound})`);
  const more = games.length > shown.length ? ` and ${games.length - shown.length} more` : '';
  const bound = games[0]?.bound;
  const rerun = family === undefined ? 'sprague census run FAMILY --redo damaged' : `sprague census run ${family} --bound ${bound} --db ${path} --redo damaged`;
  return new InputError(
    `${path}: ${games.length === 1 ? 'a stored row is' : `${games.length} stored rows are`} damaged (content does not match its digest): ` +
      `${shown.join(', ')}${more}; recompute with: ${rerun}`,
  );
}

/**
 * The census store: an embedded SQLite database of one row per game, computation and bound, and the members
 * of each census (docs/census.md).
 *
 * @remarks Since 0.1.0
 * @public
 */
export class CensusStore {
  private constructor(
    private readonly db: Db,
    readonly path: string,
    private readonly readonly: boolean,
  ) {}

  /**
   * Opens (creating when absent, unless `mustExist`) the database at `path`; ':memory:' for a private one.
   * `readonly` (census show, report, the explorer's census page): an existing census database, never
   * written, not even migrated, and no file created beside it.
   */
  static open(path: string, options: { mustExist?: boolean; readonly?: boolean } = {}): CensusStore {
    if ((options.mustExist || options.readonly) && path !== ':memory:' && !existsSync(path)) throw new InputError(`no census database at ${path}`);
    // SQLite would wait for ever on a FIFO and read a device: only a regular file is a database.
    if (path !== ':memory:' && existsSync(path)) checkRegularFile('the census database', path);
    let db: Db | undefined;
    try {
      if (options.readonly) {
        db = path === ':memory:' ? new (loadBinding())(path) : openReader(path);
        db.pragma('busy_timeout = 10000');
        checkVersion(db, path);
        return new CensusStore(db, path, true);
      }
      db = new (loadBinding())(path);
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 10000');
      // WAL with NORMAL sync keeps every committed game through a process kill (not a power cut).
      db.pragma('synchronous = NORMAL');
      migrate(db, path);
      return new CensusStore(db, path, false);
    } catch (e) {
      db?.close();
      const error = storeError(path, e);
      if (error instanceof InputError) throw error;
      throw new InputError(`cannot use ${path} as a census database: ${(e as Error).message}`);
    }
  }

  /**
   * A writer folds its log into the file and leaves it in rollback-journal mode, so that readers (mode=ro)
   * create no `-wal` or `-shm` file. When a reader holds the log open this fails, harmlessly: the file
   * stays in WAL mode and the next writer's close tries again.
   */
  close(): void {
    if (!this.readonly && this.path !== ':memory:') {
      try {
        this.db.pragma('busy_timeout = 1000');
        this.db.pragma('wal_checkpoint(TRUNCATE)');
        this.db.pragma('journal_mode = DELETE');
      } catch {
        // Left in WAL mode (see above).
      }
    }
    this.db.close();
  }

  /** Every SQLite call goes through here: a damaged or unusable file becomes one line naming it (exit 2). */
  private sql<T>(f: (db: Db) => T): T {
    try {
      return f(this.db);
    } catch (e) {
      throw storeError(this.path, e);
    }
  }

  /**
   * Records a census and its members in order, replacing an older member list of the same census, or, with
   * `keepListed`, adding to it: a run of a part of the family (escalating a few open games at a time) keeps
   * the games earlier runs to this bound listed, which would otherwise drop out of every reader of the
   * census (their rows stay stored, but a census is read through its member list).
   */
  registerCensus(family: Family, bound: number, options: { keepListed?: boolean } = {}): void {
    const now = new Date().toISOString();
    this.sql((db) => {
      const tx = db.transaction(() => {
        const old = db.prepare('SELECT created_at FROM censuses WHERE family = ? AND bound = ?').get(family.name, bound) as { created_at: string } | undefined;
        const listed = options.keepListed
          ? (db.prepare('SELECT spec, computation FROM members WHERE family = ? AND bound = ? ORDER BY idx').all(family.name, bound) as { spec: string; computation: Computation }[])
          : [];
        const key = (m: { spec: string; computation: string }) => `${m.computation} ${m.spec}`;
        const before = new Set(listed.map(key));
        const members = [...listed.map((m) => ({ spec: String(m.spec), computation: m.computation })), ...family.members.filter((m) => !before.has(key(m)))].map(
          (m, idx) => ({ idx, spec: m.spec, computation: m.computation }),
        );
        const census = { family: family.name, bound, members: members.length, created_at: old?.created_at ?? now, updated_at: now };
        db.prepare('DELETE FROM members WHERE family = ? AND bound = ?').run(family.name, bound);
        const insert = db.prepare('INSERT INTO members (family, bound, idx, spec, computation) VALUES (?, ?, ?, ?, ?)');
        for (const m of members) insert.run(family.name, bound, m.idx, m.spec, m.computation);
        db.prepare('INSERT OR REPLACE INTO censuses (family, bound, members, created_at, updated_at, digest) VALUES (?, ?, ?, ?, ?, ?)').run(
          census.family,
          census.bound,
          census.members,
          census.created_at,
          census.updated_at,
          censusDigest(census, members),
        );
      });
      tx();
    });
  }

  /**
   * The census's stored games, each checked against its digest (a damaged one is marked, not thrown: the
   * run decides), after the census's member list is checked against its own.
   */
  storedGames(family: string, bound: number): StoredGame[] {
    return this.memberRows(family, bound).map(({ record, damaged }) => ({
      spec: String(record['spec']),
      computation: String(record['computation']) as Computation,
      bound: Number(record['bound']),
      status: String(record['status']) as Status,
      settings: record['settings'] === null ? '{}' : String(record['settings']),
      version: record['version'] === null ? null : String(record['version']),
      damaged,
    }));
  }

  /** The keys (taskKey) of the family's games already stored, except those whose status is in `redo`; a damaged row is refused. */
  storedKeys(family: string, bound: number, redo: readonly Status[] = []): Set<string> {
    const games = this.verified(family, bound);
    return new Set(games.filter((g) => !redo.includes(g.status)).map((g) => taskKey(g)));
  }

  /** The members (spec and computation) of the census (family, bound) whose stored row has this status. */
  membersWithStatus(family: string, bound: number, status: Status): Set<string> {
    return new Set(this.verified(family, bound).filter((g) => g.status === status).map((g) => `${g.computation} ${g.spec}`));
  }

  /** Stores one finished game in its own transaction (replacing a row of the same key), with its digest. */
  put(row: CensusRow): void {
    const record: Record<string, unknown> = {};
    for (const f of ROW_FIELDS) record[f.column] = toSql(f, (row as unknown as Record<string, unknown>)[f.name]);
    record['settings'] ??= '{}';
    record['finished_at'] = new Date().toISOString();
    const columns = [...GAME_COLUMNS, 'digest'];
    const values = [...GAME_COLUMNS.map((c) => record[c]), gameDigest(record)];
    // One statement: SQLite commits it as one transaction.
    this.sql((db) => db.prepare(`INSERT OR REPLACE INTO games (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...values));
  }

  /**
   * Fills fields of a stored row that it lacks (census fingerprint: a sequence row's fingerprint), with its
   * digest renewed, in one transaction. The row must still match its digest, and `values` (the checksum of
   * the values the fields were computed from) must be its `fingerprint`: the fields are of its own values.
   * A field the row already holds is left as it is.
   */
  fillRow(key: Pick<CensusRow, 'spec' | 'computation' | 'bound'>, values: string, fields: Readonly<Record<string, unknown>>): void {
    this.sql((db) => {
      const tx = db.transaction(() => {
        const r = db.prepare('SELECT * FROM games WHERE spec = ? AND computation = ? AND bound = ?').get(key.spec, key.computation, key.bound) as Record<string, unknown> | undefined;
        if (r === undefined) throw new InputError(`${this.path}: no stored row of ${key.spec} (${key.computation} to ${key.bound})`);
        if (r['digest'] !== gameDigest(r)) throw damagedRowsError(this.path, [gameOf(r)]);
        if (r['fingerprint'] !== values) {
          throw new InputError(`${this.path}: the values computed again for ${key.spec} (${key.computation} to ${key.bound}) are not the stored ones (fingerprint ${String(r['fingerprint']).slice(0, 12)}..., computed ${values.slice(0, 12)}...)`);
        }
        const record = { ...r };
        const set: string[] = [];
        for (const f of ROW_FIELDS) {
          const v = fields[f.name];
          if (v === undefined || v === null || record[f.column] !== null) continue;
          record[f.column] = toSql(f, v);
          set.push(f.column);
        }
        if (set.length === 0) return;
        db.prepare(`UPDATE games SET ${set.map((c) => `${c} = ?`).join(', ')}, digest = ? WHERE spec = ? AND computation = ? AND bound = ?`).run(
          ...set.map((c) => record[c]),
          gameDigest(record),
          key.spec,
          key.computation,
          key.bound,
        );
      });
      tx();
    });
  }

  /** The bound of the family's most recently updated census, if any. */
  latestBound(family: string): number | undefined {
    const r = this.sql(
      (db) => db.prepare('SELECT bound FROM censuses WHERE family = ? ORDER BY updated_at DESC, bound DESC LIMIT 1').get(family) as { bound: number } | undefined,
    );
    return r === undefined ? undefined : Number(r.bound);
  }

  /** The censuses stored, most recent first. */
  censuses(): { family: string; bound: number; members: number; updatedAt: string }[] {
    const rows = this.sql((db) => db.prepare('SELECT family, bound, members, updated_at FROM censuses ORDER BY updated_at DESC').all() as Record<string, unknown>[]);
    return rows.map((r) => ({ family: String(r['family']), bound: Number(r['bound']), members: Number(r['members']), updatedAt: String(r['updated_at']) }));
  }

  /**
   * The stored rows of a census in the family's order, filtered by a parsed `--where`. Every row of the
   * census is checked, not only those the filter keeps: a damaged value could otherwise hide a row.
   */
  rows(family: string, bound: number, where?: WhereClause): FamilyRow[] {
    this.checkCensus(family, bound);
    const match = where ? `(${where.sql})` : '1';
    const rows = this.sql(
      (db) =>
        db
          .prepare(`SELECT *, ${match} AS where_match FROM census_rows WHERE family = ? AND bound = ? ORDER BY idx`)
          .all(...(where?.params ?? []), family, bound) as Record<string, unknown>[],
    );
    const damaged = rows.filter((r) => r['digest'] !== gameDigest(r));
    if (damaged.length) throw damagedRowsError(this.path, damaged.map(gameOf), family);
    this.checkJoin(family, bound, rows);
    return rows.filter((r) => r['where_match'] !== 0 && r['where_match'] !== null).map(fromSql);
  }

  /**
   * Every game of the family at the largest bound it was run to: the rows of its largest census (the one
   * listing every member), each replaced by the game's row in a census to a larger bound when there is one
   * (escalation, `--open-at`). `sameAs` links games with equal values to the same bound. Filtered by `where`
   * after the choice, so a filter reads each game's furthest row.
   */
  furthest(family: string, where?: WhereClause): { rows: FamilyRow[]; summary: CensusSummary } {
    const censuses = this.censuses()
      .filter((c) => c.family === family)
      .sort((a, b) => a.bound - b.bound);
    if (censuses.length === 0) throw new InputError(`no census of ${family} in ${this.path}`);
    const full = Math.max(...censuses.map((c) => c.members));
    const base = censuses.find((c) => c.members === full)!;
    const chosen = new Map(this.rows(family, base.bound).map((r) => [`${r.computation} ${r.spec}`, r]));
    for (const c of censuses) {
      if (c.bound <= base.bound) continue;
      for (const r of this.rows(family, c.bound)) {
        const key = `${r.computation} ${r.spec}`;
        const at = chosen.get(key);
        if (at) chosen.set(key, { ...r, idx: at.idx });
      }
    }
    const rows = [...chosen.values()].sort((a, b) => a.idx - b.idx);
    const first = new Map<string, string>();
    for (const r of rows) {
      if (r.fingerprint == null) continue;
      const key = `${r.computation} ${r.bound} ${r.fingerprint}`;
      const head = first.get(key);
      if (head === undefined) first.set(key, r.spec);
      r.sameAs = head ?? null;
    }
    const kept = where ? new Set(this.matching(family, rows, where)) : undefined;
    const by = (st: Status) => rows.filter((r) => r.status === st).length;
    const summary: CensusSummary = { family, bound: censuses[censuses.length - 1]!.bound, games: full, done: by('done'), open: by('open'), failed: by('failed') };
    return { rows: kept ? rows.filter((r) => kept.has(`${r.computation} ${r.bound} ${r.spec}`)) : rows, summary };
  }

  /** The keys (computation, bound, spec) of the rows a `--where` keeps, asked of each row in its own census. */
  private matching(family: string, rows: readonly FamilyRow[], where: WhereClause): string[] {
    const out: string[] = [];
    const ask = this.sql((db) => db.prepare(`SELECT (${where.sql}) AS m FROM census_rows WHERE family = ? AND spec = ? AND computation = ? AND bound = ? LIMIT 1`));
    for (const r of rows) {
      const m = this.sql(() => ask.get(...where.params, family, r.spec, r.computation, r.bound) as { m: unknown } | undefined)?.m;
      if (m !== 0 && m !== null && m !== undefined) out.push(`${r.computation} ${r.bound} ${r.spec}`);
    }
    return out;
  }

  /** Counts by status over the census's members (games = members, stored or not), from checked rows; the census must be stored. */
  summary(family: string, bound: number): CensusSummary {
    const games = this.verified(family, bound);
    const census = this.sql((db) => db.prepare('SELECT members FROM censuses WHERE family = ? AND bound = ?').get(family, bound) as { members: number } | undefined);
    const by = (s: Status) => games.filter((g) => g.status === s).length;
    return { family, bound, games: Number(census?.members ?? 0), done: by('done'), open: by('open'), failed: by('failed') };
  }

  /**
   * Keeps the file a game's kernel left (its values, so that a later run continues from them: census
   * escalation), replacing what was kept for the game before. Read and stored in chunks: a file of a run
   * to 2^30 heaps passes what one SQLite value (1 GB) or one Node buffer read (2 GiB) can hold.
   */
  keepValuesFile(spec: string, computation: string, path: string): void {
    const fd = openSync(path, 'r');
    try {
      this.sql((db) => {
        const tx = db.transaction(() => {
          db.prepare('DELETE FROM kept_chunks WHERE spec = ? AND computation = ?').run(spec, computation);
          const insert = db.prepare('INSERT INTO kept_chunks (spec, computation, idx, bytes) VALUES (?, ?, ?, ?)');
          const hash = createHash('sha256');
          let size = 0;
          for (let idx = 0; ; idx++) {
            const chunk = Buffer.allocUnsafe(KEPT_CHUNK);
            const got = readSync(fd, chunk, 0, KEPT_CHUNK, size);
            if (got === 0) break;
            hash.update(chunk.subarray(0, got));
            insert.run(spec, computation, idx, chunk.subarray(0, got));
            size += got;
          }
          db.prepare('INSERT OR REPLACE INTO kept_values (spec, computation, name, size, sha256, kept_at) VALUES (?, ?, ?, ?, ?, ?)').run(
            spec,
            computation,
            basename(path),
            size,
            hash.digest('hex'),
            new Date().toISOString(),
          );
        });
        tx();
      });
    } finally {
      closeSync(fd);
    }
  }

  /**
   * Writes the file kept for the game into `folder` (under its own name) and returns its path, or undefined
   * when nothing is kept. Chunks that do not give back the checksum they were kept with are refused.
   */
  writeKeptValues(spec: string, computation: string, folder: string): string | undefined {
    const head = this.sql((db) => db.prepare('SELECT name, size, sha256 FROM kept_values WHERE spec = ? AND computation = ?').get(spec, computation)) as
      | { name: string; size: number; sha256: string }
      | undefined;
    if (!head) return undefined;
    const path = join(folder, basename(String(head.name)));
    const hash = createHash('sha256');
    let size = 0;
    const fd = openSync(path, 'w');
    try {
      this.sql((db) => {
        const chunks = db.prepare('SELECT bytes FROM kept_chunks WHERE spec = ? AND computation = ? ORDER BY idx').iterate(spec, computation) as Iterable<{ bytes: ArrayBuffer | Uint8Array }>;
        for (const chunk of chunks) {
          // libsql gives a blob as an ArrayBuffer.
          const bytes = chunk.bytes instanceof Uint8Array ? chunk.bytes : new Uint8Array(chunk.bytes);
          hash.update(bytes);
          for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
          size += bytes.length;
        }
      });
    } finally {
      closeSync(fd);
    }
    if (size !== Number(head.size) || hash.digest('hex') !== head.sha256) {
      rmSync(path, { force: true });
      throw new InputError(`${this.path}: the values kept for ${spec} are damaged (they do not match their checksum)`);
    }
    return path;
  }

  /** Forgets the values kept for a game (e.g. its period is certified: they are not needed to continue). */
  dropValues(spec: string, computation: string): void {
    this.sql((db) => {
      const tx = db.transaction(() => {
        db.prepare('DELETE FROM kept_chunks WHERE spec = ? AND computation = ?').run(spec, computation);
        db.prepare('DELETE FROM kept_values WHERE spec = ? AND computation = ?').run(spec, computation);
      });
      tx();
    });
  }

  /** The games whose values are kept: what a later escalation continues from. */
  keptValues(): { spec: string; computation: string; size: number; keptAt: string }[] {
    const rows = this.sql((db) => db.prepare('SELECT spec, computation, size, kept_at FROM kept_values ORDER BY spec, computation').all()) as Record<string, unknown>[];
    return rows.map((r) => ({ spec: String(r['spec']), computation: String(r['computation']), size: Number(r['size']), keptAt: String(r['kept_at']) }));
  }

  /**
   * Writes a copy of the database to `out` without the kept values: every row, census and member list, in
   * rollback-journal mode (a reader of it writes nothing). Small enough to share or ship (the atlas in data/
   * is one); what `census show`, `report` and `site` read is all there, but an escalation cannot continue
   * from it (it would start again from heap 0). `out` must not exist.
   */
  packInto(out: string): void {
    if (existsSync(out)) throw new InputError(`census pack: ${out} exists; name a new file`);
    const Binding = loadBinding();
    // SQLite writes the copy with the flags of the connection it reads: a read-only one cannot. A plain
    // connection of our own reads the source (VACUUM INTO writes nothing to it) and is closed at once.
    let source: Db | undefined;
    let copy: Db | undefined;
    try {
      source = new Binding(this.path);
      source.pragma('busy_timeout = 10000');
      source.prepare('VACUUM INTO ?').run(out);
    } catch (e) {
      throw storeError(this.path, e);
    } finally {
      source?.close();
    }
    try {
      copy = new Binding(out);
      copy.exec('DELETE FROM kept_chunks; DELETE FROM kept_values;');
      copy.exec('VACUUM');
      copy.pragma('journal_mode = DELETE');
    } catch (e) {
      throw storeError(out, e);
    } finally {
      copy?.close();
    }
  }

  /** Every stored game row (all censuses), in key order, each checked: for comparing two databases. */
  allGames(): CensusRow[] {
    const rows = this.sql((db) => db.prepare('SELECT * FROM games ORDER BY computation, bound, spec').all() as Record<string, unknown>[]);
    const damaged = rows.filter((r) => r['digest'] !== gameDigest(r));
    if (damaged.length) throw damagedRowsError(this.path, damaged.map(gameOf));
    return rows.map(fromSql);
  }

  /** The census's games with no damaged one among them. */
  private verified(family: string, bound: number): StoredGame[] {
    const games = this.storedGames(family, bound);
    const damaged = games.filter((g) => g.damaged);
    if (damaged.length) throw damagedRowsError(this.path, damaged, family);
    return games;
  }

  /** The stored game rows of the census's members, each with whether it matches its digest. */
  private memberRows(family: string, bound: number): { record: Record<string, unknown>; damaged: boolean }[] {
    this.checkCensus(family, bound);
    const rows = this.sql(
      (db) =>
        db
          .prepare(
            'SELECT g.* FROM members m JOIN games g ON g.spec = m.spec AND g.computation = m.computation AND g.bound = m.bound ' +
              'WHERE m.family = ? AND m.bound = ? ORDER BY m.idx',
          )
          .all(family, bound) as Record<string, unknown>[],
    );
    this.checkJoin(family, bound, rows);
    return rows.map((record) => ({ record, damaged: record['digest'] !== gameDigest(record) }));
  }

  /**
   * The join of members and games finds a game through the primary-key index, which no digest covers: a
   * damaged index entry would hide a game (and change the `sameAs` of its class). The games table is
   * scanned without an index to count them again.
   */
  private checkJoin(family: string, bound: number, joined: readonly Record<string, unknown>[]): void {
    // A family may list a game twice: count games, not members.
    const found = new Set(joined.map((r) => `${String(r['computation'])} ${String(r['spec'])}`)).size;
    const r = this.sql(
      (db) =>
        db
          .prepare(
            'SELECT COUNT(*) AS n FROM games NOT INDEXED WHERE bound = ? AND (spec, computation) IN (SELECT spec, computation FROM members WHERE family = ? AND bound = ?)',
          )
          .get(bound, family, bound) as { n: number },
    );
    if (Number(r.n) !== found) {
      throw new InputError(
        `${this.path}: the census database is damaged (its index finds ${found} stored games of ${family} to ${bound}, the table holds ${Number(r.n)}); ` +
          `restore it from a copy, or move it away and run the census again`,
      );
    }
  }

  /** A census's member list, checked against its digest; a census not stored is bad input, named. */
  private checkCensus(family: string, bound: number): void {
    const census = this.sql((db) => db.prepare('SELECT * FROM censuses WHERE family = ? AND bound = ?').get(family, bound) as Record<string, unknown> | undefined);
    if (census === undefined) throw new InputError(`no census of ${family} to ${bound} in ${this.path}`);
    const members = this.sql(
      (db) => db.prepare('SELECT idx, spec, computation FROM members WHERE family = ? AND bound = ? ORDER BY idx').all(family, bound) as Record<string, unknown>[],
    );
    if (census['digest'] !== censusDigest(census, members as { idx: unknown; spec: unknown; computation: unknown }[])) {
      throw new InputError(
        `${this.path}: the member list of the census ${family} to ${bound} is damaged (it does not match its digest); ` +
          `rebuild it with: sprague census run ${family} --bound ${bound} --db ${this.path}`,
      );
    }
  }
}

function gameOf(r: Record<string, unknown>): Pick<StoredGame, 'spec' | 'computation' | 'bound'> {
  return { spec: String(r['spec']), computation: String(r['computation']) as Computation, bound: Number(r['bound']) };
}

function schemaVersion(db: Db): number {
  // libsql's pragma() ignores { simple: true }: read the row.
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/**
 * The tables a census database holds, and the view exactly as this code creates it: a view dropped or
 * rewritten (it computes `sameAs`) is damage that no row digest would see.
 */
function checkSchema(db: Db, path: string): void {
  const objects = db.prepare('SELECT type, name, sql FROM sqlite_master').all() as { type: string; name: string; sql: string | null }[];
  const has = (type: string, name: string) => objects.find((o) => o.type === type && o.name === name);
  const missing = ['games', 'censuses', 'members', 'kept_values', 'kept_chunks'].filter((t) => !has('table', t));
  const view = has('view', 'census_rows');
  const problem = missing.length
    ? `no table ${missing.join(', ')}`
    : !view
      ? 'no view census_rows'
      : view.sql !== viewSql().trim().replace(/;$/, '')
        ? 'the view census_rows is not the one sprague creates'
        : undefined;
  if (problem) throw new InputError(`${path}: the census database is damaged (${problem}); restore it from a copy, or move it away and run the census again`);
}

/** A database opened read-only must already hold this schema: it cannot be migrated. */
function checkVersion(db: Db, path: string): void {
  const version = schemaVersion(db);
  if (version === SCHEMA_VERSION) return checkSchema(db, path);
  if (version === 0) throw new InputError(`${path} is not a census database`);
  if (version < SCHEMA_VERSION) {
    throw new InputError(
      `${path} has census schema ${version}, older than this sprague's ${SCHEMA_VERSION}, and is opened read-only: ` +
        `a census run on it (sprague census run FAMILY --db ${path}) migrates it (docs/census.md)`,
    );
  }
  throw new InputError(`${path} has census schema ${version}, newer than this sprague's ${SCHEMA_VERSION}: use a newer sprague`);
}

function migrate(db: Db, path: string): void {
  const version = schemaVersion(db);
  if (version === SCHEMA_VERSION) return checkSchema(db, path);
  if (version > SCHEMA_VERSION) {
    throw new InputError(`${path} has census schema ${version}, newer than this sprague's ${SCHEMA_VERSION}: use a newer sprague`);
  }
  if (version === 1 || version === 2) {
    if (version === 1) checkIntegrity(db, path);
    const tx = db.transaction(() => {
      if (version === 1) migrateFrom1(db);
      migrateFrom2(db);
      db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    });
    return tx();
  }
  const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  if (Number(tables.n) > 0) throw new InputError(`${path} is an SQLite database but not a census database (no schema version)`);
  db.exec(`BEGIN; ${schema()} COMMIT;`);
}

/** Version 1 has no digests to check its rows against: SQLite checks the file's structure first (migrateFrom1). */
function checkIntegrity(db: Db, path: string): void {
  const check = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
  if (check.length !== 1 || check[0]!.integrity_check !== 'ok') {
    throw new InputError(
      `${path}: the census database is damaged (integrity check: ${check[0]?.integrity_check ?? 'no answer'}); it was not migrated to schema ${SCHEMA_VERSION}: restore it from a copy, or move it away and run the census again`,
    );
  }
}

/**
 * Schema 1 to 2: digests and canonical settings. A version-1 row carries nothing to check it against, so
 * the migration first has SQLite check the file's structure (checkIntegrity: pages, indexes), refuses a
 * file that fails, and then vouches for every row as it finds it: a value damaged before the migration
 * cannot be told from a good one (docs/census.md). Version 1 wrote a rewrite game's settings as
 * `maxStates=K,budgetMs=MS` and none for other games; they become canonical JSON (settingsJson).
 */
function migrateFrom1(db: Db): void {
  db.exec('DROP VIEW census_rows; ALTER TABLE games ADD COLUMN digest TEXT; ALTER TABLE games ADD COLUMN resumed_from INTEGER; ALTER TABLE censuses ADD COLUMN digest TEXT;');
  db.exec(KEPT_TABLES);
  const update = db.prepare('UPDATE games SET settings = ?, digest = ? WHERE spec = ? AND computation = ? AND bound = ?');
  for (const r of db.prepare('SELECT * FROM games').all() as Record<string, unknown>[]) {
    const settings = settingsFrom1(r['settings']);
    update.run(settings, gameDigest({ ...r, settings }), r['spec'], r['computation'], r['bound']);
  }
  const stamp = db.prepare('UPDATE censuses SET digest = ? WHERE family = ? AND bound = ?');
  for (const c of db.prepare('SELECT * FROM censuses').all() as Record<string, unknown>[]) {
    const members = db.prepare('SELECT idx, spec, computation FROM members WHERE family = ? AND bound = ? ORDER BY idx').all(c['family'], c['bound']);
    stamp.run(censusDigest(c, members as { idx: unknown; spec: unknown; computation: unknown }[]), c['family'], c['bound']);
  }
}

/**
 * The columns schema 3 added to `games`: a sequence row's fingerprint (fingerprint_heaps .. last_rare) and
 * the run's CPU time and peak memory. Null in older rows, which the digest skips (rowDigest).
 */
const SCHEMA_3_COLUMNS = ['fingerprint_heaps', 'largest_at', 'rare_mask', 'rare_pos', 'num_rare', 'last_rare', 'cpu_ms', 'max_rss_kb'];

/**
 * Schema 2 to 3: the new columns, added at the end of `games` (null in every row, so every digest stays
 * valid and nothing is rewritten), and the view that lists them. A schema-2 process still writing the file
 * names its columns in every insert, so its later rows land with the new columns null (docs/census.md).
 * `census fingerprint` fills the fingerprints in afterwards.
 */
function migrateFrom2(db: Db): void {
  const has = new Set((db.prepare('PRAGMA table_info(games)').all() as { name: string }[]).map((c) => c.name));
  db.exec('DROP VIEW IF EXISTS census_rows');
  for (const column of SCHEMA_3_COLUMNS) {
    if (has.has(column)) continue;
    const field = ROW_FIELDS.find((f) => f.column === column)!;
    db.exec(`ALTER TABLE games ADD COLUMN ${column} ${SQL_TYPE[field.type]}`);
  }
  db.exec(viewSql());
}

/** Version 1's settings text (`maxStates=100,budgetMs=2000`, or none) as the canonical JSON of version 2. */
function settingsFrom1(v: unknown): string {
  if (typeof v !== 'string' || v === '') return '{}';
  const pairs = Object.fromEntries(v.split(',').map((kv) => kv.split('=')).map(([k, n]) => [k, Number(n)]));
  return JSON.stringify(Object.fromEntries(Object.keys(pairs).sort().map((k) => [k, pairs[k]])));
}

/** A field as SQLite stores it (and reads it back), so that the digest of what is written is the digest of what is read. */
function toSql(f: Field, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (f.type === 'bool') return v ? 1 : 0;
  return f.type === 'int' ? Number(v) : String(v);
}

const BY_COLUMN = new Map(FAMILY_FIELDS.map((f) => [f.column, f]));

function fromSql(r: Record<string, unknown>): FamilyRow {
  const out: Record<string, unknown> = {};
  for (const [column, v] of Object.entries(r)) {
    const f = BY_COLUMN.get(column);
    if (!f) continue;
    out[f.name] = v === null ? null : f.type === 'bool' ? v !== 0 : f.type === 'int' ? Number(v) : v;
  }
  return out as unknown as FamilyRow;
}
