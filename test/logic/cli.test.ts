import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';

test('sprague logic QUERY --json: one line per CLI.md (deciding-game-invariance section 3)', () => {
  const r = runCli(['logic', 'eval t "?msd_fib Ex,y x=y+1"', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines, [{ name: 't', result: true, states: 1 }]);
  const free = runCli(['logic', 'eval e "Ey x=2*y"', '--json']);
  assert.equal(free.lines[0].result, null);
  assert.equal(free.lines[0].states, 2);
});

test('sprague logic --file: definitions visible to later lines, # comments, --dot writes Graphviz', () => {
  const dir = mkdtempSync(join(tmpdir(), 'logic-'));
  const file = join(dir, 'q.txt');
  writeFileSync(file, '# evens\ndef even "Ey x=2*y";\neval t "Ax $even(x) | $even(x+1)";\neval u "?msd_fib Ax $vu(x,x) => x>=1";\n');
  const dot = join(dir, 'a.dot');
  const r = runCli(['logic', '--file', file, '--json', '--dot', dot]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map((l) => [l.name, l.result]), [['even', null], ['t', true], ['u', true]]);
  assert.match(readFileSync(dot, 'utf8'), /digraph/);
});

test('sprague logic eval NAME i j "φ" --mpl FILE: the JSON line lists the matrices, the file holds Walnut\'s Maple text', () => {
  const dir = mkdtempSync(join(tmpdir(), 'logic-'));
  const mpl = join(dir, 't.mpl');
  const r = runCli(['logic', 'eval t i j "i=j+1"', '--json', '--mpl', mpl]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines, [{ name: 't', result: null, states: 2, variables: ['i', 'j'], matrices: ['M_i_j_0_0', 'M_i_j_0_1', 'M_i_j_1_0', 'M_i_j_1_1'] }]);
  assert.match(readFileSync(mpl, 'utf8'), /^M_i_j_1_0 := Matrix\(\[\[0,1\],\n\[0,0\]\]\);$/m);
  const none = runCli(['logic', 'eval t "i=j+1"', '--json', '--mpl', join(dir, 'u.mpl')]);
  assert.equal(none.status, 2);
  assert.equal(existsSync(join(dir, 'u.mpl')), false);
});

test('sprague logic QUERY with several commands runs each, the ones after a promote too (Thue–Morse letters against the parity of binary 1s)', () => {
  const ns = [0, 1, 2, 3, 5, 6, 11, 12];
  const evals = ns.map((n) => `eval t${n} "?msd_2 T[${n}]=@1";`).join(' ');
  const r = runCli(['logic', `morphism thue "0->01 1->10"; promote T thue; ${evals}`, '--json']);
  assert.equal(r.status, 0, r.stderr);
  const ones = (n: number) => n.toString(2).split('').filter((d) => d === '1').length;
  assert.deepEqual(
    r.lines.map((l) => [l.name, l.result]),
    [['T', null], ...ns.map((n) => [`t${n}`, ones(n) % 2 === 1])],
  );
  // The last command may leave out its terminator, as a single query always could.
  const last = runCli(['logic', 'morphism thue "0->01 1->10"; promote T thue; eval u "?msd_2 T[7]=@1"', '--json']);
  assert.deepEqual(last.lines.at(-1), { name: 'u', result: true, states: 1 });
});

test('sprague logic: garbage in a morphism is a one-line error naming its position, exit 2', () => {
  for (const [body, at, what] of [
    ['0->01 1->10 zz', 13, 'zz'],
    ['0->01 garbage 1->10', 7, 'garbage 1->1'],
    ['0->01 1->', 7, '1->'],
    ['0->01 1->10; promote T h', 12, '; promote T '],
  ] as const) {
    const r = runCli(['logic', `morphism h "${body}";`]);
    assert.equal(r.status, 2, body);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.ok(r.stderr.includes(`unexpected ${JSON.stringify(what)} at character ${at} of ${JSON.stringify(body)}`), r.stderr);
  }
  // Separators Walnut's text uses (spaces, commas) are not garbage.
  assert.equal(runCli(['logic', 'morphism h "0->01, 1->10 ";']).status, 0);
});

test('sprague logic: bad input exits 2 with a one-line message naming the place', () => {
  const r = runCli(['logic', 'eval t "Ex x+ = 1"', '--json']);
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /column 7/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});

const suite = process.env['SPRAGUE_WALNUT_CONFORMANCE'] ?? fileURLToPath(new URL('../../../../shared/walnut-conformance', import.meta.url));

/**
 * A copy of the suite without the setup's command files (they take most of the setup's 30-45 s and
 * the cases below do not use them): the CLI contract is what is tested here, not the engine.
 */
function lightSuite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'walnut-'));
  cpSync(join(suite, 'fixtures'), join(dir, 'fixtures'), { recursive: true });
  cpSync(join(suite, 'expected'), join(dir, 'expected'), { recursive: true });
  const lines = (f: string) => readFileSync(join(suite, f), 'utf8').split('\n').filter((l) => l.trim());
  writeFileSync(join(dir, 'setup.jsonl'), lines('setup.jsonl').filter((l) => !/"command":\s*"load /.test(l)).join('\n') + '\n');
  writeFileSync(join(dir, 'cases.jsonl'), lines('cases.jsonl').join('\n') + '\n');
  return dir;
}

test('sprague logic --conformance DIR --only: the listed case lines, then the summary (CLI.md fields)', { skip: existsSync(`${suite}/cases.jsonl`) ? false : `no conformance suite at ${suite}` }, () => {
  const light = lightSuite();
  const r = runCli(['logic', '--conformance', light, '--only', '374,398-400,455', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.slice(0, -1).map((l) => l.id), [374, 398, 399, 400, 455]);
  assert.ok(r.lines.slice(0, -1).every((l) => ['pass', 'fail', 'skip'].includes(l.status)));
  assert.equal(r.lines[0].reason, 'mpl identical');
  assert.deepEqual(Object.keys(r.lines.at(-1)), ['passed', 'failed', 'skipped']);
  assert.equal(r.lines.at(-1).passed, 5);
  const bad = runCli(['logic', '--conformance', light, '--only', 'x-3', '--json']);
  assert.equal(bad.status, 2);
  rmSync(light, { recursive: true, force: true });
});

test('sprague logic --library DIR: a second process sees the first one\'s def, macro, word automaton and ost system; SPRAGUE_LOGIC_LIBRARY makes its folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'logic-lib-'));
  const lib = join(root, 'lib');
  const env = { SPRAGUE_LOGIC_LIBRARY: lib };
  const first = runCli(['logic', '--file', '-', '--json'], { env, input: 'def odd "Ek n=2*k+1";\nmacro par "Ek %0=2*k";\nmorphism tm "0->01 1->10";\npromote TM tm;\nost numsys [0 3 1] [1 2];\n' });
  assert.equal(first.status, 0, first.stderr);
  assert.ok(existsSync(join(lib, 'Automata Library', 'odd.txt')));
  assert.deepEqual(first.lines.at(-1).files, ['Custom Bases/msd_numsys.txt', 'Custom Bases/msd_numsys_addition.txt']);
  // The flag names the same folder; the second process has only the files.
  const second = runCli(['logic', '--library', lib, '--file', '-', '--json'], {
    input: 'eval a "An $odd(n) | #par(n)";\neval b "Ei TM[i]=TM[i+1] & TM[i+1]=TM[i+2]";\neval c "?msd_numsys Ax,y x+y=y+x";\ntest odd 3;\ninf odd;\n',
  });
  assert.equal(second.status, 0, second.stderr);
  assert.deepEqual(second.lines.map((l) => [l.name, l.result]), [['a', true], ['b', false], ['c', true], ['odd', null], ['odd', null]]);
  assert.deepEqual(second.lines[3].accepted, ['1', '11', '101']);
  assert.equal(second.lines[4].infinite, true);
  assert.ok(existsSync(join(lib, 'Result', 'a.txt')));
  // Human output: test prints the words, a reg shows its system (not an internal track name).
  const human = runCli(['logic', '--library', lib, '--file', '-'], { input: 'test odd 2;\nreg r msd_2 "0*1";\neval s "Ex y=x+1":\n' });
  assert.equal(human.status, 0, human.stderr);
  assert.match(human.stdout, /^1\n11\nr: 2 states over msd_2\ns: 2 states over \(y\)\n  \S+ +\d+/);
});
