import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTakeAndBreakCode, takeAndBreakCode, type TakeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame, referenceValues } from '../../../src/games/heaps/take-and-break/game.js';
import { PeriodTracker, certificateWindowEnd, certifyPeriod, certifyValues, javaScriptScans, tailStart, takeAndBreakCertifier } from '../../../src/games/heaps/take-and-break/certificate.js';
import { NarrowWasm } from '../../../src/games/heaps/take-and-break/narrow-wasm.js';
import { TakeAndBreakKernel } from '../../../src/games/heaps/take-and-break/kernel.js';
import { movesOf } from '../../../src/games/heaps/take-and-break/moves.js';
import { takeAndBreakSequence } from '../../../src/games/heaps/take-and-break/sequence.js';

function values(code: TakeAndBreakCode, heaps: number): ArrayLike<number> {
  const k = new TakeAndBreakKernel(movesOf(code), heaps, { sparse: false });
  k.run(heaps);
  return k.values();
}

/** Whether G(n + p) = G(n) for every n0 <= n with n + p < len. */
function holdsTo(G: ArrayLike<number>, p: number, n0: number, len: number): boolean {
  for (let n = n0; n + p < len; n++) if (G[n] !== G[n + p]) return false;
  return true;
}

test('Guy–Smith windows (Winning Ways ch. 4): two heaps 2m + p + k - 1, unequal 2m + 2p + k, three heaps 3m + 2p + k - 2, three unequal 3m + 5p + k', () => {
  assert.equal(certificateWindowEnd(parseTakeAndBreakCode('0.07'), 34, 53), 2 * 53 + 34 + 2 - 1);
  assert.equal(certificateWindowEnd(parseTakeAndBreakCode('0.4!'), 3, 10), 2 * 10 + 2 * 3 + 1);
  assert.equal(certificateWindowEnd(parseTakeAndBreakCode('0.F3'), 4, 0), 3 * 1 + 2 * 4 + 1 - 2);
  assert.equal(certificateWindowEnd(parseTakeAndBreakCode('0.8!'), 2, 5), 3 * 5 + 5 * 2 + 1);
  // No splits: G(n) depends on the t values before it, so n0 + t (and t + 1) is enough.
  assert.equal(certificateWindowEnd(parseTakeAndBreakCode('0.333'), 4, 10), 13);
  // The shape findPeriod takes.
  assert.match(takeAndBreakCertifier(parseTakeAndBreakCode('0.07'))(34, 53, 175)!, /Guy–Smith: G\(n\+34\) = G\(n\) checked for 53 <= n < 141/);
  assert.equal(takeAndBreakCertifier(parseTakeAndBreakCode('0.07'))(34, 53, 174), undefined);
});

test('known periods certified (Winning Ways ch. 4; Gangolli–Plambeck for 0.127; 0.16 from the literature): least period and preperiod', () => {
  const known: [string, number, number, number][] = [
    ['0.07', 34, 53, 1000],
    ['0.137', 34, 52, 1000],
    ['0.77', 12, 71, 1000],
    ['0.4', 34, 54, 1000],
    ['0.127', 4, 46578, 100_000],
    ['0.16', 149459, 105351, 1 << 19],
  ];
  for (const [text, p, n0, max] of known) {
    const r = takeAndBreakSequence(parseTakeAndBreakCode(text), max, { atPeriod: 'stop' });
    assert.ok(r.period, text);
    assert.equal(r.period.period, p, text);
    assert.equal(r.period.preperiod, n0, text);
    // Stopped once the window closed and the tracker had the candidate (found by a search at most twice
    // as far as its tail needs): 0.16 at exactly the 509621 values its certificate reads, below 2^19.
    assert.ok(r.computed >= r.period.valuesRead, text);
    assert.ok(r.computed <= Math.max(r.period.valuesRead, 2 * (n0 + p + Math.min(Math.max(2 * p, 24), 1024))), `${text} stopped at ${r.computed}`);
    if (text === '0.16') assert.equal(r.computed, 509_621);
    assert.equal(certifyPeriod(parseTakeAndBreakCode(text), r.values, r.period.valuesRead - 1, r.period.checkedPeriod), undefined, `${text}: one value short`);
  }
});

test("unequal splits need the wider window: 0.16! (and Grundy's game 4!.0) look 3-periodic early, which the two-heap Guy–Smith window would certify, but G(15) = 3 != G(12) = 0 (G(13) = 3 != G(10) = 0)", () => {
  const code = parseTakeAndBreakCode('0.16!');
  const G = referenceValues(new TakeAndBreakGame(code), 40);
  assert.deepEqual(G.slice(3, 16), [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 3]);
  const asIfEqualSplits = takeAndBreakCode(code.digits);
  // The window without ! closes at 13 values (n0 = 3, p = 3, t = 2): it would certify period 3.
  assert.equal(tailStart(G, 13, 3), 3);
  assert.ok(certifyPeriod(asIfEqualSplits, G, 13, 3));
  // The option 13 = 5 + 8 of heap 15 has value G(5) ^ G(8) = 0; lowering 8 by p gives 5 + 5, not a move.
  assert.equal(G[5]! ^ G[8]!, 0);
  for (let len = 13; len <= 16; len++) assert.equal(certifyPeriod(code, G, len, 3), undefined, `${len} values`);
  assert.notEqual(G[15], G[12]);
  // Grundy's game itself: G(3..12) = 1 0 2 1 0 2 1 0 2 1, and the window without ! closes at 11 values.
  const grundy = parseTakeAndBreakCode('4!.0');
  const H = referenceValues(new TakeAndBreakGame(grundy), 40);
  assert.ok(certifyPeriod(takeAndBreakCode(grundy.digits), H, 11, 3));
  for (let len = 11; len <= 40; len++) assert.equal(certifyPeriod(grundy, H, len, 3), undefined, `Grundy, ${len} values`);
  assert.notEqual(H[13], H[10]);
});

test('certificates are sound: for every code 0.d1d2 / 4.d1d2 with ! (and 150 hex codes with !), each certificate the tracker gives holds to 1500 (300) heaps', () => {
  const codes: TakeAndBreakCode[] = [];
  const hex: TakeAndBreakCode[] = [];
  for (const d0 of [0, 4, 8, 12]) {
    for (let x = 0; x < 256; x++) {
      const ds = [d0, x >> 4, x & 15];
      const splits = ds.map((d, i) => (d & 12 ? i : -1)).filter((i) => i >= 0);
      for (let m = 1; m < 1 << splits.length; m++) {
        const unequal = ds.map(() => false);
        splits.forEach((i, b) => (unequal[i] = ((m >> b) & 1) === 1));
        const code = takeAndBreakCode(ds, unequal);
        if (ds.every((d) => d < 8)) codes.push(code);
        else if (hex.length < 150 && (x * 7 + m) % 11 === 0) hex.push(code);
      }
    }
  }
  let certified = 0;
  for (const [list, len] of [
    [codes, 1500],
    [hex, 300],
  ] as const) {
    for (const code of list) {
      const G = values(code, len);
      const tracker = new PeriodTracker(code);
      for (let n = 8; n <= len; n = Math.ceil(n * 1.25)) {
        const cert = tracker.update(G, Math.min(n, len));
        if (!cert) continue;
        certified++;
        assert.ok(holdsTo(G, cert.checkedPeriod, cert.checkedPreperiod, len), `${code.text}: ${cert.certificate}`);
        assert.ok(holdsTo(G, cert.period, cert.preperiod, len), `${code.text}: least period ${cert.period}/${cert.preperiod}`);
        assert.notEqual(G[cert.preperiod - 1 + cert.period], cert.preperiod > 0 ? G[cert.preperiod - 1] : undefined);
        break;
      }
    }
  }
  assert.ok(certified > 60, `${certified} certificates checked`);
});

test('the tracker certifies the same least period as a from-scratch search, soon after the window closes', () => {
  // With ! (found by a sweep of all codes d0.d1d2): 0.05! 20/13, 0.35! 3/21, 0.77! 4/540, 4!.34 28/14, 4!.5 8/15.
  for (const text of ['0.07', '0.137', '0.77', '0.4', '0.26', '0.34', '0.35', '0.75', '4.7', '0.05!', '0.35!', '0.77!', '4!.34', '4!.5', '0.A2', '0.F3', '4.8']) {
    const code = parseTakeAndBreakCode(text);
    // Three-heap codes run on the plain path, O(n^2) per heap: their periods show within 600 heaps.
    const heaps = code.maxParts === 3 ? 600 : 4000;
    const G = values(code, heaps);
    const tracker = new PeriodTracker(code);
    let found;
    let len = 8;
    for (; len <= heaps && !found; len += 8) found = tracker.update(G, len);
    assert.ok(found, text);
    // From scratch: the least p that the values up to the same length certify.
    let least;
    for (let p = 1; p < len && !least; p++) least = certifyPeriod(code, G, len - 8, p);
    assert.equal(found.period, least!.period, text);
    assert.equal(found.preperiod, least!.preperiod, text);
    const p = found.checkedPeriod;
    assert.ok(len - 8 <= Math.max(found.valuesRead, 2 * (found.checkedPreperiod + p + Math.min(Math.max(2 * p, 24), 1024))) + 8, `${text}: certified at ${len - 8}, window ${found.valuesRead}`);
    assert.ok(holdsTo(G, found.period, found.preperiod, heaps), text);
  }
});

test('certifyValues skips the multiples of a failed tail period and still finds what trying every p finds (the run-end check)', () => {
  for (const text of ['0.07', '0.137', '0.4', '0.77', '0.127', '0.156', '0.45', '4.7']) {
    const code = parseTakeAndBreakCode(text);
    const values = takeAndBreakSequence(code, 12000, { atPeriod: 'ignore' }).values;
    for (const len of [60, 100, 170, 173, 174, 175, 400, 1000, 3000, 7000, 12001]) {
      let naive: ReturnType<typeof certifyPeriod>;
      for (let p = 1; p < len && !naive; p++) naive = certifyPeriod(code, values, len, p);
      assert.deepEqual(certifyValues(code, values, len), naive, `${text} with ${len} values`);
    }
  }
});

/** A seeded generator (xorshift32): the same values on every run. */
function random(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

test('the tracker\'s scans in WebAssembly (wasm/narrow.ts) equal the JavaScript ones on bytes and 16-bit values in the kernel\'s memory: tails, candidates, checks', () => {
  const wasm = NarrowWasm.create(movesOf(parseTakeAndBreakCode('0.16')), 1 << 14)!;
  assert.ok(wasm, 'narrow.wasm is missing: npm run build compiles it');
  const scans = wasm.scans;
  let found = 0;
  for (let trial = 0; trial < 60; trial++) {
    const next = random(trial + 1);
    const wide = trial % 2 === 1;
    const len = 30 + next(4000);
    const G = wasm.values(len, wide)!;
    // A random preperiod, then a random block repeated (values from a few symbols, so that many p pass
    // the first comparisons), with now and then one value broken; 16-bit symbols above 255.
    const symbols = 1 + next(4);
    const p = 1 + next(600);
    const n0 = next(len);
    const scale = wide ? 300 : 1;
    for (let n = 0; n < len; n++) G[n] = n < n0 + p ? next(symbols) * scale : G[n - p]!;
    if (trial % 3 === 0) G[next(len)] = symbols * scale;
    for (let from = 1; from < len; from += 1 + next(50)) {
      const c = scans.nextCandidate(G, len, from);
      assert.equal(c, javaScriptScans.nextCandidate(G, len, from), `trial ${trial}: nextCandidate from ${from}`);
      if (c > 0) found++;
    }
    for (let q = 1; q < len; q += 1 + next(20)) {
      assert.equal(scans.tailStart(G, len, q), tailStart(G, len, q), `trial ${trial}: tailStart ${q}`);
      const from = q + next(len - q);
      const to = from + next(len - from + 1);
      assert.equal(scans.holds(G, q, from, to), javaScriptScans.holds(G, q, from, to), `trial ${trial}: holds ${q} on ${from}..${to}`);
    }
  }
  assert.ok(found > 100, `${found} candidates found`);
  // Values outside the memory are scanned in JavaScript.
  const plain = Uint8Array.from([1, 2, 3, 1, 2, 3, 1, 2, 3]);
  assert.equal(scans.tailStart(plain, 9, 3), 0);
});

test('a run whose values live in the kernel\'s memory (the WebAssembly scans) certifies what the JavaScript scans certify', () => {
  for (const text of ['0.16', '0.07', '0.137', '0.77', '0.4', '0.26', '0.35', '0.75', '4.7', '0.05!', '0.35!', '4!.5', '0.A2']) {
    const code = parseTakeAndBreakCode(text);
    const k = new TakeAndBreakKernel(movesOf(code), 6000);
    k.run(6000);
    const moduleTracker = new PeriodTracker(code, k.scans);
    const jsTracker = new PeriodTracker(code);
    for (let len = 8; len <= 6000; len += 8) {
      const a = moduleTracker.update(k.G, len);
      const b = jsTracker.update(k.G, len);
      assert.deepEqual(a, b, `${text} at ${len}`);
      assert.deepEqual(moduleTracker.following, jsTracker.following, `${text} at ${len}`);
      if (a) break;
    }
  }
  // 0.16's values are in the memory (the scans that ran were the module's).
  const k = new TakeAndBreakKernel(movesOf(parseTakeAndBreakCode('0.16')), 100);
  assert.ok(k.narrowInWasm && k.scans);
});
