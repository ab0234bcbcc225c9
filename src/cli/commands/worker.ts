/**
 * `sprague worker --redis URL`: takes census jobs from the Redis queue until stopped (docs/cli.md).
 * A first SIGINT or SIGTERM stops taking jobs and lets the running ones finish; a second one hands them
 * back to the queue at once. A worker killed outright loses nothing: its jobs' locks lapse and another
 * worker takes them.
 */
import type { Command } from 'commander';
import { CensusWorker, parseQueueName, QUEUE_NAME, QUEUE_NAME_RULE } from '../../executors/queue.js';
import { emitJson, emitLine, FlagError, parseCount, parseThreads } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  redis: string;
  threads?: string;
  lockMs?: string;
  queueName?: string;
  json?: boolean;
}

/** `--queue-name`, of census run and worker alike. */
export function queueNameFlag(text: string): string {
  try {
    return parseQueueName(text);
  } catch {
    throw new FlagError('--queue-name', text, QUEUE_NAME_RULE);
  }
}

async function work(flags: Flags): Promise<void> {
  const threads = flags.threads === undefined ? undefined : parseThreads(flags.threads);
  const lockDurationMs = flags.lockMs === undefined ? undefined : parseCount('--lock-ms', flags.lockMs);
  if (lockDurationMs !== undefined && lockDurationMs < 500) throw new FlagError('--lock-ms', flags.lockMs!, 'at least 500');
  const worker = await CensusWorker.start(flags.redis, {
    ...(threads === undefined ? {} : { threads }),
    ...(lockDurationMs === undefined ? {} : { lockDurationMs }),
    ...(flags.queueName === undefined ? {} : { queueName: queueNameFlag(flags.queueName) }),
    onActive(task) {
      if (flags.json) emitJson({ spec: task.spec, computation: task.computation, bound: task.bound, status: 'started' });
      else emitLine(`start  ${task.spec} (${task.computation} to ${task.bound})`);
    },
    onCompleted(task, row) {
      if (flags.json) emitJson({ spec: task.spec, computation: task.computation, bound: task.bound, status: row.status, wallMs: row.wallMs });
      else emitLine(`${row.status.padEnd(6)} ${task.spec} (${task.computation} to ${task.bound}, ${row.wallMs} ms)`);
    },
    onFailed(task, error, attempts) {
      if (flags.json) emitJson({ spec: task.spec, computation: task.computation, bound: task.bound, status: 'error', attempt: attempts, error: error.message });
      else emitLine(`error  ${task.spec} (attempt ${attempts}): ${error.message}`);
    },
  });
  process.stderr.write(`sprague worker: taking census jobs from ${flags.redis}${flags.queueName === undefined ? '' : `, queue ${flags.queueName}`}\n`);
  await new Promise<void>((resolve, reject) => {
    let stopping: Promise<void> | undefined;
    const onSignal = () => {
      if (!stopping) {
        process.stderr.write('sprague worker: stopping; the running jobs finish (signal again to hand them back now)\n');
        stopping = worker.stop('finish');
        stopping.then(resolve, reject);
      } else {
        process.stderr.write('sprague worker: handing the running jobs back to the queue\n');
        worker.stop('release').then(resolve, reject);
      }
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

export const workerCommand: CommandModule = {
  register(program: Command) {
    program
      .command('worker')
      .description('take census jobs from a Redis queue (sprague census run --queue) until stopped')
      .requiredOption('--redis <url>', 'the queue, redis://HOST:PORT')
      .option('--threads <n>', 'jobs computed at once (default: the number of cores)')
      .option('--lock-ms <ms>', "a job's lock lapses after this long without renewal: a killed worker's jobs are retried then (default 30000)")
      .option('--queue-name <name>', `the queue on that Redis (default ${QUEUE_NAME}): the --queue-name of the census run`)
      .option('--json', 'JSON Lines: one when a job starts, one when it ends')
      .action((flags: Flags) => work(flags));
  },
};
