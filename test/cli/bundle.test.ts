/**
 * bin/sprague.js runs the CLI from its bundle with V8's code cache (src/cli/start.ts, issue 32 target 3): the
 * same command lines give the same output, exit code and files as the modules (dist/src/cli/run.js), which
 * every other CLI test runs; a cache V8 rejects is replaced; a stale bundle and the user's game modules run
 * from the modules.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheFile, namesGameModules } from '../../src/cli/start.js';
import { ctrlCAt } from '../helpers/ctrl-c.js';

const bin = fileURLToPath(new URL('../../../bin/sprague.js', import.meta.url));
const modules = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));
const bundle = fileURLToPath(new URL('../../src/cli/sprague.cjs', import.meta.url));
const example = fileURLToPath(new URL('../../../examples/mygame.mjs', import.meta.url));

function run(entry: string, args: readonly string[], cwd?: string) {
  const r = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', cwd, env: { ...process.env, NO_COLOR: '1', SPRAGUE_GAMES: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the build made the bundle, newer than the compile (else bin/sprague.js would run the modules and these tests prove nothing)', () => {
  assert.ok(existsSync(bundle), 'npm run build writes dist/src/cli/sprague.cjs');
  const compiled = fileURLToPath(new URL('../../.tsbuildinfo', import.meta.url));
  assert.ok(statSync(bundle).mtimeMs >= statSync(compiled).mtimeMs, 'the bundle is older than the last tsc -b: run npm run build');
});

test('bundle and modules give the same output and exit code: kernels, solver, automata, logic, census, plots, errors, help', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-bundle-'));
  try {
    const lines: string[][] = [
      ['sequence', 'octal:0.16', '--max', '3000', '--summary'],
      ['sequence', 'octal:4!.0', '--max', '2000', '--json'],
      ['grundy', 'push(nim,euclid)', '3,5', '2:3,5', '--json'],
      ['grundy', 'wythoff', '300,300'],
      ['ppositions', 'wythoff+1,2', '--max', '200', '--json'],
      ['lengths', 'rewrite:a,a2,b,b2', '--max', '12', '--threads', '1', '--json'],
      ['automaton', 'rewrite:a,b2', '--json'],
      ['logic', 'eval t "Ex,y x+y=5 & x=2"'],
      ['admissible', 'wythoff', '--max', '100'],
      ['census', 'show', 'octal-tables:3', '--where', 'period > 1000', '--csv'],
      ['sequence', 'octal:0.9', '--max', '10'],
      ['grundy', 'nim'],
      ['nosuchcommand'],
      ['--version'],
      ['--help'],
      ['sequence', '--help'],
    ];
    for (const args of lines) {
      const a = run(bin, args, dir);
      const b = run(modules, args, dir);
      assert.deepEqual(a, b, `sprague ${args.join(' ')}`);
    }
    // Files written: the same picture from both.
    const svg = (entry: string, name: string) => {
      const r = run(entry, ['plot', 'wythoff', '--max', '40', '--out', join(dir, name)], dir);
      assert.equal(r.status, 0, r.stderr);
      return readFileSync(join(dir, name), 'utf8');
    };
    assert.equal(svg(bin, 'a.svg'), svg(modules, 'b.svg'));
    // The bundle served these (a cache per command, written at a command's first run), not the modules.
    for (const command of ['sequence', 'grundy', 'census', 'plot']) assert.ok(existsSync(codeCacheFile([command])), `a code cache for ${command}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a code cache V8 rejects (another build, Node or garbage) is replaced by a good one, and the output stays the same', () => {
  const args = ['sequence', 'octal:0.07', '--max', '200', '--summary'];
  const want = run(modules, args);
  const file = codeCacheFile(['bitstring']);
  writeFileSync(file, Buffer.alloc(4096, 0x5a));
  const first = run(bin, ['bitstring', 'wythoff', '--bits', '64']);
  assert.deepEqual(first, run(modules, ['bitstring', 'wythoff', '--bits', '64']));
  assert.ok(!readFileSync(file).equals(Buffer.alloc(4096, 0x5a)), 'the rejected cache was written anew');
  // A cache older than the bundle is never used (V8 would take another bundle's of the same length).
  const seq = codeCacheFile(args);
  run(bin, args);
  const past = (statSync(bundle).mtimeMs - 60_000) / 1000;
  utimesSync(seq, past, past);
  assert.deepEqual(run(bin, args), want);
  assert.ok(statSync(seq).mtimeMs >= statSync(bundle).mtimeMs, 'the stale cache was written anew');
});

test('a command line that names game modules runs from the modules, where they register their games', () => {
  assert.equal(namesGameModules(['--require', 'x.mjs', 'sequence'], {}), true);
  assert.equal(namesGameModules(['sequence', '--require=x.mjs'], {}), true);
  assert.equal(namesGameModules(['sequence', 'nim'], { SPRAGUE_GAMES: 'x.mjs' }), true);
  assert.equal(namesGameModules(['sequence', 'nim'], { SPRAGUE_GAMES: '' }), false);
  const r = run(bin, ['--require', example, 'sequence', 'mygame', '--max', '30', '--summary']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^period 9, preperiod 0/);
  const env = spawnSync(process.execPath, [bin, 'grundy', 'mygame', '9'], { encoding: 'utf8', env: { ...process.env, SPRAGUE_GAMES: example } });
  assert.equal(env.status, 0, env.stderr);
});

test('the cache key is the command word, one file per command, never a path from the command line', () => {
  assert.match(codeCacheFile(['sequence', 'octal:0.16']), /sprague\.cjs\.sequence\.cache$/);
  assert.match(codeCacheFile(['--max-memory', '2G']), /sprague\.cjs\.-\.cache$/);
  assert.match(codeCacheFile(['../../etc/x']), /sprague\.cjs\.-\.cache$/);
  assert.match(codeCacheFile([]), /sprague\.cjs\.-\.cache$/);
});

test('Ctrl-C through the bundle: exit 130, what was finished printed in whole lines, as from the modules', async () => {
  const r = await ctrlCAt(['bitstring', 'wythoff+1,2', '--bits', '200000000'], { stderr: /bitstring progress [1-9]/ }, 120_000, bin);
  assert.notEqual(r.exitAfter, undefined, `the run ended before its event (status ${r.status}):\n${r.stderr}`);
  assert.equal(r.signal, null, 'the CLI handles Ctrl-C itself');
  assert.equal(r.status, 130, r.stderr);
  assert.match(r.stderr, /interrupted/);
  assert.ok(r.stdout === '' || r.stdout.endsWith('\n'), 'complete lines only');
});
