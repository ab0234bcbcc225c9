/**
 * Linear numeration systems U given by a recurrence U_{i+k} = a_1 U_{i+k-1} + ... + a_k U_i and
 * initial values (deciding-game-invariance, section 3, Definition 13): terms in BigInt, greedy
 * U-expansions, and the checks that decide whether the system is one sprague supports.
 */
import { InputError } from '../core/errors.js';

/** A complex number as [re, im]. */
type Complex = [number, number];

const cmul = (a: Complex, b: Complex): Complex => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const csub = (a: Complex, b: Complex): Complex => [a[0] - b[0], a[1] - b[1]];
const cabs = (a: Complex): number => Math.hypot(a[0], a[1]);
function cdiv(a: Complex, b: Complex): Complex {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
}

/**
 * The roots of the characteristic polynomial X^k - a_1 X^{k-1} - ... - a_k, by Durand–Kerner.
 * Numerical (double precision), which is all the Pisot test and the adder's pruning bound need.
 */
export function characteristicRoots(coefficients: readonly number[]): Complex[] {
  const k = coefficients.length;
  const poly = (z: Complex): Complex => {
    // Horner on X^k - a_1 X^{k-1} - ... - a_k.
    let acc: Complex = [1, 0];
    for (const a of coefficients) acc = csub(cmul(acc, z), [a, 0]);
    return acc;
  };
  const radius = 1 + Math.max(...coefficients.map(Math.abs));
  let roots: Complex[] = Array.from({ length: k }, (_, i) => {
    const t = (2 * Math.PI * i) / k + 0.4;
    return [radius * 0.9 * Math.cos(t), radius * 0.9 * Math.sin(t)];
  });
  for (let iter = 0; iter < 2000; iter++) {
    let moved = 0;
    const next = roots.map((z, i) => {
      let den: Complex = [1, 0];
      roots.forEach((w, j) => {
        if (j !== i) den = cmul(den, csub(z, w));
      });
      const step = cdiv(poly(z), den);
      moved = Math.max(moved, cabs(step));
      return csub(z, step);
    });
    roots = next;
    if (moved < 1e-15) break;
  }
  return roots;
}

export interface RecurrenceSpec {
  /** a_1..a_k of U_{i+k} = a_1 U_{i+k-1} + ... + a_k U_i. */
  coefficients: readonly number[];
  /** U_0..U_{k-1}; U_0 must be 1. */
  initial: readonly (number | bigint)[];
}

/**
 * A linear numeration system. Its terms are kept in BigInt so greedy expansions stay exact for any
 * size of integer.
 */
export class LinearRecurrence {
  readonly coefficients: readonly number[];
  readonly order: number;
  private readonly terms: bigint[];

  constructor(spec: RecurrenceSpec) {
    const { coefficients, initial } = spec;
    if (coefficients.length === 0) throw new InputError('a linear recurrence needs at least one coefficient');
    if (initial.length !== coefficients.length) {
      throw new InputError(`a recurrence of order ${coefficients.length} needs ${coefficients.length} initial values, got ${initial.length}`);
    }
    for (const a of coefficients) {
      if (!Number.isInteger(a) || a < 0) throw new InputError(`recurrence coefficient ${a} is not a non-negative integer`);
    }
    if (coefficients[coefficients.length - 1] === 0) throw new InputError('the last recurrence coefficient a_k must be non-zero');
    this.coefficients = [...coefficients];
    this.order = coefficients.length;
    this.terms = initial.map((x) => BigInt(x));
    if (this.terms[0] !== 1n) throw new InputError(`U_0 must be 1 (got ${this.terms[0]})`);
    for (let i = 1; i < 2 * this.order + 4; i++) {
      if (this.term(i) <= this.term(i - 1)) throw new InputError(`U is not increasing: U_${i} = ${this.term(i)} <= U_${i - 1}`);
    }
  }

  /** U_i. */
  term(i: number): bigint {
    while (this.terms.length <= i) {
      const n = this.terms.length;
      let v = 0n;
      for (let j = 0; j < this.order; j++) v += BigInt(this.coefficients[j]!) * this.terms[n - 1 - j]!;
      this.terms.push(v);
    }
    return this.terms[i]!;
  }

  /** The greedy U-expansion of n, most significant digit first, no leading zero; [] for 0 (section 3). */
  greedy(n: bigint): number[] {
    if (n < 0n) throw new InputError(`cannot expand the negative number ${n}`);
    let len = 0;
    while (this.term(len) <= n) len++;
    const digits: number[] = [];
    let rest = n;
    for (let i = len - 1; i >= 0; i--) {
      const u = this.term(i);
      const d = rest / u;
      digits.push(Number(d));
      rest -= d * u;
    }
    return digits;
  }

  /** Σ d_i U_i for digits given most significant first. */
  value(digits: readonly number[]): bigint {
    let v = 0n;
    const n = digits.length;
    for (let i = 0; i < n; i++) v += BigInt(digits[i]!) * this.term(n - 1 - i);
    return v;
  }

  /** The dominant root α and whether every other root has modulus < 1 (Pisot, Definition 13). */
  pisot(): { alpha: number; isPisot: boolean; roots: Complex[] } {
    const roots = characteristicRoots(this.coefficients);
    let best = 0;
    roots.forEach((r, i) => {
      if (cabs(r) > cabs(roots[best]!)) best = i;
    });
    const alpha = roots[best]!;
    const isPisot =
      Math.abs(alpha[1]) < 1e-9 && alpha[0] > 1 && roots.every((r, i) => i === best || cabs(r) < 1 - 1e-9);
    return { alpha: alpha[0], isPisot, roots };
  }

  /** The largest digit of greedy expansions: sup ceil(U_{i+1}/U_i) - 1, read off the first terms. */
  maxDigit(): number {
    let m = 0;
    for (let i = 0; i < 40; i++) {
      const q = (this.term(i + 1) + this.term(i) - 1n) / this.term(i) - 1n;
      if (Number(q) > m) m = Number(q);
    }
    return m;
  }
}

/** Solves the complex linear system M c = v by Gaussian elimination with partial pivoting. */
export function solveComplex(m: Complex[][], v: Complex[]): Complex[] {
  const n = v.length;
  const a = m.map((row, i) => [...row.map((x) => [...x] as Complex), [...v[i]!] as Complex]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (cabs(a[r]![c]!) > cabs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = cdiv(a[r]![c]!, a[c]![c]!);
      for (let j = c; j <= n; j++) a[r]![j] = csub(a[r]![j]!, cmul(f, a[c]![j]!));
    }
  }
  return a.map((row, i) => cdiv(row[n]!, row[i]!));
}

export type { Complex };
export { cabs, cmul };
