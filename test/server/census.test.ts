/**
 * The explorer's census route (src/server/census.ts), over HTTP: the stored censuses with their counts,
 * the rows of one filtered by the `--where` grammar (the same rows as the store gives), errors naming the
 * field, and read-only: nothing but GET, and the database is the same after.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { CensusStore } from '../../src/census/store.js';
import { parseWhere } from '../../src/census/where.js';
import { smallCensusDb } from '../helpers/census-db.js';

let server: RunningServer;
let db: string;

before(async () => {
  db = await smallCensusDb();
  server = await startServer({ port: 0, censusDb: db });
});
after(async () => {
  await server.close();
});

async function get(path: string, method = 'GET'): Promise<{ status: number; data: any }> {
  // A JSON content type, so that a POST passes the server's gate (which answers 415 to any other body) and meets the route.
  const res = await fetch(server.url + path, method === 'GET' ? { method } : { method, headers: { 'content-type': 'application/json' }, body: '{}' });
  return { status: res.status, data: await res.json() };
}

/** What the database holds (its bytes may change when SQLite folds its write-ahead log in). */
function digest(): string {
  const store = CensusStore.open(db, { readonly: true });
  try {
    return createHash('sha256').update(JSON.stringify([store.censuses(), store.allGames()])).digest('hex');
  } finally {
    store.close();
  }
}

test('GET /api/census lists the stored censuses with their counts', async () => {
  const { status, data } = await get('/api/census');
  assert.equal(status, 200);
  assert.equal(data.db, db);
  const byFamily = Object.fromEntries(data.censuses.map((c: any) => [c.family, c]));
  assert.deepEqual(Object.keys(byFamily).sort(), ['rewrite:2', 'subtraction:4']);
  assert.equal(byFamily['subtraction:4'].bound, 100);
  assert.equal(byFamily['subtraction:4'].members, 15);
  assert.equal(byFamily['subtraction:4'].done, 15);
  assert.equal(byFamily['rewrite:2'].bound, 8);
});

test('GET /api/census/rows: the rows of a census filtered as census show --where filters them', async () => {
  const all = await get('/api/census/rows?family=subtraction:4');
  assert.equal(all.status, 200);
  assert.equal(all.data.bound, 100, 'the latest bound when none is given');
  assert.equal(all.data.total, 15);
  assert.deepEqual(all.data.summary, { family: 'subtraction:4', bound: 100, games: 15, done: 15, open: 0, failed: 0 });
  const where = 'period > 4 and sameAs = null';
  const some = await get(`/api/census/rows?family=subtraction:4&bound=100&where=${encodeURIComponent(where)}`);
  assert.equal(some.status, 200);
  const store = CensusStore.open(db, { readonly: true });
  const expected = store.rows('subtraction:4', 100, parseWhere(where));
  store.close();
  assert.ok(expected.length > 0 && expected.length < 15);
  assert.deepEqual(
    some.data.rows.map((r: any) => [r.spec, r.period, r.preperiod]),
    expected.map((r) => [r.spec, r.period, r.preperiod]),
  );
  assert.equal(some.data.rows[0].certificate, expected[0]!.certificate);
  const limited = await get('/api/census/rows?family=subtraction:4&limit=3');
  assert.equal(limited.data.rows.length, 3);
  assert.equal(limited.data.total, 15);
});

test('census route errors name the field: a bad where, an unknown census, a bad bound; nothing but GET', async () => {
  const before = digest();
  const bad = await get(`/api/census/rows?family=subtraction:4&where=${encodeURIComponent('period > 1; DROP TABLE games')}`);
  assert.equal(bad.status, 400);
  assert.equal(bad.data.field, 'where');
  const unknown = await get('/api/census/rows?family=octal:3');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.data.field, 'family');
  assert.match(unknown.data.error, /no census of octal:3/);
  assert.equal((await get('/api/census/rows?family=subtraction:4&bound=x')).data.field, 'bound');
  assert.equal((await get('/api/census/rows')).data.field, 'family');
  for (const method of ['POST', 'DELETE', 'PUT']) assert.equal((await get('/api/census/rows?family=subtraction:4', method)).status, 405, method);
  assert.equal(digest(), before, 'the database is unchanged');
});

test('the store the route opens is read-only: SQLite refuses a write through it', () => {
  const store = CensusStore.open(db, { readonly: true });
  try {
    assert.throws(() => store.put({ spec: 'subtraction:9', computation: 'sequence', bound: 1, status: 'done' }), /readonly/);
  } finally {
    store.close();
  }
  assert.throws(() => CensusStore.open(join(db, '..', 'absent.db'), { readonly: true }), /no census database/);
});

test('a server whose census database does not exist lists no census and creates no file', async () => {
  const missing = join(db, '..', 'none.db');
  const other = await startServer({ port: 0, censusDb: missing });
  try {
    const res = await fetch(`${other.url}/api/census`);
    assert.deepEqual(await res.json(), { db: missing, censuses: [] });
    const rows = await fetch(`${other.url}/api/census/rows?family=subtraction:4`);
    assert.equal(rows.status, 404);
  } finally {
    await other.close();
  }
  assert.throws(() => readFileSync(missing));
});
