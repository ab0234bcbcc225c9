/**
 * The Walnut conformance suite (shared/walnut-conformance), when the folder exists: the arithmetic,
 * quantifier and reg cases (ids 0-156), the incidence-matrix cases (373-388) and 398-624, each in
 * one session with the setup minus its command files (the full run is
 * `sprague logic --conformance DIR`). Skips cleanly when the folder is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runConformance, type CaseOutcome } from '../../src/logic/conformance.js';

// Beside the repository, or wherever SPRAGUE_WALNUT_CONFORMANCE says (README, "Optional inputs").
const dir = process.env['SPRAGUE_WALNUT_CONFORMANCE'] ?? fileURLToPath(new URL('../../../../shared/walnut-conformance', import.meta.url));
const present = existsSync(`${dir}/cases.jsonl`);

test('Walnut conformance, cases 0-156 (deciding-game-invariance section 3 arithmetic, quantifiers, reg)', { skip: present ? false : `no conformance suite at ${dir}` }, () => {
  const outcomes: CaseOutcome[] = [];
  const only = new Set(Array.from({ length: 157 }, (_, i) => i));
  const summary = runConformance(dir, { only, loadCommandFiles: false, onCase: (c) => outcomes.push(c) });
  assert.equal(outcomes.length, 157);
  assert.equal(summary.passed + summary.failed + summary.skipped, 157);
  // Measured: see docs/logic.md; a regression shows up as fewer passes.
  assert.ok(summary.passed >= 157, `passed ${summary.passed}: ${outcomes.filter((o) => o.status === 'fail').map((o) => `${o.id} ${o.reason}`).join('; ')}`);
});

test('Walnut conformance, cases 398-624 (negative bases, DFAO arithmetic, automaton commands)', { skip: present ? false : `no conformance suite at ${dir}` }, () => {
  const outcomes: CaseOutcome[] = [];
  const only = new Set(Array.from({ length: 227 }, (_, i) => 398 + i));
  const summary = runConformance(dir, { only, loadCommandFiles: false, onCase: (c) => outcomes.push(c) });
  assert.equal(outcomes.length, 227);
  // Measured: 225 pass, 2 skip (docs/logic.md).
  assert.ok(summary.passed >= 225, `passed ${summary.passed}: ${outcomes.filter((o) => o.status === 'fail').map((o) => `${o.id} ${o.reason}`).join('; ')}`);
});

test('Walnut conformance, cases 373-388 (incidence matrices exact, their errors, macros)', { skip: present ? false : `no conformance suite at ${dir}` }, () => {
  const outcomes: CaseOutcome[] = [];
  const only = new Set(Array.from({ length: 16 }, (_, i) => 373 + i));
  const summary = runConformance(dir, { only, loadCommandFiles: false, onCase: (c) => outcomes.push(c) });
  assert.equal(outcomes.length, 16);
  // Measured: all 16 pass; the 7 mpl files (374-379, 383) are identical to Walnut's after trimming.
  assert.ok(summary.passed >= 16, `passed ${summary.passed}: ${outcomes.filter((o) => o.status !== 'pass').map((o) => `${o.id} ${o.reason}`).join('; ')}`);
  const mpl = outcomes.filter((o) => /mpl identical/.test(o.reason ?? '')).map((o) => o.id);
  assert.deepEqual(mpl, [374, 375, 376, 377, 378, 379, 383]);
});

test('Walnut conformance runner: an mpl that differs from Walnut\'s fails, and so does one written where none is expected', { skip: present ? false : `no conformance suite at ${dir}` }, () => {
  const copy = mkdtempSync(join(tmpdir(), 'walnut-'));
  try {
    cpSync(join(dir, 'fixtures'), join(copy, 'fixtures'), { recursive: true });
    cpSync(join(dir, 'expected'), join(copy, 'expected'), { recursive: true });
    cpSync(join(dir, 'setup.jsonl'), join(copy, 'setup.jsonl'));
    // One entry of M_i_j_1_0 changed; case 0 asks for the matrices of a.
    const mpl = join(copy, 'expected/mpl374.mpl');
    writeFileSync(mpl, readFileSync(mpl, 'utf8').replace('M_i_j_1_0 := Matrix([[0,1]', 'M_i_j_1_0 := Matrix([[0,2]'));
    const cases = readFileSync(join(dir, 'cases.jsonl'), 'utf8').replace('"eval test0 \\"(a = 4)', '"eval test0 a \\"(a = 4)');
    writeFileSync(join(copy, 'cases.jsonl'), cases);
    const outcomes: CaseOutcome[] = [];
    runConformance(copy, { only: new Set([0, 374, 375]), loadCommandFiles: false, onCase: (c) => outcomes.push(c) });
    assert.deepEqual(outcomes.map((o) => o.status), ['fail', 'fail', 'pass']);
    assert.match(outcomes[0]!.reason!, /Result\/test0\.mpl where Walnut writes no incidence matrices/);
    assert.match(outcomes[1]!.reason!, /incidence matrices differ from Walnut's from line 18/);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});
