// The request gate of `sprague serve` (src/server/guard.ts) and the lifetimes of its jobs (src/server/jobs.ts),
// in process. The same, against a live `sprague serve`: live.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { sendAsWritten, statusLineOf, until } from '../helpers/http.js';

let server: RunningServer;

before(async () => {
  // A minute's grace: a stopped job that keeps its picture stopped by itself, however slow the machine
  // (with 2 s, a loaded machine had the jobs ended from outside, keeping nothing).
  server = await startServer({ port: 0, maxRunning: 2, maxQueued: 2, pollTimeoutMs: 1500, budgetMs: 60_000, graceMs: 60_000 });
});
after(async () => {
  await server.close();
});

/** A request sent as written: path, Host and the other headers are not normalised. */
const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => sendAsWritten(server.port, method, path, headers, body);

const json = { 'content-type': 'application/json' };

/**
 * A picture job that runs for tens of seconds and whose partial picture draws at once: Wythoff written as an
 * invariant game searches every cell. (Zeruclid's slice to 2000 drew a partial of 4 million cells for longer
 * than a 2 s grace on a loaded machine, so the job was ended from outside and kept no picture.)
 */
const LONG_PICTURE = JSON.stringify({ spec: 'invariant:(*,0),(0,*),(=,=)', kind: 'values', max: 400 });

async function health(): Promise<{ running: number; queued: number; accepted: number }> {
  const { data } = await send('GET', '/api/health');
  return { running: data.running, queued: data.queued, accepted: data.accepted };
}

/** Bytes written straight to the socket; the status line of the answer. */
const rawStatusLine = (bytes: string) => statusLineOf(server.port, bytes);

test('hostile paths and malformed requests get 400 with one line, and the server keeps serving', async () => {
  for (const path of ['/%ff', '/%zz', '/%', '/api/%ff', '/api/jobs/%c0%80', '/a%00b', '/%ff/../index.html']) {
    const r = await send('GET', path);
    assert.equal(r.status, 400, path);
    assert.equal(typeof r.data.error, 'string', path);
    assert.ok(!r.data.error.includes('\n'), path);
  }
  assert.equal((await send('GET', '/..%2f..%2fpackage.json')).status, 403, 'no way out of the web root');
  assert.match(await rawStatusLine('GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n'), /^HTTP\/1\.1 400 /, 'an absolute target');
  assert.match(await rawStatusLine('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad header\r\n\r\n'), /^HTTP\/1\.1 400 /, 'a header Node cannot parse');
  assert.match(await rawStatusLine('G\0T / HTTP/1.1\r\n\r\n'), /^HTTP\/1\.1 400 /, 'a bad method line');
  assert.match(await rawStatusLine(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: ${'y'.repeat(20_000)}\r\n\r\n`), /^HTTP\/1\.1 431 /, 'headers past 16 KiB');
  assert.equal((await send('GET', '/')).status, 200);
  assert.equal((await health()).running, 0);
});

test('only this server\'s loopback Host values: a rebound name is refused before routing', async () => {
  const p = server.port;
  for (const host of [`127.0.0.1:${p}`, `localhost:${p}`, `LOCALHOST:${p}`, `[::1]:${p}`]) assert.equal((await send('GET', '/api/health', { host })).status, 200, host);
  for (const host of ['evil.example', `evil.example:${p}`, `127.0.0.1:${p + 1}`, '127.0.0.1', `localhost.evil.example:${p}`, `127.0.0.2:${p}`]) {
    const r = await send('GET', '/api/health', { host });
    assert.equal(r.status, 403, host);
    assert.match(r.data.error, /is not this server/);
  }
  const before = (await health()).accepted;
  const r = await send('POST', '/api/jobs', { ...json, host: `rebind.evil.example:${p}` }, JSON.stringify({ spec: 'nim', max: 5 }));
  assert.equal(r.status, 403);
  assert.equal((await health()).accepted, before, 'nothing was started');
});

test('more than one Host header is refused (400) whichever comes first, before routing', async () => {
  const p = server.port;
  for (const hosts of [[`127.0.0.1:${p}`, 'evil.example'], ['evil.example', `127.0.0.1:${p}`], [`127.0.0.1:${p}`, `127.0.0.1:${p}`]]) {
    const lines = hosts.map((h) => `Host: ${h}\r\n`).join('');
    assert.match(await rawStatusLine(`GET /api/health HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`), /^HTTP\/1\.1 400 /, hosts.join(' then '));
  }
  assert.match(await rawStatusLine(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nConnection: close\r\n\r\n`), /^HTTP\/1\.1 200 /, 'one Host');
});

test('a method a route does not take is 405 with Allow; only a path that does not exist is 404', async () => {
  const cases: [string, string, string][] = [
    ['POST', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/health', 'GET, HEAD'],
    ['GET', '/api/check', 'POST'],
    ['GET', '/api/jobs', 'POST'],
    ['PUT', '/api/run', 'POST'],
    ['POST', '/api/jobs/j999', 'GET, DELETE'],
    ['PATCH', '/api/jobs/j999', 'GET, DELETE'],
    ['POST', '/api/census', 'GET, HEAD'],
    ['DELETE', '/api/census/rows', 'GET, HEAD'],
  ];
  for (const [method, path, allow] of cases) {
    const r = await send(method, path, json, method === 'GET' || method === 'DELETE' ? undefined : '{}');
    assert.equal(r.status, 405, `${method} ${path}`);
    assert.equal(r.headers['allow'], allow, `${method} ${path}`);
    assert.match(r.data.error, new RegExp(`^${method} is not allowed on ${path}`));
  }
  for (const [method, path] of [['GET', '/api/nothing'], ['POST', '/api/nothing'], ['GET', '/api/jobs/j1/x'], ['GET', '/api/census/nothing']]) {
    assert.equal((await send(method!, path!, json, method === 'POST' ? '{}' : undefined)).status, 404, `${method} ${path}`);
  }
  assert.equal((await send('GET', '/api/jobs/j999')).status, 404, 'an unknown job on a route that takes GET');
});

test('same-origin only: a foreign Origin or a cross-site request starts nothing; the page\'s own requests pass', async () => {
  const p = server.port;
  const body = JSON.stringify({ spec: 'nim', max: 5 });
  const before = (await health()).accepted;
  for (const origin of ['http://evil.example', 'null', `http://localhost:${p + 1}`, `https://127.0.0.1:${p}`, `http://127.0.0.1:${p}.evil.example`]) {
    const r = await send('POST', '/api/jobs', { ...json, origin }, body);
    assert.equal(r.status, 403, origin);
    assert.match(r.data.error, /cross-origin request/);
    assert.equal((await send('DELETE', '/api/jobs/j1', { origin })).status, 403, `DELETE from ${origin}`);
  }
  for (const site of ['cross-site', 'same-site']) assert.equal((await send('POST', '/api/jobs', { ...json, 'sec-fetch-site': site }, body)).status, 403, site);
  assert.equal((await health()).accepted, before, 'nothing was started for a foreign origin');
  // A link from another site to the page is a GET navigation: it is served; the API is not.
  assert.equal((await send('GET', '/', { 'sec-fetch-site': 'cross-site' })).status, 200);
  assert.equal((await send('GET', '/api/health', { 'sec-fetch-site': 'cross-site' })).status, 403);
  const own = await send('POST', '/api/check', { ...json, origin: `http://127.0.0.1:${p}`, 'sec-fetch-site': 'same-origin' }, JSON.stringify({ spec: 'nim' }));
  assert.equal(own.status, 200);
  assert.equal((await send('POST', '/api/check', { ...json, origin: `http://localhost:${p}` }, JSON.stringify({ spec: 'nim' }))).status, 200);
});

test('JSON bodies only (415 for text/plain, forms, none); static files only on GET and HEAD (405)', async () => {
  const before = (await health()).accepted;
  const body = JSON.stringify({ spec: 'nim', max: 5 });
  for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
    const r = await send('POST', '/api/jobs', { 'content-type': type }, body);
    assert.equal(r.status, 415, type);
  }
  assert.equal((await send('POST', '/api/jobs', {}, body)).status, 415, 'no Content-Type');
  assert.equal((await health()).accepted, before, 'nothing was started');
  assert.equal((await send('POST', '/api/check', { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ spec: 'nim' }))).status, 200);
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    const r = await send(method, '/index.html', json, method === 'DELETE' || method === 'OPTIONS' ? undefined : '{}');
    assert.equal(r.status, 405, method);
    assert.equal(r.headers['allow'], 'GET, HEAD');
  }
  const head = await send('HEAD', '/app.js');
  assert.equal(head.status, 200);
  assert.equal(head.data, '');
  assert.equal(head.headers['x-content-type-options'], 'nosniff');
  assert.equal(head.headers['x-frame-options'], 'DENY');
});

test('a polled job nobody polls any more is cancelled (pollTimeoutMs), and its worker is free again', async () => {
  const start = await send('POST', '/api/jobs', json, LONG_PICTURE);
  assert.equal(start.status, 202);
  assert.equal((await health()).running, 1);
  // Polled until it computes (its first row), so that the poll timeout stops a job at work.
  await until('the job to compute', async () => (await send('GET', `/api/jobs/${start.data.id}`)).data, (j) => j.progress?.done > 0);
  // No poll from here on.
  await until('the abandoned job', health, (h) => h.running === 0);
  const job = (await send('GET', `/api/jobs/${start.data.id}`)).data;
  assert.equal(job.state, 'cancelled');
  assert.match(job.reason, /nobody polled it for 1\.5 s/);
  assert.equal(job.partial.partial, true, 'it kept the picture of what it finished');
});

test('a job the page keeps polling keeps running past the poll timeout', async () => {
  const start = await send('POST', '/api/jobs', json, LONG_PICTURE);
  const t = Date.now();
  while (Date.now() - t < 3000) {
    assert.equal((await send('GET', `/api/jobs/${start.data.id}`)).data.state, 'running');
    await new Promise((r) => setTimeout(r, 300));
  }
  assert.equal((await send('DELETE', `/api/jobs/${start.data.id}`)).data.state, 'cancelled');
});

test('a Grundy query whose client closes its connection mid-job is cancelled', async () => {
  const before = (await health()).accepted;
  const req = request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/run', headers: json });
  req.on('error', () => {});
  req.end(JSON.stringify({ job: 'grundy', args: { spec: 'zeruclid', positions: ['1,400,701'] } }));
  await until('the query to start', health, (h) => h.accepted === before + 1 && h.running === 1);
  req.destroy();
  // It stops at its next check of the stop flag, or is ended after the grace time.
  await until('the query of the client gone', health, (h) => h.running === 0);
  const job = (await send('GET', `/api/jobs/j${before + 1}`)).data;
  assert.deepEqual([job.state, job.reason], ['cancelled', 'its client closed the connection']);
});

test('a job past its time budget stops, keeps what it finished and fails naming the budget (jobSeconds)', async () => {
  // A minute's grace, as above: the budget may run out while a loaded machine still starts the worker.
  const quick = await startServer({ port: 0, budgetMs: 1000, graceMs: 60_000 });
  try {
    const post = await fetch(quick.url + '/api/jobs', { method: 'POST', headers: json, body: LONG_PICTURE });
    const { id } = (await post.json()) as { id: string };
    const job = await until(
      'the job past its budget',
      async () => (await (await fetch(`${quick.url}/api/jobs/${id}`)).json()) as any,
      (j) => j.state !== 'running',
    );
    assert.equal(job.state, 'failed');
    assert.equal(job.error, 'the job ran past its time budget of 1 s (sprague serve --job-budget SECONDS raises it)');
    assert.equal(job.partial.partial, true);
    // Stopped by the budget, not run to its end (rows not computed are '?'; no clock read: a loaded machine
    // stretches any bound on the elapsed time).
    assert.ok(job.partial.table.rows.some((r: [number, string]) => r[1].includes('?')), 'stopped before its end');
  } finally {
    await quick.close();
  }
});
