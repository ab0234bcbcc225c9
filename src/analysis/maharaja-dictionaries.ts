/**
 * Built-in dictionaries of seed maharaja-nim: Maharaja Nim's (section 2.3, (27)-(40)) and (2,3)-Maharaja
 * Nim's (section 5.1, (41)-(44)), each with the start string and read position from which the process
 * spells the game's bit string, and the column of the start string's first bit.
 */
import type { Dictionary } from './dictionary.js';
import type { ExtraMove } from './wythoff-table.js';

export interface GameDictionary {
  readonly name: string;
  readonly extraMoves: readonly ExtraMove[];
  readonly dictionary: Dictionary;
  /** The string the process starts from (section 2.2 / 5.1). */
  readonly start: string;
  /** Where the read head starts in `start`. */
  readonly read: number;
  /** The column of the game whose bit is start[0]. */
  readonly firstColumn: number;
}

const e = (label: string, word: string, translate: string) => ({ label, word, translate });

/**
 * Maharaja Nim's dictionary (27)-(40); prefix free.
 *
 * @remarks Since 0.1.0
 * @public
 */
export const MAHARAJA: GameDictionary = {
  name: 'maharaja',
  extraMoves: [[1, 2]],
  dictionary: {
    alphabet: '01',
    entries: [
      e('(27)', '1', '0'),
      e('(28)', '01', '100'),
      e('(29)', '00100', '100101100'),
      e('(30)', '00110', '10010100'),
      e('(31)', '000100', '10010110100'),
      e('(32)', '001110', '100100100'),
      e('(33)', '0010110', '10010011000'),
      e('(34)', '00000100', '100101100111000'),
      e('(35)', '000010010', '1001001111000100'),
      e('(36)', '0000000', '10010110110100'),
      e('(37)', '0010100', '100100110100'),
      e('(38)', '0011110', '1001000100'),
      e('(39)', '00000010', '100101101100100'),
      e('(40)', '00001000', '100100111100100'),
    ],
  },
  // Section 2.2: the first word, 00100, is read at column 8 (P-positions (8,13), ..., (12,18)).
  start: '00100',
  read: 0,
  firstColumn: 8,
};

/**
 * (2,3)-Maharaja Nim's dictionary (41)-(44); not prefix free: the longest match is taken.
 *
 * @remarks Since 0.1.0
 * @public
 */
export const MAHARAJA_23: GameDictionary = {
  name: 'wythoff+2,3',
  extraMoves: [[2, 3]],
  dictionary: {
    alphabet: '01',
    entries: [e('(41)', '0', '10'), e('(42)', '1', '0'), e('(43)', '01000', '100011100'), e('(44)', '01010', '10001100')],
  },
  // Section 5.1: '0100011100000' holds columns 1..13; the first word is read at column 9.
  start: '0100011100000',
  read: 8,
  firstColumn: 1,
};

/**
 * The built-in dictionary of the game Wythoff + extraMoves (order of pairs and within a pair ignored).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function gameDictionaryFor(extraMoves: readonly ExtraMove[]): GameDictionary | undefined {
  const key = (ms: readonly ExtraMove[]) =>
    ms
      .map(([k, l]) => (k <= l ? `${k},${l}` : `${l},${k}`))
      .sort()
      .join(';');
  return [MAHARAJA, MAHARAJA_23].find((g) => key(g.extraMoves) === key(extraMoves));
}
