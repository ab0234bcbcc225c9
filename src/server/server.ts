/**
 * The explorer's HTTP server (`sprague serve`): the page and its assets from web/, and the JSON API
 * under /api (api.ts). Binds to 127.0.0.1 only.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleApi, sendJson } from './api.js';
import { handleCensus } from './census.js';
import { DEFAULT_CENSUS_DB } from '../census/store.js';
import { JobManager, type JobManagerOptions } from './jobs.js';

export interface ServeOptions extends JobManagerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Directory of the page (default: web/ at the package root). */
  webRoot?: string;
  /** The census database the census page reads (default: sprague-census.db in the working directory). */
  censusDb?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  jobs: JobManager;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** web/ beside dist/: this file is dist*\/src/server/server.js. */
export function defaultWebRoot(): string {
  return fileURLToPath(new URL('../../../web/', import.meta.url));
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const root = normalize(options.webRoot ?? defaultWebRoot());
  const jobs = new JobManager(options);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/census' || url.pathname.startsWith('/api/census/')) return handleCensus(req, res, url, options.censusDb ?? DEFAULT_CENSUS_DB);
    if (url.pathname.startsWith('/api/')) {
      void handleApi(req, res, url.pathname, jobs);
      return;
    }
    void serveStatic(root, url.pathname, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    port,
    jobs,
    async close() {
      await jobs.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function serveStatic(root: string, pathname: string, res: import('node:http').ServerResponse): Promise<void> {
  const rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '');
  const file = normalize(root + sep + rel);
  if (!file.startsWith(root)) return sendJson(res, 403, { error: 'outside the web root' });
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(body);
  } catch {
    sendJson(res, 404, { error: `no file ${pathname}` });
  }
}
