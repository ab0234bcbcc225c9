/**
 * `sprague automaton SPEC [--max-states K] [--dot FILE] [--verify FILE]`: learn a Grundy automaton of a rewrite game
 * and prove it for all words (seed taking-and-merging, Lemma 2). `--dot` writes DOT, or a picture
 * when FILE ends in .svg or .png.
 */
import { rewriteRulesOf } from '../../core/ruleset.js';
import type { Command } from 'commander';
import { toDot } from '../../automata/dot.js';
import { dotToPng, dotToSvg } from '../../automata/render.js';
import { InputError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { type RewriteRule, alphabetOf, compressWord, formatRule } from '../../games/rewrite/rules.js';
import { Alphabet } from '../../automata/alphabet.js';
import type { Dfa } from '../../automata/dfa.js';
import { automatonJson, parseAutomatonJson } from '../../regular/automaton-file.js';
import type { GrundyAutomatonResult } from '../../regular/grundy-automaton.js';
import { verifyGrundyAutomaton, verifyPPositions } from '../../regular/verify.js';
import { reviveAutomatonResult } from '../../jobs/index.js';
import { runCommandJob, stopped } from '../jobs.js';
import { parseSpec } from '../../spec/index.js';
import { checkWritableFile, emitJson, emitLine, formatTable, parseCount, readUserFile, writeUserFile } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  maxStates?: string;
  maxRuleLetters?: string;
  dot?: string;
  pPositions?: boolean;
  verify?: string;
}

export const automatonCommand: CommandModule = {
  register(program: Command) {
    program
      .command('automaton')
      .description('find a DFA computing the Grundy value of every word of a rewrite game, and prove it (Lemma 2)')
      .argument('<spec>', 'a rewrite game, e.g. rewrite:a,a2,a3,b or rewrite:a->b,a->,b->')
      .option('--json', 'JSON Lines output')
      .option('--max-states <k>', 'largest automaton tried (default 200)')
      .option('--dot <file>', 'write the automaton: DOT, or SVG / PNG when the name ends in .svg / .png')
      .option('--p-positions', 'learn and prove only the P-positions against the rest (as in Theorem 15)')
      .option('--max-rule-letters <n>', `most letters of the rules, both sides (default ${limitDefault('learnerRuleLetters')}: longer rules make every round slow)`)
      .option('--verify <file>', 'prove a stored automaton (the JSON line of automaton --json) instead of learning one')
      .action(async (spec: string, flags: Flags) => {
        const maxStates = flags.maxStates === undefined ? 200 : parseCount('--max-states', flags.maxStates);
        if (flags.dot) checkWritableFile('--dot', flags.dot);
        const ruleset = parseSpec(spec, { allowUnboundedRewriting: true });
        const rules = rewriteRulesOf(ruleset);
        if (!rules) throw new InputError(`automaton needs a rewrite game (rewrite:RULES), not ${spec}`);
        if (flags.verify !== undefined) return await verifyStored(rules, flags.verify, flags);
        // The learner runs as a job so that Ctrl-C can stop it and keep what it learned.
        const target = flags.pPositions ? 'p-positions' : 'grundy';
        const maxRuleLetters = flags.maxRuleLetters === undefined ? undefined : parseCount('--max-rule-letters', flags.maxRuleLetters);
        const run = await runCommandJob('automaton', { rules, maxStates, target, ...(maxRuleLetters === undefined ? {} : { maxRuleLetters }) }, { title: 'learning' });
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
          // Any automaton computing the target needs at least this many states (Myhill–Nerode).
          lowerBound: result.lowerBound,
          ...(result.machine ? automatonJson(result.machine, result.alphabet) : {}),
        };
        if (flags.dot && result.machine) await writeDot(flags.dot, result.machine, rules, letters, flags);
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

/**
 * `--verify FILE`: the Lemma-2 prover alone on a stored automaton (the object `--json` prints), so a
 * machine learned once is checked again in milliseconds.
 */
async function verifyStored(rules: readonly RewriteRule[], file: string, flags: Flags): Promise<void> {
  const text = readUserFile('the automaton file', file);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not JSON (${(e as Error).message})`);
  }
  const { machine, alphabet } = parseAutomatonJson(json, file);
  const letters = alphabetOf(rules).sort();
  if (alphabet.names.join(',') !== letters.join(',')) {
    throw new InputError(`${file}: the automaton reads the letters ${alphabet.names.join(',')}, the game ${letters.join(',')}`);
  }
  const system = { rules, alphabet: new Alphabet(letters) };
  const verdict = flags.pPositions ? verifyPPositions(system, machine) : verifyGrundyAutomaton(system, machine);
  if (flags.dot) await writeDot(flags.dot, machine, rules, letters, flags);
  const out = verdict.verified
    ? { states: machine.stateCount, grundyValues: verdict.certificate.grundyValues, verified: true }
    : { states: machine.stateCount, grundyValues: machine.reachableOutputs(), verified: false, counterexample: compressWord(verdict.violation.word) };
  if (flags.json) return emitJson(out);
  if (verdict.verified) {
    const c = verdict.certificate;
    emitLine(
      `${file}: proved for all words (Lemma 2): ${machine.stateCount} states, values ${c.grundyValues.join(', ')} ` +
        `(${c.productStates} pairs of a state and a subset of options checked; letter weights ${c.terminationWeights.join(', ')})`,
    );
  } else {
    const v = verdict.violation;
    const why = v.kind === 'stability' ? `its option ${compressWord(v.option)} has the same value ${v.value}` : `value ${v.value} but no move to value ${v.missing}`;
    emitLine(`${file}: not a Grundy automaton of the game: at ${compressWord(v.word)}, ${why}`);
  }
}

/** `--dot FILE`: DOT, or a picture when the name ends in .svg or .png. */
async function writeDot(file: string, machine: Dfa, rules: readonly RewriteRule[], letters: readonly string[], flags: Flags): Promise<void> {
  const dot = toDot(machine, {
    name: `${flags.pPositions ? 'P-positions' : 'Grundy automaton'} of {${rules.map(formatRule).join(',')}}`,
    letterName: (a) => letters[a]!,
    stateLabel: (s, o) => (flags.pPositions ? `q${s}: ${o ? 'P' : 'N'}` : `q${s}: ${o}`),
  });
  writeUserFile('--dot', file, /\.svg$/i.test(file) ? await dotToSvg(dot) : /\.png$/i.test(file) ? await dotToPng(dot) : dot);
}
