import assert from 'node:assert/strict';
import { test } from 'node:test';
import { familyName, parseFamily } from '../../src/census/families.js';
import { InputError } from '../../src/core/errors.js';
import { parseSpec } from '../../src/spec/index.js';

test('octal:D is every code 0.d1..dD and 4.d1..d(D-1) with a non-zero last digit, plus 4.0, each named as the parser names it', () => {
  const f = parseFamily('octal:3');
  // 0.d, 0.dd, 0.ddd with the last digit 1..7: 7 + 56 + 448; then 4.0, 4.d, 4.dd: 1 + 7 + 56.
  assert.equal(f.members.length, 7 + 56 + 448 + 1 + 7 + 56);
  assert.equal(new Set(f.members.map((m) => m.spec)).size, f.members.length);
  for (const m of f.members) {
    assert.equal(m.computation, 'sequence');
    assert.equal(parseSpec(m.spec).name, m.spec);
  }
  for (const known of ['octal:0.07', 'octal:0.137', 'octal:0.77', 'octal:0.4', 'octal:0.16', 'octal:0.56', 'octal:4.7']) {
    assert.ok(f.members.some((m) => m.spec === known), known);
  }
  assert.ok(!f.members.some((m) => m.spec.endsWith('0') && m.spec !== 'octal:4.0'), 'a trailing 0 names the same game as without it');
  assert.deepEqual(parseFamily('octal:1').members.map((m) => m.spec), ['octal:0.1', 'octal:0.2', 'octal:0.3', 'octal:0.4', 'octal:0.5', 'octal:0.6', 'octal:0.7', 'octal:4.0']);
});

test('hex:D: hexadecimal codes with d0 in {0, 4, 8, C}', () => {
  const one = parseFamily('hex:1').members.map((m) => m.spec);
  assert.equal(one.length, 15 + 3);
  assert.ok(one.includes('hex:0.F') && one.includes('hex:C.0'));
  const two = parseFamily('hex:2');
  assert.equal(two.members.length, 15 + 16 * 15 + 3 * (1 + 15));
  for (const m of two.members) assert.equal(parseSpec(m.spec).name, m.spec);
});

test('subtraction:K: every non-empty subset of {1..K}, once', () => {
  const f = parseFamily('subtraction:5');
  assert.equal(f.members.length, 31);
  const sets = f.members.map((m) => (parseSpec(m.spec) as unknown as { set: number[] }).set.join(','));
  assert.equal(new Set(sets).size, 31);
  assert.deepEqual(f.members.slice(0, 4).map((m) => m.spec), ['subtraction:1', 'subtraction:2', 'subtraction:1,2', 'subtraction:3']);
});

test('rewrite:E: the taking-and-merging games with both letters, one of each mirror pair, the mirror named', () => {
  for (const e of [1, 2, 3, 6]) {
    const f = parseFamily(`rewrite:${e}`);
    const n = 2 ** e - 1;
    assert.equal(f.members.length, (n * (n + 1)) / 2, `E = ${e}`);
    // Members and mirrors together are every game {a^i..., b^j...}, each once.
    const all = new Set<string>();
    for (const m of f.members) {
      assert.ok(!all.has(m.spec));
      all.add(m.spec);
      if (m.mirror) {
        assert.ok(!all.has(m.mirror));
        all.add(m.mirror);
      }
    }
    assert.equal(all.size, n * n);
    for (const m of f.members) {
      const rs = parseSpec(m.spec) as unknown as { rules: { lhs: string; rhs: string }[]; name: string };
      assert.equal(rs.name, m.spec);
      if (m.mirror) {
        const swapped = rs.rules.map((r) => r.lhs.replace(/[ab]/g, (c) => (c === 'a' ? 'b' : 'a'))).sort();
        const mirror = (parseSpec(m.mirror) as unknown as { rules: { lhs: string }[] }).rules.map((r) => r.lhs).sort();
        assert.deepEqual(mirror, swapped, m.spec);
      }
    }
  }
  // The paper's games are members as the paper writes them.
  const six = parseFamily('rewrite:6').members.map((m) => m.spec);
  for (const g of ['rewrite:a2,b', 'rewrite:a3,b', 'rewrite:a,a2,b', 'rewrite:a,a2,a3,b', 'rewrite:a,a4,b', 'rewrite:a,a2,b,b2', 'rewrite:a,a2,a3,a4,b', 'rewrite:a2,b2']) {
    assert.ok(six.includes(g), g);
  }
});

test('rewrite:@FILE: one rule set per line, comments and blank lines skipped, duplicates once, errors name the line', () => {
  const files: Record<string, string> = {
    'games.txt': '# a comment\na,a4,b\n\nrewrite:a2,b   # Figure 1\naa->,b\n',
    'bad.txt': 'a,b\na,,b\n',
  };
  const readFile = (p: string) => {
    if (!(p in files)) throw new Error('no such file');
    return files[p]!;
  };
  const f = parseFamily('rewrite:@games.txt', { readFile });
  assert.equal(f.name, 'rewrite:@games.txt');
  assert.deepEqual(f.members.map((m) => m.spec), ['rewrite:a,a4,b', 'rewrite:a2,b']);
  assert.throws(() => parseFamily('rewrite:@bad.txt', { readFile }), (e: Error) => e instanceof InputError && /bad\.txt, line 2/.test(e.message));
});

test('wythoff:L: Wythoff and each extra pair (K,M) with 1 <= K < M <= L', () => {
  const f = parseFamily('wythoff:5');
  assert.equal(f.members.length, 1 + 10);
  assert.equal(f.members[0]!.spec, 'wythoff');
  assert.ok(f.members.every((m) => m.computation === 'wythoff'));
  assert.ok(f.members.some((m) => m.spec === 'wythoff+1,2') && f.members.some((m) => m.spec === 'wythoff+4,5'));
  for (const m of f.members) parseSpec(m.spec);
});

test('push:S1;S2: every ordered pair; one-heap pairs get a sequence, others the P-positions on two heaps', () => {
  const f = parseFamily('push:subtraction:1,2;octal:0.07;wythoff');
  assert.equal(f.members.length, 9);
  assert.equal(f.members[1]!.spec, 'push(subtraction:1,2,octal:0.07)');
  assert.equal(f.members[1]!.computation, 'sequence');
  assert.equal(f.members.find((m) => m.spec === 'push(wythoff,octal:0.07)')!.computation, 'ppositions');
  for (const m of f.members) parseSpec(m.spec);
});

test('bad families are one-line InputErrors naming what is wrong', () => {
  for (const [text, pattern] of [
    ['octal', /expected KIND:ARGUMENT/],
    ['octal:0', /1\.\.5/],
    ['octal:x', /the number of code digits/],
    ['octal:9', /1\.\.5/],
    ['hex:4', /1\.\.3/],
    ['subtraction:21', /1\.\.20/],
    ['nim:3', /unknown family "nim"/],
    ['rewrite:@', /file name/],
    ['push:', /empty ruleset/],
    ['push:subtraction:1;;nim', /empty ruleset/],
    ['push:rewrite:a,b', /not a heap game/],
  ] as const) {
    assert.throws(() => parseFamily(text), (e: Error) => e instanceof InputError && pattern.test(e.message) && !e.message.includes('\n'), text);
  }
});

test('familyName normalises without enumerating', () => {
  assert.equal(familyName(' octal:03 '), 'octal:3');
  assert.equal(familyName('push: nim ; wythoff'), 'push:nim;wythoff');
  assert.equal(familyName('rewrite:@/no/such/file'), 'rewrite:@/no/such/file');
  assert.equal(familyName('push:nim;wythoff'), parseFamily('push:nim;wythoff').name);
});

test('octal-tables:D is the codes the published tables list (GameLookup.md of tczajka/octal-games): 0.d1..dD and 4.d1..dD, plus 4.0', () => {
  const f = parseFamily('octal-tables:3');
  assert.equal(f.members.length, 2 * (7 + 56 + 448) + 1);
  assert.equal(new Set(f.members.map((m) => m.spec)).size, f.members.length);
  for (const m of f.members) assert.equal(parseSpec(m.spec).name, m.spec);
  assert.ok(f.members.some((m) => m.spec === 'octal:4.777') && f.members.some((m) => m.spec === 'octal:0.354'));
  assert.equal(familyName(' octal-tables:03 '), 'octal-tables:3');
  assert.throws(() => parseFamily('octal-tables:5'), /must be 1\.\.4/);
});

test('octal-6111:N, octal-0n7:N and grundy: the prefixes of 0.6111..., remove exactly n leaving 0, 1 or 2 heaps, Grundy\'s game', () => {
  assert.deepEqual(parseFamily('octal-6111:4').members.map((m) => m.spec), ['octal:0.6', 'octal:0.61', 'octal:0.611', 'octal:0.6111']);
  const n7 = parseFamily('octal-0n7:25').members.map((m) => m.spec);
  assert.equal(n7.length, 25);
  assert.deepEqual(n7.slice(0, 3), ['octal:0.7', 'octal:0.07', 'octal:0.007']);
  assert.equal(n7[24], `octal:0.${'0'.repeat(24)}7`);
  for (const s of n7) assert.equal(parseSpec(s).name, s);
  assert.deepEqual(parseFamily('grundy').members, [{ spec: 'octal:4!.0', computation: 'sequence' }]);
  assert.equal(familyName('grundy'), 'grundy');
  assert.equal(familyName('octal-0n7:025'), 'octal-0n7:25');
});
