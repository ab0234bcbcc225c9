/**
 * `census pack` (issue 31, the atlas shipped in data/): a census database copied without its kept values reads
 * the same everywhere a reader looks (show, report, site), is smaller, and the source is only read.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { CensusStore } from '../../src/census/store.js';
import { runCli } from '../helpers/cli.js';

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

test('census pack copies rows, censuses and member lists without the kept values; show, report and site read the copy as the original', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-pack-'));
  try {
    const source = join(dir, 'a.db');
    // Escalated open games keep their values (what a later run continues from).
    const run = runCli(['census', 'run', 'octal:2', '--bound', '512', '--escalate', '4096', '--db', source]);
    assert.equal(run.status, 0, run.stderr);
    const kept = (file: string) => {
      const s = CensusStore.open(file, { readonly: true });
      try {
        return s.keptValues().length;
      } finally {
        s.close();
      }
    };
    assert.ok(kept(source) > 0, 'the escalation kept values');
    const before = digest(source);

    const packed = join(dir, 'b.db');
    const r = runCli(['census', 'pack', packed, '--db', source]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /without the values kept for \d+ games/);
    assert.equal(digest(source), before, 'the source is only read');
    assert.equal(kept(packed), 0);
    assert.ok(statSync(packed).size < statSync(source).size, `${statSync(packed).size} against ${statSync(source).size}`);
    assert.deepEqual(readdirSync(dir).sort(), ['a.db', 'b.db'], 'no -wal or -shm file beside either');

    for (const args of [['census', 'show', 'octal:2', '--csv'], ['census', 'show', 'octal:2', '--bound', '512', '--json']]) {
      const a = runCli([...args, '--db', source]);
      const b = runCli([...args, '--db', packed]);
      assert.equal(a.status, 0, a.stderr);
      assert.equal(b.stdout, a.stdout, args.join(' '));
    }
    const report = (db: string, out: string) => {
      const x = runCli(['census', 'report', 'octal:2', '--db', db, '--out', join(dir, out)]);
      assert.equal(x.status, 0, x.stderr);
      return readFileSync(join(dir, out), 'utf8').split(db).join('DB');
    };
    assert.equal(report(packed, 'b.md'), report(source, 'a.md'));
    const site = runCli(['census', 'site', 'octal:2', join(dir, 'site'), '--db', packed]);
    assert.equal(site.status, 0, site.stderr);

    // An existing file is never overwritten.
    writeFileSync(join(dir, 'c.db'), 'mine');
    const again = runCli(['census', 'pack', join(dir, 'c.db'), '--db', source]);
    assert.equal(again.status, 2);
    assert.match(again.stderr, /c\.db exists; name a new file/);
    assert.equal(readFileSync(join(dir, 'c.db'), 'utf8'), 'mine');
    const missing = runCli(['census', 'pack', join(dir, 'd.db'), '--db', join(dir, 'none.db')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /no census database at .*none\.db/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
