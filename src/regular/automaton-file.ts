/**
 * A Grundy automaton as a JSON object, so that a machine found once (e.g. the 100 states of {a,a4,b},
 * which answer the taking-and-merging paper's Question 11) can be kept as a data file and proved again
 * by the Lemma-2 prover alone, in milliseconds, without learning it anew. It is the same object that
 * `sprague automaton --json` prints: `alphabet` names the letters in order, `outputs[s]` is the value of
 * state s (for a P-position automaton 1 = P), `transitions[s][a]` the successor of s on letter a.
 */
import { Alphabet } from '../automata/alphabet.js';
import { Dfa } from '../automata/dfa.js';
import { InputError } from '../core/errors.js';

export interface AutomatonJson {
  alphabet: string[];
  start: number;
  outputs: number[];
  transitions: number[][];
}

export function automatonJson(machine: Dfa, alphabet: Alphabet): AutomatonJson {
  const k = machine.alphabetSize;
  return {
    alphabet: [...alphabet.names],
    start: machine.start,
    outputs: [...machine.output],
    transitions: Array.from({ length: machine.stateCount }, (_, s) => Array.from({ length: k }, (_, a) => machine.next(s, a))),
  };
}

/** Reads an automaton object (or the JSON line of `sprague automaton --json`); `where` names it in errors. */
export function parseAutomatonJson(value: unknown, where: string): { machine: Dfa; alphabet: Alphabet } {
  const fail = (why: string): never => {
    throw new InputError(`${where}: ${why}`);
  };
  if (typeof value !== 'object' || value === null) return fail('not a JSON object');
  const o = value as Partial<Record<keyof AutomatonJson, unknown>>;
  if (!Array.isArray(o.alphabet) || o.alphabet.length === 0 || !o.alphabet.every((l) => typeof l === 'string' && [...l].length === 1)) {
    return fail('"alphabet" must be a non-empty list of one-letter strings');
  }
  const letters = o.alphabet as string[];
  if (new Set(letters).size !== letters.length) return fail('"alphabet" names a letter twice');
  const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
  if (!Array.isArray(o.outputs) || o.outputs.length === 0 || !o.outputs.every(isCount)) return fail('"outputs" must be a non-empty list of values >= 0');
  const n = o.outputs.length;
  const k = letters.length;
  if (!Array.isArray(o.transitions) || o.transitions.length !== n) return fail(`"transitions" must have one row per state (${n})`);
  const delta = new Int32Array(n * k);
  o.transitions.forEach((row: unknown, s) => {
    if (!Array.isArray(row) || row.length !== k) fail(`"transitions" row ${s} must have one entry per letter (${k})`);
    (row as unknown[]).forEach((t, a) => {
      if (!isCount(t) || t >= n) fail(`"transitions" row ${s} letter ${letters[a]}: no state ${String(t)}`);
      delta[s * k + a] = t as number;
    });
  });
  const start = o.start ?? 0;
  if (!isCount(start) || start >= n) return fail(`"start" must be a state 0..${n - 1}`);
  return { machine: new Dfa(k, delta, Int32Array.from(o.outputs), start), alphabet: new Alphabet(letters) };
}
