import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli.js';
import { Solver } from '../../../src/core/solver.js';
import { RewriteGame } from '../../../src/games/rewrite/game.js';
import { rules } from './helpers.js';

test('lengths --json: taking-and-merging section 3.3, the paper sequence for {a,a2,a3,a4,b} up to 23, one line per length', () => {
  const r = runCli(['lengths', 'rewrite:a,a2,a3,a4,b', '--max', '23', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 24);
  assert.deepEqual(
    r.lines.map((l) => l.runningMax),
    [0, 1, 2, 3, 4, 5, 5, 6, 7, 7, 7, 7, 7, 8, 9, 9, 10, 11, 11, 12, 13, 13, 13, 14],
  );
  for (const l of r.lines) {
    assert.deepEqual(Object.keys(l).slice(0, 5), ['length', 'words', 'maxGrundy', 'runningMax', 'counts']);
    assert.equal(l.words, 2 ** l.length);
    assert.equal(l.counts.reduce((x: number, y: number) => x + y, 0), l.words);
    assert.equal(l.counts.length - 1, l.maxGrundy);
  }
  assert.deepEqual(r.lines[6].counts.length, 5);
});

test('lengths --words g lists the Grundy language L_g, each word with value g', () => {
  const r = runCli(['lengths', 'rewrite:a,a4,b', '--max', '9', '--words', '3', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.lines.length > 0);
  const game = new RewriteGame(rules('a,a4,b'));
  const solver = new Solver();
  for (const l of r.lines) {
    assert.equal(l.grundy, 3);
    const word = (l.word as string).replace(/([ab])(\d+)/g, (_, c: string, k: string) => c.repeat(Number(k)));
    assert.equal(word.length, l.length);
    assert.equal(solver.grundy(game, word), 3, word);
  }
  const counts = runCli(['lengths', 'rewrite:a,a4,b', '--max', '9', '--json']).lines;
  assert.equal(r.lines.length, counts.reduce((x, l) => x + (l.counts[3] ?? 0), 0));
});

test('lengths --checkpoint: a rerun continues from the last finished length and prints the same lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-lengths-'));
  try {
    const first = runCli(['lengths', 'rewrite:a,a2,b', '--max', '10', '--json', '--checkpoint', dir]);
    assert.equal(first.status, 0, first.stderr);
    const again = runCli(['lengths', 'rewrite:a,a2,b', '--max', '14', '--json', '--checkpoint', dir, '--threads', '1']);
    const fresh = runCli(['lengths', 'rewrite:a,a2,b', '--max', '14', '--json']);
    assert.deepEqual(again.lines, fresh.lines);
    const other = runCli(['lengths', 'rewrite:a,b', '--max', '4', '--json', '--checkpoint', dir]);
    assert.equal(other.status, 2);
    assert.match(other.stderr, /^sprague: checkpoint .*meta.json was written for rules "a,a2,b", not "a,b"\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lengths refuses other games, runs that would not fit, and lengthening rules, with one-line errors', () => {
  const nim = runCli(['lengths', 'nim', '--max', '3']);
  assert.equal(nim.status, 2);
  assert.match(nim.stderr, /^sprague: lengths needs a rewrite game/);
  const big = runCli(['lengths', 'rewrite:a,b', '--max', '24', '--memory', '16']);
  assert.equal(big.status, 3);
  assert.match(big.stderr, /need 32 MiB .* limit is 16 MiB; the largest length that fits is 23 \(raise it with --memory N\)\n$/);
  const bad = runCli(['lengths', 'rewrite:a,,b', '--max', '3']);
  assert.equal(bad.status, 2);
  assert.equal(bad.stderr.split('\n').length, 2);
});

test('rewrite subcommands: Theorem 6 pushdown and Theorem 5 agree, octal 0.07 as rewriting equals Dawson\'s Kayles', () => {
  const pda = runCli(['rewrite', 'pushdown', 'rewrite:a2,b3', '--check', '10', '--json']);
  assert.equal(pda.lines[0].agrees, true);
  const t5 = runCli(['rewrite', 'theorem5', 'rewrite:a2,b2', '--i-max', '6', '--j-max', '6', '--json']);
  assert.deepEqual(t5.lines[t5.lines.length - 1], { checked: 49, agrees: true });
  const oct = runCli(['rewrite', 'octal', '0.07', '--max', '40', '--json']);
  assert.deepEqual(oct.lines[0], { code: '0.07', spec: 'rewrite:aa->b' });
  assert.equal(oct.lines[oct.lines.length - 1].agrees, true);
  const conf = runCli(['rewrite', 'confluence', 'rewrite:a2,b3', 'a2b3a', '--json']);
  assert.deepEqual(conf.lines[0], { word: 'a2b3a', grundy: 0, moves: 2, normalForm: 'a', pushdown: 0 });
});

test('rewrite turing: taking-and-merging Proposition 28, a machine halting after 2 steps gives an N-position, with forced play', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tm-'));
  try {
    const file = join(dir, 'm.json');
    writeFileSync(
      file,
      JSON.stringify({
        states: ['q0', 'q1', 'yes', 'no'],
        start: 'q0',
        accept: 'yes',
        reject: 'no',
        tape: ['$', '_', '1'],
        leftMarker: '$',
        blank: '_',
        transitions: [
          ['q0', '$', 'q1', '$', 'R'],
          ['q1', '_', 'yes', '1', 'R'],
        ],
      }),
    );
    const r = runCli(['rewrite', 'turing', file, '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.lines[0].steps, 2);
    assert.equal(r.lines[0].forced, true);
    assert.equal(r.lines[0].outcome, 'N');
    writeFileSync(file, '{"states": []}');
    const bad = runCli(['rewrite', 'turing', file, '--json']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^sprague: bad Turing machine: "states"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
