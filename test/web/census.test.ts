/**
 * The census page in a real browser (Debian's chromium through playwright-core, as test/web/explorer.test.ts;
 * skipped with a message when it is absent): the stored censuses listed, rows filtered by a where expression,
 * sorted by a column, and a row drawing its game.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { RunningServer } from '../../src/server/server.js';
import { smallCensusDb } from '../helpers/census-db.js';
import { browserSession, type BrowserSession } from '../helpers/browser.js';
import { chromiumSkip } from '../helpers/chromium.js';

const skip = chromiumSkip;

let server: RunningServer;
let page: Page;
let pageErrors: string[];
let session: BrowserSession | undefined;

before(async () => {
  if (skip) return;
  session = await browserSession({ port: 0, censusDb: await smallCensusDb() }, { width: 1280, height: 1100 });
  ({ server, page, pageErrors } = session);
});

after(async () => {
  await session?.close();
});

const specs = () => page.locator('#rows tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-spec')!));

test('the explorer links to the census page; the page lists the censuses and shows the rows of one', { skip }, async () => {
  await page.goto(server.url);
  await page.click('a[href="/census.html"]');
  await page.locator('body[data-ready="true"]').waitFor();
  const options = await page.locator('#census-list option').allTextContents();
  assert.deepEqual(options.sort(), ['rewrite:2 to 8 (6 games)', 'subtraction:4 to 100 (15 games)'].sort());
  await page.selectOption('#census-list', { label: 'subtraction:4 to 100 (15 games)' });
  await page.locator('body[data-rows="15"]').waitFor();
  assert.equal((await specs())[0], 'subtraction:1');
});

test('census page: a where expression filters, a bad one is reported, a header click sorts', { skip }, async () => {
  await page.goto(`${server.url}/census.html?family=subtraction:4`);
  await page.locator('body[data-rows="15"]').waitFor();
  await page.fill('#where', 'period > 4');
  await page.press('#where', 'Enter');
  await page.locator('#rows-msg', { hasText: /^[1-9]\d? rows$/ }).waitFor();
  const filtered = await specs();
  assert.ok(filtered.length > 0 && filtered.length < 15, `${filtered.length} rows`);
  await page.fill('#where', 'period >> 4');
  await page.click('#apply');
  await page.locator('#where-msg.error').waitFor();
  assert.ok(await page.locator('#where.invalid').count());
  await page.fill('#where', '');
  await page.click('#apply');
  await page.locator('#where-msg:not(.error)').waitFor();
  await page.locator('#rows th[data-key="period"]').click();
  await page.locator('#rows th[aria-sort="ascending"]').waitFor();
  const periods = await page.locator('#rows tbody tr td:nth-child(3)').allTextContents();
  const numbers = periods.map(Number);
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b));
  await page.locator('#rows th[data-key="period"]').click();
  await page.locator('#rows th[aria-sort="descending"]').waitFor();
  const down = (await page.locator('#rows tbody tr td:nth-child(3)').allTextContents()).map(Number);
  assert.deepEqual(down, [...numbers].reverse());
});

test('census page: a row draws its game (the explorer plot job)', { skip }, async () => {
  await page.goto(`${server.url}/census.html?family=subtraction:4`);
  await page.locator('body[data-rows="15"]').waitFor();
  await page.locator('#rows tbody tr[data-spec="subtraction:1,2"]').click();
  await page.locator('body[data-drawn="subtraction:1,2"]').waitFor();
  assert.ok(await page.locator('#game-plot svg').count());
  assert.match(await page.locator('#game-row').textContent() ?? '', /period: 3/);
  assert.deepEqual(pageErrors, []);
});
