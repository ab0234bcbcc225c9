import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Solver } from '../../src/core/solver.js';
import { parseSpec } from '../../src/spec/index.js';
import { SpecError } from '../../src/core/errors.js';
import type { RewriteGame } from '../../src/games/rewrite/game.js';

/** All words over `letters` of length exactly n. */
function* words(letters: string, n: number): Generator<string> {
  if (n === 0) {
    yield '';
    return;
  }
  for (const w of words(letters, n - 1)) for (const c of letters) yield w + c;
}

const count = (w: string, c: string) => [...w].filter((x) => x === c).length;

test('taking-and-merging Example 1: the printed play of {a -> ε, aa -> b} from baaabaab, checked move by move', () => {
  const g = parseSpec('rewrite:a->,aa->b') as RewriteGame;
  const legal = (from: string, to: string) => g.options(from).includes(to);
  // Printed: baaabaab -> baaabab -> babab -> bbab -> bbb. Steps 1, 3 and 4 are moves a -> ε.
  assert.ok(legal('baaabaab', 'baaabab'));
  assert.ok(legal('babab', 'bbab'));
  assert.ok(legal('bbab', 'bbb'));
  // Step 2 is not one move of the rules as written: aa -> b turns baaabab into bbabab (or babbab), which
  // encodes the same octal 0.37 position as babab (an empty heap between two b's), not babab itself.
  assert.ok(!legal('baaabab', 'babab'), 'the printed step 2 would need aa -> ε');
  assert.ok(legal('baaabab', 'bbabab'));
  // The literal play with the same heaps: four moves, ending in a final word.
  const play = ['baaabaab', 'baaabab', 'bbabab', 'bbbab', 'bbbb'];
  for (let i = 0; i + 1 < play.length; i++) assert.ok(legal(play[i]!, play[i + 1]!), `${play[i]} -> ${play[i + 1]}`);
  assert.deepEqual(g.options('bbbb'), [], 'bbbb is final');
  assert.deepEqual(g.options('bbb'), [], 'bbb is final');
});

/** S(w) = 2k + 2 α1 + α2 mod 4 over the blocks a^i of w, i mod 3 (taking-and-merging, section 3.2). */
function lemma9(w: string): number {
  const blocks = w.split('b');
  const k = blocks.length - 1;
  const alpha = (r: number) => blocks.filter((b) => b.length % 3 === r).length;
  const s = (2 * k + 2 * alpha(1) + alpha(2)) % 4;
  return [0, 2, 1, 3][s]!;
}

test('taking-and-merging Lemma 9: the Grundy value of {a, a2, b} is given by S(w), on every word up to length 11', () => {
  const s = new Solver();
  const g = parseSpec('rewrite:a,a2,b');
  for (let n = 0; n <= 11; n++) for (const w of words('ab', n)) assert.equal(s.grundy(g, w), lemma9(w), w);
  assert.equal(lemma9('aaaaabbabaa'), 1, 'the paper\'s example a^5 b^2 a b a^2 has S = 2, so G = 1');
});

test('taking-and-merging section 6: {a -> b, a -> ε, b -> ε} has G(w) = 2(|w|_a mod 2) + (|w|_b mod 2) (NOTES.md)', () => {
  const s = new Solver();
  const g = parseSpec('rewrite:a->b,a,b');
  for (let n = 0; n <= 9; n++) for (const w of words('ab', n)) assert.equal(s.grundy(g, w), 2 * (count(w, 'a') % 2) + (count(w, 'b') % 2), w);
});

test('taking-and-merging section 3.1: {a, a3, b} has G = (|w|_a + |w|_b) mod 2', () => {
  const s = new Solver();
  const g = parseSpec('rewrite:a,a3,b');
  for (let n = 0; n <= 10; n++) for (const w of words('ab', n)) assert.equal(s.grundy(g, w), w.length % 2, w);
});

test('rule sets that visibly never end are refused; others that do not shorten need a depth bound', () => {
  assert.throws(() => parseSpec('rewrite:ab->ba,ba->ab'), (e: unknown) => e instanceof SpecError && /cycle/.test(e.message));
  assert.throws(() => parseSpec('rewrite:a->ab'), (e: unknown) => e instanceof SpecError && /applied forever/.test(e.message));
  assert.throws(() => parseSpec('rewrite:ab->ba'), (e: unknown) => e instanceof SpecError && /--max-depth/.test(e.message));
  // ab -> ba sorts the word: every move removes one pair (a before b), so G = number of inversions mod 2.
  const sorter = parseSpec('rewrite:ab->ba', { allowUnboundedRewriting: true });
  const s = new Solver({ maxDepth: 100 });
  const inversions = (w: string) => [...w].reduce((acc, c, i) => acc + (c === 'a' ? count(w.slice(i), 'b') : 0), 0);
  for (let n = 0; n <= 8; n++) for (const w of words('ab', n)) assert.equal(s.grundy(sorter, w), inversions(w) % 2, w);
});

test('words are written with exponents: a5b2aba2 is aaaaabbabaa, and "" and ε are the empty word', () => {
  const g = parseSpec('rewrite:a,a2,b');
  assert.equal(g.domain.parse('a5b2aba2'), 'aaaaabbabaa');
  assert.equal(g.domain.parse(''), '');
  assert.equal(g.domain.parse('""'), '');
  assert.equal(g.domain.parse('ε'), '');
  assert.equal(g.domain.format('aaaaabbabaa'), 'a5b2aba2');
});
