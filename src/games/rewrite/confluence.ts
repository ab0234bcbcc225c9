/**
 * The games {a^k, b^l} (seed taking-and-merging, Theorem 6): the rewrite system is confluent, so
 * every play from u has the same number of moves and G(u) is its parity. Computed in linear time
 * by stack reduction, and by the pushdown automaton of the proof.
 */
import { InputError } from '../../core/errors.js';
import { type RewriteRule, formatRule, isTakingAndMerging } from './rules.js';

/** The two exponents of a game {a^k, b^l}, or an error naming what is wrong. */
export function twoRuleExponents(rules: readonly RewriteRule[]): { letters: [string, string]; k: number; l: number } {
  const bad = () =>
    new InputError(`Theorem 6 is about two rules a^k, b^l on two letters; got ${rules.map(formatRule).join(',')}`);
  if (rules.length !== 2 || !isTakingAndMerging(rules)) throw bad();
  const [r, s] = rules as [RewriteRule, RewriteRule];
  if (r.lhs[0] === s.lhs[0]) throw bad();
  return { letters: [r.lhs[0]!, s.lhs[0]!], k: r.lhs.length, l: s.lhs.length };
}

export interface ConfluentReduction {
  /** The number of moves of every play from the word (Theorem 6: it does not depend on the play). */
  moves: number;
  /** The unique final position (normal form) reachable from the word. */
  normalForm: string;
  /** moves mod 2: the Grundy value. */
  grundy: number;
}

/**
 * Theorem 6 (seed taking-and-merging, section 2.2): reduce greedily from left to right with a stack
 * of runs (letter, count); a run reaching its exponent is deleted and the runs around it join.
 * O(|word|) time.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function confluentReduction(rules: readonly RewriteRule[], word: string): ConfluentReduction {
  const { letters, k, l } = twoRuleExponents(rules);
  const need = (c: string) => (c === letters[0] ? k : c === letters[1] ? l : 0);
  const runLetter: string[] = [];
  const runCount: number[] = [];
  let moves = 0;
  for (const c of word) {
    const e = need(c);
    if (e === 0) throw new InputError(`the word ${JSON.stringify(word)} has the letter ${JSON.stringify(c)}, not in {${letters.join(',')}}`);
    const top = runLetter.length - 1;
    if (top >= 0 && runLetter[top] === c) runCount[top]!++;
    else {
      runLetter.push(c);
      runCount.push(1);
    }
    if (runCount[runLetter.length - 1] === e) {
      runLetter.pop();
      runCount.pop();
      moves++;
    }
  }
  const normalForm = runLetter.map((c, i) => c.repeat(runCount[i]!)).join('');
  return { moves, normalForm, grundy: moves % 2 };
}

/** A stack symbol of the pushdown automaton: (letter, count) or the bottom ⊥. */
export type StackSymbol = { letter: string; count: number } | 'bottom';

/** (i, x, y, z, j): in state i reading x with y on top, replace y by z (leftmost on top), go to j. */
export interface PdaTransition {
  from: number;
  read: string;
  pop: StackSymbol;
  push: StackSymbol[];
  to: number;
}

export interface Pushdown {
  /** States 0 and 1 (the parity of the moves); the initial state q0 only pushes ⊥ and goes to 0. */
  states: [0, 1];
  letters: [string, string];
  stackAlphabet: StackSymbol[];
  transitions: PdaTransition[];
}

/**
 * The pushdown automaton of the proof of Theorem 6 (seed taking-and-merging, section 2.2). For an
 * exponent 1 (Remark 7) no stack symbol of that letter exists: reading it flips the parity at once.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function confluencePushdown(rules: readonly RewriteRule[]): Pushdown {
  const { letters, k, l } = twoRuleExponents(rules);
  const exps = [k, l];
  const stackAlphabet: StackSymbol[] = ['bottom'];
  for (let x = 0; x < 2; x++) for (let i = 1; i < exps[x]!; i++) stackAlphabet.push({ letter: letters[x]!, count: i });
  const transitions: PdaTransition[] = [];
  for (const q of [0, 1]) {
    for (let x = 0; x < 2; x++) {
      const c = letters[x]!;
      const e = exps[x]!;
      for (const top of stackAlphabet) {
        const sameRun = top !== 'bottom' && top.letter === c;
        if (sameRun && top.count + 1 === e) transitions.push({ from: q, read: c, pop: top, push: [], to: 1 - q });
        else if (sameRun) transitions.push({ from: q, read: c, pop: top, push: [{ letter: c, count: top.count + 1 }], to: q });
        else if (e === 1) transitions.push({ from: q, read: c, pop: top, push: [top], to: 1 - q });
        else transitions.push({ from: q, read: c, pop: top, push: [{ letter: c, count: 1 }, top], to: q });
      }
    }
  }
  return { states: [0, 1], letters, stackAlphabet, transitions };
}

const sameSymbol = (x: StackSymbol, y: StackSymbol) =>
  x === 'bottom' || y === 'bottom' ? x === y : x.letter === y.letter && x.count === y.count;

/**
 * Runs the (deterministic) automaton on a word; the state reached is the Grundy value.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function runPushdown(pda: Pushdown, word: string): number {
  let state = 0;
  const stack: StackSymbol[] = ['bottom'];
  for (const c of word) {
    const top = stack[stack.length - 1]!;
    const t = pda.transitions.find((tr) => tr.from === state && tr.read === c && sameSymbol(tr.pop, top));
    if (!t) throw new InputError(`no transition of the pushdown automaton reads ${JSON.stringify(c)}`);
    stack.pop();
    for (let i = t.push.length - 1; i >= 0; i--) stack.push(t.push[i]!);
    state = t.to;
  }
  return state;
}

/** A transition as printed in the paper: (q, a, (b, j), (a, 1)(b, j), q). */
export function formatTransition(t: PdaTransition): string {
  const sym = (s: StackSymbol) => (s === 'bottom' ? '⊥' : `(${s.letter},${s.count})`);
  return `(${t.from}, ${t.read}, ${sym(t.pop)}, ${t.push.length ? t.push.map(sym).join('') : 'ε'}, ${t.to})`;
}
