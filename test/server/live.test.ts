// Issue 24 item 7, "must show": a live `sprague serve` (its own process, a free port on 127.0.0.1) is sent
// hostile paths, a foreign Host and Origin, non-JSON bodies, 50 jobs at once and a client that goes away
// mid-job; afterwards it still answers, no job is left running, and nothing was started for the foreign
// requests. The same checks one by one, in process: gate.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { sendAsWritten, statusLineOf, until } from '../helpers/http.js';
import { watchCli } from '../helpers/processes.js';

test('a live sprague serve survives hostile requests, 50 jobs at once and clients that go away, and leaves no job running', { timeout: 120_000 }, async () => {
  const serve = watchCli(['serve', '--port', '0', '--poll-timeout', '2', '--job-budget', '60']);
  try {
    const first = await serve.firstLine();
    const m = /^listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(first);
    assert.ok(m, `bound to 127.0.0.1 by default: ${first}`);
    const port = Number(m[1]);

    const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) => sendAsWritten(port, method, path, headers, body);
    const json = { 'content-type': 'application/json' };
    const health = async () => (await send('GET', '/api/health')).data as { running: number; queued: number; accepted: number };
    // 30 s for each event, polled every 150 ms (the test's own timeout is 120 s).
    const soon = <T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => until(what, get, ok, 30_000, 150);
    const raw = (bytes: string) => statusLineOf(port, bytes);

    // Hostile paths and malformed requests: 400, one line each.
    for (const path of ['/%ff', '/%zz', '/%', '/api/%ff', '/api/jobs/%e0%80', '/a%00b', '/%ff' + 'x'.repeat(4000)]) {
      const r = await send('GET', path);
      assert.equal(r.status, 400, path);
      assert.ok(typeof r.data.error === 'string' && !r.data.error.includes('\n'), path);
    }
    assert.match(await raw('GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n'), /^HTTP\/1\.1 400 /);
    assert.match(await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n'), /^HTTP\/1\.1 400 /);
    assert.equal((await send('GET', '/')).status, 200, 'still serving after the hostile paths');

    // A foreign Host (DNS rebinding), a foreign Origin, a cross-site request, text/plain and form bodies: refused, nothing started.
    const accepted0 = (await health()).accepted;
    // Slow enough to outlive the 2 s poll timeout on any machine: every cell of Wythoff written as an
    // invariant game is a search (Wythoff's own values map is drawn from its closed form in a second).
    const job = JSON.stringify({ spec: 'invariant:(*,0),(0,*),(=,=)', kind: 'values', max: 400 });
    assert.equal((await send('POST', '/api/jobs', { ...json, host: `rebound.evil.example:${port}` }, job)).status, 403);
    assert.equal((await send('POST', '/api/jobs', { ...json, origin: 'http://evil.example' }, job)).status, 403);
    assert.equal((await send('POST', '/api/run', { ...json, origin: 'http://evil.example' }, JSON.stringify({ job: 'grundy', args: { spec: 'nim', positions: ['3'] } }))).status, 403);
    assert.equal((await send('POST', '/api/jobs', { ...json, 'sec-fetch-site': 'cross-site' }, job)).status, 403);
    assert.equal((await send('POST', '/api/jobs', { 'content-type': 'text/plain;charset=UTF-8' }, job)).status, 415);
    assert.equal((await send('POST', '/api/jobs', { 'content-type': 'application/x-www-form-urlencoded' }, 'spec=wythoff&max=1500')).status, 415);
    assert.equal((await health()).accepted, accepted0, 'nothing was started for the foreign requests');

    // 50 jobs at once: 4 run, 16 wait in line, the rest are refused with 503 and Retry-After. Nobody polls
    // them but one, so the others are cancelled after the poll timeout (2 s) and the polled one gets a worker.
    const answers = await Promise.all(Array.from({ length: 50 }, () => send('POST', '/api/jobs', json, job)));
    const taken = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 503);
    assert.equal(taken.length + refused.length, 50, `statuses: ${answers.map((a) => a.status).join(' ')}`);
    assert.ok(taken.length >= 20, `${taken.length} jobs taken`);
    assert.ok(refused.length > 0 && refused.every((a) => /^\d+$/.test(String(a.headers['retry-after']))), 'refused with Retry-After');
    assert.equal((await health()).accepted, accepted0 + taken.length);
    const last = taken.map((a) => a.data).find((v) => v.queued === 16);
    assert.ok(last, 'the last job taken waits in line, 16th');
    const onWorker = await soon(`job ${last.id} to leave the line`, async () => (await send('GET', `/api/jobs/${last.id}`)).data, (v) => v.queued === undefined);
    assert.equal(onWorker.state, 'running');
    // The others stop at their next check of the stop flag, or are ended after the grace time (5 s); the
    // polled one is polled meanwhile (each GET is a poll).
    const others = taken.map((a) => a.data.id as string).filter((id) => id !== last.id);
    const views = await soon(
      'the unpolled jobs to stop',
      async () => Promise.all([last.id, ...others].map(async (id) => (await send('GET', `/api/jobs/${id}`)).data)),
      ([, ...v]) => v.every((j) => j.state !== 'running'),
    );
    assert.equal(views[0].state, 'running', 'the polled job runs on');
    for (const v of views.slice(1)) assert.deepEqual([v.state, v.reason], ['cancelled', 'nobody polled it for 2 s'], v.id);
    assert.equal((await send('DELETE', `/api/jobs/${last.id}`)).data.state, 'cancelled');

    // A client that goes away mid-job: its Grundy query is cancelled.
    const accepted1 = (await health()).accepted;
    const query = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/run', headers: json });
    query.on('error', () => {});
    query.end(JSON.stringify({ job: 'grundy', args: { spec: 'zeruclid', positions: ['1,400,703'] } }));
    await soon('the query to start', health, (h) => h.accepted === accepted1 + 1 && h.running >= 1);
    query.destroy();

    // Afterwards: it answers, and no job is left running or waiting.
    const after = await soon('no job left', health, (h) => h.running === 0 && h.queued === 0);
    assert.equal(after.accepted, accepted1 + 1);
    assert.equal((await send('GET', `/api/jobs/j${accepted1 + 1}`)).data.reason, 'its client closed the connection');
    const check = await send('POST', '/api/check', json, JSON.stringify({ spec: 'maharaja' }));
    assert.equal(check.status, 200);
    assert.equal((await send('GET', '/')).status, 200);
    assert.equal(serve.child.exitCode, null, 'still running');
    assert.equal(serve.stderr(), '', 'nothing on stderr');
  } finally {
    serve.child.kill('SIGTERM');
  }
});
