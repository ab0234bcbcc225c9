import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTakeAndBreakCode, takeAndBreakCode, type TakeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakGame, referenceValues } from '../../../src/games/heaps/take-and-break/game.js';
import { walshHadamard } from '../../../src/core/walsh-hadamard.js';
import { TakeAndBreakKernel, type Values } from '../../../src/games/heaps/take-and-break/kernel.js';
import { movesOf } from '../../../src/games/heaps/take-and-break/moves.js';
import { narrowWasmAvailable } from '../../../src/games/heaps/take-and-break/narrow-wasm.js';
import { PlainWasm, plainWasmAvailable } from '../../../src/games/heaps/take-and-break/plain-wasm.js';
import { takeAndBreakSequence } from '../../../src/games/heaps/take-and-break/sequence.js';
import { octalSequence } from '../../../src/games/heaps/take-and-break/octal-sequence.js';
import { parseSpec } from '../../../src/spec/index.js';

function kernelValues(code: TakeAndBreakCode, heaps: number, sparse: boolean): Values {
  const k = new TakeAndBreakKernel(movesOf(code), heaps, { sparse });
  k.run(heaps);
  return k.values();
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>, n: number): number {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** Every octal code d0.d1d2d3 with d0 in `d0s`, its `!` variants on the split digits when asked. */
function threeDigitCodes(d0s: readonly (readonly [number, boolean])[], bangs: boolean): TakeAndBreakCode[] {
  const out: TakeAndBreakCode[] = [];
  for (const [d0, u0] of d0s) {
    for (let x = 0; x < 512; x++) {
      const ds = [d0, x >> 6, (x >> 3) & 7, x & 7];
      if (d0 === 0 && x === 0) continue;
      const splits = [1, 2, 3].filter((i) => ds[i]! & 4);
      for (let m = 0; m < (bangs ? 1 << splits.length : 1); m++) {
        const unequal = [u0, false, false, false];
        splits.forEach((i, b) => (unequal[i] = ((m >> b) & 1) === 1));
        out.push(takeAndBreakCode(ds, unequal));
      }
    }
  }
  return out;
}

/** A fixed pseudo-random sample (same every run): every k-th element from an offset. */
function sample<T>(xs: T[], count: number): T[] {
  const step = Math.max(1, Math.floor(xs.length / count));
  return xs.filter((_, i) => i % step === 3 % step).slice(0, count);
}

test('take-and-break kernel: the plain path equals the reference (mex over heapOptions) on every code 0.d1d2d3 to 80 heaps, and on d0 = 4, ! and three-heap codes', () => {
  const octal = threeDigitCodes([[0, false]], false);
  assert.equal(octal.length, 511);
  const variants = sample(threeDigitCodes([[0, false], [4, false], [4, true]], true).filter((c) => c.unequal.some((u) => u) || c.digits[0] === 4), 300);
  for (const code of [...octal, ...variants]) {
    const ref = referenceValues(new TakeAndBreakGame(code), 80);
    const plain = kernelValues(code, 81, false);
    assert.equal(firstDifference(plain, ref, 81), -1, code.text);
  }
  for (const text of ['0.8', '0.8!', '0.B4', '0.B!4', '4.8!', '8!.0', 'C!.1', '0.F3', '0.9!', '0.A!2', '0.1F!8', '0.0008!']) {
    const code = parseTakeAndBreakCode(text);
    const ref = referenceValues(new TakeAndBreakGame(code), 60);
    assert.equal(firstDifference(kernelValues(code, 61, false), ref, 61), -1, text);
  }
});

test('take-and-break kernel: the sparse-space path equals the plain path on all 511 codes 0.d1d2d3 to 3000 heaps, and on 150 of the 4672 codes with d0 = 4 or ! to 3000', () => {
  // The whole sweep (all 5183 codes d0.d1d2d3 with d0 in {0, 4, 4!} and every ! variant) was run once
  // (bench/take-and-break.ts equal, ~4 min): no difference. CI runs the octal codes and a fixed sample.
  const octal = threeDigitCodes([[0, false]], false);
  const variants = sample(threeDigitCodes([[0, false], [4, false], [4, true]], true).filter((c) => c.unequal.some((u) => u) || c.digits[0] === 4), 150);
  let sparseUsed = 0;
  for (const code of [...octal, ...variants]) {
    const k = new TakeAndBreakKernel(movesOf(code), 3001);
    k.run(3001);
    if (k.stats.sparse > 0) sparseUsed++;
    assert.equal(firstDifference(k.values(), kernelValues(code, 3001, false), 3001), -1, code.text);
  }
  // The comparison means something only if the sparse path ran on many of them.
  assert.ok(sparseUsed > 300, `sparse path used on ${sparseUsed} codes`);
});

test('take-and-break kernel: the WebAssembly narrow path (wasm/narrow.ts) is built, and gives the values and statistics of the JavaScript narrow path step for step, and the plain values', () => {
  assert.ok(narrowWasmAvailable(), 'narrow.wasm is missing: npm run build compiles it');
  // A class for wide values as before the plain path was in WebAssembly (a quarter of the heaps rare at
  // most), so that the narrow path and its exits to the wide one run on as many codes as they did.
  const run = (code: TakeAndBreakCode, heaps: number, options: { sparse?: boolean; wasm?: boolean }) => {
    const k = new TakeAndBreakKernel(movesOf(code), heaps, { ...options, maxRareFractionWide: 1 / 4 });
    k.run(heaps);
    return k;
  };
  // All 511 octal codes to 3000 heaps: wasm (the default) against the JavaScript path; the plain path is the sparse test's.
  let wasmRan = 0;
  for (const code of threeDigitCodes([[0, false]], false)) {
    const wasm = run(code, 3001, {});
    const js = run(code, 3001, { wasm: false });
    assert.equal(firstDifference(wasm.values(), js.values(), 3001), -1, code.text);
    assert.deepEqual(wasm.stats, js.stats, code.text);
    if (wasm.narrowInWasm && wasm.stats.sparse > 0) wasmRan++;
  }
  assert.ok(wasmRan > 300, `the WebAssembly memory held G for ${wasmRan} codes`);
  // Long runs with split digits k = 0 (d0 = 4), 1, 2 and 3, long codes and values up to 31: the 16-heap
  // blocks, the splits they leave out (small rare heaps, rare heaps found inside a block) and the exits
  // (a value that needs another bit, the class looked at again) are all met.
  // 0.6 and 0.56 pass 31 (the module hands the value that needs a sixth bit back and the wide path goes on).
  for (const [text, heaps] of [['0.16', 300_000], ['4.07', 60_000], ['0.0014', 60_000], ['0.165', 100_000], ['0.6', 30_000], ['0.56', 30_000], ['0.356', 60_000]] as const) {
    const code = parseTakeAndBreakCode(text);
    const wasm = run(code, heaps, {});
    const js = run(code, heaps, { wasm: false });
    assert.equal(firstDifference(wasm.values(), js.values(), heaps), -1, text);
    assert.deepEqual(wasm.stats, js.stats, text);
    assert.equal(wasm.maxValue, js.maxValue, text);
    assert.deepEqual(Array.from(wasm.rare.subarray(0, wasm.rareCount)), Array.from(js.rare.subarray(0, js.rareCount)), text);
    assert.equal(firstDifference(wasm.values(), kernelValues(code, 15_000, false), 15_000), -1, `${text} plain`);
  }
});

test('take-and-break kernel: the WebAssembly plain path (wasm/plain.ts) is built, and gives the values and statistics of the JavaScript plain path on every code 0.d1d2d3 and 4.d1d2, and on ! codes', () => {
  assert.ok(plainWasmAvailable(), 'plain.wasm is missing: npm run build compiles it');
  const run = (code: TakeAndBreakCode, heaps: number, wasm: boolean) => {
    const k = new TakeAndBreakKernel(movesOf(code), heaps, { sparse: false, wasm });
    k.run(heaps);
    return k;
  };
  // Every code of the census family octal:3 (0.d1d2d3 and 4.d1d2) to 3000 heaps, and a sample with `!`.
  const codes = [...threeDigitCodes([[0, false]], false), ...threeDigitCodes([[4, false]], false).filter((c) => c.t <= 2)];
  assert.equal(codes.length, 511 + 64);
  const bangs = sample(threeDigitCodes([[0, false], [4, true]], true).filter((c) => c.unequal.some((u) => u)), 100);
  for (const code of [...codes, ...bangs]) {
    const wasm = run(code, 3001, true);
    const js = run(code, 3001, false);
    assert.equal(firstDifference(wasm.values(), js.values(), 3001), -1, code.text);
    assert.deepEqual(wasm.stats, js.stats, code.text);
    assert.equal(wasm.maxValue, js.maxValue, code.text);
    assert.equal(wasm.maxAt, js.maxAt, code.text);
  }
  // Values past 255 (the kernel's G moves to a 16-bit array; the copy is 16-bit throughout) and past 1024.
  for (const [text, heaps] of [['0.76', 12_000], ['0.007', 12_000], ['4.007', 8000]] as const) {
    const code = parseTakeAndBreakCode(text);
    const wasm = run(code, heaps, true);
    const js = run(code, heaps, false);
    assert.ok(js.maxValue > 255, `${text}: values reach ${js.maxValue}`);
    assert.equal(firstDifference(wasm.values(), js.values(), heaps), -1, text);
    assert.deepEqual(wasm.stats, js.stats, text);
  }
  // The default kernel (sparse path where it pays, plain elsewhere) with and without WebAssembly.
  for (const text of ['0.025', '0.016', '0.74', '0.14']) {
    const code = parseTakeAndBreakCode(text);
    const wasm = new TakeAndBreakKernel(movesOf(code), 8000);
    wasm.run(8000);
    const js = new TakeAndBreakKernel(movesOf(code), 8000, { wasm: false });
    js.run(8000);
    assert.equal(firstDifference(wasm.values(), js.values(), 8000), -1, text);
    assert.deepEqual(wasm.stats, js.stats, text);
  }
});

test('take-and-break kernel: the WebAssembly plain path hands back a value past 16 bits unstored, and takes a new memory (not a grown one) past its room', () => {
  // 0.4 at heap 131073: the splits of 131072 are a + (131072 - a); with G(a) = a below 65536 and 0 above,
  // they reach every value 0..65535, so the mex is 65536.
  const wasm = PlainWasm.create(movesOf(parseTakeAndBreakCode('0.4')))!;
  const n = 131_073;
  const G = new Int32Array(n);
  for (let a = 0; a < 65536; a++) G[a] = a;
  assert.deepEqual(wasm.run(G, 65535, n, n + 1), { n, wider: 65536 });
  // Random values past the first room of 2^16 heaps: the same values as a direct mex over the options.
  const code = parseTakeAndBreakCode('0.0074');
  const moves = movesOf(code);
  const H = new Int32Array(70_010);
  let seed = 12345;
  for (let a = 0; a < 70_000; a++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    H[a] = seed >>> 22;
  }
  const plain = PlainWasm.create(moves)!;
  const first = plain.run(H, 1023, 1000, 1010);
  assert.equal(first.n, 1010);
  const copy = Int32Array.from(H);
  for (let a = 1000; a < 1010; a++) copy[a] = plain.G[a]!;
  const later = plain.run(H, 1023, 70_000, 70_010);
  assert.equal(later.n, 70_010);
  const mex = (values: Int32Array, m: number): number => {
    const seen = new Set<number>();
    for (const k of moves.take) if (k < m) seen.add(values[m - k]!);
    for (const k of moves.split2) for (let a = 1; 2 * a <= m - k; a++) seen.add(values[a]! ^ values[m - k - a]!);
    let g = 0;
    while (seen.has(g)) g++;
    return g;
  };
  for (let m = 1000; m < 1010; m++) assert.equal(copy[m], mex(copy, m), `heap ${m}`);
  // The second call started a new memory from H as given (heaps 1000..1009 random there too).
  const expected = Int32Array.from(H);
  for (let m = 70_000; m < 70_010; m++) {
    expected[m] = mex(expected, m);
    assert.equal(plain.G[m], expected[m], `heap ${m}`);
  }
});

test('take-and-break kernel: the WebAssembly memory never grows (a grown memory detaches its buffer, which slows every typed-array loop of the process): G grows within the room given once', () => {
  const k = new TakeAndBreakKernel(movesOf(parseTakeAndBreakCode('0.16')), 64, { limit: 200_000 });
  const buffer = k.G.buffer;
  for (let n = 1000; n <= 200_000; n += 7919) {
    k.ensureCapacity(n, 200_000);
    k.run(n);
    assert.equal(k.G.buffer, buffer);
  }
  // Past the room, the values move to an ordinary array and the JavaScript paths go on, equal.
  k.ensureCapacity(250_000);
  assert.notEqual(k.G.buffer, buffer);
  k.run(250_000);
  assert.equal(firstDifference(k.values(), kernelValues(parseTakeAndBreakCode('0.16'), 250_000, true), 250_000), -1);
});

test('take-and-break kernel: G(0..10^5) checksums equal the C baseline (shared octal.c, naive) for 0.6, 0.127, 0.07, 0.77, 0.4, 0.137', () => {
  // h = 31 h + G mod 2^32 over G(0..10^5): the C program computes every value plainly; here 0.127,
  // 0.07, 0.77, 0.4 and 0.137 are read off their certified periods past the certificate, and 0.6
  // (values up to 285: the Uint16Array; the plain path to 2^15, the wide sparse path from there) is
  // computed throughout.
  const expected: Record<string, number> = {
    '0.6': 3499041990,
    '0.127': 4112368381,
    '0.07': 3195346375,
    '0.77': 1789642129,
    '0.4': 2874022332,
    '0.137': 271489818,
  };
  for (const [text, sum] of Object.entries(expected)) {
    const r = takeAndBreakSequence(parseTakeAndBreakCode(text), 100_000);
    let h = 0;
    for (let i = 0; i <= 100_000; i++) h = (Math.imul(h, 31) + r.values[i]!) >>> 0;
    assert.equal(h, sum, text);
    if (text === '0.6') {
      assert.ok(r.values instanceof Uint16Array);
      assert.ok(r.stats.sparse > 60_000, JSON.stringify(r.stats));
    } else assert.ok(r.values instanceof Uint8Array);
  }
});

test("Grundy's game (OEIS A002188): the sparse kernel to 20000 equals the plain one and the reference (so the published G(0..104)), one byte per heap", () => {
  const code = parseTakeAndBreakCode('4!.0');
  // With the default (a sixteenth of the heaps rare at most for wide values) the plain path runs to 2^15 here.
  const k = new TakeAndBreakKernel(movesOf(code), 20_001, { maxRareFractionWide: 1 / 4 });
  k.run(20_001);
  assert.ok(k.stats.sparse > 10_000, JSON.stringify(k.stats));
  assert.ok(k.values() instanceof Uint8Array);
  assert.equal(firstDifference(k.values(), kernelValues(code, 20_001, false), 20_001), -1);
  assert.deepEqual(Array.from(k.values().subarray(0, 105)), referenceValues(new TakeAndBreakGame(code), 104));
});

test('take-and-break kernel: values move to a wider array when they pass 255, keeping those done', () => {
  // hex 0.8 has G(n) = floor((n - 1) / 3) for n >= 1 (test/analysis/octal-hex.test.ts).
  const k = new TakeAndBreakKernel(movesOf(parseTakeAndBreakCode('0.8')), 800);
  k.run(700);
  assert.ok(k.values() instanceof Uint8Array);
  k.run(800);
  assert.ok(k.values() instanceof Uint16Array);
  for (let n = 1; n < 800; n++) assert.equal(k.values()[n], Math.floor((n - 1) / 3), `G(${n})`);
});

test('Walsh–Hadamard transform: h[F] = sum over x of counts[x] (-1)^popcount(x & F)', () => {
  const counts = [3, 0, 5, 1, 0, 2, 7, 4];
  const h = Float64Array.from(counts);
  walshHadamard(h);
  for (let F = 0; F < 8; F++) {
    let s = 0;
    counts.forEach((c, x) => {
      let v = x & F;
      let par = 0;
      while (v) {
        par ^= v & 1;
        v >>= 1;
      }
      s += par ? -c : c;
    });
    assert.equal(h[F], s, `F = ${F}`);
  }
});

test('the product path (octal: specs, the capability sequence with its period extension) equals the plain kernel of octal-sequence.ts on every code 0.d1d2d3 and 4.d1d2 to 3000 heaps', () => {
  // The older octal kernel's plain path (no sparse space, no period extension) is the independent reference:
  // it is itself checked against the general solver (test/analysis/octal-sequence.test.ts).
  const codes = threeDigitCodes([[0, false], [4, false]], false).filter((c) => c.digits[0] === 0 || c.t <= 2);
  assert.equal(codes.length, 511 + 64);
  let certified = 0;
  for (const code of codes) {
    const rs = parseSpec(`octal:${code.text}`);
    const run = rs.capabilities!.sequence!(3000, {}, () => []);
    if (run.period?.certified) certified++;
    const plain = octalSequence(new TakeAndBreakGame(code), 3000, { sparse: false, extendByPeriod: false }).values;
    assert.equal(run.values.length, 3001, code.text);
    assert.equal(firstDifference(run.values, plain, 3001), -1, code.text);
  }
  // Most of them are extended from a certified period: the extension is what is checked there.
  assert.ok(certified > 300, `${certified} certified`);
});
