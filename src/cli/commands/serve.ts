/** `sprague serve [--port P]`: the web explorer on 127.0.0.1. */
import type { Command } from 'commander';
import { JOB_DEFAULTS } from '../../server/jobs.js';
import { startServer } from '../../server/server.js';
import { FlagError, emitJson, emitLine, parseCount } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  port: string;
  jobBudget?: string;
  pollTimeout?: string;
  json?: boolean;
}

export const serveCommand: CommandModule = {
  register(program: Command) {
    program
      .command('serve')
      .description('the web explorer: type a game, see values, tables and plots (127.0.0.1 only)')
      .option('--port <p>', 'port; 0 picks a free one', '5173')
      .option('--job-budget <seconds>', `time budget of each job; past it the job stops with what it finished (default ${JOB_DEFAULTS.budgetMs / 1000})`)
      .option('--poll-timeout <seconds>', `a job nobody has polled for this long is cancelled (default ${JOB_DEFAULTS.pollTimeoutMs / 1000})`)
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
        const server = await startServer({
          port: parseCount('--port', flags.port),
          ...(budgetMs === undefined ? {} : { budgetMs }),
          ...(pollTimeoutMs === undefined ? {} : { pollTimeoutMs }),
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
