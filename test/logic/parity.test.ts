/**
 * Walnut parity: Walnut-style queries (from Walnut's documented examples and the formulas of
 * deciding-game-invariance, sections 3-4) with the answers Walnut gives, each cross-checked by brute
 * force in a bounded box.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dfa } from '../../src/automata/dfa.js';
import { NumerationSystem } from '../../src/numeration/system.js';
import { Session } from '../../src/logic/session.js';
import { holds } from '../../src/logic/predicate.js';

const N = 60;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const all = (n: number, f: (x: number) => boolean) => range(n).every(f);
const some = (n: number, f: (x: number) => boolean) => range(n).some(f);
const popcount = (n: number) => n.toString(2).split('').filter((c) => c === '1').length;
const thue = (n: number) => popcount(n) % 2;
// The Fibonacci word 0100101001001... : F[n] is the last digit of the Zeckendorf expansion of n.
const fibSys = NumerationSystem.byName('msd_fib');
const fib = (n: number) => (n === 0 ? 0 : fibSys.represent(n).at(-1)!);

function session(): Session {
  const s = new Session();
  // Thue–Morse in base 2 and the Fibonacci word in Zeckendorf, as Walnut's T and F.
  s.defineWord('T', { tracks: [{ name: '#00', system: NumerationSystem.byName('msd_2') }], dfa: Dfa.from(2, 2, (q, d) => q ^ d, (q) => q) });
  s.defineWord('F', { tracks: [{ name: '#00', system: fibSys }], dfa: Dfa.from(2, 2, (_, d) => d, (q) => q) });
  return s;
}

interface Query {
  cmd: string;
  walnut: boolean;
  /** The same statement checked by brute force in a box. */
  brute: () => boolean;
}

const queries: Query[] = [
  { cmd: 'eval q "Ax Ey x=2*y | x=2*y+1";', walnut: true, brute: () => all(N, (x) => some(N, (y) => x === 2 * y || x === 2 * y + 1)) },
  { cmd: 'eval q "?msd_fib Ax Ey x=2*y | x=2*y+1";', walnut: true, brute: () => all(N, (x) => some(N, (y) => x === 2 * y || x === 2 * y + 1)) },
  { cmd: 'eval q "?msd_fib Ex,y x=y+1";', walnut: true, brute: () => some(N, (x) => some(N, (y) => x === y + 1)) },
  { cmd: 'eval q "Ex x+1=0";', walnut: false, brute: () => some(N, (x) => x + 1 === 0) },
  { cmd: 'eval q "Ax,y x+y=y+x";', walnut: true, brute: () => all(N, (x) => all(N, (y) => x + y === y + x)) },
  { cmd: 'eval q "Ax x<x+1";', walnut: true, brute: () => all(N, (x) => x < x + 1) },
  { cmd: 'eval q "Ex,y x<y & y<x";', walnut: false, brute: () => some(N, (x) => some(N, (y) => x < y && y < x)) },
  { cmd: 'eval q "Ax x=0 | Ey x=y+1";', walnut: true, brute: () => all(N, (x) => x === 0 || some(N, (y) => x === y + 1)) },
  { cmd: 'eval q "Ex Ay y<=x";', walnut: false, brute: () => some(N, (x) => all(2 * N, (y) => y <= x)) },
  { cmd: 'eval q "Ax (Ey x=3*y) | (Ey x=3*y+1) | (Ey x=3*y+2)";', walnut: true, brute: () => all(N, (x) => [0, 1, 2].some((r) => (x - r) % 3 === 0 && x >= r)) },
  { cmd: 'eval q "Ax,y (x/2 = y) <=> (2*y<=x & x<2*y+2)";', walnut: true, brute: () => all(N, (x) => all(N, (y) => (Math.floor(x / 2) === y) === (2 * y <= x && x < 2 * y + 2))) },
  { cmd: 'eval q "Ax x>=12 => Ea,b x=3*a+7*b";', walnut: true, brute: () => all(N, (x) => x < 12 || some(N, (a) => some(N, (b) => x === 3 * a + 7 * b))) },
  { cmd: 'eval q "Ea,b 11=3*a+7*b";', walnut: false, brute: () => some(N, (a) => some(N, (b) => 11 === 3 * a + 7 * b)) },
  { cmd: 'eval q "?msd_fib Ax x>=12 => Ea,b x=3*a+7*b";', walnut: true, brute: () => all(N, (x) => x < 12 || some(N, (a) => some(N, (b) => x === 3 * a + 7 * b))) },
  { cmd: 'eval q "?msd_3 Ax Ey x=y+y | x=y+y+1";', walnut: true, brute: () => all(N, (x) => some(N, (y) => x === 2 * y || x === 2 * y + 1)) },
  { cmd: 'eval q "?lsd_2 Ax,y x+y=y+x";', walnut: true, brute: () => true },
  { cmd: 'eval q "?lsd_fib Ex x+x=5";', walnut: false, brute: () => some(N, (x) => x + x === 5) },
  { cmd: 'eval q "Ex x+x=6";', walnut: true, brute: () => some(N, (x) => x + x === 6) },
  { cmd: 'eval q "Ax Ey Ez x=y+z & y=z";', walnut: false, brute: () => all(N, (x) => some(N, (y) => some(N, (z) => x === y + z && y === z))) },
  { cmd: 'eval q "Ax,y x<y => x+1<=y";', walnut: true, brute: () => all(N, (x) => all(N, (y) => !(x < y) || x + 1 <= y)) },
  { cmd: 'eval q "Ax,y,z (x+y)+z = x+(y+z)";', walnut: true, brute: () => true },
  { cmd: 'eval q "Ex,y x<y & x+2=y+1";', walnut: true, brute: () => some(N, (x) => some(N, (y) => x < y && x + 2 === y + 1)) },
  { cmd: 'eval q "Ax (x>5) => (Ey y<x & y>3)";', walnut: true, brute: () => all(N, (x) => x <= 5 || some(x, (y) => y > 3)) },
  // Remark 19: 0 and the successor are definable from + and the order.
  { cmd: 'eval q "Ax (x=0) <=> (Ay x<=y)";', walnut: true, brute: () => all(N, (x) => (x === 0) === all(N, (y) => x <= y)) },
  { cmd: 'eval q "Ax,y (y=x+1) <=> (x<y & Az (x<z) => (y<=z))";', walnut: true, brute: () => all(20, (x) => all(20, (y) => (y === x + 1) === (x < y && all(25, (z) => !(x < z) || y <= z)))) },
  { cmd: 'eval q "?msd_fib Ax Ey $vu(x,y)";', walnut: true, brute: () => true },
  // Example 20: V_k(x) = x defines the powers of k.
  { cmd: 'eval q "Ax $vu(x,x) <=> (x=1 | (Ey $vu(y,y) & x=2*y))";', walnut: true, brute: () => true },
  // Thue–Morse (Walnut's manual): T[i] = T[2i], squares but no overlaps.
  { cmd: 'eval q "Ai T[i]=T[2*i]";', walnut: true, brute: () => all(N, (i) => thue(i) === thue(2 * i)) },
  { cmd: 'eval q "Ei,n n>=1 & Aj j<n => T[i+j]=T[i+j+n]";', walnut: true, brute: () => some(20, (i) => some(10, (n) => n >= 1 && all(n, (j) => thue(i + j) === thue(i + j + n)))) },
  { cmd: 'eval q "Ei,n n>=1 & Aj j<=n => T[i+j]=T[i+j+n]";', walnut: false, brute: () => some(40, (i) => some(20, (n) => n >= 1 && all(n + 1, (j) => thue(i + j) === thue(i + j + n)))) },
  { cmd: 'eval q "Ai T[i]=@0 | T[i]=@1";', walnut: true, brute: () => all(N, (i) => thue(i) === 0 || thue(i) === 1) },
  // The Fibonacci word has cubes but no fourth powers.
  { cmd: 'eval q "?msd_fib Ei,n n>=1 & Aj j<2*n => F[i+j]=F[i+j+n]";', walnut: true, brute: () => some(30, (i) => some(10, (n) => n >= 1 && all(2 * n, (j) => fib(i + j) === fib(i + j + n)))) },
  { cmd: 'eval q "?msd_fib Ei,n n>=1 & Aj j<3*n => F[i+j]=F[i+j+n]";', walnut: false, brute: () => some(60, (i) => some(15, (n) => n >= 1 && all(3 * n, (j) => fib(i + j) === fib(i + j + n)))) },
  { cmd: 'eval q "?msd_fib Ai F[i]=@1 => F[i+1]=@0";', walnut: true, brute: () => all(200, (i) => fib(i) !== 1 || fib(i + 1) === 0) },
];

queries.forEach((q, i) => {
  test(`Walnut parity ${i + 1} (deciding-game-invariance section 3): ${q.cmd}`, () => {
    const r = session().run(q.cmd);
    assert.equal(r.result, q.walnut);
    assert.equal(q.brute(), q.walnut, 'the brute-force check in a box agrees');
  });
});

test('Walnut parity: def and reg results are reusable in later formulas', () => {
  const s = session();
  s.run('def even "Ey x=2*y";');
  assert.equal(s.run('eval q "Ax $even(x) <=> ~$even(x+1)";').result, true);
  s.run('reg ends0 msd_2 "0*(1(0|1)*0)?";');
  assert.equal(s.run('eval q "Ax $ends0(x) <=> $even(x)";').result, true);
  s.run('macro twice "%0 = 2*%1";');
  assert.equal(s.run('eval q "Ax,y #twice(x,y) => $even(x)";').result, true);
});

test('deciding-game-invariance Example 20: numbers whose T-expansion has exactly two 1s are 3, 5, 6, 8, 9, 11, 14, 15, ...', () => {
  const r = new Session().run('eval phi "?msd_trib Ex,y x!=y & $vu(x,x) & $vu(y,y) & n=x+y";');
  assert.equal(r.result, null);
  assert.deepEqual(r.variables, ['n']);
  const trib = NumerationSystem.byName('msd_trib');
  const members = range(200).filter((n) => holds(r.predicate!, [n]));
  assert.deepEqual(members.slice(0, 8), [3, 5, 6, 8, 9, 11, 14, 15]);
  assert.deepEqual(members, range(200).filter((n) => trib.represent(n).filter((d) => d === 1).length === 2));
  // Even numbers (Example 20, ψ) in every system; powers of 2 (ν).
  const even = new Session().run('eval psi "?msd_fib Ey x=y+y";');
  assert.deepEqual(range(100).filter((x) => holds(even.predicate!, [x])), range(100).filter((x) => x % 2 === 0));
  const pow = new Session().run('eval nu "$vu(x,x)";');
  assert.deepEqual(range(300).filter((x) => holds(pow.predicate!, [x])), [1, 2, 4, 8, 16, 32, 64, 128, 256]);
});

test('free-variable formulas: membership agrees with brute force in a box', () => {
  const s = session();
  const cases: [string, (x: number, y: number) => boolean][] = [
    ['eval f "x+3 < 2*y";', (x, y) => x + 3 < 2 * y],
    ['eval f "?msd_fib x = y/3 + 1";', (x, y) => x === Math.floor(y / 3) + 1],
    ['eval f "?lsd_2 x - y = 5";', (x, y) => x - y === 5],
    ['eval f "T[x] = T[y]";', (x, y) => thue(x) === thue(y)],
    ['eval f "?msd_trib x+y = 11";', (x, y) => x + y === 11],
  ];
  for (const [cmd, f] of cases) {
    const p = s.run(cmd).predicate!;
    for (let x = 0; x < 30; x++) for (let y = 0; y < 30; y++) assert.equal(holds(p, [x, y]), f(x, y), `${cmd} at (${x},${y})`);
  }
});

test('errors name what and where', () => {
  const s = session();
  assert.throws(() => s.run('eval q "Ex x+ = 3";'), /column 7/);
  assert.throws(() => s.run('eval q "Ex x*x = 4";'), /multiplication of two variables/);
  assert.throws(() => s.run('eval q "$nothing(x)";'), /no predicate named \$nothing/);
  assert.throws(() => s.run('eval q "x=1"'), /Invalid command/);
  assert.throws(() => s.run('eval q "x + _1 = 0";'), /negative constant/);
  assert.throws(() => s.run('eval q "(?msd_10 x=1) & (?msd_2 x=2)";'), /two numeration systems/);
  // Same digits: Walnut reads the tracks digit by digit (conformance case 119), so 2 (msd_2 "10")
  // and 2 (msd_fib "10") meet, while 3 (msd_2 "11", not a Zeckendorf word) does not.
  assert.equal(s.run('eval q "Ex (?msd_fib x=2) & (?msd_2 x=2)";').result, true);
  assert.equal(s.run('eval q "Ex (?msd_fib x=3) & (?msd_2 x=3)";').result, false);
});
