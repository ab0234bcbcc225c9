/**
 * The package as a user gets it (issue 23 item 2): `npm pack`, installed into an empty folder, serves its
 * explorer page and prints its docs. Installing needs the npm registry (or npm's cache) for the
 * dependencies; without either the test says so and skips.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd: string, args: string[], cwd: string, timeout = 300_000) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  return { status: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Starts `sprague serve --port 0` and resolves with its URL once the first line says where it listens. */
function serve(bin: string, cwd: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no "listening" line in 30 s: ${out} ${err}`)), 30_000);
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', (code) => reject(new Error(`sprague serve exited (${code}): ${err}`)));
  });
}

test('npm pack, installed into an empty folder: sprague serve answers 200 with the explorer page, help specs prints the grammar', { timeout: 600_000 }, async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'sprague-pack-'));
  try {
    // The build is npm test's (tsc -b); packing must not run it again.
    const pack = run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root);
    assert.equal(pack.status, 0, pack.stderr);
    const info = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    const files = new Set(info[0]!.files.map((f) => f.path));
    for (const f of ['LICENSE', 'README.md', 'package.json', 'bin/sprague.js', 'dist/src/cli/run.js', 'web/index.html', 'web/app.js', 'docs/specs.md', 'docs/cli.md', 'docs/conventions.md', 'api/sprague.api.md', 'data/automata/a-a4-b.json']) {
      assert.ok(files.has(f), `${f} is in the tarball`);
    }
    assert.ok(![...files].some((f) => f.startsWith('dist/test/') || f.startsWith('src/')), 'no tests or sources in the tarball');

    const app = join(work, 'app');
    const install = run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', app, join(work, info[0]!.filename)], work);
    if (install.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(install.stderr)) {
      t.skip(`npm install could not reach the registry: ${install.stderr.split('\n').find((l) => /ERR/.test(l)) ?? ''}`);
      return;
    }
    assert.equal(install.status, 0, install.stderr);
    const bin = join(app, 'node_modules', 'sprague', 'bin', 'sprague.js');

    const version = run(process.execPath, [bin, '--version'], app);
    assert.equal(version.stdout.trim(), (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);

    const specs = run(process.execPath, [bin, 'help', 'specs'], app);
    assert.equal(specs.status, 0, specs.stderr);
    assert.match(specs.stdout, /^Game specs and positions: the grammar\n=+\n/);
    assert.match(specs.stdout, /\n {4}'rewrite:' rule \( ',' rule \)\*/);
    const markdown = run(process.execPath, [bin, 'help', 'specs', '--markdown'], app);
    assert.equal(markdown.stdout.trim(), readFileSync(join(root, 'docs', 'specs.md'), 'utf8').trim());

    const server = await serve(bin, app);
    try {
      const page = await fetch(`${server.url}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>sprague explorer<\/title>/);
      assert.equal((await fetch(`${server.url}/app.js`)).status, 200);
      const grundy = await fetch(`${server.url}/api/run`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ job: 'grundy', args: { spec: 'wythoff', positions: ['3,5'] } }) });
      assert.equal(grundy.status, 200);
      assert.equal(((await grundy.json()) as { result: { grundy: number }[] }).result[0]!.grundy, 0);
    } finally {
      server.stop();
    }

    const grundy = run(process.execPath, [bin, 'grundy', 'nim', '3,5', '--json'], app);
    assert.deepEqual(JSON.parse(grundy.stdout), { position: '3,5', grundy: 6, outcome: 'N', heaps: [3, 5] });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
