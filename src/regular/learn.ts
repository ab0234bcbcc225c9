/**
 * Angluin's L* for Moore machines (outputs instead of accept/reject), with the counterexample
 * handling of Maler and Pnueli: every suffix of a counterexample becomes a column, so the rows of the
 * access words stay pairwise distinct and no consistency check is needed.
 */
import { Dfa } from '../automata/dfa.js';
import { InterruptedError } from '../core/errors.js';

/** The teacher: membership queries (the output of a word) and equivalence queries. */
export interface Teacher {
  readonly alphabetSize: number;
  /** The output of `word` (its Grundy value, or 1/0 for P/N). */
  query(word: readonly number[]): number;
  /**
   * A word on which `hypothesis` is wrong, 'correct' when it is proved right, or 'unknown' when
   * no counterexample was found but no proof either (a limit was hit).
   */
  equivalence(hypothesis: Dfa): number[] | 'correct' | 'unknown';
}

export interface LearnOptions {
  /** Stop when the table has more distinct rows than this (default 200). */
  maxStates?: number;
  signal?: AbortSignal;
  onProgress?: (states: number, rounds: number) => void;
}

export interface LearnResult {
  /** 'proved': the teacher proved the last hypothesis; 'state-bound': maxStates was passed;
   *  'unknown': the teacher could neither prove nor refute the last hypothesis. */
  status: 'proved' | 'state-bound' | 'unknown';
  /** The last hypothesis (minimal for the table); absent when the bound was passed before one was built. */
  hypothesis?: Dfa;
  /**
   * Access words whose rows differ pairwise: by Myhill–Nerode any machine computing the target
   * has at least this many states.
   */
  lowerBound: number;
  /** Equivalence queries asked. */
  rounds: number;
  /** Distinct membership queries asked. */
  queries: number;
  /** The longest word queried. */
  longestQuery: number;
  /** The columns (distinguishing suffixes). */
  suffixes: number[][];
}

/**
 * Learns the minimal Moore machine of the teacher's target. O(n^2 k m) membership queries for n
 * states, k letters and counterexamples of length m; each round adds at least one state.
 */
export function learnMoore(teacher: Teacher, options: LearnOptions = {}): LearnResult {
  const k = teacher.alphabetSize;
  const maxStates = options.maxStates ?? 200;
  const cache = new Map<string, number>();
  let longest = 0;
  const ask = (w: readonly number[]): number => {
    const key = w.join(',');
    let v = cache.get(key);
    if (v === undefined) {
      v = teacher.query(w);
      cache.set(key, v);
      if (w.length > longest) longest = w.length;
    }
    return v;
  };
  const access: number[][] = [[]];
  const suffixes: number[][] = [[]];
  const suffixKeys = new Set<string>(['']);
  const rowKey = (w: readonly number[]) => suffixes.map((e) => ask([...w, ...e])).join(',');
  let rows = new Map<string, number>();
  let rounds = 0;
  let hypothesis: Dfa | undefined;
  const result = (status: LearnResult['status']): LearnResult => ({
    status,
    ...(hypothesis ? { hypothesis } : {}),
    lowerBound: access.length,
    rounds,
    queries: cache.size,
    longestQuery: longest,
    suffixes: suffixes.map((e) => [...e]),
  });

  for (;;) {
    if (options.signal?.aborted) throw new InterruptedError(result('unknown'));
    // Close the table: every one-letter extension of an access word has the row of an access word.
    rows = new Map(access.map((s, i) => [rowKey(s), i]));
    const next: number[] = [];
    for (let i = 0; i < access.length; i++) {
      for (let a = 0; a < k; a++) {
        const w = [...access[i]!, a];
        const key = rowKey(w);
        let target = rows.get(key);
        if (target === undefined) {
          if (access.length >= maxStates) {
            access.push(w); // one more pairwise-distinct row: the bound is passed
            return result('state-bound');
          }
          target = access.length;
          access.push(w);
          rows.set(key, target);
        }
        next[i * k + a] = target;
      }
    }
    const n = access.length;
    hypothesis = new Dfa(k, Int32Array.from(next), Int32Array.from(access, (s) => ask(s)), 0);
    options.onProgress?.(n, rounds);
    rounds++;
    const answer = teacher.equivalence(hypothesis);
    if (answer === 'correct') return result('proved');
    if (answer === 'unknown') return result('unknown');
    let grew = false;
    for (let i = 0; i <= answer.length; i++) {
      const e = answer.slice(i);
      const key = e.join(',');
      if (!suffixKeys.has(key)) {
        suffixKeys.add(key);
        suffixes.push(e);
        grew = true;
      }
    }
    if (!grew || hypothesis.value(answer) === ask(answer)) {
      // A counterexample must be a word the hypothesis gets wrong; anything else is a teacher bug.
      throw new Error(`the teacher returned ${answer.join(',')}, which the hypothesis gets right`);
    }
  }
}
