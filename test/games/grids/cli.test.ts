import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.js';

test('sprague bluff pushcram: push-the-button Conjecture 5.0.3 bluff clause, as NOTES.md records it', () => {
  const r = runCli(['bluff', 'pushcram', '3x9', '3x11', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 2);
  assert.deepEqual(r.lines[0], {
    position: '3x9',
    outcome: 'N',
    bluff: false,
    pushWins: true,
    placementsWin: false,
    moves: 19,
    winningMoves: ['push'],
  });
  assert.equal(r.lines[1].outcome, 'N');
  assert.equal(r.lines[1].pushWins, false);
  assert.equal(r.lines[1].placementsWin, true);
  assert.equal(r.lines[1].winningMoves.length, 22);
});

test('sprague bluff: bad boards and specs exit 2 with a one-line message naming the column', () => {
  const bad = runCli(['bluff', 'pushcram', '3x4', '..#/.a.', '--json']);
  assert.equal(bad.status, 2);
  assert.equal(bad.stdout, '');
  assert.match(bad.stderr, /^sprague: bad position "\.\.#\/\.a\." at column 6: .*\n$/);
  const spec = runCli(['bluff', 'nim', '3x4']);
  assert.equal(spec.status, 2);
  assert.match(spec.stderr, /cram or pushcram/);
});

test('a flag nothing reads for this game or these positions is refused with exit 2 and one line, not ignored (bluff, grundy)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-grid-flags-'));
  const table = join(dir, 't.tt');
  const refused: [string[], RegExp][] = [
    [['bluff', 'cram', '3x3', '--checkpoint', '/etc/passwd'], /^sprague: --checkpoint does nothing here: bluff cram values its moves by CRAM's Grundy search/],
    [['bluff', 'cram', '3x3', '--checkpoint', table, '--checkpoint-every', '5'], /^sprague: --checkpoint does nothing here/],
    [['bluff', 'pushcram', '(2,3x3)', '--checkpoint', table], /^sprague: --checkpoint does nothing here: a pushcram board past the button/],
    [['bluff', 'pushcram', '3x3', '--checkpoint-every', '5'], /^sprague: --checkpoint-every does nothing here: it says how often to save --checkpoint FILE/],
    [['grundy', 'nim', '3,5', '--checkpoint', table], /^sprague: --checkpoint does nothing here: nim is not solved by a grid search/],
    [['grundy', 'pushcram', '(2,3x3)', '--checkpoint', table], /^sprague: --checkpoint does nothing here/],
    [['grundy', 'nim', '3,5', '--outcome-only'], /^sprague: --outcome-only does nothing here: nim is not solved by a grid search/],
    [['grundy', 'cram', '3x3', '--outcome-only'], /^sprague: --outcome-only does nothing here: .*CRAM always gets its Grundy value/],
    [['grundy', 'pushcram', '(2,3x3)', '--outcome-only'], /^sprague: --outcome-only does nothing here/],
  ];
  for (const [args, why] of refused) {
    const r = runCli(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.split('\n').length, 2, r.stderr);
    assert.match(r.stderr, why);
  }
  assert.equal(existsSync(table), false, 'no checkpoint was written');
  // Where a search reads them, they are taken: the table is saved, and the outcome is the one without the flag.
  const kept = runCli(['bluff', 'pushcram', '3x3', '(2,3x3)', '--checkpoint', table, '--json']);
  assert.equal(kept.status, 0, kept.stderr);
  assert.ok(existsSync(table), 'the pushcram board before the button saved its table');
  assert.deepEqual(kept.lines, runCli(['bluff', 'pushcram', '3x3', '(2,3x3)', '--json']).lines);
  const cram = runCli(['grundy', 'cram', '3x4', '--checkpoint', join(dir, 'cram.tt'), '--json']);
  assert.equal(cram.status, 0, cram.stderr);
  assert.ok(existsSync(join(dir, 'cram.tt')));
  const outcome = runCli(['grundy', 'pushcram', '3x4', '--outcome-only', '--json']);
  assert.equal(outcome.status, 0, outcome.stderr);
  assert.equal(outcome.lines[0].outcome, runCli(['grundy', 'pushcram', '3x4', '--json']).lines[0].outcome);
  rmSync(dir, { recursive: true, force: true });
});
