/**
 * One move of a rewrite game as a finite transducer: x u y -> x v y for a rule u -> v
 * (seed taking-and-merging, section 1). Copy x, replace u by v letter against letter (padding the
 * shorter side with ε), copy y.
 */
import type { Alphabet } from '../automata/alphabet.js';
import { EPSILON } from '../automata/nfa.js';
import { Transducer, type TransducerEdge } from '../automata/transducer.js';
import { InputError } from '../core/errors.js';
import type { RewriteRule } from '../games/rewrite/rules.js';

/**
 * States: 0 before the rewrite, 1 after it (the only final state), then one per inner rule letter. O(sum |u|+|v|).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function rewriteTransducer(rules: readonly RewriteRule[], alphabet: Alphabet): Transducer {
  const k = alphabet.size;
  const edges: TransducerEdge[] = [];
  let states = 2;
  for (let a = 0; a < k; a++) {
    edges.push({ from: 0, input: a, output: a, to: 0 });
    edges.push({ from: 1, input: a, output: a, to: 1 });
  }
  for (const r of rules) {
    if (r.lhs.length === 0) throw new InputError(`rule ->${r.rhs} has an empty left side`);
    const u = alphabet.encode(r.lhs);
    const v = alphabet.encode(r.rhs);
    const len = Math.max(u.length, v.length);
    let from = 0;
    for (let i = 0; i < len; i++) {
      const to = i === len - 1 ? 1 : states++;
      edges.push({ from, input: u[i] ?? EPSILON, output: v[i] ?? EPSILON, to });
      from = to;
    }
  }
  const final = new Uint8Array(states);
  final[1] = 1;
  return new Transducer(k, k, states, 0, final, edges);
}

/**
 * Positive letter weights under which every rule strictly loses weight, proving that every play
 * ends (Lemma 2 needs a well-founded game). Tries weights 1..maxWeight per letter; undefined when
 * none is found (the game may still terminate). O(maxWeight^k * rules).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function terminationWeights(rules: readonly RewriteRule[], alphabet: Alphabet, maxWeight = 6): number[] | undefined {
  const k = alphabet.size;
  const deltas = rules.map((r) => {
    const d = new Array<number>(k).fill(0);
    for (const c of r.lhs) d[alphabet.letter(c)]!++;
    for (const c of r.rhs) d[alphabet.letter(c)]!--;
    return d;
  });
  const w = new Array<number>(k).fill(1);
  const ok = () => deltas.every((d) => d.reduce((s, x, i) => s + x * w[i]!, 0) > 0);
  const search = (i: number): boolean => {
    if (i === k) return ok();
    if (k > 6) return ok(); // too many letters to search: only the unit weights (length) are tried
    for (let x = 1; x <= maxWeight; x++) {
      w[i] = x;
      if (search(i + 1)) return true;
    }
    w[i] = 1;
    return false;
  };
  return search(0) ? [...w] : undefined;
}
