/**
 * The census store: an embedded SQLite database (the `libsql` binding, better-sqlite3's API with its
 * addon prebuilt in npm packages). One row per game, computation and bound in `games`; a census
 * (family, bound) lists its members in order in `members`; the view `census_rows` joins them and links
 * each game to the first member with the same fingerprint (its equivalence class, as Winning Ways' game
 * locator does). WAL journal, and every finished game is its own transaction: a `kill -9` loses only the
 * games in flight. The schema version is PRAGMA user_version.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type Database from 'libsql';
import { InputError } from '../core/errors.js';
import { taskKey } from './compute.js';
import type { Family } from './families.js';
import { FAMILY_FIELDS, ROW_FIELDS, type CensusRow, type FamilyRow, type Field, type Status } from './row.js';
import type { WhereClause } from './where.js';

export const SCHEMA_VERSION = 1;

/** The database `census run` writes and the explorer's census page reads unless told otherwise. */
export const DEFAULT_CENSUS_DB = 'sprague-census.db';

const SQL_TYPE = { int: 'INTEGER', text: 'TEXT', bool: 'INTEGER' } as const;

function schema(): string {
  const columns = ROW_FIELDS.map((f) => `  ${f.column} ${SQL_TYPE[f.type]}${['spec', 'computation', 'bound', 'status'].includes(f.column) ? ' NOT NULL' : ''}`);
  const gameColumns = ROW_FIELDS.map((f) => `g.${f.column}`).join(', ');
  return `
CREATE TABLE games (
${columns.join(',\n')},
  finished_at TEXT NOT NULL,
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
CREATE VIEW census_rows AS
SELECT m.family AS family, m.idx AS idx, ${gameColumns},
  CASE WHEN g.fingerprint IS NULL THEN NULL ELSE NULLIF(
    FIRST_VALUE(g.spec) OVER (PARTITION BY m.family, m.bound, g.computation, g.fingerprint ORDER BY m.idx), g.spec) END AS same_as
FROM members m JOIN games g ON g.spec = m.spec AND g.computation = m.computation AND g.bound = m.bound;
PRAGMA user_version = ${SCHEMA_VERSION};
`;
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

type Db = InstanceType<typeof Database>;

/**
 * The binding, loaded when a store is first opened: the library entry re-exports the census, and a user
 * who never opens a store should not load a native addon.
 */
let binding: typeof Database | undefined;
function openDatabase(path: string, readonly: boolean): Db {
  binding ??= createRequire(import.meta.url)('libsql') as typeof Database;
  if (!readonly) return new binding(path);
  // libsql ignores the `readonly` option (a write goes through); SQLite's own URI parameter is obeyed.
  const db = new binding(`${pathToFileURL(resolve(path)).href}?mode=ro`);
  db.pragma('query_only = 1');
  return db;
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
  ) {}

  /**
   * Opens (creating when absent, unless `mustExist`) the database at `path`; ':memory:' for a private one.
   * `readonly` (the explorer's census page): an existing census database, never written, not even migrated.
   */
  static open(path: string, options: { mustExist?: boolean; readonly?: boolean } = {}): CensusStore {
    if ((options.mustExist || options.readonly) && path !== ':memory:' && !existsSync(path)) throw new InputError(`no census database at ${path}`);
    let db: Db;
    try {
      if (options.readonly) {
        db = openDatabase(path, true);
        db.pragma('busy_timeout = 10000');
        checkVersion(db, path);
        return new CensusStore(db, path);
      }
      db = openDatabase(path, false);
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 10000');
      // WAL with NORMAL sync keeps every committed game through a process kill (not a power cut).
      db.pragma('synchronous = NORMAL');
      migrate(db, path);
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError(`cannot use ${path} as a census database: ${(e as Error).message}`);
    }
    return new CensusStore(db, path);
  }

  close(): void {
    this.db.close();
  }

  /** Records a census and its members in order (replacing an older member list of the same census). */
  registerCensus(family: Family, bound: number): void {
    const now = new Date().toISOString();
    const tx = this.db.transaction(() => {
      this.db.prepare('DELETE FROM members WHERE family = ? AND bound = ?').run(family.name, bound);
      const insert = this.db.prepare('INSERT INTO members (family, bound, idx, spec, computation) VALUES (?, ?, ?, ?, ?)');
      family.members.forEach((m, i) => insert.run(family.name, bound, i, m.spec, m.computation));
      this.db
        .prepare(
          'INSERT INTO censuses (family, bound, members, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ' +
            'ON CONFLICT (family, bound) DO UPDATE SET members = excluded.members, updated_at = excluded.updated_at',
        )
        .run(family.name, bound, family.members.length, now, now);
    });
    tx();
  }

  /** The keys (taskKey) of the family's games already stored, except those whose status is in `redo`. */
  storedKeys(family: string, bound: number, redo: readonly Status[] = []): Set<string> {
    const rows = this.db
      .prepare(
        'SELECT g.spec, g.computation, g.bound, g.status FROM members m JOIN games g ' +
          'ON g.spec = m.spec AND g.computation = m.computation AND g.bound = m.bound WHERE m.family = ? AND m.bound = ?',
      )
      .all(family, bound) as { spec: string; computation: string; bound: number; status: Status }[];
    return new Set(rows.filter((r) => !redo.includes(r.status)).map((r) => taskKey(r as Parameters<typeof taskKey>[0])));
  }

  /** The members (spec and computation) of the census (family, bound) whose stored row has this status. */
  membersWithStatus(family: string, bound: number, status: Status): Set<string> {
    const rows = this.db
      .prepare(
        'SELECT m.spec AS spec, m.computation AS computation FROM members m JOIN games g ' +
          'ON g.spec = m.spec AND g.computation = m.computation AND g.bound = m.bound WHERE m.family = ? AND m.bound = ? AND g.status = ?',
      )
      .all(family, bound, status) as { spec: string; computation: string }[];
    return new Set(rows.map((r) => `${r.computation} ${r.spec}`));
  }

  /** Stores one finished game in its own transaction (replacing a row of the same key). */
  put(row: CensusRow): void {
    const columns = [...ROW_FIELDS.map((f) => f.column), 'finished_at'];
    const values = [...ROW_FIELDS.map((f) => toSql(f, (row as unknown as Record<string, unknown>)[f.name])), new Date().toISOString()];
    // One statement: SQLite commits it as one transaction.
    this.db.prepare(`INSERT OR REPLACE INTO games (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...values);
  }

  /** The bound of the family's most recently updated census, if any. */
  latestBound(family: string): number | undefined {
    const r = this.db.prepare('SELECT bound FROM censuses WHERE family = ? ORDER BY updated_at DESC, bound DESC LIMIT 1').get(family) as
      | { bound: number }
      | undefined;
    return r?.bound;
  }

  /** The censuses stored, most recent first. */
  censuses(): { family: string; bound: number; members: number; updatedAt: string }[] {
    return (this.db.prepare('SELECT family, bound, members, updated_at FROM censuses ORDER BY updated_at DESC').all() as Record<string, unknown>[]).map(
      (r) => ({ family: String(r['family']), bound: Number(r['bound']), members: Number(r['members']), updatedAt: String(r['updated_at']) }),
    );
  }

  /** The stored rows of a census in the family's order, filtered by a parsed `--where`. */
  rows(family: string, bound: number, where?: WhereClause): FamilyRow[] {
    const filter = where ? ` AND (${where.sql})` : '';
    const rows = this.db
      .prepare(`SELECT * FROM census_rows WHERE family = ? AND bound = ?${filter} ORDER BY idx`)
      .all(family, bound, ...(where?.params ?? [])) as Record<string, unknown>[];
    return rows.map(fromSql);
  }

  /** Counts by status over the census's members (games = members, stored or not). */
  summary(family: string, bound: number): CensusSummary {
    const census = this.db.prepare('SELECT members FROM censuses WHERE family = ? AND bound = ?').get(family, bound) as { members: number } | undefined;
    const counts = this.db
      .prepare(
        'SELECT g.status AS status, COUNT(*) AS n FROM members m JOIN games g ON g.spec = m.spec AND g.computation = m.computation ' +
          'AND g.bound = m.bound WHERE m.family = ? AND m.bound = ? GROUP BY g.status',
      )
      .all(family, bound) as { status: Status; n: number }[];
    const by = (s: Status) => Number(counts.find((c) => c.status === s)?.n ?? 0);
    return { family, bound, games: Number(census?.members ?? 0), done: by('done'), open: by('open'), failed: by('failed') };
  }

  /** Every stored game row (all censuses), in key order: for comparing two databases. */
  allGames(): CensusRow[] {
    return (this.db.prepare('SELECT * FROM games ORDER BY computation, bound, spec').all() as Record<string, unknown>[]).map(fromSql);
  }
}

function schemaVersion(db: Db): number {
  // libsql's pragma() ignores { simple: true }: read the row.
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/** A database opened read-only must already hold this schema: it cannot be migrated. */
function checkVersion(db: Db, path: string): void {
  const version = schemaVersion(db);
  if (version !== SCHEMA_VERSION) {
    throw new InputError(`${path} ${version === 0 ? 'is not a census database' : `has census schema ${version}, not this sprague's ${SCHEMA_VERSION}`}`);
  }
}

function migrate(db: Db, path: string): void {
  const version = schemaVersion(db);
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION) {
    throw new InputError(`${path} has census schema ${version}, newer than this sprague's ${SCHEMA_VERSION}: use a newer sprague`);
  }
  const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  if (Number(tables.n) > 0) throw new InputError(`${path} is an SQLite database but not a census database (no schema version)`);
  db.exec(`BEGIN; ${schema()} COMMIT;`);
}

function toSql(f: Field, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (f.type === 'bool') return v ? 1 : 0;
  return v;
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
