import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { LimitError } from '../../src/core/errors.js';
import { LIMITS, LIMIT_NAMES, flagFor, limitDefault } from '../../src/core/limits.js';
import { product } from '../../src/automata/ops.js';
import { Dfa } from '../../src/automata/dfa.js';
import { admissibleDirect } from '../../src/logic/admissibility.js';
import { logicSetOf } from '../../src/logic/games.js';
import { runCli } from '../helpers/cli.js';

const doc = readFileSync(new URL('../../../docs/limits.md', import.meta.url), 'utf8');

test('docs/limits.md lists every limit of the table, with its default and its flags, and no other', () => {
  const rows = doc.split('\n').filter((l) => /^\| `\w+` \|/.test(l));
  assert.deepEqual(rows.map((r) => /^\| `(\w+)`/.exec(r)![1]), LIMIT_NAMES);
  for (const [i, name] of LIMIT_NAMES.entries()) {
    const spec = LIMITS[name];
    const cells = rows[i]!.split(' | ');
    assert.equal(cells[1], spec.shown, name);
    for (const [command, flag] of Object.entries('flags' in spec ? spec.flags : {})) {
      assert.ok(rows[i]!.includes(command === '*' ? `\`${flag}\` (every command)` : `\`${command} ${flag}\``), `${name}: ${command} ${flag}`);
    }
  }
});

test('the CLI finds the flag that raises a limit in the table, by command', () => {
  assert.equal(flagFor('subsets', 'admissible'), '--max-subsets');
  assert.equal(flagFor('subsets', 'logic'), undefined);
  assert.equal(flagFor('logicStates', 'logic'), '--max-states');
  assert.equal(flagFor('depth', 'sequence'), '--max-depth');
  assert.equal(flagFor('transitions', 'admissible'), undefined);
  assert.equal(limitDefault('subsets'), 5_000_000);
});

test('a kernel names the limit of the caller that set the cap, and keeps the count reached (refa-style assert)', () => {
  // A cycle of 10 states against one of 7: 70 reachable pairs.
  const cycle = (n: number) => Dfa.from(n, 1, (s) => (s + 1) % n, (s) => (s === 0 ? 1 : 0));
  assert.equal(product(cycle(10), cycle(7), (x, y) => x & y).stateCount, 70);
  assert.throws(
    () => product(cycle(10), cycle(7), (x, y) => x & y, 50, { limit: 'logicStates' }),
    (e: unknown) => e instanceof LimitError && e.limit === 'logicStates' && e.partial === 50 && e.message === 'the product passed 50 states',
  );
  assert.throws(() => LimitError.assert(3, 3, 'subsets', 'subset construction'), /the subset construction passed 3 states/);
  LimitError.assert(2, 3, 'subsets', 'subset construction');
});

test('sprague logic --max-states caps every intermediate automaton; the limit names the flag (exit 3)', () => {
  const capped = runCli(['logic', 'eval t "?msd_2 Ex,y x=7*y+3"', '--max-states', '10', '--json']);
  assert.equal(capped.status, 3);
  assert.equal(capped.stdout, '');
  assert.equal(capped.stderr, 'sprague: the product passed 10 states (raise it with --max-states N)\n');
  // A product by a constant past the cap is refused before it is built (y = c x needs about c states).
  const refused = runCli(['logic', 'eval t "?msd_2 Ex,y x=15*y+3"', '--max-states', '10', '--json']);
  assert.equal(refused.status, 3);
  assert.equal(refused.stderr, 'sprague: multiplying or dividing by 15 needs an automaton of about that many states, more than 10 (raise it with --max-states N)\n');
  const ok = runCli(['logic', 'eval t "?msd_2 Ex,y x=15*y+3"', '--max-states', '1000', '--json']);
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(ok.lines, [{ name: 't', result: true, states: 1 }]);
});

test("the logic admissibility engine's caps come from the table and are named by it: its NFAs (admissibilityNfaStates, raised with admissible --max-subsets)", () => {
  assert.equal(limitDefault('admissibilityNfaStates'), 30_000_000);
  assert.equal(limitDefault('stuckProduct'), 50_000_000);
  assert.equal(limitDefault('throughCandidates'), 1_000_000);
  assert.equal(flagFor('admissibilityNfaStates', 'admissible'), '--max-subsets');
  assert.throws(
    () => admissibleDirect(logicSetOf('wythoff'), { maxNfaStates: 5 }),
    (e: unknown) => e instanceof LimitError && e.limit === 'admissibilityNfaStates' && e.partial === 5,
  );
});
