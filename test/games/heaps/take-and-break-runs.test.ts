import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, InterruptedError } from '../../../src/core/errors.js';
import { parseTakeAndBreakCode } from '../../../src/games/heaps/take-and-break/code.js';
import { checkpointPath, loadCheckpoint } from '../../../src/games/heaps/take-and-break/checkpoint.js';
import { followedFingerprint, formatFingerprint, takeAndBreakSequence } from '../../../src/games/heaps/take-and-break/sequence.js';
import { keepRecentRuns } from '../../../src/games/heaps/take-and-break/reuse.js';

const grundy = parseTakeAndBreakCode('4!.0');

test('long runs: a run stopped by its AbortSignal keeps the values done and a checkpoint; resuming gives the uninterrupted values', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-'));
  try {
    const path = checkpointPath(dir, grundy);
    const whole = takeAndBreakSequence(grundy, 60_000, { atPeriod: 'ignore' });
    const controller = new AbortController();
    const seen: number[] = [];
    let partial: ArrayLike<number> | undefined;
    try {
      takeAndBreakSequence(grundy, 60_000, {
        atPeriod: 'ignore',
        checkpoint: path,
        checkpointEvery: 8192,
        signal: controller.signal,
        onProgress: (done, total) => {
          seen.push(done);
          assert.equal(total, 60_001);
          if (done >= 20_000) controller.abort();
        },
      });
      assert.fail('not interrupted');
    } catch (e) {
      assert.ok(e instanceof InterruptedError);
      partial = (e.partial as { values: ArrayLike<number> }).values;
    }
    assert.ok(partial!.length >= 20_000 && partial!.length < 60_001, `${partial!.length} values kept`);
    for (let i = 0; i < partial!.length; i++) assert.equal(partial![i], whole.values[i]);
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
    // The checkpoint holds exactly the values kept.
    const cp = loadCheckpoint(path, grundy)!;
    assert.equal(cp.values.length, partial!.length);
    const resumed = takeAndBreakSequence(grundy, 60_000, { atPeriod: 'ignore', checkpoint: path });
    assert.equal(resumed.resumedFrom, partial!.length);
    assert.equal(resumed.computed, 60_001);
    assert.deepEqual(Array.from(resumed.values), Array.from(whole.values));
    assert.deepEqual(resumed.fingerprint, whole.fingerprint);
    // Asking for fewer heaps than the checkpoint holds reads them back without computing.
    const shorter = takeAndBreakSequence(grundy, 1000, { atPeriod: 'ignore', checkpoint: path });
    assert.deepEqual(Array.from(shorter.values), Array.from(whole.values.subarray(0, 1001)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('checkpoints: another game, a damaged byte and a truncated file are refused with the file named; no temporary file is left', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-'));
  try {
    const path = join(dir, 'cp.values');
    takeAndBreakSequence(grundy, 5000, { atPeriod: 'ignore', checkpoint: path });
    assert.ok(existsSync(path));
    assert.ok(readFileSync(path).length > 5001, 'one byte per heap after the header');
    assert.throws(() => loadCheckpoint(path, parseTakeAndBreakCode('0.16')), (e: unknown) => e instanceof InputError && /was written for 4!\.0, not 0\.16/.test(e.message));
    const good = readFileSync(path);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 10]! ^= 1;
    writeFileSync(path, damaged);
    assert.throws(() => loadCheckpoint(path, grundy), (e: unknown) => e instanceof InputError && /checksum mismatch/.test(e.message) && e.message.includes(path));
    writeFileSync(path, good.subarray(0, good.length - 7));
    assert.throws(() => loadCheckpoint(path, grundy), (e: unknown) => e instanceof InputError && /truncated/.test(e.message));
    writeFileSync(path, 'hello\n');
    assert.throws(() => loadCheckpoint(path, grundy), (e: unknown) => e instanceof InputError && /not a sprague take-and-break checkpoint/.test(e.message));
    assert.equal(loadCheckpoint(join(dir, 'none'), grundy), undefined);
    assert.deepEqual(readdirSync(dir).filter((f) => f.includes('.tmp')), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("fingerprint (tczajka's analyze): Grundy's game to 2^14 has its largest value 139 first at 16375, 1150 rare heaps under mask fe, the last at 16371", () => {
  // tczajka's analyze prints at n=2^14: n=2^14 largest G[16375]=139 rare_mask=fe num_rare=1150 last_rare=16371,
  // counting heap 0 among the rare ones; rareCount counts heaps 1..n-1, the printed line counts his way.
  const r = takeAndBreakSequence(grundy, (1 << 14) - 1, { atPeriod: 'ignore' });
  assert.equal(r.fingerprint.rareCount, 1149);
  assert.equal(formatFingerprint(r.fingerprint), 'n=2^14 largest G[16375]=139 rare_mask=fe num_rare=1150 last_rare=16371');
});

test('formatFingerprint counts heap 0 as tczajka does: rare unless the class reads the heap parity and the split parity is 1; no class, no rare heap; n=2^k only at powers of two', () => {
  const f = { heaps: 100, largest: 5, largestAt: 7, rareMask: 0x1e, rarePos: false, rareCount: 4, lastRare: 40 };
  assert.equal(formatFingerprint(f), 'n=100 largest G[7]=5 rare_mask=1e num_rare=5 last_rare=40');
  assert.equal(formatFingerprint({ ...f, rarePos: true, splitParity: 0 }), 'n=100 largest G[7]=5 rare_mask=1epos num_rare=5 last_rare=40');
  assert.equal(formatFingerprint({ ...f, rarePos: true, splitParity: 1 }), 'n=100 largest G[7]=5 rare_mask=1epos num_rare=4 last_rare=40');
  assert.equal(formatFingerprint({ ...f, heaps: 128, rareMask: 0, rareCount: 0, lastRare: 0 }), 'n=2^7 largest G[7]=5 rare_mask=0 num_rare=0 last_rare=0');
  assert.equal(formatFingerprint({ ...f, heaps: 1 }), 'n=2^0 largest G[7]=5 rare_mask=1e num_rare=5 last_rare=40');
});

test('atPeriod: stop ends at the certificate, extend fills up to max from the period, ignore computes every value', () => {
  const code = parseTakeAndBreakCode('0.137');
  const stop = takeAndBreakSequence(code, 5000, { atPeriod: 'stop' });
  const extend = takeAndBreakSequence(code, 5000);
  const ignore = takeAndBreakSequence(code, 5000, { atPeriod: 'ignore' });
  assert.equal(stop.values.length, stop.computed);
  assert.ok(stop.computed < 400);
  assert.equal(extend.values.length, 5001);
  assert.equal(extend.computed, stop.computed);
  assert.equal(ignore.computed, 5001);
  assert.equal(ignore.period, undefined);
  assert.deepEqual(Array.from(extend.values), Array.from(ignore.values));
});

test('checkpoints past one chunk (8 MiB) of hashing, reading and writing (a single write of 2^31 bytes, a run past 2^30 heaps, is refused by Node): values read back equal, a damaged byte past the first chunk is caught, and the digest is the one-update SHA-256 of files written before chunking', async () => {
  const { createHash } = await import('node:crypto');
  const { saveCheckpoint } = await import('../../../src/games/heaps/take-and-break/checkpoint.js');
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-'));
  try {
    const path = join(dir, 'big.values');
    const n = (1 << 23) + 12_345;
    const values = new Uint16Array(n);
    for (let i = 0; i < n; i++) values[i] = (i * 2654435761) >>> 22;
    const sparseClass = { mask: 30, pos: 1 as const };
    saveCheckpoint(path, { code: '0.16', values, sparseClass });
    const back = loadCheckpoint(path, parseTakeAndBreakCode('0.16'))!;
    assert.ok(back.values instanceof Uint16Array);
    assert.deepEqual(back.sparseClass, sparseClass);
    assert.equal(Buffer.compare(Buffer.from(back.values.buffer), Buffer.from(values.buffer)), 0);
    const file = readFileSync(path);
    const header = JSON.parse(file.subarray(0, file.indexOf(10)).toString('utf8')) as { sha256: string };
    const oneUpdate = createHash('sha256').update(`0.16\n${n}\n30\n1\n`).update(Buffer.from(values.buffer)).digest('hex');
    assert.equal(header.sha256, oneUpdate);
    file[file.length - 1000]! ^= 4;
    writeFileSync(path, file);
    assert.throws(() => loadCheckpoint(path, parseTakeAndBreakCode('0.16')), (e: unknown) => e instanceof InputError && /checksum mismatch/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('followedFingerprint: the kernel following known values reports the fingerprint of the run that computed them (a sparse class, one with pos, none)', () => {
  for (const text of ['4!.0', '0.16', '0.106', '0.26', '0.06', '0.165']) {
    const code = parseTakeAndBreakCode(text);
    const run = takeAndBreakSequence(code, 20_000, { atPeriod: 'ignore' });
    assert.deepEqual(followedFingerprint(code, run.values), run.fingerprint, text);
  }
  // A class with the position flag and one with no class at all are among them (the test covers both kinds).
  assert.equal(takeAndBreakSequence(parseTakeAndBreakCode('0.106'), 20_000, { atPeriod: 'ignore' }).fingerprint.rarePos, true);
  assert.equal(takeAndBreakSequence(parseTakeAndBreakCode('0.06'), 20_000, { atPeriod: 'ignore' }).fingerprint.rareMask, 0);
});

test('a run resumed from its checkpoint (stopped at B, continued to 2B) reports the fingerprint of a straight run to 2B: the whole sequence, the same class', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-tnb-'));
  try {
    for (const text of ['4!.0', '0.106', '0.6', '0.165']) {
      const code = parseTakeAndBreakCode(text);
      const path = checkpointPath(dir, code);
      const first = takeAndBreakSequence(code, 1 << 14, { atPeriod: 'ignore', checkpoint: path });
      const resumed = takeAndBreakSequence(code, 1 << 15, { atPeriod: 'ignore', checkpoint: path });
      const straight = takeAndBreakSequence(code, 1 << 15, { atPeriod: 'ignore' });
      assert.equal(resumed.resumedFrom, first.values.length, text);
      assert.deepEqual(resumed.fingerprint, straight.fingerprint, text);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a code whose values are read off an earlier code (reuse.ts) reports the fingerprint its own kernel run would', () => {
  const values = new Map<string, ReturnType<typeof takeAndBreakSequence>>();
  for (const text of ['0.764', '0.766', '0.767']) values.set(text, takeAndBreakSequence(parseTakeAndBreakCode(text), 1 << 14));
  keepRecentRuns();
  try {
    let read = 0;
    for (const text of ['0.764', '0.766', '0.767']) {
      const replayed = takeAndBreakSequence(parseTakeAndBreakCode(text), 1 << 14);
      if (replayed.stats.plain + replayed.stats.sparse === 0) read++;
      assert.deepEqual(replayed.fingerprint, values.get(text)!.fingerprint, text);
    }
    assert.equal(read, 2, 'the last two codes are read off the first');
  } finally {
    keepRecentRuns(0);
  }
});
