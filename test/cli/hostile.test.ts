/**
 * The CLI under hostile input (issue 29): fast-check builds command lines for EVERY command from specs,
 * positions and flag values meant to hurt (compounds nested thousands deep, numbers of thousands of
 * digits, logic sentences of 100 kB, many variables, odd unicode, empty strings), and each runs as a child
 * process, as a user would run it. Each must end the way docs/cli.md says: exit 0 (an answer), 2 (bad
 * input) or 3 (a limit), never 1 or a signal; no stack trace and no "internal error" on stderr; and
 * within its time budget. The budget is generous (a busy 2-core machine must not fail a quick refusal);
 * what it catches is a hang, a run past it because a size was not refused up front.
 *
 * The seed is fixed and printed: FUZZ_SEED=N runs another set, FUZZ_CASES=N more or fewer cases. A
 * failure names the seed and the command line (long arguments shortened). test/cli/fuzz.test.ts covers
 * the ordinary inputs in this process; this file the hostile ones, in children (a stack overflow, an
 * allocation or a hang there must not take the test runner down).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import fc from 'fast-check';

const SEED = Number(process.env['FUZZ_SEED'] ?? 29_2026);
const CASES = Number(process.env['FUZZ_CASES'] ?? 120);
/** FUZZ_VERBOSE=1: a line per case (how it ended, how long it took). */
const VERBOSE = process.env['FUZZ_VERBOSE'] === '1';
/** Per case: a refusal is expected in well under a second; the rest is for a machine busy with other work. */
const CASE_MS = 30_000;
/** Cases run at once (the machine has 2 cores). */
const PARALLEL = 2;

const entry = fileURLToPath(new URL('../../src/cli/run.js', import.meta.url));
// Commands that write files (census, plot --out, --checkpoint) write them here, not in the repository.
const cwd = mkdtempSync(join(tmpdir(), 'sprague-hostile-'));
after(() => rmSync(cwd, { recursive: true, force: true }));

interface Case {
  args: string[];
  /** Standard input (logic reads its commands there when no query is given: sentences too long for argv). */
  input?: string;
}

// ---- Pieces ---------------------------------------------------------------------------------------

/** Strings meant to confuse a parser: empty, blank, invisible, combining, astral, right-to-left, look-alike digits. */
const oddText = fc.oneof(
  fc.constantFrom('', ' ', '\t', '-', '--', '\u200b', '\ufeff', 'a\u0301', '🙂', '𝔽', 'ε', '∅', '\u202e12', '١٢', '１２', '²', '½', '∞', 'Infinity', 'NaN', 'null', '[]', '{}', '"', "'", '\\', '$(x)', '%s'),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.string({ unit: 'binary', maxLength: 10 }).map((s) => s.replace(/\0/g, '')),
);

/** A number: small, at the edges of the integer types, or huge (up to 100 000 digits); or a number-like string. */
const number = fc.oneof(
  { arbitrary: fc.nat({ max: 40 }).map(String), weight: 3 },
  fc.constantFrom('-1', '-0', '0', '1e9', '1e400', '0x10', '1.5', '+3', ' 3', '3 ', '2147483648', '4294967296', '9007199254740993', '18446744073709551617', '99999999999999999999'),
  fc.integer({ min: 20, max: 400 }).map((n) => '9'.repeat(n)),
  fc.constantFrom(5_001, 20_000, 100_000).map((n) => '1'.repeat(n)),
  oddText,
);

const heapGames = ['nim', 'wythoff', 'maharaja', 'euclid', 'zeruclid', 'mark', 'subtraction:1,2,3', 'subtraction:1-4,7', 'octal:0.07', 'octal:0.137', 'octal:4.007', 'hex:0.f', 'wythoff+1,2', 'wythoff+2,3'];
const otherGames = ['cram', 'domineering', 'pushcram', 'rewrite:a,b', 'rewrite:ab->ba', 'rewrite:a,a2,b', 'rewrite:a->b,a->,b->', 'rewrite:a2,b3'];
const compounds = ['sum', 'push', 'conjoined', 'pass', 'misere'];

/** A spec nested n deep: far past specNesting (100), up to what one argument holds (128 KiB). */
const deepSpec = fc.tuple(fc.constantFrom(...compounds), fc.constantFrom(99, 101, 1_000, 10_000, 100_000)).map(([c, n]) => {
  const depth = Math.min(n, Math.floor(120_000 / (c.length + 2)));
  return `${c}(`.repeat(depth) + 'nim' + ')'.repeat(depth);
});
/** A compound of many parts (wide, not deep). */
const wideSpec = fc.tuple(fc.constantFrom('sum', 'push', 'conjoined'), fc.constantFrom(2, 50, 1_000, 20_000), fc.constantFrom('nim', 'wythoff', 'subtraction:1,2')).map(([c, n, g]) => `${c}(${Array(n).fill(g).join(',')})`);
/** A game with huge or odd parameters. */
const oddGame = fc.oneof(
  number.map((n) => `subtraction:${n}`),
  number.map((n) => `octal:0.${n}`),
  number.map((n) => `hex:0.${n}`),
  fc.tuple(number, number).map(([k, l]) => `wythoff+${k},${l}`),
  number.map((n) => `rewrite:a${n},b`),
  fc.nat({ max: 3000 }).map((n) => `rewrite:${'ab'.repeat(n)}->ba`),
  oddText.map((t) => `rewrite:${t}`),
);

const spec: fc.Arbitrary<string> = fc.letrec<{ game: string }>((tie) => ({
  game: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.constantFrom(...heapGames, ...otherGames), weight: 4 },
    fc.tuple(fc.constantFrom(...compounds), fc.array(tie('game'), { minLength: 1, maxLength: 3 })).map(([c, parts]) => `${c}(${parts.join(',')})`),
    deepSpec,
    wideSpec,
    oddGame,
    oddText,
  ),
})).game;

/** A position: heaps (few or thousands, small or huge), a board (small, huge, malformed), a word (short or 100 000 letters), or junk. */
const position = fc.oneof(
  { arbitrary: fc.array(fc.nat({ max: 20 }), { minLength: 1, maxLength: 3 }).map((h) => h.join(',')), weight: 3 },
  fc.array(number, { minLength: 1, maxLength: 3 }).map((h) => h.join(',')),
  fc.constantFrom(100, 10_000).map((n) => Array(n).fill('3').join(',')),
  fc.tuple(fc.constantFrom('0', '1', '3', '30', '31', '1000', '99999999999', '-2', ''), fc.constantFrom('0', '2', '4', '26', '200', '99999999999', 'x')).map(([r, c]) => `${r}x${c}`),
  fc.constantFrom('.#/..', '##', '/', '.'.repeat(5000), `${'.'.repeat(20)}/`.repeat(20)),
  fc.constantFrom(0, 6, 40, 3_000, 100_000).map((n) => 'ab'.repeat(n / 2)),
  fc.constantFrom('a3b2', 'a99999999999', 'a1e9b', 'ε', '1+2', '2:1,2', '3,x', '(1,2', '1+2+3+4+5+6+7+8+9'),
  oddText,
);

/** A flag with a value (odd values included); the value comes next. */
const valued = (flag: string, value: fc.Arbitrary<string> = number) => value.map((v) => [flag, v]);
const someOf = (...flags: fc.Arbitrary<string[]>[]) => fc.array(fc.oneof(...flags), { maxLength: 2 }).map((fs) => fs.flat());
const json = fc.constant<string[]>(['--json']);
const maxDepth = valued('--max-depth');
const maxMemory = valued('--max-memory', fc.oneof(number, fc.constantFrom('1G', '512M', '1K', '0', '1e30G', '2T', 'M', '1.5.2G')));

// ---- Logic sentences ------------------------------------------------------------------------------

const systems = ['msd_2', 'lsd_2', 'msd_fib', 'msd_3', 'msd_10', 'msd_1024', 'msd_99999', 'lsd_0', 'nosuch', 'msd_1e3'];
const chain = (n: number, part: (i: number) => string, op: string) => Array.from({ length: n }, (_, i) => part(i)).join(` ${op} `);
const vars = (n: number) => Array.from({ length: n }, (_, i) => `x${i}`);

/** A formula body: ordinary, long, deep, wide in variables, with huge constants, or junk. */
const formula = fc.oneof(
  { arbitrary: fc.constantFrom('Ex x=x', 'Ax,y x+y=y+x', 'Ex x<3 & x>1', 'Ax Ey y=x+1', 'Ex,y x=2*y+1', 'x=2*y', 'Ex $nosuch(x)', 'Ex W[x]=1', 'Ex x=x junk', ''), weight: 3 },
  fc.constantFrom(10, 999, 1_001, 25_000).chain((n) => fc.constantFrom(`Ex ${chain(n, () => 'x=x', '&')}`, `Ex,y ${chain(n, () => 'x<y+1', '|')}`, `${chain(n, () => 'x=x', '=>')}`, `Ex ${chain(n, () => 'x', '+')}=x`)),
  fc.constantFrom(1_000, 100_000).chain((n) => fc.constantFrom(`${'('.repeat(n)}0=0${')'.repeat(n)}`, `${'~'.repeat(n)}0=0`, `${'Ex '.repeat(n)}x=x`, `Ex x=${'_'.repeat(n)}1`, `${'('.repeat(n)}0=0`)),
  fc.constantFrom(3, 12, 21, 40, 200).map((n) => `E${vars(n).join(',')} ${chain(n, (i) => `x${i}=x${(i + 1) % n}+1`, '&')}`),
  fc.constantFrom(3, 12, 21, 40).map((n) => chain(n, (i) => `x${i}<${i + 1}`, '&')),
  fc.constantFrom(20, 400, 3_000).map((n) => `Ex x=${'9'.repeat(n)}`),
  fc.constantFrom(20, 400).map((n) => `Ex,y x=${'7'.repeat(n)}*y`),
  oddText,
);
const logicLine = fc.oneof(
  { arbitrary: fc.tuple(fc.constantFrom('eval', 'def'), fc.constantFrom(...systems), formula).map(([v, s, f]) => `${v} t "?${s} ${f}";`), weight: 4 },
  fc.tuple(fc.constantFrom('msd_2', 'msd_2 msd_2', 'msd_1024 msd_1024 msd_1024', Array(25).fill('msd_2').join(' '), '{0,1}', ''), fc.constantFrom('0*1', '(01)*', '[', '[0,1]*', `${'('.repeat(5_000)}0${')*'.repeat(5_000)}`, `${'(0|1)'.repeat(2_000)}`, '((0|1)*1(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1)(0|1))')).map(([t, r]) => `reg r ${t} "${r}";`),
  fc.constantFrom('macro m "#m(%0) & #m(%0)"; eval t "?msd_2 Ex #m(x=x)";', 'macro m "%0 & %0"; eval t "?msd_2 Ex #m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(#m(x=x)))))))))))))))))))";', 'morphism f "0->01 1->0"; promote W f; eval t "?msd_fib Ex W[x]=1";', 'eval t "?msd_2 Ex x=x"', 'eval t'),
  oddText,
);
/** Logic: a short query on the command line, or commands on standard input (no size limit there). */
const logicCase: fc.Arbitrary<Case> = fc.oneof(
  fc.tuple(logicLine.filter((l) => l.length < 100_000), someOf(valued('--max-states'), fc.constant<string[]>(['--steps']), json, fc.constant<string[]>(['--print']))).map(([q, fs]) => ({ args: ['logic', q, ...fs] })),
  fc.tuple(fc.array(logicLine, { minLength: 1, maxLength: 3 }), someOf(valued('--max-states'), json)).map(([ls, fs]) => ({ args: ['logic', '--file', '-', ...fs], input: ls.join('\n') })),
);

// ---- Every command ------------------------------------------------------------------------------

const positions = fc.array(position, { minLength: 1, maxLength: 3 });
const word = fc.oneof(fc.constantFrom('ab', 'aab', 'ε', ''), fc.constantFrom(1_000, 100_000).map((n) => 'a'.repeat(n)), oddText);
const args = (...parts: fc.Arbitrary<string | string[]>[]): fc.Arbitrary<Case> => fc.tuple(...parts).map((ps) => ({ args: ps.flat() }));
const c = (s: string) => fc.constant(s);

const commandCase: fc.Arbitrary<Case> = fc.oneof(
  { arbitrary: args(c('grundy'), spec, positions, someOf(json, fc.constant<string[]>(['--moves']), fc.constant<string[]>(['--outcome-only']), maxDepth, maxMemory)), weight: 6 },
  { arbitrary: args(c('ppositions'), spec, valued('--max'), someOf(valued('--heaps'), maxDepth, json)), weight: 3 },
  { arbitrary: args(c('sequence'), spec, valued('--max'), someOf(fc.constant<string[]>(['--summary']), maxDepth, json)), weight: 3 },
  { arbitrary: args(c('lengths'), spec, valued('--max'), someOf(valued('--words'), valued('--threads'), valued('--memory'), maxDepth)), weight: 2 },
  { arbitrary: args(c('automaton'), spec, someOf(valued('--max-states'), fc.constant<string[]>(['--p-positions']), json)), weight: 2 },
  { arbitrary: args(c('admissible'), fc.oneof(spec, number.map((v) => `periodic:${v}`), oddText.map((v) => `morphic:${v}`), fc.constantFrom('periodic:1122', 'morphic:1->12,2->1', 'morphic:1->1')), someOf(valued('--max'), valued('--method', fc.oneof(fc.constantFrom('logic', 'periodic', 'bounded'), oddText)), valued('--heaps'), valued('--difference-max'), valued('--max-subsets'))), weight: 3 },
  { arbitrary: args(c('rewrite'), c('confluence'), spec, fc.array(word, { minLength: 1, maxLength: 2 })), weight: 1 },
  { arbitrary: args(c('rewrite'), c('pushdown'), spec, someOf(valued('--check'))), weight: 1 },
  { arbitrary: args(c('rewrite'), c('theorem5'), spec, someOf(valued('--i-max'), valued('--j-max'))), weight: 1 },
  { arbitrary: args(c('rewrite'), c('family'), spec, fc.oneof(fc.constantFrom('a b^i a^j b', 'b^i', 'a^i^j', ''), oddText)), weight: 1 },
  { arbitrary: args(c('rewrite'), c('octal'), fc.oneof(fc.constantFrom('0.07', '0.137', '4.007'), number.map((n) => `0.${n}`), oddText), someOf(valued('--max'))), weight: 1 },
  { arbitrary: args(c('rewrite'), c('turing'), fc.oneof(c('no-such-file.json'), oddText.filter((t) => t !== '' && !t.startsWith('-'))), someOf(valued('--max-steps'), valued('--run'))), weight: 1 },
  { arbitrary: args(c('plot'), spec, someOf(valued('--max'), valued('--kind', fc.oneof(fc.constantFrom('ppositions', 'deviation', 'values', 'lengths', 'counts', 'sequence', 'automaton'), oddText)), valued('--slice'), valued('--overlay', spec))), weight: 2 },
  { arbitrary: args(c('bitstring'), spec, someOf(valued('--bits'), json)), weight: 1 },
  { arbitrary: args(c('dictionary'), fc.oneof(fc.constantFrom('maharaja', 'wythoff+2,3', 'appendix-b'), oddText), someOf(valued('--bits'))), weight: 1 },
  { arbitrary: args(c('dictionary'), c('custom'), someOf(valued('--entries', fc.oneof(fc.constantFrom('1->0,01->100', '0->00', '->', '1->', '0->0'), oddText)), valued('--start', fc.oneof(fc.constantFrom('1', '0', ''), word)), valued('--read'), valued('--steps'), valued('--bits'))), weight: 1 },
  { arbitrary: args(c('telescope'), number, fc.oneof(fc.constant<string[]>([]), number.map((y) => [y])), someOf(valued('--spec', spec), valued('--max-digits'), json)), weight: 2 },
  { arbitrary: args(c('conjecture41'), someOf(valued('--max-l'), valued('--n'), json)), weight: 2 },
  { arbitrary: logicCase, weight: 6 },
  { arbitrary: args(c('bluff'), fc.oneof(fc.constantFrom('cram', 'pushcram'), spec), positions), weight: 1 },
  { arbitrary: args(c('census'), fc.constantFrom('run', 'show', 'report', 'nosuch'), fc.oneof(number.map((n) => `octal:${n}`), number.map((n) => `subtraction:${n}`), number.map((n) => `rewrite:${n}`), oddText), someOf(valued('--threads'), valued('--max-states'), valued('--budget-ms'))), weight: 1 },
  { arbitrary: args(c('help'), fc.oneof(fc.constantFrom('specs', 'json', 'conventions', 'papers', 'grundy'), oddText)), weight: 1 },
  { arbitrary: args(c('serve'), valued('--port', fc.oneof(fc.constantFrom('-1', '65536', '1e3', 'x', ''), oddText.filter((t) => !/^\d+$/.test(t.trim()))))), weight: 1 },
  { arbitrary: args(fc.oneof(fc.constantFrom('grundi', 'frobnicate', '--max-memory'), oddText), fc.array(oddText, { maxLength: 2 })), weight: 1 },
);

/** Every command line may also set the memory budget, before the command, to odd values. */
const hostileCase: fc.Arbitrary<Case> = fc
  .tuple(fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 6 }, maxMemory), commandCase)
  .map(([m, k]) => ({ ...k, args: [...m, ...k.args] }))
  // What the system lets a process be started with (Linux: 128 KiB an argument, about 2 MiB in all).
  .filter((k) => k.args.every((a) => Buffer.byteLength(a) < 120_000) && k.args.reduce((n, a) => n + Buffer.byteLength(a), 0) < 1_000_000);

// ---- Running --------------------------------------------------------------------------------------

interface Outcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  ms: number;
  late: boolean;
}

/** Runs one case in a child; stdout is read and dropped (only its draining matters), stderr kept. */
function run(k: Case): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [entry, ...k.args], { cwd, env: { ...process.env, NO_COLOR: '1', SPRAGUE_DEBUG: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      child.kill('SIGKILL');
    }, CASE_MS);
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 100_000) stderr += d;
    });
    child.stdin.on('error', () => {}); // a command that does not read its input closes it early
    child.stdin.end(k.input ?? '');
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stderr, ms: performance.now() - started, late });
    });
  });
}

/** A command line as a reader can paste it (long arguments shortened, with their length). */
function shown(k: Case): string {
  const arg = (a: string) => JSON.stringify(a.length <= 60 ? a : `${a.slice(0, 40)}…[${a.length} chars]`);
  const input = k.input === undefined ? '' : ` < ${arg(k.input)}`;
  return `sprague ${k.args.map(arg).join(' ')}${input}`;
}

test(`the CLI under ${CASES} hostile command lines, each in a child: exit 0, 2 or 3 within ${CASE_MS / 1000} s, no trace, no internal error (seed ${SEED})`, { timeout: 30 * 60_000 }, async () => {
  process.stdout.write(`# hostile fuzz seed ${SEED}, ${CASES} cases (FUZZ_SEED=N, FUZZ_CASES=N for others)\n`);
  const cases = fc.sample(hostileCase, { seed: SEED, numRuns: CASES });
  const failures: string[] = [];
  const tally = new Map<string, number>();
  let slowest = { ms: 0, line: '' };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const k = cases[next++]!;
      const r = await run(k);
      const end = r.late ? 'late' : r.signal ?? `exit ${r.status}`;
      tally.set(end, (tally.get(end) ?? 0) + 1);
      if (r.ms > slowest.ms) slowest = { ms: r.ms, line: shown(k) };
      if (VERBOSE) process.stdout.write(`# ${end} ${Math.round(r.ms)} ms: ${shown(k)}: ${r.stderr.trim().split('\n')[0]!.slice(0, 160)}\n`);
      const why: string[] = [];
      if (r.late) why.push(`still running after ${CASE_MS / 1000} s`);
      else if (r.status === null) why.push(`killed by ${r.signal}`);
      else if (![0, 2, 3].includes(r.status)) why.push(`exit ${r.status}`);
      if (/internal error/.test(r.stderr)) why.push('an internal error');
      if (/^\s+at .+:\d+:\d+\)?$/m.test(r.stderr)) why.push('a stack trace');
      if (!r.late && r.status !== 0 && !/^sprague: /m.test(r.stderr)) why.push('no "sprague: " line saying why');
      if (why.length > 0) failures.push(`${shown(k)}: ${why.join(', ')}; stderr: ${r.stderr.trim().split('\n').slice(0, 3).join(' | ').slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  process.stdout.write(`# ${[...tally].sort().map(([e, n]) => `${e}: ${n}`).join(', ')}; slowest ${Math.round(slowest.ms)} ms: ${slowest.line}\n`);
  assert.deepEqual(failures, [], `seed ${SEED}: ${failures.length} of ${CASES} cases failed:\n${failures.join('\n')}`);
  // The generators must reach the computations too, not only the parsers.
  assert.ok((tally.get('exit 0') ?? 0) >= CASES / 10, `too few answered: ${[...tally].join(', ')}`);
});
