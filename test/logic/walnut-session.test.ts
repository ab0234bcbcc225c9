/**
 * Issue 33 part 1: Walnut's test, inf, ost and draw commands, the `:` / `::` terminators, and a
 * session's definitions and results kept in its library folder. The conformance suite has no case of
 * these commands, so they are checked against brute force and against built-in systems here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Dfa } from '../../src/automata/dfa.js';
import { minimise } from '../../src/automata/minimise.js';
import { counterexample } from '../../src/automata/ops.js';
import { NumerationSystem } from '../../src/numeration/system.js';
import { firstAccepted, infiniteFamily } from '../../src/logic/enumerate.js';
import { normaliseFraction, ostrowskiAutomata, placeValues } from '../../src/logic/ostrowski.js';
import { Session } from '../../src/logic/session.js';

test('test NAME n: the first n tuples shortlex, one word per tuple (0 listed, unlike Walnut, as one zero letter)', () => {
  const s = new Session();
  s.run('def even "Ek n=2*k";');
  assert.deepEqual(s.run('test even 5;').output, ['0', '10', '100', '110', '1000']);
  // Fewer than asked: Walnut's sentence first, then all of them.
  s.run('def small "?msd_fib x<3";');
  assert.deepEqual(s.run('test small 9;').output, ['small only accepts 3 inputs, which are as follows: ', '0', '1', '10']);
  // Two tracks: letters [x, y], shortlex by letter x + 2y; leading [0, 0] dropped: (0,1), (1,2), (2,3), (3,4).
  s.run('def succ "y=x+1";');
  assert.deepEqual(s.run('test succ 4;').data?.['accepted'], ['[0, 1]', '[0, 1][1, 0]', '[1, 1][0, 1]', '[0, 1][1, 0][1, 0]']);
  assert.throws(() => s.run('test nothing 3;'), /no automaton named \$nothing/);
});

/** Shortlex brute force: all words up to `max` letters, accepted ones in order. */
function bruteForce(dfa: Dfa, count: number, max: number): number[][] {
  const out: number[][] = [];
  let layer: number[][] = [[]];
  for (let len = 0; len <= max && out.length < count; len++) {
    for (const w of layer) if (out.length < count && dfa.accepts(w)) out.push(w);
    layer = layer.flatMap((w) => Array.from({ length: dfa.alphabetSize }, (_, L) => [...w, L]));
  }
  return out;
}

test('firstAccepted agrees with a shortlex brute force on random automata, finite and infinite', () => {
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let trial = 0; trial < 60; trial++) {
    const n = 1 + rand(6);
    const k = 1 + rand(3);
    const delta = Array.from({ length: n * k }, () => rand(n));
    const out = Array.from({ length: n }, () => (rand(3) === 0 ? 1 : 0));
    const dfa = Dfa.from(n, k, (s, L) => delta[s * k + L]!, (s) => out[s]!);
    // Words longer than 8 letters are past what the brute force reaches; ask only for those it sees.
    const want = bruteForce(dfa, 25, 8);
    assert.deepEqual(firstAccepted(dfa, want.length), want, `trial ${trial}`);
  }
});

test('inf NAME: finitely many, or prefix(cycle)*suffix whose words are all accepted', () => {
  const s = new Session();
  s.run('def small "x<5";');
  assert.deepEqual(s.run('inf small;').output, ['Automaton small accepts finitely many values.']);
  // Leading zeros do not make a finite set infinite.
  s.run('def five "x=5";');
  assert.equal(s.run('inf five;').data?.['infinite'], false);
  s.run('def big "?msd_fib x>y+3";');
  const r = s.run('inf big;');
  assert.equal(r.data?.['infinite'], true);
  const m = /^((?:\[[^\]]*\])*)\(((?:\[[^\]]*\])+)\)\*((?:\[[^\]]*\])*)$/.exec(r.output![0]!);
  assert.ok(m, r.output![0]);
  const letters = (t: string) => [...t.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!.split(', ').map(Number)).map(([x, y]) => x! + 2 * y!);
  const p = s.predicate('big')!;
  for (let k = 0; k < 4; k++) {
    const word = [...letters(m[1]!), ...Array.from({ length: k }, () => letters(m[2]!)).flat(), ...letters(m[3]!)];
    assert.ok(p.dfa.accepts(word), `k = ${k}`);
  }
  assert.equal(infiniteFamily(s.predicate('small')!), undefined);
});

/** The greedy (Ostrowski) expansion of n over the place values q, msd first, `len` digits. */
function greedy(n: bigint, q: bigint[], len: number): number[] {
  const digits: number[] = [];
  for (let i = len - 1; i >= 0; i--) {
    const d = n / q[i]!;
    digits.push(Number(d));
    n -= d * q[i]!;
  }
  assert.equal(n, 0n);
  return digits;
}

/** Every word of `len` digits below b. */
function allWords(b: number, len: number): number[][] {
  let words: number[][] = [[]];
  for (let i = 0; i < len; i++) words = words.flatMap((w) => Array.from({ length: b }, (_, d) => [...w, d]));
  return words;
}

const value = (w: number[], q: bigint[]) => w.reduce((acc, d, i) => acc + BigInt(d) * q[w.length - 1 - i]!, 0n);

for (const [pre, per] of [[[0, 3, 1], [1, 2]], [[0], [2]], [[0, 1, 2], [3, 1]], [[0, 2], [1]]] as const) {
  test(`ost [${pre.join(' ')}] [${per.join(' ')}]: validity = the greedy expansions, adder = x + y on all valid triples of 6 digits`, () => {
    const f = normaliseFraction(pre, per, 'ost');
    const a = ostrowskiAutomata(f);
    const b = a.dMax + 1;
    const len = 6;
    const q = placeValues(f, len + 1);
    const valid = allWords(b, len).filter((w) => a.validity.accepts(w));
    // Exactly one word per n < q_len, and it is the greedy one.
    assert.equal(BigInt(valid.length), q[len]);
    for (const w of valid) assert.deepEqual(greedy(value(w, q), q, len), w);
    const letter = (x: number[], y: number[], z: number[], i: number) => x[i]! + b * y[i]! + b * b * z[i]!;
    for (const x of valid) {
      for (const y of valid) {
        const sum = value(x, q) + value(y, q);
        for (const z of valid) {
          const word = x.map((_, i) => letter(x, y, z, i));
          assert.equal(a.addition.accepts(word), value(z, q) === sum, `${x} + ${y} = ${z}`);
        }
      }
    }
    // A triple with an invalid word is refused.
    const bad = allWords(b, len).find((w) => !a.validity.accepts(w))!;
    const zero = new Array<number>(len).fill(0);
    assert.equal(a.addition.accepts(bad.map((_, i) => letter(bad, zero, bad, i))), false);
  });
}

test('ost with the golden ratio is Zeckendorf: its validity and adder are msd_fib\'s', () => {
  for (const [pre, per] of [[[0, 1], [1]], [[0], [1]]] as const) {
    const a = ostrowskiAutomata(normaliseFraction(pre, per, 'ost'));
    const fib = NumerationSystem.byName('msd_fib');
    assert.equal(a.dMax, 1);
    assert.equal(counterexample(minimise(a.validity), minimise(fib.validity())), undefined);
    assert.equal(counterexample(minimise(a.addition), minimise(fib.addition())), undefined);
  }
});

test('ost in a session: msd_NAME usable at once, formulas agree with msd_fib, and the files are Walnut\'s two', () => {
  const files = new Map<string, string>();
  const s = new Session({ writeFile: (p, t) => files.set(p, t), readFile: (p) => files.get(p) });
  const r = s.run('ost goldenw [0 1] [1];');
  assert.deepEqual([...files.keys()].filter((p) => p.startsWith('Custom Bases/')), ['Custom Bases/msd_goldenw.txt', 'Custom Bases/msd_goldenw_addition.txt']);
  assert.match(files.get('Custom Bases/msd_goldenw.txt')!, /^\{0, 1\} /);
  assert.match(r.output![0]!, /\[0; 2, \(1\)\*\]/);
  const mine = s.run('def e "?msd_goldenw Ey x=2*y+1";').predicate!;
  const theirs = s.run('def f "?msd_fib Ey x=2*y+1";').predicate!;
  assert.equal(counterexample(mine.dfa, theirs.dfa), undefined);
  assert.equal(s.run('eval g "?msd_goldenw Ax,y x+y=y+x";').result, true);
  // The same definition again is fine; other digits under the same name are refused (Walnut: "already exists").
  s.run('ost goldenw [0 1] [1];');
  assert.throws(() => s.run('ost goldenw [0] [2];'), /already exists/);
});

test('terminators: ; no steps, : the steps, :: the steps and Result/NAME_detailed_log.txt with every intermediate automaton', () => {
  const files = new Map<string, string>();
  const s = new Session({ writeFile: (p, t) => files.set(p, t) });
  assert.equal(s.run('eval a "Ex y=x+1";').show, undefined);
  const b = s.run('eval b "Ex y=x+1":');
  assert.equal(b.show, 'steps');
  assert.ok(b.steps!.length > 0);
  assert.equal(files.has('Result/b_detailed_log.txt'), false);
  const c = s.run('eval c "Ex y=x+1"::');
  assert.equal(c.show, 'details');
  const log = files.get('Result/c_detailed_log.txt')!;
  assert.equal((log.match(/^\S+:\d+ states$/gm) ?? []).length, c.steps!.length);
  assert.match(log, /^msd_2/m);
  assert.match(files.get('Result/c_log.txt')!, /^Ex:\d+ states$/m);
});

test('reg and word automata show their tracks\' systems, not internal names', () => {
  const s = new Session();
  const r = s.run('reg t msd_2 "0*1";');
  assert.deepEqual(r.variables, []);
  assert.deepEqual(r.tracks, ['msd_2']);
  assert.deepEqual(s.run('def u "x<y";').variables, ['x', 'y']);
});

test('a library folder keeps definitions for the next session: $NAME, words, macros, morphisms; draw writes Result/NAME.gv', () => {
  const root = mkdtempSync(join(tmpdir(), 'walnut-lib-'));
  const first = new Session({ root, save: true });
  first.run('def odd "Ek n=2*k+1";');
  first.run('macro par "Ek %0=2*k";');
  first.run('morphism tm "0->01 1->10";');
  first.run('promote TM tm;');
  first.run('eval done "An $odd(n) | #par(n)";');
  assert.deepEqual(first.run('draw $odd;').output, ['wrote Result/odd.gv']);
  assert.match(readFileSync(join(root, 'Result', 'odd.gv'), 'utf8'), /digraph/);
  for (const f of ['Automata Library/odd.txt', 'Macro Library/par.txt', 'Morphism Library/tm.txt', 'Word Automata Library/TM.txt', 'Result/done.txt', 'Result/TM.txt']) {
    assert.ok(existsSync(join(root, f)), f);
  }
  const second = new Session({ root, save: true });
  assert.equal(second.run('eval again "An $odd(n) | #par(n)";').result, true);
  // Thue–Morse has no cube of a letter.
  assert.equal(second.run('eval tm "Ei TM[i]=TM[i+1] & TM[i+1]=TM[i+2]";').result, false);
  assert.equal(second.run('image TM2 tm TM;').states > 0, true);
  assert.deepEqual(second.run('test odd 2;').output, ['1', '11']);
  // Without save the root is only read.
  const readOnly = new Session({ root });
  readOnly.run('def other "x=1";');
  assert.equal(existsSync(join(root, 'Automata Library', 'other.txt')), false);
});
