/**
 * Walnut's incidence matrices (`eval NAME i n "φ"`): the Maple text itself is read back and
 * multiplied out. v · M_{d1} · … · M_{dk} · w must equal the number of accepted words whose listed
 * tracks read d1 … dk (checked by enumerating every word), and after Walnut's fix-up (v := v · M_0^Q)
 * the number of solutions of φ for the listed values (checked against arithmetic).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Session, type CommandResult } from '../../src/logic/session.js';
import { radixOf } from '../../src/logic/predicate.js';
import { formatMaple, incidenceMatrices } from '../../src/logic/incidence.js';

interface Maple {
  v: number[];
  w: number[];
  matrices: Map<string, number[][]>;
  fixup: string;
}

/** Reads back the Maple text (independently of how it was written). */
function parseMaple(text: string): Maple {
  const nums = (s: string) => s.split(',').map(Number);
  const v = nums(/^v := Vector\[row\]\(\[([^\]]*)\]\);$/m.exec(text)![1]!);
  const w = nums(/^w := Vector\[column\]\(\[([^\]]*)\]\);$/m.exec(text)![1]!);
  const matrices = new Map<string, number[][]>();
  for (const m of text.matchAll(/^(M_\S+) := Matrix\(\[([\s\S]*?)\]\);$/gm)) {
    matrices.set(m[1]!, [...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((r) => nums(r[1]!)));
  }
  const fixup = /^for i from 1 to Size\(v\)\[2\] do v := v\.(M_\S+); od; #fix up v by multiplying$/m.exec(text)![1]!;
  return { v, w, matrices, fixup };
}

const times = (x: number[], M: number[][]) => x.map((_, q) => x.reduce((s, xp, p) => s + xp * M[p]![q]!, 0));
const dot = (x: number[], y: number[]) => x.reduce((s, a, i) => s + a * y[i]!, 0);

/** v · M_{names[0]} · … · w, optionally after the fix-up loop (Q multiplications of v, as the Maple loop does). */
function pathCount(m: Maple, names: string[], fixup: boolean): number {
  let x = m.v;
  if (fixup) for (let i = 0; i < m.v.length; i++) x = times(x, m.matrices.get(m.fixup)!);
  for (const n of names) x = times(x, m.matrices.get(n)!);
  return dot(x, m.w);
}

/** All digit strings of length k over 0..r-1. */
function strings(r: number, k: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < k; i++) out = out.flatMap((s) => Array.from({ length: r }, (_, d) => [...s, d]));
  return out;
}

/** Reference: the accepted words of length k whose listed tracks read `fixed`, by enumeration. */
function acceptedWords(r: CommandResult, listed: string[], fixed: number[][], k: number): number {
  const p = r.predicate!;
  const radices = p.tracks.map(radixOf);
  const free = p.tracks.map((t, i) => i).filter((i) => !listed.includes(p.tracks[i]!.name));
  let count = 0;
  const combos = free.reduce<number[][][]>((acc, i) => acc.flatMap((c) => strings(radices[i]!, k).map((s) => [...c, s])), [[]]);
  for (const combo of combos) {
    const rows = p.tracks.map((t, i) => (listed.includes(t.name) ? fixed[listed.indexOf(t.name)]! : combo[free.indexOf(i)]!));
    const word = Array.from({ length: k }, (_, j) => rows.reduceRight((L, row, i) => L * radices[i]! + row[j]!, 0));
    if (p.dfa.accepts(word)) count++;
  }
  return count;
}

/** The greedy Fibonacci expansion (1, 2, 3, 5, …), most significant digit first; [] for 0. */
function fib(n: number): number[] {
  const U = [1, 2];
  while (U.at(-1)! <= n) U.push(U.at(-1)! + U.at(-2)!);
  const out: number[] = [];
  for (let i = U.length - 1; i >= 0; i--) {
    const d = U[i]! <= n ? 1 : 0;
    n -= d * U[i]!;
    if (out.length > 0 || d) out.push(d);
  }
  return out;
}

test('incidence matrices: the text of eval test374 i j "i=j+1" is Walnut\'s (conformance case 374)', () => {
  const r = new Session().run('eval test374 i j "i=j+1";');
  assert.equal(
    r.mpl,
    [
      'with(ArrayTools):',
      '# The row vector v denotes the indicator vector of the (singleton)',
      '# set of initial states.',
      'v := Vector[row]([1,0]);',
      '',
      '# In what follows, the M_i_x, for a free variable i and a value x, denotes',
      '# an incidence matrix of the underlying graph of (the automaton of)',
      '# the predicate in the query.',
      '# For every pair of states p and q, the entry M_i_x[p][q] denotes the number of',
      '# transitions with i=x from p to q.',
      '',
      'M_i_j_0_0 := Matrix([[1,0],\n[0,0]]);',
      '',
      'M_i_j_0_1 := Matrix([[0,0],\n[0,1]]);',
      '',
      'M_i_j_1_0 := Matrix([[0,1],\n[0,0]]);',
      '',
      'M_i_j_1_1 := Matrix([[1,0],\n[0,0]]);',
      '',
      '# The column vector w denotes the indicator vector of the',
      '# set of final states.',
      'w := Vector[column]([0,1]);',
      '',
      'for i from 1 to Size(v)[2] do v := v.M_i_j_0_0; od; #fix up v by multiplying',
      '',
    ].join('\n'),
  );
});

test('incidence matrices: v·M_d1···M_dk·w counts the accepted words whose listed tracks read d1…dk (every word up to 4 letters)', () => {
  const cases: [string, string[]][] = [
    ['i<n', ['n']],
    ['i<n', ['n', 'i']],
    ['?msd_3 Ey i=y+n & y<2', ['i']],
    ['?msd_fib i+j=n', ['n']],
    ['?msd_fib i+j=n', ['j', 'i']],
    ['?lsd_2 i+1<n', ['n']],
    ['?msd_neg_2 i+n=_3', ['i']],
  ];
  for (const [phi, listed] of cases) {
    const r = new Session().run(`eval t ${listed.join(' ')} "${phi}";`);
    const m = parseMaple(r.mpl!);
    const radices = listed.map((v) => radixOf(r.predicate!.tracks.find((t) => t.name === v)!));
    for (let k = 0; k <= 4; k++) {
      const choices = radices.reduce<number[][][]>((acc, rad) => acc.flatMap((c) => strings(rad, k).map((s) => [...c, s])), [[]]);
      for (const fixed of choices) {
        const names = Array.from({ length: k }, (_, j) => `M_${listed.join('_')}_${fixed.map((s) => s[j]).join('_')}`);
        assert.equal(pathCount(m, names, false), acceptedWords(r, listed, fixed, k), `${phi} listing ${listed} on ${JSON.stringify(fixed)}`);
      }
    }
  }
});

test('incidence matrices (msd): after the fix-up, v·M(rep n)·w is the number of solutions i of φ(i, n)', () => {
  const binary = (n: number, b = 2): number[] => (n === 0 ? [] : [...binary(Math.floor(n / b), b), n % b]);
  const cases: [string, (n: number) => number[], (n: number) => number][] = [
    ['i<n', (n) => binary(n), (n) => n],
    ['?msd_3 i<=2*n', (n) => binary(n, 3), (n) => 2 * n + 1],
    ['?msd_fib Ej i+j=n', (n) => fib(n), (n) => n + 1],
    ['Ey i=2*y & i<n', (n) => binary(n), (n) => Math.ceil(n / 2)],
  ];
  for (const [phi, rep, solutions] of cases) {
    const m = parseMaple(new Session().run(`eval t n "${phi}";`).mpl!);
    for (let n = 0; n <= 40; n++) {
      assert.equal(pathCount(m, rep(n).map((d) => `M_n_${d}`), true), solutions(n), `${phi} at n=${n}`);
    }
  }
});

test('incidence matrices (lsd): the fix-up belongs on w (padding is trailing); Walnut\'s v-side loop shifts n instead', () => {
  const lsd = (n: number): number[] => (n === 0 ? [] : [n % 2, ...lsd(Math.floor(n / 2))]);
  const m = parseMaple(new Session().run('eval t n "?lsd_2 i<n";').mpl!);
  const M0 = m.matrices.get('M_n_0')!;
  let w = m.w;
  for (let i = 0; i < m.v.length; i++) w = M0.map((row) => dot(row, w));
  for (let n = 1; n <= 40; n++) {
    const names = lsd(n).map((d) => `M_n_${d}`);
    let x = m.v;
    for (const name of names) x = times(x, m.matrices.get(name)!);
    assert.equal(dot(x, w), n, `lsd n=${n}`);
    // Walnut's loop pads zeros at the low end: it counts i < n·2^Q, not i < n.
    assert.equal(pathCount(m, names, true), n * 2 ** m.v.length, `v-side fix-up at n=${n}`);
  }
});

test('incidence matrices: the factors of the Fibonacci word number n+1 (Sturmian; the formula of conformance case 375)', () => {
  const s = new Session();
  s.run('morphism fw "0->01 1->0";');
  s.run('promote FW fw;');
  const first = s.run('eval first n "?msd_fib Aj j<i => (Ek k<n & FW[j+k]!=FW[i+k])";');
  const m = parseMaple(first.mpl!);
  let word = '0';
  while (word.length < 2000) word = [...word].map((c) => (c === '0' ? '01' : '0')).join('');
  for (let n = 0; n <= 30; n++) {
    const factors = new Set<string>();
    for (let i = 0; i + n <= word.length; i++) factors.add(word.slice(i, i + n));
    assert.equal(factors.size, n + 1);
    assert.equal(pathCount(m, fib(n).map((d) => `M_n_${d}`), true), factors.size, `n=${n}`);
  }
});

test('incidence matrices: def stores the predicate and hands Result/NAME.mpl to writeFile; Walnut\'s errors (cases 373, 381)', () => {
  const written = new Map<string, string>();
  const s = new Session({ writeFile: (p, t) => written.set(p, t) });
  const d = s.run('def lt n "i<n";');
  // With a library, a session keeps what Walnut keeps (the definition, the result and its log, docs/logic.md),
  // and the incidence matrices beside them.
  assert.deepEqual([...written.keys()].sort(), ['Automata Library/lt.txt', 'Result/lt.mpl', 'Result/lt.txt', 'Result/lt_log.txt']);
  assert.equal(written.get('Result/lt.mpl'), d.mpl);
  assert.equal(s.run('eval u "Ei $lt(i,3) & i=2";').result, true);
  assert.equal(s.run('eval plain "i<n";').mpl, undefined);
  assert.deepEqual([...written.keys()].filter((k) => k.endsWith('.mpl')), ['Result/lt.mpl'], 'only a definition with free variables has incidence matrices');
  assert.throws(() => s.run('eval test373 n j "i=j+1";'), { message: 'incidence matrices for the variable n cannot be calculated, because n is not a free variable.' });
  assert.throws(() => s.run('eval test381 n23 "En23 n23 = 10";'), { message: 'incidence matrices cannot be calculated, because the automaton does not have a free variable.' });
  // The empty language: Walnut's single rejecting state.
  const empty = s.run('eval none n "n<0";');
  assert.match(empty.mpl!, /^v := Vector\[row\]\(\[1\]\);$/m);
  assert.match(empty.mpl!, /^M_n_1 := Matrix\(\[\[0\]\]\);$/m);
  const p = s.predicate('lt')!;
  assert.throws(() => incidenceMatrices(p.tracks, p.dfa, ['n'], { maxEntries: 3 }), { name: 'LimitError' });
  assert.equal(formatMaple(incidenceMatrices(p.tracks, p.dfa, ['n'])), d.mpl);
});
