/**
 * Walnut's standard word automata without a library folder (issue 23 item 4): each built by sprague's
 * own morphism/promote/image or reg/combine commands, checked letter by letter against its first 1000
 * letters computed here from the definition, and, when Walnut's conformance suite is beside the
 * repository, against the automata Walnut itself uses (as Moore machines).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, standardWord } from '../../src/logic/session.js';
import { STANDARD_WORDS } from '../../src/logic/standard-words.js';
import { parseWalnutAutomaton } from '../../src/logic/walnut-format.js';
import { counterexample } from '../../src/automata/ops.js';
import { minimise } from '../../src/automata/minimise.js';
import { NumerationSystem } from '../../src/numeration/system.js';

const N = 1000;
const range = Array.from({ length: N }, (_, n) => n);
const popcount = (n: number) => n.toString(2).split('').filter((c) => c === '1').length;

/** The limit of s_{k+1} = s_k s_{k-1} ... s_{k-r+1}, from the given first words, to N letters. */
function concatenationLimit(first: string[]): number[] {
  const s = [...first];
  while (s.at(-1)!.length < N) s.push(s.slice(-first.length).reverse().join(''));
  return [...s.at(-1)!.slice(0, N)].map(Number);
}

/** The definitions, written out independently of the morphisms and expressions the words are built from. */
const definitions: Record<string, { system: string; letters: number[] }> = {
  T: { system: 'msd_2', letters: range.map((n) => popcount(n) % 2) },
  // Fibonacci word: s_0 = 0, s_1 = 01, s_{k+1} = s_k s_{k-1}.
  F: { system: 'msd_fib', letters: concatenationLimit(['0', '01']) },
  // Tribonacci word: t_0 = 0, t_1 = 01, t_2 = 0102, t_{k+1} = t_k t_{k-1} t_{k-2}.
  TR: { system: 'msd_trib', letters: concatenationLimit(['0', '01', '0102']) },
  // Rudin–Shapiro: the number of (possibly overlapping) blocks 11 in binary, mod 2 (Walnut's 0/1 letters for +1/-1).
  RS: { system: 'msd_2', letters: range.map((n) => [...n.toString(2)].filter((c, i, a) => c === '1' && a[i + 1] === '1').length % 2) },
  // Period doubling, Walnut's letters: 1 iff the 2-adic valuation of n+1 is even.
  PD: { system: 'msd_2', letters: range.map((n) => { let v = 0; for (let m = n + 1; m % 2 === 0; m /= 2) v++; return v % 2 === 0 ? 1 : 0; }) },
  // Regular paperfolding: n = 2^k (2j+1) gives j mod 2; P[0] = 0.
  P: { system: 'msd_2', letters: range.map((n) => { if (n === 0) return 0; let m = n; while (m % 2 === 0) m /= 2; return ((m - 1) / 2) % 2; }) },
};

test('concatenationLimit is the Fibonacci and Tribonacci words (their first letters, by hand)', () => {
  assert.equal(definitions.F!.letters.slice(0, 13).join(''), '0100101001001');
  assert.equal(definitions.TR!.letters.slice(0, 13).join(''), '0102010010201');
});

for (const [name, def] of Object.entries(definitions)) {
  test(`standard word ${name}: built from its morphism or definition, its first ${N} letters in ${def.system} are the definition's`, () => {
    const w = standardWord(name)!;
    assert.ok(w, name);
    assert.equal(w.tracks.length, 1);
    const system = w.tracks[0]!.system!;
    assert.equal(system.name, def.system);
    def.letters.forEach((a, n) => assert.equal(w.dfa.value(system.represent(n)), a, `${name}[${n}]`));
    // Walnut reads padded representations too: leading zeros (msd) change nothing.
    for (const n of [0, 1, 37, 999]) assert.equal(w.dfa.value([0, 0, ...system.represent(n)]), def.letters[n], `${name}[${n}] padded`);
  });
}

test("standard word PF: Walnut's paperfolding by folds, PF[f][n] = f_k (-1)^j for n = 2^k (2j+1), read lsd beside the folds", () => {
  const w = standardWord('PF')!;
  assert.deepEqual(w.tracks.map((t) => t.system?.name ?? `{${t.alphabet!.join(',')}}`), ['{-1,1}', 'lsd_2']);
  // Letter index: the first track varies fastest (fold -1 -> 0, 1 -> 1), then the bit.
  const letter = (f: number, bit: number) => (f === 1 ? 1 : 0) + 2 * bit;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let trial = 0; trial < 20; trial++) {
    const folds = Array.from({ length: 14 }, () => (random() < 0.5 ? -1 : 1));
    for (let n = 0; n < N; n++) {
      let expected = 0;
      if (n > 0) {
        let k = 0;
        while ((n >> k) % 2 === 0) k++;
        expected = folds[k]! * ((n >> (k + 1)) % 2 === 0 ? 1 : -1);
      }
      const bits = [...n.toString(2)].reverse().map(Number);
      const word = [...bits, 0, 0].map((b, i) => letter(folds[i]!, b));
      assert.equal(w.dfa.value(word.slice(0, bits.length)), expected, `PF[${folds.join(',')}][${n}]`);
      assert.equal(w.dfa.value(word), expected, `PF[...][${n}] with trailing zeros`);
    }
  }
  // All folds 1 is the regular paperfolding word, in ±1 letters: P[n] = 1 exactly where PF = -1.
  const p = definitions.P!.letters;
  for (let n = 1; n < 200; n++) {
    const bits = [...n.toString(2)].reverse().map(Number);
    assert.equal(w.dfa.value(bits.map((b) => letter(1, b))), p[n] === 1 ? -1 : 1, `n = ${n}`);
  }
});

test('standard words in formulas with no library folder, and what shadows them', () => {
  const s = new Session();
  // Thue–Morse is overlap-free, and T[n] = 1 - T[2n+1].
  assert.equal(s.run('eval t "~Ei,n n>=1 & At t<=n => T[i+t]=T[i+n+t]";').result, true);
  assert.equal(s.run('eval t "An T[n]!=T[2*n+1]";').result, true);
  assert.equal(s.run('eval t "?msd_fib An F[n]=@1 => F[n+1]=@0";').result, true);
  assert.equal(s.run('eval t "?msd_trib En TR[n]=@2";').result, true);
  // A word defined in the session comes first.
  s.run('morphism m "0->00 1->11";');
  s.run('promote T m;');
  assert.equal(s.run('eval t "An T[n]=@0";').result, true);
  // So does a library folder's file (Walnut's own, when a user has one).
  const lib = new Session({ readFile: (path) => (path === 'Word Automata Library/T.txt' ? 'msd_2\n\n0 1\n0 -> 0\n1 -> 0\n' : undefined) });
  assert.equal(lib.run('eval t "An T[n]=@1";').result, true);
  assert.equal(new Session().run('eval t "An T[n]=@1";').result, false);
});

test('every standard word has its description and commands, and an unknown name is still an error', () => {
  for (const [name, w] of Object.entries(STANDARD_WORDS)) {
    assert.ok(w.about.length > 10, name);
    assert.match(w.commands.at(-1)!, new RegExp(`^\\w+ ${name} `), `${name}'s last command defines it`);
    assert.ok(standardWord(name), name);
  }
  assert.equal(standardWord('NOPE'), undefined);
  assert.equal(standardWord('toString'), undefined);
  assert.throws(() => new Session().run('eval t "En NOPE[n]=@1";'), /NOPE/);
});

// Walnut's own automata, when its conformance suite is beside the repository (or named by SPRAGUE_WALNUT_CONFORMANCE).
const suite = process.env['SPRAGUE_WALNUT_CONFORMANCE'] ?? fileURLToPath(new URL('../../../../shared/walnut-conformance', import.meta.url));
const present = existsSync(join(suite, 'setup.jsonl'));

test("the standard words are Walnut's own automata (T, F, TR, PF from its library; RS, PD, P as its test setup writes them)", { skip: present ? false : `no Walnut conformance suite at ${suite}` }, () => {
  const files = new Map<string, string>();
  for (const name of ['T', 'F', 'TR', 'PF']) files.set(name, readFileSync(join(suite, 'fixtures', 'Word Automata Library', `${name}.txt`), 'utf8'));
  for (const line of readFileSync(join(suite, 'setup.jsonl'), 'utf8').split('\n').filter(Boolean)) {
    const step = JSON.parse(line) as { action: string; path?: string; content?: string };
    const m = step.action === 'write_file' ? /Word Automata Library\/(RS|PD|P)\.txt$/.exec(step.path ?? '') : null;
    if (m) files.set(m[1]!, step.content!);
  }
  assert.deepEqual([...files.keys()].sort(), ['F', 'P', 'PD', 'PF', 'RS', 'T', 'TR']);
  for (const [name, text] of files) {
    const walnut = parseWalnutAutomaton(text, (n) => (NumerationSystem.isKnown(n) ? NumerationSystem.byName(n) : undefined));
    const ours = standardWord(name)!;
    const header = (t: (typeof ours.tracks)[number]) => t.system?.name ?? `{${[...t.alphabet!].sort((a, b) => a - b).join(',')}}`;
    assert.deepEqual(ours.tracks.map(header), walnut.tracks.map(header), `${name}: tracks`);
    assert.equal(counterexample(minimise(ours.dfa), minimise(walnut.dfa)), undefined, `${name}: same outputs on every word`);
  }
});
