/** `sprague admissible SPEC_OR_SET [--max N] [--method logic|periodic|bounded]` (deciding-game-invariance). */
import type { Command } from 'commander';
import { type AdmissibilityMethod, type SetSpec, type admissible, defaultBound, parseSetSpec } from '../../invariance/admissible.js';
import { dimensionOf } from '../../invariance/sets.js';
import type { PeriodicAdmissibility } from '../../invariance/periodic.js';
import type { KeptAdmissibility } from '../../jobs/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { FlagError, colour, emitJson, emitLine, parseCount, parseSize } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  max?: string;
  method?: string;
  heaps?: string;
  differenceMax?: string;
  maxSubsets?: string;
  checkpoint?: string;
  maxBytes?: string;
  spill?: string;
}

const METHODS: readonly AdmissibilityMethod[] = ['logic', 'periodic', 'bounded'];

export const admissibleCommand: CommandModule = {
  register(program: Command) {
    program
      .command('admissible')
      .description('is the set the P-positions of some invariant game (1-admissible, deciding game invariance)?')
      .argument('<set>', 'a game spec (its P-positions), periodic:V (e.g. periodic:1122) or morphic:RULES (e.g. morphic:1->12,2->1)')
      .option('--max <n>', 'bounded method: check the box [0,N]^n (default 64 on 2 heaps, 16 on 3)')
      .option('--method <m>', 'logic, periodic or bounded (default: periodic for periodic:V on 1,2, else bounded)')
      .option('--heaps <k>', 'number of heaps for games on any number of heaps (default 2)')
      .option('--difference-max <n>', 'bounded method: take P - P from pairs in [0,M]^n (default 2N)')
      .option('--max-subsets <n>', 'logic method: most states of one subset construction, and of one NFA when above its 30000000 (default 5000000; G_2 needs 21 M, G_3 64 M)')
      .option('--checkpoint <dir>', 'logic method: keep each finished stage in DIR; a rerun resumes after the last one')
      .option('--max-bytes <size>', 'logic method: most bytes one subset construction of the layer passes holds, e.g. 6G; past it the subsets spill to --spill DIR (or the pass stops)')
      .option('--spill <dir>', 'logic method: a folder for the layer passes\' spill files (G_5: --max-bytes 6G --spill DIR)')
      .option('--json', 'JSON Lines output')
      .action(async (text: string, flags: Flags) => {
        if (flags.method !== undefined && !METHODS.includes(flags.method as AdmissibilityMethod)) {
          throw new FlagError('--method', flags.method, 'expected logic, periodic or bounded');
        }
        // The logic engine names its sets itself (e.g. tribonacci, raleigh): no game spec to parse.
        const spec = flags.method === 'logic' ? undefined : parseSetSpec(text, flags.heaps === undefined ? undefined : parseCount('--heaps', flags.heaps));
        const max = flags.max === undefined ? undefined : parseCount('--max', flags.max);
        const differenceMax = flags.differenceMax === undefined ? undefined : parseCount('--difference-max', flags.differenceMax);
        if (flags.maxSubsets !== undefined && flags.method !== 'logic') throw new FlagError('--max-subsets', flags.maxSubsets, 'only the logic method builds subset automata');
        const maxSubsets = flags.maxSubsets === undefined ? undefined : parseCount('--max-subsets', flags.maxSubsets);
        if (flags.heaps !== undefined && flags.method === 'logic') throw new FlagError('--heaps', flags.heaps, 'the logic method names its sets on 2 heaps itself');
        if (flags.checkpoint !== undefined && flags.method !== 'logic') throw new FlagError('--checkpoint', flags.checkpoint, 'only the logic method has stages to keep');
        if (flags.maxBytes !== undefined && flags.method !== 'logic') throw new FlagError('--max-bytes', flags.maxBytes, 'only the logic method builds subset stores');
        if (flags.spill !== undefined && flags.method !== 'logic') throw new FlagError('--spill', flags.spill, 'only the logic method spills subsets');
        const maxBytes = flags.maxBytes === undefined ? undefined : parseSize('--max-bytes', flags.maxBytes);
        let spillDir: string | undefined;
        if (flags.spill !== undefined) {
          const [{ makeDirectory }, { resolve }] = await Promise.all([import('../../core/sealed.js'), import('node:path')]);
          makeDirectory(flags.spill, 'spill folder');
          spillDir = resolve(flags.spill);
        }
        const args = {
          text,
          ...(flags.method === undefined ? {} : { method: flags.method as AdmissibilityMethod }),
          ...(max === undefined ? {} : { max }),
          ...(differenceMax === undefined ? {} : { differenceMax }),
          ...(maxSubsets === undefined ? {} : { maxSubsets }),
          ...(flags.checkpoint === undefined ? {} : { checkpoint: flags.checkpoint }),
          ...(maxBytes === undefined ? {} : { maxBytes }),
          ...(spillDir === undefined ? {} : { spillDir }),
          ...(flags.heaps === undefined ? {} : { heaps: parseCount('--heaps', flags.heaps) }),
        };
        // A job, so that Ctrl-C can stop the search and say how far it got; a small bounded box is tried here first.
        const small = spec !== undefined && boundedCells(spec, flags.method, max, differenceMax) <= INLINE_CELLS;
        const run = await runCommandJob('admissible', args, { title: 'admissible', inline: small });
        if (run.end !== 'done') {
          if (run.end === 'interrupted') printInterrupted(run.partial, flags);
          throw stopped(run);
        }
        const res: Verdict = run.value;
        if (flags.json) {
          emitJson({
            admissible: res.admissible,
            method: res.method,
            bound: res.bound,
            ...(res.witness ? { witness: res.witness } : {}),
            certified: res.certified,
            differenceBound: res.differenceBound,
            ...(periodicOf(res) ? { period: periodicOf(res)!.period, balanced: periodicOf(res)!.balanced } : {}),
            ...('states' in res ? { states: res.states } : {}),
            ...('resumed' in res && res.resumed ? { resumed: res.resumed } : {}),
          });
          return;
        }
        emitLine(`${spec ? spec.description : text}: ${res.admissible ? colour.green('1-admissible') : colour.red('not 1-admissible')}${res.admissible && !res.certified ? ' in the box' : ''}`);
        if (res.witness) {
          emitLine(`  witness (${res.witness.join(',')}): not in P, and every move from it to P joins two elements of P (Lemma 12)`);
        }
        if ('states' in res) {
          const st = res.states;
          const passes = st.layers ? `, candidates after the layer passes (and the move to 0 unless they left finitely many) ${st.layers.join(', ')}` : '';
          emitLine(colour.dim(`  method logic: decided for every position (Theorem 23); automata: P ${st.p} states, ${st.nearDifferences === undefined ? '' : `P - P among the near moves ${st.nearDifferences}, `}P - P ${st.differences || 'not needed'}${passes}, moves E(p,q) ${st.moves}, search ${st.bad}`));
          if ('resumed' in res && res.resumed) emitLine(colour.dim(`  resumed from the checkpoint: ${res.resumed.join(', ')}`));
          return;
        }
        const n = dimensionOf(spec!.set);
        const box = `[0,${res.bound}]^${n}`;
        const periodic = periodicOf(res);
        if (periodic) {
          const why = !periodic.balanced
            ? "Remark 40's box, exact differences"
            : n === 2
              ? 'Lemmas 37-38: this box decides it'
              : 'Lemma 37 over n letters: this box decides it';
          emitLine(colour.dim(`  method periodic, period ${periodic.period}, box ${box} (${why})${res.certified ? ', certified' : ', not certified beyond the box'}`));
        } else {
          emitLine(colour.dim(`  method bounded, box ${box}, differences from [0,${res.differenceBound}]^${n}${res.certified ? ', certified' : ''}`));
        }
      });
  },
};

type Verdict = ReturnType<typeof admissible>;

/** Bounded boxes (with their differences box) up to this many cells are checked in the CLI's thread. */
const INLINE_CELLS = 1 << 16;

/** The cells the bounded method tabulates (P in the differences' box), or Infinity when another method runs. */
function boundedCells(spec: SetSpec, method: string | undefined, max: number | undefined, differenceMax: number | undefined): number {
  if (method !== 'bounded' && (method !== undefined || spec.period !== undefined)) return Infinity;
  const n = dimensionOf(spec.set);
  const box = max ?? defaultBound(n);
  return (Math.max(box, differenceMax ?? 2 * box) + 1) ** n;
}

/** After a stop: how far the witness search got, and a witness if it met one (which settles the question). */
function printInterrupted(kept: KeptAdmissibility | undefined, flags: Flags): void {
  if (!kept) return;
  if (flags.json) {
    emitJson({
      interrupted: true,
      admissible: kept.witness ? false : null,
      ...(kept.witness ? { witness: kept.witness } : {}),
      ...(kept.checkedCells !== undefined ? { checkedCells: kept.checkedCells } : {}),
      ...(kept.checkedUpTo !== undefined ? { checkedUpTo: kept.checkedUpTo } : {}),
    });
    return;
  }
  if (kept.witness) emitLine(`not 1-admissible: witness (${kept.witness.join(',')}) found before the stop (not necessarily the least)`);
  else if (kept.checkedUpTo !== undefined) emitLine(`no witness in [0,${kept.checkedUpTo}]^2 (the search was stopped there)`);
  else emitLine(`no witness among the first ${kept.checkedCells} positions of the box (the search was stopped there)`);
}

function periodicOf(res: Verdict): PeriodicAdmissibility | undefined {
  return 'period' in res ? (res as PeriodicAdmissibility) : undefined;
}
