/**
 * Walnut's `split`, `rsplit` and `join`: word automata moved between base −k and base k.
 * `split NAME W[+][-][]` reads W's marked tracks in base −k and gives the word x ↦ W[±x] on
 * naturals in base k; `rsplit NAME[+][-] W` goes back, x ↦ W[±x] for the integers x of the right
 * sign (0 elsewhere); `join NAME A[a][b] B[a] ...` merges word automata over named variables,
 * each point taking the first non-zero output.
 */
import { InputError } from '../core/errors.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { product } from '../automata/ops.js';
import { buildDfa, reverseDfa } from '../numeration/build.js';
import { NumerationSystem } from '../numeration/system.js';
import type { WordAutomaton } from './compile.js';
import { combine, exists, lettersOf, Predicate, type Track, unionTracks, validityOf, widen } from './predicate.js';

export type Sign = '+' | '-' | '';

/**
 * Digits x (base k) and v (base −k) with value(x) = ±value(v), lsd first, letters x + k v:
 * Σ (x_i ∓ (−1)^i v_i) k^i = 0, with a carry and the parity of the position.
 */
function lsdSignedEquality(k: number, negate: boolean): Dfa {
  const raw = buildDfa<[number, number]>(
    k * k,
    [0, 0],
    (s) => s.join(','),
    ([c, p], L) => {
      const x = L % k;
      const v = Math.floor(L / k);
      const weight = (p === 0 ? 1 : -1) * (negate ? -1 : 1);
      const s = x - weight * v + c;
      if (s % k !== 0) return null;
      return [s / k + 0, 1 - p];
    },
    ([c]) => (c === 0 ? 1 : 0),
  );
  return minimise(raw);
}

/** The system of base ±k with the direction of `like`. */
function baseSystem(like: NumerationSystem, negative: boolean): NumerationSystem {
  const k = like.base;
  return NumerationSystem.byName(`${like.msd ? 'msd' : 'lsd'}_${negative ? 'neg_' : ''}${k}`);
}

/** The relation x (base k) = ±v (base −k) as a predicate on tracks named x and v. */
function signedEquality(x: string, v: string, like: NumerationSystem, negate: boolean): Predicate {
  const lsd = lsdSignedEquality(like.base, negate);
  const dfa = like.msd ? reverseDfa(lsd) : lsd;
  const tx: Track = { name: x, system: baseSystem(like, false) };
  const tv: Track = { name: v, system: baseSystem(like, true) };
  // Tracks are sorted by name; x and v are chosen so that x sorts first.
  return new Predicate([tx, tv], dfa);
}

/** Folds the predicates "output = o" of a word into a DFAO over `tracks`. */
function foldOutputs(tracks: readonly Track[], parts: readonly [number, Predicate][]): Dfa {
  const K = lettersOf(tracks);
  let d = Dfa.from(1, K, () => 0, () => 0);
  for (const [o, p] of [...parts].reverse()) {
    const wide = widen(p, tracks);
    d = minimise(product(wide.dfa, d, (x, y) => (x !== 0 ? o : y)));
  }
  return d;
}

/** The word w with its tracks renamed and re-labelled (same digits). */
function asPredicate(w: WordAutomaton, tracks: readonly Track[]): Predicate {
  return new Predicate(tracks, w.dfa);
}

/**
 * split (toNegative = false): the result reads naturals in base k on the marked tracks, and W reads
 * them in base −k. rsplit (toNegative = true): the result reads base −k, W base k.
 */
export function splitWord(w: WordAutomaton, signs: readonly Sign[], toNegative: boolean, what: string): WordAutomaton {
  if (signs.length !== w.tracks.length) throw new InputError(`${what}: ${signs.length} signs for ${w.tracks.length} tracks`);
  // Source tracks s0.., result tracks r0..; a sign links them through x = ±v.
  // Names sort by track index first, so every list keeps W's track order.
  const name = (p: string, i: number) => `${i.toString().padStart(3, '0')}${p}`;
  const srcTracks: Track[] = [];
  const resTracks: Track[] = [];
  const links: Predicate[] = [];
  w.tracks.forEach((t, i) => {
    if (!t.system) throw new InputError(`${what}: track ${i + 1} is not arithmetic`);
    const s = signs[i]!;
    if (s === '') {
      srcTracks.push({ name: name('r', i), system: t.system });
      resTracks.push({ name: name('r', i), system: t.system });
      return;
    }
    // The base-k side is "a", the base −k side "b" (so a sorts first in the link).
    const srcName = name(toNegative ? 'a' : 'b', i);
    const resName = name(toNegative ? 'b' : 'a', i);
    srcTracks.push({ name: srcName, system: baseSystem(t.system, !toNegative) });
    resTracks.push({ name: resName, system: baseSystem(t.system, toNegative) });
    links.push(signedEquality(name('a', i), name('b', i), t.system, s === '-'));
  });
  const src = asPredicate(w, srcTracks);
  const hidden = srcTracks.filter((t) => !resTracks.some((r) => r.name === t.name)).map((t) => t.name);
  const parts: [number, Predicate][] = [];
  for (const o of w.dfa.reachableOutputs()) {
    if (o === 0) continue;
    let p = new Predicate(src.tracks, src.dfa.mapOutput((x) => (x === o ? 1 : 0)));
    p = new Predicate(p.tracks, minimise(product(p.dfa, validityOf(p.tracks), (x, y) => (x !== 0 && y !== 0 ? 1 : 0))));
    for (const link of links) p = combine(p, link, 'and');
    if (hidden.length > 0) p = exists(p, hidden);
    parts.push([o, p]);
  }
  const tracks = unionTracks(resTracks, []);
  return { tracks: tracks.map((t, i) => ({ ...t, name: `#${i.toString().padStart(2, '0')}` })), dfa: foldOutputs(tracks, parts) };
}

/** join: the words over their named index variables, each point taking the first non-zero output. */
export function joinWords(parts: readonly { w: WordAutomaton; vars: readonly string[] }[], what: string): WordAutomaton {
  const preds = parts.map(({ w, vars }) => {
    if (vars.length !== w.tracks.length) throw new InputError(`${what}: ${vars.length} variables for ${w.tracks.length} tracks`);
    if (new Set(vars).size !== vars.length) throw new InputError(`${what}: a variable used twice in one word`);
    const tracks = w.tracks.map((t, i) => ({ ...t, name: vars[i]! }));
    const order = tracks.map((_, i) => i).sort((a, b) => (tracks[a]!.name < tracks[b]!.name ? -1 : 1));
    if (order.some((j, i) => j !== i)) throw new InputError(`${what}: list the variables of each word in sorted order`);
    return new Predicate(tracks, w.dfa);
  });
  const tracks = preds.reduce<Track[]>((acc, p) => unionTracks(acc, p.tracks), []);
  let d: Dfa | undefined;
  for (const p of [...preds].reverse()) {
    const wide = widen(p, tracks).dfa;
    d = d ? minimise(product(wide, d, (x, y) => (x !== 0 ? x : y))) : minimise(wide);
  }
  return { tracks: tracks.map((t, i) => ({ ...t, name: `#${i.toString().padStart(2, '0')}` })), dfa: d! };
}
