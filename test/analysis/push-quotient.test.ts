/**
 * The quotient of sums of push positions (analysis/push-quotient.ts; docs/open-questions.md, "Sums of push
 * positions"), each claim re-checked by the general solver playing the sums with one shared button: the
 * mirror lemma, the outcome of every sum of up to four heaps read off the quotient, the periods and the
 * classes against a plain search over the solver's outcomes, and the small theorem on push(nim, SUB{1..2^j-1}).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pushQuotient, pushSumRules, quotientOutcome, quotientWord, type PushQuotient } from '../../src/analysis/push-quotient.js';
import { InputError, LimitError } from '../../src/core/errors.js';
import type { Ruleset } from '../../src/core/ruleset.js';
import { Solver } from '../../src/core/solver.js';
import { parseSpec } from '../../src/spec/index.js';

const solver = new Solver();
const outcome = (rs: Ruleset<any>, heaps: number[]) => solver.outcome(rs, { phase: 0, g: heaps });

/** Every multiset of 1..k heaps of sizes 0..n, sizes ascending. */
function sums(k: number, n: number): number[][] {
  const out: number[][] = [];
  const grow = (heaps: number[], from: number) => {
    if (heaps.length > 0) out.push(heaps);
    if (heaps.length === k) return;
    for (let h = from; h <= n; h++) grow([...heaps, h], h);
  };
  grow([], 0);
  return out;
}

const GAMES = [
  'push(nim,subtraction:1,2)',
  'push(subtraction:1,2,nim)',
  'push(nim,subtraction:1-3)',
  'push(subtraction:1,2,subtraction:1-4)',
  'push(octal:0.07,octal:0.137)',
  'push(octal:0.137,octal:0.07)',
  'push:before(nim,subtraction:1,2)',
  'push:before(octal:0.07,octal:0.137)',
];

test('the mirror lemma by the solver: A + A + X has the outcome of X for the button and push:before, A <= 6, X up to two heaps <= 6', () => {
  for (const spec of GAMES) {
    const rs = parseSpec(spec);
    for (let a = 0; a <= 6; a++) for (const x of sums(2, 6)) assert.equal(outcome(rs, [a, a, ...x]), outcome(rs, x), `${spec}: ${a}+${a}+${x.join('+')}`);
  }
});

test('the mirror lemma fails under push:after, push:around and push:nopass (the sums of docs/open-questions.md), and the quotient refuses them', () => {
  const broken: [string, number[], number[]][] = [
    ['push:after(nim,subtraction:1,2)', [3, 3, 0], [0]],
    ['push:around(nim,subtraction:1,2)', [3, 3, 0], [0]],
    ['push:after(subtraction:1,2,nim)', [2, 2, 3], [3]],
    ['push:nopass(nim,subtraction:1,2)', [1, 1, 0], [0]],
  ];
  for (const [spec, twice, once] of broken) {
    const rs = parseSpec(spec);
    assert.equal(outcome(rs, twice), 'N', spec);
    assert.equal(outcome(rs, once), 'P', spec);
    assert.throws(() => pushSumRules(rs, 4), (e: unknown) => e instanceof InputError && /mirror lemma/.test(e.message), spec);
  }
});

test('the quotient gives the solver\'s outcome on every sum of one to four heaps <= 8 (495 sums a game), with one shared button', () => {
  for (const spec of GAMES) {
    const rs = parseSpec(spec);
    const { quotient } = pushQuotient(rs, 8);
    for (const x of sums(4, 8)) assert.equal(quotientOutcome(quotient, x), outcome(rs, x), `${spec} at ${x.join('+')}`);
  }
});

test('the sums as the spec writes them, push(sum(R1,R1,R1),sum(R2,R2,R2)) at a+b+c, have the outcomes the quotient gives, heaps <= 5', () => {
  for (const [r1, r2] of [
    ['nim', 'subtraction:1,2'],
    ['octal:0.07', 'octal:0.137'],
  ]) {
    const three = parseSpec(`push(sum(${r1},${r1},${r1}),sum(${r2},${r2},${r2}))`);
    const { quotient } = pushQuotient(parseSpec(`push(${r1},${r2})`), 5);
    for (let a = 0; a <= 5; a++)
      for (let b = 0; b <= 5; b++)
        for (let c = 0; c <= 5; c++) assert.equal(solver.outcome(three, three.domain.parse(`${a}+${b}+${c}`)), quotientOutcome(quotient, [a, b, c]), `${three.name} at ${a}+${b}+${c}`);
  }
});

/**
 * The quotient of heaps 0..n by a plain search: the solver's outcome of each set of distinct heaps, its
 * periods by trying every k against every x, and the classes and P-portion checked against them.
 */
function plainCheck(rs: Ruleset<any>, q: PushQuotient): void {
  const n = q.max;
  const size = 2 ** (n + 1);
  const o: string[] = [];
  for (let x = 0; x < size; x++) {
    const heaps: number[] = [];
    for (let h = 0; h <= n; h++) if ((x >> h) & 1) heaps.push(h);
    // The empty sum is written as a lone heap 0 (a heap with no move and no value).
    o.push(outcome(rs, heaps.length === 0 ? [0] : heaps));
  }
  const isPeriod = (k: number) => o.every((v, x) => v === o[x ^ k]);
  let periods = 0;
  for (let k = 0; k < size; k++) if (isPeriod(k)) periods++;
  assert.equal(periods, 2 ** q.kernelDimension, `${rs.name}: |K|`);
  assert.equal(q.kernelDimension + q.generators.length, n + 1, `${rs.name}: dim K + dim Q`);
  const wordOf = (x: number) => {
    let w = 0;
    for (let h = 0; h <= n; h++) if ((x >> h) & 1) w ^= q.classes[h]!;
    return w;
  };
  for (let x = 0; x < size; x++) {
    assert.equal(q.pOf[wordOf(x)] ? 'P' : 'N', o[x], `${rs.name}: the outcome of class ${quotientWord(wordOf(x))}`);
    // Same class iff indistinguishable, i.e. iff their sum is a period (checked against heap 0's set, x ^ e_h).
    for (let h = 0; h <= n; h++) assert.equal(wordOf(x) === wordOf(x ^ (1 << h)), isPeriod(1 << h), `${rs.name}: heap ${h}`);
  }
  for (let i = 0; i < q.generators.length; i++) assert.equal(q.classes[q.generators[i]!], 1 << i);
}

test('periods, classes and P-portion against a plain search over the solver\'s outcomes of all 2^(n+1) sets of distinct heaps, n = 7', () => {
  for (const spec of [...GAMES, 'push(nim,nim)', 'push(subtraction:1-3,nim)', 'push(nim,octal:0.07)']) {
    const rs = parseSpec(spec);
    plainCheck(rs, pushQuotient(rs, 7).quotient);
  }
});

test('push(nim, SUB{1..2^j-1}) and push(nim,nim): a sum is P iff its nim-sum is 1, so Q has the binary digits as generators (dimension floor(log2 n) + 1)', () => {
  for (const spec of ['push(nim,nim)', 'push(nim,subtraction:1)', 'push(nim,subtraction:1-3)', 'push(nim,subtraction:1-7)']) {
    const rs = parseSpec(spec);
    for (const x of sums(4, 9)) assert.equal(outcome(rs, x), x.reduce((s, h) => s ^ h, 0) === 1 ? 'P' : 'N', `${spec} at ${x.join('+')}`);
    const { growth } = pushQuotient(rs, 12);
    for (const row of growth) assert.equal(row.dimension, row.n === 0 ? 0 : Math.floor(Math.log2(row.n)) + 1, `${spec}, n = ${row.n}`);
  }
});

test('bad input: a compound that is not a push, a part that is no heap game, a heap past the limit', () => {
  assert.throws(() => pushSumRules(parseSpec('nim'), 4), /not a push compound/);
  assert.throws(() => pushSumRules(parseSpec('push(wythoff,nim)'), 4), /wythoff is not a heap game/);
  assert.throws(() => pushSumRules(parseSpec('push(nim,subtraction:1,2,nim)'), 4), /is not a heap game/);
  assert.throws(() => pushSumRules(parseSpec('push(nim,misere(nim))'), 4), /is not a heap game/);
  assert.throws(() => pushSumRules(parseSpec('push(nim,nim)'), 27), (e: unknown) => e instanceof LimitError && e.limit === 'pushQuotientHeap');
  const { quotient } = pushQuotient(parseSpec('push(nim,nim)'), 4);
  assert.throws(() => quotientOutcome(quotient, [5]), /outside the quotient of heaps 0..4/);
});

test('push(SUB{1..2^j-1}, nim), j = 1, 2, 3: a sum is P iff the XOR of its heaps mod 2^j is 1 (proved in docs/open-questions.md), so Q has dimension min(j, floor(log2 n) + 1)', () => {
  for (const j of [1, 2, 3]) {
    const m = 2 ** j;
    const spec = `push(subtraction:1${m > 2 ? `-${m - 1}` : ''},nim)`;
    const rs = parseSpec(spec);
    for (const x of sums(4, 11)) assert.equal(outcome(rs, x), x.reduce((s, h) => s ^ h % m, 0) === 1 ? 'P' : 'N', `${spec} at ${x.join('+')}`);
    const { growth } = pushQuotient(rs, 14);
    for (const row of growth) assert.equal(row.dimension, row.n === 0 ? 0 : Math.min(j, Math.floor(Math.log2(row.n)) + 1), `${spec}, n = ${row.n}`);
  }
});

test('push:before(R1,R2) with every R1 move an R2 move: a sum is P iff the XOR of its R2 values is 0 (proved), so the P-portion is the identity alone', () => {
  for (const [spec, g2] of [
    ['push:before(subtraction:1,2,nim)', (h: number) => h],
    ['push:before(subtraction:1,2,subtraction:1-4)', (h: number) => h % 5],
  ] as const) {
    const rs = parseSpec(spec);
    for (const x of sums(4, 10)) assert.equal(outcome(rs, x), x.reduce((s, h) => s ^ g2(h), 0) === 0 ? 'P' : 'N', `${spec} at ${x.join('+')}`);
    const { quotient } = pushQuotient(rs, 12);
    assert.deepEqual([...quotient.pOf].flatMap((p, w) => (p ? [w] : [])), [0], spec);
  }
});

test('observed: push:before(nim, SUB{1,2}) sums are P iff the XORs of h mod 3 and of floor(h/3) are both 0, by the solver to 4 heaps <= 12 and by the quotient to 16', () => {
  const rs = parseSpec('push:before(nim,subtraction:1,2)');
  const inP = (x: number[]) => x.reduce((s, h) => s ^ h % 3, 0) === 0 && x.reduce((s, h) => s ^ Math.floor(h / 3), 0) === 0;
  for (const x of sums(4, 12)) assert.equal(outcome(rs, x), inP(x) ? 'P' : 'N', `at ${x.join('+')}`);
  const { quotient } = pushQuotient(rs, 16);
  for (let x = 1; x < 2 ** 17; x++) {
    const heaps = [...Array(17).keys()].filter((h) => (x >> h) & 1);
    assert.equal(quotientOutcome(quotient, heaps), inP(heaps) ? 'P' : 'N', heaps.join('+'));
  }
});
