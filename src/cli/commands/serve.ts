/** `sprague serve [--port P]`: the web explorer on 127.0.0.1. */
import type { Command } from 'commander';
import { startServer } from '../../server/server.js';
import { emitJson, emitLine, parseCount } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  port: string;
  db?: string;
  json?: boolean;
}

export const serveCommand: CommandModule = {
  register(program: Command) {
    program
      .command('serve')
      .description('the web explorer: type a game, see values, tables and plots (127.0.0.1 only)')
      .option('--port <p>', 'port; 0 picks a free one', '5173')
      .option('--db <file>', 'the census database the census page (/census.html) reads (default sprague-census.db)')
      .option('--json', 'JSON Lines output')
      .action(async (flags: Flags) => {
        const server = await startServer({ port: parseCount('--port', flags.port), ...(flags.db === undefined ? {} : { censusDb: flags.db }) });
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
