/** `sprague serve [--port P]`: the web explorer on 127.0.0.1. */
import type { Command } from 'commander';
import { JOB_DEFAULTS } from '../../server/jobs.js';
import { startServer } from '../../server/server.js';
import { InputError } from '../../core/errors.js';
import { FlagError, emitJson, emitLine, parseCount } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  port: string;
  jobBudget?: string;
  pollTimeout?: string;
  db?: string;
  json?: boolean;
}

/** A TCP port: 0 (any free one) to 65535. */
function portFlag(text: string): number {
  const port = parseCount('--port', text);
  if (port > 65535) throw new FlagError('--port', text, 'a port is at most 65535');
  return port;
}

/** The server on `port`; a port taken or not allowed is bad input, named (exit 2). */
async function listen(options: Parameters<typeof startServer>[0]): ReturnType<typeof startServer> {
  const { port } = options;
  try {
    return await startServer(options);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new InputError(`--port ${port}: the port is in use (another program listens on it; --port 0 picks a free one)`);
    if (code === 'EACCES' || code === 'EPERM') throw new InputError(`--port ${port}: not allowed to listen there (ports below 1024 need privileges)`);
    throw e;
  }
}

export const serveCommand: CommandModule = {
  register(program: Command) {
    program
      .command('serve')
      .description('the web explorer: type a game, see values, tables and plots (127.0.0.1 only)')
      .option('--port <p>', 'port; 0 picks a free one', '5173')
      .option('--job-budget <seconds>', `time budget of each job; past it the job stops with what it finished (default ${JOB_DEFAULTS.budgetMs / 1000})`)
      .option('--poll-timeout <seconds>', `a job nobody has polled for this long is cancelled (default ${JOB_DEFAULTS.pollTimeoutMs / 1000})`)
      .option('--db <file>', 'the census database the census page (/census.html) reads (default sprague-census.db)')
      .option('--json', 'JSON Lines output')
      .action(async (flags: Flags) => {
        const seconds = (flag: string, text: string | undefined) => {
          if (text === undefined) return undefined;
          const n = parseCount(flag, text);
          if (n < 1) throw new FlagError(flag, text, 'expected at least 1 second');
          return 1000 * n;
        };
        const budgetMs = seconds('--job-budget', flags.jobBudget);
        const pollTimeoutMs = seconds('--poll-timeout', flags.pollTimeout);
        const server = await listen({
          port: portFlag(flags.port),
          ...(budgetMs === undefined ? {} : { budgetMs }),
          ...(pollTimeoutMs === undefined ? {} : { pollTimeoutMs }),
          ...(flags.db === undefined ? {} : { censusDb: flags.db }),
        });
        if (flags.json) emitJson({ listening: server.url, port: server.port });
        else emitLine(`listening on ${server.url}`);
        await new Promise<void>((resolve) => {
          const stop = () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            void server.close().then(resolve);
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
      });
  },
};
