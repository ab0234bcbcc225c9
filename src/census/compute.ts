/**
 * The computation of one census game: `(task, {signal, onProgress}) => CensusRow`. The one place that
 * maps a computation onto the library; everything else (executors, queue, store) only moves tasks and
 * rows. What answers a game is what its ruleset declares in `capabilities` (core/ruleset.ts), never its
 * class: the sequence kernel and the period certifier (through sequenceWithPeriod), the Wythoff moves of
 * the column table, the rewrite rules of the by-length enumeration; a game that declares none of them is
 * answered by the general solver, and a computation the game cannot answer is bad input.
 */
import { createHash } from 'node:crypto';
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { hashInPieces } from '../core/files.js';
import { heapZeroRare, type SequenceFingerprint } from '../core/kernel.js';
import { limitDefault } from '../core/limits.js';
import { codeVersion } from '../core/version.js';
import { peakRssKb, threadCpuMs } from '../core/usage.js';
import { rewriteRulesOf, type Ruleset, wythoffMovesOf } from '../core/ruleset.js';
import { certifierFor } from '../analysis/periodicity.js';
import { sequenceWithPeriod, type SequenceResult } from '../analysis/sequence.js';
import { pPositions } from '../analysis/ppositions.js';
import { countPPositions, upperPPositions, upperStats, wythoffFamilyTable, type ExtraMove } from '../analysis/wythoff-table.js';
import { enumerateByLengthSync, type GrundyTable } from '../games/rewrite/enumerate.js';
import { keepRecentRuns } from '../games/heaps/take-and-break/reuse.js';
import { theorem5Exponents } from '../games/rewrite/nonregular.js';
import { twoRuleExponents } from '../games/rewrite/confluence.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import { findGrundyAutomaton, type GrundyAutomatonResult } from '../regular/grundy-automaton.js';
import { bestNerodeBound, nerodeBound } from '../regular/lower-bound.js';
import { parseSpec } from '../spec/index.js';
import type { CensusRow, Computation, Verdict } from './row.js';
import { stopAfter, stopAny, type Stop } from '../core/stop.js';

/**
 * The automaton attempt's limits: they can change a verdict, so they are stored with the row.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface AutomatonSettings {
  /** Largest Grundy automaton tried. */
  maxStates: number;
  /** Wall-clock budget of the learner per game, in milliseconds. */
  budgetMs: number;
}

/**
 * The per-game caps of the automaton attempt: rows of the limits table (core/limits.ts).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export const DEFAULT_AUTOMATON: AutomatonSettings = { maxStates: limitDefault('censusAutomatonStates'), budgetMs: limitDefault('censusAutomatonMs') };

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface CensusTask {
  spec: string;
  computation: Computation;
  bound: number;
  /** For rewrite games. */
  automaton?: AutomatonSettings;
  /** The family's mirror of this game (a and b exchanged), carried into the row. */
  mirror?: string;
  /**
   * A folder on the machine that computes the task, for a sequence whose kernel keeps resumable values
   * (Capabilities.checkpoints): the run resumes from the values there and leaves its own there (census
   * escalation, run.ts). Ignored by other computations.
   */
  checkpoint?: string;
}

export interface ComputeContext {
  signal?: Stop;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The settings a task's answer depends on besides the game and the bound, as canonical JSON (keys sorted):
 * the automaton's state cap and budget for a rewrite game, `{}` for every other computation. Stored with
 * each row, so that a run with other settings does not take a stored row for its own answer.
 *
 * @beta
 */
export function settingsJson(task: Pick<CensusTask, 'computation' | 'automaton'>): string {
  if (task.computation !== 'rewrite') return '{}';
  const { budgetMs, maxStates } = task.automaton ?? DEFAULT_AUTOMATON;
  return JSON.stringify({ budgetMs, maxStates });
}

/**
 * The first sprague version whose census computations give the answers this code gives. Bump it (to the
 * new package version) when a computation's answers change: a run then recomputes the rows that older
 * versions stored, instead of taking them for its own (run.ts).
 *
 * @beta
 */
export const ANSWERS_SINCE = '0.1.0';

/** Whether a row computed by sprague `version` answers as this code does (ANSWERS_SINCE). */
export function currentAnswers(version: string | null | undefined): boolean {
  if (!version) return false;
  const parts = (v: string) => v.split(/[.+-]/).slice(0, 3).map(Number);
  const [a, b] = [parts(version), parts(ANSWERS_SINCE)];
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** The key of a task: rows with equal keys are the same result (a rerun skips them). */
export function taskKey(task: Pick<CensusTask, 'spec' | 'computation' | 'bound'>): string {
  return `${task.computation} ${task.bound} ${task.spec}`;
}

/**
 * The computations a ruleset's capabilities let the census run: a rewrite game's words by length (its
 * rules), the Wythoff column table (its extra moves), a one-heap game's sequence (its kernel and
 * certifier, or the solver), a heap game's P-positions on two heaps (its table kernel, or the solver).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function computationsOf(rs: Ruleset<any>): Computation[] {
  const out: Computation[] = [];
  if (rewriteRulesOf(rs)) out.push('rewrite');
  if (wythoffMovesOf(rs) && rs.convention === 'normal') out.push('wythoff');
  if (rs.domain.kind === 'heaps') {
    if ((rs.heapCount ?? 1) === 1) out.push('sequence');
    if (rs.heapCount === undefined || rs.heapCount === 2) out.push('ppositions');
  }
  return out;
}

/** The task's ruleset, checked to declare what its computation needs. */
function rulesetFor(task: CensusTask): Ruleset<any> {
  const rs = parseSpec(task.spec, { allowUnboundedRewriting: task.computation === 'rewrite' });
  const can = computationsOf(rs);
  if (!can.includes(task.computation)) {
    throw new InputError(`${task.spec} cannot be computed as ${task.computation}${can.length ? ` (it can be: ${can.join(', ')})` : ''}`);
  }
  return rs;
}

/**
 * One census task computed in this thread: the row the store keeps.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function computeGame(task: CensusTask, ctx: ComputeContext = {}): CensusRow {
  if (!Number.isSafeInteger(task.bound) || task.bound < 0) throw new InputError(`bad bound ${task.bound} for ${task.spec}`);
  const started = performance.now();
  const cpu = threadCpuMs();
  const body = COMPUTATIONS[task.computation];
  if (!body) throw new InputError(`unknown census computation ${JSON.stringify(task.computation)}`);
  const row = body(task, rulesetFor(task), ctx);
  return {
    spec: task.spec,
    computation: task.computation,
    bound: task.bound,
    ...row,
    settings: settingsJson(task),
    version: codeVersion(),
    wallMs: Math.round(performance.now() - started),
    cpuMs: Math.round(threadCpuMs() - cpu),
    maxRssKb: peakRssKb(),
  };
}

type Body = (task: CensusTask, rs: Ruleset<any>, ctx: ComputeContext) => Omit<CensusRow, 'spec' | 'computation' | 'bound'>;

const COMPUTATIONS: Record<Computation, Body> = {
  sequence: sequenceRow,
  wythoff: wythoffRow,
  ppositions: pPositionsRow,
  rewrite: rewriteRow,
};

function fingerprint(...parts: ArrayBufferView[]): string {
  const h = createHash('sha256');
  // In pieces: the values of a game past 2^29 heaps (32-bit) are more than one hash update takes.
  for (const p of parts) hashInPieces(h, new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  return h.digest('hex');
}

function options(ctx: ComputeContext): ComputeContext {
  return { ...(ctx.signal ? { signal: ctx.signal } : {}), ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}) };
}

/**
 * An apparent period is reported only when its repetitions cover an eighth of the values: findPeriod
 * calls three repetitions "apparent", and at the end of a long non-periodic sequence three repetitions
 * of a tiny period happen by chance (0.16 shows period 3 over its last 41 values at 2^16).
 */
const SEEN_FRACTION = 8;

/** G(0..bound) and the period: `done` when a theorem certifies it, `open` with the reason otherwise. */
function sequenceRow(task: CensusTask, rs: Ruleset<any>, ctx: ComputeContext): Omit<CensusRow, 'spec' | 'computation' | 'bound'> {
  let reached = task.bound;
  let limited: string | undefined;
  let result: SequenceResult;
  const kept = task.checkpoint && rs.capabilities?.checkpoints ? { checkpoint: { dir: task.checkpoint } } : {};
  // One game after another of a family: a take-and-break code that only adds take-all or leave-one-heap moves
  // to one computed before is checked against its values instead of computed (exact: reuse.ts).
  keepRecentRuns();
  try {
    result = sequenceWithPeriod(rs, task.bound, { ...options(ctx), ...kept });
  } catch (e) {
    // A memory limit (hexadecimal pair sets) keeps the values finished: the row says how far it got.
    if (!(e instanceof LimitError) || !isValues(e.partial) || e.partial.length < 2) throw e;
    reached = e.partial.length - 1;
    limited = `${e.limit}: ${e.message}`;
    result = sequenceWithPeriod(rs, reached, options(ctx));
  }
  const { values, period, fingerprint: f } = result;
  const len = values.length;
  const seen = period.apparentPeriod !== undefined && (len - period.apparentPreperiod!) * SEEN_FRACTION >= len;
  let maxValue = 0;
  for (let n = 0; n < len; n++) if (values[n]! > maxValue) maxValue = values[n]!;
  let reason: string | null = null;
  if (!period.certified) {
    // A game that declares no certifier (the solver's games, misère play) can show a period, never prove one.
    const uncertifiable = certifierFor(rs) === undefined ? '; this game declares no period certifier' : '';
    reason = seen
      ? `period ${period.apparentPeriod} from ${period.apparentPreperiod} seen up to ${reached}, not certified`
      : period.apparentArithmeticPeriod !== undefined
        ? `arithmetic period ${period.apparentArithmeticPeriod} (saltus ${period.apparentSaltus}) seen up to ${reached}, not certified`
        : `no period seen up to ${reached}`;
    reason += uncertifiable;
    if (limited) reason += `; stopped by the limit ${limited}`;
  }
  return {
    status: period.certified ? 'done' : 'open',
    reason,
    reached,
    period: period.period,
    preperiod: period.preperiod,
    certified: period.certified,
    certificate: period.certificate ?? null,
    apparentPeriod: seen ? period.apparentPeriod! : null,
    apparentPreperiod: seen ? period.apparentPreperiod! : null,
    arithmeticPeriod: period.apparentArithmeticPeriod ?? null,
    saltus: period.apparentSaltus ?? null,
    maxValue,
    ...fingerprintFields(f),
    prefix: Array.from({ length: Math.min(len, 40) }, (_, n) => values[n]).join(','),
    fingerprint: fingerprint(Int32Array.from(values)),
    ...(result.resumedFrom > 0 ? { resumedFrom: result.resumedFrom } : {}),
  };
}

/**
 * A sequence run's fingerprint as a row stores it: tczajka's fields, the rare heaps counted his way
 * (heap 0 among them when it is rare, as `sequence --summary` prints them).
 *
 * @beta
 */
export function fingerprintFields(f: SequenceFingerprint): Pick<CensusRow, 'fingerprintHeaps' | 'largestAt' | 'rareMask' | 'rarePos' | 'numRare' | 'lastRare'> {
  return {
    fingerprintHeaps: f.heaps,
    largestAt: f.largestAt,
    rareMask: f.rareMask,
    rarePos: f.rarePos,
    numRare: f.rareCount + (heapZeroRare(f) ? 1 : 0),
    lastRare: f.lastRare,
  };
}

function isValues(x: unknown): x is ArrayLike<number> {
  return typeof x === 'object' && x !== null && typeof (x as ArrayLike<number>).length === 'number';
}

/**
 * The P-positions in [0, bound]^2 by the column table, and the extremes of b_n - a_n - n over the upper
 * P-positions (a_n, b_n): the quantity maharaja-nim section 2.3 bounds by [-4, 3] for Maharaja Nim.
 */
function wythoffRow(task: CensusTask, rs: Ruleset<any>, ctx: ComputeContext): Omit<CensusRow, 'spec' | 'computation' | 'bound'> {
  const moves: readonly ExtraMove[] = wythoffMovesOf(rs)!;
  const table = wythoffFamilyTable(moves, task.bound + 1, options(ctx));
  const s = upperStats(table);
  return {
    status: 'done',
    reached: task.bound,
    pCount: countPPositions(table),
    devMin: s.devMin,
    devMax: s.devMax,
    devMinAt: s.devMinAt,
    devMaxAt: s.devMaxAt,
    prefix: upperPPositions(table, 10)
      .map(([a, b]) => `(${a},${b})`)
      .join(' '),
    fingerprint: fingerprint(table.col),
  };
}

/** Every P-position of a two-heap game in [0, bound]^2. */
function pPositionsRow(task: CensusTask, rs: Ruleset<any>, ctx: ComputeContext): Omit<CensusRow, 'spec' | 'computation' | 'bound'> {
  const { positions } = pPositions(rs, 2, task.bound, options(ctx));
  return {
    status: 'done',
    reached: task.bound,
    pCount: positions.length,
    prefix: positions
      .slice(0, 10)
      .map((p) => `(${p.join(',')})`)
      .join(' '),
    fingerprint: fingerprint(Int32Array.from(positions.flat())),
  };
}

/** Whether the hypotheses of a paper statement hold: the library's checker throws InputError when not. */
function holds(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (e) {
    if (e instanceof InputError) return false;
    throw e;
  }
}

interface TheoremNote {
  /** A theorem says the Grundy function is not regular. */
  nonRegular: boolean;
  /** A theorem says how many Grundy values there are at most. */
  maxValue?: number;
  text?: string;
}

/**
 * What the taking-and-merging paper proves about this game, applied only where its hypotheses hold:
 * Theorem 5 (least exponents k1, l1 > 1: the P-positions are not regular, so neither is the Grundy
 * function, whose value-0 class they are); Theorem 6 ({a^k, b^l}: two Grundy values, L0 and L1
 * context-free) with Remark 7 (k or l = 1: regular); Remark 8 (rules a, b and odd powers only:
 * G(w) = (|w|_a + |w|_b) mod 2, regular).
 */
export function theoremNote(rules: readonly RewriteRule[]): TheoremNote {
  const notes: string[] = [];
  const t5 = holds(() => theorem5Exponents(rules));
  if (t5) notes.push('Theorem 5: the P-positions are not regular');
  let maxValue: number | undefined;
  if (holds(() => twoRuleExponents(rules))) {
    const { k, l } = twoRuleExponents(rules);
    maxValue = 1;
    notes.push(k === 1 || l === 1 ? 'Theorem 6 and Remark 7: two Grundy values, L0 and L1 regular' : 'Theorem 6: two Grundy values, L0 and L1 context-free');
  }
  const letters = new Set(rules.map((r) => r.lhs[0]));
  const takingAndMerging = rules.every((r) => r.rhs === '' && [...r.lhs].every((c) => c === r.lhs[0]));
  if (takingAndMerging && letters.size === 2 && [...letters].every((c) => rules.some((r) => r.lhs === c)) && rules.every((r) => r.lhs.length % 2 === 1)) {
    maxValue = 1;
    notes.push('Remark 8: G(w) = (|w|_a + |w|_b) mod 2, regular');
  }
  return { nonRegular: t5, ...(maxValue === undefined ? {} : { maxValue }), ...(notes.length ? { text: notes.join('; ') } : {}) };
}

/** Nerode splits are tried while their total cost stays below this many table reads. */
const NERODE_BUDGET = 1 << 26;

/** The Myhill–Nerode lower bound of the table: the best split when cheap, else the middle one. */
function tableLowerBound(table: GrundyTable): number {
  const n = table.maxLength;
  if (table.values.length * (n + 1) <= NERODE_BUDGET) return bestNerodeBound(table).classes;
  return nerodeBound(table, Math.floor(n / 2)).classes;
}

/**
 * Every word of length 0..bound (running maxima), then the automaton verdict: a theorem if one applies;
 * else a lower bound from the table when it already exceeds the state cap; else the learner and the
 * Lemma-2 prover within the time budget.
 */
function rewriteRow(task: CensusTask, rs: Ruleset<any>, ctx: ComputeContext): Omit<CensusRow, 'spec' | 'computation' | 'bound'> {
  const rules: readonly RewriteRule[] = rewriteRulesOf(rs)!;
  const settings = task.automaton ?? DEFAULT_AUTOMATON;
  const table = enumerateByLengthSync(rules, task.bound, {
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    ...(ctx.onProgress ? { onProgress: (_n: number, done: number, total: number) => ctx.onProgress!(done, total) } : {}),
  });
  const running = table.lengths.map((s) => s.runningMax);
  const top = running[running.length - 1]!;
  const note = theoremNote(rules);
  // A cross-check, not a result: a table contradicting the paper is a bug, reported as a failed row.
  if (note.maxValue !== undefined && top > note.maxValue) throw new Error(`${task.spec}: value ${top} contradicts ${note.text}`);
  const lowerBound = tableLowerBound(table);
  const base = {
    reached: task.bound,
    maxValue: top,
    runningMax: running.join(','),
    maxGrowing: top > running[Math.floor((3 * task.bound) / 4)]!,
    theorem: note.text ?? null,
    mirror: task.mirror ?? null,
    prefix: table.lengths.map((s) => s.maxGrundy).join(','),
    fingerprint: fingerprint(table.values),
  };
  const verdict = (v: Verdict, extra: Partial<CensusRow>): Omit<CensusRow, 'spec' | 'computation' | 'bound'> => ({
    status: v === 'regular' || v === 'non-regular' ? 'done' : 'open',
    ...base,
    verdict: v,
    lowerBound,
    ...extra,
  });
  if (note.nonRegular) return verdict('non-regular', {});
  if (lowerBound > settings.maxStates) {
    return verdict('lower-bound', { reason: `the words up to length ${task.bound} separate ${lowerBound} classes, more than the cap of ${settings.maxStates} states` });
  }
  let learned: GrundyAutomatonResult;
  let outOfTime = false;
  try {
    learned = findGrundyAutomaton(rules, { maxStates: settings.maxStates, signal: stopAny(ctx.signal, stopAfter(settings.budgetMs)) });
  } catch (e) {
    if (!(e instanceof InterruptedError) || ctx.signal?.aborted || !e.partial) throw e;
    learned = e.partial as GrundyAutomatonResult;
    outOfTime = true;
  }
  if (learned.verified) {
    return verdict('regular', { states: learned.states, grundyValues: learned.grundyValues.join(','), lowerBound: learned.states });
  }
  const bound = Math.max(lowerBound, learned.lowerBound);
  if (learned.status === 'state-bound' || bound > settings.maxStates) {
    return verdict('lower-bound', { lowerBound: bound, reason: `no Grundy automaton with at most ${settings.maxStates} states: at least ${bound} are needed` });
  }
  const why = outOfTime ? `the time budget of ${settings.budgetMs} ms ran out` : 'the verifier hit its limits';
  return verdict('open', { lowerBound: bound, reason: `no proof either way: ${why}; at least ${bound} states are needed` });
}
