import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.js';

test('CLI.md: grundy prints {"position","grundy","outcome"} per position, plus the heaps as an array (docs/cli.md)', () => {
  const r = runCli(['grundy', 'nim', '3,5', '1,2,3', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines, [
    { position: '3,5', grundy: 6, outcome: 'N', heaps: [3, 5] },
    { position: '1,2,3', grundy: 0, outcome: 'P', heaps: [1, 2, 3] },
  ]);
  const push = runCli(['grundy', 'push(nim,euclid)', '2,4', '2:2,4', '--json']);
  assert.deepEqual(push.lines, [
    { position: '2,4', grundy: 0, outcome: 'P', heaps: [2, 4] },
    { position: '2:2,4', grundy: 1, outcome: 'N', heaps: [2, 4], phases: [2] },
  ]);
  // Words, boards and sums have no array form: the contract's fields only.
  assert.deepEqual(runCli(['grundy', 'rewrite:a,b', 'ab', '--json']).lines, [{ position: 'ab', grundy: 0, outcome: 'P' }]);
});

test('docs/cli.md: a heap position is the same array in grundy and ppositions', () => {
  const p = runCli(['ppositions', 'wythoff', '--max', '5', '--json']).lines;
  const g = runCli(['grundy', 'wythoff', ...p.map((l) => l.position.join(',')), '--json']).lines;
  assert.deepEqual(p.map((l) => l.heaps), p.map((l) => l.position));
  assert.deepEqual(g.map((l) => l.heaps), p.map((l) => l.heaps));
  assert.ok(g.every((l) => l.outcome === 'P'));
});

test('CLI.md: misère games give the outcome only, with "grundy":null', () => {
  const r = runCli(['grundy', 'misere(nim)', '1,1', '2,2', '--json']);
  assert.deepEqual(r.lines, [
    { position: '1,1', grundy: null, outcome: 'N', heaps: [1, 1] },
    { position: '2,2', grundy: null, outcome: 'P', heaps: [2, 2] },
  ]);
});

test('CLI.md: ppositions lists {"position":[x,y]} in lexicographic order', () => {
  const r = runCli(['ppositions', 'wythoff', '--max', '20', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const got = r.lines.map((l) => l.position.join(','));
  assert.deepEqual(got, ['0,0', '1,2', '2,1', '3,5', '4,7', '5,3', '6,10', '7,4', '8,13', '9,15', '10,6', '11,18', '12,20', '13,8', '15,9', '18,11', '20,12']);
});

test('CLI.md: sequence prints {"n","grundy"} lines, then the period: 0.07 has period 34 and preperiod 53, certified; every line names the spec', () => {
  const r = runCli(['sequence', 'octal:0.07', '--max', '200', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 202);
  assert.deepEqual(r.lines[0], { n: 0, grundy: 0, spec: 'octal:0.07' });
  assert.deepEqual(r.lines[3], { n: 3, grundy: 1, spec: 'octal:0.07' });
  assert.ok(r.lines.every((l) => l.spec === 'octal:0.07'));
  const last = r.lines[201];
  assert.equal(last.period, 34);
  assert.equal(last.preperiod, 53);
  assert.equal(last.certified, true);
});

test('words and the empty word on the command line', () => {
  const r = runCli(['grundy', 'rewrite:a,a2,b', 'a5b2aba2', '', 'ε', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map((l) => l.grundy), [1, 0, 0]);
});

test('a rewrite system that does not shorten words runs under --max-depth, and hitting the bound is reported (exit 3)', () => {
  const ok = runCli(['grundy', 'rewrite:ab->ba', 'a2b2', '--max-depth', '10', '--json']);
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(ok.lines, [{ position: 'a2b2', grundy: 0, outcome: 'P' }]);
  const hit = runCli(['grundy', 'rewrite:ab->ba', 'a3b3', '--max-depth', '4', '--json']);
  assert.equal(hit.status, 3);
  assert.match(hit.stderr, /^sprague: depth bound 4 hit at .*: the value is not determined \(raise it with --max-depth N\)\n$/);
});

test('human output is an aligned table', () => {
  const r = runCli(['grundy', 'wythoff', '3,5', '10,10']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /^position\s+grundy\s+outcome\n3,5\s+0\s+P\n10,10\s+\d+\s+N\n$/);
});

test('CLI.md: grid games by name — `sprague grundy pushcram 3x9` (push-the-button, section 5) and `cram` boards', () => {
  const r = runCli(['grundy', 'pushcram', '3x9', '3x2', '--json']);
  assert.equal(r.status, 0, r.stderr);
  // Conjecture 5.0.3 (outcome clause): 3 x (2k+1) is N. Proposition 5.0.2 (iii): 3 x 2k is P.
  assert.equal(r.lines[0].outcome, 'N');
  assert.equal(r.lines[1].outcome, 'P');
  const c = runCli(['grundy', 'cram', '4x4', '1x7', '.#./...', '--json']);
  assert.equal(c.status, 0, c.stderr);
  assert.deepEqual(c.lines[0], { position: '4x4', grundy: 0, outcome: 'P' }, 'even by even is P (symmetry)');
  const octal = runCli(['grundy', 'octal:0.07', '7', '--json']);
  assert.equal(c.lines[1].grundy, octal.lines[0].grundy, 'Cram on 1 x 7 is the octal game 0.07 at 7');
  // The grid search and the plain solver agree on a drawn board.
  const plain = runCli(['grundy', 'sum(cram,nim)', '.#./... + 0', '--json']);
  assert.equal(plain.lines[0].grundy, c.lines[2].grundy);
});

test('the demo (the README quick start) runs every step to a clean exit with the papers\' numbers', () => {
  const r = runCli(['demo']);
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /exit code/, 'no step failed');
  assert.match(r.stdout, /period 34, preperiod 53 \(certified/);
  assert.match(r.stdout, /Grundy automaton with 8 states, proved/);
  assert.match(r.stdout, /\(1000000000000000000000000000000,1618033988749894848204586834367\)/);
});
