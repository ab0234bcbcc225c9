/**
 * The docs a clone carries (issue 23 item 1) stay true: no page sends a reader outside the repository, the
 * grammar page's examples parse (and its refused ones are refused), every game and command is documented,
 * every test the conventions page names exists, and `sprague help` prints the pages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { knownGameNames, parseSpec } from '../../src/spec/index.js';
import { renderMarkdown } from '../../src/cli/markdown.js';
import { runCli } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

test('README and docs name no file outside the repository, except the one sentence on the optional inputs', () => {
  const hits = pages.flatMap((p) => read(p).split('\n').map((line, i) => ({ where: `${p}:${i + 1}`, line })).filter((l) => /shared\//.test(l.line)));
  assert.deepEqual(
    hits.map((h) => h.where.split(':')[0]),
    ['README.md', 'README.md'],
    hits.map((h) => `${h.where} ${h.line}`).join('\n'),
  );
  assert.match(hits.map((h) => h.line).join(' '), /sit beside the repository as `\.\.\/shared\/walnut-conformance` and\s+`\.\.\/shared\/baselines`/);
});

test('docs/specs.md: every game name is there, its examples parse and the ones it says are refused are refused', () => {
  const specs = read('docs/specs.md');
  for (const name of knownGameNames()) assert.ok(specs.includes(`\`${name.replace(/\(\.\.\.\)$/, '(').replace(/:$/, ':')}`), `${name} is documented`);
  const parse = (s: string) => parseSpec(s, {});
  for (const s of [
    'push(subtraction:1,2,subtraction:1-4)',
    'push(nim,push(wythoff,euclid))',
    'misere(push(nim,euclid))',
    'sum(octal:0.07,wythoff)',
    'tinvariant:[x+y mod 2=0](*,0);[else](=,=)',
    'tinvariant:[x mod 2=0](*,0),(0,*),(=,=),(5,1),(6,1);[else](*,0),(0,*),(=,=),(1,3),(1,5)',
    'rewrite:a->,aa->b',
    'rewrite:a->b,a,b',
    'hex:0.B4',
    'hex:C.1',
    'invariant:(1,0),(0,1),(1,1)',
    'wythoff+1,2',
  ]) {
    assert.ok(specs.includes(s.replace(/^rewrite:(?=a->b,a,b)/, '')), `${s} is in docs/specs.md`);
    assert.doesNotThrow(() => parse(s), s);
  }
  for (const s of ['sum(misere(nim),nim)', 'push(misere(nim),nim)', 'pass(misere(nim))', 'misere(misere(nim))', 'rewrite:a->ab', 'rewrite:ab->ba', 'nim:3']) {
    assert.ok(specs.includes(s), `${s} is in docs/specs.md`);
    assert.throws(() => parse(s), s);
  }
});

test('docs/cli.md names every command, and the contract part is the contract word for word where it matters', () => {
  const cli = read('docs/cli.md');
  const help = runCli(['--help']).stdout;
  const commands = [...help.matchAll(/^ {2}([a-z0-9]+) /gm)].map((m) => m[1]!);
  assert.ok(commands.length >= 15, help);
  for (const c of commands) assert.ok(cli.includes(`sprague ${c}`) || cli.includes(`### ${c}`) || cli.includes(`\`${c} `), `${c} is in docs/cli.md`);
  for (const line of ['`{"position":"3,5","grundy":0,"outcome":"P"}`', '`{"n":0,"grundy":0}`', '`{"period":34,"preperiod":53,"certified":true}`', '`{"position":[3,5]}`']) {
    assert.ok(cli.includes(line), line);
  }
});

test('docs/conventions.md: every test file it names exists', () => {
  const text = read('docs/conventions.md');
  const named = [...text.matchAll(/`([a-z-]+\/[a-z0-9/-]+\.test\.ts)`/g)].map((m) => m[1]!);
  assert.ok(named.length >= 15, `${named.length} tests named`);
  for (const t of named) assert.ok(existsSync(join(root, 'test', t)), `test/${t}`);
});

test('sprague help specs / json / conventions / papers print the pages, rendered (plain in a pipe) or as written with --markdown; an unknown topic is bad input', () => {
  for (const [topic, page] of [['specs', 'docs/specs.md'], ['json', 'docs/cli.md'], ['conventions', 'docs/conventions.md'], ['papers', 'docs/papers.md']] as const) {
    const r = runCli(['help', topic]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), renderMarkdown(read(page), { styles: false, width: 99, base: 'docs/' }).trim(), topic);
    assert.doesNotMatch(r.stdout, /\x1b\[|^```|^\|/m, `${topic}: no escapes, fences or table pipes in a pipe`);
    const md = runCli(['help', topic, '--markdown']);
    assert.equal(md.stdout.trim(), read(page).trim(), `${topic} --markdown`);
  }
  assert.match(runCli(['help', 'grundy']).stdout, /Usage: sprague grundy/);
  const bad = runCli(['help', 'nope']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^sprague: help: no command or topic "nope"/);
});
