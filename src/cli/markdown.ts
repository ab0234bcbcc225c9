/**
 * The docs pages `sprague help TOPIC` prints, rendered for a terminal: headings underlined, code blocks
 * indented, tables as aligned columns, links as "text (target)". Styles (bold, underline, a colour for code)
 * only when asked, i.e. when stdout is a terminal and NO_COLOR is unset; otherwise plain text that reads
 * the same in a file or a pipe.
 */
import * as util from 'node:util';

export interface RenderOptions {
  /** Bold, underline and colour through ANSI escapes. */
  styles: boolean;
  /** The width a table's last column is wrapped to. */
  width: number;
  /** Where the page lives in the package (e.g. 'docs/'): a relative link is shown from the package root. */
  base: string;
}

type Format = Parameters<typeof util.styleText>[0];

function style(format: Format, text: string, options: RenderOptions): string {
  // util.styleText is Node 20.12+; the package says Node 20, so an older one prints plain text. Whether to
  // style is decided by the caller (the stream is stdout), so styleText's own stream check is off.
  if (!options.styles || typeof util.styleText !== 'function') return text;
  return util.styleText(format, text, { validateStream: false });
}

/** Links, emphasis and code spans of one line of prose. */
function inline(text: string, options: RenderOptions): string {
  const spans: string[] = [];
  // Code spans first, kept out of the other rules (`[x](*,0)` is a spec, not a link).
  let out = text.replace(/(`+)([\s\S]*?)\1/g, (_, _ticks: string, code: string) => {
    spans.push(options.styles ? style('cyan', code, options) : `\`${code}\``);
    return `\u0000${spans.length - 1}\u0000`;
  });
  out = out.replace(/!?\[([^\]]*)\]\(\s*<?([^)\s>]+)>?\s*\)/g, (_, label: string, target: string) => {
    const where = /^[a-z][a-z0-9+.-]*:|^#/i.test(target) ? target : normalise(options.base + target);
    return label === target || label === where ? where : `${label} (${where})`;
  });
  out = out.replace(/\*\*([^*]+)\*\*/g, (_, s: string) => style('bold', s, options));
  out = out.replace(/(^|[\s(])\*([^*\s][^*]*)\*(?=[\s).,;:]|$)/g, (_, pre: string, s: string) => pre + style('italic', s, options));
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => spans[Number(i)]!);
}

/** docs/../data/x.json is data/x.json. */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const p of path.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** Characters a terminal shows: the text without its escapes. */
function visible(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\x1b\[[0-9;]*m/g, '')].length;
}

function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  // A | inside a code span is the span's, not a column break.
  const out: string[] = [];
  let cell = '';
  let code = false;
  for (const ch of inner) {
    if (ch === '`') code = !code;
    if (ch === '|' && !code) {
      out.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

/** Words of a cell in lines of at most `width` characters (a longer word stands alone). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && visible(line) + 1 + visible(word) > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** Columns padded to their widest cell, the header underlined; the widest columns wrap to fit the width. */
function table(rows: string[], options: RenderOptions): string[] {
  // A code span is not broken across lines: its spaces are no-break spaces until the cell is wrapped.
  const keep = (cell: string) => cell.replace(/(`+)([\s\S]*?)\1/g, (span) => span.replace(/ /g, '\u00a0'));
  const body = rows.filter((r) => !/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(r)).map((r) => cells(r).map((c) => inline(keep(c), options)));
  const columns = Math.max(...body.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.max(...body.map((r) => visible(r[c] ?? ''))));
  // Narrow the widest column a character at a time until the row fits (no column below 12).
  while (widths.reduce((a, w) => a + w, 0) + 2 * (columns - 1) > options.width) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= 12) break;
    widths[widest]!--;
  }
  const out: string[] = [];
  for (const [i, row] of body.entries()) {
    const wrapped = widths.map((w, c) => wrap(row[c] ?? '', w));
    const height = Math.max(...wrapped.map((w) => w.length));
    for (let j = 0; j < height; j++) {
      const line = wrapped.map((w, c) => (w[j] ?? '') + ' '.repeat(Math.max(0, widths[c]! - visible(w[j] ?? ''))));
      out.push(line.join('  ').trimEnd().replace(/\u00a0/g, ' '));
    }
    if (i === 0) out.push(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  return out;
}

function heading(level: number, text: string, options: RenderOptions): string[] {
  const title = inline(text, { ...options, styles: false });
  if (options.styles) return [style(level <= 2 ? ['bold', 'underline'] : 'bold', title, options)];
  if (level > 2) return [title];
  return [title, (level === 1 ? '=' : '-').repeat(visible(title))];
}

export function renderMarkdown(text: string, options: RenderOptions): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(```|~~~)/.exec(line);
    if (fence) {
      // A code block: indented four spaces, as typed (no inline rules inside).
      for (i++; i < lines.length && !lines[i]!.startsWith(fence[1]!); i++) out.push(lines[i] === '' ? '' : `    ${style('dim', lines[i]!, options)}`);
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      out.push(...heading(h[1]!.length, h[2]!, options));
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows: string[] = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]!); i++) rows.push(lines[i]!);
      i--;
      out.push(...table(rows, options));
      continue;
    }
    out.push(inline(line, options));
  }
  return out.join('\n');
}
