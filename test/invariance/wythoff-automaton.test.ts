/**
 * Maharaja Nim, Question 1 (seed: maharaja-nim, section 1: is deciding a P-position polynomial in
 * log(xy)?): yes. Its P-positions are the relation of a 577-state Fibonacci automaton (shipped in
 * data/wythoff-automata/maharaja, learned from the table of 2^24 columns: bench/wythoff-automaton.ts), and the
 * logic engine proves, for all x and y, that the relation is the set of P-positions. Checked here: the proof
 * (every sentence holds), the automaton against the column table and against the paper's dictionary process
 * (the telescope oracle, an independent program) at random columns up to 10^30, a damaged automaton whose
 * proof fails, the learner on Wythoff Nim itself, and that learning again gives the shipped files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wythoffFamilyTable } from '../../src/analysis/wythoff-table.js';
import { TelescopeOracle } from '../../src/analysis/maharaja-oracle.js';
import { MAHARAJA } from '../../src/analysis/maharaja-dictionaries.js';
import { automatonPartner, bandOffsets, fibonacciShift, learnWythoffAutomaton, proofCommands, proveWythoffAutomaton, readWalnutDfao, shippedWythoffAutomaton, walnutLibrary } from '../../src/invariance/wythoff-automaton.js';
import { runCli } from '../helpers/cli.js';
import { Session } from '../../src/logic/session.js';

const root = new URL('../../../data/wythoff-automata/maharaja/', import.meta.url);
const FILES = ['Word Automata Library/MH.txt', 'Automata Library/sh.txt', 'Command Files/MH-proof.txt', 'automaton.json'];
const shipped = (): Record<string, string> => Object.fromEntries(FILES.map((f) => [f, readFileSync(fileURLToPath(new URL(f, root)), 'utf8')]));

/** The shipped automaton's outputs: k stands for the k-th band offset code of the proof's definition of P. */
const CODES = [-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

test('maharaja-nim Question 1: the shipped automaton is proved to be the P-positions of Maharaja Nim (every sentence of the proof holds)', () => {
  const files = shipped();
  // The proof's text is the one the code writes for Maharaja's moves and these codes, not a hand-edited one.
  assert.equal(files['Command Files/MH-proof.txt'], proofCommands({ codes: CODES, extraMoves: [[1, 2]] }));
  const r = proveWythoffAutomaton(files);
  assert.deepEqual(
    r.sentences.map((s) => s.name),
    ['function', 'unique', 'symmetric', 'nodiagonal', 'noextra0', 'noextra1', 'reach'],
  );
  assert.ok(r.proved, JSON.stringify(r.sentences));
  assert.equal(readWalnutDfao(files['Word Automata Library/MH.txt']!).output.length, 577);
});

test('a damaged automaton is not proved: one state\'s offset changed makes a sentence fail', () => {
  const files = shipped();
  const dfao = readWalnutDfao(files['Word Automata Library/MH.txt']!);
  // A state reached by many columns (the one after reading "10"): its offset moved by one.
  const q = dfao.next[2 * dfao.next[2 * 0 + 1]! + 0]!;
  const damaged = { ...dfao, output: dfao.output.map((v, i) => (i === q ? (v + 2) % 16 : v)) };
  const lib = walnutLibrary({ extraMoves: [[1, 2]], dfao: damaged, codes: CODES, columns: 0, checked: 0, rounds: [] });
  assert.equal(proveWythoffAutomaton(lib).proved, false);
});

test('the shipped automaton gives every P-position of the column table below 10^6 and the telescope oracle\'s at random columns up to 10^30', () => {
  const a = { dfao: readWalnutDfao(shipped()['Word Automata Library/MH.txt']!), codes: CODES };
  const col = wythoffFamilyTable([[1, 2]], 1_000_000).col;
  let checked = 0;
  for (let x = 0; x < col.length; x++) {
    if (col[x]! < 0) continue;
    assert.equal(automatonPartner(a, BigInt(x)), BigInt(col[x]!), `column ${x}`);
    checked++;
  }
  assert.ok(checked > 600_000);
  const oracle = new TelescopeOracle(MAHARAJA);
  let seed = 12345n;
  for (let i = 0; i < 60; i++) {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    const x = (seed * 10n ** 30n) / 2n ** 64n + BigInt(i);
    assert.equal(automatonPartner(a, x), oracle.column(x), `column ${x}`);
  }
});

test('learning Maharaja Nim again from 2^24 columns gives the shipped library byte for byte', () => {
  const a = learnWythoffAutomaton([[1, 2]], 1 << 24);
  assert.deepEqual(a.rounds.map((r) => r.states), [548, 575, 576, 577]);
  assert.deepEqual(a.codes, CODES);
  assert.deepEqual(walnutLibrary(a), shipped());
});

test('(2,3)-Maharaja Nim (maharaja-nim, section 5, proved polylogarithmic by hand): a 100-state automaton, proved; its upper P-positions are y = σ(x) + c with |c| <= 2 (Conjecture 4.1 for this pair)', () => {
  const a = learnWythoffAutomaton([[2, 3]], 1 << 22);
  assert.equal(a.dfao.output.length, 100);
  assert.deepEqual([a.codes[0]! >> 1, a.codes.at(-1)! >> 1], [-2, 2]);
  assert.ok(proveWythoffAutomaton(walnutLibrary(a)).proved);
  const col = wythoffFamilyTable([[2, 3]], 200_000).col;
  for (let x = 0; x < col.length; x += 7) if (col[x]! >= 0) assert.equal(automatonPartner(a, BigInt(x)), BigInt(col[x]!));
});

test('the learner finds and proves Wythoff Nim itself (no extra move: every P-position on its band with offset 0)', () => {
  const a = learnWythoffAutomaton([], 1 << 14);
  assert.equal(a.rounds.at(-1)!.disagreements, 0);
  const r = proveWythoffAutomaton(walnutLibrary(a));
  assert.ok(r.proved, JSON.stringify(r.sentences));
  const col = wythoffFamilyTable([], 5000).col;
  for (let x = 0; x < 5000; x++) if (col[x]! >= 0) assert.equal(automatonPartner(a, BigInt(x)), BigInt(col[x]!));
});

test('the proof\'s sh is σ: a function, and sh(x, σ(x)) for every x below 300 (so the offsets are offsets from φx + O(1))', () => {
  const files = shipped();
  const session = new Session({ readFile: (path) => files[path] });
  assert.equal(session.run('eval shfunction "?msd_fib Ax (Ey $sh(x,y)) & (Ay,z ($sh(x,y) & $sh(x,z)) => y=z)";').result, true);
  const pairs = Array.from({ length: 300 }, (_, x) => `$sh(${x},${fibonacciShift(x)})`).join(' & ');
  assert.equal(session.run(`eval shvalues "?msd_fib ${pairs}";`).result, true);
  assert.equal(session.run('eval shwrong "?msd_fib $sh(4,6)";').result, false);
});

test('σ, the Fibonacci shift, and the band offsets of Maharaja Nim stay in [-3, 4] below 10^6 (Theorem 1.2, bounded)', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map(fibonacciShift), [0, 2, 3, 5, 7, 8, 10, 11, 13]);
  const o = bandOffsets(wythoffFamilyTable([[1, 2]], 1_000_000).col).filter((v) => v !== -(2 ** 31));
  assert.deepEqual([o.reduce((a, b) => Math.min(a, b)) >> 1, o.reduce((a, b) => Math.max(a, b)) >> 1], [-3, 4]);
});

test('the shipped automata are found by their moves and read back as written; telescope --automaton answers with them as the dictionary process does', () => {
  const m = shippedWythoffAutomaton([[2, 1]])!;
  assert.equal(m.automaton.dfao.output.length, 577);
  assert.deepEqual(walnutLibrary(m.automaton), shipped());
  const m23 = shippedWythoffAutomaton([[2, 3]])!;
  assert.equal(m23.automaton.dfao.output.length, 100);
  assert.ok(proveWythoffAutomaton(walnutLibrary(m23.automaton)).proved);
  assert.equal(shippedWythoffAutomaton([[1, 3]]), undefined);
  for (const spec of ['maharaja', 'wythoff+2,3']) {
    const x = '98765432109876543210987654321098765432109876543210';
    const a = runCli(['telescope', x, '--spec', spec, '--automaton', '--json']);
    const b = runCli(['telescope', x, '--spec', spec, '--json']);
    assert.equal(a.status, 0, a.stderr);
    assert.deepEqual(a.lines, b.lines);
  }
  const none = runCli(['telescope', '5', '--spec', 'wythoff', '--automaton']);
  assert.equal(none.status, 2);
  assert.match(none.stderr, /no proved automaton shipped for wythoff/);
});
