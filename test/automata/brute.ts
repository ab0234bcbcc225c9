/** Brute-force references for the automata tests: plain definitions, no cleverness. */
import fc from 'fast-check';
import { Dfa } from '../../src/automata/dfa.js';
import { EPSILON, Nfa } from '../../src/automata/nfa.js';

/** Every word over k letters of length <= n, shortlex order. */
export function wordsUpTo(k: number, n: number): number[][] {
  const out: number[][] = [[]];
  for (let i = 0; out[i] !== undefined && out[i]!.length < n; i++) for (let a = 0; a < k; a++) out.push([...out[i]!, a]);
  return out;
}

/** NFA membership by a recursive search over (state, position), ε-moves included. */
export function nfaAcceptsBrute(nfa: Nfa, w: readonly number[]): boolean {
  const seen = new Set<string>();
  const go = (s: number, i: number): boolean => {
    const key = `${s}:${i}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (i === w.length && nfa.accepting[s]) return true;
    const list = nfa.edges[s]!;
    for (let j = 0; j < list.length; j += 2) {
      const a = list[j]!;
      if (a === EPSILON && go(list[j + 1]!, i)) return true;
      if (a !== EPSILON && i < w.length && a === w[i] && go(list[j + 1]!, i + 1)) return true;
    }
    return false;
  };
  return nfa.starts.some((s) => go(s, 0));
}

/** Moore's partition refinement: the number of classes of reachable states. O(n^2 k) per round. */
export function mooreClassCount(dfa: Dfa): number {
  const reach = dfa.reachable();
  let cls = new Map(reach.map((s) => [s, String(dfa.output[s])]));
  for (;;) {
    const next = new Map<number, string>();
    for (const s of reach) {
      const sig = [cls.get(s)!, ...Array.from({ length: dfa.alphabetSize }, (_, a) => cls.get(dfa.next(s, a))!)];
      next.set(s, JSON.stringify(sig));
    }
    const before = new Set(cls.values()).size;
    const after = new Set(next.values()).size;
    cls = next;
    if (after === before) return after;
  }
}

/** Arbitrary complete DFAs with 1..maxStates states over k letters, outputs in 0..maxOutput. */
export function arbDfa(k: number, maxStates: number, maxOutput = 1): fc.Arbitrary<Dfa> {
  return fc.integer({ min: 1, max: maxStates }).chain((n) =>
    fc
      .tuple(
        fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: n * k, maxLength: n * k }),
        fc.array(fc.integer({ min: 0, max: maxOutput }), { minLength: n, maxLength: n }),
        fc.integer({ min: 0, max: n - 1 }),
      )
      .map(([delta, out, start]) => new Dfa(k, Int32Array.from(delta), Int32Array.from(out), start)),
  );
}

/**
 * Arbitrary Moore machines as arbDfa, some of whose states are made sinks (output 0, every letter
 * looping) and some dead through them (output 0, every letter to a sink): the shape of the subset
 * automata whose empty subset the kernels leave out of their inverse transitions.
 */
export function arbDfaWithSinks(k: number, maxStates: number, maxOutput = 1): fc.Arbitrary<Dfa> {
  return fc.integer({ min: 1, max: maxStates }).chain((n) =>
    fc
      .tuple(
        fc.array(fc.nat(n - 1), { minLength: k * n, maxLength: k * n }),
        fc.array(fc.nat(maxOutput), { minLength: n, maxLength: n }),
        fc.array(fc.nat(2), { minLength: n, maxLength: n }),
        fc.nat(n - 1),
      )
      .map(([delta, output, kind, start]) => {
        const sinks = kind.flatMap((x, s) => (x === 1 ? [s] : []));
        for (let s = 0; s < n; s++) {
          if (kind[s] === 1) {
            output[s] = 0;
            for (let a = 0; a < k; a++) delta[k * s + a] = s;
          } else if (kind[s] === 2 && sinks.length > 0) {
            output[s] = 0;
            for (let a = 0; a < k; a++) delta[k * s + a] = sinks[(s + a) % sinks.length]!;
          }
        }
        return new Dfa(k, Int32Array.from(delta), Int32Array.from(output), start);
      }),
  );
}

/** Arbitrary NFAs with ε-moves: 1..maxStates states, a few edges each. */
export function arbNfa(k: number, maxStates: number): fc.Arbitrary<Nfa> {
  return fc.integer({ min: 1, max: maxStates }).chain((n) =>
    fc
      .tuple(
        fc.array(
          fc.array(fc.tuple(fc.integer({ min: -1, max: k - 1 }), fc.integer({ min: 0, max: n - 1 })), { maxLength: 4 }),
          { minLength: n, maxLength: n },
        ),
        fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 2 }),
      )
      .map(
        ([edges, acc, starts]) =>
          new Nfa(k, starts, Uint8Array.from(acc, (b) => (b ? 1 : 0)), edges.map((list) => list.flatMap(([a, t]) => [a, t]))),
      ),
  );
}
