/**
 * `sprague help TOPIC` renders its page for a terminal (issue 33 part 6): the renderer on small pages, and
 * the grammar page itself, which opens with what a user writes and whose examples print what it says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from '../../src/cli/markdown.js';
import { runCli } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const plain = { styles: false, width: 60, base: 'docs/' };

test('headings underlined, code blocks indented and untouched, links as text (target) from the package root', () => {
  const page = ['# Title', '', '## Part', '', '### Sub', '', 'See [the grammar](specs.md), [data](../data/x.json) and [a site](https://example.org).', '', '```', '$ sprague [x](y) **z**', '```'].join('\n');
  assert.equal(
    renderMarkdown(page, plain),
    ['Title', '=====', '', 'Part', '----', '', 'Sub', '', 'See the grammar (docs/specs.md), data (data/x.json) and a site (https://example.org).', '', '    $ sprague [x](y) **z**'].join('\n'),
  );
});

test('a table: the separator row gone, columns aligned, a long cell wrapped under its column; a code span is neither a link nor broken', () => {
  const page = ['| spec | game |', '| --- | --- |', '| `nim` | Nim on any number of heaps |', '| `tinvariant:[x mod 2=0](*,0)` | ' + 'word '.repeat(20).trim() + ' |'].join('\n');
  const lines = renderMarkdown(page, plain).split('\n');
  const first = '`tinvariant:[x mod 2=0](*,0)`'.length;
  assert.equal(lines[0], `${'spec'.padEnd(first)}  game`);
  assert.equal(lines[1], `${'-'.repeat(first)}  ${'-'.repeat(60 - first - 2)}`);
  assert.equal(lines[2], `${'`nim`'.padEnd(first)}  Nim on any number of heaps`);
  assert.match(lines[3]!, /^`tinvariant:\[x mod 2=0\]\(\*,0\)`  word word/);
  for (const l of lines.slice(4)) assert.match(l, new RegExp(`^ {${first + 2}}word`));
  assert.ok(lines.every((l) => l.length <= 60), lines.join('\n'));
  assert.equal(lines.slice(3).join(' ').match(/word/g)!.length, 20);
});

test('styles only when asked: bold and underlined headings, emphasis, code in colour, the backticks gone', () => {
  const page = '# Title\n\nA *spec* is **typed** as `nim`.';
  assert.doesNotMatch(renderMarkdown(page, plain), /\x1b/);
  const styled = renderMarkdown(page, { ...plain, styles: true });
  assert.match(styled, /^\x1b\[1m\x1b\[4mTitle\x1b\[24m\x1b\[22m\n\n/);
  assert.match(styled, /A \x1b\[3mspec\x1b\[23m is \x1b\[1mtyped\x1b\[22m as \x1b\[36mnim\x1b\[39m\./);
});

test('help specs opens with what a user writes, not with the files the page is read from', () => {
  const out = runCli(['help', 'specs']).stdout;
  const opening = out.slice(0, out.indexOf('The games'));
  assert.match(opening, /A game is written as a spec/);
  assert.doesNotMatch(opening, /src\/|docs\/cli\.md|test\//);
  // The page's origin is still told, last.
  assert.match(out, /Where this page comes from\n-+\n\nThe two tables[\s\S]*src\/spec\/parse\.ts/);
  assert.ok(out.indexOf('Where this page comes from') > out.indexOf('In the library'));
});

test('the command lines of docs/specs.md print what the page says they print', () => {
  const page = readFileSync(join(root, 'docs', 'specs.md'), 'utf8');
  const blocks = [...page.matchAll(/^```\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).filter((b) => b.startsWith('$ sprague '));
  let commands = 0;
  for (const block of blocks) {
    for (const session of block.split(/^(?=\$ )/m)) {
      const [command, ...expected] = session.trimEnd().split('\n');
      // Shell words: single quotes group, as the page's commands use them.
      const args = [...command!.slice('$ sprague '.length).matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
      const r = runCli(args);
      assert.equal((r.stdout + r.stderr).trimEnd(), expected.join('\n'), command);
      commands++;
    }
  }
  assert.ok(commands >= 4, `${commands} commands`);
});
