/**
 * Compounds of compounds (issue 24, item 2): `push(nim,push(nim,nim))` crashed because a compound's
 * rulesets were handed positions of the wrong shape. A push of a push is one button after another,
 * so it must equal the flat push; nestings with no flat form are checked against games written out
 * by hand below, from the definitions (seed push-the-button, Definition 2.0.1, §1.1, section 6), with
 * no use of src/core/compounds.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Solver } from '../../src/core/solver.js';
import type { Heaps, Ruleset } from '../../src/core/ruleset.js';
import { parseSpec, parsePosition } from '../../src/spec/index.js';
import { pPositions, pPositionsInBox } from '../../src/analysis/ppositions.js';
import { oneHeapSequence } from '../../src/analysis/sequence.js';
import { runCli } from '../helpers/cli.js';

/** Two-heap leaves (so that the order of the rulesets matters) and one-heap leaves. */
const TWO = ['nim', 'wythoff', 'euclid'] as const;
const ONE = ['nim', 'subtraction:1,2', 'subtraction:1,3'] as const;
const MAX2 = 6;
const MAX1 = 16;

function boxes(heaps: 1 | 2): Heaps[] {
  const out: Heaps[] = [];
  if (heaps === 1) for (let n = 0; n <= MAX1; n++) out.push([n]);
  else for (let x = 0; x <= MAX2; x++) for (let y = 0; y <= MAX2; y++) out.push([x, y]);
  return out;
}

/** Every spec built by `shape` from three leaves, with both heap counts. */
function leafTriples(heaps: 1 | 2): [string, string, string][] {
  const l = heaps === 1 ? ONE : TWO;
  return [
    [l[0], l[1], l[2]],
    [l[2], l[0], l[1]],
    [l[1], l[2], l[0]],
  ];
}

/** Equal Grundy values (or outcomes, for misère) at every position of the box, for every position prefix. */
function assertSameGame(nested: string, flat: string, heaps: 1 | 2, prefixes: [string, string][] = [['', '']]): void {
  const s = new Solver();
  const a = parseSpec(nested);
  const b = parseSpec(flat);
  const value = a.convention === 'misere' ? (r: Ruleset<any>, p: unknown) => s.outcome(r, p) : (r: Ruleset<any>, p: unknown) => s.grundy(r, p);
  for (const g of boxes(heaps)) {
    for (const [pa, pb] of prefixes) {
      const ta = pa + g.join(',');
      const tb = pb + g.join(',');
      assert.equal(value(a, parsePosition(a, ta)), value(b, parsePosition(b, tb)), `${nested} at ${ta} vs ${flat} at ${tb}`);
    }
  }
}

test('a push of a push is one button after another: every bracketing of three and four rulesets equals the flat push', () => {
  for (const heaps of [1, 2] as const) {
    for (const [a, b, c] of leafTriples(heaps)) {
      const flat = `push(${a},${b},${c})`;
      // Phase by phase: the flat k-th phase is the nested position with the same buttons pushed.
      assertSameGame(`push(${a},push(${b},${c}))`, flat, heaps, [['', ''], ['2:', '2:'], ['2:2:', '3:']]);
      assertSameGame(`push(push(${a},${b}),${c})`, flat, heaps, [['', ''], ['1:2:', '2:'], ['2:', '3:']]);
      assertSameGame(`${a}⊙push(${b},${c})`, flat, heaps);
      const d = heaps === 1 ? 'nim' : 'wythoff';
      const flat4 = `push(${a},${b},${c},${d})`;
      assertSameGame(`push(push(push(${a},${b}),${c}),${d})`, flat4, heaps, [['', ''], ['1:1:2:', '2:'], ['1:2:', '3:']]);
      assertSameGame(`push(${a},push(${b},push(${c},${d})))`, flat4, heaps, [['', ''], ['2:2:2:', '4:']]);
      assertSameGame(`push(push(${a},${b}),push(${c},${d}))`, flat4, heaps, [['', ''], ['1:2:', '2:'], ['2:', '3:']]);
    }
  }
});

test('nested conjoined compounds equal the flat one; misère and sums around nested pushes too', () => {
  const s = new Solver();
  for (const heaps of [1, 2] as const) {
    for (const [a, b, c] of leafTriples(heaps)) {
      assertSameGame(`conjoined(conjoined(${a},${b}),${c})`, `conjoined(${a},${b},${c})`, heaps);
      assertSameGame(`conjoined(${a},conjoined(${b},${c}))`, `conjoined(${a},${b},${c})`, heaps);
      // The game ends under the last ruleset: misère applies to the whole (seed push-the-button, §1.2).
      assertSameGame(`misere(push(${a},push(${b},${c})))`, `push(${a},${b},misere(${c}))`, heaps);
      assertSameGame(`push(push(${a},${b}),misere(${c}))`, `misere(push(${a},${b},${c}))`, heaps);
      assertSameGame(`push(${a},misere(push(${b},${c})))`, `misere(push(${a},${b},${c}))`, heaps);
      // A sum of nested compounds: the XOR of the flat values (Proposition 1.3.3).
      const sum = parseSpec(`sum(push(push(${a},${b}),${c}),conjoined(${c},push(${b},${a})))`);
      const p1 = parseSpec(`push(${a},${b},${c})`);
      const p2 = parseSpec(`conjoined(${c},push(${b},${a}))`);
      for (const g of boxes(heaps).slice(0, 20)) {
        for (const h of boxes(heaps).slice(-10)) {
          const t = `${g.join(',')} + ${h.join(',')}`;
          assert.equal(s.grundy(sum, parsePosition(sum, t)), s.grundy(p1, parsePosition(p1, g.join(','))) ^ s.grundy(p2, parsePosition(p2, h.join(','))), `${sum.name} at ${t}`);
        }
      }
    }
  }
});

/** A game written out from the definitions: stage s of a small machine, leaf moves from the leaf rulesets. */
interface St {
  s: number;
  g: Heaps;
}

function handGame(name: string, moves: (s: number, g: Heaps) => St[], convention: 'normal' | 'misere' = 'normal'): Ruleset<St> {
  return {
    name,
    convention,
    terminating: true,
    domain: { kind: 'hand', key: (p) => `${p.s}|${p.g.join(',')}`, format: (p) => `${p.s}:${p.g.join(',')}`, parse: () => assert.fail('not parsed') },
    options: (p) => moves(p.s, p.g),
  };
}

const leaf = (spec: string) => {
  const r = parseSpec(spec) as Ruleset<Heaps>;
  return (g: Heaps): Heaps[] => r.options(g);
};
const at = (s: number) => (g: Heaps): St => ({ s, g });

/** Hand-written machines: [spec, the machine, and for each stage the prefix that writes it]. */
function handWritten(a: string, b: string, c: string): [string, Ruleset<St>, string[]][] {
  const A = leaf(a);
  const B = leaf(b);
  const C = leaf(c);
  return [
    [
      // pass(A) then the button to C: the pass is optional, not when no other move is left; the button is due.
      `push(pass(${a}),${c})`,
      handGame('pass-then-push', (s, g) => {
        if (s === 2) return C(g).map(at(2));
        const out = A(g).map(at(s));
        if (s === 0 && out.length > 0) out.push(at(1)(g));
        out.push(at(2)(g));
        return out;
      }),
      ['', '1:2:', '2:'],
    ],
    [
      `push(${a},pass(${b}))`,
      handGame('push-then-pass', (s, g) => {
        if (s === 0) return [...A(g).map(at(0)), at(1)(g)];
        const out = B(g).map(at(s));
        if (s === 1 && out.length > 0) out.push(at(2)(g));
        return out;
      }),
      ['', '2:', '2:2:'],
    ],
    [
      // The rules switch from A to B by themselves; the button may be pushed in either.
      `push(conjoined(${a},${b}),${c})`,
      handGame('conjoined-then-push', (s, g) => {
        if (s === 2) return C(g).map(at(2));
        const fromA = s === 0 ? A(g).map(at(0)) : [];
        const out = fromA.length > 0 ? fromA : B(g).map(at(1));
        out.push(at(2)(g));
        return out;
      }),
      ['', '1:2:', '2:'],
    ],
    [
      // The push's own button is a move, so conjoined switches to C only after B has run out.
      `conjoined(push(${a},${b}),${c})`,
      handGame('push-then-conjoined', (s, g) => {
        if (s === 0) return [...A(g).map(at(0)), at(1)(g)];
        if (s === 1) {
          const fromB = B(g).map(at(1));
          return fromB.length > 0 ? fromB : C(g).map(at(2));
        }
        return C(g).map(at(2));
      }),
      ['', '1:2:', '2:'],
    ],
    [
      // Stages: 2 * passUsed + phase.
      `pass(push(${a},${b}))`,
      handGame('push-with-a-pass', (s, g) => {
        const used = s >> 1;
        const phase = s & 1;
        const out = phase === 0 ? [...A(g).map(at(s)), at(s | 1)(g)] : B(g).map(at(s));
        if (!used && out.length > 0) out.push(at(s | 2)(g));
        return out;
      }),
      ['', '1:2:', '2:', '2:2:'],
    ],
    [
      `conjoined(pass(${a}),${b})`,
      handGame('pass-then-conjoined', (s, g) => {
        if (s === 2) return B(g).map(at(2));
        const out = A(g).map(at(s));
        if (out.length === 0) return B(g).map(at(2));
        if (s === 0) out.push(at(1)(g));
        return out;
      }),
      ['', '1:2:', '2:'],
    ],
    [
      // Three levels: the pass of the first ruleset, then two buttons.
      `push(push(pass(${a}),${b}),${c})`,
      handGame('pass-push-push', (s, g) => {
        if (s === 3) return C(g).map(at(3));
        if (s === 2) return [...B(g).map(at(2)), at(3)(g)];
        const out = A(g).map(at(s));
        if (s === 0 && out.length > 0) out.push(at(1)(g));
        out.push(at(2)(g));
        return out;
      }),
      ['', '1:1:2:', '1:2:', '2:'],
    ],
  ];
}

test('nestings with no flat form (pass, conjoined and push in each other) equal the games written out by hand', () => {
  for (const heaps of [1, 2] as const) {
    for (const [a, b, c] of leafTriples(heaps)) {
      for (const [spec, hand, prefixes] of handWritten(a, b, c)) {
        const s = new Solver();
        const rs = parseSpec(spec);
        for (const g of boxes(heaps)) {
          prefixes.forEach((prefix, stage) => {
            const text = prefix + g.join(',');
            const p = parsePosition(rs, text);
            assert.equal(rs.domain.format(p), text, `${spec}: ${text} is written back as itself`);
            assert.equal(s.grundy(rs, p), s.grundy(hand, { s: stage, g }), `${spec} at ${text}`);
          });
        }
      }
    }
  }
});

test('a misère nested compound has the outcomes of the hand-written game under misère play', () => {
  for (const [a, b, c] of leafTriples(2)) {
    for (const [spec, hand] of handWritten(a, b, c)) {
      if (!spec.startsWith('push(')) continue;
      const s = new Solver();
      const rs = parseSpec(`misere(${spec})`);
      const mis = handGame(hand.name, (st, g) => hand.options({ s: st, g }), 'misere');
      for (const g of boxes(2)) assert.equal(s.outcome(rs, parsePosition(rs, g.join(','))), s.outcome(mis, { s: 0, g }), `misere(${spec}) at ${g}`);
    }
  }
});

test('the box and sequence kernels give the general solver`s answers on nested compounds', () => {
  for (const spec of ['push(push(nim,wythoff),euclid)', 'push(nim,push(wythoff,euclid))', 'push(pass(nim),euclid)', 'push(conjoined(euclid,nim),wythoff)', 'misere(push(wythoff,push(nim,euclid)))']) {
    const rs = parseSpec(spec);
    assert.deepEqual(pPositions(rs, 2, 12).positions, pPositionsInBox(rs, 2, 12), spec);
  }
  const s = new Solver();
  for (const spec of ['push(subtraction:1,2,push(subtraction:1,3,nim))', 'push(push(subtraction:1,2,subtraction:2,3),nim)', 'push(pass(subtraction:1,2),nim)']) {
    const rs = parseSpec(spec);
    const seq = Array.from(oneHeapSequence(rs, 40));
    assert.deepEqual(seq, Array.from({ length: 41 }, (_, n) => s.grundy(rs, parsePosition(rs, String(n)))), spec);
  }
});

test('a nested position names the phase that does not exist, at its column', () => {
  const rs = parseSpec('push(nim,push(nim,nim))');
  assert.throws(() => parsePosition(rs, '2:3:1,2'), /at column 3: phase must be 1\.\.2/);
  assert.throws(() => parsePosition(rs, '3:1,2'), /at column 1: phase must be 1\.\.2/);
  assert.throws(() => parsePosition(rs, '2:2:1,x'), /at column 7/);
  // Heap counts are checked in every phase still to come, through the nesting.
  const w = parseSpec('push(nim,push(nim,wythoff))');
  assert.throws(() => parsePosition(w, '4'), /2 heaps|two heaps/);
  assert.throws(() => parsePosition(w, '2:2:4'), /2 heaps|two heaps/);
});

test('sprague grundy on nested pushes prints the values of the flat push (CLI)', () => {
  const flat = runCli(['grundy', 'push(nim,nim,nim)', '3,5', '2:3,5', '3:3,5', '--json']);
  assert.equal(flat.status, 0, flat.stderr);
  const right = runCli(['grundy', 'push(nim,push(nim,nim))', '3,5', '2:3,5', '2:2:3,5', '--json']);
  assert.equal(right.status, 0, right.stderr);
  const left = runCli(['grundy', 'push(push(nim,nim),nim)', '3,5', '1:2:3,5', '2:3,5', '--json']);
  assert.equal(left.status, 0, left.stderr);
  const values = (r: typeof flat) => r.lines.map((l) => l.grundy);
  assert.deepEqual(values(right), values(flat));
  assert.deepEqual(values(left), values(flat));
  assert.deepEqual(right.lines.map((l) => l.position), ['3,5', '2:3,5', '2:2:3,5']);
  const one = runCli(['grundy', 'push(push(nim,nim),nim)', '7']);
  assert.equal(one.status, 0, one.stderr);
  const pp = runCli(['ppositions', 'push(push(nim,wythoff),euclid)', '--max', '10', '--json']);
  const ppFlat = runCli(['ppositions', 'push(nim,wythoff,euclid)', '--max', '10', '--json']);
  assert.equal(pp.status, 0, pp.stderr);
  assert.deepEqual(pp.lines.filter((l) => l.position).map((l) => l.position), ppFlat.lines.filter((l) => l.position).map((l) => l.position));
  const deep = runCli(['grundy', 'pass(push(conjoined(nim,euclid),push(wythoff,nim)))', '4,6']);
  assert.equal(deep.status, 0, deep.stderr);
});
