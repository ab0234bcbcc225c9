/**
 * Adders for the logic engine's products (deciding-game-invariance, section 5): the addition automaton
 * x + y = z read one coordinate at a time with one of its three tracks guessed (AdderGuess), products
 * of three automata on n-tuples related by it (SumProduct), the zero normaliser of a Pisot system,
 * and an adder whose summand is greedy.
 */
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { intersection } from '../automata/ops.js';
import type { TableNfa } from '../automata/nfa.js';
import { LiveDfa, TupleProduct, type TupleProductOptions } from '../automata/tuple-product.js';
import { buildDfa } from './build.js';
import type { NumerationSystem } from './system.js';

/** A track of the adder x + y = z (letters x + b y + b² z). */
export type AdderTrack = 'x' | 'y' | 'z';

/**
 * The adder x + y = z of a system (sys.addition()) with one track guessed from the other two: for
 * each adder state a and the known digits (u, w) (the two other tracks, in the order x, y, z), the
 * live continuations (digit of the guessed track, next state) are the pairs
 * choices[start[at(a, u, w)] .. start[at(a, u, w) + 1]), digits ascending. One adder serves one
 * coordinate; a product over n coordinates holds n adder states (components `adder`).
 */
export class AdderGuess {
  /** The addition automaton, as a product component (its accepting states end a sum). */
  readonly adder: LiveDfa;
  readonly start: Int32Array;
  readonly choices: Int32Array;
  /** The system's base b (digits 0..b-1). */
  readonly base: number;

  constructor(sys: NumerationSystem, guessed: AdderTrack) {
    const b = sys.base;
    this.base = b;
    this.adder = new LiveDfa(sys.addition());
    const add = this.adder.dfa;
    const live = this.adder.live;
    // The letter x + b y + b² z for the known digits u, w (in track order) and the guessed v.
    const letter = {
      x: (u: number, v: number, w: number) => v + b * u + b * b * w,
      y: (u: number, v: number, w: number) => u + b * v + b * b * w,
      z: (u: number, v: number, w: number) => u + b * w + b * b * v,
    }[guessed];
    const n = add.stateCount;
    this.start = new Int32Array(n * b * b + 1);
    const data: number[] = [];
    for (let a = 0; a < n; a++) {
      for (let u = 0; u < b; u++) {
        for (let w = 0; w < b; w++) {
          for (let v = 0; v < b; v++) {
            const t = add.next(a, letter(u, v, w));
            if (live[t]) data.push(v, t);
          }
          this.start[(a * b + u) * b + w + 1] = data.length;
        }
      }
    }
    this.choices = Int32Array.from(data);
  }

  /** Where the choices of adder state a on the known digits (u, w) begin in `start`. */
  at(a: number, u: number, w: number): number {
    return (a * this.base + u) * this.base + w;
  }

  /**
   * A whole letter of the guessed track through n adders: adder c, in state a[c], reads digit c of
   * the known letters uL and wL (n digits each, digit c of weight b^c); done is called once per
   * combination with the guessed letter, a2 holding the adders' next states.
   */
  guessLetter(n: number, a: Int32Array, uL: number, wL: number, a2: Int32Array, done: (letter: number) => void): void {
    const { start, choices, base: b } = this;
    const go = (c: number, letter: number, weight: number): void => {
      if (c === n) {
        done(letter);
        return;
      }
      const at = (a[c]! * b + (Math.floor(uL / weight) % b)) * b + (Math.floor(wL / weight) % b);
      for (let e = start[at]!; e < start[at + 1]!; e += 2) {
        a2[c] = choices[e + 1]!;
        go(c + 1, letter + weight * choices[e]!, weight * b);
      }
    };
    go(0, 0, 1);
  }
}

/**
 * Products (U, V, W, n adders) over pairs of n-tuples: u read by U, w by W, and v, the third track of
 * x + y = z (`sum` says which one), guessed digit by digit through one adder per coordinate and read
 * by V; v is unique when it exists, so the subset constructions stay small. The logic engine's F(m, i) (u = i, w = m,
 * v = i + m) and E(p, q) (u = q, w = p, v = p - q) are such products (src/logic/admissibility/). Over packed letters (K = b^n of them) a step reads whole letters of u and w; with
 * `coordinate` (U, V, W serialised, read one digit at a time as in src/logic/serial.ts; coordinate[U's state] is the coordinate c
 * it reads next) a step reads one digit of u and w and guesses v_c through adder c.
 * O(tuples reached × K² × adder choices) to expand, b² instead of K² one digit at a time.
 */
export class SumProduct {
  readonly product: TupleProduct;
  private readonly start: number[];
  private readonly U: LiveDfa;
  private readonly V: LiveDfa;
  private readonly W: LiveDfa;
  /** The adders' states in product.from and product.to. */
  private readonly adders: Int32Array;
  private readonly adders2: Int32Array;

  constructor(
    what: string,
    private readonly sum: AdderGuess,
    private readonly n: number,
    U: Dfa,
    V: Dfa,
    W: Dfa,
    private readonly coordinate?: Uint8Array,
  ) {
    [this.U, this.V, this.W] = [U, V, W].map((d) => new LiveDfa(d)) as [LiveDfa, LiveDfa, LiveDfa];
    this.product = new TupleProduct(what, [this.U, this.V, this.W, ...new Array<LiveDfa>(n).fill(sum.adder)]);
    this.start = [U.start, V.start, W.start, ...new Array<number>(n).fill(sum.adder.start)];
    [this.adders, this.adders2] = [this.product.from.subarray(3), this.product.to.subarray(3)];
  }

  /** The NFA over letter(uL, wL, c): the letters (or, with `coordinate`, the digits of coordinate c) of u and w. */
  nfa(letters: number, letter: (uL: number, wL: number, c: number) => number, options: TupleProductOptions): TableNfa {
    // Tabulated: a call less for every edge.
    const size = this.letterSize();
    const table = new Int32Array((this.coordinate ? this.n : 1) * size * size);
    for (let i = 0; i < table.length; i++) table[i] = letter(Math.floor(i / size) % size, i % size, Math.floor(i / (size * size)));
    return this.product.explore(letters, [this.start], (emit) => this.expand(emit, table), options);
  }

  /** Whether a tuple where every part accepts is reachable. */
  reaches(options: TupleProductOptions): boolean {
    const table = new Int32Array((this.coordinate ? this.n : 1) * this.letterSize() ** 2);
    return this.product.reaches(this.start, (emit) => this.expand(emit, table), options);
  }

  /** How many values u and w take in a step: b^n letters, or b digits one digit at a time. */
  private letterSize(): number {
    return this.coordinate ? this.sum.base : this.sum.base ** this.n;
  }

  /**
   * Emits every successor of product.from, set in product.to, with the letter table[(c size + u) size
   * + w]: u and w whole letters (c = 0), or with `coordinate` the digits of coordinate c.
   */
  private expand(emit: (letter: number) => void, table: Int32Array): void {
    const { n, sum, adders: a, adders2: a2, coordinate, U, V, W } = this;
    const { from: s, to: t } = this.product;
    const { start, choices } = sum;
    const c = coordinate ? coordinate[s[0]!]! : 0;
    const size = this.letterSize();
    for (let u = 0; u < size; u++) {
      t[0] = U.next(s[0]!, u);
      if (t[0] < 0) continue;
      const row = (c * size + u) * size;
      for (let w = 0; w < size; w++) {
        t[2] = W.next(s[2]!, w);
        if (t[2] < 0) continue;
        if (!coordinate) {
          sum.guessLetter(n, a, u, w, a2, (v) => {
            t[1] = V.next(s[1]!, v);
            if (t[1] >= 0) emit(table[row + w]!);
          });
          continue;
        }
        const at = sum.at(s[3 + c]!, u, w);
        for (let e = start[at]!; e < start[at + 1]!; e += 2) {
          t[1] = V.next(s[1]!, choices[e]!);
          if (t[1] < 0) continue;
          t[3 + c] = choices[e + 1]!;
          emit(table[row + w]!);
        }
      }
    }
  }
}

/**
 * x + y = z on three tracks (letters x + b y + b² z) with y a greedy expansion and x, z any digit
 * words: the zero normaliser on x + y - z times the validity automaton on y. Keeping y greedy makes
 * the move m = p - q unique (small subsets); x and z are read through P, which checks them.
 */
export function sumWithGreedySummand(sys: NumerationSystem): Dfa {
  const b = sys.base;
  const norm = zeroNormaliser(sys);
  const valid = sys.validity();
  // Both read the letters x + b y + b² z: the normaliser the digit x + y - z, validity the digit y.
  const y = (L: number) => Math.floor(L / b) % b;
  const sumDigit = (L: number) => (L % b) + y(L) - Math.floor(L / (b * b)) + b - 1;
  const onSum = Dfa.from(norm.stateCount, b ** 3, (s, L) => norm.next(s, sumDigit(L)), (s) => norm.output[s]!, norm.start);
  const onSummand = Dfa.from(valid.stateCount, b ** 3, (s, L) => valid.next(s, y(L)), (s) => valid.output[s]!, valid.start);
  return minimise(intersection(onSum, onSummand));
}

/**
 * The zero normaliser of a Pisot system (section 5; the idea of NumerationSystem.addition without
 * the validity tracks): reads digits d in [-(b-1), 2(b-1)] msd first (letter d + b - 1) and accepts
 * iff Σ d_i U_i = 0. After a prefix with j digits still to come the prefix is worth Σ s_r U_{j+r}
 * (r < k), s updated by the companion matrix; states whose dominant component λ(s) = Σ s_r α^r
 * exceeds the bound can never return to 0 and are cut, which leaves finitely many. Reading x + y - z
 * one digit per track, it accepts x + y = z for any digit words, greedy or not.
 */
export function zeroNormaliser(sys: NumerationSystem): Dfa {
  const rec = sys.recurrence;
  const a = rec.coefficients;
  const k = rec.order;
  const b = sys.base;
  const { alpha } = rec.pisot();
  const bound = sys.carryBound(2 * (b - 1));
  const u0 = Array.from({ length: k }, (_, j) => rec.term(j));
  const pow = Array.from({ length: k }, (_, j) => alpha ** j);
  const raw = buildDfa<number[]>(
    3 * b - 2,
    new Array<number>(k).fill(0),
    (st) => st.join(','),
    (st, letter) => {
      const d = letter - (b - 1);
      const last = st[k - 1]!;
      const s = new Array<number>(k);
      s[0] = d + a[k - 1]! * last;
      for (let j = 1; j < k; j++) s[j] = st[j - 1]! + a[k - 1 - j]! * last;
      let lambda = 0;
      for (let j = 0; j < k; j++) lambda += s[j]! * pow[j]!;
      return Math.abs(lambda) > bound ? null : s;
    },
    (st) => {
      let val = 0n;
      for (let j = 0; j < k; j++) val += BigInt(st[j]!) * u0[j]!;
      return val === 0n ? 1 : 0;
    },
  );
  return minimise(raw);
}
