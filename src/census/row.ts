/**
 * A census row: what one computation found about one game, as stored (one row per spec, computation
 * and bound) and as printed (one JSON line). Every field is listed once in FIELDS, which the store, the
 * `--where` parser (its whitelist) and the faces all read, so a new field is one line here.
 */
import { csvLine } from '../core/csv.js';

/**
 * What a family asks of each member; compute.ts checks that the ruleset declares the capabilities it needs (computationsOf).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Computation =
  /** G(0..bound) of a one-heap game and its period, certified by a theorem or not. */
  | 'sequence'
  /** The P-positions of a Wythoff-family game in [0, bound]^2 and their deviation from the φ-lines. */
  | 'wythoff'
  /** The P-positions of a two-heap game in [0, bound]^2. */
  | 'ppositions'
  /** Every word of length 0..bound of a rewrite game, and a Grundy automaton attempt. */
  | 'rewrite';

/**
 * @remarks Since 0.1.0
 * @public
 */
export type Status = 'done' | 'open' | 'failed';

/**
 * The automaton verdict of a rewrite game.
 *
 * @remarks Since 0.1.0
 * @public
 */
export type Verdict =
  /** A Grundy automaton was found and proved for all words (seed taking-and-merging, Lemma 2). */
  | 'regular'
  /** A theorem of the paper says the P-positions are not regular, so no Grundy automaton exists. */
  | 'non-regular'
  /** No Grundy automaton with fewer than `lowerBound` states exists (Myhill–Nerode), and the state cap is below it. */
  | 'lower-bound'
  /** No proof either way within the budget. */
  | 'open';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface CensusRow {
  spec: string;
  computation: Computation;
  bound: number;
  status: Status;
  error?: string | null;
  /** Why nothing was certified (status open). */
  reason?: string | null;
  /** How far the computation got: the bound itself, or less when a limit stopped it. */
  reached?: number | null;
  // Sequences.
  period?: number | null;
  preperiod?: number | null;
  certified?: boolean | null;
  certificate?: string | null;
  apparentPeriod?: number | null;
  apparentPreperiod?: number | null;
  arithmeticPeriod?: number | null;
  saltus?: number | null;
  /** Largest Grundy value seen (sequences, rewrite games). */
  maxValue?: number | null;
  /**
   * The fingerprint of a sequence run, in the words of tczajka's solver (SequenceFingerprint,
   * `sprague sequence --summary`): the heaps the kernel computed, n (the bound plus one, or fewer when a
   * certified period gave the rest) ...
   */
  fingerprintHeaps?: number | null;
  /** ... the least heap with the largest value (maxValue) among them ... */
  largestAt?: number | null;
  /** ... the rare mask of the sparse space (0: the kernel kept no sparse space) ... */
  rareMask?: number | null;
  /** ... whether the class reads the heap's parity too (tczajka's `pos`) ... */
  rarePos?: boolean | null;
  /** ... the rare heaps counted as tczajka counts them (heap 0 among them when it is rare) ... */
  numRare?: number | null;
  /** ... and the last rare heap (0 when none). */
  lastRare?: number | null;
  // P-positions (Wythoff family, two-heap games).
  pCount?: number | null;
  /** Extremes of b_n - a_n - n over the upper P-positions (maharaja-nim, section 2.3). */
  devMin?: number | null;
  devMax?: number | null;
  devMinAt?: number | null;
  devMaxAt?: number | null;
  // Rewrite games.
  /** Running maximum of the Grundy values over words of length <= n, n = 0..bound, comma separated. */
  runningMax?: string | null;
  /** The running maximum rose in the last quarter of the lengths. */
  maxGrowing?: boolean | null;
  verdict?: Verdict | null;
  /** States of the proved automaton. */
  states?: number | null;
  grundyValues?: string | null;
  /** Any Grundy automaton has at least this many states. */
  lowerBound?: number | null;
  /** What a theorem of the paper says about this game. */
  theorem?: string | null;
  /** The same game with the letters a and b exchanged. */
  mirror?: string | null;
  // Every computation.
  /** The first values (sequences) or the first P-positions, for reading. */
  prefix?: string | null;
  /** sha256 of everything computed up to the bound: equal fingerprints = equivalent to the bound. */
  fingerprint?: string | null;
  /** Computation settings that can change the result (the automaton's state cap and time budget). */
  settings?: string | null;
  /** The sprague version that computed the row. */
  version?: string | null;
  /** Heaps read back from the values kept by an earlier run of the game (census escalation), 0 or absent when it started afresh. */
  resumedFrom?: number | null;
  wallMs?: number | null;
  /** CPU time of the thread that computed the row (the whole process's where the platform cannot tell a thread's). */
  cpuMs?: number | null;
  /**
   * Peak resident set of the process that computed the row, in KiB, when it finished (process.resourceUsage's
   * maxRSS): an upper bound of the game's own memory, shared with the games that process ran before or beside it.
   */
  maxRssKb?: number | null;
}

/**
 * A row as read back from a census: the family's order and the equivalence link.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface FamilyRow extends CensusRow {
  family: string;
  /** Position in the family's enumeration. */
  idx: number;
  /** The first member of the family with the same fingerprint, when that is another game. */
  sameAs?: string | null;
}

export type FieldType = 'int' | 'text' | 'bool';

export interface Field {
  /** The JSON and `--where` name. */
  name: keyof FamilyRow & string;
  /** The SQL column. */
  column: string;
  type: FieldType;
  /** Part of the result (compared between runs) rather than of the run (wall time, version). */
  result: boolean;
}

const f = (name: Field['name'], column: string, type: FieldType, result = true): Field => ({ name, column, type, result });

/**
 * The stored fields of a game row, in table order.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export const ROW_FIELDS: readonly Field[] = [
  f('spec', 'spec', 'text'),
  f('computation', 'computation', 'text'),
  f('bound', 'bound', 'int'),
  f('status', 'status', 'text'),
  f('error', 'error', 'text'),
  f('reason', 'reason', 'text'),
  f('reached', 'reached', 'int'),
  f('period', 'period', 'int'),
  f('preperiod', 'preperiod', 'int'),
  f('certified', 'certified', 'bool'),
  f('certificate', 'certificate', 'text'),
  f('apparentPeriod', 'apparent_period', 'int'),
  f('apparentPreperiod', 'apparent_preperiod', 'int'),
  f('arithmeticPeriod', 'arithmetic_period', 'int'),
  f('saltus', 'saltus', 'int'),
  f('maxValue', 'max_value', 'int'),
  f('fingerprintHeaps', 'fingerprint_heaps', 'int'),
  f('largestAt', 'largest_at', 'int'),
  f('rareMask', 'rare_mask', 'int'),
  f('rarePos', 'rare_pos', 'bool'),
  f('numRare', 'num_rare', 'int'),
  f('lastRare', 'last_rare', 'int'),
  f('pCount', 'p_count', 'int'),
  f('devMin', 'dev_min', 'int'),
  f('devMax', 'dev_max', 'int'),
  f('devMinAt', 'dev_min_at', 'int'),
  f('devMaxAt', 'dev_max_at', 'int'),
  f('runningMax', 'running_max', 'text'),
  f('maxGrowing', 'max_growing', 'bool'),
  f('verdict', 'verdict', 'text'),
  f('states', 'states', 'int'),
  f('grundyValues', 'grundy_values', 'text'),
  f('lowerBound', 'lower_bound', 'int'),
  f('theorem', 'theorem', 'text'),
  f('mirror', 'mirror', 'text'),
  f('prefix', 'prefix', 'text'),
  f('fingerprint', 'fingerprint', 'text'),
  f('settings', 'settings', 'text'),
  f('version', 'version', 'text', false),
  f('resumedFrom', 'resumed_from', 'int', false),
  f('wallMs', 'wall_ms', 'int', false),
  f('cpuMs', 'cpu_ms', 'int', false),
  f('maxRssKb', 'max_rss_kb', 'int', false),
];

/**
 * The fields of a family row: the stored ones plus the family's order and the equivalence link.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export const FAMILY_FIELDS: readonly Field[] = [
  f('family', 'family', 'text'),
  f('idx', 'idx', 'int'),
  ...ROW_FIELDS,
  f('sameAs', 'same_as', 'text'),
];

/**
 * A sequence row's fingerprint as stored (rare heaps counted as tczajka counts them), for the faces: the
 * line `sequence --summary` prints is fingerprintLine of it (core/kernel.ts). Undefined for a row without
 * one (another computation, or a row of a census run before schema 3 that `census fingerprint` has not filled).
 *
 * @beta
 */
export function rowFingerprint(row: CensusRow): StoredFingerprint | undefined {
  const { fingerprintHeaps: heaps, maxValue: largest, largestAt, rareMask, rarePos, numRare, lastRare } = row;
  if (row.computation !== 'sequence' || heaps == null || largest == null || largestAt == null || rareMask == null || numRare == null || lastRare == null) return undefined;
  return { heaps, largest, largestAt, rareMask, rarePos: rarePos === true, numRare, lastRare };
}

/**
 * A fingerprint in tczajka's words, as a census row stores it (CensusRow.fingerprintHeaps and the fields after it).
 *
 * @beta
 */
export interface StoredFingerprint {
  /** Heaps computed, G(0..heaps-1). */
  heaps: number;
  largest: number;
  /** The least heap with the largest value. */
  largestAt: number;
  rareMask: number;
  rarePos: boolean;
  /** The rare heaps, heap 0 among them when it is rare (tczajka's num_rare). */
  numRare: number;
  lastRare: number;
}

/** Fields printed for every row of a computation even when null (docs/cli.md: `"period":null`). */
export const ALWAYS_SHOWN: Partial<Record<Computation, readonly string[]>> = {
  sequence: ['period', 'preperiod', 'certified'],
};

/**
 * A row as JSON, the one shape `census show --json`, `census run --json` and the explorer's census page
 * give: family, spec and status first, absent fields left out except those the contract prints as null.
 */
export function rowJson(family: string, row: CensusRow | FamilyRow): Record<string, unknown> {
  const out: Record<string, unknown> = { family, spec: row.spec, status: row.status };
  const always = ALWAYS_SHOWN[row.computation] ?? [];
  const record = row as unknown as Record<string, unknown>;
  for (const f of FAMILY_FIELDS) {
    if (f.name in out) continue;
    const v = record[f.name];
    if (v === undefined || v === null) {
      if (always.includes(f.name)) out[f.name] = null;
    } else out[f.name] = v;
  }
  return out;
}

/** The CSV header of every field (`census show --csv`, the atlas's rows.csv). */
export function csvHeader(): string {
  return csvLine(FAMILY_FIELDS.map((f) => f.name));
}

/** A row as one CSV line of every field, quoted where a value holds a comma, a quote or a line break. */
export function rowCsv(row: FamilyRow): string {
  return csvLine(FAMILY_FIELDS.map((f) => (row as unknown as Record<string, unknown>)[f.name]));
}
