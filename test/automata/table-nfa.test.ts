/**
 * Table NFAs (exploreNfa) and their subset construction (determiniseTable) against the plain Nfa
 * and the reference subset construction; the stop-at-first search against a brute-force shortlex scan.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { determinise, determiniseTable, exploreNfa, Nfa, type TableNfa, trimNfa } from '../../src/automata/nfa.js';
import { minimise } from '../../src/automata/minimise.js';
import { Dfa } from '../../src/automata/dfa.js';
import { wordsUpTo } from './brute.js';

/** A pseudo-random NFA (fixed seed), as plain edge lists. */
function randomNfa(seed: number, states: number, letters: number, density: number): Nfa {
  let x = seed;
  const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296);
  const edges = Array.from({ length: states }, () => {
    const list: number[] = [];
    for (let a = 0; a < letters; a++) for (let t = 0; t < states; t++) if (rnd() < density) list.push(a, t);
    return list;
  });
  return new Nfa(letters, [0], Uint8Array.from({ length: states }, () => (rnd() < 0.3 ? 1 : 0)), edges);
}

/** The same NFA through exploreNfa, keys = state numbers scaled past 2^32 to exercise the hash. */
function asTable(nfa: Nfa): TableNfa {
  const scale = 2 ** 33 + 7;
  return exploreNfa(
    nfa.alphabetSize,
    nfa.starts.map((s) => s * scale),
    (key, emit) => {
      const list = nfa.edges[key / scale]!;
      for (let i = 0; i < list.length; i += 2) emit(list[i]!, list[i + 1]! * scale);
    },
    (key) => nfa.accepting[key / scale] === 1,
  );
}

test('determiniseTable accepts the same words as the reference subset construction (random NFAs, all words up to length 7)', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const nfa = randomNfa(seed, 6 + (seed % 5), 2 + (seed % 2), 0.15);
    const table = determiniseTable(asTable(nfa)).dfa!;
    const reference = determinise(nfa);
    for (const w of wordsUpTo(nfa.alphabetSize, 7)) assert.equal(table.accepts(w), reference.accepts(w), `seed ${seed} word ${w.join('')}`);
  }
});

test('determiniseTable on NFAs whose states read few of many letters (the letters no member reads are skipped): the reference language, all words up to length 4', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const nfa = randomNfa(seed, 8 + (seed % 4), 7, 0.04);
    const table = asTable(nfa);
    assert.ok(table.edgeStart[table.stateCount] === table.succ.length && table.letter.length === table.succ.length);
    const dfa = determiniseTable(table).dfa!;
    const reference = determinise(nfa);
    for (const w of wordsUpTo(nfa.alphabetSize, 4)) assert.equal(dfa.accepts(w), reference.accepts(w), `seed ${seed} word ${w.join('')}`);
  }
});

test('trimNfa keeps the language and only states that reach acceptance; the start loop of determiniseTable sends the start subset to itself (random NFAs, all words up to length 6)', () => {
  let dropped = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const nfa = randomNfa(seed, 6 + (seed % 7), 2 + (seed % 2), 0.08 + (seed % 3) * 0.05);
    const table = asTable(nfa);
    const trimmed = trimNfa(table);
    // The same minimal DFA (canonical numbering), so the same language.
    assert.deepEqual(minimise(determiniseTable(trimmed).dfa!), minimise(determiniseTable(table).dfa!), `seed ${seed}`);
    // Forward search in the table: which states reach an accepting one.
    const canAccept = (from: number) => {
      const seen = new Set([from]);
      for (const q of seen) {
        if (table.accepting[q]) return true;
        for (let e = table.edgeStart[q]!; e < table.edgeStart[q + 1]!; e++) seen.add(table.succ[e]!);
      }
      return false;
    };
    for (let e = 0; e < trimmed.succ.length; e++) assert.ok(canAccept(trimmed.succ[e]!), `seed ${seed}: an edge to a dead state`);
    for (const q of trimmed.starts) assert.ok(canAccept(q), `seed ${seed}: a dead start`);
    dropped += table.succ.length - trimmed.succ.length;
    // The start loop against plain sets: at the start set, letter 1 stays there.
    const looped = determiniseTable(table, { startLoop: 1 }).dfa!;
    const startSet = [...new Set(table.starts)].sort((x, y) => x - y).join(',');
    for (const w of wordsUpTo(nfa.alphabetSize, 6)) {
      let cur = new Set(table.starts);
      for (const a of w) {
        if (a === 1 && [...cur].sort((x, y) => x - y).join(',') === startSet) continue;
        const next = new Set<number>();
        for (const q of cur) for (let e = table.edgeStart[q]!; e < table.edgeStart[q + 1]!; e++) if (table.letter[e] === a) next.add(table.succ[e]!);
        cur = next;
      }
      assert.equal(looped.accepts(w), [...cur].some((q) => table.accepting[q] === 1), `seed ${seed} word ${w.join('')}`);
    }
  }
  assert.ok(dropped > 0, 'some edges were dead');
});

test('determiniseTable with a companion DFA stops at the shortlex-least word where the NFA rejects and the companion accepts', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const nfa = randomNfa(seed, 7, 2, 0.2);
    // Companion: words of even length ending in letter 1; state = length parity + 2 * last letter.
    const companion = Dfa.from(4, 2, (s, a) => ((s % 2) ^ 1) + 2 * a, (s) => (s === 2 ? 1 : 0), 0);
    const r = determiniseTable(asTable(nfa), { companion, stop: (tag, acc) => companion.output[tag] !== 0 && !acc });
    const expected = wordsUpTo(2, 9).find((w) => w.length > 0 && w.length % 2 === 0 && w[w.length - 1] === 1 && !nfa.accepts(w));
    if (expected === undefined) assert.ok(r.witness === undefined || r.witness.length > 9, `seed ${seed}`);
    else assert.deepEqual(r.witness, expected, `seed ${seed}`);
  }
});
