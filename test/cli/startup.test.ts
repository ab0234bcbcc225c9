/**
 * What a command line loads: a short run is mostly start-up, so a command loads the modules it needs and
 * no others (commands/index.ts loads one command's module, jobs/load.ts one job's).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));

/** The modules of src/ (paths below it) that a command line loads, recorded by a module loader hook. */
function modulesLoaded(args: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-startup-'));
  try {
    const log = join(dir, 'loaded.txt');
    writeFileSync(log, '');
    writeFileSync(join(dir, 'hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.SPRAGUE_LOAD_LOG, url + '\\n'); return next(url, context); }\n");
    writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, entry, ...args], {
      encoding: 'utf8',
      env: { ...process.env, SPRAGUE_LOAD_LOG: log },
    });
    assert.equal(r.status, 0, r.stderr);
    const src = pathToFileURL(fileURLToPath(new URL('../../src/', import.meta.url))).href;
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((u) => u.startsWith(src))
      .map((u) => u.slice(src.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('sequence (run in the CLI\'s thread) loads its own job, not every job of the registry, nor the automata, the census, the logic engine, the server or the pictures', () => {
  const loaded = modulesLoaded(['sequence', 'octal:0.16', '--max', '2000', '--summary']);
  assert.ok(loaded.includes('jobs/sequence.js') && loaded.includes('games/heaps/take-and-break/kernel.js'), `the probe sees the modules loaded: ${loaded.join(' ')}`);
  const heavy = loaded.filter((m) => /^(jobs\/(registry|index|automaton|census|logic|admissible|grundy|plot|wythoff)\.js|automata\/|census\/|logic\/|server\/|plot\/|invariance\/|regular\/)/.test(m));
  assert.deepEqual(heavy, []);
});
