/**
 * The position grammar of docs/specs.md for heaps and words, shared by every ruleset's domain.
 * Heaps: `3,5` or `(3,5)`. Words: letters with optional exponents, `a5b2aba2`; the empty word is
 * the empty string, `""` or `ε`.
 */
import { PositionError } from './errors.js';
import type { Heaps, PositionDomain } from './ruleset.js';

/** Characters that cannot be letters: they delimit specs and rules. */
export const RESERVED = new Set([',', '-', '>', '(', ')', ' ', '\t', '+', '"', 'ε', '⊙']);

/** `aaab` -> `a3b`: the compact form used by positions and specs. */
export function compressWord(w: string): string {
  if (w === '') return 'ε';
  let out = '';
  for (let i = 0; i < w.length; ) {
    let j = i;
    while (j < w.length && w[j] === w[i]) j++;
    out += j - i > 1 ? `${w[i]}${j - i}` : w[i];
    i = j;
  }
  return out;
}

export function parseHeaps(text: string): Heaps {
  let body = text.trim();
  let offset = text.indexOf(body);
  if (body.startsWith('(')) {
    if (!body.endsWith(')')) throw new PositionError(text, offset + body.length + 1, 'missing ")"');
    body = body.slice(1, -1);
    offset += 1;
  }
  if (body.trim() === '') throw new PositionError(text, offset + 1, 'expected heap sizes like 3,5');
  const heaps: number[] = [];
  let col = offset;
  for (const part of body.split(',')) {
    const t = part.trim();
    const at = col + part.indexOf(t) + 1;
    if (t === '') throw new PositionError(text, col + 1, 'empty heap');
    if (!/^\d+$/.test(t)) {
      const bad = t.search(/[^\d]/);
      throw new PositionError(text, at + bad, `expected a non-negative integer, found ${JSON.stringify(t)}`);
    }
    const n = Number(t);
    if (!Number.isSafeInteger(n)) throw new PositionError(text, at, `heap ${t} is too large`);
    heaps.push(n);
    col += part.length + 1;
  }
  return heaps;
}

export function formatHeaps(h: Heaps): string {
  return h.join(',');
}

/**
 * Heaps whose order matters (Wythoff, Euclid, invariant games).
 *
 * @remarks Since 0.1.0
 * @public
 */
export const orderedHeapsDomain: PositionDomain<Heaps> = {
  kind: 'heaps',
  key: formatHeaps,
  format: formatHeaps,
  parse: parseHeaps,
};

/**
 * Heaps whose order does not matter (Nim, subtraction, octal): the key is the sorted multiset.
 *
 * @remarks Since 0.1.0
 * @public
 */
export const heapMultisetDomain: PositionDomain<Heaps> = {
  kind: 'heaps',
  key: (h) => (h.length === 1 ? String(h[0]) : [...h].sort((a, b) => a - b).join(',')),
  format: formatHeaps,
  parse: parseHeaps,
};

export function parseWord(text: string): string {
  if (text === '' || text === '""' || text === 'ε' || text === "''") return '';
  let w = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (RESERVED.has(c) || /\d/.test(c)) {
      throw new PositionError(text, i + 1, /\d/.test(c) ? 'an exponent must follow a letter' : `${JSON.stringify(c)} is not a letter`);
    }
    let j = i + 1;
    while (j < text.length && /\d/.test(text[j]!)) j++;
    const exp = j > i + 1 ? Number(text.slice(i + 1, j)) : 1;
    if (j > i + 1 && (exp === 0 || text[i + 1] === '0')) throw new PositionError(text, i + 2, 'exponent must be a positive integer');
    if (exp > 1 << 24) throw new PositionError(text, i + 2, 'exponent too large');
    w += c.repeat(exp);
    i = j;
  }
  return w;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export const wordDomain: PositionDomain<string> = {
  kind: 'word',
  key: (w) => w,
  format: compressWord,
  parse: parseWord,
};
