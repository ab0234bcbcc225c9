/**
 * The named games of docs/cli.md ("Named games (aliases)", issue 33 must-show c): one test per row of that
 * table, each form of the name typed as a user types it. The alias must give its code's Grundy values for
 * heaps 0..200, under the code's name, and both must be the game the row describes, computed here by the
 * plain recursion over its moves (mex of the XOR of the heaps a move leaves), not by the kernel.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { knownGameNames, parseSpec } from '../../src/spec/index.js';
import { runCli } from '../helpers/cli.js';

const MAX = 200;
const cli = readFileSync(fileURLToPath(new URL('../../../docs/cli.md', import.meta.url)), 'utf8');

/** The rows of the aliases table: every name typed for the row, and its code. */
function aliasRows(): { names: string[]; code: string }[] {
  const section = cli.slice(cli.indexOf('### Named games (aliases)'), cli.indexOf('### One position format'));
  return section
    .split('\n')
    .filter((l) => /^\| `/.test(l))
    .map((l) => {
      const [names, code] = l.split(' | ');
      return { names: [...names!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), code: /`([^`]+)`/.exec(code!)![1]! };
    });
}

/**
 * The heaps a move leaves, by the rows' descriptions: a row of n split around `take` adjacent tokens into
 * a + b = n - take (a or b empty when taken at an end, both when the whole row is taken).
 */
const split = (n: number, take: number) => (n < take ? [] : Array.from({ length: Math.floor((n - take) / 2) + 1 }, (_, a) => [a, n - take - a]));
const DESCRIBED: Record<string, (n: number) => number[][]> = {
  // One pin or two adjacent pins.
  'octal:0.77': (n) => [...split(n, 1), ...split(n, 2)],
  // Exactly two adjacent pins.
  'octal:0.07': (n) => split(n, 2),
  // A pawn on file i of n removes files i-1..i+1: the whole row of 1, two files at an end, three elsewhere.
  'octal:0.137': (n) => [...(n === 1 ? [[]] : []), ...(n >= 2 ? [[n - 2]] : []), ...split(n, 3)],
  // Two unequal non-empty heaps.
  'octal:4!.0': (n) => split(n, 0).filter(([a, b]) => a! > 0 && a !== b),
  // Three adjacent tokens.
  'octal:0.007': (n) => split(n, 3),
  // One token, leaving one or two non-empty heaps.
  'octal:0.6': (n) => split(n, 1).filter(([a, b]) => a! > 0 || (a === 0 && b! > 0)),
};

function described(code: string): number[] {
  const moves = DESCRIBED[code]!;
  const G: number[] = [];
  for (let n = 0; n <= MAX; n++) {
    const seen = new Set(moves(n).map((heaps) => heaps.reduce((x, h) => x ^ G[h]!, 0)));
    let g = 0;
    while (seen.has(g)) g++;
    G.push(g);
  }
  return G;
}

function values(spec: string): { names: string[]; grundy: number[] } {
  const r = runCli(['sequence', spec, '--max', String(MAX), '--json']);
  assert.equal(r.status, 0, `${spec}: ${r.stderr}`);
  const rows = r.lines.filter((l: { n?: number }) => l.n !== undefined) as { grundy: number; spec: string }[];
  return { names: [...new Set(rows.map((l) => l.spec))], grundy: rows.map((l) => l.grundy) };
}

const rows = aliasRows();

test('docs/cli.md lists every named game the parser knows, and nothing else', () => {
  const named = knownGameNames().filter((n) => !/[:(+]/.test(n) && parseSpec(n).name.startsWith('octal:'));
  assert.ok(named.length >= 6, named.join(', '));
  assert.deepEqual(rows.map((r) => r.names[0]).sort(), [...named].sort());
  for (const r of rows) assert.ok(DESCRIBED[r.code], `${r.code} has a description here`);
});

for (const { names, code } of rows) {
  test(`${names.join(' / ')} is ${code}: the code's values for heaps 0..${MAX}, and the game the table describes`, () => {
    const ofCode = values(code);
    assert.deepEqual(ofCode.names, [code]);
    assert.equal(ofCode.grundy.length, MAX + 1);
    assert.deepEqual(ofCode.grundy, described(code), `${code} against the recursion over its moves`);
    // As typed: the table's forms, then capitalised and spelled the other ways the docs allow.
    const typed = [...names, ...names.map((n) => n.replace(/(^|\s)([a-z])/g, (_, s: string, c: string) => s + c.toUpperCase())), ...names.filter((n) => n.includes("'s ")).map((n) => n.replace("'s ", 's-'))];
    for (const name of new Set(typed)) {
      const ofAlias = values(name);
      assert.deepEqual(ofAlias.names, [code], `${name} is named by its code`);
      assert.deepEqual(ofAlias.grundy, ofCode.grundy, name);
    }
  });
}
