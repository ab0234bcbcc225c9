/**
 * `sprague census site DIR` without the command line: a stored census read back, the sequences computed
 * again for their pages (detail.ts), the files made (site.ts) and written.
 */
import { InterruptedError, LimitError } from '../core/errors.js';
import type { Stop } from '../core/stop.js';
import type { CensusStore } from '../census/store.js';
import { detailMax, drawDetail, hasDetail, valuesInThread, type GameDetail, type ValuesOf } from './detail.js';
import { checkSiteDir, rowKey, siteFiles, writeSite, type MissingDetail, type SiteOptions } from './site.js';

export interface BuildSiteOptions extends SiteOptions {
  /** The largest heap recomputed for a page (default DEFAULT_VALUES_MAX). */
  valuesMax: number;
  /** Read between games; `valuesOf` reads it within one. */
  signal?: Stop;
  /** How the values are computed (default: in this thread, reading `signal`). */
  valuesOf?: ValuesOf;
  onProgress?: (done: number, total: number, spec: string) => void;
}

export interface BuiltSite {
  dir: string;
  pages: number;
  /** Sequences recomputed, and those whose pages say they were not (a limit, or an interruption). */
  drawn: number;
  missing: number;
}

/**
 * Builds the atlas of the census (family, bound) into `dir`, or of every game at the largest bound it was run
 * to (`furthest`: CensusStore.furthest). A stop writes the site anyway, the pages of the
 * games not reached saying so, and throws InterruptedError whose `partial` is the BuiltSite. The games are
 * computed one after the other, with a turn of the event loop between two.
 */
export async function buildSite(store: CensusStore, family: string, bound: number | 'furthest', dir: string, options: BuildSiteOptions): Promise<BuiltSite> {
  checkSiteDir(dir);
  const { rows, summary } = bound === 'furthest' ? store.furthest(family) : { rows: store.rows(family, bound), summary: store.summary(family, bound) };
  const details = new Map<string, GameDetail | MissingDetail>();
  const todo = rows.filter(hasDetail);
  let interrupted = false;
  let drawn = 0;
  const valuesOf = options.valuesOf ?? valuesInThread(options.signal);
  for (const [i, row] of todo.entries()) {
    options.onProgress?.(i, todo.length, row.spec);
    // A turn of the event loop between games: a Ctrl-C handler (the CLI's) can only raise the signal then.
    await new Promise((resolve) => setImmediate(resolve));
    if (interrupted || options.signal?.aborted) {
      interrupted = true;
      details.set(rowKey(row), { missing: 'Not computed: the site was built while interrupted (build it again for this page).' });
      continue;
    }
    try {
      const max = detailMax(row, options.valuesMax);
      details.set(rowKey(row), drawDetail(row, max, await valuesOf(row.spec, max)));
      drawn++;
    } catch (e) {
      if (e instanceof InterruptedError) {
        interrupted = true;
        details.set(rowKey(row), { missing: 'Not computed: the site was built while interrupted (build it again for this page).' });
      } else if (e instanceof LimitError) {
        details.set(rowKey(row), { missing: `Not computed: ${e.message}` });
      } else throw e;
    }
  }
  options.onProgress?.(todo.length, todo.length, '');
  const files = siteFiles({ summary, rows }, details, options);
  writeSite(dir, files);
  const built: BuiltSite = { dir, pages: rows.length, drawn, missing: todo.length - drawn };
  if (interrupted) throw new InterruptedError(built);
  return built;
}
