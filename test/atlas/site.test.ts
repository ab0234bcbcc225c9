/**
 * The atlas (`sprague census site`): built from a small census, every row has its page, every link and
 * asset of every page resolves within the folder (nothing absolute, nothing fetched), the CSV and JSON are
 * what `census show` prints, a page's fingerprint is what `sprague sequence --summary` prints, text is
 * escaped, a stop still writes a site whose links resolve, and page names are safe and distinct.
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { InputError, InterruptedError } from '../../src/core/errors.js';
import { buildSite, type BuiltSite } from '../../src/atlas/build.js';
import { pageName } from '../../src/atlas/names.js';
import { gamePath, siteFiles, writeSite } from '../../src/atlas/site.js';
import { CensusStore } from '../../src/census/store.js';
import type { FamilyRow } from '../../src/census/row.js';
import { atlasCensusDb } from '../helpers/census-db.js';
import { runCli } from '../helpers/cli.js';
import { ctrlCAt } from '../helpers/ctrl-c.js';

let db: string;
let dir: string;
let rows: FamilyRow[];

before(async () => {
  db = await atlasCensusDb();
  dir = join(mkdtempSync(join(tmpdir(), 'sprague-atlas-site-')), 'site');
  const r = runCli(['census', 'site', 'octal:2', dir, '--db', db]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^71 pages in .*: 71 sequences drawn; open .*index\.html$/m);
  const store = CensusStore.open(db, { readonly: true });
  rows = store.rows('octal:2', 1500);
  store.close();
});

function htmlFiles(root: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(root, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...htmlFiles(join(root, e.name)).map((f) => `${e.name}/${f}`));
    else if (e.name.endsWith('.html')) out.push(e.name);
  }
  return out;
}

/** Every href and src of a page: [target, the file it resolves to within the site, or why not]. */
function links(root: string, page: string): { target: string; file?: string; bad?: string }[] {
  const html = readFileSync(join(root, page), 'utf8');
  const out: { target: string; file?: string; bad?: string }[] = [];
  // Attributes only: the inline SVG has no href or src, and text is escaped (no quote inside a value).
  for (const m of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target) || target.startsWith('/') || target.startsWith('//')) out.push({ target, bad: 'not relative' });
    else {
      const path = target.replace(/#.*$/, '');
      if (path === '') continue;
      out.push({ target, file: posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(path))) });
    }
  }
  return out;
}

function checkLinks(root: string): number {
  let n = 0;
  for (const page of htmlFiles(root)) {
    for (const l of links(root, page)) {
      assert.equal(l.bad, undefined, `${page}: ${l.target} ${l.bad}`);
      assert.ok(!l.file!.startsWith('..'), `${page}: ${l.target} leaves the site`);
      assert.ok(existsSync(join(root, l.file!)), `${page}: ${l.target} -> ${l.file} is missing`);
      n++;
    }
  }
  return n;
}

test('atlas: every row has its page, linked from the index; every link and asset of every page resolves inside the folder', () => {
  assert.equal(rows.length, 71);
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  for (const r of rows) {
    const path = gamePath(r, rows);
    assert.ok(existsSync(join(dir, path)), `${r.spec}: ${path}`);
    assert.ok(index.includes(`href="${path}"`), `the index links ${path}`);
    const page = readFileSync(join(dir, path), 'utf8');
    assert.ok(page.includes(`<h1>${r.spec}</h1>`), r.spec);
  }
  assert.equal(readdirSync(join(dir, 'games')).length, rows.length, 'no page but the rows\'');
  assert.equal((index.match(/<tr data-spec=/g) ?? []).length, rows.length);
  const n = checkLinks(dir);
  assert.ok(n > 71 * 4, `${n} links checked`);
  for (const page of htmlFiles(dir)) {
    const html = readFileSync(join(dir, page), 'utf8');
    assert.doesNotMatch(html, /type="module"|https?:\/\/(?!www\.w3\.org\/2000\/svg)/, `${page} loads nothing from elsewhere and no module (file:// refuses modules)`);
  }
});

test('atlas: a page shows the certificate, the pictures, the equivalents; 0.16 has rare values drawn', () => {
  const page = (spec: string) => readFileSync(join(dir, gamePath(rows.find((r) => r.spec === spec)!, rows)), 'utf8');
  const p07 = page('octal:0.07');
  assert.match(p07, /Period 34, preperiod 53, certified: <span class="certificate">Guy–Smith/);
  assert.match(p07, /<figure class="plot values"><svg[^>]*>.*class="preperiod"/s);
  const p16 = page('octal:0.16');
  assert.match(p16, /<figure class="plot rare"><svg/);
  assert.match(p16, /No period certified up to 1500/);
  // The classes: octal:0.6 is the first of a class of equal codes; its page links the others, theirs link it.
  const classOf6 = rows.filter((r) => r.sameAs === 'octal:0.6');
  assert.ok(classOf6.length > 0);
  const p6 = page('octal:0.6');
  for (const r of classOf6) assert.ok(p6.includes(`href="../${gamePath(r, rows)}"`), r.spec);
  assert.ok(page(classOf6[0]!.spec).includes(`href="../${gamePath(rows.find((r) => r.spec === 'octal:0.6')!, rows)}"`));
});

test("atlas: rows.csv and rows.json are what census show --csv and --json print; a page's fingerprint is sequence --summary's", () => {
  const csv = runCli(['census', 'show', 'octal:2', '--db', db, '--csv']);
  assert.equal(readFileSync(join(dir, 'rows.csv'), 'utf8'), csv.stdout);
  const json = runCli(['census', 'show', 'octal:2', '--db', db, '--json']);
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'rows.json'), 'utf8')), json.lines);
  for (const spec of ['octal:0.16', 'octal:0.07', 'octal:0.6']) {
    const r = rows.find((x) => x.spec === spec)!;
    const summary = runCli(['sequence', spec, '--max', String(r.reached), '--summary']);
    const line = summary.stdout.trim().split('\n').at(-1)!;
    assert.match(line, /^n=\d+ largest/);
    const html = readFileSync(join(dir, gamePath(r, rows)), 'utf8');
    assert.ok(html.includes(`<code class="fingerprint">${line}</code>`), `${spec}: ${line}`);
  }
});

test('atlas: a published reference is shown on the page and in the index, escaped like every text', () => {
  const summary = { family: 'octal:2', bound: 1500, games: rows.length, done: 0, open: 0, failed: 0 };
  const evil = '<script>alert("x")</script> & more';
  const files = siteFiles({ summary, rows }, new Map(), {
    references: (r) => (r.spec === 'octal:0.07' ? { source: 'https://github.com/tczajka/octal-games', agrees: true, note: evil } : r.spec === 'octal:0.6' ? { source: `table "${evil}"`, agrees: false, note: 'period differs' } : undefined),
  });
  const text = (path: string) => files.find((f) => f.path === path)!.text;
  const p07 = text(gamePath(rows.find((r) => r.spec === 'octal:0.07')!, rows));
  assert.ok(p07.includes('Agrees with <a href="https://github.com/tczajka/octal-games">'));
  assert.ok(p07.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more'));
  const p6 = text(gamePath(rows.find((r) => r.spec === 'octal:0.6')!, rows));
  assert.match(p6, /class="published differs">Differs from table &quot;&lt;script&gt;/);
  for (const f of files) assert.ok(!f.text.includes('<script>alert'), f.path);
  const index = text('index.html');
  assert.match(index, /data-key="published"/);
  assert.match(index, /data-spec="octal:0.07"[^>]*data-published="agrees"/);
  assert.match(index, /data-spec="octal:0.6"[^>]*data-published="differs"/);
  // Without a detail the page says so rather than drawing nothing.
  assert.match(p07, /class="missing">not computed/);
});

test('atlas: a stop writes the site anyway (the pages not reached say so, every link resolves) and reports what was drawn', async () => {
  const stopped = join(mkdtempSync(join(tmpdir(), 'sprague-atlas-stop-')), 'site');
  const store = CensusStore.open(db, { readonly: true });
  let partial: BuiltSite | undefined;
  let seen = 0;
  const signal = { get aborted() { return seen >= 3; } };
  try {
    await buildSite(store, 'octal:2', 1500, stopped, { valuesMax: 1500, signal, onProgress: () => seen++ });
    assert.fail('not interrupted');
  } catch (e) {
    assert.ok(e instanceof InterruptedError, String(e));
    partial = e.partial as BuiltSite;
  } finally {
    store.close();
  }
  assert.equal(partial!.pages, 71);
  assert.ok(partial!.drawn >= 1 && partial!.drawn < 71 && partial!.drawn + partial!.missing === 71, JSON.stringify(partial));
  const pages = readdirSync(join(stopped, 'games'));
  assert.equal(pages.length, 71);
  const notDrawn = pages.filter((p) => readFileSync(join(stopped, 'games', p), 'utf8').includes('Not computed: the site was built while interrupted'));
  assert.equal(notDrawn.length, partial!.missing);
  checkLinks(stopped);
});

test('census site: Ctrl-C while a game is computed (its sequence job in the worker) writes the site, prints what was drawn, exit 130', async () => {
  // octal:1 to 2^22: 0.6 is open, so its page computes all 4194305 values (seconds even on the WebAssembly
  // wide path, so that its progress lines come); the others stop at their periods.
  const base = mkdtempSync(join(tmpdir(), 'sprague-atlas-ctrlc-'));
  const one = join(base, 'one.db');
  const run = runCli(['census', 'run', 'octal:1', '--bound', '4194304', '--db', one]);
  assert.equal(run.status, 0, run.stderr);
  const out = join(base, 'site');
  const r = await ctrlCAt(['census', 'site', 'octal:1', out, '--db', one, '--values-max', '4194304'], { stderr: /site progress \d+\/8 octal:0\.6\n/ });
  assert.equal(r.status, 130, r.stderr);
  const m = /^8 pages in .*: (\d) sequences drawn, (\d) not drawn; open .*index\.html\ninterrupted: the site is written/.exec(r.stdout);
  assert.ok(m, r.stdout);
  // The Ctrl-C came while 0.6 was computed: the five games before it are drawn; 0.6 itself, unless it
  // finished between the progress line and the signal, is not.
  const [drawn, missing] = [Number(m[1]), Number(m[2])];
  assert.ok(drawn >= 5 && missing >= 1 && drawn + missing === 8, r.stdout);
  const pages = readdirSync(join(out, 'games'));
  assert.equal(pages.length, 8);
  assert.equal(pages.filter((p) => /Not computed: the site was built while interrupted/.test(readFileSync(join(out, 'games', p), 'utf8'))).length, missing);
  assert.match(readFileSync(join(out, 'games', 'octal_3a0.5.html'), 'utf8'), /<figure class="plot values">/);
  checkLinks(out);
});

test('atlas: a folder with other files, or a file, is refused before any work; an older atlas is replaced', () => {
  const base = mkdtempSync(join(tmpdir(), 'sprague-atlas-dir-'));
  writeFileSync(join(base, 'notes.txt'), 'mine');
  assert.throws(() => writeSite(base, []), (e: unknown) => e instanceof InputError && /not empty and holds no atlas/.test(e.message));
  assert.throws(() => writeSite(join(base, 'notes.txt'), []), (e: unknown) => e instanceof InputError && /is a file/.test(e.message));
  const r = runCli(['census', 'site', 'octal:2', base, '--db', db]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /not empty and holds no atlas/);
  assert.equal(readFileSync(join(base, 'notes.txt'), 'utf8'), 'mine');
  // An older atlas: its page of a game the new census lacks goes, the rest is written again.
  const old = join(base, 'old');
  mkdirSync(join(old, 'games'), { recursive: true });
  writeFileSync(join(old, 'atlas.js'), '');
  writeFileSync(join(old, 'games', 'octal_3a9.9.html'), 'stale');
  writeSite(old, [{ path: 'index.html', text: 'new' }]);
  assert.deepEqual(readdirSync(join(old, 'games')), []);
  assert.ok(readFileSync(join(old, 'atlas.js'), 'utf8').length > 100, 'the shared script copied');
  assert.ok(existsSync(dirname(join(old, 'atlas.css'))));
});

test('census site: bad input is exit 2 with one line (no census, bad --values-max, no database)', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'sprague-atlas-bad-')), 'site');
  const none = runCli(['census', 'site', 'octal:3', out, '--db', db]);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /no census of octal:3 in .* \(it holds /);
  const bad = runCli(['census', 'site', 'octal:2', out, '--db', db, '--values-max', 'lots']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--values-max/);
  const nodb = runCli(['census', 'site', 'octal:2', out, '--db', join(out, 'none.db')]);
  assert.equal(nodb.status, 2);
  assert.match(nodb.stderr, /no census database at /);
  assert.ok(!existsSync(out), 'nothing written');
});

test('page names: safe on every file system and in an href, distinct for distinct specs', () => {
  assert.equal(pageName('octal:4!.0'), 'octal_3a4_21.0.html');
  assert.equal(pageName('octal:0.6111'), 'octal_3a0.6111.html');
  const specs = ['octal:4!.0', 'octal:4.0', 'octal:0.6111', 'hex:0.F', 'hex:0.f', 'a_3a', 'a:', 'rewrite:aa->b,b', 'push(subtraction:1,2,wythoff)', 'x y', 'x/y', 'x\\y', '..', 'é', 'wythoff+(1,2)(2,3)'];
  const names = specs.map(pageName);
  assert.equal(new Set(names.map((n) => n.toLowerCase())).size, specs.length, 'distinct, even where case does not count');
  for (const n of names) assert.match(n, /^[a-z0-9_-][a-z0-9._-]*\.html$/, n);
  const long = pageName(`wythoff${'+(1,2)'.repeat(100)}`);
  assert.ok(long.length <= 130, long);
  assert.notEqual(long, pageName(`wythoff${'+(1,2)'.repeat(101)}`));
});

test("atlas: the index has the stored fingerprint's columns (largest at, rare mask, rare heaps, last rare), sortable as the others; a page beyond --values-max shows the census's own at its bound", () => {
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  for (const [key, type, label] of [['largestAt', 'num', 'largest at'], ['rareMask', 'text', 'rare mask'], ['numRare', 'num', 'rare heaps'], ['lastRare', 'num', 'last rare']]) {
    assert.ok(index.includes(`<th data-key="${key}" data-type="${type}" aria-sort="none"><button type="button">${label}</button></th>`), key);
  }
  const r16 = rows.find((r) => r.spec === 'octal:0.16')!;
  const row = index.split('\n').find((l) => l.includes('data-spec="octal:0.16"'))!;
  const mask = `${r16.rareMask!.toString(16)}${r16.rarePos ? 'pos' : ''}`;
  assert.ok(row.includes(`<td data-v="${r16.largestAt}">${r16.largestAt}</td><td data-v="${mask}">${mask}</td><td data-v="${r16.numRare}">${r16.numRare}</td><td data-v="${r16.lastRare}">${r16.lastRare}</td>`), row);
  // Pictures computed again only to 500 heaps: the fingerprint is still the census's, at 1500.
  const small = join(mkdtempSync(join(tmpdir(), 'sprague-atlas-small-')), 'site');
  const built = runCli(['census', 'site', 'octal:2', small, '--db', db, '--values-max', '500']);
  assert.equal(built.status, 0, built.stderr);
  const summary = runCli(['sequence', 'octal:0.16', '--max', String(r16.bound), '--summary']);
  const line = summary.stdout.trim().split('\n').at(-1)!;
  assert.match(line, /^n=1501 /);
  const html = readFileSync(join(small, gamePath(r16, rows)), 'utf8');
  assert.ok(html.includes(`<code class="fingerprint">${line}</code>`), line);
  assert.match(html, /the site computes at most 500 heaps again; the fingerprint above is the census's, at 1500/);
});
