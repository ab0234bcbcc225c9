import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTakeAndBreakCode, takeAndBreakCode, type TakeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { TakeAndBreakKernel } from '../../../src/games/heaps/take-and-break/kernel.js';
import { movesOf } from '../../../src/games/heaps/take-and-break/moves.js';
import { MAX_CAPACITY } from '../../../src/games/heaps/take-and-break/narrow-wasm.js';
import { wideWasmAvailable } from '../../../src/games/heaps/take-and-break/wide-wasm.js';

/**
 * The wide path is what these tests compare, so it runs wherever the class allows it: the default hands the
 * heaps to the plain path once more than 1/16 of them are rare (MAX_RARE_FRACTION_WIDE), as a census wants.
 */
const WIDE = { maxRareFractionWide: 1 / 4 };

function run(code: TakeAndBreakCode, heaps: number, options: { sparse?: boolean; wasm?: boolean; limit?: number }): TakeAndBreakKernel {
  const k = new TakeAndBreakKernel(movesOf(code), heaps, { ...WIDE, ...options });
  k.run(heaps);
  return k;
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>, n: number): number {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** The WebAssembly kernel against the JavaScript one: values, counters, largest value, rare list. */
function assertSameRun(wasm: TakeAndBreakKernel, js: TakeAndBreakKernel, heaps: number, what: string): void {
  assert.equal(firstDifference(wasm.values(), js.values(), heaps), -1, what);
  assert.deepEqual(wasm.stats, js.stats, what);
  assert.equal(wasm.maxValue, js.maxValue, what);
  assert.equal(wasm.maxAt, js.maxAt, what);
  assert.deepEqual(Array.from(wasm.rare.subarray(0, wasm.rareCount)), Array.from(js.rare.subarray(0, js.rareCount)), what);
}

/** Every octal code d0.d1d2d3 with d0 in {0, 4} (d0 = 4 also as 4!), and each split digit with and without !. */
function octalCodes(): TakeAndBreakCode[] {
  const out: TakeAndBreakCode[] = [];
  for (const [d0, u0] of [[0, false], [4, false], [4, true]] as const) {
    for (let x = 0; x < 512; x++) {
      const ds = [d0, x >> 6, (x >> 3) & 7, x & 7];
      if (d0 === 0 && x === 0) continue;
      const splits = [1, 2, 3].filter((i) => ds[i]! & 4);
      for (let m = 0; m < 1 << splits.length; m++) {
        const unequal = [u0, false, false, false];
        splits.forEach((i, b) => (unequal[i] = ((m >> b) & 1) === 1));
        out.push(takeAndBreakCode(ds, unequal));
      }
    }
  }
  return out;
}

test('take-and-break kernel: the WebAssembly wide path (wasm/wide.ts) is built, and gives the values and counters of the JavaScript wide path on every octal code d0.d1d2d3 (d0 = 0, 4 and 4!) to 3000 heaps, and on 200 of those with ! on a split digit', () => {
  assert.ok(wideWasmAvailable(), 'wide.wasm is missing: npm run build compiles it');
  // The whole set (5183 codes with every ! on a split digit) was run once: no difference (5 min under load).
  const all = octalCodes();
  assert.equal(all.length, 5183);
  const plain = all.filter((c) => !c.unequal.slice(1).some((u) => u));
  assert.equal(plain.length, 511 + 512 + 512);
  const bangs = all.filter((c) => c.unequal.slice(1).some((u) => u));
  const codes = [...plain, ...bangs.filter((_, i) => i % Math.floor(bangs.length / 200) === 7)];
  let wideRan = 0;
  for (const code of codes) {
    const wasm = run(code, 3001, {});
    const js = run(code, 3001, { wasm: false });
    assertSameRun(wasm, js, 3001, code.text);
    assert.equal(js.inWasm.narrow + js.inWasm.wide, 0, code.text);
    if (wasm.inWasm.wide > 0) wideRan++;
  }
  // The comparison means something only if the wide path ran in WebAssembly on many of them.
  assert.ok(wideRan > 300, `the wide path ran in WebAssembly for ${wideRan} codes`);
});

test("take-and-break kernel: the WebAssembly wide path equals the JavaScript one on long runs of Grundy's game, 0.6 (values past 255: G widened in place, in the same memory) and 0.376, and on 0.354", () => {
  for (const [text, heaps] of [['4!.0', 150_000], ['0.6', 100_000], ['0.376', 200_000], ['0.354', 100_000]] as const) {
    const code = parseTakeAndBreakCode(text);
    const wasm = new TakeAndBreakKernel(movesOf(code), 64, { ...WIDE, limit: heaps });
    const buffer = wasm.G.buffer;
    // In steps, as takeAndBreakSequence runs it: the array grows within the memory's room.
    for (let n = 5000; n < heaps; n = Math.min(heaps, 2 * n)) {
      wasm.ensureCapacity(n, heaps);
      wasm.run(n);
    }
    wasm.ensureCapacity(heaps, heaps);
    wasm.run(heaps);
    const js = run(code, heaps, { wasm: false });
    assertSameRun(wasm, js, heaps, text);
    assert.ok(wasm.inWasm.wide > heaps / 2, `${text}: ${JSON.stringify(wasm.inWasm)}`);
    assert.equal(wasm.G.buffer, buffer, `${text}: G stayed in the WebAssembly memory`);
    if (text === '0.6') assert.ok(wasm.G instanceof Uint16Array && wasm.maxValue > 255, `0.6: largest ${wasm.maxValue}`);
  }
});

test('take-and-break kernel: a run asked for 2^30 heaps keeps G in the WebAssembly memory (2 bytes each); one asked for more than it holds runs in JavaScript, with the same values', () => {
  // MAX_CAPACITY (2^31 - 2^20 heaps, 2 bytes each within wasm32's 4 GiB) is the largest run the memory takes.
  assert.ok(MAX_CAPACITY >= 2 ** 30, `${MAX_CAPACITY}`);
  const atlas = run(parseTakeAndBreakCode('0.6'), 20_000, { limit: 2 ** 30 });
  assert.ok(atlas.narrowInWasm && atlas.G instanceof Uint16Array && atlas.inWasm.wide > 10_000, JSON.stringify(atlas.inWasm));
  assertSameRun(atlas, run(parseTakeAndBreakCode('0.6'), 20_000, { wasm: false }), 20_000, '0.6 with room for 2^30 heaps');
  const code = parseTakeAndBreakCode('4!.0');
  const past = run(code, 20_000, { limit: MAX_CAPACITY + 1 });
  assert.equal(past.inWasm.wide + past.inWasm.narrow, 0);
  assert.ok(!past.narrowInWasm);
  assertSameRun(past, run(code, 20_000, { wasm: false }), 20_000, '4!.0 past the room');
});
