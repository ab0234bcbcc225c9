/**
 * The census through the library entry (src/index.ts): a family run into a store on the job runner's
 * threads and read back with a filter, as the README's example does; the library prints nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CensusStore, LocalExecutor, parseFamily, parseWhere, runCensus, sequenceWithPeriod, parseSpec } from '../../src/index.js';

test('library: a subtraction:5 census into a store, queried with a where clause, agrees with sequenceWithPeriod game by game', async () => {
  const store = CensusStore.open(':memory:');
  const executor = new LocalExecutor({ threads: 2 });
  try {
    const family = parseFamily('subtraction:5');
    const run = await runCensus(store, family, 200, executor);
    assert.deepEqual(run.summary, { family: 'subtraction:5', bound: 200, games: 31, done: 31, open: 0, failed: 0 });
    assert.equal(run.computed, 31);
    const long = store.rows(family.name, 200, parseWhere('period >= 8'));
    assert.ok(long.length > 0);
    for (const row of store.rows(family.name, 200)) {
      const { period } = sequenceWithPeriod(parseSpec(row.spec), 200);
      assert.equal(row.period, period.period, row.spec);
      assert.equal(row.preperiod, period.preperiod, row.spec);
      assert.equal(long.some((r) => r.spec === row.spec), period.period! >= 8, row.spec);
    }
    // A rerun finds everything stored and computes nothing.
    const again = await runCensus(store, family, 200, executor);
    assert.equal(again.computed, 0);
    assert.equal(again.skipped, 31);
  } finally {
    await executor.close();
    store.close();
  }
});

test('library: a stopped census keeps the finished games and throws InterruptedError with the run so far', async () => {
  const store = CensusStore.open(':memory:');
  const executor = new LocalExecutor({ threads: 1 });
  const stop = new AbortController();
  try {
    const family = parseFamily('subtraction:6');
    let rows = 0;
    await assert.rejects(
      runCensus(store, family, 200, executor, {
        signal: stop.signal,
        onRow: () => {
          if (++rows === 5) stop.abort();
        },
      }),
      (e: unknown) => e instanceof Error && e.name === 'InterruptedError' && (e as { partial?: { computed: number } }).partial!.computed >= 5,
    );
    const stored = store.summary(family.name, 200);
    assert.ok(stored.done >= 5 && stored.done < 63, `${stored.done} stored`);
    const rest = await runCensus(store, family, 200, executor);
    assert.equal(rest.skipped, stored.done);
    assert.equal(rest.summary.done, 63);
  } finally {
    await executor.close();
    store.close();
  }
});

test('extending the open games (openAt): only the games open at the smaller bound are computed again; 0.4 (period 34 from 54) is certified at 4096', async () => {
  const store = CensusStore.open(':memory:');
  const executor = new LocalExecutor({ threads: 2 });
  try {
    const family = parseFamily('octal:1');
    const first = await runCensus(store, family, 64, executor);
    assert.deepEqual([first.summary.done, first.summary.open], [6, 2]);
    const extended = await runCensus(store, family, 4096, executor, { openAt: 64 });
    assert.equal(extended.computed, 2);
    const rows = store.rows(family.name, 4096);
    assert.deepEqual(rows.map((r) => [r.spec, r.status, r.period, r.preperiod]), [
      ['octal:0.4', 'done', 34, 54],
      ['octal:0.6', 'open', null, null],
    ]);
    // Growing a census a few games at a time: each run of some of the open games keeps the others listed.
    for (const spec of ['octal:0.6', 'octal:0.4']) {
      await runCensus(store, { ...family, members: family.members.filter((m) => m.spec === spec) }, 8192, executor, { openAt: 64 });
    }
    assert.deepEqual(
      store.rows(family.name, 8192).map((r) => r.spec),
      ['octal:0.6', 'octal:0.4'],
      'the census to 8192, run one game at a time, lists both (in the order they were run)',
    );
    await assert.rejects(runCensus(store, family, 64, executor, { openAt: 64 }), /needs a bound above 64/);
    await assert.rejects(runCensus(store, family, 8192, executor, { openAt: 100 }), /no census of octal:1 to 100/);
  } finally {
    await executor.close();
    store.close();
  }
});
