/**
 * Census escalation (issue 31, "Escalation per game"; docs/atlas.md): the open games of a census run again
 * to twice the bound, continuing from the values their last run kept in the database, not from heap 0.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { InterruptedError } from '../../src/core/errors.js';
import { computeGame, type CensusTask } from '../../src/census/compute.js';
import { escalateCensus } from '../../src/census/escalate.js';
import type { Executor, GameOptions } from '../../src/census/executor.js';
import type { Family } from '../../src/census/families.js';
import type { CensusRow } from '../../src/census/row.js';
import { CensusStore } from '../../src/census/store.js';

/** Games computed in this thread, in order: a local executor without worker threads. */
class InlineExecutor implements Executor {
  readonly local = true;
  readonly tasks: CensusTask[] = [];
  /** `onProgress` sees each game's heaps done, as a worker's progress line would. */
  constructor(private readonly onProgress?: (done: number) => void) {}
  async run(task: CensusTask, options: GameOptions = {}): Promise<CensusRow> {
    this.tasks.push(task);
    return computeGame(task, { ...(options.signal ? { signal: options.signal } : {}), ...(this.onProgress ? { onProgress: this.onProgress } : {}) });
  }
  async close(): Promise<void> {}
}

const family = (...specs: string[]): Family => ({ name: `test:${specs.join(';')}`, members: specs.map((spec) => ({ spec, computation: 'sequence' })), defaultBound: 64 });

/** The result of a row (what a reader compares), without the run's own fields. */
function result(row: CensusRow): Record<string, unknown> {
  const { wallMs: _w, cpuMs: _c, maxRssKb: _m, version: _v, resumedFrom: _r, bound: _b, reason: _reason, reached: _reached, ...rest } = row as CensusRow & Record<string, unknown>;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
}

test('a game stopped open at bound B and continued to 2B from its kept values has the row of a run straight to 2B', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-escalate-'));
  const store = CensusStore.open(join(dir, 'atlas.db'));
  // 0.16 is open at 2^12 and 2^13 (period 149459 from 105351); 0.07 is certified at 2^8 (period 34 from 53: its
  // Guy–Smith window reads 174 values).
  const games = family('octal:0.16', 'octal:0.07');
  const executor = new InlineExecutor();
  // Each level is heard of as it ends, before the next one computes anything.
  const heard: [number, number][] = [];
  const { levels } = await escalateCensus(store, games, 64, 8192, executor, {}, (level) => heard.push([level.bound, executor.tasks.length]));
  assert.deepEqual(heard.map(([b]) => b), levels.map((l) => l.bound));
  assert.deepEqual(heard.slice(0, 3), [[64, 2], [128, 4], [256, 6]]);
  assert.deepEqual(
    levels.map((l) => [l.bound, l.result.summary.done, l.result.summary.open]),
    [
      [64, 0, 2],
      [128, 0, 2],
      [256, 1, 1],
      [512, 0, 1],
      [1024, 0, 1],
      [2048, 0, 1],
      [4096, 0, 1],
      [8192, 0, 1],
    ],
  );
  // Each level past the first continued 0.16 from the heaps the one before computed: G(0..B) is B + 1 values.
  const resumed = executor.tasks.filter((t) => t.spec === 'octal:0.16').map((t) => store.rows(games.name, t.bound)[0]!.resumedFrom ?? 0);
  assert.deepEqual(resumed, [0, 65, 129, 257, 513, 1025, 2049, 4097]);
  const escalated = store.rows(games.name, 8192)[0]!;
  const straight = computeGame({ spec: 'octal:0.16', computation: 'sequence', bound: 8192 });
  assert.equal(straight.resumedFrom, undefined);
  assert.deepEqual(result(escalated), { ...result(straight), family: games.name, idx: 0 });
  // The certified game needs no values kept; the open one keeps G(0..8192) for the next run.
  assert.deepEqual(
    store.keptValues().map((k) => k.spec),
    ['octal:0.16'],
  );
  store.close();
});

test('the kept values travel with the database: a copy continues where the original stopped', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-escalate-'));
  const first = CensusStore.open(join(dir, 'here.db'));
  const games = family('octal:0.6');
  await escalateCensus(first, games, 1024, 2048, new InlineExecutor());
  first.close();
  copyFileSync(join(dir, 'here.db'), join(dir, 'there.db'));
  const there = CensusStore.open(join(dir, 'there.db'));
  await escalateCensus(there, games, 1024, 4096, new InlineExecutor());
  assert.equal(there.rows(games.name, 4096)[0]!.resumedFrom, 2049);
  assert.deepEqual(result(there.rows(games.name, 4096)[0]!), { ...result(computeGame({ spec: 'octal:0.6', computation: 'sequence', bound: 4096 })), family: games.name, idx: 0 });
  there.close();
});

test('damaged kept values are dropped and the game starts afresh, with the same row', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-escalate-'));
  const path = join(dir, 'atlas.db');
  const games = family('octal:0.6');
  const store = CensusStore.open(path);
  await escalateCensus(store, games, 512, 1024, new InlineExecutor());
  store.close();
  // One byte of the kept chunk changed behind the store's back.
  const { default: Database } = await import('libsql');
  const raw = new Database(path);
  raw.prepare("UPDATE kept_chunks SET bytes = CAST(substr(bytes, 1, 100) || 'x' || substr(bytes, 102) AS BLOB)").run();
  raw.close();
  const again = CensusStore.open(path);
  const { restarted } = await escalateCensus(again, games, 512, 2048, new InlineExecutor());
  assert.deepEqual(restarted, ['octal:0.6']);
  const row = again.rows(games.name, 2048)[0]!;
  assert.equal(row.resumedFrom ?? 0, 0);
  assert.deepEqual(result(row), { ...result(computeGame({ spec: 'octal:0.6', computation: 'sequence', bound: 2048 })), family: games.name, idx: 0 });
  again.close();
});

test('a stop during a level keeps the values of the game in flight, and the next run continues from them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-escalate-'));
  const store = CensusStore.open(join(dir, 'atlas.db'));
  const games = family('octal:0.6');
  await escalateCensus(store, games, 1 << 14, 1 << 14, new InlineExecutor());
  const before = store.keptValues()[0]!.size;
  // The next level is stopped once its game has passed 20000 heaps (the kernel reports between chunks).
  const stop = new AbortController();
  const stopping = new InlineExecutor((done) => {
    if (done > 20000) stop.abort();
  });
  await assert.rejects(escalateCensus(store, games, 1 << 14, 1 << 15, stopping, { signal: stop.signal }), InterruptedError);
  assert.equal(store.rows(games.name, 1 << 15).length, 0, 'an interrupted game stores no row');
  const kept = store.keptValues()[0]!.size;
  // One byte a heap (0.6's values are below 256 here), and a header line.
  assert.ok(kept > before + 20000 - (1 << 14), `kept ${kept} bytes, ${before} before the level`);
  await escalateCensus(store, games, 1 << 14, 1 << 15, new InlineExecutor());
  const row = store.rows(games.name, 1 << 15)[0]!;
  assert.ok(row.resumedFrom! > 20000 && row.resumedFrom! < 1 << 15, `resumed from ${row.resumedFrom}`);
  assert.deepEqual(result(row), { ...result(computeGame({ spec: 'octal:0.6', computation: 'sequence', bound: 1 << 15 })), family: games.name, idx: 0 });
  store.close();
});

test('an escalation from a bound with no open game ends with the summary of that empty level', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-escalate-'));
  const store = CensusStore.open(join(dir, 'atlas.db'));
  const games = family('octal:0.07');
  await escalateCensus(store, games, 256, 256, new InlineExecutor());
  const { levels } = await escalateCensus(store, games, 512, 1024, new InlineExecutor(), { openAt: 256 });
  assert.deepEqual(levels.map((l) => [l.bound, l.result.summary.games]), [[512, 0]]);
  store.close();
});
