/**
 * The API reports (docs/api.md): api/*.api.md list every export of the package's entry points with its
 * signature and release tag; `npm run api:check` regenerates them and fails on a difference or an untagged
 * export. The fixtures show that the check can fail: a changed surface, an export without a tag.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(root, 'api', 'report.mjs');

function report(...args: string[]) {
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('api/*.api.md match the built entry points (when the change is intended: npm run api, and commit api/)', () => {
  const r = report('--check');
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});

test('the index exports no internals: the pool, the job runner, the packed layout, the grid searches', () => {
  const index = readFileSync(join(root, 'api', 'sprague.api.md'), 'utf8');
  for (const name of ['WorkerPool', 'serveTasks', 'JobRunner', 'INLINE_MS', 'serveJobs', 'packedLayout', 'TranspositionTable', 'PushCram3Search']) {
    assert.doesNotMatch(index, new RegExp(`^export (?:declare )?(?:class|function|const|interface|type) ${name}\\b`, 'm'), name);
  }
  assert.match(index, /^\/\/ @public\nexport class Solver\b/m);
});

/** A package of one .d.ts entry, in a temporary folder. */
function fixture(dts: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-api-fixture-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fixture', version: '1.0.0', exports: { '.': { types: './index.d.ts' } } }));
  writeFileSync(join(dir, 'index.d.ts'), dts);
  return dir;
}

const tagged = '/**\n * A.\n *\n * @remarks Since 1.0.0\n * @public\n */\nexport declare function a(x: number): string;\n';

test('a changed surface fails the check with the difference and says how to accept it', () => {
  const dir = fixture(tagged);
  try {
    assert.equal(report('--root', dir).status, 0);
    assert.match(readFileSync(join(dir, 'api', 'fixture.api.md'), 'utf8'), /\/\/ @public\nexport function a\(x: number\): string;/);
    assert.equal(report('--root', dir, '--check').status, 0, 'unchanged, the check passes');

    writeFileSync(join(dir, 'index.d.ts'), tagged.replace('x: number', 'x: number, y?: number'));
    const r = report('--root', dir, '--check');
    assert.equal(r.status, 1);
    assert.match(r.stdout, /^-export function a\(x: number\): string;$/m);
    assert.match(r.stdout, /^\+export function a\(x: number, y\?: number\): string;$/m);
    assert.match(r.stderr, /run `npm run api` and commit api\//);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an export without a release tag, or tagged @internal, is an error', () => {
  for (const [extra, why] of [
    ['/** Untagged. */\nexport declare const b: number;\n', /"b".*missing a release tag.*ae-missing-release-tag/],
    ['/**\n * Inside.\n *\n * @internal\n */\nexport declare const b: number;\n', /an export is @internal/],
  ] as const) {
    const dir = fixture(tagged + extra);
    try {
      mkdirSync(join(dir, 'api'));
      const r = report('--root', dir);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, why);
      assert.match(r.stderr, /every export of an entry point carries @public or @beta/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
