import { test } from 'node:test';
import assert from 'node:assert/strict';
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
