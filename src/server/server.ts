/**
 * The explorer's HTTP server (`sprague serve`): the page and its assets from web/, and the JSON API
 * under /api (api.ts). Binds to 127.0.0.1 by default. Every request passes the gate of guard.ts (a path that
 * decodes, this server's own Host and Origin, JSON bodies) before any route sees it, and the handler is
 * total: whatever a request holds, it gets an answer and the server keeps serving.
 *
 * @packageDocumentation
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleApi } from './api.js';
import { sendJson } from './http.js';
import { admit, allowedHosts, type Admitted } from './guard.js';
import { handleCensus } from './census.js';
import { readingDatabase } from '../census/store.js';
import { JobManager, type JobManagerOptions } from './jobs.js';

/**
 * Where the explorer listens and what it serves.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface ServeOptions extends JobManagerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Directory of the page (default: web/ at the package root). */
  webRoot?: string;
  /** The census database the census page reads (default: sprague-census.db in the working directory). */
  censusDb?: string;
}

/**
 * A started explorer: its URL, its jobs, and `close`.
 *
 * @remarks Since 0.1.0
 * @public
 */
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

/** The CSV writer the census uses (core/csv.ts, compiled), served to the page as /csv.js: one writer for both. */
const CSV_MODULE = fileURLToPath(new URL('../core/csv.js', import.meta.url));

/**
 * web/ beside dist/: this file is dist*\/src/server/server.js.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function defaultWebRoot(): string {
  return fileURLToPath(new URL('../../../web/', import.meta.url));
}

/**
 * Starts the explorer (`sprague serve`): the page and its JSON API, on 127.0.0.1 unless `host` says
 * otherwise.
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const root = normalize((options.webRoot ?? defaultWebRoot()) + sep);
  const jobs = new JobManager(options);
  // Known once the server listens (a port of 0 picks one); no request comes before.
  let hosts = new Set<string>();
  const route = async (req: IncomingMessage, res: ServerResponse, at: Admitted): Promise<void> => {
    if (at.path === '/api/census' || at.path.startsWith('/api/census/')) {
      // Admitted, so the target decodes; the census route reads its query string.
      return handleCensus(req, res, new URL(req.url ?? '/', 'http://localhost'), readingDatabase(options.censusDb).path);
    }
    if (at.path.startsWith('/api/')) return handleApi(req, res, at.path, jobs);
    return serveStatic(root, req.method ?? 'GET', at, res);
  };
  const server: Server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    let at: ReturnType<typeof admit>;
    try {
      at = admit(req, hosts);
    } catch (e) {
      return lastResort(res, e);
    }
    if (!('path' in at)) {
      // Nothing of a refused request's body is read: the connection closes after the answer.
      res.setHeader('connection', 'close');
      return sendJson(res, at.status, { error: at.message, field: 'request' }, at.headers);
    }
    route(req, res, at).catch((e: unknown) => lastResort(res, e));
  });
  // A request Node cannot parse (a bad header, a bad method line) gets 400 and closes; the server goes on.
  server.on('clientError', (e: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || e.code === 'ECONNRESET') return socket.destroy();
    const status = e.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : e.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  hosts = allowedHosts(port, host);
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

/** Sent with every answer: no sniffing of types, no framing of the page by another site, no use of it by another origin. */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/** A bug in a route: a 500 if nothing was sent yet, else the connection is closed; never an exception out of the handler. */
function lastResort(res: ServerResponse, e: unknown): void {
  try {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const err = e instanceof Error ? e : new Error(String(e));
    sendJson(res, 500, { error: `internal error: ${err.message.split('\n')[0]}`, field: 'request' });
  } catch {
    res.destroy();
  }
}

async function serveStatic(root: string, method: string, at: Admitted, res: ServerResponse): Promise<void> {
  if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { error: `${method} is not allowed on ${at.path}: the page's files are read with GET`, field: 'request' }, { allow: 'GET, HEAD' });
  const pathname = at.path;
  const rel = pathname === '/' ? 'index.html' : at.decoded.replace(/^\/+/, '');
  const file = pathname === '/csv.js' ? CSV_MODULE : normalize(root + rel);
  if (file !== CSV_MODULE && !file.startsWith(root)) return sendJson(res, 403, { error: 'outside the web root' });
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(body);
  } catch {
    sendJson(res, 404, { error: `no file ${pathname}` });
  }
}
