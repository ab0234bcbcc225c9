/**
 * `sprague logic` on a terminal: a read-eval-print loop for Walnut commands. A command ends with `;`,
 * `:` or `::` (a line without one waits for the next, as Walnut's console does); several commands may
 * share a line. The session lives in a worker thread, so Ctrl-C stops a long command and keeps the
 * session, under the CLI's Ctrl-C contract (interrupt.ts): the engine reads a stop flag in its products and
 * projections, so the command ends with its session intact; a command that has not stopped STOP_GRACE_MS
 * later (a step that reads no flag) ends with its worker, which is replaced, and the definitions made so
 * far are run again in the new one.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { isStopped, newStopFlag, raiseStop } from '../core/stop.js';
import { stopGrace } from './interrupt.js';
import { splitCommands } from '../logic/command-text.js';
import { STANDARD_WORDS } from '../logic/standard-words.js';
import type { LogicLine } from '../jobs/index.js';

/** What the worker's session is started with. */
export interface ReplSettings {
  library?: string;
  print?: boolean;
  dot?: boolean;
  /** Most states of any intermediate automaton (--max-states). */
  maxStates?: number;
}

/** What the worker is started with: the settings and the stop flag the engine reads. */
export interface ReplWorkerData extends ReplSettings {
  stop: Int32Array;
}

export interface ReplRequest {
  command: string;
}

/** After Ctrl-C, how long a command may take to stop by itself before its worker is ended. */
const STOP_GRACE_MS = 500;

export type ReplLine = LogicLine & { mpl?: string };

export type ReplReply = { line: ReplLine; dot?: string } | { error: { name: string; message: string } };

export interface ReplOptions extends ReplSettings {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** The file of the lines typed, read at the start (arrow up recalls them) and appended to. */
  historyFile?: string;
  /** Shows a finished command's line. */
  show(line: ReplLine): void;
  /** Shows a one-line message (an error, a note). */
  note(text: string): void;
}

/** What the loop leaves behind: the last command's DOT (with `dot`) and the last incidence matrices. */
export interface ReplEnd {
  dot?: string;
  mpl?: string;
}

/** Splits text into complete commands (the logic library's, shared with the explorer's logic panel). */
export { splitCommands };

export function replHelp(): string {
  const words = Object.entries(STANDARD_WORDS).map(([name, w]) => `  ${name.padEnd(3)} ${w.about}`);
  return [
    'Walnut commands, each ended by ; (: also prints the steps, the state count of every intermediate',
    'automaton; :: also writes the intermediate automata to Result/NAME_detailed_log.txt with a library):',
    '  eval NAME "φ";             decide a sentence, or count the states of a formula\'s automaton',
    '  def NAME "φ";              define $NAME(...) for later formulas',
    '  reg NAME msd_2 "regex";    an automaton from a regular expression (one system or {alphabet} per track)',
    '  macro NAME "body";         #NAME(a,b) substitutes %0, %1, ...',
    '  morphism NAME "0->01 1->10";  promote W NAME;  image W2 NAME W;   morphic words',
    '  combine, reverse, union, intersect, star, concat, leftquo, rightquo, convert, minimize,',
    '  fixleadzero, fixtrailzero, split, rsplit, join, transduce, alphabet, load (with --library)',
    '  test NAME 10;              the first 10 inputs $NAME accepts (shortlex, one word per tuple)',
    '  inf NAME;                  whether $NAME accepts infinitely many inputs, with a regex of infinitely many',
    '  ost NAME [0 3 1] [1 2];    the Ostrowski numeration msd_NAME of α = [0; 3, 1, (1, 2)*]',
    '  draw NAME; draw $NAME;     the word automaton or the predicate as Graphviz Result/NAME.gv',
    'With a library folder (--library DIR or $SPRAGUE_LOGIC_LIBRARY) definitions and results are kept there.',
    'Formulas: ?msd_fib (switch system), A E I (quantifiers), & | ~ ^ => <=>, + - * / by constants,',
    '  < <= = != >= >, $NAME(...), W[n] and @value for word automata, #NAME(...) macros.',
    'Word automata known without a library folder:',
    ...words,
    'help; shows this, exit; or Ctrl-D leaves, Ctrl-C stops the command running. More: docs/logic.md.',
  ].join('\n');
}

/**
 * A session in a worker thread. A command stopped by its flag ends 'stopped' (the session stays); one
 * ended with its worker ends 'interrupted' (the session is gone: the next command gets a new worker).
 */
class WorkerSession {
  private worker: Worker | undefined;
  private pending: { resolve: (r: ReplReply | 'stopped' | 'interrupted') => void } | undefined;
  private readonly stop = newStopFlag();
  private grace: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly settings: ReplSettings) {}

  run(command: string): Promise<ReplReply | 'stopped' | 'interrupted'> {
    const worker = (this.worker ??= this.start());
    Atomics.store(this.stop, 0, 0);
    return new Promise((resolve) => {
      this.pending = { resolve };
      worker.postMessage({ command } satisfies ReplRequest);
    });
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  /**
   * The first Ctrl-C asks the command running to stop (ended with its worker if it has not after
   * STOP_GRACE_MS); a second one ends it at once.
   */
  interrupt(): void {
    if (!this.pending) return;
    if (isStopped(this.stop)) return this.end();
    raiseStop(this.stop);
    this.grace = setTimeout(() => this.end(), stopGrace(STOP_GRACE_MS));
  }

  /** Ends the command running now: the worker goes, with its session. */
  private end(): void {
    if (this.grace) clearTimeout(this.grace);
    this.grace = undefined;
    const p = this.pending;
    this.pending = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
    p?.resolve('interrupted');
  }

  private settle(reply: ReplReply): void {
    if (this.grace) clearTimeout(this.grace);
    this.grace = undefined;
    const p = this.pending;
    this.pending = undefined;
    p?.resolve('error' in reply && reply.error.name === 'InterruptedError' ? 'stopped' : reply);
  }

  async close(): Promise<void> {
    if (this.grace) clearTimeout(this.grace);
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private start(): Worker {
    const w = new Worker(new URL('./logic-repl-worker.js', import.meta.url), { workerData: { ...this.settings, stop: this.stop } satisfies ReplWorkerData });
    // A worker ended by a second Ctrl-C may still deliver the reply it was posting: it must not
    // settle the command its successor runs (the replayed definitions).
    w.on('message', (reply: ReplReply) => {
      if (w === this.worker) this.settle(reply);
    });
    w.on('error', (e) => {
      if (w !== this.worker) return;
      const p = this.pending;
      this.pending = undefined;
      this.worker = undefined;
      p?.resolve({ error: { name: 'Error', message: `internal error: ${e.message}` } });
    });
    return w;
  }
}

/** Lines of history the REPL keeps (and reads back from its file). */
const HISTORY_LINES = 1000;

/** The last HISTORY_LINES lines of the history file, newest first (readline's order); none when it is missing. */
function readHistory(file: string): string[] {
  if (!existsSync(file)) return [];
  try {
    return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').slice(-HISTORY_LINES).reverse();
  } catch {
    return [];
  }
}

export async function logicRepl(options: ReplOptions): Promise<ReplEnd> {
  const session = new WorkerSession({
    ...(options.library ? { library: options.library } : {}),
    ...(options.print ? { print: true } : {}),
    ...(options.dot ? { dot: true } : {}),
    ...(options.maxStates === undefined ? {} : { maxStates: options.maxStates }),
  });
  const past = options.historyFile ? readHistory(options.historyFile) : [];
  const rl = createInterface({ input: options.input, output: options.output, terminal: true, prompt: 'logic> ', historySize: HISTORY_LINES, history: past });
  let historyBroken = false;
  const remember = (line: string): void => {
    if (!options.historyFile || historyBroken || line.trim() === '') return;
    try {
      appendFileSync(options.historyFile, `${line}\n`);
    } catch (e) {
      historyBroken = true;
      options.note(`the history is not kept: ${(e as Error).message}`);
    }
  };
  const end: ReplEnd = {};
  /** The commands that changed the session (definitions), to run again after an interruption. */
  const history: string[] = [];
  let pending = '';
  let lastInterrupt = 0;
  let closed = false;
  let leftByCommand = false;

  rl.on('SIGINT', () => {
    if (session.busy) {
      session.interrupt();
      return;
    }
    // Ctrl-C at the prompt drops the command being typed; twice in a row on an empty line leaves.
    const typed = pending !== '' || rl.line !== '';
    pending = '';
    if (!typed && Date.now() - lastInterrupt < 2000) {
      rl.close();
      return;
    }
    lastInterrupt = Date.now();
    options.output.write(typed ? '\n' : '\n(Ctrl-C again, exit; or Ctrl-D to leave)\n');
    rl.write('', { ctrl: true, name: 'u' });
    rl.setPrompt('logic> ');
    rl.prompt();
  });
  rl.on('close', () => {
    closed = true;
  });

  const replay = async (): Promise<void> => {
    if (history.length === 0) return;
    options.note(`setting up the session again: ${history.length} earlier definition${history.length === 1 ? '' : 's'}`);
    for (const [i, command] of history.entries()) {
      const r = await session.run(command);
      if (r === 'interrupted' || r === 'stopped' || 'error' in r) {
        options.note(`interrupted: the definitions from ${JSON.stringify(command)} on are gone`);
        history.length = i;
        return;
      }
    }
  };

  const runOne = async (command: string): Promise<void> => {
    const word = /^\s*([A-Za-z]+)\s*(?:;|:|$)/.exec(command)?.[1];
    if (word === 'help') return void options.output.write(`${replHelp()}\n`);
    if (word === 'exit' || word === 'quit') {
      leftByCommand = true;
      return void rl.close();
    }
    const r = await session.run(command);
    if (r === 'stopped') return options.note(`interrupted: ${command}`);
    if (r === 'interrupted') {
      options.note(`interrupted: ${command}`);
      await replay();
      return;
    }
    if ('error' in r) return options.note(r.error.message.split('\n')[0]!);
    if (!['eval', 'test', 'inf', 'draw'].includes(r.line.verb)) history.push(command);
    if (r.dot !== undefined) end.dot = r.dot;
    if (r.line.mpl !== undefined) end.mpl = r.line.mpl;
    if (r.line.verb !== 'macro' && r.line.verb !== 'morphism') options.show(r.line);
  };

  options.output.write('sprague logic: Walnut commands end with ; (help; lists them, exit; or Ctrl-D leaves)\n');
  rl.prompt();
  try {
    for await (const line of rl) {
      remember(line);
      if (pending === '' && (line.trim() === '' || line.trim().startsWith('#'))) {
        rl.prompt();
        continue;
      }
      const { commands, rest } = splitCommands(pending === '' ? line : `${pending} ${line}`);
      pending = rest;
      // A bare help/exit needs no terminator.
      if (commands.length === 0 && /^(help|exit|quit)$/.test(rest)) {
        pending = '';
        commands.push(rest);
      }
      for (const command of commands) {
        if (closed) break;
        await runOne(command);
      }
      if (closed) break;
      rl.setPrompt(pending === '' ? 'logic> ' : '   ... ');
      rl.prompt();
    }
  } finally {
    rl.close();
    await session.close();
  }
  // Ctrl-D leaves the cursor after the prompt.
  if (!leftByCommand) options.output.write('\n');
  return end;
}
