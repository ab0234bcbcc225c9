/**
 * Taking-and-merging games on words written as blocks (runs): a^n0 b^n1 a^n2 ... (seed
 * taking-and-merging, section 1). Deleting a^k anywhere inside one block gives the same word, so a
 * word with r blocks has at most r * (number of rules) options, and every position reachable from it
 * has at most r blocks: the Grundy value of a word with few long blocks is cheap to compute exactly
 * even when the word is hundreds of letters long (the positions are the tuples of shorter blocks).
 */
import { InputError, LimitError } from '../../core/errors.js';
import { limitDefault } from '../../core/limits.js';
import { type RewriteRule, alphabetOf, isTakingAndMerging } from './rules.js';

/** A word as its blocks: the letter of the first block (0 or 1) and the block lengths, all >= 1. */
export interface Blocks {
  readonly first: 0 | 1;
  readonly lengths: readonly number[];
}

/** The letters (sorted) and, for each, the exponents k of its rules c^k -> ε. */
export interface TakingAndMerging {
  readonly letters: readonly [string, string];
  readonly exponents: readonly [readonly number[], readonly number[]];
}

/** The two letters and their exponents; InputError unless the rules are taking-and-merging on two letters. */
export function takingAndMerging(rules: readonly RewriteRule[]): TakingAndMerging {
  const letters = alphabetOf(rules).sort();
  if (!isTakingAndMerging(rules) || letters.length !== 2) {
    throw new InputError('block words need a taking-and-merging game on two letters (rules a^k -> ε and b^l -> ε)');
  }
  const exps = (c: string) => [...new Set(rules.filter((r) => r.lhs[0] === c).map((r) => r.lhs.length))].sort((x, y) => x - y);
  return { letters: letters as [string, string], exponents: [exps(letters[0]!), exps(letters[1]!)] };
}

/** The blocks of a word over the game's letters. */
export function toBlocks(game: TakingAndMerging, word: string): Blocks {
  const lengths: number[] = [];
  let first: 0 | 1 = 0;
  let prev = -1;
  for (const ch of word) {
    const d = game.letters.indexOf(ch);
    if (d < 0) throw new InputError(`the word ${JSON.stringify(word)} uses the letter ${JSON.stringify(ch)}, not one of ${game.letters.join(', ')}`);
    if (d === prev) lengths[lengths.length - 1]!++;
    else {
      if (prev < 0) first = d as 0 | 1;
      lengths.push(1);
      prev = d;
    }
  }
  return { first, lengths };
}

/** The word of some blocks, e.g. a b^3 a^2 -> "abbbaa". */
export function fromBlocks(game: TakingAndMerging, blocks: Blocks): string {
  return blocks.lengths.map((n, i) => game.letters[(blocks.first + i) % 2]!.repeat(n)).join('');
}

/** The letter (0 or 1) of block i. */
export function blockLetter(blocks: Blocks, i: number): 0 | 1 {
  return ((blocks.first + i) % 2) as 0 | 1;
}

/**
 * The word left when block i loses k letters: the block shrinks, or it vanishes and its two
 * neighbours (same letter) merge into one block.
 */
export function shrinkBlock(blocks: Blocks, i: number, k: number): Blocks {
  const { first, lengths } = blocks;
  const rest = lengths[i]! - k;
  if (rest < 0) throw new RangeError(`block ${i} has ${lengths[i]} letters, fewer than ${k}`);
  if (rest > 0) return { first, lengths: lengths.map((n, j) => (j === i ? rest : n)) };
  if (lengths.length === 1) return { first: 0, lengths: [] };
  if (i === 0) return { first: (1 - first) as 0 | 1, lengths: lengths.slice(1) };
  if (i === lengths.length - 1) return { first, lengths: lengths.slice(0, -1) };
  return { first, lengths: [...lengths.slice(0, i - 1), lengths[i - 1]! + lengths[i + 1]!, ...lengths.slice(i + 2)] };
}

/** Every option of a block word (one per block and rule that fits; repeats are possible). */
export function blockOptions(game: TakingAndMerging, blocks: Blocks): Blocks[] {
  const out: Blocks[] = [];
  blocks.lengths.forEach((n, i) => {
    for (const k of game.exponents[blockLetter(blocks, i)]) if (k <= n) out.push(shrinkBlock(blocks, i, k));
  });
  return out;
}

function blocksKey(b: Blocks): string {
  return b.lengths.length === 0 ? '' : `${b.first}:${b.lengths.join(',')}`;
}

/**
 * Memoised Grundy values of block words. The memo holds every position met (at most the product of
 * (block length + 1) over the blocks of each word asked); `maxPositions` caps it with a LimitError.
 * Recursion depth is at most the number of blocks plus the length of the word.
 */
export class BlockSolver {
  private readonly memo = new Map<string, number>();

  constructor(
    readonly game: TakingAndMerging,
    readonly maxPositions = limitDefault('blockPositions'),
  ) {}

  get positions(): number {
    return this.memo.size;
  }

  grundy(blocks: Blocks): number {
    const key = blocksKey(blocks);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (const o of blockOptions(this.game, blocks)) seen.add(this.grundy(o));
    let g = 0;
    while (seen.has(g)) g++;
    if (this.memo.size >= this.maxPositions) {
      throw new LimitError(`the block solver memoised ${this.memo.size} positions, its limit`, 'blockPositions');
    }
    this.memo.set(key, g);
    return g;
  }

  grundyOfWord(word: string): number {
    return this.grundy(toBlocks(this.game, word));
  }
}
