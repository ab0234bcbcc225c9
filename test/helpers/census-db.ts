/** A small census database for the server and page tests: subtraction:4 to 100 and rewrite:2 to 8. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalExecutor } from '../../src/executors/local.js';
import { parseFamily } from '../../src/census/families.js';
import { runCensus } from '../../src/census/run.js';
import { CensusStore } from '../../src/census/store.js';

export async function smallCensusDb(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'sprague-census-page-')), 'census.db');
  const store = CensusStore.open(db);
  const executor = new LocalExecutor({ threads: 2 });
  try {
    await runCensus(store, parseFamily('subtraction:4'), 100, executor);
    await runCensus(store, parseFamily('rewrite:2'), 8, executor, { automaton: { maxStates: 20, budgetMs: 500 } });
  } finally {
    await executor.close();
    store.close();
  }
  return db;
}

/**
 * The atlas's census: octal:2 to 1500 (71 sequences, some certified, some open, classes of equal codes,
 * 0.16 with a sparse space and rare heaps) and rewrite:2 to 8 (pages without pictures), in one database.
 */
export async function atlasCensusDb(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'sprague-atlas-')), 'census.db');
  const store = CensusStore.open(db);
  const executor = new LocalExecutor({ threads: 2 });
  try {
    await runCensus(store, parseFamily('octal:2'), 1500, executor);
    await runCensus(store, parseFamily('rewrite:2'), 8, executor, { automaton: { maxStates: 20, budgetMs: 500 } });
  } finally {
    await executor.close();
    store.close();
  }
  return db;
}
