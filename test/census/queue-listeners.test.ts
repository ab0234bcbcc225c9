/**
 * The queue coordinator (QueueExecutor) with many games in flight on one stop signal, as `census run
 * --queue` submits a family's games: no listener piles up per game (Node's MaxListenersExceededWarning past
 * 10 on one AbortSignal), every game's row comes back, and a stop rejects the games still waiting. Needs
 * Debian's redis-server; skipped with the reason when it is missing.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { after, before, test } from 'node:test';
import { InterruptedError } from '../../src/core/errors.js';
import { parseFamily } from '../../src/census/families.js';
import type { CensusTask } from '../../src/census/compute.js';
import { CensusWorker, QueueExecutor } from '../../src/executors/queue.js';
import { redisServerMissing, startRedis, type TestRedis } from '../helpers/redis.js';

const missing = redisServerMissing();
let redis: TestRedis | undefined;
const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);

before(async () => {
  if (missing) return;
  redis = await startRedis();
  process.on('warning', onWarning);
});

after(async () => {
  process.off('warning', onWarning);
  await redis?.stop();
});

/** The games of a family as the census loop submits them. */
function tasks(family: string, bound: number): CensusTask[] {
  return parseFamily(family).members.map((m) => ({ spec: m.spec, computation: m.computation, bound }));
}

const listenerWarnings = () => warnings.filter((w) => w.name === 'MaxListenersExceededWarning');

test('a family\'s games in flight on one stop signal: no MaxListenersExceededWarning, every row comes back', { skip: missing }, async () => {
  warnings.length = 0;
  const games = tasks('subtraction:4', 40);
  assert.ok(games.length > 11, `${games.length} games: more than Node's default of 10 listeners`);
  const executor = await QueueExecutor.open(redis!.url, { pollMs: 50 });
  const worker = await CensusWorker.start(redis!.url, { threads: 1 });
  try {
    const stop = new AbortController();
    const running = games.map((t) => executor.run(t, { signal: stop.signal }));
    assert.equal(getEventListeners(stop.signal, 'abort').length, 1, 'one listener for all the games');
    const rows = await Promise.all(running);
    assert.deepEqual(
      rows.map((r) => r.spec),
      games.map((t) => t.spec),
    );
    // Each settled game let go of the signal: a second family on the same signal adds no more.
    await Promise.all(tasks('subtraction:4', 41).map((t) => executor.run(t, { signal: stop.signal })));
    assert.equal(getEventListeners(stop.signal, 'abort').length, 0, 'no listener left once every game settled');
  } finally {
    await worker.stop('finish');
    await executor.close();
  }
  // A warning is emitted on the next tick.
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(listenerWarnings().map((w) => w.message), []);
});

test('a stop rejects every game still waiting with InterruptedError (no worker takes them)', { skip: missing }, async () => {
  warnings.length = 0;
  const games = tasks('subtraction:4', 60);
  const executor = await QueueExecutor.open(redis!.url, { pollMs: 50 });
  try {
    const stop = new AbortController();
    const settled = Promise.allSettled(games.map((t) => executor.run(t, { signal: stop.signal })));
    stop.abort();
    const outcomes = await settled;
    assert.ok(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof InterruptedError), 'each game was stopped');
    // A game submitted after the stop is refused at once.
    await assert.rejects(executor.run(games[0]!, { signal: stop.signal }), InterruptedError);
  } finally {
    await executor.close();
  }
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(listenerWarnings().map((w) => w.message), []);
});
