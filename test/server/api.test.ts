import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { runCli } from '../helpers/cli.js';
import { watchCli } from '../helpers/processes.js';
import { jobRunner } from '../../src/jobs/index.js';

/**
 * A picture slow enough to hold a worker on any machine: every cell of Wythoff written as an invariant game
 * is a search (tens of seconds for the box). Wythoff's own values map draws from its closed form in a second.
 */
const SLOW_PICTURE = { spec: 'invariant:(*,0),(0,*),(=,=)', kind: 'values', max: 400 };

let server: RunningServer;

before(async () => {
  server = await startServer({ port: 0, maxRunning: 3, maxQueued: 2 });
});
after(async () => {
  await server.close();
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; data: any }> {
  const res = await fetch(server.url + path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, data: await res.json() };
}

/** A GET with the path sent as written (fetch would normalise it). */
function rawStatus(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(server.url + '/', { path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

async function health(): Promise<{ running: number; queued: number }> {
  const { data } = await call('GET', '/api/health');
  return { running: data.running, queued: data.queued };
}

async function until(id: string, done: (job: any) => boolean, ms = 120_000): Promise<any> {
  const end = Date.now() + ms;
  for (;;) {
    const { data } = await call('GET', `/api/jobs/${id}`);
    if (done(data)) return data;
    if (Date.now() > end) throw new Error(`job ${id} still ${data.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('serves the page and its script on 127.0.0.1', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const page = await fetch(server.url + '/');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type')!, /text\/html/);
  assert.match(await page.text(), /<input id="spec"/);
  assert.equal((await fetch(server.url + '/app.js')).status, 200);
  // The page's CSV writer is the census's (core/csv.ts), served from the compiled module.
  const csv = await fetch(server.url + '/csv.js');
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-type')!, /javascript/);
  assert.match(await csv.text(), /export function csvLine/);
  assert.equal((await fetch(server.url + '/../package.json')).status, 404);
  assert.equal(await rawStatus('/..%2f..%2fpackage.json'), 403, 'no way out of the web root');
});

test('check: a good spec is described; a bad one gets the CLI\'s message, field "spec"', async () => {
  const ok = await call('POST', '/api/check', { spec: 'maharaja' });
  assert.equal(ok.status, 200);
  assert.deepEqual({ name: ok.data.name, heaps: ok.data.heaps, defaultKind: ok.data.defaultKind }, { name: 'maharaja', heaps: 2, defaultKind: 'ppositions' });
  const bad = await call('POST', '/api/check', { spec: 'rewrite:a,,b' });
  assert.equal(bad.status, 400);
  assert.equal(bad.data.field, 'spec');
  const cli = runCli(['grundy', 'rewrite:a,,b', 'ab']);
  assert.equal(`sprague: ${bad.data.error}\n`, cli.stderr, 'same text as the command line');
});

/** The grundy job run as one request (POST /api/run): its view, with the job's own result. */
const grundy = (spec: string, ...positions: string[]) => call('POST', '/api/run', { job: 'grundy', args: { spec, positions } });

test('grundy: value and outcome as `sprague grundy` gives them, in the job\'s own shape; bad positions point at the positions', async () => {
  const r = await grundy('wythoff', '3,5');
  assert.equal(r.status, 200);
  assert.deepEqual([r.data.state, r.data.job, r.data.args], ['done', 'grundy', { spec: 'wythoff', positions: ['3,5'] }]);
  assert.deepEqual(r.data.result, [{ position: '3,5', formatted: '3,5', grundy: 0, outcome: 'P' }]);
  const cli = runCli(['grundy', 'rewrite:a,a2,b', 'a3ba2', '--json']);
  const w = await grundy('rewrite:a,a2,b', 'a3ba2');
  assert.equal(w.data.result[0].grundy, cli.lines[0].grundy);
  const m = await grundy('misere(nim)', '1,1');
  assert.deepEqual([m.data.result[0].grundy, m.data.result[0].outcome], [null, 'N']);
  const bad = await grundy('wythoff', '3,x');
  assert.equal(bad.status, 400);
  assert.equal(bad.data.field, 'positions');
  assert.equal(bad.data.error, 'bad position "3,x" at column 3: expected a non-negative integer, found "x"');
  const missing = await call('POST', '/api/run', { job: 'grundy', args: { spec: 'wythoff' } });
  assert.deepEqual([missing.status, missing.data.field, missing.data.error], [400, 'positions', 'missing "positions"']);
});

test('every job the explorer runs checks its own request: a bad body is refused before any work, naming the field', async () => {
  const accepted = (await call('GET', '/api/health')).data.accepted;
  const cases: [job: unknown, args: unknown, field: string, error: RegExp][] = [
    ['plot', { spec: 'wythoff' }, 'max', /^missing "max"$/],
    ['plot', { spec: 'wythoff', max: 10, overlay: 'nim(' }, 'overlay', /^bad game spec "nim\("/],
    ['plot', { spec: 'wythoff', max: 10, phiLines: 'yes' }, 'phiLines', /^"phiLines" must be true or false$/],
    ['grundy', { spec: 'wythof', positions: ['3,5'] }, 'spec', /^bad game spec "wythof"/],
    ['grundy', { spec: 'wythoff', positions: '3,5' }, 'positions', /must be a non-empty list of strings/],
    ['grundy', { spec: 'cram', positions: ['3x3'], checkpoint: '/tmp/table' }, 'checkpoint', /^unknown field "checkpoint"/],
    ['logicPanel', { text: '  ' }, 'text', /^missing "text"$/],
    ['logicPanel', { text: 'eval t "x=x";', maxStates: 1e9 }, 'maxStates', /^unknown field "maxStates"/],
    ['admissible', { text: 'wythoff', method: 'guess' }, 'method', /^unknown method "guess"; one of logic, periodic, bounded$/],
    ['admissible', { text: 'wythoff', max: -1 }, 'max', /^bad value -1 for max: expected a non-negative integer$/],
    ['admissible', { text: 'wythoff', spillDir: '/tmp' }, 'spillDir', /^unknown field "spillDir"/],
    ['sequence', { spec: 'octal:0.07', max: 10 }, 'job', /^no job "sequence" takes requests; one of /],
    ['nope', {}, 'job', /^no job "nope" takes requests/],
    [undefined, {}, 'job', /^missing "job"/],
  ];
  for (const [job, args, field, error] of cases) {
    for (const path of ['/api/jobs', '/api/run']) {
      const r = await call('POST', path, { job, args });
      assert.deepEqual([r.status, r.data.field], [400, field], `${path} ${JSON.stringify({ job, args })}: ${r.data.error}`);
      assert.match(r.data.error, error);
    }
  }
  assert.equal((await call('GET', '/api/health')).data.accepted, accepted, 'no job was started for a refused request');
  assert.deepEqual((await call('GET', '/api/health')).data.jobs, ['admissible', 'logicPanel', 'grundy', 'plot'], 'the jobs that take requests, from the registry');
});

test('jobs: a plot runs in a worker and comes back with its SVG, table and summary', async () => {
  const start = await call('POST', '/api/jobs', { spec: 'octal:0.07', max: 300 });
  assert.equal(start.status, 202);
  assert.equal(start.data.args.kind, 'sequence', 'the kind the game draws, filled in by the plot job\'s check');
  const job = await until(start.data.id, (j) => j.state !== 'running');
  assert.equal(job.state, 'done');
  assert.equal(job.result.summary.period, 34);
  assert.equal(job.result.summary.preperiod, 53);
  assert.ok(job.result.svg.startsWith('<svg'));
  assert.equal(job.result.table.rows.length, 301);
});

test('jobs: bad requests are refused before a worker starts, naming the field', async () => {
  const spec = await call('POST', '/api/jobs', { spec: 'wythof', max: 10 });
  assert.deepEqual([spec.status, spec.data.field], [400, 'spec']);
  const overlay = await call('POST', '/api/jobs', { spec: 'wythoff', overlay: 'nim(', max: 10 });
  assert.deepEqual([overlay.status, overlay.data.field], [400, 'overlay']);
  const max = await call('POST', '/api/jobs', { spec: 'wythoff', max: 'ten' });
  assert.deepEqual([max.status, max.data.field], [400, 'max']);
  assert.equal(max.data.error, 'bad value "ten" for max: expected a non-negative integer');
  const accepted = (await call('GET', '/api/health')).data.accepted;
  const long = await call('POST', '/api/jobs', { spec: 'octal:0.07', max: 10_000_000 });
  assert.deepEqual([long.status, long.data.field, long.data.error], [400, 'max', 'bound 10000000 is too large to draw: a sequence picture shows at most 200000 terms']);
  // The box limit (plotBox) bounds P-position pictures; a values picture is bounded by its memory estimate
  // (a dense map is one image), tested below with the 422.
  const box = await call('POST', '/api/jobs', { spec: 'zeruclid', kind: 'ppositions', max: 2001 });
  assert.deepEqual([box.status, box.data.field], [400, 'max']);
  assert.equal((await call('GET', '/api/health')).data.accepted, accepted, 'sizes past the limits table start nothing');
  const kind = await call('POST', '/api/jobs', { spec: 'wythoff', max: 3, kind: 'pie' });
  assert.deepEqual([kind.status, kind.data.field], [400, 'kind']);
  const json = await fetch(server.url + '/api/jobs', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
  assert.equal(json.status, 400);
});

test('jobs: an error found while working (not a rewrite game) comes back as a failed job with the message', async () => {
  const start = await call('POST', '/api/jobs', { spec: 'wythoff', kind: 'lengths', max: 5 });
  const job = await until(start.data.id, (j) => j.state !== 'running');
  assert.equal(job.state, 'failed');
  assert.equal(job.error, 'wythoff is not a rewrite game (a spec like rewrite:a,a2,b)');
});

test('jobs: a long run reports progress, and cancel stops it and keeps the picture of what was finished', async () => {
  // Wythoff written as an invariant game: every cell a search (tens of seconds for the box), a partial picture
  // that draws at once. (Wythoff to 1500 drew a partial table of 2.25 million cells for longer than the 5 s
  // grace on a loaded machine: the job was ended from outside and kept nothing.)
  const start = await call('POST', '/api/jobs', { spec: 'invariant:(*,0),(0,*),(=,=)', kind: 'values', max: 400 });
  const id = start.data.id;
  const running = await until(id, (j) => j.progress !== null && j.progress.done > 0);
  assert.equal(running.state, 'running');
  assert.equal(running.progress.total, 401, 'rows of the heat map');
  // The DELETE answers when the job has ended; a partial picture below means it stopped by itself (a job
  // ended after the grace keeps none), so no clock is read here.
  const c = await call('DELETE', `/api/jobs/${id}`);
  assert.equal(c.data.state, 'cancelled');
  assert.equal(c.data.partial.partial, true);
  assert.match(c.data.partial.title, /interrupted/);
  assert.ok(c.data.partial.table.rows.some((r: [number, string]) => !r[1].includes('?')), 'rows finished before the cancel are kept');
  assert.equal((await call('GET', `/api/jobs/${id}`)).data.state, 'cancelled');
  assert.equal((await call('GET', '/api/jobs/nope')).status, 404);
});

test('jobs: at most maxRunning at once; more wait in a bounded line, past which they are refused with 503 and Retry-After', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await call('POST', '/api/jobs', SLOW_PICTURE)).data.id);
  const waiting: string[] = [];
  for (let i = 0; i < 2; i++) {
    const w = await call('POST', '/api/jobs', { spec: 'nim', max: 5 });
    assert.equal(w.status, 202);
    assert.deepEqual([w.data.state, w.data.queued], ['running', i + 1], 'a job in line is running for the page, with its place in the line');
    waiting.push(w.data.id);
  }
  assert.deepEqual(await health(), { running: 3, queued: 2 });
  const busy = await fetch(server.url + '/api/jobs', { method: 'POST', body: JSON.stringify({ spec: 'nim', max: 5 }), headers: { 'content-type': 'application/json' } });
  assert.equal(busy.status, 503);
  assert.match(busy.headers.get('retry-after') ?? '', /^\d+$/);
  assert.deepEqual(await busy.json(), { error: 'all 3 workers are taken and the line of 2 waiting jobs is full; try again in 5 s, or cancel one', field: 'request' });
  // Cancelling a job in line takes it out at once; cancelling a running one gives its worker to the next.
  assert.equal((await call('DELETE', `/api/jobs/${waiting[0]}`)).data.state, 'cancelled');
  assert.equal((await call('GET', `/api/jobs/${waiting[1]}`)).data.queued, 1);
  await call('DELETE', `/api/jobs/${ids[0]}`);
  const next = await until(waiting[1]!, (j) => j.state !== 'running');
  assert.equal(next.state, 'done', 'the job in line ran once a worker was free');
  await Promise.all(ids.map((id) => call('DELETE', `/api/jobs/${id}`)));
  assert.deepEqual(await health(), { running: 0, queued: 0 });
});

test('sprague serve --port 0 prints its address first and answers there', async () => {
  const serve = watchCli(['serve', '--port', '0']);
  try {
    const first = await serve.firstLine();
    assert.match(first, /^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('listening on '.length);
    const r = await fetch(url + '/api/health');
    assert.equal(((await r.json()) as { ok: boolean }).ok, true);
  } finally {
    serve.child.kill('SIGTERM');
  }
});

test('the explorer runs its computations as jobs of the one runner (src/jobs registry, the same as the CLI): same answers as the job itself', async () => {
  const before = server.jobs.stats();
  const g = await grundy('push(nim,euclid)', '3,7');
  const start = await call('POST', '/api/jobs', { spec: 'octal:0.07', max: 60 });
  const job = await until(start.data.id, (j) => j.state !== 'running');
  assert.equal(job.state, 'done');
  const after = server.jobs.stats();
  assert.equal(after['grundy']!.worker, (before['grundy']?.worker ?? 0) + 1);
  assert.equal(after['plot']!.worker, (before['plot']?.worker ?? 0) + 1);
  // The same jobs run directly through a runner of the registry give the same answers.
  const runner = jobRunner();
  try {
    const direct = await runner.run('grundy', { spec: 'push(nim,euclid)', positions: ['3,7'] });
    assert.equal(direct.end, 'done');
    if (direct.end === 'done') assert.deepEqual(g.data.result, direct.value);
    assert.deepEqual(g.data.result, [{ position: '3,7', formatted: '3,7', grundy: 8, outcome: 'N' }]);
    const plot = await runner.run('plot', { spec: 'octal:0.07', max: 60, kind: 'sequence' });
    assert.equal(plot.end, 'done');
    if (plot.end === 'done') assert.equal(job.result.svg, plot.value.svg);
  } finally {
    await runner.close();
  }
});

/** A job of the registry started by the explorer (POST /api/jobs). */
const startJob = (job: string, args: unknown) => call('POST', '/api/jobs', { job, args });

test('logic panel: the logicPanel job runs Walnut commands; each command\'s line, and the last automaton drawn', async () => {
  const start = await startJob('logicPanel', { text: 'def even "Ek n=2*k"; eval e4 "$even(4)"' });
  assert.equal(start.status, 202);
  assert.deepEqual([start.data.job, start.data.args], ['logicPanel', { text: 'def even "Ek n=2*k"; eval e4 "$even(4)"' }]);
  const job = await until(start.data.id, (j) => j.state !== 'running');
  assert.equal(job.state, 'done');
  assert.deepEqual(
    job.result.lines.map((l: any) => [l.verb, l.name, l.result, l.states]),
    [
      ['def', 'even', null, 2],
      ['eval', 'e4', true, 1],
    ],
  );
  assert.match(job.result.dot, /^digraph/);
  assert.match(job.result.svg, /<svg/);
  // The same commands through the CLI give the same lines.
  const cli = runCli(['logic', '--file', '-', '--json'], { input: 'def even "Ek n=2*k";\neval e4 "$even(4)";\n' });
  assert.deepEqual(cli.lines.map((l: any) => [l.name, l.result, l.states]), job.result.lines.map((l: any) => [l.name, l.result, l.states]));
  const bad = await until((await startJob('logicPanel', { text: 'eval bad "Ex x=";' })).data.id, (j) => j.state !== 'running');
  assert.equal(bad.state, 'failed');
  assert.match(bad.error, /^bad formula "Ex x=" at column 6/);
  const empty = await startJob('logicPanel', { text: '  ' });
  assert.deepEqual([empty.status, empty.data.field], [400, 'text']);
});

test('admissibility panel: the admissible job gives the verdict of `sprague admissible --json`, with its witness or certificate', async () => {
  const start = await startJob('admissible', { text: 'periodic:1122' });
  assert.equal(start.status, 202);
  const job = await until(start.data.id, (j) => j.state !== 'running');
  const cli = runCli(['admissible', 'periodic:1122', '--json']);
  assert.deepEqual(job.result, cli.lines[0]);
  assert.deepEqual(job.result.witness, [1, 1]);
  const logic = await until((await startJob('admissible', { text: 'wythoff', method: 'logic' })).data.id, (j) => j.state !== 'running');
  assert.deepEqual([logic.result.admissible, logic.result.method, logic.result.certified], [true, 'logic', true]);
  const method = await startJob('admissible', { text: 'wythoff', method: 'guess' });
  assert.deepEqual([method.status, method.data.field], [400, 'method']);
  // Found in the worker: the field is the argument that holds the text the error names.
  const unknown = await until((await startJob('admissible', { text: 'wythof' })).data.id, (j) => j.state !== 'running');
  assert.deepEqual([unknown.state, unknown.field], ['failed', 'text']);
});

test('jobs: a view says what the job was asked (to restore a page) and, once the rate is known, the seconds left', async () => {
  const start = await startJob('plot', { ...SLOW_PICTURE, max: '400' });
  assert.deepEqual([start.data.job, start.data.args, start.data.eta], ['plot', SLOW_PICTURE, null]);
  const running = await until(start.data.id, (j) => j.eta !== null || j.state !== 'running', 60_000);
  assert.equal(running.state, 'running');
  assert.ok(running.eta >= 0 && Number.isFinite(running.eta), `eta ${running.eta}`);
  const c = await call('DELETE', `/api/jobs/${start.data.id}`);
  assert.equal(c.data.eta, null, 'no ETA once ended');
});

test('a picture the request\'s check finds past the memory budget is 422 naming it, not a 500', async () => {
  const { setMemoryBudget } = await import('../../src/core/budget.js');
  setMemoryBudget(64 * 2 ** 20);
  try {
    // A dense map is one image (about 24 bytes a cell in all): 400^2 cells fit in 64 MiB, 1500^2 do not.
    const r = await call('POST', '/api/jobs', { job: 'plot', args: { spec: 'zeruclid', kind: 'values', max: 1500 } });
    assert.equal(r.status, 422, JSON.stringify(r.data));
    assert.equal(r.data.field, 'max');
    assert.match(r.data.error, /^a values picture of zeruclid on \[0,1500\]\^2 needs about 404 MiB, more than the memory budget of 64 MiB/);
  } finally {
    setMemoryBudget(undefined);
  }
  assert.equal((await call('POST', '/api/jobs', { job: 'plot', args: { spec: 'zeruclid', kind: 'values', max: 40 } })).status, 202);
});
