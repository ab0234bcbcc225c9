/**
 * The HTTP JSON API behind the explorer (documented in docs/explorer.md). Requests are checked here,
 * cheaply (spec parsing); every computation runs in a worker thread through the JobManager.
 * Errors: `{"error": "<the CLI's one-line message>", "field": "spec|overlay|position|max|request"}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InputError, PositionError, SpecError } from '../core/errors.js';
import { PLOT_KINDS, checkRequest, defaultKind, type PlotKind, type PlotRequest } from '../plot/index.js';
import { parseSpec } from '../spec/index.js';
import { BusyError, type JobManager, type JobView } from './jobs.js';
import type { ErrorInfo } from './protocol.js';

const MAX_BODY = 64 * 1024;
/** A Grundy query that takes longer than this is cancelled (the page suggests a job instead). */
const GRUNDY_TIMEOUT_MS = 20_000;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field = 'request',
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
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

function str(body: Record<string, unknown>, key: string, required = true): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (required) throw new HttpError(400, `missing "${key}"`, key);
    return undefined;
  }
  if (typeof v !== 'string') throw new HttpError(400, `"${key}" must be a string`, key);
  return v;
}

function count(body: Record<string, unknown>, key: string, required = true): number | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') {
    if (required) throw new HttpError(400, `missing "${key}"`, key);
    return undefined;
  }
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new HttpError(400, `bad value ${JSON.stringify(v)} for ${key}: expected a non-negative integer`, key);
  return n;
}

/** The field a library error is about, so the page shows the message next to that input. */
function fieldOf(e: { name: string; message: string; spec?: string }, body: Record<string, unknown>): string {
  if (e.name === 'SpecError') return e.spec !== undefined && e.spec === body['overlay'] ? 'overlay' : 'spec';
  if (e.name === 'PositionError') return 'position';
  if (/\bbound\b|box of side|states/.test(e.message)) return 'max';
  if (/slice/.test(e.message)) return 'slice';
  return 'request';
}

function statusOf(name: string): number {
  if (name === 'LimitError') return 422;
  if (['SpecError', 'PositionError', 'InputError', 'CycleError', 'FlagError'].includes(name)) return 400;
  return 500;
}

function plotRequestFrom(body: Record<string, unknown>): PlotRequest {
  const kind = str(body, 'kind', false);
  if (kind !== undefined && !(PLOT_KINDS as readonly string[]).includes(kind)) throw new HttpError(400, `unknown plot kind ${JSON.stringify(kind)}; one of ${PLOT_KINDS.join(', ')}`, 'kind');
  const overlay = str(body, 'overlay', false);
  const slice = count(body, 'slice', false);
  const maxDepth = count(body, 'maxDepth', false);
  return {
    spec: str(body, 'spec')!,
    max: count(body, 'max')!,
    ...(kind ? { kind: kind as PlotKind } : {}),
    ...(overlay !== undefined ? { overlay } : {}),
    ...(body['phiLines'] === true ? { phiLines: true } : {}),
    ...(slice !== undefined ? { slice } : {}),
    ...(maxDepth !== undefined ? { maxDepth } : {}),
  };
}

/** Library errors thrown while checking a request in this thread, as HTTP errors. */
function checked<T>(body: Record<string, unknown>, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof SpecError || e instanceof PositionError || e instanceof InputError) {
      const info = { name: e.name, message: e.message, ...(e instanceof SpecError ? { spec: e.spec } : {}) };
      throw new HttpError(400, e.message, fieldOf(info, body));
    }
    throw e;
  }
}

function jobBody(v: JobView, body: Record<string, unknown> = {}): Record<string, unknown> {
  return v.error ? { ...v, error: v.error.message, field: fieldOf(v.error, body) } : { ...v };
}

/** Answers one /api request. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, jobs: JobManager): Promise<void> {
  const method = req.method ?? 'GET';
  try {
    if (path === '/api/health' && method === 'GET') return sendJson(res, 200, { ok: true, running: jobs.running, queued: jobs.queued, accepted: jobs.accepted, kinds: PLOT_KINDS });
    if (path === '/api/check' && method === 'POST') {
      const body = await readJson(req);
      const rs = checked(body, () => parseSpec(str(body, 'spec')!));
      return sendJson(res, 200, { ok: true, name: rs.name, domain: rs.domain.kind, heaps: rs.heapCount ?? null, convention: rs.convention, defaultKind: defaultKind(rs) });
    }
    if (path === '/api/grundy' && method === 'POST') {
      const body = await readJson(req);
      const spec = str(body, 'spec')!;
      const position = typeof body['position'] === 'string' ? body['position'] : undefined;
      if (position === undefined) throw new HttpError(400, 'missing "position"', 'position');
      const maxDepth = count(body, 'maxDepth', false);
      checked(body, () => parseSpec(spec, { allowUnboundedRewriting: maxDepth !== undefined }));
      const started = jobs.start({ op: 'grundy', spec, position, ...(maxDepth === undefined ? {} : { maxDepth }) }, 'connection');
      jobs.watchConnection(started.id, res);
      let v = (await jobs.wait(started.id, GRUNDY_TIMEOUT_MS))!;
      if (v.state === 'running') {
        await jobs.cancel(v.id);
        if (v.queued !== undefined) throw new HttpError(503, `no worker was free within ${GRUNDY_TIMEOUT_MS / 1000} s; try again`);
        throw new HttpError(503, `no answer within ${GRUNDY_TIMEOUT_MS / 1000} s; the position is too large for an interactive query`, 'position');
      }
      if (v.state === 'failed') return sendError(res, v.error!, body);
      if (v.state === 'cancelled') throw new HttpError(503, `the query was cancelled: ${v.reason ?? 'by request'}`);
      v = v as JobView;
      return sendJson(res, 200, v.result);
    }
    if (path === '/api/jobs' && method === 'POST') {
      const body = await readJson(req);
      const request = plotRequestFrom(body);
      const { kind } = checked(body, () => checkRequest(request));
      const v = jobs.start({ op: 'plot', request: { ...request, kind } });
      return sendJson(res, 202, { ...jobBody(v), kind });
    }
    if (path === '/api/logic' && method === 'POST') return startLogic(res, await readJson(req), jobs);
    if (path === '/api/admissible' && method === 'POST') return startAdmissible(res, await readJson(req), jobs);
    const m = /^\/api\/jobs\/([A-Za-z0-9]+)$/.exec(path);
    if (m) {
      const id = m[1]!;
      const v = method === 'GET' ? jobs.get(id) : method === 'DELETE' ? await jobs.cancel(id) : undefined;
      if (method !== 'GET' && method !== 'DELETE') throw new HttpError(405, `${method} is not allowed on ${path}`);
      if (!v) throw new HttpError(404, `no job ${id}`);
      return sendJson(res, 200, jobBody(v));
    }
    throw new HttpError(404, `no API endpoint ${method} ${path}`);
  } catch (e) {
    if (e instanceof HttpError) return sendJson(res, e.status, { error: e.message, field: e.field });
    if (e instanceof BusyError) return sendJson(res, 503, { error: e.message, field: 'request' }, { 'retry-after': String(e.retryAfter) });
    const err = e instanceof Error ? e : new Error(String(e));
    return sendJson(res, 500, { error: `internal error: ${err.message.split('\n')[0]}`, field: 'request' });
  }
}

/** The logic panel: Walnut commands as typed, run as a job (the commands are split in the worker). */
function startLogic(res: ServerResponse, body: Record<string, unknown>, jobs: JobManager): void {
  const text = str(body, 'query')!;
  if (text.trim() === '') throw new HttpError(400, 'missing "query"', 'query');
  return sendJson(res, 202, { ...jobBody(jobs.start({ op: 'logic', text })), kind: 'logic' });
}

const ADMISSIBILITY_METHODS = ['logic', 'periodic', 'bounded'] as const;

/** The admissibility panel: a set (a game spec, periodic:V, morphic:RULES, or a set the logic method names) and its method. */
function startAdmissible(res: ServerResponse, body: Record<string, unknown>, jobs: JobManager): void {
  const text = str(body, 'set')!.trim();
  const method = str(body, 'method', false);
  if (method !== undefined && !(ADMISSIBILITY_METHODS as readonly string[]).includes(method)) {
    throw new HttpError(400, `unknown method ${JSON.stringify(method)}; one of ${ADMISSIBILITY_METHODS.join(', ')}`, 'method');
  }
  const max = count(body, 'max', false);
  const heaps = count(body, 'heaps', false);
  const args = {
    text,
    ...(method === undefined ? {} : { method: method as (typeof ADMISSIBILITY_METHODS)[number] }),
    ...(max === undefined ? {} : { max }),
    ...(heaps === undefined ? {} : { heaps }),
  };
  return sendJson(res, 202, { ...jobBody(jobs.start({ op: 'admissible', args })), kind: 'admissible' });
}

function sendError(res: ServerResponse, e: ErrorInfo, body: Record<string, unknown>): void {
  sendJson(res, statusOf(e.name), { error: e.message, field: fieldOf(e, body) });
}
