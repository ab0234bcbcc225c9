/**
 * Appendix B of seed maharaja-nim: a "multiplication table" x * y over an alphabet with a stop symbol S
 * builds a triangle of rows S ... S; encoded as a dictionary process it shows that whether such a process
 * stops is undecidable. Here: the encoding, and its binary version over fixed-width metasymbols.
 */
import { InputError } from '../core/errors.js';
import type { Dictionary, DictionaryEntry } from './dictionary.js';

export interface MultiplicationTable {
  /** The symbols; the first one is the stop symbol S. */
  readonly symbols: string;
  /** products[x][y] = x * y as a symbol (never S), rows and columns in `symbols` order. */
  readonly products: readonly string[];
}

/**
 * The example table of Appendix B (rows x, columns y, in the order S A B C).
 *
 * @remarks Since 0.1.0
 * @public
 */
export const EXAMPLE_MULTIPLICATION_TABLE: MultiplicationTable = {
  symbols: 'SABC',
  products: ['ABBB', 'CBAA', 'CCCC', 'AABA'],
};

function product(t: MultiplicationTable, x: string, y: string): string {
  return t.products[t.symbols.indexOf(x)]![t.symbols.indexOf(y)]!;
}

function validate(t: MultiplicationTable): void {
  const k = t.symbols.length;
  if (k < 2 || new Set(t.symbols).size !== k) throw new InputError(`bad multiplication table: symbols ${JSON.stringify(t.symbols)}`);
  if (t.products.length !== k) throw new InputError(`bad multiplication table: want ${k} rows, got ${t.products.length}`);
  t.products.forEach((row, i) => {
    if (row.length !== k) throw new InputError(`bad multiplication table: row ${i + 1} has ${row.length} entries, want ${k}`);
    for (let j = 0; j < k; j++) {
      const z = row[j]!;
      if (!t.symbols.includes(z) || z === t.symbols[0]) throw new InputError(`bad multiplication table: row ${i + 1} column ${j + 1}: ${z} is not a non-stop symbol`);
    }
  });
}

/**
 * Appendix B's dictionary: xy -> zz for z = x*y, SS -> S(S*S)(S*S)S, SA -> S(S*A)(S*A), AS -> (A*S)(A*S)S.
 * Run from the start string SS it spells the rows of the triangle, each inner symbol doubled.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function multiplicationDictionary(t: MultiplicationTable): Dictionary {
  validate(t);
  const S = t.symbols[0]!;
  const entries: DictionaryEntry[] = [];
  for (const x of t.symbols)
    for (const y of t.symbols) {
      const z = product(t, x, y);
      const translate = x === S && y === S ? S + z + z + S : x === S ? S + z + z : y === S ? z + z + S : z + z;
      entries.push({ word: x + y, translate, label: `${x}*${y}` });
    }
  return { alphabet: t.symbols, entries };
}

/** The start string of Appendix B's process. */
export function multiplicationStart(t: MultiplicationTable): string {
  return t.symbols[0]!.repeat(2);
}

/** The rows of the triangle straight from the table: S, SS, S (S*S) S, ... (for cross-checks). */
export function multiplicationTriangle(t: MultiplicationTable, rows: number): string[] {
  validate(t);
  const S = t.symbols[0]!;
  const out: string[] = [];
  let row = S;
  for (let r = 0; r < rows; r++) {
    out.push(row);
    let next = S;
    for (let i = 0; i + 1 < row.length; i++) next += product(t, row[i]!, row[i + 1]!);
    row = next + S;
  }
  return out;
}

/**
 * Fixed-width binary codes of the symbols ("metasymbols"), symbol i -> i in base 2.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function binaryCodes(symbols: string): Map<string, string> {
  const width = Math.max(1, Math.ceil(Math.log2(symbols.length)));
  return new Map([...symbols].map((c, i) => [c, i.toString(2).padStart(width, '0')]));
}

/**
 * The same dictionary over {0,1}: every symbol replaced by its metasymbol; still prefix free.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function binaryDictionary(d: Dictionary, codes: Map<string, string>): Dictionary {
  const enc = (w: string) => [...w].map((c) => codes.get(c)!).join('');
  return { alphabet: '01', entries: d.entries.map((e) => ({ ...e, word: enc(e.word), translate: enc(e.translate) })) };
}
