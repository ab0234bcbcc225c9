/**
 * findGrundyAutomaton in a worker thread (through the project's WorkerPool), so the caller's thread stays
 * free to notice Ctrl-C and draw progress. The stop flag and the progress travel through shared memory; an
 * interrupted run comes back as an InterruptedError whose `partial` is what was learned (unproved).
 */
import { Alphabet } from '../automata/alphabet.js';
import { Dfa } from '../automata/dfa.js';
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { WorkerPool } from '../core/pool.js';
import { raiseStop } from '../core/stop.js';
import type { RewriteRule } from '../games/rewrite/rules.js';
import type { GrundyAutomatonOptions, GrundyAutomatonResult } from './grundy-automaton.js';

export type AutomatonTaskOptions = Omit<GrundyAutomatonOptions, 'grundy' | 'signal'> & { signal?: AbortSignal };

export interface AutomatonTask {
  rules: RewriteRule[];
  options: Omit<AutomatonTaskOptions, 'signal' | 'onProgress'>;
  /** [stop flag: Int32 at 0][progress: states, rounds as Float64 from byte 8]. */
  shared: SharedArrayBuffer;
}

/** What crosses back: structured clones lose classes, so the machine and alphabet travel as data. */
export type AutomatonReply = { interrupted: boolean; result: GrundyAutomatonResult };

/** Runs findGrundyAutomaton in a worker thread; rejects with the library's typed errors. */
export async function runGrundyAutomatonTask(rules: readonly RewriteRule[], options: AutomatonTaskOptions = {}): Promise<GrundyAutomatonResult> {
  const { signal, onProgress, ...rest } = options;
  const shared = new SharedArrayBuffer(8 + 16);
  const flag = new Int32Array(shared, 0, 1);
  const progress = new Float64Array(shared, 8, 2);
  const stop = () => raiseStop(flag);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop);
  const poll = onProgress ? setInterval(() => progress[0]! > 0 && onProgress(progress[0]!, progress[1]!), 250) : undefined;
  const pool = new WorkerPool<AutomatonTask, AutomatonReply>(new URL('./worker.js', import.meta.url), 1);
  try {
    const reply = await pool.run({ rules: rules.map((r) => ({ lhs: r.lhs, rhs: r.rhs })), options: rest, shared });
    const result = revive(reply.result);
    if (reply.interrupted) throw new InterruptedError(result);
    return result;
  } catch (e) {
    throw retype(e);
  } finally {
    if (poll) clearInterval(poll);
    signal?.removeEventListener('abort', stop);
    await pool.close();
  }
}

function revive(r: GrundyAutomatonResult): GrundyAutomatonResult {
  const m = r.machine;
  return {
    ...r,
    alphabet: new Alphabet(r.alphabet.names),
    ...(m ? { machine: new Dfa(m.alphabetSize, m.delta, m.output, m.start) } : {}),
  };
}

/** Errors cross the thread boundary as name + message: give them back their class. */
function retype(e: unknown): unknown {
  if (!(e instanceof Error) || e instanceof InterruptedError) return e;
  if (e.name === 'InterruptedError') return new InterruptedError();
  if (e.name === 'LimitError') return new LimitError(e.message, 'worker');
  if (e.name === 'InputError' || e.name === 'PositionError' || e.name === 'SpecError') return new InputError(e.message);
  return e;
}

