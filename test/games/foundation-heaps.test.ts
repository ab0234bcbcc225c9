import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Solver } from '../../src/core/solver.js';
import { parseSpec, parsePosition } from '../../src/spec/index.js';
import { pPositionsInBox } from '../../src/analysis/ppositions.js';
import { grundySequence } from '../../src/analysis/sequence.js';

const PHI = (1 + Math.sqrt(5)) / 2;

test('Wythoff P-positions are (⌊nφ⌋, ⌊nφ⌋+n) and their mirrors, all of them up to 200 (push-the-button, Prop. 3.1.3)', () => {
  const expected = new Set<string>();
  for (let n = 0; Math.floor(n * PHI) <= 200; n++) {
    const a = Math.floor(n * PHI);
    const b = a + n;
    if (b <= 200) expected.add(`${a},${b}`).add(`${b},${a}`);
  }
  const got = new Set(pPositionsInBox(parseSpec('wythoff'), 2, 200).map((p) => p.join(',')));
  assert.deepEqual(got, expected);
});

test('invariant:(*,0),(0,*),(=,=) is Wythoff (docs/specs.md; deciding-game-invariance, section 1)', () => {
  const s = new Solver();
  const inv = parseSpec('invariant:(*,0),(0,*),(=,=)');
  const w = parseSpec('wythoff');
  for (let a = 0; a <= 25; a++) for (let b = 0; b <= 25; b++) assert.equal(s.grundy(inv, [a, b]), s.grundy(w, [a, b]));
});

test('invariant:(1,0),(0,1),(1,1) has the Grundy values of a king on a chessboard', () => {
  // King moves one step left, down or diagonally: G(a,b) is (a mod 2) + 2 (b mod 2) up to relabelling; P iff both even.
  const s = new Solver();
  const king = parseSpec('invariant:(1,0),(0,1),(1,1)');
  for (let a = 0; a <= 12; a++) for (let b = 0; b <= 12; b++) assert.equal(s.outcome(king, [a, b]), a % 2 === 0 && b % 2 === 0 ? 'P' : 'N');
});

test('Euclid: (a,b) with 1 <= a <= b is P iff b/a < φ (push-the-button, Prop. 3.0.3, [CD69]); (0,i) is N for i > 0 (section 3)', () => {
  const s = new Solver();
  const e = parseSpec('euclid');
  for (let a = 1; a <= 60; a++) for (let b = a; b <= 60; b++) assert.equal(s.outcome(e, [a, b]), b / a < PHI ? 'P' : 'N', `(${a},${b})`);
  for (let i = 1; i <= 20; i++) assert.equal(s.outcome(e, [0, i]), 'N');
});

test('2-heap Zeruclid has the P-positions of Euclid on positive heaps (push-the-button, section 3)', () => {
  const s = new Solver();
  const z = parseSpec('zeruclid');
  const e = parseSpec('euclid');
  for (let a = 1; a <= 40; a++) for (let b = 1; b <= 40; b++) assert.equal(s.outcome(z, [a, b]), s.outcome(e, [a, b]), `(${a},${b})`);
});

test('Zeruclid (1,a,b) has the outcome of NIM ⊙ EUCLID at (a,b) (push-the-button, Prop. 3.1.1)', () => {
  const s = new Solver();
  const z = parseSpec('zeruclid');
  const ne = parseSpec('push(nim,euclid)');
  for (let a = 1; a <= 25; a++) for (let b = 1; b <= 25; b++) assert.equal(s.outcome(z, [1, a, b]), s.outcome(ne, parsePosition(ne, `${a},${b}`)), `(1,${a},${b})`);
});

test('SUBTRACTION({1..k}) is P iff n = 0 mod k+1, and misère P iff n = 1 mod k+1 (push-the-button, Prop. 4.2.2)', () => {
  const s = new Solver();
  for (let k = 1; k <= 6; k++) {
    const r = parseSpec(`subtraction:1-${k}`);
    const m = parseSpec(`misere(subtraction:1-${k})`);
    for (let n = 0; n <= 50; n++) {
      assert.equal(s.outcome(r, [n]), n % (k + 1) === 0 ? 'P' : 'N');
      assert.equal(s.outcome(m, [n]), n % (k + 1) === 1 ? 'P' : 'N');
    }
  }
});

test('octal games: 0.137 and 0.77 begin as OEIS A002187 (Dawson\'s chess) and A002186 (Kayles)', () => {
  const dawson = '0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,2,3,3,0,1,1,3,0,2';
  const kayles = '0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,4,2,7';
  assert.equal(grundySequence(parseSpec('octal:0.137'), 59).join(','), dawson);
  assert.equal(grundySequence(parseSpec('octal:0.77'), 59).join(','), kayles);
});

test('octal 0.07 (Dawson\'s Kayles) is 0.137 shifted by one heap, and a heap list is a sum of heaps', () => {
  const s = new Solver();
  const a = grundySequence(parseSpec('octal:0.07'), 80);
  const b = grundySequence(parseSpec('octal:0.137'), 79);
  assert.deepEqual(a.slice(1), b);
  const oct = parseSpec('octal:0.07');
  assert.equal(s.grundy(oct, [5, 9, 12]), a[5]! ^ a[9]! ^ a[12]!);
});

test('Maharaja Nim: one P-position per row and column (maharaja-nim, Prop. 1.1), and (8,13),(9,16),(10,7),(11,19),(12,18) are P (section 2.2)', () => {
  const p = pPositionsInBox(parseSpec('maharaja'), 2, 60);
  const perColumn = new Map<number, number>();
  for (const [x] of p) perColumn.set(x!, (perColumn.get(x!) ?? 0) + 1);
  for (let x = 0; x <= 60; x++) assert.ok((perColumn.get(x) ?? 0) <= 1, `column ${x}`);
  for (let x = 0; x <= 30; x++) assert.equal(perColumn.get(x), 1, `column ${x} has its P-position inside the box`);
  const set = new Set(p.map((q) => q.join(',')));
  for (const q of ['8,13', '9,16', '10,7', '11,19', '12,18', '13,8', '7,10']) assert.ok(set.has(q), q);
});
