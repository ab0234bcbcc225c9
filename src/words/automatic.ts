/**
 * Morphic words as automata (deciding-game-invariance, section 6, Proposition 56 and Cobham's
 * theorem for uniform morphisms): Walnut's `morphism` text, and the DFAO of the fixed point of a
 * k-uniform morphism in base k.
 */
import { InputError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';

/** A morphism on integer letters: letter -> image. */
export type LetterMorphism = ReadonlyMap<number, readonly number[]>;

/** Splits a word of letters: single digits, or [n] for any integer (Walnut's `[-1]`, `[10]`). */
function lettersOf(text: string, where: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) continue;
    if (c === '[') {
      const j = text.indexOf(']', i);
      if (j < 0) throw new InputError(`${where}: unclosed [ in ${JSON.stringify(text)}`);
      const v = Number(text.slice(i + 1, j).trim());
      if (!Number.isInteger(v)) throw new InputError(`${where}: bad letter ${JSON.stringify(text.slice(i, j + 1))}`);
      out.push(v);
      i = j;
    } else if (/\d/.test(c)) out.push(Number(c));
    else throw new InputError(`${where}: bad letter ${JSON.stringify(c)} in ${JSON.stringify(text)}`);
  }
  return out;
}

/** Parses Walnut's `"0->01 1->10"` (rules separated by spaces or commas). */
export function parseMorphism(text: string, where = 'morphism'): Map<number, number[]> {
  const rules = new Map<number, number[]>();
  for (const m of text.matchAll(/(\[-?\d+\]|\d)\s*->\s*((?:\[-?\d+\]|\d)+)/g)) {
    const [a] = lettersOf(m[1]!, where);
    if (rules.has(a!)) throw new InputError(`${where}: two rules for the letter ${a}`);
    rules.set(a!, lettersOf(m[2]!, where));
  }
  if (rules.size === 0) throw new InputError(`${where}: no rules in ${JSON.stringify(text)} (expected e.g. "0->01 1->10")`);
  return rules;
}

/** k when every image has length k, else undefined. */
export function uniformLength(h: LetterMorphism): number | undefined {
  const lengths = new Set([...h.values()].map((w) => w.length));
  return lengths.size === 1 ? [...lengths][0] : undefined;
}

/**
 * The DFAO of the fixed point of a k-uniform morphism h starting with `start`, msd base k
 * (Cobham; Proposition 56 in the uniform case): the state is the letter at the prefix read so far,
 * and digit d moves from a to h(a)[d]. Requires h(start) to begin with start.
 */
export function uniformFixedPointDfao(h: LetterMorphism, start = 0): { base: number; dfa: Dfa } {
  const k = uniformLength(h);
  if (k === undefined || k < 2) throw new InputError('promote: the morphism must be uniform of length at least 2');
  if (h.get(start)?.[0] !== start) throw new InputError(`promote: the image of ${start} must begin with ${start} (a fixed point from ${start})`);
  const letters: number[] = [start];
  const index = new Map([[start, 0]]);
  const delta: number[] = [];
  for (let i = 0; i < letters.length; i++) {
    const img = h.get(letters[i]!);
    if (!img) throw new InputError(`promote: no rule for the letter ${letters[i]}`);
    for (let d = 0; d < k; d++) {
      const b = img[d]!;
      if (!index.has(b)) {
        index.set(b, letters.length);
        letters.push(b);
      }
      delta.push(index.get(b)!);
    }
  }
  return { base: k, dfa: minimise(new Dfa(k, Int32Array.from(delta), Int32Array.from(letters), 0)) };
}

/** The first n letters of the fixed point of h from `start` (a reference for the tests). */
export function fixedPointPrefix(h: LetterMorphism, n: number, start = 0): number[] {
  let w = [start];
  while (w.length < n) {
    const next = w.flatMap((a) => {
      const img = h.get(a);
      if (!img) throw new InputError(`no rule for the letter ${a}`);
      return img;
    });
    if (next.length <= w.length) throw new InputError('the morphism does not grow from the start letter');
    w = next;
  }
  return w.slice(0, n);
}
