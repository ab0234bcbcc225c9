/**
 * The HTTP JSON API behind the explorer (documented in docs/explorer.md). A computation is a job of the
 * registry, asked for as `{ "job": NAME, "args": {...} }`: the job's own check (jobs/registry.ts, checkTask)
 * reads the arguments in this thread, cheaply (spec parsing, sizes), so a bad request is refused naming
 * its field before any work; the job then runs in a worker thread through the JobManager, and the page
 * reads the job's result in the job's own shape. A route knows no job by name.
 * Errors: `{"error": "<the CLI's one-line message>", "field": "<the field it is about>|request"}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PLOT_KINDS, defaultKind } from '../plot/index.js';
import { parseSpec } from '../spec/index.js';
import { about, fields, text } from '../jobs/check.js';
import { checkTask, requestJobs, type Task } from '../jobs/index.js';
import { HttpError, checkMethod, readJson, sendFailure, sendJson } from './http.js';
import type { JobManager, JobView } from './jobs.js';

/** A job whose answer a request waits for (POST /api/run) is cancelled after this long (the page suggests a job instead). */
const WAIT_MS = 20_000;

/** The field of the job's arguments a worker's error is about: the one holding the text it names. */
function fieldOf(e: { name: string; message: string; spec?: string; text?: string }, args: unknown): string {
  const holding = (value: string | undefined) => {
    if (value === undefined || typeof args !== 'object' || args === null) return undefined;
    return Object.entries(args).find(([, v]) => v === value || (Array.isArray(v) && v.includes(value)))?.[0];
  };
  if (e.name === 'SpecError') return holding(e.spec) ?? 'spec';
  if (e.name === 'PositionError') return holding(e.text) ?? 'positions';
  if (/\bbound\b|box of side|states/.test(e.message)) return 'max';
  if (/slice/.test(e.message)) return 'slice';
  return 'request';
}

function statusOf(name: string): number {
  if (name === 'LimitError') return 422;
  if (['SpecError', 'PositionError', 'InputError', 'CycleError', 'FlagError'].includes(name)) return 400;
  return 500;
}

/** A view as sent: a failed job's error as its one line, with the field it is about. */
function jobBody(v: JobView): Record<string, unknown> {
  return v.error ? { ...v, error: v.error.message, field: fieldOf(v.error, v.args) } : { ...v };
}

/** The task a POST body asks for: `{job, args}`; a body with neither is a picture's arguments (the old shape). */
async function taskOf(req: IncomingMessage): Promise<Task> {
  const body = await readJson(req);
  if (!('job' in body) && !('args' in body)) return checkTask('plot', body);
  const { job, args } = fields(body, ['job', 'args']);
  return checkTask(job, args);
}

/**
 * The methods each path takes: a path that exists answers another method with 405 and `Allow`, and only a
 * path that does not exist is 404.
 */
function methodsOf(path: string): string[] | undefined {
  if (path === '/api/health') return ['GET', 'HEAD'];
  if (path === '/api/check' || path === '/api/jobs' || path === '/api/run') return ['POST'];
  if (/^\/api\/jobs\/[A-Za-z0-9]+$/.test(path)) return ['GET', 'DELETE'];
  return undefined;
}

/** Answers one /api request. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, jobs: JobManager): Promise<void> {
  const method = req.method ?? 'GET';
  try {
    const allowed = methodsOf(path);
    if (allowed === undefined) throw new HttpError(404, `no API endpoint ${method} ${path}`);
    checkMethod(method, path, allowed);
    if (path === '/api/health') return sendJson(res, 200, { ok: true, running: jobs.running, queued: jobs.queued, accepted: jobs.accepted, kinds: PLOT_KINDS, jobs: requestJobs() });
    if (path === '/api/check') {
      const body = await readJson(req);
      const rs = about('spec', () => parseSpec(text(body, 'spec')));
      return sendJson(res, 200, { ok: true, name: rs.name, domain: rs.domain.kind, heaps: rs.heapCount ?? null, convention: rs.convention, defaultKind: defaultKind(rs) });
    }
    if (path === '/api/jobs') return sendJson(res, 202, jobBody(jobs.start(await taskOf(req))));
    if (path === '/api/run') return await answer(res, await taskOf(req), jobs);
    const id = path.slice('/api/jobs/'.length);
    const v = method === 'GET' ? jobs.get(id) : await jobs.cancel(id);
    if (!v) throw new HttpError(404, `no job ${id}`);
    return sendJson(res, 200, jobBody(v));
  } catch (e) {
    return sendFailure(res, e, jobs.retryAfter);
  }
}

/**
 * POST /api/run: the job, and the answer when it ends (its view, `result` and all), as one request; the
 * request's connection closing cancels it, and so does WAIT_MS without an end (503).
 */
async function answer(res: ServerResponse, task: Task, jobs: JobManager): Promise<void> {
  const started = jobs.start(task, 'connection');
  jobs.watchConnection(started.id, res);
  const v = (await jobs.wait(started.id, WAIT_MS))!;
  if (v.state === 'running') {
    await jobs.cancel(v.id);
    if (v.queued !== undefined) throw new HttpError(503, `no worker was free within ${WAIT_MS / 1000} s; try again`);
    throw new HttpError(503, `no answer within ${WAIT_MS / 1000} s; too large for an interactive query (run it as a job)`, 'request');
  }
  if (v.state === 'failed') return sendJson(res, statusOf(v.error!.name), jobBody(v));
  if (v.state === 'cancelled') throw new HttpError(503, `the job was cancelled: ${v.reason ?? 'by request'}`);
  return sendJson(res, 200, jobBody(v));
}
