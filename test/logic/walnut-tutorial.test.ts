/**
 * The queries of Walnut's own tutorial, as pasted, with no library folder (issue 23 item 4): the
 * exercises of J. Shallit's "Walnut tutorial" and their solutions
 * (https://cs.uwaterloo.ca/~shallit/walnut-tutorial.html, .../walnutss.html), in the solutions' words.
 * T (Thue–Morse) and F (Fibonacci) are sprague's own standard words. The answers are the tutorial's;
 * where a finite check can decide, it is made here too from the words' definitions.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { Session } from '../../src/logic/session.js';

/** The tutorial's solutions as pasted; the page sets some of them side by side on one line. */
const TUTORIAL = `eval part1 "A x E y y=x+1";
eval part2 "A x E y x=y+1";
def odd "E k n=2*k+1";
def even "E k n=2*k";
eval thm1 "A m,n ($odd(m) & $odd(n)) => $even(m+n)";
eval thm2 "A m,n ($odd(m) & $even(n)) => $odd(m+n)";
def hasover "A t (t<=n) => T[i+t]=T[i+n+t]";
eval no_overlap "~E i,n (n>=1) & $hasover(i,n)";
eval mirror "A i,n E j A t (t<n) => T[i+t]=T[(j+n)-(t+1)]";
def equal_fac "A t (t<n) => T[i+t]=T[j+t]";
eval recurrent "A i,n E j j>i & $equal_fac(i,j,n)";
eval c1 "A i,n E j (j<=n) & $equal_fac(i,j,n)"; eval c2 "A i,n E j (j<=2*n) & $equal_fac(i,j,n)"; eval c4 "A i,n E j (j<=4*n) & $equal_fac(i,j,n)"; eval c8 "A i,n E j (j<=8*n) & $equal_fac(i,j,n)";
eval c6 "A i,n E j (j<=6*n) & $equal_fac(i,j,n)"; eval c5 "A i,n E j (j<=5*n) & $equal_fac(i,j,n)";
def squarelen "n >= 1 & E i A t (t< n) => T[i+t]=T[i+n+t]";
eval hasfibsquare "?msd_fib E i,n n>=1 & A t (t < n) => F[i+t]=F[i+t+n]";
eval hasfibcube "?msd_fib E i,n n>=1 & A t (t < 2*n) => F[i+t]=F[i+t+n]";
`;

/** The tutorial's answers: true/false for a sentence, null for a definition (a formula with free variables). */
const ANSWERS: [string, boolean | null][] = [
  ['part1', true],
  ['part2', false], // 0 has no predecessor in N
  ['odd', null],
  ['even', null],
  ['thm1', true],
  ['thm2', true],
  ['hasover', null],
  ['no_overlap', true], // Thue 1912: the Thue–Morse word has no overlap
  ['mirror', true],
  ['equal_fac', null],
  ['recurrent', true],
  ['c1', false],
  ['c2', false],
  ['c4', false],
  ['c8', true],
  ['c6', true], // so 6 is the least integer constant of linear recurrence
  ['c5', false],
  ['squarelen', null],
  ['hasfibsquare', true],
  ['hasfibcube', true],
];

function tutorialFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'walnut-tutorial-')), 'tutorial.txt');
  writeFileSync(file, TUTORIAL);
  return file;
}

test("Walnut's tutorial, pasted into a file: sprague logic --file runs it with no library folder and gives the tutorial's answers", () => {
  const r = runCli(['logic', '--file', tutorialFile(), '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.lines.map((l) => [l.name, l.result]), ANSWERS);
});

test("Walnut's tutorial on standard input: piped to sprague logic, and as --file -", () => {
  const piped = runCli(['logic', '--json'], { input: TUTORIAL });
  assert.equal(piped.status, 0, piped.stderr);
  assert.deepEqual(piped.lines.map((l) => [l.name, l.result]), ANSWERS);
  const dash = runCli(['logic', '--file', '-', '--json'], { input: TUTORIAL });
  assert.deepEqual(dash.lines, piped.lines);
});

test('the tutorial\'s squarelen: Thue–Morse has a square xx with |x| = n iff n = 2^k or 3·2^k (checked on a prefix of T)', () => {
  const line = TUTORIAL.split('\n').find((l) => l.startsWith('def squarelen'))!;
  const p = new Session().run(line).predicate!;
  const binary = (n: number) => (n === 0 ? [] : [...n.toString(2)].map(Number));
  const tm = Array.from({ length: 4096 }, (_, n) => [...n.toString(2)].filter((c) => c === '1').length % 2);
  for (let n = 1; n <= 64; n++) {
    let square = false;
    for (let i = 0; i + 2 * n <= tm.length && !square; i++) {
      let t = 0;
      while (t < n && tm[i + t] === tm[i + n + t]) t++;
      square = t === n;
    }
    const odd = n / 2 ** Math.log2(n & -n);
    assert.equal(square, odd === 1 || odd === 3, `n = ${n}: the prefix and the tutorial's claim`);
    assert.equal(p.dfa.value(binary(n)) !== 0, square, `n = ${n}: the automaton`);
  }
});

test('the tutorial\'s Fibonacci cube, on a prefix of F: some factor xxx with |x| >= 1 occurs, and no fourth power of small period', () => {
  const f = ['0', '01'];
  while (f.at(-1)!.length < 3000) f.push(f.at(-1)! + f.at(-2)!);
  const word = f.at(-1)!;
  const power = (k: number, n: number) => {
    for (let i = 0; i + k * n <= word.length; i++) if (word.slice(i, i + n).repeat(k) === word.slice(i, i + k * n)) return true;
    return false;
  };
  assert.ok(power(3, 2) || power(3, 3) || power(3, 5), 'a cube');
  assert.ok(![1, 2, 3, 5, 8, 13].some((n) => power(4, n)), 'no fourth power');
});
