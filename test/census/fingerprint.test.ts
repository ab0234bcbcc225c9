/**
 * The fingerprint stored per census row (issue 31: "each game still open stored with its bound and fingerprint
 * (largest value and where, rare mask, number of rare values, last rare)"): schema 3's columns, the migration
 * of a schema-2 database, and `census fingerprint`, which fills older rows from the kept values or by one run
 * per game. Each stored fingerprint is set against what `sequence --summary` prints, computed from scratch.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import Database from 'libsql';
import { InputError } from '../../src/core/errors.js';
import { fingerprintLine, formatFingerprint } from '../../src/core/kernel.js';
import { sequenceWithPeriod } from '../../src/analysis/sequence.js';
import { parseSpec } from '../../src/spec/index.js';
import { backfillFingerprints } from '../../src/census/backfill.js';
import { computeGame, type CensusTask } from '../../src/census/compute.js';
import { escalateCensus } from '../../src/census/escalate.js';
import type { Executor } from '../../src/census/executor.js';
import type { Family } from '../../src/census/families.js';
import { ROW_FIELDS, rowFingerprint, type CensusRow } from '../../src/census/row.js';
import { CensusStore, rowDigest, SCHEMA_VERSION } from '../../src/census/store.js';
import { runCli } from '../helpers/cli.js';

/** A census database written by the schema-2 code: the shipped atlas of 454a616, cut to its census to 2^17 (five games, digests as written). */
const SCHEMA_2 = fileURLToPath(new URL('../../../test/census/fixtures/schema-2.db', import.meta.url));

const FINGERPRINT = ['fingerprintHeaps', 'largestAt', 'rareMask', 'rarePos', 'numRare', 'lastRare'] as const;

/** The line `sprague sequence SPEC --max MAX --summary` prints, by its job's library call (stopAtPeriod, from heap 0). */
function summaryLine(spec: string, max: number): string {
  return formatFingerprint(sequenceWithPeriod(parseSpec(spec), max, { stopAtPeriod: true, pPeriod: false }).fingerprint);
}

function raw(file: string): InstanceType<typeof Database> {
  return new Database(file);
}

test('a schema-2 database migrates in place: the new columns are null, every digest is unchanged and still checks; a reader of schema 2 is still refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-fingerprint-'));
  const file = join(dir, 'v2.db');
  copyFileSync(SCHEMA_2, file);
  const before = raw(file);
  const digests = before.prepare('SELECT spec, digest FROM games ORDER BY spec').all();
  assert.equal(Number((before.prepare('PRAGMA user_version').get() as { user_version: number }).user_version), 2);
  before.close();
  assert.throws(() => CensusStore.open(file, { readonly: true }), (e: Error) => e instanceof InputError && /schema 2, older than this sprague's 3/.test(e.message));
  CensusStore.open(file).close();
  const after = raw(file);
  assert.equal(Number((after.prepare('PRAGMA user_version').get() as { user_version: number }).user_version), SCHEMA_VERSION);
  assert.deepEqual(after.prepare('SELECT spec, digest FROM games ORDER BY spec').all(), digests);
  assert.deepEqual(after.prepare('SELECT DISTINCT rare_mask, num_rare, cpu_ms, max_rss_kb FROM games').all(), [{ rare_mask: null, num_rare: null, cpu_ms: null, max_rss_kb: null }]);
  assert.equal((after.pragma('journal_mode') as { journal_mode: string }[])[0]!.journal_mode, 'delete');
  after.close();
  const store = CensusStore.open(file, { readonly: true });
  try {
    const rows = store.rows('octal-tables:3', 131072);
    assert.equal(rows.length, 5);
    assert.ok(rows.every((r) => rowFingerprint(r) === undefined));
  } finally {
    store.close();
  }
});

test("census fingerprint fills a migrated database's rows by one run per game; each is the line sequence --summary prints from scratch (a class with pos, a certified game)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-fingerprint-'));
  const file = join(dir, 'v2.db');
  copyFileSync(SCHEMA_2, file);
  const r = runCli(['census', 'fingerprint', 'octal-tables:3', '--db', file, '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.at(-1), { family: 'octal-tables:3', filled: 5, fromKept: 0, computed: 5, unchanged: 0, mismatched: 0 });
  const store = CensusStore.open(file, { readonly: true });
  const rows = store.rows('octal-tables:3', 131072);
  store.close();
  for (const row of rows) {
    const summary = runCli(['sequence', row.spec, '--max', '131072', '--summary']);
    assert.equal(summary.status, 0, summary.stderr);
    assert.equal(fingerprintLine(rowFingerprint(row)!), summary.stdout.trim().split('\n').at(-1), row.spec);
  }
  const certified = rows.find((x) => x.spec === 'octal:0.127')!;
  assert.equal(certified.certified, true);
  assert.equal(certified.rarePos, true);
  assert.ok(certified.fingerprintHeaps! < 131073, 'a certified run stops at its period');
  // A second pass has nothing to fill.
  const again = runCli(['census', 'fingerprint', 'octal-tables:3', '--db', file, '--json']);
  assert.equal(again.lines.at(-1).filled, 0);
  assert.equal(again.lines.at(-1).unchanged, 5);
});

/** Games computed in this thread: a local executor without worker threads. */
const inline: Executor = { local: true, run: async (task: CensusTask) => computeGame(task), close: async () => {} };

const family: Family = {
  name: 'test:fingerprints',
  members: ['octal:0.06', 'octal:0.106', 'octal:0.16', 'octal:0.07'].map((spec) => ({ spec, computation: 'sequence' as const })),
  defaultBound: 4096,
};

/** Clears a row's fingerprint as a census before schema 3 left it, with its digest made again over what is left. */
function clearFingerprint(file: string): void {
  const db = raw(file);
  const columns = [...ROW_FIELDS.map((f) => f.column), 'finished_at'];
  for (const r of db.prepare('SELECT * FROM games').all() as Record<string, unknown>[]) {
    const cleared = { ...r, fingerprint_heaps: null, largest_at: null, rare_mask: null, rare_pos: null, num_rare: null, last_rare: null };
    db.prepare('UPDATE games SET fingerprint_heaps = NULL, largest_at = NULL, rare_mask = NULL, rare_pos = NULL, num_rare = NULL, last_rare = NULL, digest = ? WHERE spec = ? AND bound = ?').run(
      rowDigest('game', columns, cleared),
      r['spec'],
      r['bound'],
    );
  }
  db.close();
}

test('escalated rows (stopped at B, continued to 2B) store the fingerprint of a straight run; filled again from the kept values they are the same', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-fingerprint-'));
  const file = join(dir, 'atlas.db');
  let store = CensusStore.open(file);
  await escalateCensus(store, family, 4096, 8192, inline);
  const pick = (rows: CensusRow[]) => rows.map((r) => Object.fromEntries([['spec', r.spec], ['bound', r.bound], ...FINGERPRINT.map((k) => [k, r[k]])]));
  const rows = [...store.rows(family.name, 4096), ...store.rows(family.name, 8192)];
  const stored = pick(rows);
  const kept = store.keptValues().map((k) => k.spec);
  store.close();
  assert.deepEqual(kept.sort(), ['octal:0.06', 'octal:0.106', 'octal:0.16'], 'the open games keep their values');
  // Each stored fingerprint is sequence --summary's, computed from heap 0 (the 2^13 rows were continued from 2^12).
  assert.equal(rows.length, 7);
  for (const r of rows) assert.equal(fingerprintLine(rowFingerprint(r)!), summaryLine(r.spec, r.bound), `${r.spec} to ${r.bound}`);
  assert.ok(rows.some((r) => r.rareMask === 0) && rows.some((r) => r.rarePos === true) && rows.some((r) => r.certified));
  assert.ok(rows.some((r) => (r.resumedFrom ?? 0) > 0), 'the rows to 2^13 continued from the values kept at 2^12');
  clearFingerprint(file);
  store = CensusStore.open(file);
  try {
    assert.ok(store.rows(family.name, 8192).every((r) => rowFingerprint(r) === undefined));
    const result = await backfillFingerprints(store, family.name, inline);
    assert.deepEqual(result.mismatched, []);
    assert.equal(result.filled.length, stored.length);
    assert.deepEqual(
      result.filled.filter((f) => f.from === 'kept').map((f) => f.spec).sort(),
      ['octal:0.06', 'octal:0.06', 'octal:0.106', 'octal:0.106', 'octal:0.16', 'octal:0.16'],
    );
    assert.deepEqual([...pick(store.rows(family.name, 4096)), ...pick(store.rows(family.name, 8192))], stored);
  } finally {
    store.close();
  }
});
