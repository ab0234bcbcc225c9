/**
 * A DFA as bytes and back, for checkpoints of long runs: a header (magic, format, alphabet size, state
 * count, start), then the outputs and the transition table, little-endian Int32.
 */
import { InputError } from '../core/errors.js';
import { Dfa } from './dfa.js';

const MAGIC = 0x41464473; // "sDFA"
const FORMAT = 1;
const HEADER = 5;

export function dfaToBytes(dfa: Dfa): Uint8Array {
  const pieces = dfaPieces(dfa);
  const bytes = new Uint8Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

/**
 * The bytes of dfaToBytes as three views (header, outputs, table) without a copy: a G_5 stage's table
 * is gigabytes, and a copy of it to write the file was the run's peak of memory.
 */
export function dfaPieces(dfa: Dfa): Uint8Array[] {
  const header = new Int32Array([MAGIC, FORMAT, dfa.alphabetSize, dfa.stateCount, dfa.start]);
  const view = (words: Int32Array) => new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  return [view(header), view(dfa.output), view(dfa.delta)];
}

/**
 * The DFA written by dfaToBytes; InputError naming `source` when the bytes are not one. When the bytes
 * are aligned (a checkpoint's body has a buffer of its own) the DFA's tables are views of them, not a
 * copy: the caller gives the bytes up (a G_5 stage is 2.9 GB, and its copy doubled a resumed run's peak).
 */
export function dfaFromBytes(bytes: Uint8Array, source: string): Dfa {
  if (bytes.byteLength % 4 !== 0 || bytes.byteLength < 4 * HEADER) throw new InputError(`${source}: not an automaton file (${bytes.byteLength} bytes)`);
  const words =
    bytes.byteOffset % 4 === 0
      ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
      : new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const [magic, format, k, n, start] = words;
  if (magic !== MAGIC || format !== FORMAT) throw new InputError(`${source}: not an automaton file of format ${FORMAT}`);
  if (words.length !== HEADER + n! + n! * k!) throw new InputError(`${source}: ${words.length - HEADER} words for ${n} states over ${k} letters`);
  return new Dfa(k!, words.subarray(HEADER + n!), words.subarray(HEADER, HEADER + n!), start);
}

/** A 32-bit FNV-1a hash of the machine (alphabet, start, outputs, table) as 8 hex digits: equal machines, equal names. */
export function fingerprint(dfa: Dfa): string {
  let h = 0x811c9dc5;
  const mix = (x: number) => (h = Math.imul(h ^ x, 0x01000193));
  mix(dfa.alphabetSize);
  mix(dfa.start);
  for (const o of dfa.output) mix(o);
  for (const t of dfa.delta) mix(t);
  return (h >>> 0).toString(16).padStart(8, '0');
}
