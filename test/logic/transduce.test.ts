/**
 * `transduce`: the DFAO of T(x) against running T over the letters of x directly, output by output,
 * for base-2, base-3, lsd and Fibonacci words.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dfa } from '../../src/automata/dfa.js';
import { NumerationSystem } from '../../src/numeration/system.js';
import { parseTransducer, transduceWord } from '../../src/logic/transduce.js';

const runsum = (m: number) => {
  const lines = [`{${Array.from({ length: m }, (_, i) => i).join(', ')}}`];
  for (let s = 0; s < m; s++) {
    lines.push(String(s));
    for (let a = 0; a < m; a++) lines.push(`${a} -> ${(s + a) % m} / ${(s + a) % m}`);
  }
  return parseTransducer(lines.join('\n'));
};

/** Reference: y[n] = (x[0] + ... + x[n]) mod m. */
const prefixSums = (x: number[], m: number) => {
  let s = 0;
  return x.map((a) => (s = (s + a) % m));
};

test('transduce: running sums mod 2 and mod 3 of Thue–Morse (msd_2, lsd_2), a base-3 word and the Fibonacci word', () => {
  const N = 400;
  const digits = (n: number, b: number): number[] => (n === 0 ? [] : [...digits(Math.floor(n / b), b), n % b]);
  const thue = (n: number) => digits(n, 2).filter((d) => d === 1).length % 2;
  const msd2 = NumerationSystem.byName('msd_2');
  const tm: Dfa = Dfa.from(2, 2, (q, d) => q ^ d, (q) => q);
  const x = Array.from({ length: N }, (_, n) => thue(n));
  const y2 = transduceWord(runsum(2), { tracks: [{ name: '#00', system: msd2 }], dfa: tm }, msd2.validity()).dfa;
  const y3 = transduceWord(runsum(3), { tracks: [{ name: '#00', system: msd2 }], dfa: tm }, msd2.validity()).dfa;
  const ref2 = prefixSums(x, 2);
  const ref3 = prefixSums(x, 3);
  for (let n = 0; n < N; n++) {
    assert.equal(y2.value(digits(n, 2)), ref2[n], `mod 2 at ${n}`);
    assert.equal(y3.value(digits(n, 2)), ref3[n], `mod 3 at ${n}`);
  }
  // lsd: the same word read least significant digit first.
  const lsd2 = NumerationSystem.byName('lsd_2');
  const yl = transduceWord(runsum(2), { tracks: [{ name: '#00', system: lsd2 }], dfa: tm }, msd2.validity()).dfa;
  for (let n = 0; n < N; n++) assert.equal(yl.value(digits(n, 2).reverse()), ref2[n], `lsd at ${n}`);
  // Base 3: x[n] = (sum of the ternary digits) mod 3.
  const msd3 = NumerationSystem.byName('msd_3');
  const w3 = Dfa.from(3, 3, (q, d) => (q + d) % 3, (q) => q);
  const x3 = Array.from({ length: N }, (_, n) => digits(n, 3).reduce((a, b) => a + b, 0) % 3);
  const y33 = transduceWord(runsum(3), { tracks: [{ name: '#00', system: msd3 }], dfa: w3 }, msd3.validity()).dfa;
  const ref33 = prefixSums(x3, 3);
  for (let n = 0; n < N; n++) assert.equal(y33.value(digits(n, 3)), ref33[n], `base 3 at ${n}`);
  // The Fibonacci word (last digit of the Zeckendorf expansion), its DFAO with no transition on 11.
  const fib = NumerationSystem.byName('msd_fib');
  const F = Dfa.from(3, 2, (q, d) => (q === 2 || (q === 1 && d === 1) ? 2 : d), (q) => (q === 1 ? 1 : 0));
  const xf = Array.from({ length: N }, (_, n) => (n === 0 ? 0 : fib.represent(n).at(-1)!));
  const yf = transduceWord(runsum(2), { tracks: [{ name: '#00', system: fib }], dfa: F }, fib.validity()).dfa;
  const reff = prefixSums(xf, 2);
  for (let n = 0; n < N; n++) assert.equal(yf.value(fib.represent(n)), reff[n], `Fibonacci at ${n}`);
});

test('transduce refuses a word whose letters the transducer cannot read (Walnut: Error transducing automaton)', () => {
  const msd2 = NumerationSystem.byName('msd_2');
  const w = Dfa.from(2, 2, (q, d) => q ^ d, (q) => (q === 0 ? 1 : -1));
  assert.throws(() => transduceWord(runsum(2), { tracks: [{ name: '#00', system: msd2 }], dfa: w }, msd2.validity()), /Error transducing automaton/);
});
