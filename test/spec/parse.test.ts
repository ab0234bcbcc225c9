import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSpec, parsePosition } from '../../src/spec/index.js';
import { PositionError, SpecError } from '../../src/core/errors.js';
import { RewriteGame } from '../../src/games/rewrite/game.js';
import { SubtractionGame } from '../../src/games/heaps/subtraction.js';
import { DisjunctiveSum, PushCompound } from '../../src/core/compounds.js';

test('every game family of docs/specs.md parses to its canonical name', () => {
  const cases: [string, string][] = [
    ['nim', 'nim'],
    ['wythoff', 'wythoff'],
    ['wythoff+2,3', 'wythoff+2,3'],
    ['wythoff+1,2', 'maharaja'],
    ['maharaja', 'maharaja'],
    ['euclid', 'euclid'],
    ['zeruclid', 'zeruclid'],
    ['subtraction:1,2,5', 'subtraction:1,2,5'],
    ['subtraction:1-4,7', 'subtraction:1-4,7'],
    ['octal:0.07', 'octal:0.07'],
    ['octal:4.7', 'octal:4.7'],
    ['octal:.137', 'octal:0.137'],
    ['invariant:(1,0),(0,1),(1,1)', 'invariant:(1,0),(0,1),(1,1)'],
    ['invariant:(*,0),(0,*),(=,=)', 'invariant:(*,0),(0,*),(=,=)'],
    ['rewrite:a,a2,b', 'rewrite:a,a2,b'],
    ['rewrite:a->,aa->b', 'rewrite:a,aa->b'],
    ['rewrite:a3->b2', 'rewrite:aaa->bb'],
    ['push(nim,euclid)', 'push(nim,euclid)'],
    ['nim⊙euclid', 'push(nim,euclid)'],
    ['nim⊙wythoff⊙euclid', 'push(nim,wythoff,euclid)'],
    ['sum(nim, octal:0.07)', 'sum(nim,octal:0.07)'],
    ['misere(nim)', 'misere(nim)'],
    ['conjoined(euclid,nim)', 'conjoined(euclid,nim)'],
    ['pass(subtraction:1-3)', 'pass(subtraction:1-3)'],
  ];
  for (const [spec, name] of cases) assert.equal(parseSpec(spec).name, name, spec);
});

test('inside a compound, a comma before a game name ends a list argument', () => {
  const s = parseSpec('sum(subtraction:1,2,nim,rewrite:a,a2,b,octal:0.07)') as DisjunctiveSum;
  assert.equal(s.components.length, 4);
  assert.deepEqual((s.components[0] as SubtractionGame).set, [1, 2]);
  assert.equal((s.components[2] as RewriteGame).rules.length, 3);
  const p = parseSpec('push(subtraction:1,2,subtraction:1-4)') as PushCompound<number[]>;
  assert.equal(p.rulesets.length, 2);
});

test('errors point at the column where the spec goes wrong', () => {
  const at = (spec: string) => {
    try {
      parseSpec(spec);
    } catch (e) {
      assert.ok(e instanceof SpecError, `${spec}: ${e}`);
      return e.column;
    }
    assert.fail(`${spec} was accepted`);
  };
  assert.equal(at('rewrite:a,,b'), 11);
  assert.equal(at('octal:0.08'), 10);
  assert.equal(at('subtraction:1,x'), 15);
  assert.equal(at('push(nim,foo)'), 10);
  assert.equal(at('sum(nim'), 8);
  assert.equal(at('wythoff+1'), 10);
  assert.equal(at('invariant:(1,0),(1)'), 17);
  assert.equal(at('nim:3'), 4);
});

test('the spec error message follows docs/specs.md', () => {
  assert.throws(() => parseSpec('rewrite:a,,b'), { message: 'bad game spec "rewrite:a,,b" at column 11: empty rule' });
});

test('positions: heaps with or without parentheses, words with exponents, push phases, sums', () => {
  assert.deepEqual(parsePosition(parseSpec('nim'), '(3,5)'), [3, 5]);
  assert.deepEqual(parsePosition(parseSpec('nim'), '3,5,0'), [3, 5, 0]);
  assert.deepEqual(parsePosition(parseSpec('push(nim,euclid)'), '2,4'), { phase: 0, g: [2, 4] });
  assert.deepEqual(parsePosition(parseSpec('push(nim,euclid)'), '2:2,4'), { phase: 1, g: [2, 4] });
  assert.deepEqual(parsePosition(parseSpec('sum(nim,rewrite:a,b)'), '3 + ab2'), [[3], 'abb']);
  assert.throws(() => parsePosition(parseSpec('wythoff'), '1,2,3'), (e: unknown) => e instanceof PositionError && /2 heaps/.test(e.message));
  assert.throws(() => parsePosition(parseSpec('nim'), '3,x'), (e: unknown) => e instanceof PositionError && e.column === 3);
  assert.throws(() => parsePosition(parseSpec('rewrite:a,b'), 'a0b'), (e: unknown) => e instanceof PositionError && e.column === 2);
});

test('parseSpecLoading loads only the families a spec names (in a fresh process) and parses as parseSpec does, errors included', async () => {
  const { execFileSync } = await import('node:child_process');
  const specs = ['octal:0.16', 'push(subtraction:1,2,octal:0.07)', 'sum(nim,wythoff+1,2)', 'misere(cram)', 'rewrite:a->,b->a', 'tinvariant:[x mod 2=0](*,0),(0,*);[else](*,0),(0,*),(1,1)', 'hex:0.B4⊙euclid', 'pushcram', 'conjoined(mark,zeruclid)', 'octal:0.8x', 'nim(', 'sum(bogus)'];
  const parseUrl = new URL('../../src/spec/parse.js', import.meta.url).href;
  const script = `
    const { parseSpec, parseSpecLoading } = await import(${JSON.stringify(parseUrl)});
    const out = [];
    // Before any loading, the synchronous parser cannot build an octal game.
    try { parseSpec('octal:0.16'); out.push('parsed'); } catch (e) { out.push(e.constructor.name); }
    for (const s of ${JSON.stringify(specs)}) {
      try { out.push((await parseSpecLoading(s)).name); } catch (e) { out.push('error: ' + e.message); }
    }
    console.log(JSON.stringify(out));`;
  const got = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
  assert.equal(got[0], 'FamilyNotLoaded');
  const want = specs.map((s) => {
    try {
      return parseSpec(s).name;
    } catch (e) {
      return `error: ${(e as Error).message}`;
    }
  });
  assert.deepEqual(got.slice(1), want);
  assert.ok(want.filter((w) => w.startsWith('error: ')).length === 3 && want.filter((w) => !w.startsWith('error: ')).length === 9);
});

test('the named octal games of Winning Ways (ch. 4) stand for their codes, as typed by researchers (issue 33)', () => {
  const cases: [string, string][] = [
    ['kayles', 'octal:0.77'],
    ['Kayles', 'octal:0.77'],
    ['dawson', 'octal:0.07'],
    ["Dawson's Kayles", 'octal:0.07'],
    ["dawson's chess", 'octal:0.137'],
    ['dawsons-chess', 'octal:0.137'],
    ["grundy's game", 'octal:4!.0'],
    ['grundy', 'octal:4!.0'],
    ['treblecross', 'octal:0.007'],
    ['officers', 'octal:0.6'],
    ['sum(kayles,nim)', 'sum(octal:0.77,nim)'],
    ['sum(subtraction:1,2,kayles)', 'sum(subtraction:1,2,octal:0.77)'],
  ];
  for (const [text, name] of cases) assert.equal(parseSpec(text).name, name, text);
  // A name that only begins like one is not it.
  assert.throws(() => parseSpec('kaylesx'), /unknown game "kaylesx"/);
});

test('a bare code is pointed to its family (issue 33: `sequence 0.07`)', () => {
  for (const [text, hint] of [['0.07', 'octal:0.07'], ['.137', 'octal:.137'], ['4!.0', 'octal:4!.0']] as const) {
    assert.throws(() => parseSpec(text), (e: unknown) => e instanceof SpecError && e.message.includes(`write ${hint}`), text);
  }
});

test('a letter no rule mentions is refused in a rewrite position, with its column (issue 33)', () => {
  const rs = parseSpec('rewrite:a,a2,b');
  assert.throws(() => parsePosition(rs, 'abc'), (e: unknown) => e instanceof PositionError && /letter "c" at column 3 is in no rule of rewrite:a,a2,b/.test(e.message));
  assert.equal(parsePosition(rs, 'abba'), 'abba');
  // A letter of a right side counts: it is rewritten into and may be rewritten again.
  assert.equal(parsePosition(parseSpec('rewrite:aa->b,b'), 'ab'), 'ab');
});
