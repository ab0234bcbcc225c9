/**
 * `method: periodic`: 1-admissibility of P_w for a binary periodic word w = v^ω without logic
 * (deciding-game-invariance, section 6.1). Balanced v (|v|_1 = |v|_2): Lemma 37 gives P_w - P_w from a
 * finite part, Lemma 38 reduces the question to [0, 2ℓ]^2 (Corollary 39). Unbalanced v: Remark 40's
 * periodicity, with P_w - P_w computed exactly from it; the paper only sketches why its box suffices, so
 * an "admissible" verdict there is not certified.
 */
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { alphabetSizeOf, letterCounts, primitiveRoot, wordToString } from '../words/word.js';
import type { PeriodicAdmissibility } from './bounded.js';
import { balancedPeriodicAdmissibility, isBalanced } from './periodic-nary.js';
import type { Stop } from '../core/stop.js';

export type { PeriodicAdmissibility };

export interface PeriodicOptions {
  signal?: Stop;
  /** Balanced words over n > 2 letters: the witness search's cells checked, of the box's. */
  onProgress?: (done: number, total: number) => void;
  /** Largest box side accepted in the unbalanced case (default 20000). */
  maxBound?: number;
  /** Unbalanced case only: check [0, bound]^2 instead of Remark 40's box (to probe beyond it). */
  bound?: number;
}

/**
 * A binary periodic word ρ^ω with the m-th a at ⌊(m-1)/c_a⌋ ℓ + pos_a[(m-1) mod c_a], so every
 * occurrence and the partner of every index (Remark 36: the A's and B's partition N_{>0}) is O(1).
 */
export class BinaryPeriodicWord {
  readonly length: number;
  /** counts[a] = |ρ|_a. */
  readonly counts: readonly [number, number, number];
  private readonly pos: [Int32Array, Int32Array, Int32Array];
  private readonly rankIn: Int32Array;

  constructor(readonly period: Uint8Array) {
    if (alphabetSizeOf(period) !== 2) throw new InputError(`the periodic method needs a binary word over 1,2, not ${wordToString(period)}`);
    this.length = period.length;
    const c = letterCounts(period, 2);
    this.counts = [0, c[1]!, c[2]!];
    this.pos = [new Int32Array(0), new Int32Array(c[1]!), new Int32Array(c[2]!)];
    this.rankIn = new Int32Array(period.length);
    const fill = [0, 0, 0];
    for (let i = 0; i < period.length; i++) {
      const a = period[i]!;
      this.pos[a]![fill[a]!] = i + 1;
      this.rankIn[i] = ++fill[a]!;
    }
  }

  /** The index of the m-th letter a of w (m >= 1). */
  occurrence(a: number, m: number): number {
    const c = this.counts[a]!;
    const q = Math.floor((m - 1) / c);
    return q * this.length + this.pos[a]![m - 1 - q * c]!;
  }

  /** The other coordinate of the element of P_w with coordinate x (0 for x = 0). */
  partner(x: number): number {
    if (x === 0) return 0;
    const i = (x - 1) % this.length;
    const a = this.period[i]!;
    const m = Math.floor((x - 1) / this.length) * this.counts[a]! + this.rankIn[i]!;
    return this.occurrence(3 - a, m);
  }

  /** partner(x) for x = 0..max. */
  partners(max: number): Float64Array {
    const out = new Float64Array(max + 1);
    for (let x = 0; x <= max; x++) out[x] = this.partner(x);
    return out;
  }
}

/**
 * Decides whether P_w, w = v^ω, is 1-admissible (binary v, or balanced v over more letters).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function periodicAdmissibility(v: Uint8Array, options: PeriodicOptions = {}): PeriodicAdmissibility {
  if (alphabetSizeOf(v) > 2 && isBalanced(v)) {
    return balancedPeriodicAdmissibility(v, { ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  }
  if (alphabetSizeOf(v) !== 2 || v.some((c) => c < 1)) {
    throw new InputError(
      `the periodic method handles binary words and balanced words over 1..n (section 6.1); ${JSON.stringify(wordToString(v))} is neither: use --method bounded`,
    );
  }
  const rho = primitiveRoot(v);
  const word = new BinaryPeriodicWord(rho);
  return word.counts[1] === word.counts[2] ? balancedAdmissibility(word, options) : unbalancedAdmissibility(word, options);
}

/**
 * (P_w - P_w) ∩ [0, 2ℓ]^2 for balanced ρ by Lemma 37: the differences p1 - p2 >= 0 with p1 in
 * P_w ∩ [0,2ℓ]^2 and p2 in P_w ∩ [0,ℓ]^2, shifted by k(ℓ,ℓ), k >= 0. O(ℓ^2).
 */
export function lemma37Differences(word: BinaryPeriodicWord, signal?: Stop): Uint8Array {
  const l = word.length;
  const bound = 2 * l;
  const side = bound + 1;
  const half = l / 2;
  // Elements of P_w in [0,2ℓ]^2: 0 and (A_m,B_m), (B_m,A_m) for m <= ℓ (the first two blocks).
  const xs: number[] = [0];
  const ys: number[] = [0];
  for (let m = 1; m <= l; m++) {
    const a = word.occurrence(1, m);
    const b = word.occurrence(2, m);
    xs.push(a, b);
    ys.push(b, a);
  }
  const small = 1 + 2 * half; // 0 and the pairs with m <= ℓ/2 lie in [0,ℓ]^2; they come first.
  const diff = new Uint8Array(side * side);
  for (let i = 0; i < xs.length; i++) {
    // O(ℓ) pairs per i: the signal is read often enough for a stop within a second at any ℓ a box holds.
    if ((i & 63) === 0 && signal?.aborted) throw new InterruptedError();
    for (let j = 0; j < small; j++) {
      let dx = xs[i]! - xs[j]!;
      let dy = ys[i]! - ys[j]!;
      if (dx < 0 || dy < 0) continue;
      while (dx <= bound && dy <= bound) {
        diff[dx * side + dy] = 1;
        dx += l;
        dy += l;
      }
    }
  }
  return diff;
}

/** Lemma 38 / Corollary 39: the answer is decided in [0, 2ℓ]^2. */
function balancedAdmissibility(word: BinaryPeriodicWord, options: PeriodicOptions): PeriodicAdmissibility {
  const bound = 2 * word.length;
  const diff = lemma37Differences(word, options.signal);
  const witness = leastWitness2(bound, word.partners(bound), diff, options.signal);
  return periodicVerdict(word, bound, witness, true, true);
}

/** The verdict in the box [0, bound]^2; `certified` says whether the box decides all of N^2. */
function periodicVerdict(
  word: BinaryPeriodicWord,
  bound: number,
  witness: number[] | undefined,
  certified: boolean,
  balanced: boolean,
): PeriodicAdmissibility {
  return {
    admissible: witness === undefined,
    method: 'periodic',
    bound,
    ...(witness ? { witness } : {}),
    certified,
    differenceBound: bound,
    period: wordToString(word.period),
    balanced,
  };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Remark 40: with c_1 = |ρ|_1 < c_2 = |ρ|_2 (letters swapped if needed, P_w is symmetric), r = lcm, and
 * u = (r ℓ / c_1, r ℓ / c_2), P_w = {0} ∪ (F + N u) ∪ (F^R + N u^R) with F = {(A_m, B_m) | m <= r}.
 * P_w - P_w is computed exactly from this form in [0, B]^2 with B = (k_0 + 1) u_1, k_0 = ⌈c_2 / c_1⌉: the
 * box that covers the first (k_0 + 1) r elements, our reading of the box [0, (k_0+1) r]^2 in the remark.
 */
function unbalancedAdmissibility(word: BinaryPeriodicWord, options: PeriodicOptions): PeriodicAdmissibility {
  const [one, two] = word.counts[1] < word.counts[2] ? [1, 2] : [2, 1];
  const c1 = word.counts[one]!;
  const c2 = word.counts[two]!;
  const l = word.length;
  const r = (c1 / gcd(c1, c2)) * c2;
  const u1 = (r / c1) * l;
  const k0 = Math.ceil(c2 / c1);
  const bound = options.bound ?? (k0 + 1) * u1;
  const maxBound = options.maxBound ?? limitDefault('remark40Box');
  if (bound > maxBound) {
    throw new LimitError(`Remark 40's box [0,${bound}]^2 for ${wordToString(word.period)} is larger than ${maxBound}`, 'remark40Box');
  }
  const diff = remark40Differences(word, one, bound, options.signal);
  const witness = leastWitness2(bound, word.partners(bound), diff, options.signal);
  // A witness is certain; "admissible" rests on our reading of Remark 40's box, so it is not certified.
  return periodicVerdict(word, bound, witness, witness !== undefined, false);
}

/**
 * (P_w - P_w) ∩ [0, bound]^2 for unbalanced ρ, exactly, from the linear form of Remark 40 (its parts
 * D_1 .. D_4): f + s u - g - t u for s, t >= 0 (any integer s - t), f + s u - g^R - t u^R and their
 * mirror images, together with P_w itself (= P_w - 0). `one` is the rarer letter.
 */
export function remark40Differences(word: BinaryPeriodicWord, one: number, bound: number, signal?: Stop): Uint8Array {
  const two = 3 - one;
  const c1 = word.counts[one]!;
  const c2 = word.counts[two]!;
  const l = word.length;
  const r = (c1 / gcd(c1, c2)) * c2;
  const u1 = (r / c1) * l;
  const u2 = (r / c2) * l;
  const side = bound + 1;
  const diff = new Uint8Array(side * side);
  const set = (x: number, y: number): void => {
    if (x >= 0 && y >= 0 && x <= bound && y <= bound) {
      diff[x * side + y] = 1;
      diff[y * side + x] = 1;
    }
  };
  const fx: number[] = [];
  const fy: number[] = [];
  for (let m = 1; m <= r; m++) {
    fx.push(word.occurrence(one, m));
    fy.push(word.occurrence(two, m));
  }
  set(0, 0);
  for (let i = 0; i < r; i++) for (let s = 0; fx[i]! + s * u1 <= bound || fy[i]! + s * u2 <= bound; s++) set(fx[i]! + s * u1, fy[i]! + s * u2);
  const maxF = Math.max(...fx, ...fy);
  const span = Math.ceil((bound + 2 * maxF) / (u1 - u2)) + 1;
  for (let i = 0; i < r; i++) {
    // O(r span^2) settings per i: tens of milliseconds at most between two readings of the signal.
    if (signal?.aborted) throw new InterruptedError();
    for (let j = 0; j < r; j++) {
      // Same family: (f_i - f_j) + t u for every integer t.
      const dx = fx[i]! - fx[j]!;
      const dy = fy[i]! - fy[j]!;
      const tLow = Math.max(Math.ceil(-dx / u1), Math.ceil(-dy / u2));
      for (let t = tLow; dx + t * u1 <= bound || dy + t * u2 <= bound; t++) set(dx + t * u1, dy + t * u2);
      // Across families: f_i + s u - (f_j^R + t u^R); |d_1 - d_2| <= bound forces (s + t)(u_1 - u_2) <= bound + 2 max F.
      const ex = fx[i]! - fy[j]!;
      const ey = fy[i]! - fx[j]!;
      for (let s = 0; s <= span; s++) {
        for (let t = 0; s + t <= span; t++) set(ex + s * u1 - t * u2, ey + s * u2 - t * u1);
      }
    }
  }
  return diff;
}

/**
 * The least x in [0,bound]^2 (by max coordinate, then lexicographically) not in P_w with no p in P_w,
 * p <= x, x - p not in diff. P_w has exactly one element in each row and column (the partner map), so x
 * is in P_w iff partner(x_1) = x_2, and a Nim move (never in P_w - P_w) absorbs x when partner(x_1) < x_2
 * or partner(x_2) < x_1; only the other positions need the search over p.
 */
export function leastWitness2(bound: number, partner: Float64Array, diff: Uint8Array, signal?: Stop): [number, number] | undefined {
  const side = bound + 1;
  const absorbed = (x1: number, x2: number): boolean => {
    const q1 = partner[x1]!;
    if (q1 === x2 || q1 < x2 || partner[x2]! < x1) return true;
    for (let p2 = 0; p2 <= x2; p2++) {
      const p1 = partner[p2]!;
      if (p1 <= x1 && !diff[(x1 - p1) * side + (x2 - p2)]) return true;
    }
    return false;
  };
  for (let s = 0; s <= bound; s++) {
    if ((s & 63) === 0 && signal?.aborted) throw new InterruptedError({ checkedUpTo: s - 1 });
    for (let j = 0; j < s; j++) if (!absorbed(j, s)) return [j, s];
    for (let j = 0; j <= s; j++) if (!absorbed(s, j)) return [s, j];
  }
  return undefined;
}
