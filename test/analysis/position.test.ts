/**
 * The value of a position by the best method (src/analysis/position.ts): a sum of heaps of a game with a
 * sequence kernel is the XOR of its heaps' kernel values (Sprague–Grundy), checked against the plain solver;
 * the P-position box built from those values against the generic table; large heaps read off a certified
 * period; the library, the CLI and the explorer's job giving the same answer (issue 29 item 2, issue 30 item 1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PositionValues, heapValuesTable, isSumOfHeapValues } from '../../src/analysis/position.js';
import { pPositionsInBox, pTable } from '../../src/analysis/ppositions.js';
import { oneHeapSequence, sequenceWithPeriod } from '../../src/analysis/sequence.js';
import { InterruptedError } from '../../src/core/errors.js';
import type { TablePrefix } from '../../src/core/ptable.js';
import { Solver } from '../../src/core/solver.js';
import { grundy, outcome } from '../../src/index.js';
import { parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';

const SPECS = ['octal:0.07', 'octal:0.137', 'octal:0.16', 'octal:4.7', 'octal:0.6', 'octal:0.123', 'hex:0.B4', 'subtraction:1,3,4', 'subtraction:2,5,7'];

/** A small random generator with a fixed seed (the cases are the same on every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('a sum of heaps is the XOR of the kernel values: equal to the plain solver on 1, 2 and 3 heaps (nine octal, hex and subtraction games)', () => {
  const next = random(29);
  for (const spec of SPECS) {
    const rs = parseSpec(spec);
    const values = new PositionValues(rs);
    const solver = new Solver({ closedForms: false });
    for (let i = 0; i < 40; i++) {
      const heaps = Array.from({ length: 1 + (i % 3) }, () => Math.floor(next() * (i % 3 === 2 ? 14 : 30)));
      const p = rs.domain.parse(heaps.join(','));
      assert.equal(values.method(p), 'heap-values', spec);
      assert.equal(values.grundy(p), solver.grundy(rs, p), `${spec} ${heaps}`);
      assert.equal(values.outcome(p), solver.outcome(rs, p), `${spec} ${heaps}`);
    }
  }
});

test('games without a sequence kernel, and misère forms, go to the solver', () => {
  for (const spec of ['wythoff', 'nim', 'misere(octal:0.07)', 'rewrite:a,a2,b']) {
    const rs = parseSpec(spec);
    const p = rs.domain.parse(spec.startsWith('rewrite') ? 'aab' : '3,4');
    const values = new PositionValues(rs);
    assert.equal(values.method(p), 'solver', spec);
    assert.equal(values.outcome(p), new Solver().outcome(rs, p), spec);
  }
});

test('the P-positions of a sum of heaps from the kernel values equal the plain solver\'s (2 heaps to 30, 3 heaps to 10)', () => {
  for (const spec of SPECS) {
    const rs = parseSpec(spec);
    assert.ok(isSumOfHeapValues(rs, 2) && isSumOfHeapValues(rs, 3), spec);
    for (const [heaps, max] of [[2, 30], [3, 10]] as const) {
      const fast = heapValuesTable(rs, heaps, max);
      assert.deepEqual([...fast.pPositions()], pPositionsInBox(rs, heaps, max), `${spec} ${heaps} heaps`);
      assert.equal(pTable(rs, heaps, max)!.method, 'heap-values', spec);
    }
  }
});

test('a stopped P-position box of a sum of heaps keeps whole rows', () => {
  const rs = parseSpec('octal:0.16');
  const stop = new AbortController();
  let rows = 0;
  try {
    heapValuesTable(rs, 3, 20, {
      signal: stop.signal,
      onProgress: () => {
        if (++rows === 5) stop.abort();
      },
    });
    assert.fail('the table did not stop');
  } catch (e) {
    assert.ok(e instanceof InterruptedError);
    const { table, done } = e.partial as TablePrefix;
    assert.equal(done % (21 * 21), 0);
    assert.ok(done > 0);
    const side = 21;
    const below = pPositionsInBox(rs, 3, 20).filter(([x, y, z]) => (x! * side + y!) * side + z! < done);
    assert.deepEqual([...table.pPositions(done)], below);
  }
});

test('a heap of 10^8 in 0.07 (Dawson\'s Kayles) is read off its certified period: the library, the CLI and the period agree', () => {
  const rs = parseSpec('octal:0.07');
  const { values, period } = sequenceWithPeriod(rs, 400);
  assert.ok(period.certified && period.period === 34, 'the period is certified from 400 values');
  const n = 100_000_000;
  const expected = values[period.preperiod! + ((n - period.preperiod!) % period.period!)]!;
  const p = rs.domain.parse(String(n));
  assert.equal(grundy(rs, p), expected);
  assert.equal(outcome(rs, p), expected === 0 ? 'P' : 'N');
  const cli = runCli(['grundy', 'octal:0.07', String(n), `${n},${n - 1},7`, '--json']);
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.lines[0].grundy, expected);
  assert.equal(cli.lines[1].grundy, grundy(rs, rs.domain.parse(`${n},${n - 1},7`)));
});

test('issue 29: grundy octal:0.16 50000 is the 50000th value of its sequence (the kernel, not a search of sums)', () => {
  const rs = parseSpec('octal:0.16');
  const g = oneHeapSequence(rs, 50000)[50000];
  const one = runCli(['grundy', 'octal:0.16', '50000', '--json']);
  assert.equal(one.status, 0, one.stderr);
  assert.equal(one.lines[0].grundy, g);
  // With --moves each option (a heap or a sum of two) is valued the same way.
  const moves = runCli(['grundy', 'octal:0.16', '40', '--moves', '--json']);
  assert.equal(moves.status, 0, moves.stderr);
  const solver = new Solver();
  for (const m of moves.lines[0].moves) assert.equal(m.grundy, solver.grundy(rs, rs.domain.parse(m.position)), m.position);
});
