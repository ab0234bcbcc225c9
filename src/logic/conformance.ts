/**
 * The Walnut conformance suite (shared/walnut-conformance): setup, then every case in order in one
 * session; automata compared by language (README's recommended rule; word automata with values
 * beyond 0/1 also output by output), sentences as booleans,
 * expected errors by the fact that an error was raised (the lenient rule), incidence matrices
 * (mpl) exactly after trimming (Walnut's rule). Cases that need a feature sprague lacks are skipped
 * with the feature named.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readRegularFile } from '../core/files.js';
import { join, relative } from 'node:path';
import { InputError } from '../core/errors.js';
import { counterexample } from '../automata/ops.js';
import { Session } from './session.js';
import { parseWalnutAutomaton } from './walnut-format.js';
import { trackKindName } from './predicate.js';
import type { Stop } from '../core/stop.js';

export interface CaseOutcome {
  id: number;
  status: 'pass' | 'fail' | 'skip';
  reason?: string;
}

export interface ConformanceSummary {
  passed: number;
  failed: number;
  skipped: number;
}

export interface ConformanceOptions {
  /** Called after each case. */
  onCase?: (c: CaseOutcome) => void;
  /** Most states of any intermediate automaton (default 300 000): larger cases fail with a limit. */
  maxStates?: number;
  signal?: Stop;
  /** Only these case ids. */
  only?: ReadonlySet<number>;
  /** Run the setup's `load` steps (default true; they take most of the setup's time). */
  loadCommandFiles?: boolean;
}

interface CaseLine {
  id: number;
  command: string;
  expect: { kind: string; file: string; message?: string; files: { kind: string; file: string; message?: string }[] };
  known_issue?: string;
}

function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(relative(dir, p).split('\\').join('/'), readRegularFile('the conformance suite file', p));
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/** Why a case cannot be run by sprague, or undefined when it can. */
function unsupported(c: CaseLine): string | undefined {
  if (c.known_issue) return 'known issue in Walnut 6.2 itself (README, ambiguity 1)';
  return undefined;
}

export function runConformance(dir: string, options: ConformanceOptions = {}): ConformanceSummary {
  const files = readTree(join(dir, 'fixtures'));
  // The files a case writes under the working root (Result/NAME.mpl), cleared before each case.
  const written = new Map<string, string>();
  const session = new Session({
    readFile: (p) => files.get(p),
    writeFile: (p, text) => {
      files.set(p, text);
      written.set(p, text);
    },
    maxStates: options.maxStates ?? 300_000,
  });
  const setup = readRegularFile('--conformance', join(dir, 'setup.jsonl')).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const cases: CaseLine[] = readRegularFile('--conformance', join(dir, 'cases.jsonl'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  // Ids asked for that the suite does not have are a mistake to say, not to skip in silence.
  if (options.only) {
    const ids = new Set(cases.map((c) => c.id));
    const missing = [...options.only].filter((id) => !ids.has(id));
    if (missing.length > 0) throw new InputError(`no case ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''} in ${join(dir, 'cases.jsonl')} (it has ${ids.size} cases)`);
  }
  for (const step of setup) {
    if (step.action === 'write_file') {
      files.set(step.path, step.content);
      continue;
    }
    if (options.loadCommandFiles === false && /^\s*load\b/.test(step.command)) continue;
    try {
      session.run(step.command);
    } catch {
      // A setup step sprague cannot run leaves its names undefined; the cases that use them fail or skip.
    }
  }
  const summary: ConformanceSummary = { passed: 0, failed: 0, skipped: 0 };
  for (const c of cases) {
    if (options.signal?.aborted) break;
    if (options.only && !options.only.has(c.id)) continue;
    written.clear();
    const outcome = runCase(session, c, dir, written);
    if (outcome.status === 'pass') summary.passed++;
    else if (outcome.status === 'fail') summary.failed++;
    else summary.skipped++;
    options.onCase?.(outcome);
  }
  return summary;
}

function runCase(session: Session, c: CaseLine, dir: string, written: ReadonlyMap<string, string>): CaseOutcome {
  const outcome = runPrimary(session, c, dir);
  return outcome.status === 'pass' ? checkExtraFiles(c, dir, written, outcome) : outcome;
}

/**
 * The README's rule for the extra files: an expected mpl must be written and equal after trimming
 * (Walnut's own rule), and no mpl may be written where none is expected. A details log (the `::`
 * terminator) is Walnut's internal trace; the README recommends treating it as informational, so it
 * is not produced or compared, and the outcome says so.
 */
function checkExtraFiles(c: CaseLine, dir: string, written: ReadonlyMap<string, string>, primary: CaseOutcome): CaseOutcome {
  const mpls = [...written.keys()].filter((p) => p.endsWith('.mpl'));
  const expectedMpl = c.expect.files.find((f) => f.kind === 'mpl');
  const notes = primary.reason ? [primary.reason] : [];
  if (expectedMpl) {
    const mine = mpls.length === 1 ? written.get(mpls[0]!)! : undefined;
    if (mine === undefined) return { id: c.id, status: 'fail', reason: `expected incidence matrices, ${mpls.length} mpl files written` };
    const want = readRegularFile('the conformance suite file', join(dir, expectedMpl.file)).replace(/\r\n/g, '\n');
    if (mine.trim() !== want.trim()) return { id: c.id, status: 'fail', reason: `incidence matrices differ from Walnut's from line ${firstDifferentLine(mine.trim(), want.trim())}` };
    notes.push('mpl identical');
  } else if (mpls.length > 0) {
    return { id: c.id, status: 'fail', reason: `wrote ${mpls.join(', ')} where Walnut writes no incidence matrices` };
  }
  if (c.expect.files.some((f) => f.kind === 'details')) notes.push('details log not compared (informational, README)');
  return notes.length > 0 ? { ...primary, reason: notes.join('; ') } : primary;
}

function firstDifferentLine(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i + 1;
}

function runPrimary(session: Session, c: CaseLine, dir: string): CaseOutcome {
  const skip = unsupported(c);
  if (skip) return { id: c.id, status: 'skip', reason: skip };
  let result;
  try {
    result = session.run(c.command);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (c.expect.kind === 'error') {
      const want = c.expect.message ?? c.expect.files[0]?.message;
      return { id: c.id, status: 'pass', reason: msg === want ? 'same error' : `error raised (Walnut says ${JSON.stringify(want)})` };
    }
    if (/not supported/.test(msg)) return { id: c.id, status: 'skip', reason: msg };
    if (!(e instanceof InputError) && !(e instanceof Error && e.name === 'LimitError')) return { id: c.id, status: 'fail', reason: `crash: ${msg}` };
    return { id: c.id, status: 'fail', reason: msg };
  }
  if (c.expect.kind === 'error') return { id: c.id, status: 'fail', reason: `expected the error ${JSON.stringify(c.expect.message ?? c.expect.files[0]?.message)}` };
  if (!result.predicate) return { id: c.id, status: 'fail', reason: 'no automaton produced' };
  let expected;
  try {
    expected = parseWalnutAutomaton(readRegularFile('the conformance suite file', join(dir, c.expect.file)));
  } catch (e) {
    return { id: c.id, status: 'skip', reason: `expected file: ${(e as Error).message}` };
  }
  const p = result.predicate;
  if (expected.truth !== undefined || p.tracks.length === 0) {
    if (expected.truth === undefined) return { id: c.id, status: 'fail', reason: 'a sentence where Walnut has free variables' };
    if (p.tracks.length !== 0) return { id: c.id, status: 'fail', reason: `free variables ${p.tracks.map((t) => t.name).join(',')} where Walnut has a sentence` };
    return p.truth === expected.truth
      ? { id: c.id, status: 'pass' }
      : { id: c.id, status: 'fail', reason: `got ${p.truth}, Walnut ${expected.truth}` };
  }
  if (expected.tracks.length !== p.tracks.length) {
    return { id: c.id, status: 'fail', reason: `${p.tracks.length} tracks, Walnut ${expected.tracks.length}` };
  }
  for (let i = 0; i < p.tracks.length; i++) {
    const a = trackKindName(p.tracks[i]!);
    const b = trackKindName(expected.tracks[i]!);
    if (a !== b && !(p.tracks[i]!.alphabet && expected.tracks[i]!.alphabet && sameSet(p.tracks[i]!.alphabet!, expected.tracks[i]!.alphabet!))) {
      return { id: c.id, status: 'fail', reason: `track ${i} is ${a}, Walnut ${b}` };
    }
  }
  const mine = p.dfa.mapOutput((o) => (o !== 0 ? 1 : 0));
  const theirs = expected.dfa.mapOutput((o) => (o !== 0 ? 1 : 0));
  if (mine.alphabetSize !== theirs.alphabetSize) return { id: c.id, status: 'fail', reason: 'alphabet sizes differ' };
  const w = counterexample(mine, theirs);
  if (w !== undefined) return { id: c.id, status: 'fail', reason: `languages differ on a word of ${w.length} letters` };
  // A word automaton with values beyond 0/1: also its outputs, state by state (the README's stricter rule).
  if ([...expected.dfa.output].some((o) => o !== 0 && o !== 1)) {
    const v = counterexample(p.dfa, expected.dfa);
    if (v !== undefined) return { id: c.id, status: 'fail', reason: `outputs differ on a word of ${v.length} letters` };
  }
  return { id: c.id, status: 'pass' };
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
