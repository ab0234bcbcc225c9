/**
 * `reg`: regular expressions over digit tuples -> minimal DFA. Syntax: concatenation, |, *, +, ?,
 * parentheses, `.` (any letter), a digit (one-track letter), [d1,d2,...] (a multi-track letter or a
 * negative digit [-1]) and digit classes [0-3] / [013]. Whitespace is ignored. The language is
 * exactly the expression's: no zero padding is added and validity is not imposed (as in Walnut).
 */
import { InputError, quoted } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { determinise, EPSILON, NfaBuilder } from '../automata/nfa.js';
import { lettersOf, type Track, radixOf } from './predicate.js';

export function compileRegex(pattern: string, tracks: readonly Track[]): Dfa {
  const text = pattern.replace(/\s+/g, '');
  const radices = tracks.map(radixOf);
  const K = lettersOf(tracks);
  const b = new NfaBuilder(K);
  let pos = 0;
  // Groups recurse (atom -> alt -> concat -> repeat -> atom): bounded, so that no input reaches the stack's end.
  let depth = 0;
  const maxNesting = limitDefault('formulaNesting');
  const fail = (reason: string): never => {
    throw new InputError(`bad regular expression ${quoted(pattern)} at column ${pos + 1}: ${reason}`);
  };
  // A digit outside a track's alphabet matches nothing (as in Walnut): -1.
  const indexOn = (track: number, value: number): number => {
    const t = tracks[track]!;
    if (t.system) return value < 0 || value >= t.system.base ? -1 : value;
    return t.alphabet!.indexOf(value);
  };
  const letterOf = (values: number[]): number => {
    if (values.length !== tracks.length) fail(`a letter of ${values.length} digits for ${tracks.length} tracks`);
    let L = 0;
    for (let i = values.length - 1; i >= 0; i--) {
      const d = indexOn(i, values[i]!);
      if (d < 0) return -1;
      L = L * radices[i]! + d;
    }
    return L;
  };
  type Frag = { s: number; e: number };
  const letters = (ls: number[]): Frag => {
    const s = b.addState();
    const e = b.addState();
    for (const l of ls) if (l >= 0) b.addEdge(s, l, e);
    return { s, e };
  };
  const alt = (): Frag => {
    const parts = [concat()];
    while (text[pos] === '|') {
      pos++;
      parts.push(concat());
    }
    if (parts.length === 1) return parts[0]!;
    const s = b.addState();
    const e = b.addState();
    for (const p of parts) {
      b.addEdge(s, EPSILON, p.s);
      b.addEdge(p.e, EPSILON, e);
    }
    return { s, e };
  };
  const concat = (): Frag => {
    const s = b.addState();
    let e = s;
    while (pos < text.length && text[pos] !== '|' && text[pos] !== ')') {
      const f = repeat();
      b.addEdge(e, EPSILON, f.s);
      e = f.e;
    }
    return { s, e };
  };
  const repeat = (): Frag => {
    let f = atom();
    while (text[pos] === '*' || text[pos] === '+' || text[pos] === '?') {
      const op = text[pos++]!;
      const s = b.addState();
      const e = b.addState();
      b.addEdge(s, EPSILON, f.s);
      b.addEdge(f.e, EPSILON, e);
      if (op !== '?') b.addEdge(f.e, EPSILON, f.s);
      if (op !== '+') b.addEdge(s, EPSILON, e);
      f = { s, e };
    }
    return f;
  };
  const atom = (): Frag => {
    const c = text[pos];
    if (c === undefined) return fail('unexpected end');
    if (c === '(') {
      if (++depth > maxNesting) fail(`groups nested more than ${maxNesting} deep`);
      pos++;
      const f = alt();
      if (text[pos] !== ')') fail('expected )');
      pos++;
      depth--;
      return f;
    }
    if (c === '.') {
      pos++;
      return letters(Array.from({ length: K }, (_, i) => i));
    }
    if (c === '[') {
      const end = text.indexOf(']', pos);
      if (end < 0) fail('unclosed [');
      const inner = text.slice(pos + 1, end);
      pos = end + 1;
      // [d1,d2], [-1] and a multi-digit letter of the alphabet ([10]) are letters; [58] is a class.
      const asLetter = /^-?\d+$/.test(inner) && (inner.startsWith('-') || inner.length === 1 || (tracks.length === 1 && !tracks[0]!.system && tracks[0]!.alphabet!.includes(Number(inner))));
      if (inner.includes(',') || asLetter) {
        const values = inner.split(',').map(Number);
        if (values.some((v) => !Number.isInteger(v))) fail(`bad letter [${inner}]`);
        return letters([letterOf(values)]);
      }
      if (tracks.length !== 1) fail('a digit class needs a single track');
      // Walnut's quirk (conformance cases 153-155): a digit of the alphabet becomes the code point
      // 128 + its position before the regex engine sees it, other digits stay ASCII; a range takes
      // the letters whose code point falls inside (a reversed range is empty).
      const t = tracks[0]!;
      const size = radixOf(t);
      const codeOf = (ch: string): number => {
        const i = t.system ? (Number(ch) < t.system.base ? Number(ch) : -1) : t.alphabet!.indexOf(Number(ch));
        return i >= 0 ? 128 + i : ch.charCodeAt(0);
      };
      const set = new Set<number>();
      for (let i = 0; i < inner.length; i++) {
        if (!/\d/.test(inner[i]!)) fail(`bad digit class [${inner}]`);
        const lo = codeOf(inner[i]!);
        let hi = lo;
        if (inner[i + 1] === '-' && i + 2 < inner.length) {
          hi = codeOf(inner[i + 2]!);
          i += 2;
        }
        for (let j = 0; j < size; j++) if (128 + j >= lo && 128 + j <= hi) set.add(j);
      }
      return letters([...set].sort((x, y) => x - y));
    }
    if (/\d/.test(c)) {
      pos++;
      if (tracks.length !== 1) fail('a bare digit needs a single track; write [d1,d2,...]');
      return letters([letterOf([Number(c)])]);
    }
    return fail(`unexpected ${JSON.stringify(c)}`);
  };
  const f = alt();
  if (pos < text.length) fail(`unexpected ${JSON.stringify(text[pos])}`);
  const accept = b.addState(true);
  b.addEdge(f.e, EPSILON, accept);
  return minimise(determinise(b.build([f.s])));
}
