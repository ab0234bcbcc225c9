/**
 * The explorer as a researcher uses it (issue 23 item 5), in Debian's chromium through playwright-core
 * (as explorer.test.ts; skipped when /usr/bin/chromium or $SPRAGUE_CHROMIUM is absent): no stale Grundy
 * value, the caption under a picture, state in the URL with Back and Forward, jobs that survive a reload,
 * the controls a game does not use hidden, P-positions apart in heat maps, an ETA, and the logic and
 * admissibility panels.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/server/server.js';
import { browserSession, type BrowserSession } from '../helpers/browser.js';
import { chromiumSkip } from '../helpers/chromium.js';

const skip = chromiumSkip;

let server: RunningServer;
let page: Page;
let pageErrors: string[];
let session: BrowserSession | undefined;

before(async () => {
  if (skip) return;
  session = await browserSession({ port: 0 }, { width: 1280, height: 1150 });
  ({ server, page, pageErrors } = session);
  await open('/');
});

after(async () => {
  await session?.close();
});

async function open(path: string): Promise<void> {
  await page.goto(server.url + path);
  await page.locator('body[data-ready="true"]').waitFor();
}

async function game(spec: string): Promise<void> {
  await page.fill('#spec', spec);
  await page.locator('#spec-msg.ok', { hasText: `${spec.split(':')[0]}` }).waitFor();
}

/** Draws and waits for this picture (its title names the game). */
async function drawn(title: string | RegExp): Promise<void> {
  await page.click('#run');
  await page.locator('#plot-title', { hasText: title }).waitFor();
  await page.locator('body[data-last-job="done"]').waitFor();
}

const query = () => Object.fromEntries(new URL(page.url()).searchParams);

test('no stale Grundy value: changing the game or the position clears the answer at once', { skip }, async () => {
  await game('wythoff');
  await page.fill('#position', '3,5');
  await page.click('#grundy-btn');
  await page.locator('#position-msg.ok', { hasText: '3,5: G = 0' }).waitFor();
  await page.fill('#spec', 'maharaja');
  assert.equal(await page.textContent('#position-msg'), '', 'cleared as the spec changes, before the new one is checked');
  await page.locator('#spec-msg.ok', { hasText: 'maharaja' }).waitFor();
  await page.click('#grundy-btn');
  await page.locator('#position-msg.ok').waitFor();
  await page.fill('#position', '4,5');
  assert.equal(await page.textContent('#position-msg'), '');
});

test('the summary under a picture is a sentence: certified period, preperiod and certificate', { skip }, async () => {
  await game('octal:0.07');
  await page.selectOption('#kind', '');
  await page.fill('#max', '300');
  await drawn('octal:0.07');
  assert.equal(await page.textContent('#summary'), 'G(0..300) of octal:0.07: certified period 34, from heap 53 (Guy–Smith: G(n+34) = G(n) checked for 53 ≤ n < 141).');
  // A picture whose parameters no longer match the inputs is marked, not passed off as the new game's.
  await page.fill('#spec', 'octal:0.77');
  await page.locator('body[data-stale="true"]').waitFor();
  assert.match((await page.textContent('#plot-msg'))!, /^the picture is of octal:0\.07/);
});

test('controls that do not apply are hidden: slice, overlay, φ lines, picture kinds', { skip }, async () => {
  const shown = async () => ({
    slice: await page.isVisible('#slice'),
    overlay: await page.isVisible('#overlay'),
    phi: await page.isVisible('#phi'),
    kinds: (await page.$$eval('#kind option', (os) => os.filter((o) => !(o as any).hidden).map((o) => (o as any).value as string))).filter((k) => k),
  });
  // An octal game: its sequence by default; on any number of heaps, so 2-heap pictures may be asked too.
  await game('octal:0.07');
  assert.deepEqual(await shown(), { slice: false, overlay: false, phi: false, kinds: ['ppositions', 'values', 'sequence'] });
  await game('subtraction:1,2');
  await page.selectOption('#kind', 'ppositions');
  assert.deepEqual(await shown(), { slice: true, overlay: true, phi: true, kinds: ['ppositions', 'values', 'sequence'] });
  await page.selectOption('#kind', '');
  await game('wythoff');
  await page.selectOption('#kind', 'ppositions');
  assert.deepEqual(await shown(), { slice: false, overlay: true, phi: true, kinds: ['ppositions', 'deviation', 'values'] });
  await page.selectOption('#kind', 'values');
  assert.deepEqual(await shown(), { slice: false, overlay: false, phi: false, kinds: ['ppositions', 'deviation', 'values'] });
  await game('zeruclid');
  assert.equal(await page.isVisible('#slice'), true, 'a game on any number of heaps: a heat map may fix the first of 3');
  await game('rewrite:a,a2,b');
  assert.deepEqual(await shown(), { slice: false, overlay: false, phi: false, kinds: ['lengths', 'counts', 'automaton'] });
});

test('heat maps: P-positions black with a legend entry, and the pointer names them', { skip }, async () => {
  await game('nim');
  await page.selectOption('#kind', 'values');
  await page.fill('#max', '15');
  await page.fill('#slice', '');
  await drawn(/Grundy values of nim/);
  assert.equal(await page.locator('#plot svg .cell.p').count(), 16, 'the diagonal of nim');
  assert.deepEqual(new Set(await page.$$eval('#plot svg .cell.p', (cs) => cs.map((c) => c.getAttribute('fill')))), new Set(['#000000']));
  assert.ok(!(await page.$$eval('#plot svg .cell:not(.p)', (cs) => cs.map((c) => c.getAttribute('fill')))).includes('#000000'));
  assert.equal(await page.textContent('#plot svg .p-key text'), '0 (P)');
  assert.match((await page.textContent('#summary'))!, /16 P-positions \(G = 0, in black\); largest value 15\./);
  const area = (await page.evaluate(`(() => { const g = document.querySelector('#plot svg g.axes'); const r = g.ownerSVGElement.getScreenCTM(); const d = g.dataset; return { left: +d.left, right: +d.right, bottom: +d.bottom, a: r.a, d: r.d, e: r.e, f: r.f }; })()`)) as Record<string, number>;
  const cell = (area['right']! - area['left']!) / 16;
  await page.mouse.move(area['a']! * (area['left']! + cell * 7.5) + area['e']!, area['d']! * (area['bottom']! - cell * 7.5) + area['f']!);
  assert.equal(await page.textContent('#cursor'), 'G(7, 7) = 0, a P-position');
});

test('state in the URL: each picture is an address; Back and Forward return to the pictures before', { skip }, async () => {
  await game('wythoff');
  await page.selectOption('#kind', 'ppositions');
  await page.fill('#max', '20');
  await page.fill('#overlay', 'maharaja');
  await drawn('wythoff and maharaja');
  const first = query();
  assert.deepEqual({ spec: first['spec'], view: first['view'], max: first['max'], overlay: first['overlay'] }, { spec: 'wythoff', view: 'ppositions', max: '20', overlay: 'maharaja' });
  await game('subtraction:1,2,5');
  await page.selectOption('#kind', '');
  await page.fill('#max', '60');
  await drawn('subtraction:1,2,5');
  assert.deepEqual([query()['spec'], query()['view'], query()['max']], ['subtraction:1,2,5', 'sequence', '60']);
  await page.goBack();
  await page.locator('#plot-title', { hasText: 'wythoff and maharaja' }).waitFor();
  assert.equal(await page.inputValue('#spec'), 'wythoff');
  assert.equal(await page.inputValue('#overlay'), 'maharaja');
  await page.goForward();
  await page.locator('#plot-title', { hasText: 'subtraction:1,2,5' }).waitFor();
  assert.equal(await page.inputValue('#max'), '60');
  // A bookmarked address draws its picture in a fresh page.
  await open('/?spec=octal%3A0.07&view=sequence&max=200');
  await page.locator('body[data-last-job="done"]').waitFor();
  assert.match((await page.textContent('#summary'))!, /^G\(0\.\.200\) of octal:0\.07: certified period 34, from heap 53/);
  assert.equal(await page.inputValue('#spec'), 'octal:0.07');
});

test('a long job survives a reload: the page reattaches to it (no second job) and shows progress with an ETA', { skip }, async () => {
  await open('/');
  // Wythoff written as an invariant game searches every cell (tens of seconds for the box) and its partial
  // picture draws at once; Wythoff itself to 1500 drew a partial of 2.25 million cells for longer than the
  // server's grace on a loaded machine, so the cancelled job kept no picture.
  await game('invariant:(*,0),(0,*),(=,=)');
  await page.selectOption('#kind', 'values');
  await page.fill('#max', '400');
  const before = server.jobs.stats()['plot']?.worker ?? 0;
  await page.click('#run');
  await page.locator('#progress-label', { hasText: 'left' }).waitFor();
  assert.match((await page.textContent('#progress-label'))!, /^\d+% invariant:\(\*,0\),\(0,\*\),\(=,=\) · [\d.]+ s · about (\d+ s|\d+ min \d+ s) left$/);
  const job = query()['job'];
  assert.match(job ?? '', /^j\d+$/);
  await page.reload();
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator('#cancel').waitFor({ state: 'visible' });
  await page.locator('#progress-label', { hasText: '%' }).waitFor();
  assert.equal(query()['job'], job, 'the same job');
  assert.equal(server.jobs.stats()['plot']!.worker, before + 1, 'the reload started no job');
  await page.click('#cancel');
  await page.locator('body[data-last-job="cancelled"]').waitFor();
  assert.match((await page.textContent('#summary'))!, /^Interrupted: only the work finished is shown\./);
});

test('logic prover: a query box gives the answer, the automaton\'s size, and the automaton drawn', { skip }, async () => {
  await page.fill('#logic-query', 'eval fib_succ "?msd_fib Ex,y x=y+1";');
  await page.click('#logic-run');
  await page.locator('body[data-logic-job="done"]').waitFor();
  assert.equal(await page.textContent('#logic-answer li'), 'eval fib_succ: true (1 state)');
  await page.fill('#logic-query', 'def even "Ek n=2*k";\neval e4 "$even(4)"');
  await page.click('#logic-run');
  await page.locator('#logic-answer li >> nth=1').waitFor();
  assert.deepEqual(await page.$$eval('#logic-answer li', (ls) => ls.map((l) => l.textContent)), ['def even: an automaton of 2 states over (n)', 'eval e4: true (1 state)']);
  await page.fill('#logic-query', 'def thue "T[n]=@1";');
  await page.click('#logic-run');
  await page.locator('#logic-answer li', { hasText: 'def thue' }).waitFor();
  const states = Number(await page.getAttribute('#logic-picture', 'data-states'));
  assert.match((await page.textContent('#logic-answer li'))!, new RegExp(`^def thue: an automaton of ${states} states over \\(n\\)$`));
  // Walnut counts the states without the rejecting sink; the drawing shows the sink too when there is one.
  const nodes = await page.locator('#logic-picture svg g.node').count();
  assert.ok(nodes === states || nodes === states + 1, `${nodes} nodes drawn for ${states} states`);
  assert.equal(new URL(page.url()).searchParams.get('query'), 'def thue "T[n]=@1";');
  await page.fill('#logic-query', 'eval bad "Ex x=";');
  await page.click('#logic-run');
  await page.locator('#logic-msg.error').waitFor();
  assert.match((await page.textContent('#logic-msg'))!, /^bad formula "Ex x=" at column 6/);
});

test('admissibility: a game or set in, the answer with its witness or its certificate out', { skip }, async () => {
  await page.fill('#adm-set', 'periodic:1122');
  await page.selectOption('#adm-method', '');
  await page.click('#adm-run');
  await page.locator('body[data-admissible-job="done"]').waitFor();
  assert.equal(
    await page.textContent('#adm-answer'),
    'periodic:1122: not 1-admissible. Witness (1,1): not in P, and every move from it to P joins two elements of P (Lemma 12). Periodic method, period 1122 (balanced), box [0,8]²: the box decides it, certified for all positions.',
  );
  await page.fill('#adm-set', 'wythoff');
  await page.selectOption('#adm-method', 'logic');
  await page.click('#adm-run');
  await page.locator('#adm-answer', { hasText: 'wythoff:' }).waitFor();
  assert.match((await page.textContent('#adm-answer'))!, /^wythoff: 1-admissible\. Logic method: decided for every position \(Theorem 23\); automata: P 8 states/);
  await page.fill('#adm-set', 'wythof');
  await page.selectOption('#adm-method', '');
  await page.click('#adm-run');
  await page.locator('#adm-msg.error').waitFor();
  assert.match((await page.textContent('#adm-msg'))!, /unknown game "wythof"/);
  assert.deepEqual(pageErrors, [], 'no script errors on the page');
});

test('busy: a picture waits in the server\'s line, says its place ("waiting, 2nd in line"), and Cancel takes it out without starting it', { skip }, async () => {
  const busy = await startServer({ port: 0, maxRunning: 1 });
  const post = async (args: unknown) => (await fetch(busy.url + '/api/jobs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ job: 'plot', args }) })).json() as Promise<any>;
  try {
    // One job on the only worker and one waiting: the page's picture is the second in line.
    // Every cell of Wythoff as an invariant game is a search: it holds the worker for tens of seconds.
    const blockers = [await post({ spec: 'invariant:(*,0),(0,*),(=,=)', kind: 'values', max: 400 }), await post({ spec: 'nim', max: 5 })];
    assert.deepEqual(blockers.map((b) => b.queued), [undefined, 1]);
    await page.goto(busy.url + '/');
    await page.locator('body[data-ready="true"]').waitFor();
    await game('wythoff');
    await page.selectOption('#kind', 'ppositions');
    await page.fill('#max', '40');
    await page.click('#run');
    await page.locator('#progress-label', { hasText: 'waiting, 2nd in line' }).waitFor();
    const id = query()['job']!;
    assert.deepEqual([busy.jobs.running, busy.jobs.queued], [1, 2]);
    await page.click('#cancel');
    await page.locator('body[data-last-job="cancelled"]').waitFor();
    assert.equal(await page.textContent('#plot-msg'), 'cancelled');
    const view = (await (await fetch(`${busy.url}/api/jobs/${id}`)).json()) as any;
    assert.deepEqual([view.state, view.queued, view.partial], ['cancelled', undefined, undefined]);
    assert.equal(busy.jobs.stats()['plot']!.worker, 1, 'only the job on the worker started');
    assert.deepEqual([busy.jobs.running, busy.jobs.queued], [1, 1], 'the other job still waits');
    assert.deepEqual(pageErrors, [], 'no script errors on the page');
  } finally {
    await busy.close();
  }
});
