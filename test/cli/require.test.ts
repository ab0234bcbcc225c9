/**
 * Custom games from the command line (issue 23 item 6): `--require FILE` loads a user's module that
 * registers a spec name, for every command and for `serve`, whose job workers load it too. The module is
 * the README's worked example, examples/mygame.js (prime subtraction: remove 2, 3, 5 or 7 tokens).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Solver, grundySequence, parseSpec } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { watchCli } from '../helpers/processes.js';

const example = fileURLToPath(new URL('../../../examples/mygame.js', import.meta.url));

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
