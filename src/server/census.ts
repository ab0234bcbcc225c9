/**
 * The explorer's census route (read-only JSON; the page is web/census.html): the censuses stored in the
 * census database, and the rows of one of them filtered by a `--where` expression, as `sprague census
 * show --where` reads them. The database is opened read-only for each request, so the page sees a census
 * that `sprague census run` is writing, and nothing here can change it.
 *
 *   GET /api/census                                     {db, censuses: [{family, bound, members, updatedAt, done, open, failed}]}
 *   GET /api/census/rows?family=F&bound=N&where=E&limit=K   {family, bound, summary, total, rows: [...]}
 *
 * Errors: `{"error": "<one line>", "field": "family|bound|where|limit|request"}`, by the helpers api.ts
 * uses (http.ts); the query string is read with the readers of a job's arguments (jobs/check.ts).
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InputError } from '../core/errors.js';
import { CensusStore } from '../census/store.js';
import { parseWhere } from '../census/where.js';
import { rowJson } from '../census/row.js';
import { about, count, text } from '../jobs/check.js';
import { HttpError, checkMethod, sendFailure, sendJson } from './http.js';

/** Rows sent at most (the `limit` parameter may ask for fewer or, up to this, more than the default). */
const MAX_ROWS = 20_000;
const DEFAULT_ROWS = 5_000;

function withStore<T>(db: string, f: (store: CensusStore) => T): T {
  let store: CensusStore;
  try {
    store = CensusStore.open(db, { readonly: true });
  } catch (e) {
    if (e instanceof InputError) throw new HttpError(404, e.message, 'request');
    throw e;
  }
  try {
    return f(store);
  } catch (e) {
    // A damaged database (a row that does not match its digest, a page SQLite cannot read): its one line, not "internal error".
    if (e instanceof InputError) throw new HttpError(500, e.message, 'request');
    throw e;
  } finally {
    store.close();
  }
}

/** Answers GET /api/census and /api/census/rows from the census database `db`. */
export function handleCensus(req: IncomingMessage, res: ServerResponse, url: URL, db: string): void {
  try {
    if (url.pathname !== '/api/census' && url.pathname !== '/api/census/rows') throw new HttpError(404, `no API endpoint ${req.method} ${url.pathname}`);
    checkMethod(req.method ?? 'GET', url.pathname, ['GET', 'HEAD']);
    if (url.pathname === '/api/census') {
      if (!existsSync(db)) return sendJson(res, 200, { db, censuses: [] });
      return sendJson(
        res,
        200,
        withStore(db, (store) => ({
          db,
          censuses: store.censuses().map((c) => {
            const { done, open, failed } = store.summary(c.family, c.bound);
            return { ...c, done, open, failed };
          }),
        })),
      );
    }
    const query = Object.fromEntries(url.searchParams);
    const family = text(query, 'family');
    const bound = count(query, 'bound', 'optional');
    const limit = Math.min(count(query, 'limit', 'optional') ?? DEFAULT_ROWS, MAX_ROWS);
    const whereText = text(query, 'where', 'optional');
    const where = whereText === undefined ? undefined : about('where', () => parseWhere(whereText));
    return sendJson(
      res,
      200,
      withStore(db, (store) => {
        const b = bound ?? store.latestBound(family);
        if (b === undefined || !store.censuses().some((c) => c.family === family && c.bound === b)) {
          throw new HttpError(404, `no census of ${family}${bound === undefined ? '' : ` to ${bound}`} in ${db}`, 'family');
        }
        const rows = store.rows(family, b, where);
        return { family, bound: b, summary: store.summary(family, b), total: rows.length, rows: rows.slice(0, limit).map((r) => rowJson(r.family, r)) };
      }),
    );
  } catch (e) {
    return sendFailure(res, e);
  }
}
