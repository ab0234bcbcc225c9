#!/usr/bin/env node
// Transcribes the tables of tczajka/octal-games (SolvedGames.md, TrivialGames.md, UnsolvedGames.md,
// GameLookup.md) into tczajka-octal-games.json beside this script: only the tables' facts, under a header
// naming the source, the commit and its MIT notice. Ours (sprague's), not part of that repository.
//
//   node data/published/convert-tczajka.mjs DIR [COMMIT]
//
// DIR is a folder with the four .md files and LICENSE, or a git directory of the repository (then the
// files are read at COMMIT, default 57e893a, with `git show`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, commit = '57e893a'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: convert-tczajka.mjs DIR [COMMIT]  (DIR: the .md files, or a git directory of tczajka/octal-games)');
  process.exit(2);
}
const read = (file) =>
  existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : execFileSync('git', ['-C', dir, 'show', `${commit}:${file}`], { encoding: 'utf8' });

/** The table's name of a game as a sprague spec: `.45` -> octal:0.45, `4` -> octal:4.0, `Grundy's` -> octal:4!.0. */
function spec(game) {
  if (game === "Grundy's") return 'octal:4!.0';
  if (/^\d$/.test(game)) return `octal:${game}.0`;
  if (game.startsWith('.')) return `octal:0${game}`;
  if (/^\d\.\d+$/.test(game)) return `octal:${game}`;
  throw new Error(`cannot read the game ${JSON.stringify(game)}`);
}

/** The data rows of the Markdown tables in `text`: cells trimmed, header and rule lines dropped. */
function rows(text) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.includes('|') || /^\s*:?-+/.test(line.split('|')[0] ?? '') || /^\s*game\b/.test(line)) continue;
    out.push(line.split('|').map((c) => c.trim()));
  }
  return out;
}

const int = (c, what) => {
  if (!/^\d+$/.test(c)) throw new Error(`${what}: expected a number, got ${JSON.stringify(c)}`);
  return Number(c);
};

const solved = rows(read('SolvedGames.md')).map(([game, prefix, period, largestIdx, largest, rareMask, numRare, lastRare, by]) => ({
  game,
  spec: spec(game),
  prefix: int(prefix, game),
  period: int(period, game),
  largestIdx: int(largestIdx, game),
  largest: int(largest, game),
  ...(rareMask ? { rareMask, numRare: int(numRare, game), lastRare: int(lastRare, game) } : {}),
  ...(by ? { firstSolvedBy: by } : {}),
}));

const trivial = rows(read('TrivialGames.md')).map(([game, prefix, period, nimbers]) => ({ game, spec: spec(game), prefix: int(prefix, game), period: int(period, game), nimbers }));

const unsolved = rows(read('UnsolvedGames.md')).map(([game, n, largestIdx, largest, rareMask, numRare, lastRare]) => {
  if (!n) return { game, spec: spec(game) };
  const m = /^2\^(\d+)$/.exec(n);
  if (!m) throw new Error(`${game}: expected n = 2^k, got ${JSON.stringify(n)}`);
  return { game, spec: spec(game), n: 2 ** Number(m[1]), largestIdx: int(largestIdx, game), largest: int(largest, game), rareMask, numRare: int(numRare, game), lastRare: int(lastRare, game) };
});

// GameLookup: a row names the code with its last digit x, the columns give x = 1..7; a cell is the game with
// the same sequence (up to the offset of heaps of 1 that cannot be taken), `-` when the code is its own.
const lookup = [];
for (const [row, ...cells] of rows(read('GameLookup.md'))) {
  if (!row.endsWith('x')) throw new Error(`GameLookup: unexpected row ${JSON.stringify(row)}`);
  const stem = row.slice(0, -1);
  cells.slice(0, 7).forEach((cell, i) => {
    const game = `${stem}${i + 1}`;
    lookup.push({ game, spec: spec(game), sameAs: cell === '-' ? null : spec(cell) });
  });
}

const license = read('LICENSE');
const table = {
  source: {
    repository: 'https://github.com/tczajka/octal-games',
    commit,
    files: ['SolvedGames.md', 'TrivialGames.md', 'UnsolvedGames.md', 'GameLookup.md'],
    license: license.trim(),
    transcribed: 'by data/published/convert-tczajka.mjs (sprague); only the tables\' data, no code',
  },
  conventions: [
    'prefix: the heaps before the period (tczajka\'s column); sprague\'s preperiod is the least n0 with G(n+p) = G(n) for all n >= n0 (docs/conventions.md).',
    'nimbers: G(0), G(1), ... one character each (0-9, then A = 10, B = 11, ...), the period in parentheses.',
    'largestIdx / largest: the least heap with the largest value, and that value; rareMask (hexadecimal, "+pos" when heap parity takes part), numRare (heap 0 counted), lastRare: the sparse class of the solver.',
    'n: heaps computed for an unsolved game (G(0..n-1)).',
    'lookup: sameAs is the game with the same sequence, a heap of 1 that cannot be taken counting as a heap one smaller; null: the code is its own entry.',
  ],
  solved,
  trivial,
  unsolved,
  lookup,
};
// One game per line, so that a diff of a new transcription reads row by row.
const lines = (key) => `"${key}": [\n${table[key].map((x) => `  ${JSON.stringify(x)}`).join(',\n')}\n ]`;
const head = JSON.stringify({ source: table.source, conventions: table.conventions }, null, 1).slice(0, -2);
writeFileSync(new URL('./tczajka-octal-games.json', import.meta.url), `${head},\n ${['solved', 'trivial', 'unsolved', 'lookup'].map(lines).join(',\n ')}\n}\n`);
console.log(`solved ${solved.length}, trivial ${trivial.length}, unsolved ${unsolved.length}, lookup ${lookup.length}`);
