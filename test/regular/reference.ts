/**
 * Plain references for the Grundy-automaton tests: a naive memoised Grundy function over the
 * rules, a rule parser for the compact notation, and the paper's automata built from its invariants.
 */
import { Dfa } from '../../src/automata/dfa.js';
import type { RewriteRule } from '../../src/games/rewrite/rules.js';

/** `a,a2,b` (taking-and-merging shorthand) or full rules `a->b,a->,b->`. */
export function rules(text: string): RewriteRule[] {
  return text.split(',').map((r) => {
    if (r.includes('->')) {
      const [lhs, rhs] = r.split('->');
      return { lhs: lhs!, rhs: rhs! };
    }
    const m = /^([a-z])(\d*)$/.exec(r)!;
    return { lhs: m[1]!.repeat(m[2] ? Number(m[2]) : 1), rhs: '' };
  });
}

/** Every word reachable in one move. */
export function optionsOf(rs: readonly RewriteRule[], w: string): string[] {
  const out = new Set<string>();
  for (const { lhs, rhs } of rs) {
    for (let i = 0; i + lhs.length <= w.length; i++) if (w.startsWith(lhs, i)) out.add(w.slice(0, i) + rhs + w.slice(i + lhs.length));
  }
  return [...out];
}

export function mexOf(values: number[]): number {
  let m = 0;
  while (values.includes(m)) m++;
  return m;
}

/** The Grundy function by recursion with a memo (words stay short in the tests). */
export function bruteGrundy(rs: readonly RewriteRule[]): (w: string) => number {
  const memo = new Map<string, number>();
  const g = (w: string): number => {
    let v = memo.get(w);
    if (v === undefined) {
      v = mexOf(optionsOf(rs, w).map(g));
      memo.set(w, v);
    }
    return v;
  };
  return g;
}

/** Every word over `letters` of length <= n. */
export function words(letters: string, n: number): string[] {
  const out = [''];
  for (let i = 0; out[i] !== undefined && out[i]!.length < n; i++) for (const c of letters) out.push(out[i]! + c);
  return out;
}

/** Letters a = 0, b = 1 as in the paper. */
export const AB = (w: string) => [...w].map((c) => (c === 'a' ? 0 : 1));

/** Seed taking-and-merging, Example 4 / Figure 1: state S(u) = (|u|_a − 2|u|_b) mod 4; S in {0,1} is L_0. */
export function figure1(): Dfa {
  return Dfa.from(4, 2, (s, a) => (a === 0 ? (s + 1) % 4 : (s + 2) % 4), (s) => (s <= 1 ? 0 : 1));
}

/** Remark 7 for {ak, b}: the a's read modulo k and the parity of the reductions, 2k states. */
export function remark7(k: number): Dfa {
  // state = 2 * (a's mod k) + parity
  return Dfa.from(
    2 * k,
    2,
    (s, a) => {
      const r = s >> 1;
      const p = s & 1;
      if (a === 1) return 2 * r + (1 - p);
      return r + 1 === k ? 1 - p : 2 * (r + 1) + p;
    },
    (s) => s & 1,
  );
}

/** Section 3.1: {a, a^(2k+1), b} — the parity of |w|. */
export function parity(): Dfa {
  return Dfa.from(2, 2, (s) => 1 - s, (s) => s);
}

/**
 * Theorem 10 / Figure 3 for {a,a2,b}: state (s, r), s = S over the finished blocks and the b's
 * (S = 2k + 2α1 + α2 mod 4), r = the last block's size mod 3; Lemma 9 maps S to G. 12 states.
 */
export function theorem10(): Dfa {
  const contrib = [0, 2, 1];
  const g = [0, 2, 1, 3]; // S = 0, 1, 2, 3 -> G = 0, 2, 1, 3
  return Dfa.from(
    12,
    2,
    (st, a) => {
      // state = 4 r + s
      const r = Math.floor(st / 4);
      const s = st % 4;
      if (a === 0) return 4 * ((r + 1) % 3) + s;
      return (s + contrib[r]! + 2) % 4;
    },
    (st) => g[(st % 4 + contrib[Math.floor(st / 4)]!) % 4]!,
  );
}

/**
 * Theorem 13 for {a,a2,a3,b}, from Lemma 12's invariant S = (k + α1, α2, α3) mod 2 over blocks
 * mod 4: state = 8 * r + bits over the finished blocks and b's, r = last block size mod 4. 32 states.
 */
export function theorem13(): Dfa {
  const contrib = [0, 0b100, 0b010, 0b001]; // a block of size r mod 4 toggles α_r (α1 shares the first bit with k)
  const g: Record<number, number> = { 0b000: 0, 0b111: 0, 0b011: 1, 0b100: 1, 0b010: 2, 0b101: 2, 0b001: 3, 0b110: 3 };
  return Dfa.from(
    32,
    2,
    (st, a) => {
      const r = st >> 3;
      const bits = st & 7;
      if (a === 0) return (((r + 1) % 4) << 3) | bits;
      return bits ^ contrib[r]! ^ 0b100;
    },
    (st) => g[(st & 7) ^ contrib[st >> 3]!]!,
  );
}

/** Theorem 15 for {a,a2,b,b2}: P iff |w|_a − |w|_b ≡ 0 mod 3 (accepting = P). */
export function theorem15(): Dfa {
  return Dfa.from(3, 2, (s, a) => (a === 0 ? (s + 1) % 3 : (s + 2) % 3), (s) => (s === 0 ? 1 : 0));
}

/** Section 6, {a->b, a->ε, b->ε}: G = 2(|w|_a mod 2) + (|w|_b mod 2). */
export function section6(): Dfa {
  return Dfa.from(4, 2, (s, a) => (a === 0 ? s ^ 2 : s ^ 1), (s) => s);
}
