/**
 * The explorer's one set of request and response helpers, for every route (api.ts, census.ts): a JSON
 * answer, a JSON body read with a size cap, and a refusal as `{"error": "<one line>", "field": "..."}`
 * with its status. A job's arguments are read by the job's own check (jobs/check.ts), whose ArgsError
 * names the field; a route's query string is read with the same readers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LimitError } from '../core/errors.js';
import { BusyError } from '../core/jobs.js';
import { ArgsError } from '../jobs/index.js';

const MAX_BODY = 64 * 1024;

/** A refusal with its HTTP status and the field it is about. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field = 'request',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Refuses a method `path` does not take (405, with the ones it does in `Allow`). */
export function checkMethod(method: string, path: string, allowed: string[]): void {
  if (!allowed.includes(method)) throw new HttpError(405, `${method} is not allowed on ${path}: it takes ${allowed.join(', ')}`, 'request', { allow: allowed.join(', ') });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The request's JSON body: an object (an empty body is `{}`); 413 past MAX_BODY, 400 when not a JSON object. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, `request body larger than ${MAX_BODY} bytes`);
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the request body is not JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HttpError(400, 'the request body must be a JSON object');
  return v as Record<string, unknown>;
}

/**
 * Answers what a route threw: its HttpError, a request the job's check refused (400, its field) or found past
 * a limit (422), a full line of jobs (503 with Retry-After), or a bug (500, one line).
 */
export function sendFailure(res: ServerResponse, e: unknown, retryAfter = 1): void {
  if (e instanceof HttpError) return sendJson(res, e.status, { error: e.message, field: e.field }, e.headers);
  if (e instanceof ArgsError) return sendJson(res, 400, { error: e.message, field: e.field });
  // A size the request's check finds past a limit (a picture past the memory budget): 422, as a job that hits one.
  if (e instanceof LimitError) return sendJson(res, 422, { error: e.message, field: 'max' });
  if (e instanceof BusyError) return sendJson(res, 503, { error: `${e.message}; try again in ${retryAfter} s, or cancel one`, field: 'request' }, { 'retry-after': String(retryAfter) });
  const err = e instanceof Error ? e : new Error(String(e));
  sendJson(res, 500, { error: `internal error: ${err.message.split('\n')[0]}`, field: 'request' });
}
