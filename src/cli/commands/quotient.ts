/**
 * `sprague quotient SPEC --max N`: the quotient of sums of push positions of heap games (push-the-button,
 * section 6; analysis/push-quotient.ts), presented as misère quotients are, with its growth in N.
 */
import type { Command } from 'commander';
import type { PushQuotient, QuotientGrowth } from '../../analysis/push-quotient.js';
import { pushSumRules, quotientOutcome, quotientWord, generatorName } from '../../analysis/push-quotient.js';
import { parseHeaps } from '../../core/positions.js';
import { runCommandJob, stopped } from '../jobs.js';
import { FlagError, emitJson, emitLine, parseCount } from '../io.js';
import type { CommandModule } from './index.js';
import { specFromFlags } from './shared.js';

interface Flags {
  json?: boolean;
  max: string;
  sum?: string;
}

/** Elements of the P-portion listed in full up to this size of Q; past it the first ones and the count. */
const LISTED = 1 << 16;
const SHOWN = 64;

export const quotientCommand: CommandModule = {
  register(program: Command) {
    program
      .command('quotient')
      .description('the quotient of sums of heaps 0..N of push(R1,R2) (one button for all): generators, heap classes, P-portion, growth in N')
      .argument('<spec>', 'push(R1,R2) or push:before(R1,R2) of heap games, e.g. push(nim,subtraction:1,2), push(octal:0.07,octal:0.137)')
      .requiredOption('--max <n>', 'largest heap (the table holds 2^(N+1) sums; at most 26)')
      .option('--sum <heaps>', 'also the outcome of this sum of heaps <= N read off the quotient, e.g. 3,5,7')
      .option('--json', 'one JSON line')
      .action(async (spec: string, flags: Flags) => {
        const { ruleset } = await specFromFlags(spec, {});
        const max = parseCount('--max', flags.max);
        // Refuses a spec, a switch or a max the quotient cannot take here, before any worker starts.
        pushSumRules(ruleset, max);
        const sum = flags.sum === undefined ? undefined : parseSum(flags.sum, max);
        const rows: QuotientGrowth[] = [];
        const run = await runCommandJob('quotient', { spec, max }, { title: 'quotient', inline: max <= INLINE_MAX, onItem: (row) => rows.push(row as QuotientGrowth) });
        if (run.end !== 'done') {
          const kept = run.partial ?? rows;
          if (kept.length > 0) {
            if (flags.json) emitJson({ spec: ruleset.name, max, growth: kept, interrupted: true });
            else emitLine(growthLine(kept));
            process.stderr.write(`sprague: kept the dimensions for the largest heap 0..${kept[kept.length - 1]!.n} of 0..${max}\n`);
          }
          throw stopped(run, kept.length > 0);
        }
        const { quotient, growth } = run.value;
        if (flags.json) return emitJson(toJson(quotient, growth, sum));
        print(quotient, growth, sum);
      });
  },
};

/** Up to 2^15 sums the table is built in the CLI's thread (milliseconds). */
const INLINE_MAX = 14;

function parseSum(text: string, max: number): number[] {
  let heaps: number[];
  try {
    heaps = parseHeaps(text);
  } catch (e) {
    throw new FlagError('--sum', text, (e as Error).message);
  }
  const big = heaps.find((h) => h > max);
  if (big !== undefined) throw new FlagError('--sum', text, `heap ${big} is past --max ${max}`);
  return heaps;
}

function pPortion(q: PushQuotient): number[] {
  const out: number[] = [];
  for (let w = 0; w < q.pOf.length; w++) if (q.pOf[w]) out.push(w);
  return out;
}

function toJson(q: PushQuotient, growth: QuotientGrowth[], sum: number[] | undefined): Record<string, unknown> {
  const p = pPortion(q);
  return {
    spec: q.name,
    switch: q.sw,
    max: q.max,
    dimension: q.generators.length,
    kernelDimension: q.kernelDimension,
    generators: q.generators.map((heap, i) => ({ name: generatorName(i), heap })),
    classes: q.classes.map(quotientWord),
    pCount: p.length,
    ...(q.pOf.length <= LISTED ? { pPortion: p.map(quotientWord) } : {}),
    growth: growth.map((r) => ({ n: r.n, dimension: r.dimension })),
    ...(sum === undefined ? {} : { sum: { heaps: sum, class: quotientWord(sum.reduce((w, h) => w ^ q.classes[h]!, 0)), outcome: quotientOutcome(q, sum) } }),
  };
}

function growthLine(growth: readonly QuotientGrowth[]): string {
  return `dimension by largest heap n: ${growth.map((r) => `${r.n}:${r.dimension}`).join(' ')}`;
}

function print(q: PushQuotient, growth: QuotientGrowth[], sum: number[] | undefined): void {
  const d = q.generators.length;
  emitLine(`${q.name}: sums of heaps 0..${q.max} under one button; each heap is its own inverse (the mirror lemma)`);
  emitLine(`Q = F2^${q.max + 1} / K, dim K = ${q.kernelDimension}: |Q| = 2^${d} = ${2 ** d}`);
  emitLine(`generators: ${q.generators.map((h, i) => `${generatorName(i)} = heap ${h}`).join(', ') || 'none'}`);
  emitLine(`classes:    ${q.classes.map((w, h) => `${h}:${quotientWord(w)}`).join(' ')}`);
  const p = pPortion(q);
  const shown = p.slice(0, SHOWN).map(quotientWord).join(' ');
  emitLine(`P-portion:  ${p.length} of ${2 ** d}${p.length === 0 ? '' : `: ${shown}${p.length > SHOWN ? ' ...' : ''}`}`);
  emitLine(growthLine(growth));
  if (sum !== undefined) emitLine(`${sum.join('+')}: class ${quotientWord(sum.reduce((w, h) => w ^ q.classes[h]!, 0))}, ${quotientOutcome(q, sum)}`);
}
