/**
 * Question 17 of seed taking-and-merging, exploration: where the Grundy values of a two-letter
 * taking-and-merging game grow. Every word up to length N is enumerated (enumerate.ts), and printed:
 *  - per length: the largest value and the share of the words of each value (do the rare values
 *    become rarer or more common as words get longer?);
 *  - per value: the first length reaching it and the words there, as their first letter and block
 *    lengths, each sequence of block lengths once up to reversal (so a word, its mirror image and, in
 *    a game symmetric in the letters, their letter swaps are shown once);
 *  - per number of blocks r: the largest value of an r-block word, by length (a word with r blocks
 *    has at most r x #rules options, so this is bounded for each r; does it grow with r?);
 *  - periodic middles: for each word v of length <= 8 (first letter the alphabet's first), the
 *    largest G(u v^n x) over contexts u, x of length <= 5 and n >= 3 (length <= N), and for a few v
 *    that largest value n by n (can a repeated block carry growing values?);
 *  - pumping: for every word of length <= N - p and each of its blocks, whether lengthening the
 *    block by p (the period of its letter alone, a subtraction game) keeps G; tallied by letter,
 *    interior or end block, and block length (cut at 6). Where it always does from some length on,
 *    G would be a function of finitely many block types.
 *
 *   node dist/bench/q17-records.js [SPEC=a,a2,b,b2] [N=24] [SHOW=6]
 *
 * Prints JSON lines; asserts nothing.
 */
import { letterPeriod } from '../src/games/rewrite/block-families.js';
import { takingAndMerging } from '../src/games/rewrite/blocks.js';
import { enumerateByLengthSync } from '../src/games/rewrite/enumerate.js';
import type { RewriteGame } from '../src/games/rewrite/game.js';
import { decodeWord } from '../src/games/rewrite/packed.js';
import { parseSpec } from '../src/spec/index.js';

const SPEC = process.argv[2] ?? 'a,a2,b,b2';
const N = Number(process.argv[3] ?? 24);
const SHOW = Number(process.argv[4] ?? 6);

const rules = (parseSpec(`rewrite:${SPEC}`) as RewriteGame).rules;
const cpu0 = process.cpuUsage();
const table = enumerateByLengthSync(rules, N);
if (table.layout.radix !== 2) throw new Error(`${SPEC}: two letters expected`);

/** Block lengths of the word w of length n (first letter = most significant bit). */
function blockLengths(n: number, w: number): number[] {
  const out: number[] = [];
  let run = 1;
  for (let i = n - 2; i >= 0; i--) {
    if (Math.floor(w / 2 ** i) % 2 === Math.floor(w / 2 ** (i + 1)) % 2) run++;
    else {
      out.push(run);
      run = 1;
    }
  }
  out.push(run);
  return out;
}

/** Number of blocks: one more than the number of letter changes (n <= 31). */
function blockCount(n: number, w: number): number {
  let x = (w ^ (w >>> 1)) & (2 ** (n - 1) - 1);
  let r = 1;
  while (x) {
    x &= x - 1;
    r++;
  }
  return r;
}

const maxByBlocks: number[][] = []; // [r][n]
let running = -1;
for (let n = 1; n <= N; n++) {
  const values = table.ofLength(n);
  const stats = table.lengths[n]!;
  const byBlocks = new Array<number>(n + 1).fill(-1);
  for (let w = 0; w < values.length; w++) {
    const r = blockCount(n, w);
    if (values[w]! > byBlocks[r]!) byBlocks[r] = values[w]!;
  }
  for (let r = 1; r <= n; r++) (maxByBlocks[r] ??= [])[n] = byBlocks[r]!;
  const share = stats.counts.map((c) => Number((c / values.length).toPrecision(3)));
  let records: string[] | undefined;
  if (stats.maxGrundy > running) {
    running = stats.maxGrundy;
    const seen = new Set<string>();
    records = [];
    for (let w = 0; w < values.length && records.length < SHOW; w++) {
      if (values[w] !== running) continue;
      const blocks = blockLengths(n, w);
      const key = [blocks.join(' '), [...blocks].reverse().join(' ')].sort()[0]!;
      if (seen.has(key)) continue;
      seen.add(key);
      records.push(`${Math.floor(w / 2 ** (n - 1)) === 0 ? table.layout.alphabet[0] : table.layout.alphabet[1]}: ${blocks.join(' ')}`);
    }
  }
  console.log(JSON.stringify({ n, max: stats.maxGrundy, runningMax: stats.runningMax, share, ...(records ? { records } : {}) }));
}
for (let r = 1; r <= N; r++) {
  const byLength = maxByBlocks[r]!.slice(r);
  console.log(JSON.stringify({ blocks: r, max: Math.max(...byLength), byLength: byLength.join(' ') }));
}

/** Every word over the alphabet of length lo..hi. */
function wordsOf(lo: number, hi: number): string[] {
  const out: string[] = [];
  let layer = [''];
  for (let n = 0; n <= hi; n++) {
    if (n >= lo) out.push(...layer);
    layer = layer.flatMap((w) => table.layout.alphabet.map((c) => w + c));
  }
  return out;
}
const contexts = wordsOf(0, 5);
const [first, second] = table.layout.alphabet as [string, string];
const middles = wordsOf(1, 8).filter((v) => v[0] === first);
const largest = (v: string, n: number) => {
  let m = -1;
  for (const u of contexts) for (const x of contexts) if (u.length + x.length + n * v.length <= N) m = Math.max(m, table.grundy(u + v.repeat(n) + x));
  return m;
};
const periodic = middles.map((v) => {
  let m = -1;
  for (let n = 3; n * v.length <= N; n++) m = Math.max(m, largest(v, n));
  return { v, max: m };
});
periodic.sort((p, q) => q.max - p.max);
console.log(JSON.stringify({ periodicMiddles: middles.length, contextsUpTo: 5, best: periodic.slice(0, 4) }));
for (const v of [first, first + second, first + first + second, first + first + second + second]) {
  const byN: number[] = [];
  for (let n = 1; n * v.length <= N - 10; n++) byN.push(largest(v, n));
  console.log(JSON.stringify({ middle: v, largestByN: byN.join(' ') }));
}

const game = takingAndMerging(rules);
const periods = [letterPeriod(game, 0), letterPeriod(game, 1)];
const tally = new Map<string, [number, number]>(); // key -> [unchanged, total]
for (let n = 1; n + Math.max(...periods) <= N; n++) {
  for (let w = 0; w < 2 ** n; w++) {
    const word = decodeWord(table.layout, n, w);
    const g = table.grundy(word);
    for (let i = 0; i < n; ) {
      let j = i;
      while (j < n && word[j] === word[i]) j++;
      const letter = table.layout.alphabet.indexOf(word[i]!);
      const longer = word.slice(0, j) + word[i]!.repeat(periods[letter]!) + word.slice(j);
      const key = `${word[i]} +${periods[letter]} ${i === 0 || j === n ? 'end' : 'interior'} ${Math.min(j - i, 6)}`;
      const t = tally.get(key) ?? [0, 0];
      if (table.grundy(longer) === g) t[0]++;
      t[1]++;
      tally.set(key, t);
      i = j;
    }
  }
}
for (const [key, [same, total]] of [...tally].sort()) console.log(JSON.stringify({ pumping: key, unchanged: same, of: total }));
const cpu = process.cpuUsage(cpu0);
console.error(`${SPEC} to length ${N}: cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
