/**
 * `sprague sequence SPEC --max N`: G(0..N) of a one-heap game, then its period with a certificate.
 * `--summary` prints only the period and the fingerprint of the run (long runs of take-and-break games),
 * `--checkpoint DIR` makes such a run resumable. The modules that compute are loaded by the action, so
 * that registering the command costs nothing.
 */
import type { Command } from 'commander';
import { formatFingerprint, type SequenceFingerprint } from '../../core/kernel.js';
import type { Periodicity } from '../../core/period.js';
import type { CommandModule } from './index.js';

/** How long a sequence run may take in the command's own thread before it moves to a worker (CPU time, core/jobs.ts). */
const INLINE_MS = 500;

interface Flags {
  json?: boolean;
  max: string;
  maxDepth?: string;
  summary?: boolean;
  checkpoint?: string;
  checkpointEvery?: string;
  rows?: boolean;
  width?: string;
}

export const sequenceCommand: CommandModule = {
  register(program: Command) {
    program
      .command('sequence')
      .description('Grundy values of one heap of size 0..N, and the period (certified when a theorem proves it)')
      .argument('<spec>', 'a one-heap game, e.g. octal:0.07, octal:4!.0 (Grundy\'s game), hex:0.B4, subtraction:1-3, push(subtraction:1,2,subtraction:1-4)')
      .requiredOption('--max <n>', 'largest heap size')
      .option('--json', 'JSON Lines output')
      .option('--summary', 'only the period and the fingerprint (largest value, rare class, rare heaps); stops at a certified period')
      .option('--checkpoint <dir>', 'resumable run: keep the values in DIR and resume from them (take-and-break codes)')
      .option('--checkpoint-every <n>', 'heaps between checkpoints (default 1048576)')
      .option('--max-depth <n>', 'depth bound for games not known to terminate')
      .option('--rows', 'the values in rows one period wide, each row from the preperiod on one period (Flammenkamp\'s layout)')
      .option('--width <n>', 'the values in rows of N, aligned (default 20; with --rows, when no period is found)')
      .action(async (spec: string, flags: Flags) => runSequence(spec, flags));
  },
};

async function runSequence(spec: string, flags: Flags): Promise<void> {
  const [{ InputError }, { runCommandJob, stopped }, { FlagError, emitJson, emitLine, parseCount }, { specFromFlags }] = await Promise.all([
    import('../../core/errors.js'),
    import('../jobs.js'),
    import('../io.js'),
    import('./shared.js'),
  ]);
  const { ruleset, maxDepth } = await specFromFlags(spec, flags);
  if (ruleset.domain.kind !== 'heaps' || (ruleset.heapCount ?? 1) !== 1) {
    throw new InputError(`sequence needs a one-heap game; ${ruleset.name} is played on ${ruleset.heapCount ? `${ruleset.heapCount} heaps` : ruleset.domain.kind}`);
  }
  if (ruleset.convention === 'misere') throw new InputError('sequence lists Grundy values, which misère games do not have here; use grundy for outcomes');
  const max = parseCount('--max', flags.max);
  const width = flags.width === undefined ? undefined : parseCount('--width', flags.width);
  if (width === 0) throw new FlagError('--width', flags.width!, 'expected at least 1');
  if ((flags.rows || width !== undefined) && (flags.json || flags.summary)) {
    throw new InputError(`${flags.rows ? '--rows' : '--width'} lays out the values as text; it does nothing with ${flags.json ? '--json' : '--summary'}`);
  }
  let checkpoint: { dir: string; every?: number } | undefined;
  if (flags.checkpoint !== undefined) {
    if (!ruleset.capabilities?.checkpoints) throw new InputError(`--checkpoint: ${ruleset.name} has no resumable kernel (take-and-break codes have one, except three-heap codes without !)`);
    const [{ makeDirectory }, { resolve }] = await Promise.all([import('../../core/sealed.js'), import('node:path')]);
    makeDirectory(flags.checkpoint);
    const every = flags.checkpointEvery === undefined ? undefined : parseCount('--checkpoint-every', flags.checkpointEvery);
    if (every === 0) throw new FlagError('--checkpoint-every', flags.checkpointEvery!, 'expected at least 1');
    checkpoint = { dir: resolve(flags.checkpoint), ...(every === undefined ? {} : { every }) };
  } else if (flags.checkpointEvery !== undefined) throw new FlagError('--checkpoint-every', flags.checkpointEvery, 'needs --checkpoint DIR');
  const name = ruleset.name;
  // A job, so that Ctrl-C can stop it and keep what it finished. It is tried in this thread first for up to
  // INLINE_MS: a run that short (0.16 to its period: 0.1 s of CPU) then needs no worker, whose start and
  // second compile of the kernel cost about as much again; a Ctrl-C meanwhile is answered when the try
  // ends. Not with a checkpoint, which an abandoned first try would leave behind as if resumed.
  const run = await runCommandJob(
    'sequence',
    { spec, max, ...(maxDepth === undefined ? {} : { maxDepth }), ...(flags.summary ? { summary: true } : {}), ...(checkpoint ? { checkpoint } : {}) },
    { title: 'sequence', ...(checkpoint ? {} : { inline: true, inlineMs: INLINE_MS }) },
  );
  if (run.end !== 'done') {
    const kept = run.partial;
    if (kept) {
      resumed(kept.resumedFrom, checkpoint);
      if (flags.summary) printSummary(name, kept.fingerprint, undefined, kept.resumedFrom, flags, emitJson, emitLine);
      else if (kept.values) await printValues(kept.values, name, flags, undefined);
    }
    throw stopped(run);
  }
  const { values, period, pPeriod, fingerprint, resumedFrom } = run.value;
  resumed(resumedFrom, checkpoint);
  if (flags.summary) {
    printSummary(name, fingerprint, period, resumedFrom, flags, emitJson, emitLine);
    return;
  }
  await printValues(values ?? [], name, flags, period);
  if (flags.json) {
    emitJson({ ...period, ...(pPeriod ? { pPeriod: pPeriod.period, pPreperiod: pPeriod.preperiod } : {}), ...(resumedFrom > 0 ? { resumedFrom } : {}), spec: name });
    return;
  }
  emitLine(periodLine(period));
  if (pPeriod) emitLine(`P-positions: period ${pPeriod.period}, preperiod ${pPeriod.preperiod}`);
}

/** A run that went on from a checkpoint says so on stderr (stdout keeps its lines). */
function resumed(from: number, checkpoint: { dir: string } | undefined): void {
  if (from > 0 && checkpoint) process.stderr.write(`sprague: resumed from ${from} heaps (checkpoint in ${checkpoint.dir})\n`);
}

function periodLine(period: Periodicity): string {
  if (period.certified) return `period ${period.period}, preperiod ${period.preperiod} (certified: ${period.certificate})`;
  if (period.apparentPeriod !== undefined) return `apparent period ${period.apparentPeriod}, preperiod ${period.apparentPreperiod} (not certified)`;
  if (period.apparentArithmeticPeriod !== undefined) {
    return `apparent arithmetic period ${period.apparentArithmeticPeriod}, saltus ${period.apparentSaltus}, preperiod ${period.apparentArithmeticPreperiod} (not certified)`;
  }
  return 'no period found';
}

/**
 * The period line and the fingerprint (tczajka's words: largest value and where, rare mask, number of
 * rare heaps, last rare heap); with --json one object. An interrupted run has no period line.
 */
function printSummary(
  spec: string,
  f: SequenceFingerprint,
  period: Periodicity | undefined,
  resumedFrom: number,
  flags: Flags,
  emitJson: (o: unknown) => void,
  emitLine: (s: string) => void,
): void {
  if (flags.json) {
    const proved = period?.certified ? { period: period.period, preperiod: period.preperiod, certified: true, certificate: period.certificate } : { certified: false };
    emitJson({ spec, heaps: f.heaps, largest: f.largest, largestAt: f.largestAt, rareMask: f.rareMask, rarePos: f.rarePos, rareCount: f.rareCount, lastRare: f.lastRare, ...proved, ...(resumedFrom > 0 ? { resumedFrom } : {}), ...(period ? {} : { interrupted: true }) });
    return;
  }
  if (period) emitLine(periodLine(period));
  emitLine(formatFingerprint(f));
}

/**
 * G(0), G(1), ...: JSON Lines, or rows of 20; a Ctrl-C while they are written ends them after a whole line.
 * Each JSON line names its spec, so the outputs of many games can be concatenated and still be told apart.
 * `--rows`: rows one period wide (the certified period, else the apparent one), each from the preperiod on
 * one period; `--width N` (or --rows without a period): rows of N. Both aligned (plot/text-grid.ts).
 */
async function printValues(values: ArrayLike<number>, spec: string, flags: Flags, period: Periodicity | undefined): Promise<void> {
  const { emitLines } = await import('../io.js');
  if (flags.json) {
    const named = JSON.stringify(spec);
    return emitLines(values.length, (n) => `{"n":${n},"grundy":${values[n]},"spec":${named}}`);
  }
  if (flags.rows || flags.width !== undefined) {
    const { sequenceRows } = await import('../../plot/text-grid.js');
    const p = flags.rows ? periodOfRows(period) : undefined;
    const layout = p ? sequenceRows(values, p.period, p.preperiod) : sequenceRows(values, Number(flags.width ?? 20));
    return emitLines(layout.rows, (r) => layout.line(r));
  }
  const rows = Math.ceil(values.length / 20);
  await emitLines(rows, (r) => `${String(20 * r).padStart(6)}: ${Array.from({ length: Math.min(20, values.length - 20 * r) }, (_, i) => values[20 * r + i]).join(' ')}`);
}

/** The period the rows follow: the certified one, else the apparent one (the period line says which). */
function periodOfRows(period: Periodicity | undefined): { period: number; preperiod: number } | undefined {
  if (period?.certified && period.period !== null) return { period: period.period, preperiod: period.preperiod ?? 0 };
  if (period?.apparentPeriod !== undefined) return { period: period.apparentPeriod, preperiod: period.apparentPreperiod ?? 0 };
  return undefined;
}
