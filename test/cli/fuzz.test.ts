/**
 * The CLI under generated input (issue 24, "Must show"): fast-check builds command lines from game specs,
 * positions, logic commands and flags, valid and broken, and every one must end the way docs/cli.md says:
 * exit 0, 2 (bad input) or 3 (a limit), never 1 (a bug); on failure exactly one line on stderr and no
 * stack trace; and within a time bound (the sizes are small, so a valid input finishes fast).
 *
 * The seed is fixed and printed; FUZZ_SEED=N reruns with another, and a failure prints the seed and the
 * path that reproduce it (fast-check's report). The runs go through the CLI's `main` in this process.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { closeInProcessJobs, runCliInProcess } from '../helpers/cli.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 24_2026);
const RUNS = 300;
/** Each command line must end within this (its sizes are small; a hang or a quadratic blow-up fails). */
const BOUND_MS = 10_000;

after(closeInProcessJobs);

const heapGames = ['nim', 'wythoff', 'euclid', 'zeruclid', 'mark', 'maharaja', 'subtraction:1,2,3', 'subtraction:1-4,7', 'octal:0.07', 'octal:0.137', 'hex:0.f', 'wythoff+1,2'];
const junkSpecs = ['', 'foo', 'nim:3', 'sum(nim,', 'push(nim)', 'octal:0.08', 'subtraction:', 'subtraction:0', 'misere(misere(nim))', 'rewrite:a->ab', 'wythoff+1', '((', 'nim⊙', '⊙nim'];

/** A game spec: a heap game, a compound of them (nested up to 3 deep), a grid or rewrite game, or junk. */
const spec: fc.Arbitrary<string> = fc.letrec<{ game: string }>((tie) => ({
  game: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...heapGames),
    fc.tuple(fc.constantFrom('sum', 'push', 'conjoined', 'pass'), fc.array(tie('game'), { minLength: 1, maxLength: 3 })).map(([c, parts]) => `${c}(${parts.join(',')})`),
    tie('game').map((g) => `misere(${g})`),
    fc.constantFrom('cram', 'domineering', 'rewrite:a,b', 'rewrite:ab->ba', 'rewrite:a,a2,b'),
    fc.constantFrom(...junkSpecs),
    fc.string({ maxLength: 12 }),
  ),
})).game;

/** A position: heaps (small, so that a valid one is quick), a board, a word, or junk. */
const position = fc.oneof(
  fc.array(fc.nat({ max: 12 }), { minLength: 1, maxLength: 3 }).map((h) => h.join(',')),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 })).map(([r, c]) => `${r}x${c}`),
  fc.constantFrom('a3b2', 'ab', 'ε', '', '1+2', '2:1,2', '-1', '3,x', '99999999999999999999', '(1,2'),
  fc.string({ maxLength: 8 }),
);

/** A flag, valid somewhere or nowhere, with its value when it takes one. */
const flag = fc.oneof(
  fc.constantFrom(['--json'], ['--moves'], ['--outcome-only'], ['--steps'], ['--print'], ['--jsn'], ['--heaps', '3'], ['--heaps', '0'], ['--only', '99999']),
  fc.tuple(fc.constantFrom('--max-depth', '--max-memory', '--max-states', '--max', '--heaps'), fc.oneof(fc.nat({ max: 40 }).map(String), fc.constantFrom('1e12', '-3', 'x', '2G', '0', '1.5M', '99999999999999999999'))).map(([f, v]) => [f, v]),
);

const formula = fc.oneof(
  { arbitrary: fc.constantFrom('Ex x=x', 'Ax,y x+y=y+x', 'Ex x<3 & x>1', 'Ax Ey y=x+1', 'Ex,y x=2*y+1', 'Ex x=3*x', 'Ex,y,z x=y+z & z<y', 'x=2*y', 'Ax x>=0'), weight: 4 },
  fc.constantFrom('Ex x=x', 'Ax,y x+y=y+x', 'Ex x<3 & x>1', 'Ax Ey y=x+1', 'Ex,y x=2*y+1', 'Ex x=3*x', 'Ex,y,z x=y+z & z<y', 'Ex x=x junk'),
  fc.string({ maxLength: 10 }),
);
const system = fc.oneof({ arbitrary: fc.constantFrom('msd_2', 'lsd_2', 'msd_3', 'msd_fib', 'msd_10'), weight: 4 }, fc.constantFrom('msd_99999', 'msd_1', 'nosuch'));
/** A logic command: eval/def with a formula in a system, a reg, or junk (with and without a terminator). */
const logicCommand = fc.oneof(
  fc.tuple(fc.constantFrom('eval', 'def'), system, formula, fc.constantFrom('', ';', '', ';', ' junk', '" extra')).map(([v, s, f, end]) => `${v} t "?${s} ${f}"${end}`),
  fc.tuple(system, fc.constantFrom('0*1', '(01)*', '[', '1*')).map(([s, r]) => `reg r ${s} "${r}"`),
  fc.string({ maxLength: 16 }),
);

const heaps = (count: number, max: number) => fc.array(fc.nat({ max }), { minLength: count, maxLength: count }).map((h) => h.join(','));

/** A game with positions of its own kind (small): the lines that reach the solvers and kernels. */
const gameWithPositions: fc.Arbitrary<[string, string[]]> = fc.oneof(
  fc.tuple(fc.constantFrom('nim', 'misere(nim)', 'subtraction:1,2,3', 'subtraction:1-4,7', 'octal:0.07', 'octal:0.137', 'hex:0.f'), fc.array(fc.integer({ min: 1, max: 3 }).chain((k) => heaps(k, 30)), { minLength: 1, maxLength: 3 })),
  fc.tuple(fc.constantFrom('wythoff', 'maharaja', 'wythoff+1,2', 'euclid', 'zeruclid', 'mark', 'push(nim,euclid)', 'push(nim,nim)', 'misere(wythoff)'), fc.array(heaps(2, 12), { minLength: 1, maxLength: 3 })),
  fc.tuple(fc.constantFrom('sum(nim,wythoff)'), fc.array(fc.tuple(heaps(1, 9), heaps(2, 9)).map(([a, b]) => `${a}+${b}`), { minLength: 1, maxLength: 2 })),
  fc.tuple(fc.constantFrom('cram', 'domineering'), fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 })).map(([r, c]) => `${r}x${c}`), { minLength: 1, maxLength: 2 })),
  fc.tuple(fc.constantFrom('rewrite:a,b', 'rewrite:a,a2,b'), fc.array(fc.stringMatching(/^[ab]{0,6}$/), { minLength: 1, maxLength: 2 })),
);

/** A valid flag of grundy, or none. */
const grundyFlags = fc.constantFrom([], [], ['--json'], ['--moves'], ['--json', '--moves'], ['--max-memory', '1G']);

/** A whole command line: mostly valid ones, and broken ones of every kind. */
const commandLine: fc.Arbitrary<string[]> = fc.oneof(
  { arbitrary: fc.tuple(gameWithPositions, grundyFlags).map(([[s, ps], fs]) => ['grundy', s, ...ps, ...fs]), weight: 4 },
  { arbitrary: fc.tuple(fc.constantFrom('nim', 'wythoff', 'maharaja', 'euclid', 'push(nim,euclid)', 'mark', 'zeruclid'), fc.nat({ max: 20 }), fc.constantFrom([], ['--json'])).map(([s, n, fs]) => ['ppositions', s, '--max', String(n), ...fs]), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom('nim', 'subtraction:1,2,3', 'octal:0.07', 'octal:0.137', 'push(subtraction:1,2,nim)'), fc.nat({ max: 60 }), fc.constantFrom([], ['--json'])).map(([s, n, fs]) => ['sequence', s, '--max', String(n), ...fs]), weight: 2 },
  { arbitrary: fc.tuple(logicCommand, fc.array(flag, { maxLength: 1 })).map(([c, fs]) => ['logic', c, ...fs.flat()]), weight: 2 },
  { arbitrary: fc.tuple(spec, fc.array(position, { minLength: 1, maxLength: 3 }), fc.array(flag, { maxLength: 2 })).map(([s, ps, fs]) => ['grundy', s, ...ps, ...fs.flat()]), weight: 2 },
  { arbitrary: fc.tuple(spec, fc.nat({ max: 20 }), fc.array(flag, { maxLength: 2 })).map(([s, n, fs]) => ['ppositions', s, '--max', String(n), ...fs.flat()]), weight: 1 },
  { arbitrary: fc.tuple(spec, fc.nat({ max: 60 }), fc.array(flag, { maxLength: 2 })).map(([s, n, fs]) => ['sequence', s, '--max', String(n), ...fs.flat()]), weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom('grundi', 'rewrite', 'frobnicate', 'ppositions', 'automaton', 'admissible'), fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 })).map(([c, rest]) => [c, ...rest.filter((r) => r !== '')]), weight: 1 },
);

test(`the CLI under ${RUNS} generated command lines: exit 0, 2 or 3, one line on stderr when it fails, no trace, in time (seed ${SEED})`, { timeout: 240_000 }, async () => {
  process.stdout.write(`# fuzz seed ${SEED} (FUZZ_SEED=N for another)\n`);
  const statuses = new Map<number, number>();
  // Logic without a query reads standard input: never generated (a query is always given).
  await fc.assert(
    fc.asyncProperty(commandLine, async (args) => {
      const started = performance.now();
      const shownEarly = `sprague ${args.map((a) => JSON.stringify(a)).join(' ')}`;
      // A run that never ends fails here, naming its command line (a run that blocks this thread is caught by the test's timeout).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${shownEarly}: still running after ${BOUND_MS} ms`)), BOUND_MS);
      });
      const r = await Promise.race([runCliInProcess(args), late]).finally(() => clearTimeout(timer));
      const ms = performance.now() - started;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      const shown = `sprague ${args.map((a) => JSON.stringify(a)).join(' ')}`;
      assert.ok([0, 2, 3].includes(r.status), `${shown}: exit ${r.status}: ${r.stderr}`);
      if (r.status !== 0) assert.equal(r.stderr.trimEnd().split('\n').length, 1, `${shown}: not one line on stderr:\n${r.stderr}`);
      if (r.status !== 0) assert.match(r.stderr, /^sprague: /, shown);
      assert.doesNotMatch(r.stderr, /^ {4}at /m, `${shown}: a stack trace`);
      assert.ok(ms < BOUND_MS, `${shown}: took ${Math.round(ms)} ms`);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `exit ${s}: ${n}`).join(', ');
  process.stdout.write(`# ${tally}\n`);
  // The generators must reach the computations, not only the parsers: a good share of the lines are valid.
  assert.ok((statuses.get(0) ?? 0) >= RUNS / 5, `too few valid command lines: ${tally}`);
});
