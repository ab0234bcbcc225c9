/**
 * Files and folders named on the command line (issue 24, item 6): a missing file, a folder given as a
 * file, a file given as a folder, or an output that cannot be written is bad input: exit 2, one line
 * naming the file, nothing on stdout, before any work. (They were "internal error", exit 1.) A device or a
 * FIFO, named or in a checkpoint folder, is not a regular file and is refused (issue 35: they were read for ever).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
// A FIFO nobody writes to: reading it would wait for ever, and opening it for reading (blocking) too.
const fifo = join(dir, 'a-fifo');
spawnSync('mkfifo', [fifo]);
// Checkpoint folders holding a FIFO where a checkpoint file belongs.
const sequenceFolder = join(dir, 'sequence-checkpoint');
mkdirSync(sequenceFolder);
spawnSync('mkfifo', [join(sequenceFolder, 'take-and-break-0.137.values')]);
const lengthsFolder = join(dir, 'lengths-checkpoint');
mkdirSync(lengthsFolder);
spawnSync('mkfifo', [join(lengthsFolder, 'meta.json')]);

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
  // Devices and FIFOs are never read (they were read for ever): only a regular file.
  ['automaton --verify, a device', ['automaton', 'rewrite:a,a2,b', '--verify', '/dev/zero'], '/dev/zero', /a character device, not a regular file/],
  ['rewrite turing, a device', ['rewrite', 'turing', '/dev/zero'], '/dev/zero', /a character device, not a regular file/],
  ['census run rewrite:@, a device', ['census', 'run', 'rewrite:@/dev/zero', '--bound', '5', '--db', join(dir, 'c.db')], '/dev/zero', /a character device, not a regular file/],
  ['rewrite turing, a FIFO', ['rewrite', 'turing', fifo], fifo, /a FIFO \(a named pipe\), not a regular file/],
  ['logic --file, a FIFO', ['logic', '--file', fifo], fifo, /a FIFO \(a named pipe\), not a regular file/],
  ['census run rewrite:@, a FIFO', ['census', 'run', `rewrite:@${fifo}`, '--bound', '5', '--db', join(dir, 'c.db')], fifo, /a FIFO/],
  ['--require, a FIFO', ['--require', fifo, 'grundy', 'nim', '3'], fifo, /^sprague: cannot load the game module .* \(--require\): it is a FIFO/],
  ['--require, a device', ['--require', '/dev/zero', 'grundy', 'nim', '3'], '/dev/zero', /a character device, not a regular file/],
  ['automaton --verify, a FIFO', ['automaton', 'rewrite:a,a2,b', '--verify', fifo], fifo, /a FIFO/],
  ['sequence --checkpoint, a FIFO in the folder', ['sequence', 'octal:0.137', '--max', '100', '--checkpoint', sequenceFolder], join(sequenceFolder, 'take-and-break-0.137.values'), /a FIFO/],
  ['lengths --checkpoint, a FIFO in the folder', ['lengths', 'rewrite:a,b', '--max', '3', '--checkpoint', lengthsFolder], join(lengthsFolder, 'meta.json'), /a FIFO/],
  ['census show --db, a FIFO', ['census', 'show', 'octal:2', '--db', fifo], fifo, /a FIFO/],
  ['census run --db, a device', ['census', 'run', 'octal:1', '--db', '/dev/zero'], '/dev/zero', /a character device, not a regular file/],
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

test('a regular file is read; a pipe is not a file (/dev/stdin on a pipe is refused), and `--file -` reads standard input', () => {
  const r = runCli(['logic', '--file', file, '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines[0].result, true);
  // Through a shell pipe (Node's own stdin pipes are sockets, which /dev/stdin cannot open).
  const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));
  const through = (name: string) => spawnSync('sh', ['-c', `cat "$1" | "$2" "$3" logic --file ${name} --json`, 'sh', file, process.execPath, entry], { encoding: 'utf8' });
  const devStdin = through('/dev/stdin');
  assert.equal(devStdin.status, 2, devStdin.stderr);
  assert.match(devStdin.stderr, /^sprague: --file \/dev\/stdin: it is a FIFO \(a named pipe\), not a regular file\n$/);
  const dash = through('-');
  assert.equal(dash.status, 0, dash.stderr);
  assert.equal(JSON.parse(dash.stdout.trim()).result, true);
  // A regular file as standard input is a regular file.
  const redirected = spawnSync('sh', ['-c', `"$2" "$3" logic --file /dev/stdin --json < "$1"`, 'sh', file, process.execPath, entry], { encoding: 'utf8' });
  assert.equal(redirected.status, 0, redirected.stderr);
});
