/**
 * `sprague automaton SPEC [--max-states K] [--dot FILE]`: learn a Grundy automaton of a rewrite game
 * and prove it for all words (seed taking-and-merging, Lemma 2). `--dot` writes DOT, or a picture
 * when FILE ends in .svg or .png.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { toDot } from '../../automata/dot.js';
import { dotToPng, dotToSvg } from '../../automata/render.js';
import { InputError } from '../../core/errors.js';
import { RewriteGame } from '../../games/rewrite/game.js';
import { compressWord, formatRule } from '../../games/rewrite/rules.js';
import type { GrundyAutomatonResult } from '../../regular/grundy-automaton.js';
import { reviveAutomatonResult } from '../../jobs/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { parseSpec } from '../../spec/index.js';
import { emitJson, emitLine, formatTable, parseCount } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  maxStates?: string;
  dot?: string;
  pPositions?: boolean;
}

export const automatonCommand: CommandModule = {
  register(program: Command) {
    program
      .command('automaton')
      .description('find a DFA computing the Grundy value of every word of a rewrite game, and prove it (Lemma 2)')
      .argument('<spec>', 'a rewrite game, e.g. rewrite:a,a2,a3,b or rewrite:a->b,a->,b->')
      .option('--json', 'JSON Lines output')
      .option('--max-states <k>', 'largest automaton tried (default 100)')
      .option('--dot <file>', 'write the automaton: DOT, or SVG / PNG when the name ends in .svg / .png')
      .option('--p-positions', 'learn and prove only the P-positions against the rest (as in Theorem 15)')
      .action(async (spec: string, flags: Flags) => {
        const maxStates = flags.maxStates === undefined ? 100 : parseCount('--max-states', flags.maxStates);
        const ruleset = parseSpec(spec, { allowUnboundedRewriting: true });
        if (!(ruleset instanceof RewriteGame)) throw new InputError(`automaton needs a rewrite game (rewrite:RULES), not ${spec}`);
        // The learner runs as a job so that Ctrl-C can stop it and keep what it learned.
        const target = flags.pPositions ? 'p-positions' : 'grundy';
        const run = await runCommandJob('automaton', { spec, maxStates, target }, { title: 'learning' });
        // Interrupted: report what was learned (unproved), then let the CLI exit with 130.
        if (run.end !== 'done' && (run.end === 'limit' || !run.partial)) throw stopped(run);
        const interrupted = run.end === 'done' ? undefined : stopped(run);
        const result: GrundyAutomatonResult = reviveAutomatonResult(run.end === 'done' ? run.value : run.partial!);
        const letters = result.alphabet.names;
        const out = {
          states: result.states,
          grundyValues: result.grundyValues,
          verified: result.verified,
          ...(result.counterexample !== undefined ? { counterexample: compressWord(result.counterexample) } : {}),
        };
        if (flags.dot && result.machine) {
          const dot = toDot(result.machine, {
            name: `${flags.pPositions ? 'P-positions' : 'Grundy automaton'} of {${ruleset.rules.map(formatRule).join(',')}}`,
            letterName: (a) => letters[a]!,
            stateLabel: (s, o) => (flags.pPositions ? `q${s}: ${o ? 'P' : 'N'}` : `q${s}: ${o}`),
          });
          const file = flags.dot;
          if (/\.svg$/i.test(file)) writeFileSync(file, await dotToSvg(dot));
          else if (/\.png$/i.test(file)) writeFileSync(file, await dotToPng(dot));
          else writeFileSync(file, dot);
        }
        if (flags.json) {
          emitJson(out);
          if (interrupted) throw interrupted;
          return;
        }
        const m = result.machine;
        const what = flags.pPositions ? 'P-position automaton' : 'Grundy automaton';
        if (result.verified) {
          emitLine(`${what} with ${result.states} states, proved for all words (Lemma 2); values ${result.grundyValues.join(', ')}`);
        } else {
          const why =
            result.status === 'state-bound'
              ? `no automaton with <= ${maxStates} states: the table separates ${result.lowerBound} classes`
              : interrupted
                ? `interrupted; at least ${result.lowerBound} states are needed`
                : 'the verifier hit its limits';
          emitLine(`no proof: ${why} (words up to length ${result.longestQuery} queried)`);
          if (out.counterexample !== undefined) emitLine(`the last ${result.states}-state hypothesis is wrong on ${out.counterexample}`);
        }
        if (m && result.verified) {
          const rows = Array.from({ length: m.stateCount }, (_, s) => [
            `q${s}${s === m.start ? ' (start)' : ''}`,
            flags.pPositions ? (m.output[s] ? 'P' : 'N') : m.output[s]!,
            ...letters.map((_, a) => `q${m.next(s, a)}`),
          ]);
          emitLine(formatTable(['state', flags.pPositions ? 'class' : 'grundy', ...letters], rows));
        }
        if (interrupted) throw interrupted;
      });
  },
};
