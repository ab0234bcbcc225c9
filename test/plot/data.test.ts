import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pPositionsInBox } from '../../src/analysis/ppositions.js';
import { InputError, InterruptedError } from '../../src/core/errors.js';
import { grundy } from '../../src/core/solver.js';
import { InvariantGame } from '../../src/games/heaps/invariant.js';
import { grundyGrid, lengthsData, pPositionsPlane, sequenceData } from '../../src/plot/data.js';
import { parseSpec } from '../../src/spec/index.js';

const PHI = (1 + Math.sqrt(5)) / 2;
const aborted = () => {
  const c = new AbortController();
  c.abort();
  return c.signal;
};

test('maharaja-nim Figure 2: the column-algorithm P-positions drawn equal the plain solver on the box', () => {
  for (const spec of ['wythoff', 'maharaja', 'wythoff+2,3', 'wythoff+3,5']) {
    const rs = parseSpec(spec);
    const fast = pPositionsPlane(rs, 30);
    const plain = pPositionsInBox(rs, 2, 30).map(([x, y]) => [x, y]);
    assert.deepEqual(fast, plain, spec);
  }
});

test('the plain path (a game outside the Wythoff family) lists the same P-positions as pPositionsInBox', () => {
  const rs = parseSpec('push(nim,euclid)');
  assert.deepEqual(pPositionsPlane(rs, 12), pPositionsInBox(rs, 2, 12));
});

test('maharaja-nim section 1: the drawn Wythoff P-positions are (⌊nφ⌋, ⌊nφ²⌋) and mirrors, on the lines φx and x/φ', () => {
  const max = 500;
  const expected = new Set<string>();
  for (let n = 0; Math.floor(n * PHI) <= max; n++) {
    const a = Math.floor(n * PHI);
    const b = a + n;
    if (b <= max) expected.add(`${a},${b}`);
    if (b <= max) expected.add(`${b},${a}`);
  }
  const drawn = pPositionsPlane(parseSpec('wythoff'), max).map((p) => p.join(','));
  assert.deepEqual(new Set(drawn), expected);
});

test('maharaja-nim Theorem 1.2 (Figure 3): the Maharaja P-positions drawn stay within bands φx + O(1) (b_n - a_n - n in [-4, 3])', () => {
  const pts = pPositionsPlane(parseSpec('maharaja'), 3000).filter(([x, y]) => y > x && y <= 3000);
  // Upper P-positions (a_n, b_n) are numbered by n = b_n - a_n's diagonal order: sort by a.
  pts.sort((p, q) => p[0] - q[0]);
  pts.forEach(([a, b], i) => {
    const d = b - a - (i + 1);
    assert.ok(d >= -4 && d <= 3, `(${a},${b}) is n = ${i + 1}: b - a - n = ${d}`);
    assert.ok(Math.abs(b - PHI * a) < 6, `(${a},${b}) is far from φx`);
  });
});

test('Grundy heat map of nim on two heaps: G(x, y) = x XOR y', () => {
  const g = grundyGrid(parseSpec('nim'), 15, undefined);
  for (let y = 0; y <= 15; y++) for (let x = 0; x <= 15; x++) assert.equal(g.values[y * 16 + x], x ^ y);
});

test('push-the-button Proposition 3.1.1 and (296): the zeros of the Zeruclid (1,a,b) heat map are (A_n, B_n), B_n = ⌈Φ A_n⌉, and mirrors', () => {
  const max = 60;
  const g = grundyGrid(parseSpec('zeruclid'), max, 1);
  const used = new Set<number>([0, 1]);
  const pairs: [number, number][] = [[0, 1]];
  for (;;) {
    let a = 0;
    while (used.has(a)) a++;
    if (a > max) break;
    const b = Math.ceil(PHI * a);
    used.add(a).add(b);
    pairs.push([a, b]);
  }
  const expected = new Set(pairs.flatMap(([a, b]) => [`${a},${b}`, `${b},${a}`]));
  const zeros = new Set<string>();
  for (let y = 0; y <= max; y++) for (let x = 0; x <= max; x++) if (g.values[y * (max + 1) + x] === 0) zeros.add(`${x},${y}`);
  assert.deepEqual(zeros, new Set([...expected].filter((s) => s.split(',').every((v) => Number(v) <= max))));
});

test('a heat map slice agrees with the solver on every cell', () => {
  const rs = new InvariantGame([[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1]]);
  const g = grundyGrid(rs, 8, 2);
  for (let y = 0; y <= 8; y++) for (let x = 0; x <= 8; x++) assert.equal(g.values[y * 9 + x], grundy(rs, [2, x, y]));
});

test('a heat map refuses the wrong number of heaps', () => {
  assert.throws(() => grundyGrid(parseSpec('wythoff'), 4, 1), InputError);
  assert.throws(() => grundyGrid(parseSpec('rewrite:a,b'), 4, undefined), InputError);
});

test('sequence of Dawson\'s Kayles octal:0.07: period 34, preperiod 53, certified (spec CLI.md)', () => {
  const d = sequenceData(parseSpec('octal:0.07'), 300);
  assert.equal(d.values.length, 301);
  assert.equal(d.periodicity.period, 34);
  assert.equal(d.periodicity.preperiod, 53);
  assert.equal(d.periodicity.certified, true);
});

test('taking-and-merging sections 3-4 (spec NOTES.md): by-length data of {a,a2,a3,a4,b}, running and exact maxima', () => {
  const rows = await_(lengthsData(parseSpec('rewrite:a,a2,a3,a4,b'), 12));
  return rows.then((r) => {
    assert.deepEqual(r.map((x) => x.runningMax), [0, 1, 2, 3, 4, 5, 5, 6, 7, 7, 7, 7, 7]);
    assert.deepEqual(r.map((x) => x.maxGrundy), [0, 1, 2, 3, 4, 5, 4, 6, 7, 6, 7, 6, 7]);
    for (const x of r) assert.equal(x.counts.reduce((s, c) => s + c, 0), 2 ** x.length);
  });
});
function await_<T>(p: Promise<T>): Promise<T> {
  return p;
}

test('an interrupted gatherer keeps what it finished', async () => {
  const signal = aborted();
  assert.throws(
    () => grundyGrid(parseSpec('nim'), 10, undefined, { signal }),
    (e: unknown) => e instanceof InterruptedError && (e.partial as { values: Int32Array }).values.every((v) => v === -1),
  );
  const c = new AbortController();
  let rows = 0;
  try {
    grundyGrid(parseSpec('nim'), 10, undefined, {
      signal: c.signal,
      onProgress: (d) => {
        rows = d;
        if (d === 3) c.abort();
      },
    });
    assert.fail('not interrupted');
  } catch (e) {
    assert.ok(e instanceof InterruptedError);
    const g = e.partial as { values: Int32Array; width: number };
    assert.equal(rows, 3);
    for (let y = 0; y <= 10; y++) for (let x = 0; x <= 10; x++) assert.equal(g.values[y * 11 + x], y < 3 ? x ^ y : -1);
  }
  await assert.rejects(lengthsData(parseSpec('rewrite:a,b'), 10, { signal }), InterruptedError);
  assert.throws(() => pPositionsPlane(parseSpec('push(nim,euclid)'), 200, { signal }), (e: unknown) => e instanceof InterruptedError && Array.isArray(e.partial));
});
