/**
 * The explorer's security model (docs/explorer.md) in a real browser: a page of another site, open in the
 * user's browser, tries to start computations on `sprague serve` (CSRF: a simple fetch with a text/plain
 * body, a text/plain form, a JSON fetch that needs a preflight), and a rebound name (DNS rebinding:
 * chromium's --host-resolver-rules makes rebind.test resolve to 127.0.0.1) tries the same as "same-origin".
 * Nothing may start. Debian's chromium, as in explorer.test.ts; skipped without it.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { CHROMIUM, CHROMIUM_FLAGS, chromiumSkip } from '../helpers/chromium.js';

const skip = chromiumSkip;
const FLAGS = [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP evil.test 127.0.0.1, MAP rebind.test 127.0.0.1'];

let server: RunningServer;
let evil: Server;
let evilPort: number;
let context: BrowserContext;
let profile: string;

/** The attacker's page: it tries every way a page can send a request to the explorer without reading the answer. */
function attackPage(target: string): string {
  const job = JSON.stringify({ spec: 'wythoff', kind: 'values', max: 1500 });
  return `<!doctype html><html><body>
<form id="f" method="post" enctype="text/plain" action="${target}/api/jobs" target="sink"><input name='${job.slice(0, -1)},"x":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
window.results = [];
const body = ${JSON.stringify(job)};
const tries = [
  fetch('${target}/api/jobs', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }),
  fetch('${target}/api/jobs', { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ spec: 'wythoff', max: '1500' }) }),
  fetch('${target}/api/jobs', { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
  fetch('${target}/api/run', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ job: 'grundy', args: { spec: 'zeruclid', positions: ['1,400,705'] } }) }),
];
Promise.allSettled(tries).then((r) => { window.results = r.map((x) => x.status); document.getElementById('f').submit(); window.done = true; });
</script></body></html>`;
}

before(async () => {
  if (skip) return;
  server = await startServer({ port: 0 });
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(attackPage(server.url));
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  evilPort = (evil.address() as { port: number }).port;
  profile = mkdtempSync(join(tmpdir(), 'sprague-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
});

after(async () => {
  if (skip) return;
  await context?.close();
  await server?.close();
  await new Promise((r) => evil?.close(r));
  rmSync(profile, { recursive: true, force: true });
});

/** In the page: a same-origin JSON POST that starts a small job; its status. */
const POST_JOB = `fetch('/api/jobs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spec":"nim","max":5}' }).then((r) => r.status)`;

async function health(): Promise<{ accepted: number; running: number }> {
  return (await (await fetch(server.url + '/api/health')).json()) as { accepted: number; running: number };
}

test('a page of another site (CSRF: no-cors fetches, a text/plain form, a JSON fetch) starts nothing', { skip }, async () => {
  const before = await health();
  for (const origin of [`http://evil.test:${evilPort}`, `http://localhost:${evilPort}`]) {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction('window.done === true', undefined, { timeout: 120_000 });
    // The form's answer (the server's refusal) lands in the frame, of the server's origin: wait for it to load.
    await page.frame({ name: 'sink' })?.waitForLoadState('load');
    await new Promise((r) => setTimeout(r, 500));
    await page.close();
  }
  const after = await health();
  assert.equal(after.accepted, before.accepted, 'no job was started for a foreign page');
  assert.equal(after.running, 0);
});

test('DNS rebinding: the page under a rebound name (rebind.test -> 127.0.0.1) is refused, and so are its requests', { skip }, async () => {
  const before = await health();
  const page = await context.newPage();
  const answer = await page.goto(`http://rebind.test:${server.port}/`);
  assert.equal(answer?.status(), 403);
  assert.match(await page.textContent('body') ?? '', /is not this server/);
  // A script of that "origin" (the attacker's page before the name was rebound) posting JSON as same-origin.
  const status = await page.evaluate(POST_JOB);
  assert.equal(status, 403);
  await page.close();
  assert.equal((await health()).accepted, before.accepted);
});

test('the page itself, at each loopback name, is served and may start a job', { skip }, async () => {
  const before = await health();
  const page = await context.newPage();
  for (const host of ['127.0.0.1', 'localhost']) {
    assert.equal((await page.goto(`http://${host}:${server.port}/`))?.status(), 200, host);
    const status = await page.evaluate(`fetch('/api/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spec":"nim"}' }).then((r) => r.status)`);
    assert.equal(status, 200, host);
  }
  const started = await page.evaluate(POST_JOB);
  assert.equal(started, 202);
  await page.close();
  assert.equal((await health()).accepted, before.accepted + 1);
});
