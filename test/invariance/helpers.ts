/** Plain reference implementations for the invariance tests: sets of strings, no packing, no shortcuts. */

export type Pt = number[];

export const key = (p: readonly number[]): string => p.join(',');

/** All points of [0,max]^n in lexicographic order. */
export function boxPoints(n: number, max: number): Pt[] {
  if (n === 0) return [[]];
  const out: Pt[] = [];
  for (let x = 0; x <= max; x++) for (const rest of boxPoints(n - 1, max)) out.push([x, ...rest]);
  return out;
}

export const le = (a: readonly number[], b: readonly number[]): boolean => a.every((x, i) => x <= b[i]!);

/** (P - P) ∩ N^n from a finite list. */
export function naiveDifferences(P: readonly Pt[]): Set<string> {
  const out = new Set<string>();
  for (const a of P) for (const b of P) if (le(b, a)) out.add(key(a.map((x, i) => x - b[i]!)));
  return out;
}

/** Positions of [0,max]^n not in P from which no move outside diff reaches P; least by (max, lex). */
export function naiveWitness(P: readonly Pt[], diff: Set<string>, n: number, max: number): Pt | undefined {
  const inP = new Set(P.map(key));
  const pts = boxPoints(n, max).sort((a, b) => Math.max(...a) - Math.max(...b));
  for (const x of pts) {
    if (inP.has(key(x))) continue;
    const ok = P.some((p) => le(p, x) && !diff.has(key(x.map((v, i) => v - p[i]!))));
    if (!ok) return x;
  }
  return undefined;
}

/** P-positions in [0,max]^n of a game given by its move map, by recursion with a memo. */
export function naivePPositions(n: number, max: number, moves: (p: Pt) => Pt[]): Set<string> {
  const memo = new Map<string, boolean>();
  const isP = (p: Pt): boolean => {
    const k = key(p);
    const known = memo.get(k);
    if (known !== undefined) return known;
    const v = moves(p).every((m) => !isP(p.map((x, i) => x - m[i]!)));
    memo.set(k, v);
    return v;
  };
  const out = new Set<string>();
  for (const p of boxPoints(n, max)) if (isP(p)) out.add(key(p));
  return out;
}

export function bitmapToSet(member: Uint8Array, n: number, max: number): Set<string> {
  const out = new Set<string>();
  boxPoints(n, max).forEach((p, i) => {
    if (member[i]) out.add(key(p));
  });
  return out;
}

/** A small deterministic generator (LCG) so failures reproduce. */
export function rng(seed: number): (k: number) => number {
  let s = seed >>> 0;
  return (k: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
}

/** Every binary word of the given length over 1,2. */
export function binaryWords(length: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let bits = 0; bits < 1 << length; bits++) {
    const v = new Uint8Array(length);
    for (let i = 0; i < length; i++) v[i] = (bits >> i) & 1 ? 2 : 1;
    out.push(v);
  }
  return out;
}
