/** Reading a census database back in tests. */
import { CensusStore } from '../../src/census/store.js';
import type { CensusRow } from '../../src/census/row.js';

/** Every stored game row without what differs between runs (the wall time). */
export function comparable(db: string): Omit<CensusRow, 'wallMs'>[] {
  const store = CensusStore.open(db, { mustExist: true });
  try {
    return store.allGames().map(({ wallMs: _, ...rest }) => rest);
  } finally {
    store.close();
  }
}
