/** Reading a census database back in tests. */
import { CensusStore } from '../../src/census/store.js';
import type { CensusRow } from '../../src/census/row.js';

/** What differs between two runs that compute the same row: the wall and CPU time and the peak memory. */
export const COST_FIELDS = ['wallMs', 'cpuMs', 'maxRssKb'] as const;

/** A row without its cost (COST_FIELDS). */
export function withoutCost<T extends object>(row: T): Omit<T, (typeof COST_FIELDS)[number]> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !(COST_FIELDS as readonly string[]).includes(k))) as Omit<T, (typeof COST_FIELDS)[number]>;
}

/** Every stored game row without what differs between runs (COST_FIELDS). */
export function comparable(db: string): Omit<CensusRow, (typeof COST_FIELDS)[number]>[] {
  const store = CensusStore.open(db, { mustExist: true });
  try {
    return store.allGames().map(withoutCost);
  } finally {
    store.close();
  }
}
