/**
 * Reading a job's arguments from a request that comes from outside (the explorer's JSON body): each job
 * that the explorer may run says in its `check` (core/jobs.ts) which fields it takes, with these readers.
 * Every refusal is an ArgsError naming the field, so the page shows the message next to that input.
 * Light on purpose: the registry imports it, and the CLI imports the registry.
 */
import { InputError, PositionError, SpecError } from '../core/errors.js';

/** A request the job cannot take: the message, and the field it is about. */
export class ArgsError extends InputError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ArgsError';
  }
}

/** A request's fields: a JSON object with none but `allowed` (a file path or a raised cap is not the page's to ask). */
export function fields(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ArgsError('request', 'the arguments must be a JSON object');
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) throw new ArgsError(key, `unknown field ${JSON.stringify(key)}; the fields are ${allowed.join(', ')}`);
  }
  return record;
}

/** Absent, null and '' mean "not given" (an empty input of the page). */
function given(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

export function text(body: Record<string, unknown>, key: string): string;
export function text(body: Record<string, unknown>, key: string, optional: 'optional'): string | undefined;
/** A string field (required unless `optional`): missing, or not a string, is refused. */
export function text(body: Record<string, unknown>, key: string, optional?: 'optional'): string | undefined {
  const v = body[key];
  if (!given(v) || (typeof v === 'string' && v.trim() === '')) {
    if (optional) return undefined;
    throw new ArgsError(key, `missing "${key}"`);
  }
  if (typeof v !== 'string') throw new ArgsError(key, `"${key}" must be a string`);
  return v;
}

export function count(body: Record<string, unknown>, key: string): number;
export function count(body: Record<string, unknown>, key: string, optional: 'optional'): number | undefined;
/** A non-negative integer, as a number or as the digits an input box gives (required unless `optional`). */
export function count(body: Record<string, unknown>, key: string, optional?: 'optional'): number | undefined {
  const v = body[key];
  if (!given(v)) {
    if (optional) return undefined;
    throw new ArgsError(key, `missing "${key}"`);
  }
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new ArgsError(key, `bad value ${JSON.stringify(v)} for ${key}: expected a non-negative integer`);
  return n;
}

/** A yes/no field: true, false or absent (absent is false). */
export function flag(body: Record<string, unknown>, key: string): boolean {
  const v = body[key];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ArgsError(key, `"${key}" must be true or false`);
  return v;
}

/** A field that is one of `values` (absent allowed). */
export function oneOf<V extends string>(body: Record<string, unknown>, key: string, values: readonly V[]): V | undefined {
  const v = text(body, key, 'optional');
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) throw new ArgsError(key, `unknown ${key} ${JSON.stringify(v)}; one of ${values.join(', ')}`);
  return v as V;
}

/** A non-empty list of strings. */
export function texts(body: Record<string, unknown>, key: string): string[] {
  const v = body[key];
  if (!given(v)) throw new ArgsError(key, `missing "${key}"`);
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) throw new ArgsError(key, `"${key}" must be a non-empty list of strings`);
  return v as string[];
}

/**
 * Runs a check of the library (a spec parse, a size against the limits table) and gives its bad-input
 * error the field it is about: `field` names it, or picks it from the error.
 */
export function about<T>(field: string | ((e: Error) => string), f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ArgsError) throw e;
    if (e instanceof SpecError || e instanceof PositionError || e instanceof InputError) throw new ArgsError(typeof field === 'string' ? field : field(e), e.message);
    throw e;
  }
}
