/**
 * The atlas: a census as a static site (docs/atlas.md). An index table of every game (sorted and filtered
 * in the page by atlas.js, no server: it opens from the file system), one page per game (its result and
 * certificate, the fingerprint, the pictures of its values and rare values, its equivalents, the published
 * table it agrees with when one is given) and every row as CSV and JSON. The pages are built here as text
 * from the rows and the recomputed details; writeSite puts them in a folder.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../core/errors.js';
import { fingerprintLine, formatFingerprint } from '../core/kernel.js';
import { reportHtml, reportSections } from '../census/report.js';
import { csvHeader, FAMILY_FIELDS, rowCsv, rowFingerprint, rowJson, type FamilyRow, type StoredFingerprint } from '../census/row.js';
import type { CensusSummary } from '../census/store.js';
import type { GameDetail } from './detail.js';
import { pageName } from './names.js';

/**
 * What a published table says about a game (tczajka's octal-games, Flammenkamp's list, Winning Ways):
 * given per row by the caller, shown on the game's page and in the index.
 */
export interface PublishedReference {
  /** The table's name or address. */
  source: string;
  /** The census agrees with it (period, preperiod, values as far as both go); null when nothing decides (no period certified). */
  agrees: boolean | null;
  /** What it says, or where the two differ. */
  note: string;
}

export interface SiteOptions {
  references?: (row: FamilyRow) => PublishedReference | undefined;
  /** Published fingerprints of open games, beside the census's in report.html (publishedFingerprints). */
  published?: (spec: string) => StoredFingerprint | undefined;
  /** The sprague version that built the site, for the footer. */
  version?: string;
}

export interface SiteCensus {
  summary: CensusSummary;
  /** The census's rows in the family's order (CensusStore.rows). */
  rows: FamilyRow[];
}

/** A game whose detail could not be drawn: why (the build was interrupted, the game needs more memory). */
export interface MissingDetail {
  missing: string;
}

export interface SiteFile {
  /** Relative to the site's folder, '/'-separated. */
  path: string;
  text: string;
}

/** The default cap of the values a game's page computes again: 2^16, what an octal census usually runs to. */
export const DEFAULT_VALUES_MAX = 65536;

/** The shared files of every page, copied from web/. */
export const SITE_ASSETS = ['atlas.js', 'atlas.css'] as const;

/** The key of a row within a census: a family can hold one spec under two computations (push pairs). */
export function rowKey(row: Pick<FamilyRow, 'computation' | 'spec'>): string {
  return `${row.computation} ${row.spec}`;
}

/** Escapes text and attribute values for HTML. */
export function esc(x: string | number): string {
  return String(x).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Where each row's page is, relative to the site's folder. */
export function gamePath(row: Pick<FamilyRow, 'computation' | 'spec'>, rows: readonly FamilyRow[]): string {
  // The computation goes into the name only when the family has the spec under two computations.
  const twice = rows.filter((r) => r.spec === row.spec).length > 1;
  return `games/${pageName(twice ? `${row.spec} ${row.computation}` : row.spec)}`;
}

/** The equivalence classes: each row's class is its first member (sameAs), per computation. */
interface Classes {
  keyOf(row: FamilyRow): string;
  members(row: FamilyRow): FamilyRow[];
}

function classes(rows: readonly FamilyRow[]): Classes {
  const keyOf = (r: FamilyRow) => `${r.computation} ${r.sameAs ?? r.spec}`;
  const by = new Map<string, FamilyRow[]>();
  for (const r of rows) {
    const list = by.get(keyOf(r)) ?? [];
    list.push(r);
    by.set(keyOf(r), list);
  }
  return { keyOf, members: (r) => by.get(keyOf(r))! };
}

function page(title: string, root: string, body: string, bodyAttrs = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<link rel="stylesheet" href="${root}atlas.css">`,
    `<script src="${root}atlas.js" defer></script>`,
    `</head><body${bodyAttrs}>`,
    body,
    '</body></html>',
    '',
  ].join('\n');
}

function title(c: SiteCensus): string {
  return `Atlas of ${c.summary.family} to ${c.summary.bound}`;
}

/** A sortable cell: its text, and the value sorting reads (a number, or text). */
function td(text: string | number | null | undefined, cls = ''): string {
  const t = text ?? '';
  const v = typeof t === 'number' ? ` data-v="${t}"` : '';
  return `<td${cls ? ` class="${esc(cls)}"` : ''}${v}>${esc(t)}</td>`;
}

/** The period shown in the table: certified, else a seen one in parentheses. */
function periodCells(r: FamilyRow): [string, number | null, string, number | null] {
  if (r.period != null) return [String(r.period), r.period, String(r.preperiod ?? ''), r.preperiod ?? null];
  if (r.apparentPeriod != null) return [`(${r.apparentPeriod})`, r.apparentPeriod, `(${r.apparentPreperiod})`, r.apparentPreperiod ?? null];
  return ['', null, '', null];
}

/** One line on what a row found, for the table's note column. */
function note(r: FamilyRow): string {
  if (r.status === 'failed') return r.error ?? 'failed';
  switch (r.computation) {
    case 'sequence':
      return r.certified ? (r.certificate ?? '') : (r.reason ?? '');
    case 'wythoff':
      return `${r.pCount ?? '?'} P-positions; b−a−n in [${r.devMin ?? '?'}, ${r.devMax ?? '?'}]`;
    case 'ppositions':
      return `${r.pCount ?? '?'} P-positions`;
    case 'rewrite':
      return [r.verdict, r.states != null ? `${r.states} states` : r.lowerBound != null ? `>= ${r.lowerBound} states` : ''].filter(Boolean).join(', ');
  }
}

/** The index's fingerprint cells: largest at, rare mask (hex, `pos` with the heap parity), rare heaps (heap 0 counted), last rare. */
function fingerprintCells(r: FamilyRow): string {
  const f = rowFingerprint(r);
  if (!f) return td(null) + td(null) + td(null) + td(null);
  const mask = `${f.rareMask.toString(16)}${f.rarePos ? 'pos' : ''}`;
  return td(f.largestAt) + `<td data-v="${esc(mask)}">${esc(mask)}</td>` + td(f.numRare) + td(f.lastRare);
}

function indexPage(c: SiteCensus, cl: Classes, options: SiteOptions): string {
  const { rows, summary } = c;
  const refs = options.references;
  const withRefs = refs !== undefined && rows.some((r) => refs(r) !== undefined);
  // The stored fingerprint at the census's bound (schema 3, or filled by census fingerprint).
  const withPrints = rows.some((r) => rowFingerprint(r) !== undefined);
  const header: [string, string, string][] = [
    ['idx', 'num', '#'],
    ['spec', 'text', 'game'],
    ['status', 'text', 'status'],
    ['period', 'num', 'period'],
    ['preperiod', 'num', 'preperiod'],
    ['maxValue', 'num', 'largest G'],
    ...(withPrints
      ? ([
          ['largestAt', 'num', 'largest at'],
          ['rareMask', 'text', 'rare mask'],
          ['numRare', 'num', 'rare heaps'],
          ['lastRare', 'num', 'last rare'],
        ] as [string, string, string][])
      : []),
    ['class', 'text', 'class'],
    ['size', 'num', 'games in class'],
    ...(withRefs ? [['published', 'text', 'published'] as [string, string, string]] : []),
    ['note', 'text', 'note'],
  ];
  const lines = rows.map((r) => {
    const [period, pv, preperiod, ppv] = periodCells(r);
    const members = cl.members(r);
    const first = members[0]!;
    const ref = refs?.(r);
    const published = ref ? verdictWord(ref) : '';
    const attrs = [
      `data-spec="${esc(r.spec)}"`,
      `data-status="${esc(r.status)}"`,
      `data-period="${pv ?? ''}"`,
      `data-preperiod="${ppv ?? ''}"`,
      `data-class="${esc(cl.keyOf(r))}"`,
      `data-first="${first === r ? 1 : 0}"`,
      `data-size="${members.length}"`,
      ...(withRefs ? [`data-published="${published}"`] : []),
    ].join(' ');
    return (
      `<tr ${attrs}>` +
      td(r.idx) +
      `<td data-v="${esc(r.spec)}"><a href="${gamePath(r, rows)}">${esc(r.spec)}</a></td>` +
      td(r.status, `status ${r.status}`) +
      `<td data-v="${pv ?? ''}">${esc(period)}</td>` +
      `<td data-v="${ppv ?? ''}">${esc(preperiod)}</td>` +
      td(r.maxValue ?? null) +
      (withPrints ? fingerprintCells(r) : '') +
      `<td data-v="${esc(first.spec)}">${first === r ? '' : `<a href="${gamePath(first, rows)}">${esc(first.spec)}</a>`}</td>` +
      td(members.length) +
      (withRefs ? td(published, published) : '') +
      td(note(r), 'note') +
      '</tr>'
    );
  });
  const text = reportSections(summary, rows)[0]!.text ?? '';
  const body = [
    '<header>',
    `<h1>${esc(title(c))}</h1>`,
    `<p>${esc(text)}</p>`,
    '<p class="downloads">Every row: <a href="rows.csv">rows.csv</a> · <a href="rows.json">rows.json</a> · the notable rows: <a href="report.html">report.html</a></p>',
    '</header>',
    '<form id="filters" class="filters" autocomplete="off">',
    '<label>game <input id="f-game" type="search" placeholder="part of a code"></label>',
    '<label>status <select id="f-status"><option value="">all</option><option value="solved">solved</option><option value="open">open</option><option value="failed">failed</option></select></label>',
    '<label>period <input id="f-period" placeholder="4, &gt;100, 10-20"></label>',
    '<label>preperiod <input id="f-preperiod" placeholder="0, &lt;=50"></label>',
    '<label>class <select id="f-class"><option value="">every game</option><option value="first">one per class</option><option value="shared">in a class of 2 or more</option><option value="alone">alone in its class</option></select></label>',
    '<label>class of <input id="f-class-of" placeholder="a game of the class"></label>',
    ...(withRefs
      ? ['<label>published <select id="f-published"><option value="">all</option><option value="agrees">agrees</option><option value="differs">differs</option><option value="undecided">undecided</option><option value="none">no reference</option></select></label>']
      : []),
    '<button type="reset" id="f-reset">show all</button>',
    '</form>',
    `<p id="shown" class="msg">${rows.length} of ${rows.length} games</p>`,
    '<table id="atlas"><thead><tr>',
    header.map(([key, type, label]) => `<th data-key="${key}" data-type="${type}" aria-sort="none"><button type="button">${esc(label)}</button></th>`).join(''),
    '</tr></thead><tbody>',
    ...lines,
    '</tbody></table>',
    footer(options),
  ].join('\n');
  return page(title(c), '', body, ` class="index" data-rows="${rows.length}"`);
}

function footer(options: SiteOptions): string {
  return `<footer>Built by sprague${options.version ? ` ${esc(options.version)}` : ''} (<code>sprague census site</code>). Static files: no server, nothing fetched.</footer>`;
}

/** The row's fields a reader looks at, as a table of name and value (the rest is in the JSON below it). */
const SKIPPED = new Set(['family', 'idx', 'spec', 'prefix', 'fingerprint', 'sameAs', 'certificate', 'runningMax']);

function factsTable(r: FamilyRow): string {
  const record = r as unknown as Record<string, unknown>;
  const rows = FAMILY_FIELDS.filter((f) => !SKIPPED.has(f.name) && record[f.name] !== null && record[f.name] !== undefined).map(
    (f) => `<tr><th>${esc(f.name)}</th><td>${esc(String(record[f.name]))}</td></tr>`,
  );
  return `<table class="facts">${rows.join('')}</table>`;
}

function certificateSection(r: FamilyRow): string {
  if (r.computation !== 'sequence') return '';
  const text = r.certified
    ? `<p>Period ${r.period}, preperiod ${r.preperiod}, certified: <span class="certificate">${esc(r.certificate ?? '')}</span></p>`
    : r.status === 'failed'
      ? `<p>No result: ${esc(r.error ?? '')}</p>`
      : `<p>No period certified up to ${r.reached ?? r.bound}: ${esc(r.reason ?? '')}</p>`;
  return `<h2 id="certificate">Certificate</h2>${text}`;
}

/**
 * The fingerprint the census stored for the row, at its bound (the pictures below may stop at --values-max):
 * the line `sprague sequence SPEC --max BOUND --summary` prints.
 */
function storedFingerprintSection(r: FamilyRow): string | undefined {
  const f = rowFingerprint(r);
  if (!f) return undefined;
  const stopped = f.heaps < r.bound + 1 ? ' (the run stopped at the certified period)' : '';
  return [
    '<h2 id="fingerprint">Fingerprint</h2>',
    `<p>The state of the census's run over G(0..${f.heaps - 1})${esc(stopped)}, in the words of tczajka's solver: <code class="fingerprint">${esc(fingerprintLine(f))}</code></p>`,
    '<table class="facts">',
    `<tr><th>heaps computed</th><td>${f.heaps}</td></tr>`,
    `<tr><th>largest value</th><td>G(${f.largestAt}) = ${f.largest}</td></tr>`,
    `<tr><th>rare mask</th><td>${f.rareMask === 0 ? '0 (no sparse space)' : `${f.rareMask.toString(16)} (hex)${f.rarePos ? ', with the heap parity (pos)' : ''}`}</td></tr>`,
    `<tr><th>rare heaps</th><td>${f.numRare} (heap 0 counted when rare, as tczajka counts)${f.numRare ? `, the last ${f.lastRare}` : ''}</td></tr>`,
    `<tr><th>digest of the values</th><td><code>${esc(r.fingerprint ?? '')}</code> (sha256 of G(0..${r.reached ?? r.bound}), the census's equivalence key)</td></tr>`,
    ...(r.cpuMs != null ? [`<tr><th>run</th><td>${r.cpuMs} ms of CPU, ${r.wallMs ?? '?'} ms of wall time${r.maxRssKb != null ? `, peak resident set ${Math.round(r.maxRssKb / 1024)} MiB (the process's)` : ''}</td></tr>`] : []),
    '</table>',
    `<p class="reproduce">Again: <code>sprague sequence ${esc(r.spec)} --max ${r.bound} --summary</code></p>`,
  ].join('\n');
}

function detailSections(r: FamilyRow, d: GameDetail | MissingDetail | undefined): string {
  if (r.computation !== 'sequence') {
    return `<h2>Pictures</h2><p>Drawn for sequences only; this game's: <code>sprague plot ${esc(r.spec)} --max ${r.bound}</code></p>`;
  }
  const stored = storedFingerprintSection(r);
  if (d === undefined || 'missing' in d) {
    const why = d === undefined ? 'not computed' : d.missing;
    return `${stored ?? `<h2 id="fingerprint">Fingerprint</h2><p class="missing">${esc(why)}</p>`}<h2 id="values">Values</h2><p class="missing">${esc(why)}</p>`;
  }
  const f = d.fingerprint;
  const stopped = d.heaps < d.max + 1 ? ` (asked up to ${d.max}; the run stopped at the certified period)` : '';
  const out = stored ? [stored] : [
    '<h2 id="fingerprint">Fingerprint</h2>',
    `<p>The state of the run over G(0..${d.heaps - 1})${esc(stopped)}, in the words of tczajka's solver: <code class="fingerprint">${esc(formatFingerprint(f))}</code></p>`,
    '<table class="facts">',
    `<tr><th>heaps computed</th><td>${f.heaps}</td></tr>`,
    `<tr><th>largest value</th><td>G(${f.largestAt}) = ${f.largest}</td></tr>`,
    `<tr><th>rare mask</th><td>${f.rareMask === 0 ? '0 (no sparse space)' : `${f.rareMask.toString(16)} (hex)${f.rarePos ? ', with the heap parity (pos)' : ''}`}</td></tr>`,
    `<tr><th>rare heaps</th><td>${f.rareCount}${f.rareCount ? `, the last ${f.lastRare}` : ''}</td></tr>`,
    `<tr><th>digest of the values</th><td><code>${esc(r.fingerprint ?? '')}</code> (sha256 of G(0..${r.reached ?? r.bound}), the census's equivalence key)</td></tr>`,
    '</table>',
    `<p class="reproduce">Again: <code>sprague sequence ${esc(r.spec)} --max ${d.max} --summary</code></p>`,
  ];
  out.push(
    '<h2 id="values">Values</h2>',
    `<figure class="plot values">${d.valuesSvg}</figure>`,
    '<h2 id="rare">Rare values</h2>',
    d.rareSvg
      ? `<figure class="plot rare">${d.rareSvg}</figure><p>The values of the ${d.rareCount} rare heaps: heaps a &gt;= 1 with parity(G(a) &amp; ${f.rareMask.toString(16)})${f.rarePos ? ` equal to the parity of a${f.splitParity ? ' + 1' : ''} (pos)` : ' even'}. Few rare heaps make the sparse-space kernel fast.</p>`
      : `<p>No rare heaps: ${f.rareMask === 0 ? 'no sparse space (the values have no class with few rare heaps, or the game has no two-heap split)' : 'the class has none'}.</p>`,
  );
  if (stored && d.heaps < (r.reached ?? r.bound) + 1 && !r.certified) out.push(`<p>The pictures show G(0..${d.heaps - 1}) (the site computes at most ${d.max} heaps again; the fingerprint above is the census's, at ${r.bound}).</p>`);
  if (r.prefix) out.push(`<p>First values: <code class="prefix">${esc(r.prefix)}</code></p>`);
  return out.join('\n');
}

function equivalentsSection(r: FamilyRow, cl: Classes, rows: readonly FamilyRow[]): string {
  const members = cl.members(r);
  const others = members.filter((m) => m !== r);
  const head = '<h2 id="equivalents">Equivalents</h2>';
  if (r.fingerprint == null) return `${head}<p>None known: the row has no values to compare.</p>`;
  if (others.length === 0) return `${head}<p>No other game of ${esc(r.family)} has the same values up to ${r.reached ?? r.bound}.</p>`;
  const link = (m: FamilyRow) => `<li><a href="../${gamePath(m, rows)}">${esc(m.spec)}</a>${m === members[0] ? ' (first of the class)' : ''}</li>`;
  return `${head}<p>${others.length} other game${others.length > 1 ? 's' : ''} of ${esc(r.family)} with the same values up to ${r.reached ?? r.bound} (equal digests, as Winning Ways' game locator):</p><ul class="equivalents">${others.map(link).join('')}</ul><p><a href="../index.html#class-of=${esc(encodeURIComponent(r.spec))}">The class in the table</a></p>`;
}

function verdictWord(ref: PublishedReference): 'agrees' | 'differs' | 'undecided' {
  return ref.agrees === null ? 'undecided' : ref.agrees ? 'agrees' : 'differs';
}

function referenceSection(ref: PublishedReference | undefined): string {
  if (!ref) return '';
  const source = /^https?:\/\//.test(ref.source) ? `<a href="${esc(ref.source)}">${esc(ref.source)}</a>` : esc(ref.source);
  const said = { agrees: 'Agrees with', differs: 'Differs from', undecided: 'Not decided against' }[verdictWord(ref)];
  return `<h2 id="published">Published reference</h2><p class="published ${verdictWord(ref)}">${said} ${source}: ${esc(ref.note)}</p>`;
}

function gamePage(c: SiteCensus, i: number, cl: Classes, details: ReadonlyMap<string, GameDetail | MissingDetail>, options: SiteOptions): string {
  const { rows } = c;
  const r = rows[i]!;
  const nav = (j: number, label: string) => (j >= 0 && j < rows.length ? `<a rel="${label}" href="../${gamePath(rows[j]!, rows)}">${label === 'prev' ? '← ' : ''}${esc(rows[j]!.spec)}${label === 'next' ? ' →' : ''}</a>` : '');
  const body = [
    `<nav><a href="../index.html">${esc(title(c))}</a> ${nav(i - 1, 'prev')} ${nav(i + 1, 'next')}</nav>`,
    `<h1>${esc(r.spec)}</h1>`,
    `<p class="lead">${esc(r.computation)} to ${r.bound}: <span class="status ${esc(r.status)}">${esc(r.status)}</span>${r.computation === 'sequence' && r.certified ? `, period ${r.period}, preperiod ${r.preperiod}` : ''}</p>`,
    factsTable(r),
    certificateSection(r),
    detailSections(r, details.get(rowKey(r))),
    equivalentsSection(r, cl, rows),
    referenceSection(options.references?.(r)),
    `<details><summary>The row as JSON</summary><pre class="json">${esc(JSON.stringify(rowJson(r.family, r), null, 1))}</pre></details>`,
    footer(options),
  ].join('\n');
  return page(`${r.spec}: ${title(c)}`, '../', body, ` class="game" data-spec="${esc(r.spec)}"`);
}

/**
 * Every file of the site: index.html, one page per row under games/, rows.csv, rows.json and report.html.
 * `details` holds the recomputed values of the sequence rows (keyed by rowKey); a row without one says so.
 */
export function siteFiles(c: SiteCensus, details: ReadonlyMap<string, GameDetail | MissingDetail>, options: SiteOptions = {}): SiteFile[] {
  const cl = classes(c.rows);
  const files: SiteFile[] = [{ path: 'index.html', text: indexPage(c, cl, options) }];
  c.rows.forEach((r, i) => files.push({ path: gamePath(r, c.rows), text: gamePage(c, i, cl, details, options) }));
  files.push({ path: 'rows.csv', text: [csvHeader(), ...c.rows.map(rowCsv), ''].join('\n') });
  files.push({ path: 'rows.json', text: JSON.stringify(c.rows.map((r) => rowJson(r.family, r)), null, 1) + '\n' });
  files.push({ path: 'report.html', text: reportHtml(`Census of ${c.summary.family} to ${c.summary.bound}`, reportSections(c.summary, c.rows, options.published ? { published: options.published } : {})) });
  return files;
}

/** web/, where the shared script and style sheet are (shipped with the package). */
function webDir(): string {
  return fileURLToPath(new URL('../../../web/', import.meta.url));
}

/** Refuses, before any work, a folder the site may not be written to (writeSite says which). */
export function checkSiteDir(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new InputError(`${dir} is a file, not a folder for the site`);
  const entries = readdirSync(dir);
  if (entries.length > 0 && !entries.includes('atlas.js')) throw new InputError(`${dir} is not empty and holds no atlas: choose a new or empty folder`);
}

/**
 * Writes the files and the shared assets into `dir` (created when absent). A folder that holds anything
 * but an atlas is refused, so that no one's files are overwritten; an older atlas there is replaced (its
 * game pages that the new one lacks are removed).
 */
export function writeSite(dir: string, files: readonly SiteFile[]): void {
  checkSiteDir(dir);
  try {
    mkdirSync(join(dir, 'games'), { recursive: true });
    const keep = new Set(files.map((f) => f.path));
    for (const name of readdirSync(join(dir, 'games'))) if (name.endsWith('.html') && !keep.has(`games/${name}`)) rmSync(join(dir, 'games', name));
    for (const f of files) writeFileSync(join(dir, ...f.path.split('/')), f.text);
    for (const a of SITE_ASSETS) copyFileSync(join(webDir(), a), join(dir, a));
  } catch (e) {
    throw new InputError(`cannot write the site to ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
