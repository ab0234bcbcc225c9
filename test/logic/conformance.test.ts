/**
 * The Walnut conformance suite (shared/walnut-conformance), when the folder exists: the arithmetic,
 * quantifier and reg cases (ids 0-156), the incidence-matrix cases (373-388) and 398-624, each in
 * one session with the setup minus its command files (the full run is
 * `sprague logic --conformance DIR`). Skips cleanly when the folder is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runConformance, type CaseOutcome } from '../../src/logic/conformance.js';

const dir = fileURLToPath(new URL('../../../../shared/walnut-conformance', import.meta.url));
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
