/**
 * Walnut's automaton commands and the DFAO terms: every language operation against the set of
 * words it should accept (all words up to length 6 of random small automata), DFAO reversal and
 * base conversion against direct evaluation, DFAO arithmetic against brute force.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dfa } from '../../src/automata/dfa.js';
import { concatenate, kleeneStar, leftQuotient, reverseMoore, rightQuotient } from '../../src/automata/language.js';
import { NumerationSystem } from '../../src/numeration/system.js';
import { Session, commandDot } from '../../src/logic/session.js';

/** A reproducible pseudo-random generator (LCG). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomDfa(r: () => number, n: number, k: number, outputs = 2): Dfa {
  return Dfa.from(n, k, () => Math.floor(r() * n), () => Math.floor(r() * outputs));
}

/** All words over 0..k-1 of length <= max. */
function words(k: number, max: number): number[][] {
  const out: number[][] = [[]];
  for (let i = 0; out[i] !== undefined; i++) {
    const w = out[i]!;
    if (w.length < max) for (let a = 0; a < k; a++) out.push([...w, a]);
  }
  return out;
}

const K = 2;
const MAX = 6;
const all = words(K, MAX);
const splits = (w: number[]) => Array.from({ length: w.length + 1 }, (_, i) => [w.slice(0, i), w.slice(i)] as const);

test('concatenation, star and quotients agree with their definitions on all words up to length 6 (random automata)', () => {
  const r = rng(7);
  for (let trial = 0; trial < 25; trial++) {
    const a = randomDfa(r, 1 + Math.floor(r() * 3), K);
    const b = randomDfa(r, 1 + Math.floor(r() * 3), K);
    const cat = concatenate([a, b]);
    const star = kleeneStar(a);
    const rq = rightQuotient(a, b);
    const lq = leftQuotient(a, b);
    // A word of length <= 6 is in L(a)*: split into non-empty pieces of L(a) (memoised over prefixes).
    const inStar = (w: number[]) => {
      const ok = [true];
      for (let j = 1; j <= w.length; j++) ok[j] = Array.from({ length: j }, (_, i) => ok[i] && a.accepts(w.slice(i, j))).some(Boolean);
      return ok[w.length]!;
    };
    // With at most 3 states each, a shortest witness u has at most 9 letters (pairs of states).
    const suffixes = words(K, 9);
    for (const w of all) {
      assert.equal(cat.accepts(w), splits(w).some(([u, v]) => a.accepts(u) && b.accepts(v)), `concat ${w}`);
      assert.equal(star.accepts(w), inStar(w), `star ${w}`);
      if (w.length <= 4) {
        assert.equal(rq.accepts(w), suffixes.some((u) => b.accepts(u) && a.accepts([...w, ...u])), `rightquo ${w}`);
        assert.equal(lq.accepts(w), suffixes.some((u) => b.accepts(u) && a.accepts([...u, ...w])), `leftquo ${w}`);
      }
    }
  }
});

test('quotients: exact on a hand example (Walnut cases 590 and 598: (012)*2*1* by 2)', () => {
  // Letters 0, 1, 2; L = (012)* 2* 1*.
  const s = new Session();
  s.run('reg L {0,1,2} "(012)*2*1*";');
  s.run('reg two {0,1,2} "2";');
  const rq = s.run('rightquo R L two;').predicate!.dfa;
  const lq = s.run('leftquo Q L two;').predicate!.dfa;
  const re = (x: string) => new RegExp(`^(?:${x})$`);
  for (const w of words(3, 7)) {
    const text = w.join('');
    assert.equal(rq.accepts(w), re('(012)*2*|(012)*01').test(text), `rightquo ${text}`);
    assert.equal(lq.accepts(w), re('2*1*').test(text), `leftquo ${text}`);
  }
});

test('the reversal of a DFAO gives the same output on every reversed word (random Moore machines)', () => {
  const r = rng(11);
  for (let trial = 0; trial < 20; trial++) {
    const d = randomDfa(r, 1 + Math.floor(r() * 5), K, 3);
    const rev = reverseMoore(d);
    for (const w of all) assert.equal(rev.value([...w].reverse()), d.value(w));
  }
});

const thue = (n: number) => n.toString(2).split('').filter((c) => c === '1').length % 2;

function thueSession(): Session {
  const s = new Session();
  s.defineWord('T', { tracks: [{ name: '#00', system: NumerationSystem.byName('msd_2') }], dfa: Dfa.from(2, 2, (q, d) => q ^ d, (q) => q) });
  return s;
}

const digits = (n: number, b: number): number[] => (n === 0 ? [] : [...digits(Math.floor(n / b), b), n % b]);

test('reverse and convert of Thue–Morse: lsd_2, msd_4, msd_8 and lsd_4 readings give t(n) for n < 512', () => {
  const s = thueSession();
  const lsd = s.run('reverse TR T;').predicate!.dfa;
  const m4 = s.run('convert T4 msd_4 T;').predicate!.dfa;
  const m8 = s.run('convert T8 msd_8 T;').predicate!.dfa;
  const l4 = s.run('convert L4 lsd_4 T;').predicate!.dfa;
  const back = s.run('convert B2 msd_2 T8;').predicate!.dfa;
  for (let n = 0; n < 512; n++) {
    assert.equal(lsd.value(digits(n, 2).reverse()), thue(n));
    assert.equal(m4.value(digits(n, 4)), thue(n));
    assert.equal(m4.value([0, ...digits(n, 4)]), thue(n));
    assert.equal(m8.value(digits(n, 8)), thue(n));
    assert.equal(l4.value(digits(n, 4).reverse()), thue(n));
    assert.equal(back.value(digits(n, 2)), thue(n), `msd_8 -> msd_2 at ${n}`);
  }
  assert.throws(() => s.run('convert X msd_3 T;'), /Error converting automaton/);
  assert.throws(() => s.run('convert X msd_2 T;'), /Error converting automaton/);
});

test('combine: output v_i of the first predicate that holds, 0 elsewhere', () => {
  const s = new Session();
  s.run('def even "Ey x = 2*y";');
  s.run('def three "Ey x = 3*y";');
  const c = s.run('combine C even three=7;').predicate!.dfa;
  for (let n = 0; n < 100; n++) assert.equal(c.value(digits(n, 2)), n % 2 === 0 ? 1 : n % 3 === 0 ? 7 : 0);
});

test('DFAO values in arithmetic and comparisons, formulas as terms (brute force on [0, 32)^2)', () => {
  const s = thueSession();
  const word2 = (values: number[]) => {
    const len = 7;
    const reps = values.map((v) => [...new Array<number>(len - digits(v, 2).length).fill(0), ...digits(v, 2)]);
    return Array.from({ length: len }, (_, i) => reps.reduceRight((acc, r) => acc * 2 + r[i]!, 0));
  };
  const checks: [string, (a: number, b: number) => boolean][] = [
    ['T[a] + b = 1', (a, b) => thue(a) + b === 1],
    ['T[a] < b', (a, b) => thue(a) < b],
    ['T[a] + b > a', (a, b) => thue(a) + b > a],
    ['T[a] * 5 = b', (a, b) => thue(a) * 5 === b],
    ['T[a] + T[b] = 1', (a, b) => thue(a) + thue(b) === 1],
    ['T[a < 5] < b', (a, b) => a < 5 && thue(a) < b],
    ['T[a+1] = T[b]', (a, b) => thue(a + 1) === thue(b)],
    ['b - (T[a] + 1) = a', (a, b) => b - (thue(a) + 1) === a],
  ];
  for (const [f, brute] of checks) {
    const dfa = s.run(`eval q "${f}";`).predicate!.dfa;
    for (let a = 0; a < 32; a++) for (let b = 0; b < 32; b++) assert.equal(dfa.accepts(word2([a, b])), brute(a, b), `${f} at a=${a}, b=${b}`);
  }
});

test('the reversal operator ` turns an msd automaton into the lsd one of the same set', () => {
  const s = new Session();
  const p = s.run('eval q "`(a = 11)";').predicate!;
  assert.equal(p.tracks[0]!.system!.name, 'lsd_2');
  assert.ok(p.dfa.accepts([1, 1, 0, 1]));
  assert.ok(p.dfa.accepts([1, 1, 0, 1, 0, 0]));
  assert.ok(!p.dfa.accepts([1, 0, 1, 1]));
});

test('the quantifier I (Walnut, cases 520-522): whether the formula has infinitely many solutions, in msd, lsd and negative bases', () => {
  const s = new Session();
  const cases: [string, boolean][] = [
    ['Iy Ex x = 2*y', true],
    ['Iy y < 100', false],
    ['?lsd_2 Ix x < 7', false],
    ['?lsd_2 Ix x > 7', true],
    ['?msd_fib Ix x < 30', false],
    ['?msd_neg_2 Ix x < 0', true],
    ['?msd_neg_2 Ix x < 5 & x > _9', false],
    ['Ix x + y = z & z <= 5', false],
  ];
  for (const [f, want] of cases) assert.equal(s.run(`eval q "${f}";`).result, want, f);
});

test('split, rsplit and join move word automata between base −2 and base 2 (brute force on [−200, 200])', async () => {
  const { negabaseDigits } = await import('../../src/numeration/negative.js');
  const s = new Session();
  const neg2 = NumerationSystem.byName('msd_neg_2');
  const bin = NumerationSystem.byName('msd_2');
  // N[v]: 1 + parity of the 1s in the negabinary digits of v; B[x]: 1 + Thue–Morse in binary.
  const parity = (ds: number[]) => ds.filter((d) => d === 1).length % 2;
  s.defineWord('N', { tracks: [{ name: '#00', system: neg2 }], dfa: Dfa.from(2, 2, (q, d) => q ^ d, (q) => q + 1) });
  s.defineWord('B', { tracks: [{ name: '#00', system: bin }], dfa: Dfa.from(2, 2, (q, d) => q ^ d, (q) => q + 1) });
  const plus = s.run('split P N[+];').predicate!.dfa;
  const minus = s.run('split M N[-];').predicate!.dfa;
  const rplus = s.run('rsplit RP[+] B;').predicate!.dfa;
  const rminus = s.run('rsplit RM[-] B;').predicate!.dfa;
  const joined = s.run('join J RP[a] RM[a];').predicate!.dfa;
  for (let x = 0; x <= 200; x++) {
    assert.equal(plus.value(digits(x, 2)), 1 + parity(negabaseDigits(BigInt(x), 2)), `split + at ${x}`);
    assert.equal(minus.value(digits(x, 2)), 1 + parity(negabaseDigits(BigInt(-x), 2)), `split - at ${x}`);
  }
  for (let v = -200; v <= 200; v++) {
    const w = negabaseDigits(BigInt(v), 2);
    assert.equal(rplus.value(w), v >= 0 ? 1 + thue(v) : 0, `rsplit + at ${v}`);
    assert.equal(rminus.value(w), v <= 0 ? 1 + thue(-v) : 0, `rsplit - at ${v}`);
    assert.equal(joined.value(w), 1 + thue(Math.abs(v)), `join at ${v}`);
  }
});

test('fixleadzero, fixtrailzero and minimize: {w : 0^n w ∈ L}, {w : w 0^n ∈ L}, the same language', () => {
  const s = new Session();
  s.run('reg a msd_2 "000(10)*1";');
  s.run('reg b lsd_2 "1(01)*000";');
  const lead = s.run('fixleadzero c a;').predicate!.dfa;
  const trail = s.run('fixtrailzero d b;').predicate!.dfa;
  const min = s.run('minimize m a;').predicate!.dfa;
  const a = /^000(10)*1$/;
  const b = /^1(01)*000$/;
  for (const w of words(2, 9)) {
    const t = w.join('');
    assert.equal(lead.accepts(w), [0, 1, 2, 3].some((n) => a.test('0'.repeat(n) + t)), `fixleadzero ${t}`);
    assert.equal(trail.accepts(w), [0, 1, 2, 3].some((n) => b.test(t + '0'.repeat(n))), `fixtrailzero ${t}`);
    assert.equal(min.accepts(w), a.test(t));
  }
});

test('reg digit classes: ordinary ranges, and Walnut\'s code-point reading of digits outside the alphabet (cases 153-155)', () => {
  const s = new Session();
  const d10 = s.run('reg a msd_10 "[0-3][58]";').predicate!.dfa;
  for (let x = 0; x < 10; x++) for (let y = 0; y < 10; y++) assert.equal(d10.accepts([x, y]), x <= 3 && (y === 5 || y === 8));
  // {0,4,6,7}: 6 is the letter at position 2 (code point 130), 5 and 3 stay ASCII (53, 51), so
  // [5-6] and [3-6] both hold the letters 0, 4, 6.
  const q = s.run('reg b {0,4,6,7} "[5-6]";').predicate!.dfa;
  assert.deepEqual([0, 1, 2, 3].filter((L) => q.accepts([L])), [0, 1, 2]);
  // msd_5: [4-9] runs from code point 132 down to ASCII 57, an empty range.
  assert.equal(s.run('reg c msd_5 "[4-9]";').states, 1);
  assert.equal(s.run('eval t "Ex $c(x)";').result, false);
});

test('concat as Walnut reads it (case 603): every operand may also be empty, ε only when all hold it', () => {
  const s = new Session();
  s.run('reg a {0,1} "1";');
  s.run('reg b {0,1} "0";');
  s.run('reg c {0,1} "1*";');
  const ab = s.run('concat x a b;').predicate!.dfa;
  assert.deepEqual(words(2, 3).filter((w) => ab.accepts(w)).map((w) => w.join('')), ['0', '1', '10']);
  const cc = s.run('concat y c c;').predicate!.dfa;
  assert.ok(cc.accepts([]) && cc.accepts([1, 1, 1]) && !cc.accepts([0]));
});

test('a sentence is drawn as one state holding its truth, with no loop labelled by an empty tuple (issue 33)', () => {
  const s = new Session();
  for (const [text, truth] of [['eval f "?msd_2 E x x < 0";', 'false'], ['eval t "?msd_2 E x x = 0";', 'true']] as const) {
    const dot = commandDot(s.run(text));
    assert.match(dot, new RegExp(`s0 \\[label="${truth}"`));
    assert.doesNotMatch(dot, /->\s*s0 \[label/);
    assert.doesNotMatch(dot, /\[\]/);
    assert.equal(dot.includes('doublecircle'), truth === 'true');
  }
});
