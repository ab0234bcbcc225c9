/**
 * Nondeterministic automata with ε-moves over integer letters, and the subset construction.
 */
import { InputError, LimitError } from '../core/errors.js';
import { Dfa } from './dfa.js';

/** The letter of an ε-move (and, in transducers, of an empty tape side). */
export const EPSILON = -1;

export class Nfa {
  /**
   * @param edges edges[s] is a flat list [letter, target, letter, target, ...]; letter EPSILON is an ε-move.
   */
  constructor(
    readonly alphabetSize: number,
    readonly starts: readonly number[],
    readonly accepting: Uint8Array,
    readonly edges: readonly (readonly number[])[],
  ) {
    const n = accepting.length;
    if (edges.length !== n) throw new InputError(`edge lists for ${edges.length} of ${n} states`);
    for (const s of starts) if (s < 0 || s >= n) throw new InputError(`start state ${s} is missing`);
    for (const list of edges) {
      for (let i = 0; i < list.length; i += 2) {
        const a = list[i]!;
        const t = list[i + 1]!;
        if (a !== EPSILON && (a < 0 || a >= alphabetSize)) throw new InputError(`letter ${a} outside 0..${alphabetSize - 1}`);
        if (t < 0 || t >= n) throw new InputError(`edge to missing state ${t}`);
      }
    }
  }

  get stateCount(): number {
    return this.accepting.length;
  }

  /** The acceptor view of a DFA: states with accept(output) accept. */
  static fromDfa(dfa: Dfa, accept: (output: number) => boolean = (o) => o !== 0): Nfa {
    const k = dfa.alphabetSize;
    const edges = Array.from({ length: dfa.stateCount }, (_, s) => {
      const list: number[] = [];
      for (let a = 0; a < k; a++) list.push(a, dfa.next(s, a));
      return list;
    });
    return new Nfa(k, dfa.stateCount > 0 ? [dfa.start] : [], Uint8Array.from(dfa.output, (o) => (accept(o) ? 1 : 0)), edges);
  }

  /** Adds to `set` (and returns) every state reachable from it by ε-moves. O(edges). */
  closure(set: Iterable<number>): Set<number> {
    const out = new Set<number>(set);
    const stack = [...out];
    while (stack.length > 0) {
      const s = stack.pop()!;
      const list = this.edges[s]!;
      for (let i = 0; i < list.length; i += 2) {
        if (list[i] === EPSILON && !out.has(list[i + 1]!)) {
          out.add(list[i + 1]!);
          stack.push(list[i + 1]!);
        }
      }
    }
    return out;
  }

  /** Whether the NFA accepts `word`, by simulating the subset. O(|word| * edges). */
  accepts(word: ArrayLike<number>): boolean {
    let cur = this.closure(this.starts);
    for (let i = 0; i < word.length; i++) cur = this.closure(this.step(cur, word[i]!));
    for (const s of cur) if (this.accepting[s]) return true;
    return false;
  }

  /** The letter-successors of a set of states (no closure). */
  step(set: Iterable<number>, letter: number): Set<number> {
    const out = new Set<number>();
    for (const s of set) {
      const list = this.edges[s]!;
      for (let i = 0; i < list.length; i += 2) if (list[i] === letter) out.add(list[i + 1]!);
    }
    return out;
  }
}

/** Collects states and edges, then builds an Nfa. */
export class NfaBuilder {
  private readonly accepting: number[] = [];
  private readonly edges: number[][] = [];

  constructor(readonly alphabetSize: number) {}

  addState(accepting = false): number {
    this.accepting.push(accepting ? 1 : 0);
    this.edges.push([]);
    return this.accepting.length - 1;
  }

  addEdge(from: number, letter: number, to: number): void {
    this.edges[from]!.push(letter, to);
  }

  build(starts: readonly number[]): Nfa {
    return new Nfa(this.alphabetSize, starts, Uint8Array.from(this.accepting), this.edges);
  }
}

export interface DeterminiseOptions {
  /** Most subset states built before a LimitError (default 100 000). */
  maxStates?: number;
  /** The output of a subset (default: 1 if it holds an accepting state, else 0). */
  output?: (states: readonly number[]) => number;
}

/**
 * The subset construction, reachable subsets only; the empty subset is kept as a sink so the
 * result is complete. O(2^n) states in the worst case, hence the cap: over `maxStates` subsets it
 * throws LimitError (partial = the number of subsets built).
 */
export function determinise(nfa: Nfa, options: DeterminiseOptions = {}): Dfa {
  const maxStates = options.maxStates ?? 100_000;
  const output = options.output ?? ((states) => (states.some((s) => nfa.accepting[s]) ? 1 : 0));
  const k = nfa.alphabetSize;
  const index = new Map<string, number>();
  const subsets: number[][] = [];
  const delta: number[] = [];
  const intern = (set: Set<number>): number => {
    const sorted = [...set].sort((x, y) => x - y);
    const key = sorted.join(',');
    let id = index.get(key);
    if (id === undefined) {
      if (subsets.length >= maxStates) {
        throw new LimitError(
          `the subset construction passed ${maxStates} states; raise the state cap or use a smaller automaton`,
          'max-states',
          subsets.length,
        );
      }
      id = subsets.length;
      index.set(key, id);
      subsets.push(sorted);
    }
    return id;
  };
  intern(nfa.closure(nfa.starts));
  for (let i = 0; i < subsets.length; i++) {
    const cur = subsets[i]!;
    for (let a = 0; a < k; a++) delta[i * k + a] = intern(nfa.closure(nfa.step(cur, a)));
  }
  return new Dfa(k, Int32Array.from(delta), Int32Array.from(subsets, output), 0);
}
