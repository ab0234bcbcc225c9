import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InputError, SpecError } from '../../src/core/errors.js';
import { BusyError, INLINE_MS, JobRunner } from '../../src/core/jobs.js';
import { rewriteRulesOf } from '../../src/core/ruleset.js';
import { findGrundyAutomaton } from '../../src/regular/grundy-automaton.js';
import { jobRunner, reviveAutomatonResult } from '../../src/jobs/index.js';
import { parseSpec } from '../../src/spec/index.js';
import { fixtureJobs } from './fixture-jobs.js';

const fixtureWorker = new URL('./fixture-worker.js', import.meta.url);

test('the learner as a job gives the same proved machine as in the caller thread, revived as a working Dfa', async () => {
  const runner = jobRunner();
  try {
    const rules = rewriteRulesOf(parseSpec('rewrite:a,a2,a3,b'))!;
    const here = findGrundyAutomaton(rules);
    const end = await runner.run('automaton', { rules, maxStates: 100, target: 'grundy' });
    assert.equal(end.end, 'done');
    if (end.end !== 'done') return;
    const there = reviveAutomatonResult(end.value);
    assert.equal(there.verified, true);
    assert.equal(there.states, here.states);
    assert.deepEqual([...there.machine!.delta], [...here.machine!.delta]);
    for (const w of ['', 'a', 'ab', 'aaab', 'babaaab']) assert.equal(there.machine!.value(there.alphabet.encode(w)), here.machine!.value(here.alphabet.encode(w)), w);
  } finally {
    await runner.close();
  }
});

test('a stopped job ends "interrupted" with its typed partial: the learner keeps its unproved hypothesis', async () => {
  const runner = jobRunner();
  try {
    const ac = new AbortController();
    // Stopped on its first progress (a hypothesis exists by then), not after a guessed time.
    const end = await runner.run('automaton', { rules: rewriteRulesOf(parseSpec('rewrite:a,a4,b'))!, maxStates: 5000, target: 'grundy' }, { signal: ac.signal, onProgress: () => ac.abort() });
    assert.equal(end.end, 'interrupted');
    if (end.end !== 'interrupted') return;
    assert.equal(end.killed, false);
    assert.equal(end.partial!.verified, false);
    assert.ok(end.partial!.lowerBound > 1);
  } finally {
    await runner.close();
  }
});

test('bad input keeps its class across the thread (exit 2 in the CLI, not an internal error)', async () => {
  const runner = jobRunner();
  try {
    await assert.rejects(runner.run('sequence', { spec: 'octal:0.9', max: 10 }), (e: unknown) => e instanceof SpecError || e instanceof InputError);
    await assert.rejects(runner.run('sequence', { spec: 'octal:0.9', max: 10 }, { inline: true }), (e: unknown) => e instanceof SpecError || e instanceof InputError);
  } finally {
    await runner.close();
  }
});

test('a limit ends "limit" with its name from the table and the typed partial', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker);
  try {
    const end = await runner.run('capped', { cap: 7 });
    assert.deepEqual(end, { end: 'limit', limit: 'subsets', message: 'the subset construction passed 7 states', partial: 7 });
  } finally {
    await runner.close();
  }
});

test('a worker that dies (process.exit, an uncaught error, out of memory) fails its job with one line, and is replaced', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker, { resourceLimits: { maxOldGenerationSizeMb: 48 } });
  try {
    assert.deepEqual(await runner.run('square', { n: 3 }), { end: 'done', value: 9 });
    await assert.rejects(runner.run('exit', {}), (e: Error) => {
      assert.equal(e.message, 'the job exit failed: its worker thread exited (code 3) without an answer');
      return true;
    });
    assert.deepEqual(await runner.run('square', { n: 4 }), { end: 'done', value: 16 });
    await assert.rejects(runner.run('crash', {}), (e: Error) => {
      assert.equal(e.message, 'the job crash failed: its worker thread crashed: boom');
      return true;
    });
    assert.deepEqual(await runner.run('square', { n: 5 }), { end: 'done', value: 25 });
    const oom = await runner.run('oom', {});
    assert.equal(oom.end, 'limit');
    if (oom.end === 'limit') {
      assert.equal(oom.limit, 'jobMemory');
      assert.doesNotMatch(oom.message, /\n/);
    }
    assert.deepEqual(await runner.run('square', { n: 6 }), { end: 'done', value: 36 });
  } finally {
    await runner.close();
  }
});

test('a job ended at once (kill) delivers every item it emitted before, and the next job runs', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker);
  try {
    const items: unknown[] = [];
    const kill = new AbortController();
    const t = performance.now();
    const run = runner.run('deaf', { ms: 60_000 }, { kill: kill.signal, onItem: (i) => (items.push(i), kill.abort()) });
    assert.deepEqual(await run, { end: 'interrupted', partial: undefined, killed: true });
    assert.ok(performance.now() - t < 20_000);
    assert.deepEqual(items, ['started']);
    // A stop the job does not read is ended after the grace time.
    const stop = new AbortController();
    const graced = runner.run('deaf', { ms: 60_000 }, { signal: stop.signal, graceMs: 100, onItem: () => stop.abort() });
    assert.deepEqual(await graced, { end: 'interrupted', partial: undefined, killed: true });
    assert.deepEqual(await runner.run('square', { n: 2 }), { end: 'done', value: 4 });
  } finally {
    await runner.close();
  }
});

test('a stopped job keeps its items and its partial; progress and labels reach the caller', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker);
  try {
    const items: unknown[] = [];
    const stop = new AbortController();
    const labels = new Set<string>();
    // Stopped once a label has come with the progress (an event), not after a guessed time.
    let labelled!: () => void;
    const labelSeen = new Promise<void>((r) => (labelled = r));
    const run = runner.start('count', { count: 1000, ms: 20 }, {
      signal: stop.signal,
      onItem: (i) => items.push(i),
      onProgress: (_, __, label) => {
        labels.add(label);
        if (/^item \d+$/.test(label)) labelled();
      },
    });
    await labelSeen;
    const seen = run.progress();
    assert.ok(seen.total === 1000 && seen.done > 0, JSON.stringify(seen));
    stop.abort();
    const end = await run.result;
    assert.equal(end.end, 'interrupted');
    if (end.end !== 'interrupted') return;
    assert.equal(end.partial!.done, items.length, 'every item emitted before the stop arrived, and only those');
    assert.deepEqual(items, Array.from({ length: items.length }, (_, i) => i));
    assert.ok([...labels].some((l) => /^item \d+$/.test(l)), [...labels].join());
  } finally {
    await runner.close();
  }
});

test(`an inline run longer than ${INLINE_MS} ms moves to a worker, where it can be stopped; its items are not repeated`, async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker);
  try {
    const items: unknown[] = [];
    const end = await runner.run('slowInline', { ms: 3 * INLINE_MS }, { inline: true, onItem: (i) => items.push(i) });
    assert.deepEqual(end, { end: 'done', value: 'finished' });
    assert.deepEqual(items, ['once']);
    const quick: unknown[] = [];
    assert.deepEqual(await runner.run('count', { count: 3, ms: 0 }, { inline: true, onItem: (i) => quick.push(i) }), { end: 'done', value: 3 });
    assert.deepEqual(quick, [0, 1, 2]);
  } finally {
    await runner.close();
  }
});

test('the line: a job waiting for a worker knows its place, and a cancel (stop or kill) takes it out without starting it', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker, { threads: 1 });
  try {
    const first = new AbortController();
    const items: Record<string, unknown[]> = { a: [], b: [], c: [], d: [] };
    const started: string[] = [];
    const start = (name: string, options: { signal?: AbortSignal } = {}) =>
      runner.start('count', { count: 100_000, ms: 5 }, { ...options, onItem: (i) => items[name]!.push(i), onStart: () => started.push(name) });
    const a = start('a', { signal: first.signal });
    const b = start('b');
    const c = start('c');
    const d = start('d');
    assert.deepEqual([a.place(), b.place(), c.place(), d.place()], [undefined, 1, 2, 3]);
    assert.deepEqual([runner.running, runner.waiting], [1, 3]);
    // The first job is on its worker (its first item is the event), the others still wait.
    await until(() => items['a']!.length > 0);
    assert.deepEqual(started, ['a']);
    b.stop();
    assert.deepEqual(await b.result, { end: 'interrupted', partial: undefined, killed: false });
    assert.deepEqual([c.place(), d.place()], [1, 2], 'the ones behind move up');
    c.kill();
    assert.deepEqual(await c.result, { end: 'interrupted', partial: undefined, killed: true });
    assert.deepEqual([d.place(), runner.waiting], [1, 1]);
    // The worker goes to the next one still in line when the first ends.
    first.abort();
    assert.equal((await a.result).end, 'interrupted');
    await until(() => items['d']!.length > 0);
    assert.equal(d.place(), undefined);
    d.stop();
    assert.equal((await d.result).end, 'interrupted');
    assert.deepEqual(started, ['a', 'd'], 'the cancelled jobs never started');
    assert.deepEqual([items['b'], items['c']], [[], []]);
    assert.deepEqual(runner.stats()['count'], { inline: 0, worker: 2 });
    assert.deepEqual([runner.running, runner.waiting], [0, 0]);
  } finally {
    await runner.close();
  }
});

test('the line has a cap: past it a job is refused at once with BusyError, and a place freed takes the next one', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker, { threads: 1, maxWaiting: 1 });
  try {
    const stop = new AbortController();
    const running = runner.start('count', { count: 100_000, ms: 5 }, { signal: stop.signal });
    const waiting = runner.start('square', { n: 7 });
    assert.throws(
      () => runner.start('square', { n: 8 }),
      (e: unknown) => e instanceof BusyError && e.message === 'all 1 workers are taken and the line of 1 waiting jobs is full' && e.running === 1 && e.waiting === 1,
    );
    waiting.stop();
    assert.equal((await waiting.result).end, 'interrupted');
    const next = runner.start('square', { n: 9 });
    assert.equal(next.place(), 1, 'the place freed is taken');
    stop.abort();
    assert.equal((await running.result).end, 'interrupted');
    assert.deepEqual(await next.result, { end: 'done', value: 81 });
  } finally {
    await runner.close();
  }
});

test('closing the runner ends the jobs still waiting without starting them', async () => {
  const runner = new JobRunner(fixtureJobs, fixtureWorker, { threads: 1 });
  const items: unknown[] = [];
  const running = runner.start('count', { count: 100_000, ms: 5 }, { onItem: (i) => items.push(i) });
  const waiting = runner.start('square', { n: 3 }, { onStart: () => assert.fail('started') });
  await until(() => items.length > 0);
  const ended = assert.rejects(running.result, /closed/, 'the job running is ended with its worker');
  await runner.close();
  assert.deepEqual(await waiting.result, { end: 'interrupted', partial: undefined, killed: false });
  await ended;
});

/** Waits for an event the test can see (never a fixed time). */
async function until(seen: () => boolean): Promise<void> {
  while (!seen()) await new Promise((r) => setTimeout(r, 10));
}
