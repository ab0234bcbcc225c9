/**
 * Numeration systems as automata (deciding-game-invariance, sections 3 and 5): the validity
 * automaton of greedy U-expansions, equality, order, constants, V_U and the addition automaton
 * x + y = z, all reading the tracks in lockstep, padded with zeros (Definition 24).
 *
 * Supported: base k >= 2 and every linear recurrence U_{i+k} = a_1 U_{i+k-1} + ... + a_k U_i whose
 * dominant root is a Pisot number (Definition 13) and whose initial values are the Bertrand ones
 * (U_i = a_1 U_{i-1} + ... + a_i U_0 + 1 for i < k), so that greedy expansions form the β-shift
 * language of d_β(1) = a_1 ... a_k. Fibonacci, Tribonacci, Fraenkel's U_i = (s+t-1) U_{i-1} + s U_{i-2}
 * and the generalised Tribonacci U_{i+3} = s U_{i+2} + U_{i+1} + U_i are all of this kind. Other
 * systems are refused with an InputError saying which condition failed.
 * msd systems read the most significant digit first, lsd systems the reverse (their automata are the
 * reversals).
 */
import { InputError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { LinearRecurrence, type Complex, cabs, cmul, solveComplex } from './recurrence.js';
import { buildDfa, reverseDfa } from './build.js';
import { lsdNegabaseAddition, lsdNegabaseLess, negabaseDigits, negabaseValue } from './negative.js';

/**
 * A numeration system as automata (deciding-game-invariance, sections 3 and 5): base k, or a Pisot linear
 * recurrence such as Fibonacci; msd or lsd first.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class NumerationSystem {
  /** Digits are 0..base-1. */
  readonly base: number;
  private readonly cache = new Map<string, Dfa>();

  protected constructor(
    readonly name: string,
    readonly msd: boolean,
    readonly recurrence: LinearRecurrence,
    /** d*_β(1) = t_1 ... t_{k-1} (t_k - 1), one period (section 3, greedy expansions). */
    private readonly dStar: readonly number[],
  ) {
    this.base = Math.max(...dStar) + 1;
  }

  /**
   * The system of a recurrence with Bertrand initial values. Throws InputError when the recurrence
   * is not Pisot or its greedy expansions are not the β-shift language (checked on all words up to
   * length 14 against the greedy algorithm).
   */
  static fromCoefficients(name: string, msd: boolean, coefficients: readonly number[]): NumerationSystem {
    const k = coefficients.length;
    const initial: bigint[] = [1n];
    for (let i = 1; i < k; i++) {
      let v = 1n;
      for (let j = 0; j < i; j++) v += BigInt(coefficients[j]!) * initial[i - 1 - j]!;
      initial.push(v);
    }
    const rec = new LinearRecurrence({ coefficients, initial });
    const { isPisot, alpha } = rec.pisot();
    if (!isPisot) {
      throw new InputError(
        `numeration system ${name}: X^${k} - ${coefficients.map((a, i) => `${a}X^${k - 1 - i}`).join(' - ')} has dominant root ${alpha.toFixed(4)} but is not Pisot (another root has modulus >= 1); only Pisot systems are supported`,
      );
    }
    const first = coefficients[0]!;
    for (let i = 1; i < k; i++) {
      // Parry's condition: every shift of a_1..a_k is lexicographically below it.
      const shifted = coefficients.slice(i);
      const cmp = compareLex(shifted, coefficients.slice(0, shifted.length));
      if (cmp > 0 || first === 0) {
        throw new InputError(`numeration system ${name}: ${coefficients.join(',')} is not the expansion of 1 of a Parry number (a shift of it is larger); not supported`);
      }
    }
    const dStar = [...coefficients];
    dStar[k - 1]! -= 1;
    const sys = new NumerationSystem(name, msd, rec, dStar);
    sys.checkValidity();
    return sys;
  }

  /** Which recurrence the name stands for: msd_k / lsd_k, _fib, _trib, _lin_a1_..._ak, _fraenkel_s_t, _gtrib_s. */
  static byName(name: string): NumerationSystem {
    const cached = registry.get(name);
    if (cached) return cached;
    const m = /^(msd|lsd)_(.+)$/.exec(name);
    if (!m) throw new InputError(`unknown numeration system ${JSON.stringify(name)}: expected msd_... or lsd_...`);
    const msd = m[1] === 'msd';
    const rest = m[2]!;
    let coefficients: number[];
    let mm: RegExpExecArray | null;
    if (/^\d+$/.test(rest)) {
      const k = Number(rest);
      if (k < 2) throw new InputError(`numeration system ${name}: the base must be at least 2`);
      coefficients = [k];
    } else if (rest === 'fib') coefficients = [1, 1];
    else if (rest === 'trib') coefficients = [1, 1, 1];
    else if ((mm = /^lin((?:_\d+)+)$/.exec(rest))) coefficients = mm[1]!.slice(1).split('_').map(Number);
    else if ((mm = /^fraenkel_(\d+)_(\d+)$/.exec(rest))) {
      const s = Number(mm[1]);
      const t = Number(mm[2]);
      if (s < 1 || t < 1) throw new InputError(`numeration system ${name}: s and t must be positive`);
      coefficients = [s + t - 1, s];
    } else if ((mm = /^gtrib_(\d+)$/.exec(rest))) {
      const s = Number(mm[1]);
      if (s < 1) throw new InputError(`numeration system ${name}: s must be positive`);
      coefficients = [s, 1, 1];
    } else if ((mm = /^neg_(\d+)$/.exec(rest))) {
      const k = Number(mm[1]);
      if (k < 2) throw new InputError(`numeration system ${name}: the base must be at most -2`);
      if (k > limitDefault('numerationBase')) throw new InputError(`numeration system ${name}: a base below -${limitDefault('numerationBase')}`);
      const sys = new NegativeBaseSystem(name, msd, k);
      registry.set(name, sys);
      return sys;
    } else if (/^neg_/.test(rest)) {
      throw new InputError(`numeration system ${name}: only negative bases -k and custom bases from files are supported`);
    } else {
      throw new InputError(`unknown numeration system ${JSON.stringify(name)}`);
    }
    // A formula over t variables reads letters of t digits, so the alphabet grows as the base to the t.
    const cap = limitDefault('numerationBase');
    if (coefficients.some((c) => c > cap)) throw new InputError(`numeration system ${name}: a digit bound above ${cap} (a formula's letters are tuples of digits: base^variables of them)`);
    const sys = NumerationSystem.fromCoefficients(name, msd, coefficients);
    registry.set(name, sys);
    return sys;
  }

  /**
   * Registers a system given by its automata, as Walnut's `Custom Bases/msd_X.txt` files give them
   * (msd, digits 0..base-1): validity, x+y=z and x<y. Both msd_X and lsd_X become available. A
   * name containing `neg` ranges over all integers.
   */
  static defineCustom(name: string, automata: CustomAutomata): void {
    const m = /^(?:msd|lsd)_(.+)$/.exec(name);
    const stem = m ? m[1]! : name;
    for (const msd of [true, false]) {
      const full = `${msd ? 'msd' : 'lsd'}_${stem}`;
      registry.set(full, new CustomSystem(full, msd, automata, /neg/.test(stem)));
    }
  }

  /** Whether byName knows the name (built in or registered). */
  static isKnown(name: string): boolean {
    try {
      NumerationSystem.byName(name);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether variables range over all integers (negative bases), not just the naturals. */
  get signed(): boolean {
    return false;
  }

  /** U_i. */
  term(i: number): bigint {
    return this.recurrence.term(i);
  }

  /** The canonical representation of n in reading order (no padding); [] for 0. */
  represent(n: bigint | number): number[] {
    const d = this.recurrence.greedy(BigInt(n));
    return this.msd ? d : d.reverse();
  }

  /** The integer a word (in reading order) stands for. */
  value(digits: readonly number[]): bigint {
    return this.recurrence.value(this.msd ? digits : [...digits].reverse());
  }

  /** The same recurrence read the other way round. */
  get reversed(): NumerationSystem {
    return NumerationSystem.byName((this.msd ? 'lsd' : 'msd') + this.name.slice(3));
  }

  /** Words (with any zero padding) that are valid U-expansions; 1 track. */
  validity(): Dfa {
    return this.memo('valid', () => this.msdValidity());
  }

  /** x = y on two tracks (letters x + base y). */
  equality(): Dfa {
    return this.memo('eq', () => {
      const b = this.base;
      return this.withValidity(
        buildDfa<number>(b * b, 0, String, (_, a) => (a % b === Math.floor(a / b) ? 0 : null), () => 1),
        2,
      );
    });
  }

  /** x < y on two tracks (letters x + base y). Greedy expansions of equal length compare lexicographically. */
  lessThan(): Dfa {
    return this.memo('lt', () => {
      const b = this.base;
      const msdLt = buildDfa<number>(
        b * b,
        0,
        String,
        (s, a) => {
          if (s === 1) return 1;
          const x = a % b;
          const y = Math.floor(a / b);
          return x < y ? 1 : x === y ? 0 : null;
        },
        (s) => (s === 1 ? 1 : 0),
      );
      return this.withValidity(msdLt, 2, true);
    });
  }

  /** x + y = z on three tracks (letters x + b y + b² z), built by normalisation (see zeroAutomaton). */
  addition(): Dfa {
    return this.memo('add', () => this.directed(this.msdAddition()));
  }

  /** The one-track automaton of the constant c. */
  constant(c: bigint | number): Dfa {
    return this.directed(minimise(msdConstant(this.base, this.recurrence.greedy(BigInt(c)))));
  }

  /**
   * (m, V_U(m)) on two tracks (letters m + base v): V_U(m) is the smallest U_i with a non-zero digit
   * in the expansion of m, and V_U(0) = 1 (section 3, after Definition 17).
   */
  vU(): Dfa {
    return this.memo('vu', () => {
      const b = this.base;
      // States: 0 m zero so far, 1 m non-zero and v not placed, 2 v placed on a non-zero digit, 3 m = 0 and v = 1.
      const raw = buildDfa<number>(
        b * b,
        0,
        String,
        (s, a) => {
          const m = a % b;
          const v = Math.floor(a / b);
          if (v > 1) return null;
          if (s === 0) return v === 0 ? (m === 0 ? 0 : 1) : m === 0 ? 3 : 2;
          if (s === 1) return v === 0 ? 1 : m === 0 ? null : 2;
          if (s === 2) return m === 0 && v === 0 ? 2 : null;
          return null;
        },
        (s) => (s >= 2 ? 1 : 0),
      );
      return this.directed(this.intersectTracks(raw, 2));
    });
  }

  private directed(msdDfa: Dfa): Dfa {
    return this.msd ? minimise(msdDfa) : reverseDfa(msdDfa);
  }

  protected memo(key: string, make: () => Dfa): Dfa {
    let d = this.cache.get(key);
    if (!d) {
      d = make();
      this.cache.set(key, d);
    }
    return d;
  }

  /** The β-shift automaton: state i = length (mod period) of the suffix equal to a prefix of d*. */
  private msdValidity(): Dfa {
    const t = this.dStar;
    const p = t.length;
    const raw = buildDfa<number>(
      this.base,
      0,
      String,
      (i, d) => (d < t[i]! ? 0 : d === t[i]! ? (i + 1) % p : null),
      () => 1,
    );
    return this.msd ? minimise(raw) : reverseDfa(raw);
  }

  /** The β-shift automaton accepts U_L words of each length L <= 14 and every greedy expansion below min(U_8, 4096). */
  private checkValidity(): void {
    const v = this.msdValidityRaw();
    const b = this.base;
    let counts = new Map<number, bigint>([[v.start, 1n]]);
    for (let len = 1; len <= 14; len++) {
      const next = new Map<number, bigint>();
      for (const [s, c] of counts) {
        for (let a = 0; a < b; a++) {
          const t = v.next(s, a);
          if (v.output[t] === 0) continue;
          next.set(t, (next.get(t) ?? 0n) + c);
        }
      }
      counts = next;
      let total = 0n;
      for (const c of counts.values()) total += c;
      if (total !== this.term(len)) {
        throw new InputError(
          `numeration system ${this.name}: its greedy expansions of length ${len} number ${this.term(len)}, but the β-shift automaton accepts ${total}; the initial values are not the Bertrand ones`,
        );
      }
    }
    for (let n = 0n; n < this.term(8) && n < 4096n; n++) {
      const w = this.recurrence.greedy(n);
      if (v.output[v.run(w)] === 0) throw new InputError(`numeration system ${this.name}: the greedy expansion of ${n} is not in the β-shift language`);
    }
  }

  /**
   * The β-shift automaton itself, msd, not minimised: state 0 is the initial (free) state, state i
   * means the last i digits equal the first i of d*; the last state is the rejecting sink.
   */
  betaShift(): Dfa {
    return this.msdValidityRaw();
  }

  private msdValidityRaw(): Dfa {
    const t = this.dStar;
    const p = t.length;
    const sink = p;
    return Dfa.from(
      p + 1,
      this.base,
      (i, d) => (i === sink ? sink : d < t[i]! ? 0 : d === t[i]! ? (i + 1) % p : sink),
      (i) => (i === sink ? 0 : 1),
    );
  }

  /** A multi-track msd automaton intersected with validity on every track (and minimised). */
  private intersectTracks(dfa: Dfa, tracks: number): Dfa {
    const v = this.msdValidityRaw();
    const b = this.base;
    const sink = v.stateCount - 1;
    return minimise(
      buildDfa<number[]>(
        dfa.alphabetSize,
        [dfa.start, ...new Array<number>(tracks).fill(v.start)],
        (s) => s.join(','),
        (s, a) => {
          const next = [dfa.next(s[0]!, a)];
          let rest = a;
          for (let i = 0; i < tracks; i++) {
            const q = v.next(s[i + 1]!, rest % b);
            if (q === sink) return null;
            next.push(q);
            rest = Math.floor(rest / b);
          }
          return next;
        },
        (s) => dfa.output[s[0]!]!,
      ),
    );
  }

  private withValidity(msdDfa: Dfa, tracks: number, _order = false): Dfa {
    return this.directed(this.intersectTracks(msdDfa, tracks));
  }

  /**
   * x + y = z, msd first, by normalisation: after reading a prefix with m digits still to come, the
   * prefix contributes Σ_j s_j U_{m+j} (j < k), with s updated by the companion matrix. The word is
   * accepted when, at the end, Σ s_j U_j = 0. For a Pisot system the states that can still reach 0
   * have a bounded dominant component λ(s) = Σ s_j α^j (the conjugate components are contracted),
   * so pruning |λ| beyond the bound of carryBound() leaves a finite automaton with the same language.
   */
  private msdAddition(): Dfa {
    const rec = this.recurrence;
    const a = rec.coefficients;
    const k = rec.order;
    const b = this.base;
    const alpha = rec.pisot().alpha;
    const bound = this.carryBound(2 * (b - 1));
    const u0 = Array.from({ length: k }, (_, j) => rec.term(j));
    const v = this.msdValidityRaw();
    const sink = v.stateCount - 1;
    const pow = Array.from({ length: k }, (_, j) => alpha ** j);
    type S = { s: number[]; q: number[] };
    const raw = buildDfa<S>(
      b * b * b,
      { s: new Array<number>(k).fill(0), q: [v.start, v.start, v.start] },
      (st) => st.s.join(',') + '|' + st.q.join(','),
      (st, letter) => {
        const dx = letter % b;
        const dy = Math.floor(letter / b) % b;
        const dz = Math.floor(letter / (b * b));
        const q = [v.next(st.q[0]!, dx), v.next(st.q[1]!, dy), v.next(st.q[2]!, dz)];
        if (q.includes(sink)) return null;
        const d = dx + dy - dz;
        const last = st.s[k - 1]!;
        const s = new Array<number>(k);
        s[0] = d + a[k - 1]! * last;
        for (let j = 1; j < k; j++) s[j] = st.s[j - 1]! + a[k - 1 - j]! * last;
        let lambda = 0;
        for (let j = 0; j < k; j++) lambda += s[j]! * pow[j]!;
        if (Math.abs(lambda) > bound) return null;
        return { s, q };
      },
      (st) => {
        let val = 0n;
        for (let j = 0; j < k; j++) val += BigInt(st.s[j]!) * u0[j]!;
        return val === 0n ? 1 : 0;
      },
    );
    return minimise(raw);
  }

  /**
   * A bound on |λ(s)| along any word that ends at value 0, for digits d in [-D, D]:
   * |λ| <= D/(α-1) + Σ_β |c_β| Λ_β / c_α, where U_j = Σ_r c_r r^j and Λ_β = D/(1-|β|) bounds the
   * conjugate components. Padded by 50% against rounding.
   */
  carryBound(D: number): number {
    const rec = this.recurrence;
    const { roots, alpha } = rec.pisot();
    const k = rec.order;
    const vander: Complex[][] = Array.from({ length: k }, (_, j) =>
      roots.map((r) => {
        let p: Complex = [1, 0];
        for (let e = 0; e < j; e++) p = cmul(p, r);
        return p;
      }),
    );
    const c = solveComplex(
      vander,
      Array.from({ length: k }, (_, j) => [Number(rec.term(j)), 0] as Complex),
    );
    let ca = 0;
    let rest = 0;
    roots.forEach((r, i) => {
      if (Math.abs(r[0] - alpha) < 1e-9 && Math.abs(r[1]) < 1e-9) ca = cabs(c[i]!);
      else rest += (cabs(c[i]!) * D) / (1 - cabs(r));
    });
    return 1.5 * (D / (alpha - 1) + rest / ca) + 1;
  }
}

/** The msd acceptor of one expansion (most significant digit first), leading zeros allowed. */
function msdConstant(base: number, digits: readonly number[]): Dfa {
  return buildDfa<number>(
    base,
    0,
    String,
    (i, a) => {
      if (i === 0 && a === 0) return 0;
      if (i < digits.length && digits[i] === a) return i + 1;
      return null;
    },
    (i) => (i === digits.length ? 1 : 0),
  );
}

function compareLex(x: readonly number[], y: readonly number[]): number {
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

const registry = new Map<string, NumerationSystem>();

/**
 * Base −k (msd_neg_k, lsd_neg_k): every word over 0..k−1 is valid, and every integer has one
 * expansion up to padding zeros, so variables range over all of Z.
 */
class NegativeBaseSystem extends NumerationSystem {
  constructor(
    name: string,
    msd: boolean,
    private readonly k: number,
  ) {
    super(name, msd, new LinearRecurrence({ coefficients: [k], initial: [1n] }), [k - 1]);
  }

  override get signed(): boolean {
    return true;
  }

  /** (−k)^i, the weight of digit i. */
  override term(i: number): bigint {
    return BigInt(-this.k) ** BigInt(i);
  }

  override represent(n: bigint | number): number[] {
    const d = negabaseDigits(BigInt(n), this.k);
    return this.msd ? d : d.reverse();
  }

  override value(digits: readonly number[]): bigint {
    return negabaseValue(this.msd ? digits : [...digits].reverse(), this.k);
  }

  override validity(): Dfa {
    return this.memo('valid', () => Dfa.from(1, this.k, () => 0, () => 1));
  }

  override equality(): Dfa {
    const k = this.k;
    return this.memo('eq', () => minimise(buildDfa<number>(k * k, 0, String, (_, a) => (a % k === Math.floor(a / k) ? 0 : null), () => 1)));
  }

  override lessThan(): Dfa {
    return this.memo('lt', () => this.fromLsd(lsdNegabaseLess(this.k)));
  }

  override addition(): Dfa {
    return this.memo('add', () => this.fromLsd(lsdNegabaseAddition(this.k)));
  }

  override constant(c: bigint | number): Dfa {
    const msdConst = msdConstant(this.k, negabaseDigits(BigInt(c), this.k));
    return this.msd ? minimise(msdConst) : reverseDfa(msdConst);
  }

  override vU(): Dfa {
    throw new InputError(`V_U is not defined in the negative base ${this.name}`);
  }

  private fromLsd(lsd: Dfa): Dfa {
    return this.msd ? reverseDfa(lsd) : lsd;
  }
}

/** The automata of a custom base, msd first, letters packed with the first track fastest. */
export interface CustomAutomata {
  base: number;
  validity: Dfa;
  addition: Dfa;
  lessThan: Dfa;
}

/**
 * A numeration system given by automata (Walnut's custom bases, e.g. negaFibonacci). Constants are
 * found through the adder: 1 is the word "1", c = 2(c/2) + (c mod 2), and −c solves c + z = 0.
 */
class CustomSystem extends NumerationSystem {
  private readonly reps = new Map<bigint, number[]>([[0n, []], [1n, [1]]]);

  constructor(
    name: string,
    msd: boolean,
    private readonly automata: CustomAutomata,
    private readonly isSigned: boolean,
  ) {
    super(name, msd, new LinearRecurrence({ coefficients: [automata.base], initial: [1n] }), [automata.base - 1]);
  }

  override get signed(): boolean {
    return this.isSigned;
  }

  override validity(): Dfa {
    return this.memo('valid', () => this.directedCustom(this.automata.validity));
  }

  override equality(): Dfa {
    const b = this.automata.base;
    return this.memo('eq', () => {
      const v = this.automata.validity;
      const same = buildDfa<number>(
        b * b,
        v.start,
        String,
        (q, a) => (a % b === Math.floor(a / b) ? v.next(q, a % b) : null),
        (q) => v.output[q]!,
      );
      return this.directedCustom(same);
    });
  }

  override lessThan(): Dfa {
    return this.memo('lt', () => this.directedCustom(this.automata.lessThan));
  }

  override addition(): Dfa {
    return this.memo('add', () => this.directedCustom(this.automata.addition));
  }

  override constant(c: bigint | number): Dfa {
    const msdConst = msdConstant(this.automata.base, this.msdDigits(BigInt(c)));
    return this.msd ? minimise(msdConst) : reverseDfa(msdConst);
  }

  override represent(n: bigint | number): number[] {
    const d = this.msdDigits(BigInt(n));
    return this.msd ? d : [...d].reverse();
  }

  override vU(): Dfa {
    throw new InputError(`V_U is not available in the custom base ${this.name}`);
  }

  /** The msd expansion of c without leading zeros. */
  private msdDigits(c: bigint): number[] {
    const hit = this.reps.get(c);
    if (hit) return hit;
    let d: number[];
    if (c < 0n) {
      if (!this.isSigned) throw new InputError(`negative constant ${c}`);
      d = this.solve(this.msdDigits(-c), null);
    } else {
      const half = this.msdDigits(c / 2n);
      d = this.solve(half, half);
      if (c % 2n === 1n) d = this.solve(d, [1]);
    }
    this.reps.set(c, d);
    return d;
  }

  /** z with x + y = z (y given), or with x + z = 0 (y null), by a breadth-first search through the adder. */
  private solve(x: number[], y: number[] | null): number[] {
    const b = this.automata.base;
    const add = this.automata.addition;
    for (let len = Math.max(x.length, y?.length ?? 0); len <= Math.max(x.length, y?.length ?? 0) + 6; len++) {
      const pad = (w: number[]) => [...new Array<number>(len - w.length).fill(0), ...w];
      const xs = pad(x);
      const ys = y ? pad(y) : null;
      // layers[i]: state -> [previous state, free digit].
      let layer = new Map<number, [number, number]>([[add.start, [-1, -1]]]);
      const layers = [layer];
      for (let i = 0; i < len; i++) {
        const next = new Map<number, [number, number]>();
        for (const q of layer.keys()) {
          for (let f = 0; f < b; f++) {
            const letter = ys ? xs[i]! + b * ys[i]! + b * b * f : xs[i]! + b * f;
            const t = add.next(q, letter);
            if (!next.has(t)) next.set(t, [q, f]);
          }
        }
        layers.push(next);
        layer = next;
      }
      for (const q of layer.keys()) {
        if (add.output[q] === 0) continue;
        // Read back the free digits.
        const z: number[] = [];
        let s = q;
        for (let i = len; i > 0; i--) {
          const [prev, f] = layers[i]!.get(s)!;
          z.push(f);
          s = prev;
        }
        z.reverse();
        while (z.length > 0 && z[0] === 0) z.shift();
        return z;
      }
    }
    throw new InputError(`the adder of ${this.name} found no representation`);
  }

  private directedCustom(msdDfa: Dfa): Dfa {
    return this.msd ? minimise(msdDfa) : reverseDfa(msdDfa);
  }
}
