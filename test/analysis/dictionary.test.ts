import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  coalescencePoint,
  compileDictionary,
  decode,
  encode,
  matchAt,
  NEED_MORE,
  NO_WORD,
  runDictionaryProcess,
  synchronizationProfile,
} from '../../src/analysis/dictionary.js';
import { MAHARAJA, MAHARAJA_23 } from '../../src/analysis/maharaja-dictionaries.js';
import {
  EXAMPLE_MULTIPLICATION_TABLE,
  binaryCodes,
  binaryDictionary,
  multiplicationDictionary,
  multiplicationStart,
  multiplicationTriangle,
} from '../../src/analysis/dictionary-multiplication.js';
import { bitsOfTable, bitsToText } from '../../src/analysis/bitstring.js';
import { wythoffFamilyTable } from '../../src/analysis/wythoff-table.js';
import { InputError } from '../../src/core/errors.js';

/** A plain process: strings and a linear scan of the entries for the longest match. */
function plainProcess(entries: readonly { word: string; translate: string }[], start: string, read: number, steps: number): string {
  let s = start;
  for (let i = 0; i < steps; i++) {
    const matches = entries.filter((e) => s.startsWith(e.word, read));
    if (matches.length === 0) break;
    const longest = matches.reduce((a, b) => (b.word.length > a.word.length ? b : a));
    const longer = entries.some((e) => e.word.length > longest.word.length && e.word.startsWith(longest.word) && read + e.word.length > s.length);
    if (longer) break;
    s += longest.translate;
    read += longest.word.length;
  }
  return s;
}

test('maharaja-nim section 2.2: 00100 -> 100101100, then 1 -> 0, then 0010110 -> 10010011000', () => {
  const d = compileDictionary(MAHARAJA.dictionary);
  assert.equal(d.prefixFree, true);
  const r = runDictionaryProcess(d, encode('01', MAHARAJA.start), { maxSteps: 3 });
  assert.equal(decode('01', r.string), '00100100101100010010011000');
  assert.deepEqual(
    r.usage.map((u, i) => (u ? MAHARAJA.dictionary.entries[i]!.label : '')).filter(Boolean),
    ['(27)', '(29)', '(33)'],
  );
});

test('maharaja-nim section 5.1: (2,3)-M process from 0100011100000: four (41) then a (44) translation', () => {
  const d = compileDictionary(MAHARAJA_23.dictionary);
  assert.equal(d.prefixFree, false);
  const start = encode('01', MAHARAJA_23.start);
  assert.equal(decode('01', runDictionaryProcess(d, start, { read: 8, maxSteps: 4 }).string), '010001110000010101010');
  const five = runDictionaryProcess(d, start, { read: 8, maxSteps: 5 });
  assert.equal(decode('01', five.string), '01000111000001010101010001100');
  assert.deepEqual(five.usage, [4, 0, 0, 1]);
});

test('maharaja-nim section 5.1: longest-match rule: 0 -> 10 unless 1000 or 1010 follows; NEED_MORE at the end', () => {
  const d = compileDictionary(MAHARAJA_23.dictionary);
  const at = (s: string) => matchAt(d, encode('01', s), s.length, 0);
  assert.equal(at('01000'), 2);
  assert.equal(at('01010'), 3);
  assert.equal(at('01011'), 0);
  assert.equal(at('00'), 0);
  assert.equal(at('1'), 1);
  assert.equal(at('010'), NEED_MORE);
  const m = compileDictionary(MAHARAJA.dictionary);
  assert.equal(matchAt(m, encode('01', '0011111'), 7, 0), NO_WORD);
});

test('dictionary processes equal a plain string implementation (both dictionaries, 2000 steps)', () => {
  for (const g of [MAHARAJA, MAHARAJA_23]) {
    const d = compileDictionary(g.dictionary);
    const r = runDictionaryProcess(d, encode('01', g.start), { read: g.read, maxSteps: 2000 });
    assert.equal(decode('01', r.string), plainProcess(g.dictionary.entries, g.start, g.read, 2000));
  }
});

test('maharaja-nim section 2.3 and 5.1: the dictionary bit strings equal the computed P-positions for 10^6 bits', () => {
  for (const g of [MAHARAJA, MAHARAJA_23]) {
    const bits = 1_000_000;
    const d = compileDictionary(g.dictionary);
    const r = runDictionaryProcess(d, encode('01', g.start), { read: g.read, maxLength: bits });
    assert.equal(r.stopped, 'length');
    const table = bitsOfTable(wythoffFamilyTable(g.extraMoves, g.firstColumn + bits), g.firstColumn, g.firstColumn + bits);
    const produced = r.string.subarray(0, bits);
    const firstDiff = produced.findIndex((b, i) => b !== table[i]);
    assert.equal(firstDiff, -1, `${g.name}: first difference at column ${g.firstColumn + firstDiff}`);
  }
});

test('maharaja-nim section 2.3: within 10^6 bits the words (27)-(35) occur and (36)-(40) do not', () => {
  const d = compileDictionary(MAHARAJA.dictionary);
  const r = runDictionaryProcess(d, encode('01', MAHARAJA.start), { maxLength: 1_000_000 });
  const used = MAHARAJA.dictionary.entries.filter((_, i) => r.usage[i]! > 0).map((e) => e.label);
  assert.deepEqual(used, ['(27)', '(28)', '(29)', '(30)', '(31)', '(32)', '(33)', '(34)', '(35)']);
});

test('maharaja-nim section 3: a process stops when no word is found at the read head', () => {
  const d = compileDictionary({ alphabet: '01', entries: [{ word: '0', translate: '1' }] });
  const r = runDictionaryProcess(d, encode('01', '00'));
  assert.equal(r.stopped, 'stuck');
  assert.equal(decode('01', r.string), '0011');
  assert.equal(r.read, 2);
  assert.throws(() => compileDictionary({ alphabet: '01', entries: [{ word: '02', translate: '1' }] }), InputError);
  assert.throws(() => compileDictionary({ alphabet: '01', entries: [{ word: '0', translate: '1' }, { word: '0', translate: '0' }] }), InputError);
});

test('maharaja-nim Appendix B: the example table gives SS SAAS SBBCCS SBBCCAAS SBBCCAACCS SBBCCAAAAAAS', () => {
  const dict = multiplicationDictionary(EXAMPLE_MULTIPLICATION_TABLE);
  const d = compileDictionary(dict);
  const r = runDictionaryProcess(d, encode(dict.alphabet, multiplicationStart(EXAMPLE_MULTIPLICATION_TABLE)), { maxLength: 200 });
  const out = decode(dict.alphabet, r.string);
  const expected = 'SS SAAS SBBCCS SBBCCAAS SBBCCAACCS SBBCCAAAAAAS'.replaceAll(' ', '');
  assert.ok(out.startsWith(expected), out.slice(0, expected.length));
  // The triangle computed straight from the table, inner symbols doubled, spells the same string.
  const tri = multiplicationTriangle(EXAMPLE_MULTIPLICATION_TABLE, 12)
    .slice(1)
    .map((row) => row[0] + [...row.slice(1, -1)].map((c) => c + c).join('') + row.at(-1))
    .join('');
  const n = Math.min(out.length, tri.length);
  assert.ok(n >= 100);
  assert.equal(out.slice(0, n), tri.slice(0, n));
  // Appendix B's remark: the entries B*S and S*C are never used.
  const big = runDictionaryProcess(d, encode(dict.alphabet, 'SS'), { maxLength: 20_000 });
  const unused = dict.entries.filter((_, i) => big.usage[i] === 0).map((e) => e.label);
  assert.deepEqual(unused, ['S*C', 'B*S']);
});

test('maharaja-nim Appendix B: the binary (metasymbol) encoding runs the same process over {0,1}', () => {
  const dict = multiplicationDictionary(EXAMPLE_MULTIPLICATION_TABLE);
  const codes = binaryCodes(EXAMPLE_MULTIPLICATION_TABLE.symbols);
  const bin = binaryDictionary(dict, codes);
  const cd = compileDictionary(bin);
  assert.equal(cd.prefixFree, true);
  const r = runDictionaryProcess(cd, encode('01', codes.get('S')!.repeat(2)), { maxLength: 400 });
  const letters = runDictionaryProcess(compileDictionary(dict), encode(dict.alphabet, 'SS'), { maxLength: 200 });
  const back = new Map([...codes].map(([c, b]) => [b, c]));
  const text = bitsToText(r.string.subarray(0, 400));
  const decoded = text.match(/../g)!.map((b) => back.get(b)).join('');
  assert.equal(decoded, decode(dict.alphabet, letters.string.subarray(0, 200)));
});

test('maharaja-nim sections 3 and 5.1: the end of the string stops the process, unless a longer match is pending', () => {
  const plain = compileDictionary({ alphabet: '01', entries: [{ word: '0', translate: '1' }, { word: '1', translate: '' }] });
  const r = runDictionaryProcess(plain, encode('01', '00'));
  assert.equal(r.stopped, 'stuck');
  assert.equal(decode('01', r.string), '0011');
  const d23 = compileDictionary(MAHARAJA_23.dictionary);
  // '010' at the end: (41) matches, but (43)/(44) might, so the longest match is not known yet.
  assert.equal(runDictionaryProcess(d23, encode('01', '010')).stopped, 'undetermined');
});

test('maharaja-nim section 5.2: (41)-(44) converge: from any position the parses meet within a few bits, at true boundaries', () => {
  const d = compileDictionary(MAHARAJA_23.dictionary);
  const r = runDictionaryProcess(d, encode('01', MAHARAJA_23.start), { read: MAHARAJA_23.read, maxLength: 30_000 });
  const profile = synchronizationProfile(d, r.string, MAHARAJA_23.read, 20_000);
  assert.equal(profile.undecided, 0);
  assert.ok(profile.maxDelay < 32, `max delay ${profile.maxDelay}`);
  // Every meeting point is a boundary of the true parse (the one from the read position).
  const truth = new Set<number>();
  for (let pos = MAHARAJA_23.read; pos < 25_000; ) {
    truth.add(pos);
    pos += d.words[matchAt(d, r.string, r.length, pos)]!.length;
  }
  for (let p = 1000; p < 3000; p++) assert.ok(truth.has(coalescencePoint(d, r.string, p)!), `start ${p}`);
});
