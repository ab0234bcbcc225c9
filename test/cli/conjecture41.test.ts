/**
 * `sprague conjecture41` (maharaja-nim, Conjecture 4.1): the decades of one run and the picture of --out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phiDeviations } from '../../src/analysis/wythoff-conjecture.js';
import { runCli } from '../helpers/cli.js';

test('conjecture41 --out: one line per pair whose P-positions are not Wythoff\'s (max |y - φx| > 1/φ) and whose maximum still moved after 10^3, through the points of each decade (maharaja-nim, Conj. 4.1)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprague-c41-'));
  const out = join(dir, 'c41.svg');
  const r = runCli(['conjecture41', '--max-l', '8', '--n', '100000', '--json', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { k: number; l: number; decades: { below: number }[] });
  assert.deepEqual(rows[0]!.decades.map((d) => d.below), [1000, 10_000, 100_000]);
  const svg = readFileSync(out, 'utf8');
  const drawn = [...svg.matchAll(/data-name="\((\d+),(\d+)\)[^"]*"/g)].map((m) => `${m[1]},${m[2]}`).sort();
  const abs = (d: { phiDevMin: number; phiDevMax: number }) => Math.max(Math.abs(d.phiDevMin), Math.abs(d.phiDevMax));
  const moving = phiDeviations(8, 100_000)
    .filter((row) => row.maxAbsPhiDev > 2 / (1 + Math.sqrt(5)) + 1e-9 && abs(row.decades[row.decades.length - 1]!) > abs(row.decades[0]!))
    .map((row) => `${row.k},${row.l}`)
    .sort();
  assert.ok(moving.includes('3,5') && moving.includes('1,2') && !moving.includes('1,3'), moving.join(' '));
  assert.deepEqual(drawn, moving);
  assert.match(svg, />10\^5</);
  const bad = runCli(['conjecture41', '--n', '1000', '--out', join(dir, 'c41.txt')]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--out: the file must end in \.svg or \.png/);
});
