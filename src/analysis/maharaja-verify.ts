/**
 * Checks a game's dictionary against its P-positions (seed maharaja-nim, section 2.3: "each one of the
 * words (27) to (35) does appear ... the latter five ... do not appear among the first 20000 bits").
 */
import { checkMemory } from '../core/budget.js';
import { bitsOfTable } from './bitstring.js';
import { compileDictionary, encode, runDictionaryProcess } from './dictionary.js';
import type { GameDictionary } from './maharaja-dictionaries.js';
import { wythoffFamilyTable, type WythoffTableOptions } from './wythoff-table.js';

export interface EntryUse {
  readonly label: string;
  readonly word: string;
  readonly translate: string;
  readonly count: number;
  /** Column of the first read of this word, or null. */
  readonly firstColumn: number | null;
}

export interface DictionaryCheck {
  readonly game: string;
  /** Bits compared: columns firstColumn .. firstColumn + bits - 1. */
  readonly bits: number;
  readonly firstColumn: number;
  /** The first column where the process and the P-positions disagree, or null. */
  readonly firstDifference: number | null;
  readonly steps: number;
  readonly usage: EntryUse[];
}

/**
 * Runs the process for `bits` bits and compares them with the column table of the game.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function checkGameDictionary(game: GameDictionary, bits: number, options: WythoffTableOptions = {}): DictionaryCheck {
  // Known before any work: the string (a byte a bit, grown by doubling), the column table (4 + 1 bytes a column) and its bits.
  checkMemory(`${bits} bits of the ${game.name} dictionary and their column table`, (game.firstColumn + bits) * 8);
  const d = compileDictionary(game.dictionary);
  const run = runDictionaryProcess(d, encode('01', game.start), { read: game.read, maxLength: bits });
  const produced = run.string.subarray(0, Math.min(bits, run.length));
  const table = wythoffFamilyTable(game.extraMoves, game.firstColumn + produced.length, options);
  const truth = bitsOfTable(table, game.firstColumn, game.firstColumn + produced.length);
  let diff = -1;
  for (let i = 0; i < produced.length; i++)
    if (produced[i] !== truth[i]) {
      diff = i;
      break;
    }
  if (diff < 0 && produced.length < bits) diff = produced.length;
  return {
    game: game.name,
    bits: produced.length,
    firstColumn: game.firstColumn,
    firstDifference: diff < 0 ? null : game.firstColumn + diff,
    steps: run.steps,
    usage: game.dictionary.entries.map((e, i) => ({
      label: e.label ?? e.word,
      word: e.word,
      translate: e.translate,
      count: run.usage[i]!,
      firstColumn: run.firstRead[i]! < 0 ? null : game.firstColumn + run.firstRead[i]!,
    })),
  };
}
