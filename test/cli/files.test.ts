/**
 * Files and folders named on the command line (issue 24, item 6): a missing file, a folder given as a
 * file, a file given as a folder, or an output that cannot be written is bad input: exit 2, one line
 * naming the file, nothing on stdout, before any work. (They were "internal error", exit 1.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'sprague-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const missing = join(dir, 'missing');
const file = join(dir, 'a-file.txt');
writeFileSync(file, 'eval t "?msd_fib Ex,y x=y+1"\n');
const query = 'eval t "?msd_fib Ex,y x=y+1"';

const CASES: [string, string[], string, RegExp][] = [
  ['logic --file, missing', ['logic', '--file', missing], missing, /no such file/],
  ['logic --file, a folder', ['logic', '--file', dir], dir, /a folder, not a file/],
  ['logic --library, missing', ['logic', query, '--library', missing], missing, /no such file/],
  ['logic --library, a file', ['logic', query, '--library', file], file, /not a folder/],
  ['logic --conformance, missing', ['logic', '--conformance', missing], missing, /no such file/],
  ['logic --conformance, a file', ['logic', '--conformance', file], file, /not a folder/],
  ['logic --conformance, a folder without the suite', ['logic', '--conformance', dir], join(dir, 'setup.jsonl'), /no such file/],
  ['logic --dot, no folder', ['logic', query, '--dot', join(missing, 'x.dot')], join(missing, 'x.dot'), /no folder/],
  ['logic --mpl, a folder', ['logic', 'def t "?msd_fib x=y+1"', '--mpl', dir], dir, /a folder, not a file/],
  ['rewrite turing, missing machine', ['rewrite', 'turing', missing], missing, /no such file/],
  ['rewrite turing, a folder', ['rewrite', 'turing', dir], dir, /a folder, not a file/],
  ['rewrite turing, not JSON', ['rewrite', 'turing', file], file, /not JSON/],
  ['automaton --dot, no folder', ['automaton', 'rewrite:a,a2,b', '--dot', join(missing, 'x.dot')], join(missing, 'x.dot'), /no folder/],
  ['automaton --dot, a folder', ['automaton', 'rewrite:a,a2,b', '--dot', dir], dir, /a folder, not a file/],
  ['plot --out, no folder', ['plot', 'wythoff', '--max', '5', '--out', join(missing, 'x.svg')], join(missing, 'x.svg'), /no folder/],
  ['plot --out, inside a file', ['plot', 'wythoff', '--max', '5', '--out', join(file, 'x.svg')], join(file, 'x.svg'), /is not a folder/],
  ['lengths --checkpoint, inside a file', ['lengths', 'rewrite:a,b', '--max', '3', '--checkpoint', join(file, 'cp')], file, /not a folder/],
  ['admissible --checkpoint, inside a file', ['admissible', 'wythoff', '--method', 'logic', '--checkpoint', join(file, 'cp')], file, /not a folder/],
  ['grundy --checkpoint, a folder', ['grundy', 'pushcram', '3x4', '--checkpoint', dir], dir, /not a file/],
  ['grundy --checkpoint, no folder', ['grundy', 'pushcram', '3x4', '--checkpoint', join(missing, 't.tt')], join(missing, 't.tt'), /no folder/],
  ['bluff --checkpoint, a folder', ['bluff', 'pushcram', '3x4', '--checkpoint', dir], dir, /not a file/],
];

for (const [what, args, named, why] of CASES) {
  test(`a file the user names is checked: ${what} gives exit 2 and one line naming it`, () => {
    const r = runCli(args, { timeoutMs: 30_000 });
    assert.equal(r.status, 2, `exit ${r.status}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    const lines = r.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0]!, /^sprague: /);
    assert.ok(lines[0]!.includes(named), `${lines[0]} names ${named}`);
    assert.match(lines[0]!, why);
  });
}

test('a readable file, or a pipe such as /dev/stdin, is still read', () => {
  const r = runCli(['logic', '--file', file, '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines[0].result, true);
  // Through a shell pipe (Node's own stdin pipes are sockets, which /dev/stdin cannot open).
  const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));
  const piped = spawnSync('sh', ['-c', `cat "$1" | "$2" "$3" logic --file /dev/stdin --json`, 'sh', file, process.execPath, entry], { encoding: 'utf8' });
  assert.equal(piped.status, 0, piped.stderr);
  assert.equal(JSON.parse(piped.stdout.trim()).result, true);
});
