/**
 * Dictionary processes (seed: maharaja-nim, section 3 and section 5.1): a read head walks a string; each
 * time the symbols under it spell a dictionary word, that word's translate is appended to the string
 * and the head moves past the word. Prefix-free dictionaries have at most one matching word; for the
 * others the longest matching word is taken (section 5.1). The process stops when the head finds no word.
 *
 * Strings are Uint8Array of symbol codes (index into the dictionary's alphabet), so binary processes of
 * 10^8 symbols stay in typed arrays.
 */
import { checkMemory } from '../core/budget.js';
import { InputError, InterruptedError } from '../core/errors.js';
import type { Stop } from '../core/stop.js';

export interface DictionaryEntry {
  readonly word: string;
  readonly translate: string;
  /** A name for reports, e.g. the paper's equation number "(33)". */
  readonly label?: string;
}

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface Dictionary {
  /** The symbols, in code order: '01' for bit strings. */
  readonly alphabet: string;
  readonly entries: readonly DictionaryEntry[];
}

/** A dictionary as a trie over symbol codes. */
export interface CompiledDictionary {
  readonly dictionary: Dictionary;
  readonly words: readonly Uint8Array[];
  readonly translates: readonly Uint8Array[];
  /** child[node * |alphabet| + symbol]: next trie node or -1. */
  readonly child: Int32Array;
  /** entryAt[node]: the entry whose word ends at node, or -1. */
  readonly entryAt: Int32Array;
  /** hasChild[node]: 1 when some longer word continues from node. */
  readonly hasChild: Uint8Array;
  readonly maxWordLength: number;
  readonly maxTranslateLength: number;
  /** True when no word is a prefix of another (section 3); else the longest-match rule decides. */
  readonly prefixFree: boolean;
}

/** matchAt result: no word starts here (the process is stuck). */
export const NO_WORD = -1;
/** matchAt result: the string ends before the longest match is known. */
export const NEED_MORE = -2;

/** Symbol codes of `text` over `alphabet`; an InputError names the offending column. */
export function encode(alphabet: string, text: string, what = 'string'): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = alphabet.indexOf(text[i]!);
    if (c < 0) throw new InputError(`bad ${what} ${JSON.stringify(text)} at column ${i + 1}: symbol not in alphabet ${JSON.stringify(alphabet)}`);
    out[i] = c;
  }
  return out;
}

export function decode(alphabet: string, codes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < codes.length; i++) s += alphabet[codes[i]!];
  return s;
}

/**
 * Builds the trie; rejects empty or repeated words and symbols outside the alphabet.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function compileDictionary(dictionary: Dictionary): CompiledDictionary {
  const k = dictionary.alphabet.length;
  if (k < 1 || k > 255 || new Set(dictionary.alphabet).size !== k) throw new InputError(`bad dictionary alphabet ${JSON.stringify(dictionary.alphabet)}`);
  const words = dictionary.entries.map((e) => encode(dictionary.alphabet, e.word, 'dictionary word'));
  const translates = dictionary.entries.map((e) => encode(dictionary.alphabet, e.translate, 'translate'));
  const nodesMax = 1 + words.reduce((s, w) => s + w.length, 0);
  const child = new Int32Array(nodesMax * k).fill(-1);
  const entryAt = new Int32Array(nodesMax).fill(-1);
  const hasChild = new Uint8Array(nodesMax);
  let nodes = 1;
  words.forEach((w, i) => {
    if (w.length === 0) throw new InputError(`bad dictionary: entry ${i + 1} has an empty word`);
    let node = 0;
    for (const c of w) {
      hasChild[node] = 1;
      let next = child[node * k + c]!;
      if (next < 0) child[node * k + c] = next = nodes++;
      node = next;
    }
    if (entryAt[node]! >= 0) throw new InputError(`bad dictionary: the word ${dictionary.entries[i]!.word} appears twice`);
    entryAt[node] = i;
  });
  let prefixFree = true;
  for (let node = 0; node < nodes; node++) if (entryAt[node]! >= 0 && hasChild[node]) prefixFree = false;
  return {
    dictionary,
    words,
    translates,
    child,
    entryAt,
    hasChild,
    maxWordLength: Math.max(0, ...words.map((w) => w.length)),
    maxTranslateLength: Math.max(0, ...translates.map((w) => w.length)),
    prefixFree,
  };
}

/**
 * The entry read at s[pos..len): the longest word that is a prefix of it (section 5.1; for a prefix-free
 * dictionary the only one). NO_WORD when none, NEED_MORE when a longer word could still match past len.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function matchAt(d: CompiledDictionary, s: Uint8Array, len: number, pos: number): number {
  const k = d.dictionary.alphabet.length;
  const { child, entryAt, hasChild } = d;
  let node = 0;
  let best = NO_WORD;
  for (let i = pos; ; i++) {
    if (i >= len) return hasChild[node] ? NEED_MORE : best;
    const next = child[node * k + s[i]!]!;
    if (next < 0) return best;
    node = next;
    const e = entryAt[node]!;
    if (e >= 0) best = e;
  }
}

/** Whether some word already matches at pos inside s[..len) (a longer one may still follow). */
function wordEndsBefore(d: CompiledDictionary, s: Uint8Array, len: number, pos: number): boolean {
  const k = d.dictionary.alphabet.length;
  let node = 0;
  for (let i = pos; i < len; i++) {
    node = d.child[node * k + s[i]!]!;
    if (node < 0) return false;
    if (d.entryAt[node]! >= 0) return true;
  }
  return false;
}

export interface ProcessOptions {
  /** Where the read head starts (default 0). */
  readonly read?: number;
  /** Stop once the string has at least this many symbols (default: no limit). */
  readonly maxLength?: number;
  /** Stop after this many translations (default: no limit). */
  readonly maxSteps?: number;
  readonly onProgress?: (length: number) => void;
  readonly signal?: Stop;
}

export type StopReason = 'length' | 'steps' | 'stuck' | 'undetermined';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface ProcessResult {
  /** The string produced, start string included (its first `length` symbols). */
  readonly string: Uint8Array;
  readonly length: number;
  /** Read head position when the run stopped. */
  readonly read: number;
  readonly steps: number;
  /** usage[i]: how many times entry i was translated. */
  readonly usage: number[];
  /** firstRead[i]: read position of the first use of entry i, or -1. */
  readonly firstRead: number[];
  /**
   * Why the run stopped: a limit, `stuck` (the reader found no word before a mismatch or the end of the
   * string: the process terminates, section 3) or `undetermined` (a word matched but the string ended
   * before the longest-match rule could tell whether a longer one applies).
   */
  readonly stopped: StopReason;
}

/**
 * Runs the dictionary process from `start` (section 3). Time O(length * maxWordLength); the string grows
 * in one typed array. Interrupting throws InterruptedError with the ProcessResult so far as `partial`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function runDictionaryProcess(d: CompiledDictionary, start: Uint8Array, options: ProcessOptions = {}): ProcessResult {
  const maxLength = options.maxLength ?? Infinity;
  const maxSteps = options.maxSteps ?? Infinity;
  let read = options.read ?? 0;
  if (!Number.isInteger(read) || read < 0 || read > start.length) throw new InputError(`bad read position ${read} for a start string of length ${start.length}`);
  // The string is a byte a letter, allocated up to maxLength at once: past the budget, refused before any work.
  if (Number.isFinite(maxLength)) checkMemory(`a dictionary string of ${maxLength} letters`, maxLength);
  let cap = Math.max(64, start.length * 2);
  if (Number.isFinite(maxLength)) cap = Math.max(cap, Math.min(maxLength + d.maxTranslateLength, 2 ** 31 - 1));
  let s = new Uint8Array(cap);
  s.set(start);
  let len = start.length;
  let steps = 0;
  const usage = d.words.map(() => 0);
  const firstRead = d.words.map(() => -1);
  let stopped: StopReason = 'steps';
  const snapshot = (): ProcessResult => ({ string: s.subarray(0, len), length: len, read, steps, usage, firstRead, stopped });
  const { translates } = d;
  for (;;) {
    if (len >= maxLength) {
      stopped = 'length';
      break;
    }
    if (steps >= maxSteps) {
      stopped = 'steps';
      break;
    }
    const e = matchAt(d, s, len, read);
    if (e < 0) {
      // Section 3: a reader that reaches the end of the string without finding a word stops the process.
      stopped = e === NO_WORD || !wordEndsBefore(d, s, len, read) ? 'stuck' : 'undetermined';
      break;
    }
    const t = translates[e]!;
    if (len + t.length > s.length) {
      const bigger = new Uint8Array(Math.max(s.length * 2, len + t.length));
      bigger.set(s.subarray(0, len));
      s = bigger;
    }
    s.set(t, len);
    len += t.length;
    if (usage[e] === 0) firstRead[e] = read;
    usage[e]!++;
    read += d.words[e]!.length;
    steps++;
    if ((steps & 0xfffff) === 0) {
      options.onProgress?.(len);
      if (options.signal?.aborted) throw new InterruptedError(snapshot());
    }
  }
  return snapshot();
}

/**
 * A word boundary that is certain without knowing where the words before `from` began (maharaja-nim,
 * section 5.2, "the dictionary converges"): the first position >= from where the parses started at
 * from, from+1, ..., from+maxWordLength-1 all meet. One of those starts is a true boundary (the word
 * covering `from` ends within maxWordLength), and from a true boundary the parse is the true one, so the
 * meeting point is a true boundary. Parses that get stuck are dropped (they cannot be the true one).
 * Undefined when they have not met before the end of `bits`. Time O(distance * maxWordLength).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function coalescencePoint(d: CompiledDictionary, bits: Uint8Array, from: number): number | undefined {
  // Parses at the same position share their future, so advance the hindmost until all coincide.
  let heads: number[] = [];
  for (let p = from; p < from + d.maxWordLength && p < bits.length; p++) heads.push(p);
  for (;;) {
    if (heads.length === 0) return undefined;
    let min = heads[0]!;
    let max = heads[0]!;
    for (const h of heads) (min = h < min ? h : min), (max = h > max ? h : max);
    if (min === max) return min;
    const e = matchAt(d, bits, bits.length, min);
    if (e === NEED_MORE) return undefined;
    const next = e === NO_WORD ? -1 : min + d.words[e]!.length;
    const moved = heads.map((h) => (h === min ? next : h)).filter((h) => h >= 0);
    heads = [...new Set(moved)];
  }
}

export interface SynchronizationProfile {
  /** Largest coalescencePoint(p) - p over the starts p examined. */
  readonly maxDelay: number;
  /** Where it is attained. */
  readonly at: number;
  /** Starts p whose parses did not meet before the end of the string. */
  readonly undecided: number;
}

/**
 * How far the parses of a string must run before they agree, for every start p in [from, to).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function synchronizationProfile(d: CompiledDictionary, bits: Uint8Array, from: number, to: number): SynchronizationProfile {
  let maxDelay = 0;
  let at = from;
  let undecided = 0;
  for (let p = from; p < to; p++) {
    const q = coalescencePoint(d, bits, p);
    if (q === undefined) undecided++;
    else if (q - p > maxDelay) (maxDelay = q - p), (at = p);
  }
  return { maxDelay, at, undecided };
}
