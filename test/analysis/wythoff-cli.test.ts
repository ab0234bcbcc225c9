import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.js';
import { bitChecksum, bitsOfTable, bitsToText, textToBits } from '../../src/analysis/bitstring.js';
import { wythoffFamilyTable } from '../../src/analysis/wythoff-table.js';

test('sprague bitstring maharaja --bits N --json: one line, bit i = 0 iff column i has an upper P-position (maharaja-nim 2.1)', () => {
  const r = runCli(['bitstring', 'maharaja', '--bits', '2000', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines.length, 1);
  const { bits, checksum } = r.lines[0];
  const table = wythoffFamilyTable([[1, 2]], 2000);
  assert.equal(bits, bitsToText(bitsOfTable(table)));
  assert.equal(checksum, bitChecksum(textToBits(bits)));
  // Section 2.2: from column 8 the string reads 00100 100101100 0 10010011000.
  assert.equal(bits.slice(8, 8 + 26), '00100100101100010010011000');
  // Column 0 holds (0,0), on the diagonal, not above it.
  assert.equal(bits[0], '1');
});

test('sprague bitstring: wythoff+2,3 bits from column 1 start 01000111 (maharaja-nim section 5.1); bad input exits 2', () => {
  const r = runCli(['bitstring', 'wythoff+2,3', '--bits', '14', '--json']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines[0].bits.slice(1), '0100011100000');
  const notWythoff = runCli(['bitstring', 'nim', '--bits', '5', '--json']);
  assert.equal(notWythoff.status, 2);
  assert.match(notWythoff.stderr, /Wythoff-family/);
  assert.equal(runCli(['bitstring', 'maharaja', '--bits', 'ten']).status, 2);
});

test('sprague dictionary / telescope / conjecture41 --json', () => {
  const d = runCli(['dictionary', 'wythoff+2,3', '--bits', '5000', '--json']);
  assert.equal(d.status, 0, d.stderr);
  assert.equal(d.lines[0].firstDifference, null);
  assert.deepEqual(
    d.lines[0].usage.map((u: { label: string }) => u.label),
    ['(41)', '(42)', '(43)', '(44)'],
  );
  const custom = runCli(['dictionary', 'custom', '--entries', '0->10,1->0,01000->100011100,01010->10001100', '--start', '0100011100000', '--read', '8', '--steps', '5', '--json']);
  assert.equal(custom.status, 0, custom.stderr);
  assert.equal(custom.lines[0].string, '01000111000001010101010001100');
  assert.equal(custom.lines[0].stopped, 'steps');
  assert.equal(runCli(['dictionary', 'custom', '--entries', '0>1', '--start', '0']).status, 2);
  const t = runCli(['telescope', '3', '6', '--json']);
  assert.deepEqual(t.lines, [{ x: '3', column: '6', p: true }]);
  assert.equal(runCli(['telescope', '-5', '--json']).status, 2);
  const c = runCli(['conjecture41', '--max-l', '3', '--n', '10000', '--json']);
  assert.deepEqual(
    c.lines.map((l: { k: number; l: number; devMin: number; devMax: number }) => [l.k, l.l, l.devMin, l.devMax]),
    [[1, 2, -4, 3], [1, 3, 0, 0], [2, 3, -2, 1]],
  );
});
