import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { unpackTuple } from '../../src/automata/alphabet.js';
import { EPSILON } from '../../src/automata/nfa.js';
import { project } from '../../src/automata/ops.js';
import { image, preimage, Transducer } from '../../src/automata/transducer.js';
import { arbDfa, wordsUpTo } from './brute.js';

/** Random length-non-increasing transducers over two letters (so apply() is finite and small). */
const arbTransducer = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc
    .tuple(
      fc.array(
        fc.record({
          from: fc.integer({ min: 0, max: n - 1 }),
          input: fc.integer({ min: 0, max: 1 }),
          output: fc.integer({ min: -1, max: 1 }),
          to: fc.integer({ min: 0, max: n - 1 }),
        }),
        { maxLength: 8 },
      ),
      fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    )
    .map(([edges, fin]) => new Transducer(2, 2, n, 0, Uint8Array.from(fin, (b) => (b ? 1 : 0)), edges)),
);

test('preimage(T, L) accepts exactly the words with an output in L', () => {
  fc.assert(
    fc.property(arbTransducer, arbDfa(2, 4), (t, d) => {
      const pre = preimage(t, d, (o) => o !== 0);
      for (const w of wordsUpTo(2, 6)) assert.equal(pre.accepts(w), t.apply(w).some((v) => d.accepts(v)), `word ${w.join('')}`);
    }),
    { numRuns: 150 },
  );
});

test('image(T, L) accepts every output of every word of L', () => {
  fc.assert(
    fc.property(arbTransducer, arbDfa(2, 4), (t, d) => {
      const img = image(t, d, (o) => o !== 0);
      for (const w of wordsUpTo(2, 6)) if (d.accepts(w)) for (const v of t.apply(w)) assert.ok(img.accepts(v));
    }),
    { numRuns: 150 },
  );
});

test('the two-track view projected onto the input tape is the domain of the relation', () => {
  fc.assert(
    fc.property(arbTransducer, (t) => {
      const domain = project(t.asTwoTrackNfa(), 2, (l) => unpackTuple(l, [3, 3])[0]! - 1);
      for (const w of wordsUpTo(2, 6)) assert.equal(domain.accepts(w), t.apply(w).length > 0);
    }),
    { numRuns: 150 },
  );
});

test('a transducer rejects edges with letters outside its tapes', () => {
  assert.throws(() => new Transducer(2, 2, 1, 0, new Uint8Array(1), [{ from: 0, input: 2, output: EPSILON, to: 0 }]), /out of range/);
});
