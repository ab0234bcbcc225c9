/**
 * Sealed checkpoint files (src/core/sealed.ts, issue 24 item 1): a file reads back only for the same
 * kind and identity and with a matching checksum; any flipped bit, a truncation, or a file written
 * before checksums is refused naming the file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, truncateSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { InputError } from '../../src/core/errors.js';
import { SealedReader, SealedWriter, codeVersion, makeDirectory, readSealed, writeSealed } from '../../src/core/sealed.js';

function withDir(f: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-sealed-'));
  try {
    f(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const refused = (path: string, why: RegExp) => (e: unknown) => e instanceof InputError && e.message.includes(path) && why.test(e.message);

test('the version in a sealed file is the one in package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  assert.equal(codeVersion(), pkg.version);
  withDir((dir) => {
    writeSealed(join(dir, 'f'), 'k', 'p', {}, new Uint8Array(3));
    assert.match(readFileSync(join(dir, 'f'), 'utf8'), new RegExp(`"version":"${pkg.version.replace(/\./g, '\\.')}"`));
  });
});

test('a sealed file reads back; every flipped bit, in the header, the body or the checksum, is refused naming the file', () => {
  withDir((dir) => {
    const path = join(dir, 'f');
    const body = Uint8Array.from({ length: 200 }, (_, i) => (i * 37) & 255);
    writeSealed(path, 'kind', 'part 1', { spec: 'nim', n: 3 }, body);
    const back = readSealed(path, 'kind', { spec: 'nim', n: 3 });
    assert.deepEqual([...back!.body], [...body]);
    assert.equal(back!.part, 'part 1');
    const good = readFileSync(path);
    fc.assert(
      fc.property(fc.nat(good.length * 8 - 1), (bit) => {
        const bad = Buffer.from(good);
        bad[bit >> 3]! ^= 1 << (bit & 7);
        writeFileSync(path, bad);
        assert.throws(() => readSealed(path, 'kind', { spec: 'nim', n: 3 }), (e: unknown) => e instanceof InputError && e.message.includes(path));
      }),
      { numRuns: 300 },
    );
  });
});

test('another kind, another identity, another version, a truncation, or no checksum at all: refused, naming what differs', () => {
  withDir((dir) => {
    const path = join(dir, 'f');
    writeSealed(path, 'kind', 'p', { spec: 'nim' }, new Uint8Array(10));
    assert.throws(() => readSealed(path, 'other', { spec: 'nim' }), refused(path, /is a kind checkpoint, not a other one/));
    assert.throws(() => readSealed(path, 'kind', { spec: 'wythoff' }), refused(path, /written for spec "nim", not "wythoff"/));
    assert.throws(() => readSealed(path, 'kind', { spec: 'nim', extra: 1 }), refused(path, /written for extra null, not 1/));
    const text = readFileSync(path, 'latin1');
    writeFileSync(path, text.replace(`"version":"${codeVersion()}"`, '"version":"0.0.0"'), 'latin1');
    assert.throws(() => readSealed(path, 'kind', { spec: 'nim' }), refused(path, /written for version "0\.0\.0"/));
    writeFileSync(path, text, 'latin1');
    truncateSync(path, text.length - 1);
    assert.throws(() => readSealed(path, 'kind', { spec: 'nim' }), refused(path, /damaged/));
    writeFileSync(path, '{"format":1,"rules":"a"}');
    assert.throws(() => readSealed(path, 'kind', { spec: 'nim' }, dir), refused(path, new RegExp(`no checksum.*delete ${dir} and run again`)));
    assert.equal(readSealed(join(dir, 'none'), 'kind', {}), undefined);
    assert.throws(() => readSealed(dir, 'kind', {}), refused(dir, /not a file/));
  });
});

test('a body larger than one chunk is written and read piecewise with the same checksum', () => {
  withDir((dir) => {
    const path = join(dir, 'big');
    const n = (1 << 23) * 2 + 12345;
    const body = new Uint8Array(n);
    for (let i = 0; i < n; i += 4096) body[i] = (i >> 12) & 255;
    const w = new SealedWriter(path, 'k', 'p', {}, n);
    w.write(body.subarray(0, 1000));
    w.write(body.subarray(1000));
    w.close();
    const r = SealedReader.open(path, 'k', {})!;
    const into = new Uint8Array(n);
    r.read(into.subarray(0, 5_000_000));
    r.read(into.subarray(5_000_000));
    r.finish();
    assert.ok(Buffer.from(into).equals(Buffer.from(body)));
    assert.ok(!existsSync(`${path}.tmp-${process.pid}`));
  });
});

test('makeDirectory makes missing folders one level at a time, and refuses /proc and files at once instead of hanging', () => {
  withDir((dir) => {
    makeDirectory(join(dir, 'a', 'b', 'c'));
    assert.ok(existsSync(join(dir, 'a', 'b', 'c')));
    writeFileSync(join(dir, 'file'), '');
    assert.throws(() => makeDirectory(join(dir, 'file', 'x')), refused(join(dir, 'file'), /is not a folder/));
  });
  if (existsSync('/proc/self')) assert.throws(() => makeDirectory('/proc/sprague-test/x'), refused('/proc/sprague-test/x', /cannot create/));
});
