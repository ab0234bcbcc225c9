/**
 * The census on many machines: games as jobs on a Redis queue (BullMQ), two worker processes, one
 * killed with SIGKILL in the middle of a job. The coordinator's database must equal a single-machine
 * run row for row (everything but wall times); a job that fails three times is stored as failed with
 * its error. Needs Debian's redis-server; skipped with the reason when it is missing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { watchCli, type Watched } from '../helpers/processes.js';
import { redisServerMissing, startRedis, type TestRedis } from '../helpers/redis.js';
import { comparable } from '../helpers/census.js';

const missing = redisServerMissing();
const dir = mkdtempSync(join(tmpdir(), 'sprague-census-queue-'));
let redis: TestRedis | undefined;
const workers: Watched[] = [];

before(async () => {
  if (!missing) redis = await startRedis();
});

after(async () => {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await redis?.stop();
});

/** A worker process with short locks, so that a killed worker's job is retried within seconds. */
function worker(): Watched {
  const w = watchCli(['worker', '--redis', redis!.url, '--threads', '1', '--lock-ms', '1500', '--json']);
  workers.push(w);
  return w;
}

const json = (l: string) => JSON.parse(l) as Record<string, unknown>;

test('a census through the queue with two workers, one killed mid-job: the database equals a single-machine run', { skip: missing }, async () => {
  const family = 'octal:2';
  const bound = '20000';
  const reference = join(dir, 'local.db');
  const local = runCli(['census', 'run', family, '--bound', bound, '--db', reference, '--json']);
  assert.equal(local.status, 0, local.stderr);
  // The games that take a while (no period: all 20001 values are computed).
  const slow = new Set(local.lines.filter((l) => l.status === 'open').map((l) => l.spec as string));

  const w1 = worker();
  const w2 = worker();
  const db = join(dir, 'queue.db');
  const coordinator = watchCli(['census', 'run', family, '--bound', bound, '--db', db, '--queue', redis!.url, '--json']);
  // Kill the first worker as soon as it starts a slow game: it dies holding that job's lock.
  const started = await w1.waitForLine((l) => l.startsWith('{') && json(l).status === 'started' && slow.has(json(l).spec as string));
  const lost = json(started).spec as string;
  w1.child.kill('SIGKILL');
  assert.equal(await w1.exit, 'SIGKILL');
  assert.ok(!w1.lines.some((l) => l.startsWith('{') && json(l).spec === lost && json(l).status !== 'started'), 'the killed worker had not finished its job');

  assert.equal(await coordinator.exit, 0, coordinator.stderr());
  const summary = json(coordinator.lines.at(-1)!);
  assert.equal(summary.games, 71);
  assert.equal(summary.failed, 0);
  // The surviving worker took the dead worker's job after its lock lapsed, and finished it.
  assert.ok(w2.lines.some((l) => l.startsWith('{') && json(l).spec === lost && json(l).status === 'open'), `${lost} was not retried by the other worker`);
  assert.deepEqual(comparable(db), comparable(reference));

  // A rerun through the queue finds everything stored and submits nothing.
  const rerun = runCli(['census', 'run', family, '--bound', bound, '--db', db, '--queue', redis!.url, '--json']);
  assert.equal(rerun.status, 0, rerun.stderr);
  assert.deepEqual(rerun.lines, [{ ...summary, computed: 0, skipped: 71 }]);
  w2.child.kill('SIGTERM');
  assert.equal(await w2.exit, 0, w2.stderr());
});

test('through the queue, a game failing three times is stored as failed with its error, as a single-machine run stores it', { skip: missing }, async () => {
  // push(misere(...), ...) is refused by the spec parser: a deterministic failure of two of the four games.
  const family = 'push:misere(subtraction:1,2);subtraction:1,2';
  const reference = join(dir, 'failed-local.db');
  const local = runCli(['census', 'run', family, '--bound', '50', '--db', reference, '--json']);
  assert.equal(local.status, 0, local.stderr);
  const w = worker();
  const db = join(dir, 'failed-queue.db');
  const run = runCli(['census', 'run', family, '--bound', '50', '--db', db, '--queue', redis!.url, '--json']);
  assert.equal(run.status, 0, run.stderr);
  const summary = run.lines.at(-1);
  assert.equal(summary.failed, 3);
  assert.equal(summary.done, 1);
  const failed = run.lines.filter((l) => l.status === 'failed');
  for (const f of failed) assert.match(f.error, /misère|misere/);
  // Three attempts each, on the worker (its lines are read once this test yields: runCli blocked the loop).
  const attempts = (spec: string) => w.lines.filter((l) => l.startsWith('{') && json(l).spec === spec && json(l).status === 'error').length;
  await w.waitForLine(() => failed.every((f) => attempts(f.spec) >= 3), 10_000);
  for (const f of failed) assert.equal(attempts(f.spec), 3, f.spec);
  assert.deepEqual(comparable(db), comparable(reference));
  w.child.kill('SIGTERM');
  assert.equal(await w.exit, 0);
});

test('census run --queue and worker --redis refuse an unreachable or malformed Redis with one line', () => {
  const dead = runCli(['census', 'run', 'subtraction:2', '--db', join(dir, 'x.db'), '--queue', 'redis://127.0.0.1:1']);
  assert.equal(dead.status, 2);
  assert.match(dead.stderr, /^sprague: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  assert.equal(dead.stderr.trim().split('\n').length, 1);
  const bad = runCli(['worker', '--redis', 'http://x']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bad Redis URL "http:\/\/x": the scheme must be redis:\/\//);
});
