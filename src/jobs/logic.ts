/** The logic engine's jobs: `logic` (commands in order), the explorer's logic panel, and the conformance suite. */
import { InputError, InterruptedError } from '../core/errors.js';
import { job, type JobContext } from '../core/jobs.js';
import type { ConformanceSummary } from '../logic/conformance.js';
import { fields, text } from './check.js';
import { keptCount, type KeptCount } from './kept.js';

/** One finished command of `logic` (a CommandResult without its automaton, which stays in the worker). */
export interface LogicLine {
  verb: string;
  name: string;
  result: boolean | null;
  states: number;
  variables: string[];
  steps?: { what: string; states: number }[];
  /** The automaton in Walnut's text format, when asked for (--print). */
  text?: string;
  /** For `eval NAME i n "φ"`: Walnut's incidence matrices as Maple text. */
  mpl?: string;
  /** The tracks' systems or alphabets, in track order. */
  tracks?: string[];
  /** What test, inf, ost and draw print, line by line, and the same as data. */
  output?: string[];
  data?: Record<string, unknown>;
  /** The command's terminator asked for the steps (`:`) or the intermediate automata too (`::`). */
  show?: 'steps' | 'details';
}

/** The line of a finished command (the automaton stays behind). */
export function lineOf(r: import('../logic/session.js').CommandResult): LogicLine {
  const line: LogicLine = { verb: r.verb, name: r.name, result: r.result, states: r.states, variables: r.variables };
  if (r.steps) line.steps = r.steps;
  if (r.mpl !== undefined) line.mpl = r.mpl;
  if (r.tracks) line.tracks = r.tracks;
  if (r.output) line.output = r.output;
  if (r.data) line.data = r.data;
  if (r.show) line.show = r.show;
  return line;
}

export interface LogicArgs {
  commands: string[];
  /** The library root: read, and with `save` written (results and definitions kept from session to session). */
  library?: string;
  save?: boolean;
  print?: boolean;
  dot?: boolean;
  maxStates?: number;
}

/** What the logic panel shows: each command's line, the last automaton as DOT and, when small, drawn. */
export interface LogicPanelResult {
  lines: LogicLine[];
  dot?: string;
  svg?: string;
}

/** The commands in order, one LogicLine emitted per command as it finishes; the last one's DOT when asked. */
async function logicLines(args: LogicArgs, ctx: JobContext): Promise<{ dot?: string }> {
  const { Session, commandDot, commandText } = await import('../logic/session.js');
  const session = new Session({ signal: ctx.signal, ...(args.library ? { root: args.library, save: args.save === true } : {}), ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }) });
  let last: import('../logic/session.js').CommandResult | undefined;
  for (const [i, command] of args.commands.entries()) {
    ctx.onProgress(i, args.commands.length, command);
    try {
      if (ctx.signal.aborted) throw new InterruptedError();
      last = session.run(command);
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError<KeptCount>({ done: i });
      throw e;
    }
    const line = lineOf(last);
    if (args.print && last.predicate) line.text = commandText(last);
    ctx.emit(line);
  }
  return args.dot && last ? { dot: commandDot(last) } : {};
}

/**
 * `sprague logic`: the commands in order, one LogicLine emitted per command as it finishes; the last one's
 * DOT when asked. A stop inside a command (the engine reads the signal in its products and projections)
 * keeps the lines of the commands done.
 */
export const logicJob = job({
  run: (args: LogicArgs, ctx) => logicLines(args, ctx),
  keep: keptCount,
});

/** The logic panel's request: the commands as typed (the caps stay the limits table's). */
export interface LogicPanelArgs {
  text: string;
  /** The last automaton is drawn when it has at most this many states (default 60). */
  drawStates?: number;
  maxStates?: number;
}

/**
 * The explorer's logic panel: the commands as typed (split at their terminators; a last one without one
 * is a command too), each command's line, and the last command's automaton, drawn by Graphviz when it
 * has at most `drawStates` states (default 60). A stop keeps the lines of the commands done.
 */
export const logicPanelJob = job({
  async run(args: LogicPanelArgs, ctx): Promise<LogicPanelResult> {
    const { commandsOf } = await import('../logic/command-text.js');
    const commands = commandsOf(args.text);
    if (commands.length === 0) throw new InputError('no command: type one, e.g. eval t "?msd_fib Ex,y x=y+1";');
    const lines: LogicLine[] = [];
    let dot: string | undefined;
    try {
      dot = (await logicLines({ commands, dot: true, ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }) }, { ...ctx, emit: (l) => lines.push(l as LogicLine) })).dot;
    } catch (e) {
      if (e instanceof InterruptedError) throw new InterruptedError<LogicPanelResult>({ lines });
      throw e;
    }
    const last = lines.at(-1);
    const draw = dot !== undefined && last !== undefined && last.states <= (args.drawStates ?? 60);
    return { lines, ...(dot === undefined ? {} : { dot }), ...(draw ? { svg: await (await import('../plot/render.js')).dotToSvg(dot!) } : {}) };
  },
  keep: (partial): LogicPanelResult | undefined => (typeof partial === 'object' && partial !== null && Array.isArray((partial as LogicPanelResult).lines) ? (partial as LogicPanelResult) : undefined),
  /** The panel sends `text`, the commands as typed; they are split in the worker. */
  check: (body: unknown): LogicPanelArgs => ({ text: text(fields(body, ['text']), 'text') }),
});

/** `sprague logic --conformance`: each case emitted as it finishes, then the counts. */
export const conformanceJob = job({
  async run(args: { dir: string; only?: number[] }, ctx) {
    const { runConformance } = await import('../logic/conformance.js');
    const summary = runConformance(args.dir, { signal: ctx.signal, onCase: ctx.emit, ...(args.only ? { only: new Set(args.only) } : {}) });
    if (ctx.signal.aborted) throw new InterruptedError(summary);
    return summary;
  },
  keep: (partial): ConformanceSummary | undefined => (typeof partial === 'object' && partial !== null && 'passed' in partial ? (partial as ConformanceSummary) : undefined),
});
