import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'libsql';
import { InputError } from '../../src/core/errors.js';
import { parseFamily, type Family } from '../../src/census/families.js';
import { LocalExecutor } from '../../src/executors/local.js';
import { runCensus } from '../../src/census/run.js';
import { CensusStore, SCHEMA_VERSION } from '../../src/census/store.js';
import type { CensusRow } from '../../src/census/row.js';
import { oneHeapSequence } from '../../src/analysis/sequence.js';
import { parseSpec } from '../../src/spec/index.js';

const seq = (spec: string, fingerprint: string | null, status: CensusRow['status'] = 'done'): CensusRow => ({
  spec,
  computation: 'sequence',
  bound: 20,
  status,
  fingerprint,
  ...(status === 'failed' ? { error: 'boom' } : { period: 1, preperiod: 0, certified: true }),
});

const family = (name: string, specs: string[]): Family => ({ name, defaultBound: 20, members: specs.map((spec) => ({ spec, computation: 'sequence' })) });

test('equivalence: each game links to the first member of its family with the same fingerprint; failed rows link to nothing', () => {
  const store = CensusStore.open(':memory:');
  store.registerCensus(family('f', ['g0', 'g1', 'g2', 'g3', 'g4', 'g5']), 20);
  // Stored out of order, as a parallel run commits them.
  store.put(seq('g4', 'X'));
  store.put(seq('g2', 'Y'));
  store.put(seq('g1', 'X'));
  store.put(seq('g3', 'Y'));
  store.put(seq('g0', 'Z'));
  store.put(seq('g5', null, 'failed'));
  const links = Object.fromEntries(store.rows('f', 20).map((r) => [r.spec, r.sameAs]));
  assert.deepEqual(links, { g0: null, g1: null, g2: null, g3: 'g2', g4: 'g1', g5: null });
  // The same games in another family's order link to that family's first member.
  store.registerCensus(family('h', ['g4', 'g1']), 20);
  assert.deepEqual(Object.fromEntries(store.rows('h', 20).map((r) => [r.spec, r.sameAs])), { g4: null, g1: 'g4' });
  store.close();
});

test('one row per spec, computation and bound: a rewrite replaces, a rerun skips, --redo selects by status', () => {
  const store = CensusStore.open(':memory:');
  store.registerCensus(family('f', ['g0', 'g1']), 20);
  store.put(seq('g0', 'A', 'failed'));
  store.put(seq('g0', 'A'));
  store.put(seq('g1', 'B', 'failed'));
  assert.equal(store.allGames().length, 2);
  assert.equal(store.rows('f', 20).find((r) => r.spec === 'g0')!.status, 'done');
  assert.equal(store.storedKeys('f', 20).size, 2);
  assert.equal(store.storedKeys('f', 20, ['failed']).size, 1);
  assert.deepEqual(store.summary('f', 20), { family: 'f', bound: 20, games: 2, done: 1, open: 0, failed: 1 });
  store.close();
});

test('the schema is versioned: a newer one and a foreign SQLite file are refused, not touched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-store-'));
  const newer = join(dir, 'newer.db');
  const raw = new Database(newer);
  raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
  raw.close();
  assert.throws(() => CensusStore.open(newer), (e: Error) => e instanceof InputError && /newer than this sprague/.test(e.message));
  const foreign = join(dir, 'foreign.db');
  const other = new Database(foreign);
  other.exec('CREATE TABLE t (x)');
  other.close();
  assert.throws(() => CensusStore.open(foreign), (e: Error) => e instanceof InputError && /not a census database/.test(e.message));
  assert.throws(() => CensusStore.open(join(dir, 'absent.db'), { mustExist: true }), /no census database/);
  const ok = join(dir, 'ok.db');
  CensusStore.open(ok).close();
  const again = CensusStore.open(ok);
  assert.deepEqual(again.censuses(), []);
  again.close();
});

test('equivalence classes of octal:2 to 300 are exactly the codes with equal G(0..300), computed plainly', async () => {
  const f = parseFamily('octal:2');
  const store = CensusStore.open(':memory:');
  const executor = new LocalExecutor(2);
  try {
    await runCensus(store, f, 300, executor);
  } finally {
    await executor.close();
  }
  const rows = store.rows(f.name, 300);
  assert.equal(rows.length, f.members.length);
  const values = f.members.map((m) => Array.from(oneHeapSequence(parseSpec(m.spec), 300)).join(','));
  f.members.forEach((m, i) => {
    const first = values.indexOf(values[i]!);
    const row = rows.find((r) => r.spec === m.spec)!;
    assert.equal(row.sameAs ?? m.spec, f.members[first]!.spec, m.spec);
  });
  // For instance 0.5 (take one token, leaving nothing or two heaps) plays like 0.3: G(n) = n mod 2.
  assert.equal(rows.find((r) => r.spec === 'octal:0.5')!.sameAs, 'octal:0.3');
  store.close();
});
