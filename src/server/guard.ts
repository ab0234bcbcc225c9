/**
 * The one gate every request of `sprague serve` passes before any route sees it (docs/explorer.md, "Security
 * model"). The server listens on the loopback interface, but a web page the user visits can still reach it:
 * by a cross-site request sent from the page (CSRF: a form or a "simple" fetch with a text/plain body needs
 * no CORS preflight) or by DNS rebinding (a name of the attacker's that first points at their server, then
 * at 127.0.0.1, so that the page's requests become "same-origin" with their own name in Host). So a request
 * is answered only when
 * - its target is a path (origin form) that decodes: `/%ff`, `/%zz` are refused (400), never thrown;
 * - it has exactly one Host header (400 otherwise: Node keeps the first of two, so `Host: 127.0.0.1:P` then
 *   `Host: evil.example` would pass as this server while a proxy or a later reader may take the second), and
 *   that Host is this server's own loopback address (localhost, 127.0.0.1, [::1] with the port): a rebound
 *   name is refused (403);
 * - its Origin, when sent, is this server's own origin, and a state-changing request (not GET or HEAD) or
 *   any request of the API is not marked cross-site or same-site by the browser (Sec-Fetch-Site): refused
 *   (403; a same-site page is another port of localhost, which is no more trusted than another site);
 * - a request with a body (POST, PUT, PATCH) says `Content-Type: application/json`: a form or text/plain
 *   body, which a foreign page can send without a preflight, is refused (415).
 * Methods are the routes' business (405 there, and for static files anything but GET and HEAD).
 */
import type { IncomingMessage } from 'node:http';

/** A refusal: the status and the one-line reason. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** A request that passed the gate: its path as sent (for routing) and decoded (for files), and its query. */
export interface Admitted {
  /** The path as sent, e.g. `/api/jobs/j1` (routes match this). */
  path: string;
  /** The path with its %-escapes decoded (static files). */
  decoded: string;
  query: URLSearchParams;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Methods that change nothing on the server (a page may send them cross-site: a link, an image). */
export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The Host values this server answers to: its loopback names with its port (`host` too, if it is another address). */
export function allowedHosts(port: number, host?: string): Set<string> {
  const names = [...LOOPBACK_NAMES];
  if (host !== undefined) {
    const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    if (!names.includes(bracketed.toLowerCase())) names.push(bracketed.toLowerCase());
  }
  const hosts = new Set<string>();
  for (const n of names) {
    hosts.add(`${n}:${port}`);
    // A browser leaves out the default port.
    if (port === 80) hosts.add(n);
  }
  return hosts;
}

/** Checks one request; a Refusal says why it is not answered. */
export function admit(req: IncomingMessage, hosts: Set<string>): Admitted | Refusal {
  const method = req.method ?? 'GET';
  const target = req.url ?? '';
  // Only the origin form: an absolute URL (a proxy's request) or `*` has no business here.
  if (!target.startsWith('/') || target.startsWith('//')) return { status: 400, message: `bad request target ${JSON.stringify(target.slice(0, 80))}: expected a path` };
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, message: `bad path ${JSON.stringify(path.slice(0, 80))}: a %-escape that is not UTF-8` };
  }
  if (decoded.includes('\0')) return { status: 400, message: 'bad path: it contains a NUL character' };
  const query = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));

  const hostLines = req.headersDistinct.host?.length ?? 0;
  if (hostLines > 1) return { status: 400, message: `${hostLines} Host headers: a request names one host` };
  const host = req.headers.host;
  if (host === undefined || !hosts.has(host.toLowerCase())) {
    return { status: 403, message: `Host ${JSON.stringify(host ?? '')} is not this server: it answers only to ${[...hosts].join(', ')}` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, hosts)) {
    return { status: 403, message: `cross-origin request from ${JSON.stringify(origin)} refused: only this server's own page may call it` };
  }
  // A link from another site to the page is fine (a GET navigation); the API is for the page alone.
  if (!isSafeMethod(method) || path.startsWith('/api/')) {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return { status: 403, message: `${site} ${method} request refused: only this server's own page may call it` };
    }
  }
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const type = req.headers['content-type'];
    if (mediaType(type) !== 'application/json') {
      return { status: 415, message: `a request body must be JSON (Content-Type: application/json), got ${type === undefined ? 'none' : JSON.stringify(type)}`, headers: { 'accept-post': 'application/json' } };
    }
  }
  return { path, decoded, query };
}

function isOwnOrigin(origin: string, hosts: Set<string>): boolean {
  const m = /^http:\/\/([^/?#]+)$/i.exec(origin);
  return m !== null && hosts.has(m[1]!.toLowerCase());
}

/** `application/json; charset=utf-8` -> `application/json`. */
function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]!.trim().toLowerCase();
}
