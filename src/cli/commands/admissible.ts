/** `sprague admissible SPEC_OR_SET [--max N] [--method logic|periodic|bounded]` (deciding-game-invariance). */
import type { Command } from 'commander';
import { type AdmissibilityMethod, admissible, logicAdmissibility, parseSetSpec } from '../../invariance/admissible.js';
import { dimensionOf } from '../../invariance/sets.js';
import type { PeriodicAdmissibility } from '../../invariance/periodic.js';
import { FlagError, colour, emitJson, emitLine, parseCount, progressBar } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  max?: string;
  method?: string;
  heaps?: string;
  differenceMax?: string;
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
      .option('--json', 'JSON Lines output')
      .action((text: string, flags: Flags) => {
        if (flags.method !== undefined && !METHODS.includes(flags.method as AdmissibilityMethod)) {
          throw new FlagError('--method', flags.method, 'expected logic, periodic or bounded');
        }
        // The logic engine names its sets itself (e.g. tribonacci, raleigh): no game spec to parse.
        const spec = flags.method === 'logic' ? undefined : parseSetSpec(text, flags.heaps === undefined ? undefined : parseCount('--heaps', flags.heaps));
        const bar = progressBar('admissible');
        let res: ReturnType<typeof admissible>;
        try {
          res = !spec ? logicAdmissibility(text) : admissible(spec, {
            ...(flags.method === undefined ? {} : { method: flags.method as AdmissibilityMethod }),
            ...(flags.max === undefined ? {} : { max: parseCount('--max', flags.max) }),
            ...(flags.differenceMax === undefined ? {} : { differenceMax: parseCount('--difference-max', flags.differenceMax) }),
            onProgress: (d, t) => bar.update(d, t),
          });
        } finally {
          bar.stop();
        }
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
          });
          return;
        }
        emitLine(`${spec ? spec.description : text}: ${res.admissible ? colour.green('1-admissible') : colour.red('not 1-admissible')}${res.admissible && !res.certified ? ' in the box' : ''}`);
        if (res.witness) {
          emitLine(`  witness (${res.witness.join(',')}): not in P, and every move from it to P joins two elements of P (Lemma 12)`);
        }
        if ('states' in res) {
          const st = res.states;
          emitLine(colour.dim(`  method logic: decided for every position (Theorem 23); automata: P ${st.p} states, P - P ${st.differences}, moves E(p,q) ${st.moves}, search ${st.bad}`));
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

function periodicOf(res: ReturnType<typeof admissible>): PeriodicAdmissibility | undefined {
  return 'period' in res ? (res as PeriodicAdmissibility) : undefined;
}
