/**
 * One stop type (issue 30 item 3): the library polls `Stop.aborted`; a job in a worker reads a shared flag
 * through it, so a stop must reach a rewrite enumeration however it runs: in a plot job in a worker (one
 * thread, polled between slices), and over a worker pool (polled as each slice comes back), where an
 * `abort` listener used to wait for an event a flag never fires.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InterruptedError } from '../../src/core/errors.js';
import { newStopFlag, onAbort, raiseStop, stopAfter, stopAny, stopOnFlag } from '../../src/core/stop.js';
import { getEventListeners } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { enumerateByLength } from '../../src/games/rewrite/enumerate.js';
import { rules as parseRules } from '../games/rewrite/helpers.js';
import { jobRunner } from '../../src/jobs/index.js';

test('the constructors: a flag raised, a deadline passed, any of several', () => {
  const flag = newStopFlag();
  const onFlag = stopOnFlag(flag);
  assert.equal(onFlag.aborted, false);
  raiseStop(flag);
  assert.equal(onFlag.aborted, true);
  assert.equal(stopAfter(1e9).aborted, false);
  assert.equal(stopAfter(-1).aborted, true);
  const outer = new AbortController();
  const any = stopAny(undefined, outer.signal, stopAfter(1e9));
  assert.equal(any.aborted, false);
  outer.abort();
  assert.equal(any.aborted, true);
});

test('a rewrite enumeration over a worker pool stops on a raised flag as its slices come back, keeping the lengths finished', async () => {
  const flag = newStopFlag();
  const rules = parseRules('a,a2,a3,a4,b');
  let lengthsDone = 0;
  let raisedAt = -1;
  await assert.rejects(
    enumerateByLength(rules, 30, {
      threads: 2,
      signal: stopOnFlag(flag),
      // Raised inside a long length (past the pool's threshold), once two lengths are kept.
      onProgress: (n, done) => {
        if (n >= 21 && done > 0 && raisedAt < 0) {
          raisedAt = n;
          raiseStop(flag);
        }
      },
      onLength: () => {
        lengthsDone++;
      },
    }),
    (e: unknown) => {
      assert.ok(e instanceof InterruptedError);
      const kept = (e.partial as { lengths: unknown[] }).lengths;
      assert.equal(kept.length, lengthsDone);
      // Stopped inside the length it was raised in: that length is not finished (a listener never fired, and
      // the pool finished the length before the flag was read between lengths).
      assert.equal(kept.length, raisedAt);
      return true;
    },
  );
});

test('a plot of a rewrite game by lengths, run as a job in a worker, stops on its first progress and keeps its picture', async () => {
  const runner = jobRunner();
  try {
    const ac = new AbortController();
    const end = await runner.run('plot', { kind: 'lengths', spec: 'rewrite:a,a2,a3,a4,b', max: 30 }, { signal: ac.signal, onProgress: () => ac.abort() });
    assert.equal(end.end, 'interrupted');
    if (end.end !== 'interrupted') return;
    assert.equal(end.killed, false, 'the job stopped by itself: the stop reached the enumeration through the flag');
    assert.equal(typeof (end.partial as { svg?: unknown } | undefined)?.svg, 'string');
  } finally {
    await runner.close();
  }
});

test('onAbort: one listener per signal however many wait on it; each called once on abort; the last to let go removes it', () => {
  const c = new AbortController();
  const called: number[] = [];
  const releases = Array.from({ length: 50 }, (_, i) => onAbort(c.signal, () => called.push(i)));
  assert.equal(getEventListeners(c.signal, 'abort').length, 1);
  releases[7]!();
  releases[7]!();
  for (const r of releases.slice(40)) r();
  assert.equal(getEventListeners(c.signal, 'abort').length, 1, 'others still wait');
  c.abort();
  c.abort();
  assert.deepEqual(called, [...Array(40).keys()].filter((i) => i !== 7));
  for (const r of releases) r();
  const d = new AbortController();
  const release = onAbort(d.signal, () => assert.fail('let go before the abort'));
  release();
  assert.equal(getEventListeners(d.signal, 'abort').length, 0);
  d.abort();
});

test('a census of more than 10 games on this machine runs them on one signal without MaxListenersExceededWarning', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'sprague-stop-')), 'c.db');
  const r = runCli(['census', 'run', 'subtraction:4', '--bound', '40', '--db', db, '--threads', '2', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.ok((r.lines.at(-1) as { games: number }).games > 10, 'more games than the default limit of listeners');
  assert.doesNotMatch(r.stderr, /MaxListenersExceededWarning/);
});
