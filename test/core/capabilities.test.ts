/**
 * Capabilities on the ruleset (issue 20): a game family is its ruleset plus, optionally, the kernels it
 * declares, and every face (analyses, pictures, the CLI) finds them without knowing the family.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Solver, grundySequence, loadGameModules, oneHeapSequence, pPositionsInBox, pTable, parseSpec, sequenceWithPeriod } from '../../src/index.js';
import { makePlot } from '../../src/plot/index.js';
import { runCli } from '../helpers/cli.js';

const fixture = new URL('./parity-subtraction.js', import.meta.url);
await loadGameModules([fixture.href]);
const family = (await import(fixture.href)) as typeof import('./parity-subtraction.js');

test('a new heap game through the public API: its own kernel equals the plain solver, and its own certifier proves the period (sequenceWithPeriod)', () => {
  const rs = parseSpec('paritysub');
  const runs = family.kernelRuns;
  const r = sequenceWithPeriod(rs, 600);
  assert.ok(family.kernelRuns > runs, 'the sequence kernel the ruleset declares was used');
  assert.deepEqual(Array.from(r.values), grundySequence(rs, 600, { solver: new Solver() }));
  assert.equal(r.period.certified, true);
  assert.equal(r.period.period, 14);
  assert.equal(r.period.preperiod, 0);
  assert.match(r.period.certificate!, /^parity state cycle/);
  // The certified period holds far beyond the values it was read from.
  const far = oneHeapSequence(rs, 30_000);
  for (let n = 0; n + 14 < far.length; n++) assert.equal(far[n + 14], far[n], `G(${n + 14}) = G(${n})`);
});

test('compounds compose with the new family: SUBTRACTION(1,2) ⊙ paritysub, certified by the state cycle (push-the-button, Theorem 4.2.3) from paritysub\'s own certified period', () => {
  const rs = parseSpec('push(subtraction:1,2,paritysub)');
  const r = sequenceWithPeriod(rs, 800);
  assert.deepEqual(Array.from(r.values), grundySequence(rs, 800, { solver: new Solver() }));
  assert.equal(r.period.certified, true);
  assert.match(r.period.certificate!, /^state cycle \(push-the-button, Thm 4\.2\.3\)/);
  const far = oneHeapSequence(rs, 20_000);
  const { period, preperiod } = r.period as { period: number; preperiod: number };
  for (let n = preperiod; n + period < far.length; n++) assert.equal(far[n + period], far[n], `n = ${n}`);
});

test('the `sprague sequence` path: SPRAGUE_GAMES loads the family in the CLI and in the worker of its job; without it the game is unknown', () => {
  const file = fileURLToPath(fixture);
  const r = runCli(['sequence', 'paritysub', '--max', '400', '--json'], { env: { SPRAGUE_GAMES: file } });
  assert.equal(r.status, 0, r.stderr);
  const last = r.lines.at(-1);
  assert.deepEqual([last.period, last.preperiod, last.certified], [14, 0, true]);
  assert.match(last.certificate, /^parity state cycle/);
  assert.deepEqual(
    r.lines.slice(0, -1).map((l: { grundy: number }) => l.grundy),
    Array.from(sequenceWithPeriod(parseSpec('paritysub'), 400).values),
  );
  const unknown = runCli(['sequence', 'paritysub', '--max', '40']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown game "paritysub"/);
  const missing = runCli(['sequence', 'nim', '--max', '4'], { env: { SPRAGUE_GAMES: join(tmpdir(), 'no-such-game-module.js') } });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /^sprague: cannot load the game module .*no-such-game-module\.js \(SPRAGUE_GAMES\)/);
  assert.equal(missing.stderr.trim().split('\n').length, 1);
});

test('a picture from plot: the family declares the sequence picture; the summary carries its certified period', async () => {
  const runs = family.kernelRuns;
  const p = await makePlot({ spec: 'paritysub', max: 200 });
  assert.ok(family.kernelRuns > runs);
  assert.equal(p.kind, 'sequence');
  assert.match(p.svg, /^<svg/);
  assert.deepEqual([p.summary['period'], p.summary['preperiod'], p.summary['certified']], [14, 0, true]);
  assert.equal(p.table.rows.length, 201);
});

test('every fast path a built-in family declares equals the general method (sequences, tables, through compounds)', () => {
  const solver = new Solver();
  for (const spec of ['octal:0.07', 'hex:0.B4', 'subtraction:1,3,4', 'push(subtraction:1,2,octal:0.07)', 'push(subtraction:2,3,subtraction:1-4,paritysub)']) {
    const rs = parseSpec(spec);
    assert.ok(rs.capabilities?.sequence, `${spec} declares a sequence kernel`);
    assert.deepEqual(Array.from(oneHeapSequence(rs, 150)), grundySequence(rs, 150, { solver }), spec);
  }
  const tables: [string, number, string][] = [
    ['push(nim,euclid,wythoff)', 2, 'rays'],
    ['misere(maharaja)', 2, 'rays'],
    ['push(wythoff,misere(euclid))', 2, 'rays'],
    ['hprime', 2, 'invariant'],
    ['invariant:(*,0),(1,1),(2,3)', 2, 'invariant'],
    ['zeruclid', 3, 'zeruclid'],
    ['push(zeruclid,nim)', 2, 'table'],
    ['misere(push(nim,euclid))', 2, 'solver'],
    ['conjoined(nim,euclid)', 2, 'solver'],
  ];
  for (const [spec, heaps, method] of tables) {
    const rs = parseSpec(spec);
    const max = heaps === 2 ? 16 : 6;
    const t = pTable(rs, heaps, max);
    assert.equal(t?.method ?? 'solver', method, spec);
    if (t) assert.deepEqual([...t.table.pPositions()], pPositionsInBox(rs, heaps, max), spec);
  }
});

test('importing the computing library loads neither the PNG nor the Graphviz engine (they are at sprague/plot)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-import-'));
  writeFileSync(
    join(dir, 'hooks.mjs'),
    "export async function resolve(s, c, next) { const r = await next(s, c); if (/@resvg|@viz-js/.test(r.url)) process.stdout.write('LOADED ' + r.url + '\\n'); return r; }\n",
  );
  writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
  const load = (entry: string): string => {
    const url = new URL(entry, import.meta.url).href;
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', `await import(${JSON.stringify(url)}); await new Promise((r) => setTimeout(r, 50));`], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  assert.doesNotMatch(load('../../src/index.js'), /LOADED/);
  assert.match(load('../../src/plot/index.js'), /LOADED .*@resvg/, 'the probe sees the engines when they are loaded');
});

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('no face asks for a ruleset\'s class: no `instanceof` on a class of src/games or src/core outside them (errors aside)', () => {
  const src = fileURLToPath(new URL('../../../src/', import.meta.url));
  const inside = (f: string) => f.startsWith(join(src, 'games')) || f.startsWith(join(src, 'core'));
  const classes = new Set<string>();
  for (const f of sources(src).filter(inside)) {
    for (const m of readFileSync(f, 'utf8').matchAll(/export (?:abstract )?class (\w+)(?: extends (\w+))?/g)) {
      if (!/Error$/.test(m[2] ?? '') && !/Error$/.test(m[1]!)) classes.add(m[1]!);
    }
  }
  assert.ok(classes.has('WythoffFamily') && classes.has('PushCompound') && classes.has('Misere'), 'the scan sees the ruleset classes');
  const found: string[] = [];
  for (const f of sources(src).filter((f) => !inside(f))) {
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const m of line.matchAll(/instanceof (\w+)/g)) if (classes.has(m[1]!)) found.push(`${f.slice(src.length)}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, []);
});
