/**
 * A single-machine census killed outright (SIGKILL) loses only the games in flight: every game it
 * reported is in the database, once; a rerun computes only the rest and ends with the same rows as a
 * run that was never interrupted. Ctrl-C (the job runner's stop) keeps what finished and exits 130.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'libsql';
import { comparable } from '../helpers/census.js';
import { runCli } from '../helpers/cli.js';
import { watchCli } from '../helpers/processes.js';

const FAMILY = 'octal:2';
const BOUND = '20000';
const dir = mkdtempSync(join(tmpdir(), 'sprague-census-kill-'));

function specsIn(db: string): string[] {
  return comparable(db).map((r) => r.spec);
}

test('census run killed with SIGKILL mid-run, then rerun: nothing finished lost or duplicated, the same rows as an uninterrupted run', async () => {
  const reference = join(dir, 'reference.db');
  const full = runCli(['census', 'run', FAMILY, '--bound', BOUND, '--db', reference, '--threads', '1', '--json']);
  assert.equal(full.status, 0, full.stderr);
  const games = full.lines.at(-1).games as number;
  assert.equal(games, 71);

  const db = join(dir, 'killed.db');
  const run = watchCli(['census', 'run', FAMILY, '--bound', BOUND, '--db', db, '--threads', '1', '--json']);
  // Kill once a few games are reported, while the slow open ones (0.6, 0.04, ...) are still ahead.
  await run.waitForLine(() => run.lines.length >= 8);
  run.child.kill('SIGKILL');
  assert.equal(await run.exit, 'SIGKILL');
  const reported = run.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).filter((l) => l.spec !== undefined);
  const stored = specsIn(db);
  assert.ok(stored.length < games, `the run finished before the kill (${stored.length} rows)`);
  for (const r of reported) assert.ok(stored.includes(r.spec), `${r.spec} was reported but is not stored`);
  assert.equal(new Set(stored).size, stored.length);
  const raw = new Database(db);
  assert.equal((raw.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check, 'ok');
  raw.close();

  const rerun = runCli(['census', 'run', FAMILY, '--bound', BOUND, '--db', db, '--threads', '1', '--json']);
  assert.equal(rerun.status, 0, rerun.stderr);
  const summary = rerun.lines.at(-1);
  assert.equal(summary.skipped, stored.length);
  assert.equal(summary.computed, games - stored.length);
  assert.equal(rerun.lines.length - 1, games - stored.length, 'the rerun reports only the games it computed');
  assert.deepEqual(comparable(db), comparable(reference));
});

test('census run: Ctrl-C (SIGINT, the job runner stop) keeps every finished game, prints the summary, exits 130; a rerun resumes and ends with the uninterrupted rows', async () => {
  const db = join(dir, 'interrupted.db');
  const run = watchCli(['census', 'run', FAMILY, '--bound', BOUND, '--db', db, '--threads', '2', '--json']);
  await run.waitForLine(() => run.lines.length >= 8);
  run.child.kill('SIGINT');
  assert.equal(await run.exit, 130, run.stderr());
  assert.match(run.stderr(), /interrupted; finished work was kept/);
  const json = run.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const summary = json.at(-1);
  assert.equal(summary.family, FAMILY);
  const reported = json.filter((l) => l.spec !== undefined).map((l) => l.spec as string);
  const stored = specsIn(db);
  // Every game reported is stored, and every stored game was reported: a game stopped midway is neither.
  assert.deepEqual([...stored].sort(), [...reported].sort());
  assert.equal(summary.done + summary.open + summary.failed, stored.length);
  assert.equal(summary.failed, 0, 'a stopped game is not a failure');
  assert.ok(stored.length < 71);
  const rerun = runCli(['census', 'run', FAMILY, '--bound', BOUND, '--db', db, '--threads', '2', '--json']);
  assert.equal(rerun.status, 0, rerun.stderr);
  assert.equal(rerun.lines.at(-1).skipped, stored.length);
  assert.equal(rerun.lines.at(-1).done + rerun.lines.at(-1).open, 71);
  assert.deepEqual(comparable(db), comparable(join(dir, 'reference.db')));
});
