/**
 * Complete deterministic automata with an output per state (Moore machines). An acceptor is the
 * special case of outputs 0 (reject) and 1 (accept); a Grundy automaton outputs Grundy values.
 * Letters are integers 0..alphabetSize-1 (see alphabet.ts for multi-track letters).
 */
import { InputError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';

/**
 * A complete deterministic automaton with output (a DFAO; an acceptor when the outputs are 0 and 1), over
 * letters 0..alphabetSize-1.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Dfa {
  /**
   * @param delta row-major transition table: delta[s * alphabetSize + a] is the successor of s on a.
   * @param output the output of each state.
   */
  constructor(
    readonly alphabetSize: number,
    readonly delta: Int32Array,
    readonly output: Int32Array,
    readonly start = 0,
  ) {
    const n = output.length;
    if (delta.length !== n * alphabetSize) throw new InputError(`transition table of ${delta.length} entries for ${n} states`);
    for (const t of delta) if (t < 0 || t >= n) throw new InputError(`transition to missing state ${t}`);
    if (n > 0 && (start < 0 || start >= n)) throw new InputError(`start state ${start} is missing`);
  }

  get stateCount(): number {
    return this.output.length;
  }

  next(state: number, letter: number): number {
    return this.delta[state * this.alphabetSize + letter]!;
  }

  /** The state reached from `from` on `word`. O(|word|). */
  run(word: ArrayLike<number>, from = this.start): number {
    let s = from;
    const k = this.alphabetSize;
    for (let i = 0; i < word.length; i++) {
      const a = word[i]!;
      if (a < 0 || a >= k) throw new InputError(`letter ${a} is outside the alphabet 0..${k - 1}`);
      s = this.delta[s * k + a]!;
    }
    return s;
  }

  /** The output after reading `word` (a Grundy value, or 0/1 for an acceptor). */
  value(word: ArrayLike<number>): number {
    return this.output[this.run(word)]!;
  }

  accepts(word: ArrayLike<number>): boolean {
    return this.value(word) !== 0;
  }

  /** Builds a DFA from a successor function. O(n k). */
  static from(
    stateCount: number,
    alphabetSize: number,
    next: (state: number, letter: number) => number,
    output: (state: number) => number,
    start = 0,
  ): Dfa {
    checkTableSize(stateCount, alphabetSize);
    const delta = new Int32Array(stateCount * alphabetSize);
    const out = new Int32Array(stateCount);
    for (let s = 0; s < stateCount; s++) {
      out[s] = output(s);
      for (let a = 0; a < alphabetSize; a++) delta[s * alphabetSize + a] = next(s, a);
    }
    return new Dfa(alphabetSize, delta, out, start);
  }

  /** The same machine with outputs mapped (e.g. v -> v === 0 for the P-positions of a Grundy automaton). */
  mapOutput(f: (out: number) => number): Dfa {
    return new Dfa(this.alphabetSize, this.delta, this.output.map(f), this.start);
  }

  /** States reachable from the start, in breadth-first order (the start first). O(n k). */
  reachable(): number[] {
    const n = this.stateCount;
    if (n === 0) return [];
    const seen = new Uint8Array(n);
    const order = [this.start];
    seen[this.start] = 1;
    for (let i = 0; i < order.length; i++) {
      const s = order[i]!;
      for (let a = 0; a < this.alphabetSize; a++) {
        const t = this.next(s, a);
        if (!seen[t]) {
          seen[t] = 1;
          order.push(t);
        }
      }
    }
    return order;
  }

  /** The distinct outputs of reachable states, ascending. */
  reachableOutputs(): number[] {
    return [...new Set(this.reachable().map((s) => this.output[s]!))].sort((x, y) => x - y);
  }
}

/** LimitError ('transitions') when a table of stateCount states over alphabetSize letters passes the default cap. */
export function checkTableSize(stateCount: number, alphabetSize: number): void {
  if (stateCount * alphabetSize > limitDefault('transitions')) {
    throw new LimitError(`a transition table of ${stateCount} states times ${alphabetSize} letters passes ${limitDefault('transitions')} entries`, 'transitions');
  }
}
