/**
 * The package as a user gets it (issue 23 item 2, issue 33 must-show b): `npm pack`, installed into an empty
 * CommonJS project made by `npm init -y`, serves its explorer page, prints its docs, and runs the custom game
 * examples it ships through `--require`. Installing needs npm's cache (tried first: `--offline`) or the npm
 * registry for the dependencies; without either the tests say so and skip.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heapValues } from '../helpers/plain.js';

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

const work = mkdtempSync(join(tmpdir(), 'sprague-pack-'));
const app = join(work, 'app');
/** The installed CLI, or why there is none (the registry and the cache both out of reach). */
let bin = '';
let skip: string | undefined;
let files = new Set<string>();

before(() => {
  // The build is npm test's (tsc -b); packing must not run it again.
  const pack = run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root);
  assert.equal(pack.status, 0, pack.stderr);
  const info = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  files = new Set(info[0]!.files.map((f) => f.path));
  // An empty project as `npm init -y` makes it: CommonJS.
  mkdirSync(app);
  const init = run(npm, ['init', '-y'], app);
  assert.equal(init.status, 0, init.stderr);
  const tarball = join(work, info[0]!.filename);
  // npm's cache first (seconds, nothing fetched); the registry when the cache lacks a dependency.
  let install = run(npm, ['install', tarball, '--offline', '--no-audit', '--no-fund'], app);
  if (install.status !== 0 && /ENOTCACHED/.test(install.stderr)) install = run(npm, ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], app);
  if (install.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(install.stderr)) {
    skip = `npm install could not reach the registry: ${install.stderr.split('\n').find((l) => /ERR/.test(l)) ?? ''}`;
    return;
  }
  assert.equal(install.status, 0, install.stderr);
  bin = join(app, 'node_modules', 'sprague', 'bin', 'sprague.js');
});

after(() => rmSync(work, { recursive: true, force: true }));

test('npm pack, installed into an empty project: sprague serve answers 200 with the explorer page, help specs prints the grammar', { timeout: 600_000 }, async (t) => {
  for (const f of ['LICENSE', 'README.md', 'package.json', 'bin/sprague.js', 'dist/src/cli/run.js', 'web/index.html', 'web/app.js', 'docs/specs.md', 'docs/cli.md', 'docs/conventions.md', 'api/sprague.api.md', 'data/automata/a-a4-b.json', 'examples/mygame.mjs', 'examples/mygame.cjs', 'examples/mygame.ts']) {
    assert.ok(files.has(f), `${f} is in the tarball`);
  }
  assert.ok(![...files].some((f) => f.startsWith('dist/test/') || f.startsWith('src/')), 'no tests or sources in the tarball');
  if (skip) return t.skip(skip);
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
});

/**
 * `npx sprague ...` in the project, as the README says. `--no` (never fetch: the installed one) makes npx read
 * the flags after the name as its own, so `--` ends npx's.
 */
function npx(args: string[]) {
  const r = run(npm.replace(/npm/, 'npx'), ['--no', '--', 'sprague', ...args], app);
  assert.equal(r.status, 0, `npx sprague ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

test('the custom game examples the tarball ships run in the npm init -y project through --require: .mjs, .cjs, and .ts compiled as README says', { timeout: 600_000 }, (t) => {
  if (skip) return t.skip(skip);
  assert.equal((JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { type?: string }).type ?? 'commonjs', 'commonjs');
  // The installed package's copies, not the repository's.
  for (const f of ['mygame.mjs', 'mygame.cjs', 'mygame.ts']) copyFileSync(join(app, 'node_modules', 'sprague', 'examples', f), join(app, f));

  // Prime subtraction (remove 2, 3, 5 or 7), with its kernel and certifier.
  const primes = heapValues(60, (n) => [2, 3, 5, 7].filter((s) => s <= n).map((s) => n - s));
  const mjs = npx(['--require', './mygame.mjs', 'sequence', 'mygame', '--max', '60', '--json']);
  assert.deepEqual(mjs.slice(0, -1).map((l) => l.grundy), primes);
  assert.deepEqual([mjs.at(-1)!.period, mjs.at(-1)!.preperiod, mjs.at(-1)!.certified], [9, 0, true]);

  // Halving (one token, or half of an even heap), a CommonJS module that import()s sprague.
  const half = heapValues(24, (n) => [...(n > 0 ? [n - 1] : []), ...(n > 0 && n % 2 === 0 ? [n / 2] : [])]);
  const cjs = npx(['grundy', 'halving', ...half.map((_, n) => String(n)), '--require', './mygame.cjs', '--json']);
  assert.deepEqual(cjs.map((l) => l.grundy), half);

  // The TypeScript example, compiled in the project against the installed package's types (module NodeNext;
  // the compiler is this repository's, standing in for the project's own `npm install typescript`). In a
  // CommonJS project tsc emits CommonJS, whose require('sprague') loads the ES module on Node >= 20.19.
  const tsc = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict', '--skipLibCheck', 'mygame.ts'], app);
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  const squares = heapValues(40, (n) => Array.from({ length: Math.floor(Math.sqrt(n)) }, (_, k) => n - (k + 1) * (k + 1)));
  if (!(process.features as { require_module?: boolean }).require_module) {
    t.diagnostic('this Node cannot require() an ES module: mygame.ts is checked by the compiler only');
    return;
  }
  const ts = npx(['--require', './mygame.js', 'grundy', 'squares', ...squares.map((_, n) => String(n)), '--json']);
  assert.deepEqual(ts.map((l) => l.grundy), squares);
});
