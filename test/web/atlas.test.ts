/**
 * The atlas in a real browser (Debian's chromium through playwright-core, as the explorer's tests; skipped
 * with a message when it is absent), opened from file:// with no server: the index sorts and filters, a
 * filter in the address's fragment is applied on load, a game page opens from its link and draws, and no
 * request leaves the folder.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildSite } from '../../src/atlas/build.js';
import { CensusStore } from '../../src/census/store.js';
import type { FamilyRow } from '../../src/census/row.js';
import { atlasCensusDb } from '../helpers/census-db.js';
import { CHROMIUM, CHROMIUM_FLAGS, chromiumSkip } from '../helpers/chromium.js';

const skip = chromiumSkip;

let context: BrowserContext;
let page: Page;
let profile: string;
let site: string;
let rows: FamilyRow[];
const pageErrors: string[] = [];
const requests: string[] = [];

before(async () => {
  if (skip) return;
  const db = await atlasCensusDb();
  site = join(mkdtempSync(join(tmpdir(), 'sprague-atlas-web-')), 'site');
  const store = CensusStore.open(db, { readonly: true });
  try {
    rows = store.rows('octal:2', 1500);
    await buildSite(store, 'octal:2', 1500, site, { valuesMax: 1500 });
  } finally {
    store.close();
  }
  profile = mkdtempSync(join(tmpdir(), 'sprague-chromium-'));
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 1000 } });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(120_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
});

after(async () => {
  if (skip) return;
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
});

const indexUrl = () => pathToFileURL(join(site, 'index.html')).href;
const visible = () => page.locator('#atlas tbody tr:not([hidden])').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-spec')!));
const column = (n: number) => page.locator(`#atlas tbody tr:not([hidden]) td:nth-child(${n})`).evaluateAll((tds) => tds.map((td) => td.getAttribute('data-v') ?? ''));

test('atlas from file://: the index is ready with every game; a header click sorts up, again down, empty cells last', { skip }, async () => {
  await page.goto(indexUrl());
  await page.locator('body[data-ready="true"]').waitFor();
  assert.equal((await visible()).length, rows.length);
  await page.click('#atlas th[data-key="period"] button');
  await page.locator('#atlas th[data-key="period"][aria-sort="ascending"]').waitFor();
  const up = await column(4);
  const numbers = up.filter((v) => v !== '').map(Number);
  assert.ok(numbers.length > 10, `${numbers.length} periods`);
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  assert.ok(up.slice(numbers.length).every((v) => v === ''), 'games without a period come last');
  await page.click('#atlas th[data-key="period"] button');
  await page.locator('#atlas th[data-key="period"][aria-sort="descending"]').waitFor();
  const down = (await column(4)).filter((v) => v !== '').map(Number);
  assert.deepEqual(down, [...numbers].sort((a, b) => b - a));
  assert.match(page.url(), /#sort=-period$/);
});

test('atlas from file://: the filters (status, period, preperiod, class, game) show exactly the rows they say', { skip }, async () => {
  await page.goto(indexUrl());
  await page.locator('body[data-ready="true"]').waitFor();
  const open = rows.filter((r) => r.status === 'open').map((r) => r.spec);
  await page.selectOption('#f-status', 'open');
  await page.locator(`body[data-shown="${open.length}"]`).waitFor();
  assert.deepEqual((await visible()).sort(), [...open].sort());
  await page.selectOption('#f-status', 'solved');
  const solvedLong = rows.filter((r) => r.status === 'done' && r.period != null && r.period > 10).map((r) => r.spec);
  await page.fill('#f-period', '>10');
  await page.locator(`body[data-shown="${solvedLong.length}"]`).waitFor();
  assert.deepEqual((await visible()).sort(), [...solvedLong].sort());
  await page.fill('#f-period', '>>');
  await page.locator('#f-period.invalid').waitFor();
  await page.fill('#f-period', '');
  await page.fill('#f-preperiod', '0');
  const pure = rows.filter((r) => r.status === 'done' && r.preperiod === 0).length;
  await page.locator(`body[data-shown="${pure}"]`).waitFor();
  await page.click('#f-reset');
  await page.locator(`body[data-shown="${rows.length}"]`).waitFor();
  const firsts = rows.filter((r) => !r.sameAs).length;
  assert.ok(firsts < rows.length);
  await page.selectOption('#f-class', 'first');
  await page.locator(`body[data-shown="${firsts}"]`).waitFor();
  await page.selectOption('#f-class', '');
  await page.fill('#f-game', '0.1');
  const game = rows.filter((r) => r.spec.includes('0.1')).length;
  await page.locator(`body[data-shown="${game}"]`).waitFor();
  assert.ok(game > 0 && game < rows.length);
});

test("atlas from file://: a game page opens from its link, draws its values, and its class link filters the index by the fragment", { skip }, async () => {
  await page.goto(indexUrl());
  await page.locator('body[data-ready="true"]').waitFor();
  await page.click('#atlas a:text-is("octal:0.6")');
  await page.locator('body.game[data-spec="octal:0.6"]').waitFor();
  assert.equal(await page.locator('h1').textContent(), 'octal:0.6');
  assert.ok((await page.locator('figure.plot.values svg path.values').count()) === 1);
  assert.match((await page.locator('code.fingerprint').textContent())!, /^n=(\d+|2\^\d+) largest G\[\d+\]=\d+ rare_mask=/);
  const box = await page.locator('figure.plot.values svg').boundingBox();
  assert.ok(box && box.width > 300 && box.height > 150, 'the picture is drawn');
  const members = rows.filter((r) => r.sameAs === 'octal:0.6' || r.spec === 'octal:0.6').map((r) => r.spec);
  await page.click('a:text-is("The class in the table")');
  await page.locator(`body.index[data-shown="${members.length}"]`).waitFor();
  assert.deepEqual((await visible()).sort(), [...members].sort());
  assert.equal(await page.inputValue('#f-class-of'), 'octal:0.6');
  // Another game's page through prev/next.
  await page.goto(pathToFileURL(join(site, 'games', 'octal_3a0.16.html')).href);
  await page.click('a[rel="next"]');
  await page.locator('body.game[data-spec="octal:0.17"]').waitFor();
});

test('atlas from file://: no page error, and no request left the folder', { skip }, async () => {
  assert.deepEqual(pageErrors, []);
  const root = pathToFileURL(site).href;
  const outside = requests.filter((u) => !u.startsWith(root));
  assert.deepEqual(outside, []);
  assert.ok(requests.some((u) => u.endsWith('/atlas.js')) && requests.some((u) => u.endsWith('/atlas.css')));
});
