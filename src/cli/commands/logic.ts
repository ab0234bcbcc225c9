/**
 * `sprague logic QUERY | --file FILE | --conformance DIR`: the Walnut-style first-order logic engine
 * (deciding-game-invariance, sections 3-5).
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError, InterruptedError } from '../../core/errors.js';
import type { CaseOutcome } from '../../logic/conformance.js';
import type { LogicLine } from '../../jobs/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { checkUserFile, checkUserFolder, checkWritableFile, colour, emitJson, emitLine, FlagError, parseCount, readUserFile, writeUserFile } from '../io.js';
import type { CommandModule } from './index.js';
import { logicRepl, splitCommands } from '../logic-repl.js';
import { commandsOf, LIBRARY_LAYOUT } from '../../logic/command-text.js';

interface Flags {
  json?: boolean;
  file?: string;
  conformance?: string;
  dot?: string;
  library?: string;
  print?: boolean;
  steps?: boolean;
  only?: string;
  mpl?: string;
  maxStates?: string;
}

/** `M_i_n_0_1, …`: the names of the matrices in a Maple text, in order. */
function matrixNames(mpl: string): string[] {
  return [...mpl.matchAll(/^(M_\S+) := Matrix/gm)].map((m) => m[1]!);
}

/** Longest range of case ids --only takes (the suite has about a thousand cases). */
const MAX_ID_RANGE = 100_000;

/** `--only 0-156,530`: case ids as comma-separated numbers and ranges. */
function parseIds(text: string): Set<number> {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new InputError(`--only: bad case range ${JSON.stringify(part)} (expected e.g. 0-156,530)`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (b - a > MAX_ID_RANGE) throw new InputError(`--only: the range ${a}-${b} is longer than ${MAX_ID_RANGE} cases`);
    for (let i = a; i <= b; i++) ids.add(i);
  }
  return ids;
}

/**
 * The commands of a --file: one per line (a line without a terminator is a whole command), several
 * when a line has several terminators; `#` comments and blank lines skipped.
 */
function fileCommands(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'))
    .flatMap(commandsOf);
}

/** All of standard input, as text (a file given as `-`, or commands piped in). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A line of the logic job; `mpl` (Walnut's incidence matrices) when the command named variables. */
type Line = LogicLine & { mpl?: string };

function report(r: Line, flags: Flags): void {
  // --steps, or the command's own `:` / `::` terminator (Walnut's way to ask for them).
  const steps = (flags.steps || r.show !== undefined) && r.steps ? r.steps : undefined;
  if (flags.json) {
    emitJson({
      name: r.name,
      result: r.result,
      states: r.states,
      ...(r.result === null && r.variables.length > 0 ? { variables: r.variables } : {}),
      ...(r.result === null && r.variables.length === 0 && r.tracks && r.tracks.length > 0 ? { tracks: r.tracks } : {}),
      ...(steps ? { steps } : {}),
      ...(r.mpl !== undefined ? { matrices: matrixNames(r.mpl) } : {}),
      ...(r.data ?? {}),
    });
    return;
  }
  // test, inf, ost and draw print what Walnut prints, and no verdict.
  if (r.output) {
    for (const line of r.output) emitLine(line);
    if (r.text !== undefined) emitLine(r.text);
    return;
  }
  const over = r.variables.length > 0 ? `(${r.variables.join(', ')})` : (r.tracks ?? []).join(', ');
  const verdict = r.result === null ? `${r.states} states over ${over}` : r.result ? colour.green('true') : colour.red('false');
  emitLine(`${colour.bold(r.name)}: ${verdict}`);
  if (steps) for (const s of steps) emitLine(`  ${s.what.padEnd(12)} ${s.states}`);
  if (r.show === 'details' && flags.library) emitLine(colour.dim(`  intermediate automata in ${join(flags.library, 'Result', `${r.name}_detailed_log.txt`)}`));
  if (r.mpl !== undefined) emitLine(`  incidence matrices ${matrixNames(r.mpl).join(', ')}${flags.mpl ? '' : colour.dim(' (--mpl FILE writes them)')}`);
  if (r.text !== undefined) emitLine(r.text);
}

/** The conformance suite as a job: each case printed as it finishes; Ctrl-C keeps the cases done. */
async function conformance(dir: string, flags: Flags): Promise<void> {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const onCase = (item: unknown) => {
    const c = item as CaseOutcome;
    counts[c.status === 'pass' ? 'passed' : c.status === 'fail' ? 'failed' : 'skipped']++;
    if (flags.json) emitJson({ id: c.id, status: c.status, ...(c.reason ? { reason: c.reason } : {}) });
    else if (c.status !== 'pass') emitLine(`${String(c.id).padStart(4)} ${c.status === 'fail' ? colour.red('fail') : colour.dim('skip')} ${c.reason ?? ''}`);
  };
  const run = await runCommandJob('conformance', { dir, ...(flags.only ? { only: [...parseIds(flags.only)] } : {}) }, { title: 'conformance', onItem: onCase, graceMs: 500 });
  if (run.end === 'limit') throw stopped(run);
  const interrupted = run.end === 'interrupted' ? new InterruptedError(counts) : undefined;
  // The counts of the cases printed (after a stop: the ones finished).
  if (flags.json) emitJson(interrupted ? { ...counts, interrupted: true } : counts);
  else emitLine(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${interrupted ? ' (interrupted)' : ''}`);
  if (interrupted) throw interrupted;
}

/**
 * The library folder: --library DIR (an existing folder: a Walnut library, or empty), else the one
 * SPRAGUE_LOGIC_LIBRARY names (made when missing). Walnut's folders are made in it, and the session
 * writes its results and definitions there, so that the next session sees them.
 */
function libraryFolder(flag: string | undefined): string | undefined {
  const env = process.env['SPRAGUE_LOGIC_LIBRARY'];
  const dir = flag ?? (env && env.trim() !== '' ? env : undefined);
  if (dir === undefined) return undefined;
  const what = flag !== undefined ? '--library' : 'SPRAGUE_LOGIC_LIBRARY';
  if (flag === undefined && !existsSync(dir)) mkdirSync(dir, { recursive: true });
  checkUserFolder(what, dir);
  if (readdirSync(dir).length > 0 && !LIBRARY_FOLDERS.some((f) => existsSync(join(dir, f)))) {
    throw new InputError(`${what} ${dir}: not a Walnut library folder (none of ${LIBRARY_FOLDERS.join(', ')} in it, and not empty)`);
  }
  try {
    for (const f of LIBRARY_LAYOUT) mkdirSync(join(dir, f), { recursive: true });
  } catch (e) {
    throw new InputError(`${what} ${dir}: cannot make the library's folders (${(e as Error).message})`);
  }
  return dir;
}

/** The REPL's history: $SPRAGUE_HISTORY, else .sprague_history in the library folder, else in the home folder. */
function historyFile(library: string | undefined): string {
  const env = process.env['SPRAGUE_HISTORY'];
  if (env && env.trim() !== '') return env;
  return join(library ?? homedir(), '.sprague_history');
}

/** No QUERY on a terminal: the REPL; --dot and --mpl get the last command's automaton and matrices. */
async function repl(flags: Flags, maxStates: number | undefined): Promise<void> {
  const end = await logicRepl({
    input: process.stdin,
    // Prompts and help on stderr when stdout is a file or carries JSON Lines (nothing else may go there).
    output: flags.json || !process.stdout.isTTY ? process.stderr : process.stdout,
    ...(flags.library ? { library: flags.library } : {}),
    ...(flags.print ? { print: true } : {}),
    ...(flags.dot ? { dot: true } : {}),
    ...(maxStates === undefined ? {} : { maxStates }),
    historyFile: historyFile(flags.library),
    show: (line) => report(line, flags),
    note: (text) => process.stderr.write(`sprague: ${text}\n`),
  });
  if (flags.dot && end.dot !== undefined) writeUserFile('--dot', flags.dot, end.dot);
  if (flags.mpl && end.mpl !== undefined) writeUserFile('--mpl', flags.mpl, end.mpl);
}

/** The folders a Walnut library has (any one will do). */
const LIBRARY_FOLDERS = ['Word Automata Library', 'Command Files', 'Custom Bases', 'Transducer Library', 'Macro Library', 'Automata Library', 'Morphism Library'];


export const logicCommand: CommandModule = {
  register(program: Command) {
    program
      .command('logic')
      .description('Walnut-style first-order logic: eval/def/reg/macro commands decided by automata')
      .argument('[query]', 'a command, e.g. eval t "?msd_fib Ex,y x=y+1"; none: read commands from standard input (a prompt on a terminal)')
      .option('--json', 'JSON Lines output')
      .option('--file <file>', 'run the commands in FILE in order (one per line, # comments); - reads standard input')
      .option('--conformance <dir>', 'run the Walnut conformance suite in DIR')
      .option('--dot <file>', 'write the automaton of the (last) command as Graphviz DOT')
      .option('--library <dir>', 'a Walnut library folder, read and written: definitions and results kept for the next session (default: $SPRAGUE_LOGIC_LIBRARY)')
      .option('--print', 'print the automaton in Walnut text format')
      .option('--steps', 'show the state count of every intermediate automaton')
      .option('--only <ids>', 'with --conformance: only these case ids, e.g. 527-556,600')
      .option('--mpl <file>', 'write the incidence matrices (Maple) of the last eval NAME VAR... "φ" to FILE')
      .option('--max-states <n>', 'most states of any intermediate automaton (default 2000000)')
      .action(async (query: string | undefined, flags: Flags) => {
        if (flags.conformance) {
          checkUserFolder('--conformance', flags.conformance);
          for (const f of ['setup.jsonl', 'cases.jsonl']) checkUserFile('--conformance', join(flags.conformance, f));
          return conformance(flags.conformance, flags);
        }
        if (flags.only !== undefined) throw new FlagError('--only', flags.only, 'it chooses conformance cases: give --conformance DIR too');
        const library = libraryFolder(flags.library);
        if (library !== undefined) flags.library = library;
        if (flags.dot) checkWritableFile('--dot', flags.dot);
        if (flags.mpl) checkWritableFile('--mpl', flags.mpl);
        const maxStates = flags.maxStates === undefined ? undefined : parseCount('--max-states', flags.maxStates);
        let commands: string[];
        if (flags.file === '-' || (flags.file === undefined && query === undefined && !process.stdin.isTTY)) commands = fileCommands(await readStdin());
        else if (flags.file) commands = fileCommands(readUserFile('--file', flags.file));
        // A query may hold several commands, as a line of a --file does.
        else if (query !== undefined) commands = commandsOf(query);
        else return repl(flags, maxStates);
        if (commands.length === 0) throw new InputError('no command: give one, e.g. eval t "?msd_fib Ex,y x=y+1";');
        // A job, each command's line printed as it finishes: a Ctrl-C stops the command running (the engine
        // reads the stop signal in its products and projections) and keeps the lines of those done.
        let done = 0;
        let mpl: string | undefined;
        const onLine = (item: unknown) => {
          const line = item as Line;
          done++;
          if (line.mpl !== undefined) mpl = line.mpl;
          if (line.verb !== 'macro' && line.verb !== 'morphism') report(line, flags);
        };
        const args = {
          commands,
          ...(flags.library ? { library: flags.library, save: true } : {}),
          ...(flags.print ? { print: true } : {}),
          ...(flags.dot ? { dot: true } : {}),
          ...(maxStates === undefined ? {} : { maxStates }),
        };
        // The lines come as they are done, so a command slow to stop can be ended without losing any.
        const run = await runCommandJob('logic', args, { title: 'logic', onItem: onLine, graceMs: 500 });
        if (run.end === 'interrupted' && done < commands.length) {
          process.stderr.write(`sprague: interrupted in command ${done + 1} of ${commands.length}: ${commands[done]}\n`);
        }
        if (run.end !== 'done') throw stopped(run, done > 0);
        const last = run.value;
        if (flags.dot && last.dot !== undefined) writeUserFile('--dot', flags.dot, last.dot);
        if (flags.mpl) {
          if (mpl === undefined) throw new InputError('--mpl: no command named variables for incidence matrices (write eval NAME i n "φ")');
          writeUserFile('--mpl', flags.mpl, mpl);
        }
      });
  },
};
