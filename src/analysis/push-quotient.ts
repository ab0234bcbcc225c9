/**
 * The quotient of sums of push positions of heap games (seed push-the-button, section 6: "pushing changes
 * the rules of every component at once ... misère-quotient tools"; docs/open-questions.md, "Sums of push
 * positions").
 *
 * A sum of heaps of R1 ⊙ R2 shares one button: a move is an R1 move in one heap, or the push, after which
 * the heaps are a sum under R2, whose value is the XOR of the heaps' R2 values G2. The mirror lemma
 * (proved in docs/open-questions.md) says A + A + X has the outcome of X, for the button and for the
 * variant `push:before`; so the outcome of a sum depends only on the parity of each heap size, a vector of
 * F2^(n+1) for heaps 0..n. Its outcome o on all 2^(n+1) vectors follows by one pass in increasing order (an
 * R1 move in heap h clears bit h and changes only lower bits, so every option is a smaller number). The
 * quotient is F2^(n+1) / K, K the periods of o (k with o(x + k) = o(x) for every x), found from the
 * autocorrelation of (-1)^o by two Walsh–Hadamard transforms; it is presented as misère quotients are:
 * a generator for each heap that adds a dimension, each heap's class as a word, and the P-portion.
 */
import { checkMemory } from '../core/budget.js';
import { InputError, InterruptedError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { Ruleset } from '../core/ruleset.js';
import type { Stop } from '../core/stop.js';
import { walshHadamard } from '../core/walsh-hadamard.js';
import type { Switch } from './push-relations.js';
import { oneHeapSequence } from './sequence.js';

/**
 * The switches whose sums reduce by the mirror lemma: the paper's button, and `before` (pushing comes with
 * an R2 move). `after`, `around` and `nopass` break it (docs/open-questions.md gives a sum for each).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export const QUOTIENT_SWITCHES: readonly Switch[] = ['push', 'before'];

/** The largest heap of a quotient: its outcome table holds 2^(n+1) sums. */
export const MAX_QUOTIENT_HEAP = limitDefault('pushQuotientHeap');

/**
 * What a sum of heaps needs of R1 ⊙ R2: the R1 options of each heap as parity vectors (a move from heap h
 * to heaps h1, h2, ... toggles bits h, h1, h2, ...), and each heap's value G2 after the button.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface PushSumRules {
  readonly name: string;
  readonly sw: Switch;
  /** moves[h]: the distinct vectors XORed onto a sum by an R1 move in heap h (bit h included). */
  readonly moves: readonly Int32Array[];
  readonly g2: ArrayLike<number>;
}

/**
 * The presentation of the quotient of heaps 0..max.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface PushQuotient {
  readonly name: string;
  readonly sw: Switch;
  readonly max: number;
  /** The heap behind each generator a, b, c, ... in order. */
  readonly generators: readonly number[];
  /** Each heap's class as a bit mask over the generators (bit i: generator i). */
  readonly classes: readonly number[];
  /** Each element of Q (a mask over the generators): 1 when its sums are P. */
  readonly pOf: Uint8Array;
  /** dim K, the periods of the outcome on F2^(max+1). */
  readonly kernelDimension: number;
}

/**
 * One row of the growth of the quotient with the largest heap.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface QuotientGrowth {
  readonly n: number;
  readonly dimension: number;
  readonly generators: readonly number[];
}

/**
 * A stop (the rows finished are kept) and the progress of the pass over the sums.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export interface QuotientOptions {
  signal?: Stop;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The parts of a push compound of two rulesets: the paper's button (its `phases`), or a variant. A variant
 * has no phases of its own (the generic table would read them as the button's), so its two public fields
 * are read.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function switchParts(rs: Ruleset<any>): { sw: Switch; first: Ruleset<any>; after: Ruleset<any> } | undefined {
  const phases = rs.capabilities?.phases;
  if (phases?.kind === 'push') return { sw: 'push', first: phases.first, after: phases.after };
  const v = rs as { variant?: unknown; rulesets?: readonly Ruleset<any>[] };
  if (typeof v.variant === 'string' && v.rulesets?.length === 2) return { sw: v.variant as Switch, first: v.rulesets[0]!, after: v.rulesets[1]! };
  return undefined;
}

/** Refuses a ruleset that is not a normal-play game on heaps equal to the sum of its single heaps. */
function checkHeapGame(rs: Ruleset<any>, role: string): void {
  const parts = rs.convention === 'normal' && rs.domain.kind === 'heaps' && rs.heapCount === undefined ? rs.decompose?.([1, 2]) : undefined;
  const sum = parts?.length === 2 && parts.every((c, i) => c.ruleset === rs && Array.isArray(c.position) && c.position.length === 1 && c.position[0] === i + 1);
  if (!sum) throw new InputError(`${role} ${rs.name} is not a heap game (a normal-play game that is the sum of its heaps: nim, subtraction:S, octal:CODE, hex:CODE)`);
}

/**
 * The rules of sums of heaps 0..max of `rs` = R1 ⊙ R2 (or push:before): refuses a ruleset that is no
 * such compound, a part that is no heap game, an R1 move that does not shrink the heap it leaves, a
 * switch without the mirror lemma, and a max past the limit or the memory budget.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function pushSumRules(rs: Ruleset<any>, max: number): PushSumRules {
  const parts = switchParts(rs);
  if (!parts) throw new InputError(`${rs.name} is not a push compound of two heap games: want push(R1,R2) or push:before(R1,R2)`);
  const { sw, first, after } = parts;
  if (!QUOTIENT_SWITCHES.includes(sw)) {
    throw new InputError(`${rs.name}: the mirror lemma (A + A + X has the outcome of X) fails under push:${sw}, so its sums have no quotient of this kind (it holds for push and push:before)`);
  }
  checkHeapGame(first, 'the game before the button,');
  checkHeapGame(after, 'the game after the button,');
  if (!Number.isSafeInteger(max) || max < 0) throw new InputError(`the largest heap must be a non-negative integer, not ${max}`);
  if (max > MAX_QUOTIENT_HEAP) throw new LimitError(`a quotient of heaps 0..${max} holds 2^${max + 1} sums; the largest heap is at most ${MAX_QUOTIENT_HEAP}`, 'pushQuotientHeap');
  // Per sum: the outcome byte, the XOR of the G2 values (4 bytes) and the transform's double (8), with slack.
  checkMemory(`the quotient of heaps 0..${max}`, 16 * 2 ** (max + 1));
  const moves: Int32Array[] = [];
  for (let h = 0; h <= max; h++) {
    const seen = new Set<number>();
    for (const o of first.options([h]) as number[][]) {
      let v = 1 << h;
      for (const x of o) {
        if (!(x < h)) throw new InputError(`${first.name} moves from heap ${h} to ${o.join(',')}: the quotient needs every move to leave smaller heaps`);
        v ^= 1 << x;
      }
      seen.add(v);
    }
    moves.push(Int32Array.from(seen));
  }
  return { name: rs.name, sw, moves, g2: oneHeapSequence(after, max) };
}

/**
 * o(x) for every sum x of heaps 0..max reduced mod 2 (bit h: heap h taken an odd number of times): 1 when
 * P. A sum is N when an R1 move reaches a P sum or when the switch wins at once: the push leaves the R2 sum
 * with XOR 0 (the button), or the push with an R2 move reaches one, which exists iff the XOR is not 0
 * (`before`).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function sumOutcomes(rules: PushSumRules, max: number, options: QuotientOptions = {}): Uint8Array {
  const size = 2 ** (max + 1);
  const p = new Uint8Array(size);
  const xor = new Int32Array(size);
  const switchWins = rules.sw === 'push' ? (v: number) => v === 0 : (v: number) => v !== 0;
  for (let x = 1; x < size; x++) {
    const top = 31 - Math.clz32(x);
    xor[x] = xor[x ^ (1 << top)]! ^ rules.g2[top]!;
  }
  for (let x = 0; x < size; x++) {
    if ((x & 0xffff) === 0) {
      if (options.signal?.aborted) throw new InterruptedError(undefined);
      options.onProgress?.(x, size);
    }
    if (switchWins(xor[x]!)) continue;
    let isP = 1;
    for (let rest = x; rest !== 0 && isP; rest &= rest - 1) {
      const moves = rules.moves[31 - Math.clz32(rest & -rest)]!;
      for (let i = 0; i < moves.length; i++) {
        if (p[x ^ moves[i]!]) {
          isP = 0;
          break;
        }
      }
    }
    p[x] = isP;
  }
  return p;
}

/**
 * The periods of o on F2^m (m = log2 of its length): k with o(x + k) = o(x) for every x. With f = (-1)^o,
 * the autocorrelation A(k) = Σ f(x) f(x + k) is 2^m exactly at the periods, and WHT(WHT(f)^2) = 2^m A.
 * Every value is an integer below 2^53 for m <= 26, so the doubles are exact.
 */
function periods(o: Uint8Array, m: number, work: Float64Array, signal: Stop | undefined): number[] {
  const size = 2 ** m;
  const a = work.subarray(0, size);
  for (let x = 0; x < size; x++) a[x] = o[x] ? -1 : 1;
  walshHadamard(a, signal);
  for (let x = 0; x < size; x++) a[x] = a[x]! * a[x]!;
  walshHadamard(a, signal);
  const full = size * size;
  const out: number[] = [];
  for (let k = 0; k < size; k++) if (a[k] === full) out.push(k);
  return out;
}

/** A basis of F2 vectors by leading bit, each with the combination of generators it stands for. */
class EchelonBasis {
  private readonly vector = new Map<number, number>();
  private readonly word = new Map<number, number>();

  /** Reduces v; returns what is left and the word of the generators used. */
  reduce(v: number): { rest: number; word: number } {
    let word = 0;
    while (v !== 0) {
      const top = 31 - Math.clz32(v);
      const b = this.vector.get(top);
      if (b === undefined) break;
      v ^= b;
      word ^= this.word.get(top)!;
    }
    return { rest: v, word };
  }

  /** Adds v (reduced, non-zero) standing for `word`. */
  add(v: number, word: number): void {
    const top = 31 - Math.clz32(v);
    this.vector.set(top, v);
    this.word.set(top, word);
  }
}

/**
 * The presentation of F2^(n+1) / K, K the periods of o restricted to heaps 0..n: heap h is a new
 * generator when e_h is not in K + span(e_0..e_{h-1}); otherwise its class is the word of the generators
 * it reduces to.
 */
function present(o: Uint8Array, n: number, work: Float64Array, signal: Stop | undefined): { generators: number[]; classes: number[]; kernelDimension: number } {
  const basis = new EchelonBasis();
  let kernelDimension = 0;
  for (const k of periods(o, n + 1, work, signal)) {
    const { rest } = basis.reduce(k);
    if (rest !== 0) basis.add(rest, 0), kernelDimension++;
  }
  const generators: number[] = [];
  const classes: number[] = [];
  for (let h = 0; h <= n; h++) {
    const { rest, word } = basis.reduce(1 << h);
    if (rest === 0) {
      classes.push(word);
      continue;
    }
    const g = 1 << generators.length;
    generators.push(h);
    basis.add(rest, word ^ g);
    classes.push(g);
  }
  return { generators, classes, kernelDimension };
}

function quotientOf(rules: PushSumRules, o: Uint8Array, n: number, work: Float64Array, signal: Stop | undefined): PushQuotient {
  const { generators, classes, kernelDimension } = present(o, n, work, signal);
  const pOf = new Uint8Array(2 ** generators.length);
  for (let w = 0; w < pOf.length; w++) {
    let x = 0;
    for (let i = 0; i < generators.length; i++) if ((w >> i) & 1) x ^= 1 << generators[i]!;
    pOf[w] = o[x]!;
  }
  return { name: rules.name, sw: rules.sw, max: n, generators, classes, pOf, kernelDimension };
}

/**
 * The quotient of sums of heaps 0..max of `rs` (push(R1,R2) or push:before(R1,R2) of heap games), and
 * the growth of its dimension with the largest heap: o for heaps 0..n is the first 2^(n+1) entries of o
 * for heaps 0..max, so each n costs one pair of transforms. A stop keeps the rows of growth finished
 * (InterruptedError's partial).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function pushQuotient(rs: Ruleset<any>, max: number, options: QuotientOptions & { onRow?: (row: QuotientGrowth) => void } = {}): { quotient: PushQuotient; growth: QuotientGrowth[] } {
  const rules = pushSumRules(rs, max);
  const o = sumOutcomes(rules, max, options);
  const work = new Float64Array(o.length);
  const growth: QuotientGrowth[] = [];
  let quotient: PushQuotient | undefined;
  for (let n = 0; n <= max; n++) {
    quotient = quotientOf(rules, o, n, work, options.signal);
    // A stop inside the transforms leaves this row wrong: it is dropped, the rows before it kept.
    if (options.signal?.aborted) throw new InterruptedError(growth);
    const row = { n, dimension: quotient.generators.length, generators: quotient.generators };
    growth.push(row);
    options.onRow?.(row);
  }
  return { quotient: quotient!, growth };
}

/**
 * The outcome of a sum of heaps (each at most q.max) read from the quotient: the P-portion at the product
 * of the heaps' classes.
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function quotientOutcome(q: PushQuotient, heaps: readonly number[]): 'P' | 'N' {
  let w = 0;
  for (const h of heaps) {
    if (!Number.isSafeInteger(h) || h < 0 || h > q.max) throw new InputError(`heap ${h} is outside the quotient of heaps 0..${q.max}`);
    w ^= q.classes[h]!;
  }
  return q.pOf[w] ? 'P' : 'N';
}

/** The generators' names: a..z, then g26, g27, ... */
export function generatorName(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : `g${i}`;
}

/**
 * An element of the quotient as a word in the generators, `1` for the identity (as misère quotients are
 * written: `ab` is the class of a sum of a heap of class a and one of class b).
 *
 * @remarks Since 0.1.0
 * @beta
 */
export function quotientWord(w: number): string {
  if (w === 0) return '1';
  let out = '';
  for (let i = 0; w >>> i !== 0; i++) if ((w >>> i) & 1) out += generatorName(i);
  return out;
}
