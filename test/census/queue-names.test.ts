/**
 * `--queue-name` (issue 33 part 6): two censuses on one Redis, each with its own queue name and its own
 * worker, run at once and do not mix: each worker computes only its census's games, and each database gets
 * every game of its family. The coordinators submit more games than Node's 10 listeners per signal, and no
 * process prints a MaxListenersExceededWarning. Needs Debian's redis-server; skipped when it is missing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { watchCli, type Watched } from '../helpers/processes.js';
import { redisServerMissing, startRedis, type TestRedis } from '../helpers/redis.js';

const missing = redisServerMissing();
const dir = mkdtempSync(join(tmpdir(), 'sprague-queue-names-'));
let redis: TestRedis | undefined;
const started: Watched[] = [];

before(async () => {
  if (!missing) redis = await startRedis();
});

after(async () => {
  for (const w of started) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function watch(args: string[]): Watched {
  const w = watchCli(args);
  started.push(w);
  return w;
}

const json = (l: string) => JSON.parse(l) as Record<string, unknown>;

test('two censuses with different --queue-name on one Redis at once: each worker takes only its own games; no MaxListenersExceededWarning', { skip: missing }, async () => {
  // The bounds tell the two censuses' jobs apart (the families share games).
  const censuses = [
    { name: 'alpha', family: 'subtraction:5', bound: 40, games: 31 },
    { name: 'beta', family: 'subtraction:4', bound: 41, games: 15 },
  ];
  const workers = censuses.map((c) => watch(['worker', '--redis', redis!.url, '--queue-name', c.name, '--threads', '1', '--json']));
  const coordinators = censuses.map((c) =>
    watch(['census', 'run', c.family, '--bound', String(c.bound), '--db', join(dir, `${c.name}.db`), '--queue', redis!.url, '--queue-name', c.name, '--json']),
  );
  for (const [i, c] of censuses.entries()) {
    const coordinator = coordinators[i]!;
    assert.equal(await coordinator.exit, 0, coordinator.stderr());
    const rows = coordinator.lines.map(json).filter((r) => r.spec !== undefined);
    assert.equal(rows.length, c.games, `${c.name}: a row per game`);
    assert.ok(rows.every((r) => r.bound === c.bound && (r.status === 'done' || r.status === 'open')), `${c.name}: ${JSON.stringify(rows)}`);
    const summary = coordinator.lines.map(json).at(-1)!;
    assert.equal(summary.games, c.games);
    assert.equal(summary.computed, c.games);
  }
  for (const w of workers) w.child.kill('SIGTERM');
  for (const [i, c] of censuses.entries()) {
    const worker = workers[i]!;
    assert.equal(await worker.exit, 0, worker.stderr());
    const ends = worker.lines.map(json).filter((l) => l.status !== 'started');
    assert.equal(ends.length, c.games, `${c.name}'s worker computed its ${c.games} games and no other`);
    assert.ok(ends.every((l) => l.bound === c.bound), `${c.name}'s worker took only its own queue's jobs`);
  }
  for (const p of [...workers, ...coordinators]) assert.doesNotMatch(p.stderr(), /MaxListenersExceededWarning|Warning:/);
});

test('--queue-name: a name BullMQ cannot key is bad input; on census run only with --queue', () => {
  const bad = runCli(['worker', '--redis', 'redis://127.0.0.1:1', '--queue-name', 'a:b']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^sprague: bad value "a:b" for --queue-name: letters, digits/);
  const alone = runCli(['census', 'run', 'subtraction:2', '--db', join(dir, 'x.db'), '--queue-name', 'alpha']);
  assert.equal(alone.status, 2);
  assert.equal(alone.stderr, 'sprague: bad value "alpha" for --queue-name: only with --queue\n');
});
