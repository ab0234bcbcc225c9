/**
 * Finite transducers: automata whose edges read one input letter (or nothing) and write one output
 * letter (or nothing). They define relations between words, such as one move of a rewrite game.
 */
import { InputError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { packTuple } from './alphabet.js';
import { Dfa } from './dfa.js';
import { EPSILON, Nfa } from './nfa.js';

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface TransducerEdge {
  readonly from: number;
  /** Input letter, or EPSILON. */
  readonly input: number;
  /** Output letter, or EPSILON. */
  readonly output: number;
  readonly to: number;
}

/**
 * A finite transducer: each edge reads an input letter and writes an output letter, either possibly EPSILON.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Transducer {
  constructor(
    readonly inputSize: number,
    readonly outputSize: number,
    readonly stateCount: number,
    readonly start: number,
    readonly final: Uint8Array,
    readonly edges: readonly TransducerEdge[],
  ) {
    if (final.length !== stateCount) throw new InputError(`final flags for ${final.length} of ${stateCount} states`);
    for (const e of edges) {
      if (e.from < 0 || e.from >= stateCount || e.to < 0 || e.to >= stateCount) throw new InputError('edge to a missing state');
      if (e.input !== EPSILON && (e.input < 0 || e.input >= inputSize)) throw new InputError(`input letter ${e.input} out of range`);
      if (e.output !== EPSILON && (e.output < 0 || e.output >= outputSize)) throw new InputError(`output letter ${e.output} out of range`);
    }
  }

  /**
   * The transducer as a two-track NFA: letter packTuple([in + 1, out + 1], [inputSize + 1, outputSize + 1]),
   * where digit 0 stands for an empty side. Project it with ops.project to read off either tape.
   */
  asTwoTrackNfa(): Nfa {
    const radices = [this.inputSize + 1, this.outputSize + 1];
    const lists: number[][] = Array.from({ length: this.stateCount }, () => []);
    for (const e of this.edges) lists[e.from]!.push(packTuple([e.input + 1, e.output + 1], radices), e.to);
    return new Nfa((this.inputSize + 1) * (this.outputSize + 1), [this.start], this.final, lists);
  }

  /**
   * All outputs of `word` (the image of one word), by a search over (state, position, output so far).
   * For checking and small cases only: exponential in the worst case; maxOutputs caps it.
   */
  apply(word: readonly number[], maxOutputs = limitDefault('transducerOutputs')): number[][] {
    const results = new Map<string, number[]>();
    const seen = new Set<string>();
    const stack: [number, number, number[]][] = [[this.start, 0, []]];
    const from: TransducerEdge[][] = Array.from({ length: this.stateCount }, () => []);
    for (const e of this.edges) from[e.from]!.push(e);
    while (stack.length > 0) {
      const [s, i, out] = stack.pop()!;
      const key = `${s}|${i}|${out.join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > maxOutputs * 16) throw new LimitError('the transducer image search is too large', 'transducerOutputs');
      if (i === word.length && this.final[s]) {
        results.set(out.join(','), out);
        if (results.size > maxOutputs) throw new LimitError(`more than ${maxOutputs} outputs`, 'transducerOutputs');
      }
      for (const e of from[s]!) {
        if (e.input !== EPSILON && (i >= word.length || word[i] !== e.input)) continue;
        stack.push([e.to, e.input === EPSILON ? i : i + 1, e.output === EPSILON ? out : [...out, e.output]]);
      }
    }
    return [...results.values()];
  }
}

/**
 * The preimage R^{-1}(L) of the language of `target` (states with accept(output)) under the
 * relation R of the transducer: the words with some image in L. This is the composition of R with
 * the identity on L followed by projection onto the input tape, built in one pass over pairs
 * (transducer state, target state). O(|T| n) states, O(|T edges| n) edges.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function preimage(t: Transducer, target: Dfa, accept: (output: number) => boolean): Nfa {
  if (target.alphabetSize !== t.outputSize) throw new InputError('the target automaton reads another alphabet than the transducer writes');
  return throughTransducer(t, target, accept, 'output');
}

/**
 * The image R(L) of the language of `source` under R: projection onto the output tape of the
 * composition of the identity on L with R. O(|T| n) states.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function image(t: Transducer, source: Dfa, accept: (output: number) => boolean): Nfa {
  if (source.alphabetSize !== t.inputSize) throw new InputError('the source automaton reads another alphabet than the transducer reads');
  return throughTransducer(t, source, accept, 'input');
}

/**
 * The product of T with a DFA reading one of T's tapes (`read`), projected onto the other tape:
 * preimage when the DFA reads the output, image when it reads the input.
 */
function throughTransducer(t: Transducer, dfa: Dfa, accept: (output: number) => boolean, read: 'input' | 'output'): Nfa {
  const n = dfa.stateCount;
  const id = (s: number, q: number) => s * n + q;
  const lists: number[][] = Array.from({ length: t.stateCount * n }, () => []);
  const accepting = new Uint8Array(t.stateCount * n);
  for (let s = 0; s < t.stateCount; s++) for (let q = 0; q < n; q++) accepting[id(s, q)] = t.final[s] && accept(dfa.output[q]!) ? 1 : 0;
  for (const e of t.edges) {
    const [readLetter, kept] = read === 'output' ? [e.output, e.input] : [e.input, e.output];
    for (let q = 0; q < n; q++) {
      const q2 = readLetter === EPSILON ? q : dfa.next(q, readLetter);
      lists[id(e.from, q)]!.push(kept, id(e.to, q2));
    }
  }
  return new Nfa(read === 'output' ? t.inputSize : t.outputSize, [id(t.start, dfa.start)], accepting, lists);
}
