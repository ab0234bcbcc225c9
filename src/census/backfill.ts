/**
 * `census fingerprint`: the fingerprint of stored sequence rows that lack it (schema 3 added the columns; rows
 * of older runs have none). A row's values come from what the database keeps for the game when there is
 * something (the kernel reads its checkpoint back and follows the values: nothing is computed up to where they
 * reach), else from a run from heap 0 to the row's bound. Either way it is the census's own computation
 * (computeGame), so the fields are those a census run stores, which are those `sequence --summary` prints;
 * and the values must be the row's (their checksum is its `fingerprint`) before anything is written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { Executor, GameOptions } from './executor.js';
import type { FamilyRow } from './row.js';
import type { CensusStore } from './store.js';

/** The fields of a sequence row's fingerprint (fingerprintFields in compute.ts). */
const FINGERPRINT_FIELDS = ['fingerprintHeaps', 'largestAt', 'rareMask', 'rarePos', 'numRare', 'lastRare'] as const;

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface FilledRow {
  spec: string;
  bound: number;
  /** Where the game's values came from: the values the database keeps for it, or a run from heap 0 (continued from row to row of the game). */
  from: 'kept' | 'computed';
}

/**
 * @remarks Since 0.1.0
 * @beta
 */
export interface BackfillResult {
  filled: FilledRow[];
  /** Rows whose values computed again are not the stored ones (the row is left as it is). */
  mismatched: { spec: string; bound: number; message: string }[];
  /** Sequence rows that already had a fingerprint, or failed ones (nothing to fill). */
  unchanged: number;
}

/** The stored sequence rows of every census of the family, each once (a game in two censuses to one bound is one row). */
function sequenceRows(store: CensusStore, family: string): FamilyRow[] {
  const bounds = [...new Set(store.censuses().filter((c) => c.family === family).map((c) => c.bound))].sort((a, b) => a - b);
  if (bounds.length === 0) throw new InputError(`no census of ${family} in ${store.path}`);
  const rows = new Map<string, FamilyRow>();
  for (const b of bounds) for (const r of store.rows(family, b)) if (r.computation === 'sequence') rows.set(`${r.bound} ${r.spec}`, r);
  return [...rows.values()];
}

/**
 * Fills the fingerprint of the family's stored sequence rows that lack it, one game at a time on the
 * executor (its worker answers a stop), each row in its own transaction: a stop keeps the rows filled.
 * An executor whose games run elsewhere cannot read the kept values here: every row is computed from heap 0.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export async function backfillFingerprints(
  store: CensusStore,
  family: string,
  executor: Executor,
  options: GameOptions & { onRow?: (row: FilledRow) => void } = {},
): Promise<BackfillResult> {
  const out: BackfillResult = { filled: [], mismatched: [], unchanged: 0 };
  const kept = new Set((executor.local ? store.keptValues() : []).map((k) => `${k.computation} ${k.spec}`));
  // A game's rows in ascending bound, through one folder of values: each run continues from the values the
  // run before left there (or the values the database keeps), so a game escalated to 2^25 costs one run to
  // 2^25, not one per level.
  const bySpec = new Map<string, FamilyRow[]>();
  for (const row of sequenceRows(store, family)) {
    if (row.status === 'failed' || row.fingerprintHeaps != null || row.fingerprint == null) {
      out.unchanged++;
      continue;
    }
    bySpec.set(row.spec, [...(bySpec.get(row.spec) ?? []), row]);
  }
  for (const [spec, rows] of bySpec) {
    const folder = executor.local ? mkdtempSync(join(tmpdir(), 'sprague-fingerprint-')) : undefined;
    try {
      let from: FilledRow['from'] = 'computed';
      if (folder && kept.has(`sequence ${spec}`)) {
        try {
          if (store.writeKeptValues(spec, 'sequence', folder)) from = 'kept';
        } catch (e) {
          // Damaged kept values: the game is computed from heap 0 instead (escalation drops them too).
          if (!(e instanceof InputError)) throw e;
        }
      }
      for (const row of rows.sort((a, b) => a.bound - b.bound)) {
        const again = await executor.run(
          { spec, computation: 'sequence', bound: row.bound, ...(folder ? { checkpoint: folder } : {}) },
          { ...(options.signal ? { signal: options.signal } : {}), ...(options.kill ? { kill: options.kill } : {}) },
        );
        const fields: Record<string, unknown> = {};
        for (const name of FINGERPRINT_FIELDS) fields[name] = again[name];
        try {
          store.fillRow(row, again.fingerprint ?? '', fields);
        } catch (e) {
          if (!(e instanceof InputError) || !/not the stored ones/.test(e.message)) throw e;
          out.mismatched.push({ spec, bound: row.bound, message: e.message });
          continue;
        }
        const filled = { spec, bound: row.bound, from };
        out.filled.push(filled);
        options.onRow?.(filled);
      }
    } finally {
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  }
  return out;
}
