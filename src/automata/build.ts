/** Breadth-first construction of a DFA from states known by keys (subset constructions, carries, ...). */
import { LimitError } from '../core/errors.js';
import { type LimitName, limitDefault } from '../core/limits.js';
import { Dfa } from './dfa.js';

/**
 * Builds the reachable part of a DFA whose states are identified by string keys. `step` returns the
 * successor key or null for the rejecting sink (added as the last state when used). O(states k).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function buildDfa<S>(
  alphabetSize: number,
  start: S,
  key: (s: S) => string,
  step: (s: S, letter: number) => S | null,
  output: (s: S) => number,
  maxStates = limitDefault('builtStates'),
  what = 'automaton construction',
  limit: LimitName = 'builtStates',
): Dfa {
  const index = new Map<string, number>();
  const states: S[] = [];
  const intern = (s: S): number => {
    const k = key(s);
    let id = index.get(k);
    if (id === undefined) {
      if (states.length >= maxStates) throw new LimitError(`${what} passed ${maxStates} states`, limit, states.length);
      id = states.length;
      index.set(k, id);
      states.push(s);
    }
    return id;
  };
  intern(start);
  const delta: number[] = [];
  const SINK = -1;
  // delta is a plain array, which V8 cannot grow past about 10^8 entries (a fatal error, not an exception).
  const maxEntries = limitDefault('logicTable');
  for (let i = 0; i < states.length; i++) {
    const s = states[i]!;
    if ((i + 1) * alphabetSize > maxEntries) {
      throw new LimitError(`${what}: ${i + 1} states times ${alphabetSize} letters pass ${maxEntries} transitions`, 'logicTable', states.length);
    }
    for (let a = 0; a < alphabetSize; a++) {
      const t = step(s, a);
      delta[i * alphabetSize + a] = t === null ? SINK : intern(t);
    }
  }
  const n = states.length;
  const needSink = delta.includes(SINK);
  const total = n + (needSink ? 1 : 0);
  const d = new Int32Array(total * alphabetSize);
  for (let i = 0; i < n * alphabetSize; i++) d[i] = delta[i] === SINK ? n : delta[i]!;
  if (needSink) for (let a = 0; a < alphabetSize; a++) d[n * alphabetSize + a] = n;
  const out = new Int32Array(total);
  for (let i = 0; i < n; i++) out[i] = output(states[i]!);
  return new Dfa(alphabetSize, d, out, 0);
}
