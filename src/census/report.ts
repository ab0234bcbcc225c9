/**
 * The census report: the notable rows of a census as Markdown or HTML tables, ready to paste into a
 * paper. Built as a list of sections (title, a sentence, a table), then rendered; the same sections
 * feed both formats.
 */
import { fingerprintLine } from '../core/kernel.js';
import { rowFingerprint, type FamilyRow, type StoredFingerprint } from './row.js';
import type { CensusSummary } from './store.js';

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface Section {
  title: string;
  text?: string;
  header?: string[];
  rows?: (string | number)[][];
}

export interface ReportOptions {
  /** Rows per "top" table (default 15). */
  top?: number;
  /** A published fingerprint of an open game, set beside the census's (publishedFingerprints of tczajka's tables). */
  published?: (spec: string) => StoredFingerprint | undefined;
}

const by = <T>(key: (x: T) => number) => (a: T, b: T) => key(b) - key(a);

/**
 * Flammenkamp's "last exceptional value": the last heap whose value differs from the periodic continuation,
 * i.e. the largest n with G(n) != G(n + p). With the preperiod n0 the least n0 with G(n+p) = G(n) for all
 * n >= n0, it is n0 - 1; a purely periodic sequence (n0 = 0) has none (undefined). Derived from the stored
 * preperiod (certified, else apparent: `apparent` says which), so the stored rows and their digests stay.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function lastExceptionalHeap(r: FamilyRow): { heap: number; apparent: boolean } | undefined {
  if (r.certified && r.preperiod != null) return r.preperiod > 0 ? { heap: r.preperiod - 1, apparent: false } : undefined;
  if (r.apparentPreperiod != null && r.apparentPreperiod > 0) return { heap: r.apparentPreperiod - 1, apparent: true };
  return undefined;
}

/**
 * What the row's own run cost (an escalated row: from the heap it resumed at to its bound), as a cell:
 * wall time, and CPU time and peak memory where the row has them (rows of schema 3 on).
 */
function runCost(r: FamilyRow): string {
  if (r.wallMs == null) return '';
  const from = r.resumedFrom ? `from ${r.resumedFrom}: ` : '';
  const cpu = r.cpuMs != null ? `, ${(r.cpuMs / 1000).toFixed(1)} s CPU` : '';
  const rss = r.maxRssKb != null ? `, ${Math.round(r.maxRssKb / 1024)} MB peak` : '';
  return `${from}${(r.wallMs / 1000).toFixed(1)} s wall${cpu}${rss}`;
}

/** The last exceptional heap as a cell: '-' for none (purely periodic, or no period). */
function lastExceptionalCell(r: FamilyRow): string | number {
  return lastExceptionalHeap(r)?.heap ?? '-';
}

/**
 * The sections of a census report.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function reportSections(summary: CensusSummary, rows: FamilyRow[], options: ReportOptions = {}): Section[] {
  const top = options.top ?? 15;
  const sections: Section[] = [];
  const versions = [...new Set(rows.map((r) => r.version).filter((v): v is string => !!v))];
  const wall = rows.reduce((s, r) => s + (r.wallMs ?? 0), 0);
  const timed = rows.filter((r) => r.cpuMs != null);
  const cpu = timed.reduce((s, r) => s + r.cpuMs!, 0);
  const missing = summary.games - summary.done - summary.open - summary.failed;
  sections.push({
    title: 'Summary',
    text:
      `${summary.games} games, bound ${summary.bound}: ${summary.done} done, ${summary.open} open, ${summary.failed} failed` +
      (missing > 0 ? `, ${missing} not computed yet` : '') +
      `. Computing time ${formatMs(wall)} in total (sum over games)` +
      (timed.length ? `, ${formatMs(cpu)} of CPU over the ${timed.length} games that measured it` : '') +
      (versions.length ? `, by sprague ${versions.join(', ')}.` : '.'),
  });
  const sizes = classSizes(rows);
  const seq = rows.filter((r) => r.computation === 'sequence');
  if (seq.length) sections.push(...sequenceSections(seq, summary.bound, top, sizes, options.published));
  const wyt = rows.filter((r) => r.computation === 'wythoff');
  if (wyt.length) sections.push(...wythoffSections(wyt, top, sizes));
  const pp = rows.filter((r) => r.computation === 'ppositions');
  if (pp.length) {
    sections.push({
      title: 'P-positions on two heaps',
      header: ['game', 'P-positions', 'first P-positions', 'same as'],
      rows: pp.map((r) => [r.spec, r.pCount ?? '', r.prefix ?? '', r.sameAs ?? '']),
    });
  }
  const rew = rows.filter((r) => r.computation === 'rewrite');
  if (rew.length) sections.push(...rewriteSections(rew, summary.bound, top));
  sections.push(equivalenceSection(rows, top));
  const failed = rows.filter((r) => r.status === 'failed');
  if (failed.length) {
    sections.push({ title: 'Failed', header: ['game', 'error'], rows: failed.map((r) => [r.spec, r.error ?? '']) });
  }
  return sections;
}

/** The number of games in each game's equivalence class, keyed by the class's first member. */
function classSizes(rows: FamilyRow[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const r of rows) if (r.status !== 'failed') sizes.set(r.sameAs ?? r.spec, (sizes.get(r.sameAs ?? r.spec) ?? 0) + 1);
  return sizes;
}

/**
 * The sequence tables list one game per equivalence class (its first member), with the class's size:
 * otherwise the fifteen longest periods of octal:3 are fifteen names for one sequence.
 */
function sequenceSections(rows: FamilyRow[], bound: number, top: number, sizes: Map<string, number>, published?: ReportOptions['published']): Section[] {
  const firsts = rows.filter((r) => !r.sameAs);
  const certified = firsts.filter((r) => r.certified);
  const open = firsts.filter((r) => !r.certified && r.status !== 'failed');
  const count = (f: (r: FamilyRow) => boolean) => rows.filter(f).length;
  const size = (r: FamilyRow) => sizes.get(r.spec) ?? 1;
  // tczajka's line at the census's bound (sequence --summary); empty for a row stored before schema 3 and not filled.
  const line = (f: StoredFingerprint | undefined) => (f ? fingerprintLine(f) : '');
  const beside = published !== undefined && open.some((r) => published(r.spec) !== undefined);
  const out: Section[] = [];
  out.push({
    title: 'Longest certified periods',
    text:
      `${count((r) => !!r.certified)} of ${rows.length} sequences have a period certified within the bound ${bound} ` +
      `(${certified.length} distinct sequences; preperiod: the least n0 with G(n+p) = G(n) for all n >= n0; ` +
      'last exceptional heap: the last n with G(n) != G(n+p), n0 - 1, "-" when the values are periodic from heap 0, as Flammenkamp\'s tables give it). ' +
      'One row per class of games with the same values; "games" is the size of the class.',
    header: ['game', 'period', 'preperiod', 'last exceptional heap', 'largest value', 'games'],
    rows: [...certified].sort(by((r) => r.period ?? 0)).slice(0, top).map((r) => [r.spec, r.period!, r.preperiod!, lastExceptionalCell(r), r.maxValue ?? '', size(r)]),
  });
  out.push({
    title: 'Largest preperiods',
    header: ['game', 'preperiod', 'last exceptional heap', 'period', 'games', 'certificate'],
    rows: [...certified].sort(by((r) => r.preperiod ?? 0)).slice(0, top).map((r) => [r.spec, r.preperiod!, lastExceptionalCell(r), r.period!, size(r), r.certificate ?? '']),
  });
  out.push({
    title: 'No certified period at the bound',
    text: open.length
      ? `${count((r) => !r.certified && r.status !== 'failed')} games (${open.length} distinct sequences): the bound ${bound} was reached without a certificate. ` +
        "The fingerprint is the run's state at its bound in the words of tczajka's solver (sequence --summary)" +
        (beside ? ", beside the one his tables publish (at their own n)." : '.') +
        ' "Last run" is the cost of the row\'s own run (an escalated game: from the heap it resumed at).'
      : 'Every sequence has a certified period.',
    header: ['game', 'largest value', 'games', 'fingerprint at the bound', ...(beside ? ['published fingerprint'] : []), 'last run', 'why not'],
    rows: [...open]
      .sort(by((r) => r.maxValue ?? 0))
      .map((r) => [r.spec, r.maxValue ?? '', size(r), line(rowFingerprint(r)), ...(beside ? [line(published!(r.spec))] : []), runCost(r), r.reason ?? '']),
  });
  return out;
}

function wythoffSections(rows: FamilyRow[], top: number, sizes: Map<string, number>): Section[] {
  const spread = (r: FamilyRow) => (r.devMax ?? 0) - (r.devMin ?? 0);
  return [
    {
      title: 'Deviation from the φ-lines',
      text: 'b_n - a_n - n over the upper P-positions (a_n, b_n) (maharaja-nim, section 2.3); widest spread first, one row per class of games with the same P-positions.',
      header: ['game', 'P-positions', 'min', 'at n', 'max', 'at n', 'games'],
      rows: rows
        .filter((r) => !r.sameAs)
        .sort(by(spread))
        .slice(0, Math.max(top, 30))
        .map((r) => [r.spec, r.pCount ?? '', r.devMin ?? '', r.devMinAt ?? '', r.devMax ?? '', r.devMaxAt ?? '', sizes.get(r.spec) ?? 1]),
    },
  ];
}

/** "Theorem 5; Theorem 6: ..." -> "Theorem 5, Theorem 6": the statements' names, for a narrow column. */
function theoremNames(text: string | null | undefined): string {
  return [...new Set((text ?? '').match(/(Theorem|Remark) \d+/g) ?? [])].join(', ');
}

function rewriteSections(rows: FamilyRow[], bound: number, top: number): Section[] {
  const count = (v: string) => rows.filter((r) => r.verdict === v).length;
  const out: Section[] = [];
  out.push({
    title: 'Grundy automata',
    text:
      `${count('regular')} proved regular, ${count('non-regular')} not regular by a theorem of the paper, ` +
      `${count('lower-bound')} with a lower bound above the state cap, ${count('open')} open (of ${rows.length}).`,
  });
  const regular = rows.filter((r) => r.verdict === 'regular').sort((a, b) => (a.states ?? 0) - (b.states ?? 0));
  out.push({
    title: 'Proved regular',
    text: 'A minimal DFA with output computing G, proved for all words (taking-and-merging, Lemma 2).',
    header: ['game', 'states', 'Grundy values', 'mirror', 'the paper'],
    rows: regular.map((r) => [r.spec, r.states ?? '', r.grundyValues ?? '', r.mirror ?? '', theoremNames(r.theorem)]),
  });
  const nonRegular = rows.filter((r) => r.verdict === 'non-regular');
  out.push({
    title: 'Not regular by a theorem of the paper',
    text: nonRegular.length
      ? `${nonRegular.length} games: those with no rule a -> ε and no rule b -> ε (Theorem 5: the P-positions are not regular); Theorem 6 adds, for {a^k, b^l}, that L0 and L1 are context-free.`
      : 'None.',
    header: ['game', 'the paper', 'max G up to the bound'],
    rows: nonRegular.map((r) => [r.spec, theoremNames(r.theorem), r.maxValue ?? '']),
  });
  const open = rows.filter((r) => r.verdict === 'open').sort((a, b) => (a.lowerBound ?? 0) - (b.lowerBound ?? 0));
  out.push({
    title: 'Open',
    text: open.length
      ? 'No automaton found within the time budget (or the verifier hit its limits); any Grundy automaton has at least the states given.'
      : 'None.',
    header: ['game', 'states at least', 'max G up to the bound', 'reason'],
    rows: open.map((r) => [r.spec, r.lowerBound ?? '', r.maxValue ?? '', r.reason ?? '']),
  });
  const above = rows.filter((r) => r.verdict === 'lower-bound').sort((a, b) => (a.lowerBound ?? 0) - (b.lowerBound ?? 0));
  out.push({
    title: 'Lower bounds above the state cap',
    text: above.length
      ? `${above.length} games need more states than the cap (Myhill–Nerode on the words up to length ${bound}, or the learner's table); ` +
        `the ${Math.min(above.length, 2 * top)} with the smallest bound are listed (all of them: census show with --where "verdict = lower-bound").`
      : 'None.',
    header: ['game', 'states at least', 'max G up to the bound'],
    rows: above.slice(0, 2 * top).map((r) => [r.spec, r.lowerBound ?? '', r.maxValue ?? '']),
  });
  const growing = rows.filter((r) => r.maxGrowing).sort(by((r) => r.maxValue ?? 0));
  const q = Math.floor((3 * bound) / 4);
  out.push({
    title: 'Maxima still growing',
    text: growing.length
      ? `${growing.length} games: the running maximum of G rose between length ${q} and length ${bound}; the ${Math.min(growing.length, 2 * top)} largest are listed.`
      : `None: every running maximum is flat from length ${q} to ${bound}.`,
    header: ['game', `running max at ${q}`, `at ${bound}`, 'running maxima by length'],
    rows: growing.slice(0, 2 * top).map((r) => {
      const list = (r.runningMax ?? '').split(',');
      return [r.spec, Number(list[q] ?? 0), r.maxValue ?? '', r.runningMax ?? ''];
    }),
  });
  return out;
}

function equivalenceSection(rows: FamilyRow[], top: number): Section {
  const classes = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.sameAs) continue;
    const list = classes.get(r.sameAs) ?? [];
    list.push(r.spec);
    classes.set(r.sameAs, list);
  }
  const sorted = [...classes.entries()].sort((a, b) => b[1].length - a[1].length);
  const shown = 20;
  return {
    title: 'Equivalence classes',
    text: classes.size
      ? `${classes.size} classes of two or more games with the same values up to the bound (as Winning Ways' game locator); ${rows.length - [...classes.values()].reduce((s, l) => s + l.length, 0)} distinct games in all.`
      : 'No two games agree up to the bound.',
    header: ['first member', 'size', 'the others'],
    rows: sorted
      .slice(0, Math.max(top, 40))
      .map(([first, others]) => [first, others.length + 1, others.slice(0, shown).join(' ') + (others.length > shown ? ` (+${others.length - shown} more)` : '')]),
  };
}

function formatMs(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/**
 * The report as Markdown.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function reportMarkdown(title: string, sections: Section[]): string {
  const cell = (x: string | number) => String(x).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out = [`# ${title}`, ''];
  for (const s of sections) {
    out.push(`## ${s.title}`, '');
    if (s.text) out.push(s.text, '');
    if (s.header && s.rows && s.rows.length) {
      out.push(`| ${s.header.map(cell).join(' | ')} |`);
      out.push(`|${s.header.map((_, i) => (s.rows!.every((r) => typeof r[i] === 'number') ? ' ---: ' : ' --- ')).join('|')}|`);
      for (const r of s.rows) out.push(`| ${r.map(cell).join(' | ')} |`);
      out.push('');
    }
  }
  return out.join('\n');
}

function escapeHtml(x: string | number): string {
  return String(x).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The report as a standalone HTML page.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function reportHtml(title: string, sections: Section[]): string {
  const out = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse;margin:1em 0}' +
      'th,td{border:1px solid #ccc;padding:.2em .6em;text-align:left}td.n{text-align:right}th{background:#f3f3f3}</style>',
    '</head><body>',
    `<h1>${escapeHtml(title)}</h1>`,
  ];
  for (const s of sections) {
    out.push(`<h2>${escapeHtml(s.title)}</h2>`);
    if (s.text) out.push(`<p>${escapeHtml(s.text)}</p>`);
    if (s.header && s.rows && s.rows.length) {
      out.push('<table>', `<tr>${s.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr>`);
      for (const r of s.rows) out.push(`<tr>${r.map((c) => (typeof c === 'number' ? `<td class="n">${c}</td>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`);
      out.push('</table>');
    }
  }
  out.push('</body></html>', '');
  return out.join('\n');
}
