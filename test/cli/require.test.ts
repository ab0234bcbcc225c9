/**
 * Custom games from the command line (issue 23 item 6): `--require FILE` loads a user's module that
 * registers a spec name, for every command and for `serve`, whose job workers load it too. The module is
 * the README's worked example, examples/mygame.mjs (prime subtraction: remove 2, 3, 5 or 7 tokens).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Solver, grundySequence, parseSpec } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { watchCli } from '../helpers/processes.js';
import { heapValues } from '../helpers/plain.js';

const example = fileURLToPath(new URL('../../../examples/mygame.mjs', import.meta.url));

test('--require registers the example game for sequence: its kernel and certifier, equal to the same game as a built-in subtraction game', () => {
  const r = runCli(['--require', example, 'sequence', 'mygame', '--max', '100', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const last = r.lines.at(-1);
  assert.deepEqual([last.period, last.preperiod, last.certified, last.spec], [9, 0, true, 'mygame']);
  assert.match(last.certificate, /^state cycle/);
  const reference = grundySequence(parseSpec('subtraction:2,3,5,7'), 100, { solver: new Solver() });
  assert.deepEqual(r.lines.slice(0, -1).map((l: { grundy: number }) => l.grundy), reference);
});

test('--require works after the command name, is repeatable, and serves grundy, ppositions and compounds', () => {
  const g = runCli(['grundy', 'push(nim,mygame)', '4,9', '--json', '--require', example, '--require', example]);
  assert.equal(g.status, 0, g.stderr);
  const direct = runCli(['grundy', 'push(nim,subtraction:2,3,5,7)', '4,9', '--json']);
  assert.equal(g.lines[0].grundy, direct.lines[0].grundy);
  const p = runCli(['ppositions', 'mygame', '--heaps', '2', '--max', '12', '--json', '--require', example]);
  const q = runCli(['ppositions', 'subtraction:2,3,5,7', '--heaps', '2', '--max', '12', '--json']);
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(p.lines, q.lines);
});

test('without --require the game is unknown; a module that cannot be loaded is bad input naming the file and the flag', () => {
  const unknown = runCli(['sequence', 'mygame', '--max', '10']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown game "mygame"/);
  const missing = join(tmpdir(), 'no-such-game-module.js');
  const bad = runCli(['--require', missing, 'grundy', 'nim', '3']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^sprague: cannot load the game module .*no-such-game-module\.js \(--require\): /);
  assert.equal(bad.stderr.trim().split('\n').length, 1);
});

test('sprague --require FILE serve: the page checks the game and the worker threads draw it', async () => {
  const served = watchCli(['--require', example, 'serve', '--port', '0']);
  try {
    const first = await served.waitForLine((l) => l.startsWith('listening on '), 60_000);
    const url = first.slice('listening on '.length);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(url + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return { status: res.status, data: (await res.json()) as any };
    };
    const check = await post('/api/check', { spec: 'mygame' });
    assert.deepEqual([check.status, check.data.name, check.data.defaultKind], [200, 'mygame', 'sequence']);
    const g = await post('/api/run', { job: 'grundy', args: { spec: 'mygame', positions: ['9'] } });
    assert.deepEqual(g.data.result, [{ position: '9', formatted: '9', grundy: 0, outcome: 'P' }]);
    const start = await post('/api/jobs', { spec: 'mygame', max: 300 });
    assert.equal(start.status, 202, JSON.stringify(start.data));
    let job: any;
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      job = await (await fetch(`${url}/api/jobs/${start.data.id}`)).json();
      if (job.state !== 'running') break;
    }
    assert.equal(job.state, 'done', JSON.stringify(job.error));
    assert.deepEqual([job.result.summary.period, job.result.summary.preperiod, job.result.summary.certified], [9, 0, true]);
  } finally {
    served.child.kill('SIGTERM');
    await served.exit;
  }
});

/** A project as `npm init -y` makes it (CommonJS by default), with this sprague installed in it. */
function commonJsProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-project-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'project', version: '1.0.0', main: 'index.js', license: 'ISC' }));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(fileURLToPath(new URL('../../../', import.meta.url)), join(dir, 'node_modules', 'sprague'), 'dir');
  return dir;
}

test('the examples load in a CommonJS project (issue 33): the .mjs and the .cjs as they are, the .ts once compiled; an ES .js says how to fix it', () => {
  const dir = commonJsProject();
  for (const f of ['mygame.mjs', 'mygame.cjs']) copyFileSync(fileURLToPath(new URL(`../../../examples/${f}`, import.meta.url)), join(dir, f));
  const mjs = runCli(['--require', './mygame.mjs', 'sequence', 'mygame', '--max', '40', '--json'], { cwd: dir });
  assert.equal(mjs.status, 0, mjs.stderr);
  assert.deepEqual([mjs.lines.at(-1).period, mjs.lines.at(-1).certified], [9, true]);

  const half = heapValues(12, (n) => [...(n > 0 ? [n - 1] : []), ...(n > 0 && n % 2 === 0 ? [n / 2] : [])]);
  const cjs = runCli(['--require', './mygame.cjs', 'grundy', 'halving', ...half.map((_, n) => String(n)), '--json'], { cwd: dir });
  assert.equal(cjs.status, 0, cjs.stderr);
  assert.deepEqual(cjs.lines.map((l: { grundy: number }) => l.grundy), half);

  // The TypeScript example, compiled against the package's own types.
  const out = join(dir, 'ts-out');
  const tsc = spawnSync(process.execPath, [fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url)), '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict', '--skipLibCheck', '--rootDir', fileURLToPath(new URL('../../../examples', import.meta.url)), '--outDir', out, fileURLToPath(new URL('../../../examples/mygame.ts', import.meta.url))], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  copyFileSync(join(out, 'mygame.js'), join(dir, 'squares.mjs'));
  const squares = heapValues(30, (n) => Array.from({ length: Math.floor(Math.sqrt(n)) }, (_, k) => n - (k + 1) * (k + 1)));
  const ts = runCli(['--require', './squares.mjs', 'grundy', 'squares', ...squares.map((_, n) => String(n)), '--json'], { cwd: dir });
  assert.equal(ts.status, 0, ts.stderr);
  assert.deepEqual(ts.lines.map((l: { grundy: number }) => l.grundy), squares);

  // The ES module copied as .js into the CommonJS project: a Node that detects module syntax loads it (with its
  // own warning); one that does not refuses it, and sprague says how to fix it, in one line.
  copyFileSync(join(dir, 'mygame.mjs'), join(dir, 'mygame.js'));
  const js = runCli(['--require', './mygame.js', 'sequence', 'mygame', '--max', '20', '--json'], { cwd: dir });
  if (js.status === 0) assert.equal(js.lines.at(-1).period, 9);
  else {
    assert.equal(js.status, 2, js.stderr);
    assert.match(js.stderr, /^sprague: cannot load the game module \.\/mygame\.js \(--require\): .*rename it to \.\/mygame\.mjs, or add "type": "module"/);
    assert.equal(js.stderr.trimEnd().split('\n').length, 1);
  }
  // A file Node must read as CommonJS (.cjs) written with import statements: the fix, in one line.
  writeFileSync(join(dir, 'bad.cjs'), "import { registerGame } from 'sprague';\n");
  const bad = runCli(['--require', './bad.cjs', 'grundy', 'nim', '3'], { cwd: dir });
  assert.equal(bad.status, 2, bad.stderr);
  // Node may print its own warning first; sprague's is one line, the last.
  const said = bad.stderr.trimEnd().split('\n').filter((l) => l.startsWith('sprague:'));
  assert.equal(said.length, 1, bad.stderr);
  assert.match(said[0]!, /^sprague: cannot load the game module \.\/bad\.cjs \(--require\): Cannot use import statement outside a module; .*rename it to \.\/bad\.mjs/);
});
