/**
 * Angluin's L* for Moore machines (outputs instead of accept/reject). Counterexamples are handled
 * by Rivest and Schapire's binary search (one new column per counterexample, found with
 * O(log m) queries) or, on request, by Maler and Pnueli's rule (every suffix becomes a column).
 * Either way the rows of the access words stay pairwise distinct, so no consistency check is needed.
 */
import { Dfa } from '../automata/dfa.js';
import { InterruptedError } from '../core/errors.js';
import type { Stop } from '../core/stop.js';

/**
 * The teacher: membership queries (the output of a word) and equivalence queries.
 *
 * @remarks Since 0.1.0
 * @public
 */
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

/**
 * @remarks Since 0.1.0
 * @public
 */
export interface LearnOptions {
  /** Stop when the table has more distinct rows than this (default 200). */
  maxStates?: number | undefined;
  signal?: Stop | undefined;
  onProgress?: ((states: number, rounds: number) => void) | undefined;
  /** How a counterexample becomes columns (default 'rivest-schapire': far fewer, shorter queries). */
  counterexamples?: 'rivest-schapire' | 'maler-pnueli';
}

/**
 * @remarks Since 0.1.0
 * @public
 */
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
  /** Membership queries asked (table cells). */
  queries: number;
  /** The longest word queried. */
  longestQuery: number;
  /** The columns (distinguishing suffixes). */
  suffixes: number[][];
}

/**
 * Learns the minimal Moore machine of the teacher's target. O(n^2 k m) membership queries for n
 * states, k letters and counterexamples of length m; each round adds at least one state.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function learnMoore(teacher: Teacher, options: LearnOptions = {}): LearnResult {
  const k = teacher.alphabetSize;
  const maxStates = options.maxStates ?? 200;
  let queries = 0;
  let longest = 0;
  const ask = (w: readonly number[]): number => {
    queries++;
    if (w.length > longest) longest = w.length;
    return teacher.query(w);
  };
  const access: number[][] = [[]];
  const suffixes: number[][] = [[]];
  const suffixKeys = new Set<string>(['']);
  // Rows grow column by column as suffixes are added; each table cell is asked once.
  const accessRows: number[][] = [];
  const extensionRows: number[][] = [];
  const fill = (row: number[], w: readonly number[]): number[] => {
    for (let c = row.length; c < suffixes.length; c++) row.push(ask([...w, ...suffixes[c]!]));
    return row;
  };
  let rounds = 0;
  let hypothesis: Dfa | undefined;
  const result = (status: LearnResult['status']): LearnResult => ({
    status,
    ...(hypothesis ? { hypothesis } : {}),
    lowerBound: access.length,
    rounds,
    queries,
    longestQuery: longest,
    suffixes: suffixes.map((e) => [...e]),
  });

  try {
    return loop();
  } catch (e) {
    // Keep what was learned: the table's lower bound and the last hypothesis.
    if (e instanceof InterruptedError) throw new InterruptedError(result('unknown'));
    throw e;
  }

  function loop(): LearnResult {
  for (;;) {
    if (options.signal?.aborted) throw new InterruptedError();
    // Close the table: every one-letter extension of an access word has the row of an access word.
    const rows = new Map<string, number>();
    for (let i = 0; i < access.length; i++) rows.set(fill((accessRows[i] ??= []), access[i]!).join(','), i);
    const next: number[] = [];
    for (let i = 0; i < access.length; i++) {
      if (options.signal?.aborted) throw new InterruptedError();
      for (let a = 0; a < k; a++) {
        const w = [...access[i]!, a];
        const key = fill((extensionRows[i * k + a] ??= []), w).join(',');
        let target = rows.get(key);
        if (target === undefined) {
          if (access.length >= maxStates) {
            access.push(w); // one more pairwise-distinct row: the bound is passed
            return result('state-bound');
          }
          target = access.length;
          access.push(w);
          accessRows.push([...extensionRows[i * k + a]!]);
          rows.set(key, target);
        }
        next[i * k + a] = target;
      }
    }
    const n = access.length;
    hypothesis = new Dfa(k, Int32Array.from(next), Int32Array.from(accessRows, (row) => row[0]!), 0);
    options.onProgress?.(n, rounds);
    rounds++;
    const answer = teacher.equivalence(hypothesis);
    if (answer === 'correct') return result('proved');
    if (answer === 'unknown') return result('unknown');
    const added =
      options.counterexamples === 'maler-pnueli'
        ? answer.map((_, i) => answer.slice(i))
        : [distinguishingSuffix(answer, hypothesis, access, ask)];
    let grew = false;
    for (const e of added) {
      const key = e.join(',');
      if (!suffixKeys.has(key)) {
        suffixKeys.add(key);
        suffixes.push(e);
        grew = true;
      }
    }
    if (!grew) {
      // A counterexample must be a word the hypothesis gets wrong; anything else is a teacher bug.
      throw new Error(`the teacher returned ${answer.join(',')}, which the hypothesis gets right`);
    }
  }
  }
}

/**
 * Rivest–Schapire: with u_i the access word of the state reached on w[0..i), the answers
 * a_i = T(u_i w[i..m)) start at T(w) and end at H(w), which differ; a binary search finds i with
 * a_i != a_{i+1}, and then w[i+1..m) separates u_i w[i] from u_{i+1}. O(log m) queries.
 */
function distinguishingSuffix(
  w: readonly number[],
  h: Dfa,
  access: readonly (readonly number[])[],
  ask: (w: readonly number[]) => number,
): number[] {
  const m = w.length;
  const alpha = (i: number) => ask([...access[h.run(w.slice(0, i))]!, ...w.slice(i)]);
  let lo = 0;
  let hi = m;
  const atLo = alpha(0);
  if (atLo === h.output[h.run(w)]) throw new Error(`the teacher returned ${w.join(',')}, which the hypothesis gets right`);
  // Invariant: alpha(lo) = atLo != alpha(hi).
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (alpha(mid) === atLo) lo = mid;
    else hi = mid;
  }
  return w.slice(lo + 1);
}
