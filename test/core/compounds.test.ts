import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Solver } from '../../src/core/solver.js';
import { parseSpec, parsePosition } from '../../src/spec/index.js';
import { pPositionsInBox } from '../../src/analysis/ppositions.js';

const PHI = (1 + Math.sqrt(5)) / 2;
/** Wythoff pairs (a_n, b_n) = (⌊nφ⌋, ⌊nφ⌋ + n), push-the-button Proposition 3.1.3. */
const wythoffPair = (n: number): [number, number] => [Math.floor(n * PHI), Math.floor(n * PHI) + n];

function box(spec: string, max: number): Set<string> {
  return new Set(pPositionsInBox(parseSpec(spec), 2, max).map((p) => p.join(',')));
}

test('push-the-button Lemma 2.1.1: R ⊙ R = R + * for Nim, Wythoff, Euclid and a subtraction game', () => {
  const s = new Solver();
  for (const r of ['nim', 'wythoff', 'euclid']) {
    const rr = parseSpec(`push(${r},${r})`);
    const plusStar = parseSpec(`sum(${r},nim)`);
    for (let a = 0; a <= 12; a++)
      for (let b = 0; b <= 12; b++) {
        const g = s.grundy(rr, parsePosition(rr, `${a},${b}`));
        assert.equal(g, s.grundy(plusStar, parsePosition(plusStar, `${a},${b}+1`)), `${r} at (${a},${b})`);
      }
  }
  const sub = parseSpec('push(subtraction:1,3,subtraction:1,3)');
  const subStar = parseSpec('sum(subtraction:1,3,nim)');
  for (let n = 0; n <= 60; n++) assert.equal(s.grundy(sub, parsePosition(sub, String(n))), s.grundy(subStar, parsePosition(subStar, `${n}+1`)));
});

test('push-the-button Table 1: the first P-positions of NIM ⊙ EUCLID', () => {
  const p = [...box('push(nim,euclid)', 28)]
    .map((t) => t.split(',').map(Number))
    .filter(([a, b]) => a! <= b!)
    .map(([a, b]) => `(${a},${b})`);
  assert.deepEqual(p, ['(0,1)', '(2,4)', '(3,5)', '(6,10)', '(7,12)', '(8,13)', '(9,15)', '(11,18)', '(14,23)', '(16,26)', '(17,28)']);
  // The same table's Wythoff row, from the same solver.
  const w = [...box('wythoff', 28)].map((t) => t.split(',').map(Number)).filter(([a, b]) => a! <= b!).map(([a, b]) => `(${a},${b})`);
  assert.deepEqual(w, ['(0,0)', '(1,2)', '(3,5)', '(4,7)', '(6,10)', '(8,13)', '(9,15)', '(11,18)', '(12,20)', '(14,23)', '(16,26)', '(17,28)']);
});

test('push-the-button Proposition 4.1.1: P-positions of NIM ⊙ WYTHOFF are (0,1), (1,0) and (k,k) for k >= 2, up to 100', () => {
  const expected = new Set(['0,1', '1,0']);
  for (let k = 2; k <= 100; k++) expected.add(`${k},${k}`);
  assert.deepEqual(box('push(nim,wythoff)', 100), expected);
});

test('push-the-button Proposition 4.1.3: P-positions of WYTHOFF ⊙ NIM are (a_n - 1, b_n - 1), n >= 1, both ways, up to 100', () => {
  const expected = new Set<string>();
  for (let n = 1; wythoffPair(n)[0] - 1 <= 100; n++) {
    const [a, b] = wythoffPair(n);
    if (b - 1 <= 100) expected.add(`${a - 1},${b - 1}`);
    if (b - 1 <= 100) expected.add(`${b - 1},${a - 1}`);
  }
  assert.deepEqual(box('push(wythoff,nim)', 100), expected);
});

test('push-the-button Theorem 3.1.6: NIM ⊙ EUCLID P-positions are the Wythoff pairs with (u_2n, u_2n+1) replaced by (u_2n+1, u_2n+2), up to 100', () => {
  const u = [0, 1];
  while (u.length < 30) u.push(u[u.length - 1]! + u[u.length - 2]!);
  const un = (n: number) => u[n + 1]! - 1; // u_n = F_{n+1} - 1
  const expected = new Set<string>();
  const add = (a: number, b: number) => {
    if (a <= 100 && b <= 100) {
      expected.add(`${a},${b}`);
      expected.add(`${b},${a}`);
    }
  };
  const removed = new Set<string>();
  for (let n = 0; un(2 * n) <= 100; n++) removed.add(`${un(2 * n)},${un(2 * n + 1)}`);
  for (let n = 0; wythoffPair(n)[0] <= 100; n++) {
    const [a, b] = wythoffPair(n);
    if (!removed.has(`${a},${b}`)) add(a, b);
  }
  for (let n = 0; un(2 * n + 1) <= 100; n++) add(un(2 * n + 1), un(2 * n + 2));
  assert.deepEqual(box('push(nim,euclid)', 100), expected);
});

test('a misère push compound ends under its last ruleset: misere(R1 ⊙ R2) = R1 ⊙ misere(R2)', () => {
  const s = new Solver();
  const a = parseSpec('misere(push(nim,wythoff))');
  const b = parseSpec('push(nim,misere(wythoff))');
  for (let x = 0; x <= 10; x++) for (let y = 0; y <= 10; y++) assert.equal(s.outcome(a, { phase: 0, g: [x, y] }), s.outcome(b, { phase: 0, g: [x, y] }));
});

test('the button can be pushed after the last R1 move; a pass cannot (push-the-button, section 6)', () => {
  const s = new Solver();
  // subtraction:1 is a chain of n moves. With a button, R ⊙ R = R + * (Lemma 2.1.1): P iff n is odd.
  // A pass is a * that cannot be played last: 0 stays P, and 1 becomes N (its only move ends the game).
  // From n >= 2 one may pass, so the parity flips as with the button: P iff n is odd.
  const push = parseSpec('push(subtraction:1,subtraction:1)');
  const pass = parseSpec('pass(subtraction:1)');
  for (let n = 0; n <= 20; n++) {
    assert.equal(s.outcome(push, parsePosition(push, String(n))), n % 2 === 0 ? 'N' : 'P', `push at ${n}`);
    assert.equal(s.outcome(pass, parsePosition(pass, String(n))), n === 0 || (n >= 3 && n % 2 === 1) ? 'P' : 'N', `pass at ${n}`);
  }
});

test('conjoined rulesets switch by themselves when the first has no move (push-the-button, §1.1)', () => {
  const s = new Solver();
  const c = parseSpec('conjoined(euclid,nim)');
  // Euclid ends at (a,a) (or (0,0)); then Nim from (a,a) is a P-position: the second phase starts with P.
  for (let a = 1; a <= 12; a++) {
    assert.equal(s.outcome(c, parsePosition(c, `${a},${a}`)), 'P');
    assert.equal(s.grundy(c, parsePosition(c, `2:${a},${a}`)), 0);
  }
  // (1,2): Euclid moves to (1,1), then Nim from (1,1) is P for the player to move, so (1,2) is N.
  assert.equal(s.outcome(c, parsePosition(c, '1,2')), 'N');
});

test('disjunctive sums take the XOR of their summands (push-the-button, Prop. 1.3.3)', () => {
  const s = new Solver();
  const sum = parseSpec('sum(octal:0.07,wythoff,rewrite:a,a2,b)');
  const oct = parseSpec('octal:0.07');
  const w = parseSpec('wythoff');
  const r = parseSpec('rewrite:a,a2,b');
  for (const [n, x, y, word] of [[9, 3, 4, 'ab2a'], [20, 0, 0, 'a5'], [4, 2, 7, '']] as const) {
    const g = s.grundy(sum, parsePosition(sum, `${n} + ${x},${y} + ${word}`));
    assert.equal(g, s.grundy(oct, [n]) ^ s.grundy(w, [x, y]) ^ s.grundy(r, parsePosition(r, word)));
  }
});
