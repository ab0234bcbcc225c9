/**
 * `sprague logic QUERY | --file FILE | --conformance DIR`: the Walnut-style first-order logic engine
 * (deciding-game-invariance, sections 3-5).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { runConformance } from '../../logic/conformance.js';
import { type CommandResult, commandDot, commandText, Session } from '../../logic/session.js';
import { colour, emitJson, emitLine } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  json?: boolean;
  file?: string;
  conformance?: string;
  dot?: string;
  library?: string;
  print?: boolean;
  steps?: boolean;
  only?: string;
}

/** `--only 0-156,530`: case ids as comma-separated numbers and ranges. */
function parseIds(text: string): Set<number> {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new InputError(`--only: bad case range ${JSON.stringify(part)} (expected e.g. 0-156,530)`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let i = a; i <= b; i++) ids.add(i);
  }
  return ids;
}

/** The commands of a --file: one per line, `#` comments, blank lines skipped. */
function fileCommands(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'))
    .map((l) => (/(;|:)$/.test(l) ? l : `${l};`));
}

function report(r: CommandResult, flags: Flags): void {
  if (flags.json) {
    emitJson({
      name: r.name,
      result: r.result,
      states: r.states,
      ...(r.result === null && r.variables.length > 0 ? { variables: r.variables } : {}),
      ...(flags.steps && r.steps ? { steps: r.steps } : {}),
    });
    return;
  }
  const verdict = r.result === null ? `${r.states} states over (${r.variables.join(', ')})` : r.result ? colour.green('true') : colour.red('false');
  emitLine(`${colour.bold(r.name)}: ${verdict}`);
  if (flags.steps && r.steps) for (const s of r.steps) emitLine(`  ${s.what.padEnd(12)} ${s.states}`);
  if (flags.print && r.predicate) emitLine(commandText(r));
}

export const logicCommand: CommandModule = {
  register(program: Command) {
    program
      .command('logic')
      .description('Walnut-style first-order logic: eval/def/reg/macro commands decided by automata')
      .argument('[query]', 'a command, e.g. eval t "?msd_fib Ex,y x=y+1"')
      .option('--json', 'JSON Lines output')
      .option('--file <file>', 'run the commands in FILE in order (one per line, # comments)')
      .option('--conformance <dir>', 'run the Walnut conformance suite in DIR')
      .option('--dot <file>', 'write the automaton of the (last) command as Graphviz DOT')
      .option('--library <dir>', 'a Walnut library folder (Word Automata Library/, Command Files/)')
      .option('--print', 'print the automaton in Walnut text format')
      .option('--steps', 'show the state count of every intermediate automaton')
      .option('--only <ids>', 'with --conformance: only these case ids, e.g. 527-556,600')
      .action((query: string | undefined, flags: Flags) => {
        if (flags.conformance) {
          const summary = runConformance(flags.conformance, {
            ...(flags.only ? { only: parseIds(flags.only) } : {}),
            onCase: (c) => {
              if (flags.json) emitJson({ id: c.id, status: c.status, ...(c.reason ? { reason: c.reason } : {}) });
              else if (c.status !== 'pass') emitLine(`${String(c.id).padStart(4)} ${c.status === 'fail' ? colour.red('fail') : colour.dim('skip')} ${c.reason ?? ''}`);
            },
          });
          if (flags.json) emitJson(summary);
          else emitLine(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
          return;
        }
        const session = new Session(flags.library ? { root: flags.library } : {});
        let commands: string[];
        if (flags.file) commands = fileCommands(readFileSync(flags.file, 'utf8'));
        else if (query !== undefined) commands = [/(;|:)\s*$/.test(query) ? query : `${query};`];
        else throw new InputError('logic: give a QUERY, --file FILE or --conformance DIR');
        let last: CommandResult | undefined;
        for (const c of commands) {
          last = session.run(c);
          if (last.verb !== 'macro' && last.verb !== 'morphism') report(last, flags);
        }
        if (flags.dot && last) writeFileSync(flags.dot, commandDot(last));
      });
  },
};
