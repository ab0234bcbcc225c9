import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PTable } from '../../../src/analysis/heap-tables.js';
import { rayTable2 } from '../../../src/games/heaps/rays.js';
import { zeruclidTable } from '../../../src/games/heaps/zeruclid.js';
import { checkPushRelations, heapBox } from '../../../src/analysis/push-relations.js';
import { parseSpec } from '../../../src/spec/index.js';
import { aboveGolden, fib, wythoffPairs } from '../../helpers/push-paper.js';

/** The upper P-positions (x <= y) of a table. */
function upper(t: PTable): string[] {
  return [...t.pPositions()].filter(([x, y]) => x! <= y!).map((p) => p.join(','));
}

const N = 2000;
const nimEuclid = rayTable2(parseSpec('push(nim,euclid)'), N);
const nimEuclidUpper = upper(nimEuclid);

test('push-the-button Theorem 3.1.6: P(NIM ⊙ EUCLID) = Wythoff pairs minus (u_2n, u_2n+1) plus (u_2n+1, u_2n+2), up to 2000', () => {
  const u = (n: number): number => fib(n + 1) - 1;
  const removed = new Set<string>();
  const added: string[] = [];
  for (let n = 0; u(2 * n) <= N; n++) {
    removed.add(`${u(2 * n)},${u(2 * n + 1)}`);
    if (u(2 * n + 2) <= N) added.push(`${u(2 * n + 1)},${u(2 * n + 2)}`);
  }
  const expected = [...wythoffPairs(N).filter(([, b]) => b <= N).map((p) => p.join(',')).filter((p) => !removed.has(p)), ...added];
  const order = (s: string): number => Number(s.split(',')[0]) * (N + 1) + Number(s.split(',')[1]);
  assert.deepEqual(nimEuclidUpper, expected.sort((p, q) => order(p) - order(q)));
  assert.deepEqual(nimEuclidUpper.slice(0, 11), ['0,1', '2,4', '3,5', '6,10', '7,12', '8,13', '9,15', '11,18', '14,23', '16,26', '17,28'], 'Table 1');
});

test('push-the-button Theorem 3.1.7: P(NIM ⊙ EUCLID) = (A_n, B_n), A_n = mex, B_n = ceil(Φ A_n), up to 2000', () => {
  const used = new Set<number>([0, 1]);
  const expected = ['0,1'];
  for (let a = 0; ; ) {
    while (used.has(a)) a++;
    let b = a + 1;
    while (!aboveGolden(a, b)) b++;
    if (b > N) break;
    expected.push(`${a},${b}`);
    used.add(a).add(b);
  }
  assert.deepEqual(nimEuclidUpper, expected);
});

/** Zeckendorf representation x_k ... x_2 (F_2 = 1, F_3 = 2, ...), empty for 0. */
function zeckendorf(x: number): string {
  const fs: number[] = [];
  for (let i = 2; fib(i) <= x; i++) fs.push(fib(i));
  let s = '';
  for (let i = fs.length - 1; i >= 0; i--) {
    if (fs[i]! <= x) {
      s += '1';
      x -= fs[i]!;
    } else s += '0';
  }
  return s.replace(/^0+/, '');
}
const fromZeckendorf = (s: string): number => [...s].reverse().reduce((v, c, i) => v + (c === '1' ? fib(i + 2) : 0), 0);

test('push-the-button Theorem 3.1.9: A and B of NIM ⊙ EUCLID read off the Fibonacci representation, up to 2000', () => {
  const partner = new Map<number, number>(nimEuclidUpper.map((p) => p.split(',').map(Number) as [number, number]));
  const inB = new Set(partner.values());
  for (let x = 0; x <= Math.floor(N / 1.62); x++) {
    const s = zeckendorf(x);
    const trailing = s.length - s.replace(/0+$/, '').length;
    const inA = (trailing % 2 === 0 && !/^(10)*1$/.test(s)) || /^(10)*$/.test(s);
    assert.equal(partner.has(x), inA, `x = ${x}, s = ${s}`);
    assert.equal(inB.has(x), !inA, `x = ${x} is in exactly one of A, B`);
    if (inA) assert.equal(partner.get(x), fromZeckendorf(/^(10)*$/.test(s) ? `${s}1` : `${s}0`), `B for A = ${x}`);
  }
});

const zer = zeruclidTable(3, 60);
const zerP = (a: number, b: number, c: number): boolean => zer.isP((a * 61 + b) * 61 + c);

test('push-the-button Proposition 3.1.1: ZERUCLID(1, a, b) has the outcome of NIM ⊙ EUCLID at (a, b), a, b <= 60', () => {
  for (let a = 1; a <= 60; a++) for (let b = 1; b <= 60; b++) assert.equal(zerP(1, a, b), nimEuclid.isP(a * (N + 1) + b), `(1,${a},${b})`);
});

test('push-the-button Theorem 3.2.1: P-positions (a, b, c) of ZERUCLID with 0 < a <= b <= c <= 60 have ceil(Φb) <= c <= ceil(Φb) + a - 1', () => {
  let count = 0;
  for (let a = 1; a <= 60; a++) {
    for (let b = a; b <= 60; b++) {
      let phiB = b + 1;
      while (!aboveGolden(b, phiB)) phiB++;
      for (let c = b; c <= 60; c++) {
        if (!zerP(a, b, c)) continue;
        count++;
        assert.ok(phiB <= c && c <= phiB + a - 1, `(${a},${b},${c}), ceil(Φb) = ${phiB}`);
      }
    }
  }
  assert.ok(count > 300, `${count} P-positions checked`);
});

test('push-the-button Theorem 3.2.2: for 0 < a <= b <= 60, exactly a values c make (a, b, c) a P-position of ZERUCLID, one per class mod a', () => {
  // c may be below b; above b it is at most ceil(Φb) + a - 1 <= 97 + 59 (Theorem 3.2.1, itself checked
  // above), so the box [0,157]^3 holds every such c. The test checks that bound on the table too.
  const M = 157;
  const t = zeruclidTable(3, M);
  for (let a = 1; a <= 60; a++) {
    for (let b = a; b <= 60; b++) {
      let phiB = b + 1;
      while (!aboveGolden(b, phiB)) phiB++;
      const cs: number[] = [];
      for (let c = 0; c <= M; c++) if (t.isP((a * (M + 1) + b) * (M + 1) + c)) cs.push(c);
      assert.ok(cs.every((c) => c < b || (phiB <= c && c <= phiB + a - 1)), `(${a},${b},c): ${cs} (Theorem 3.2.1)`);
      assert.equal(cs.length, a, `(${a},${b},c): ${cs}`);
      assert.equal(new Set(cs.map((c) => c % a)).size, a, `(${a},${b},c): ${cs} cover the classes mod ${a}`);
    }
  }
});

const M4 = 500;
const table = (spec: string): PTable => rayTable2(parseSpec(spec), M4);

test('push-the-button Proposition 4.1.1: P(NIM ⊙ WYTHOFF) = {(0,1), (1,0), (k,k) : k >= 2}, up to 500', () => {
  const expected = ['0,1', '1,0', ...Array.from({ length: M4 - 1 }, (_, i) => `${i + 2},${i + 2}`)].sort();
  assert.deepEqual([...table('push(nim,wythoff)').pPositions()].map((p) => p.join(',')).sort(), expected);
});

test('push-the-button Proposition 4.1.2: P(EUCLID ⊙ NIM) by golden ratio and Fibonacci quotients, 1 <= a <= b <= 500; and (0,i), i > 0, is P (NOTES.md)', () => {
  const t = table('push(euclid,nim)');
  const quotient = (a: number, b: number, m: number): boolean => b * fib(m) === a * fib(m + 1);
  for (let a = 1; a <= M4; a++) {
    for (let b = a; b <= M4; b++) {
      let even = false;
      let odd = false;
      for (let i = 0; fib(2 * i + 1) <= b; i++) {
        if (quotient(a, b, 2 * i + 1)) even = true; // b/a = F_{2i+2}/F_{2i+1}
        if (i >= 1 && quotient(a, b, 2 * i)) odd = true; // b/a = F_{2i+1}/F_{2i}
      }
      const expected = (!aboveGolden(a, b) && !even) || odd;
      assert.equal(t.isP(a * (M4 + 1) + b), expected, `(${a},${b})`);
    }
  }
  for (let i = 1; i <= M4; i++) assert.equal(t.isP(i), true, `(0,${i})`);
  assert.equal(t.isP(0), false);
});

test('push-the-button Proposition 4.1.3: P(WYTHOFF ⊙ NIM) = {(a_n - 1, b_n - 1) : n >= 1}, up to 500', () => {
  const expected = wythoffPairs(M4 + 1).slice(1).filter(([, b]) => b - 1 <= M4).map(([a, b]) => `${a - 1},${b - 1}`);
  assert.deepEqual(upper(table('push(wythoff,nim)')), expected);
});

test('push-the-button Proposition 2.1.4: on [0,12]^2 each part holds wherever its hypothesis does; (iii) applies to NIM ⊙ WYTHOFF and EUCLID ⊙ NIM, not to WYTHOFF ⊙ NIM', () => {
  const box = heapBox(2, 12);
  const games = ['nim', 'wythoff', 'euclid', 'maharaja', 'wythoff+2,3', 'invariant:(1,0),(0,1)', 'invariant:(1,0),(0,1),(1,1)', 'zeruclid'];
  let applied = 0;
  for (const a of games) {
    for (const b of games) {
      const r = checkPushRelations(parseSpec(a), parseSpec(b), box);
      for (const [part, c] of Object.entries(r)) {
        if (c.hypothesis) {
          applied++;
          assert.equal(c.conclusion, true, `${a} ⊙ ${b}, part (${part}): fails at ${c.counterexample}`);
        }
      }
    }
  }
  assert.ok(applied > 64);
  assert.equal(checkPushRelations(parseSpec('nim'), parseSpec('wythoff'), box).iii.hypothesis, true);
  assert.equal(checkPushRelations(parseSpec('euclid'), parseSpec('nim'), box).iii.hypothesis, true);
  const wn = checkPushRelations(parseSpec('wythoff'), parseSpec('nim'), box);
  assert.equal(wn.ii.hypothesis || wn.iii.hypothesis, false);
});
