/** `sprague serve [--port P]`: the web explorer on 127.0.0.1. */
import type { Command } from 'commander';
import { startServer } from '../../server/server.js';
import { InputError } from '../../core/errors.js';
import { emitJson, emitLine, FlagError, parseCount } from '../io.js';
import type { CommandModule } from './index.js';

interface Flags {
  port: string;
  json?: boolean;
}

/** A TCP port: 0 (any free one) to 65535. */
function portFlag(text: string): number {
  const port = parseCount('--port', text);
  if (port > 65535) throw new FlagError('--port', text, 'a port is at most 65535');
  return port;
}

/** The server on `port`; a port taken or not allowed is bad input, named (exit 2). */
async function listen(port: number): ReturnType<typeof startServer> {
  try {
    return await startServer({ port });
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
      .option('--json', 'JSON Lines output')
      .action(async (flags: Flags) => {
        const server = await listen(portFlag(flags.port));
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
