/**
 * The take-and-break game of a code (code.ts) as a ruleset on heaps: the plain reference for the fast
 * kernels, written to be obviously right rather than fast.
 */
import { InterruptedError } from '../../../core/errors.js';
import type { Periodicity } from '../../../core/period.js';
import type { Capabilities, Component, Heaps, KernelSequence, Ruleset, SequenceKernelOptions } from '../../../core/ruleset.js';
import { heapMultisetDomain } from '../../../core/positions.js';
import { splitHeaps } from '../nim.js';
import { takeAndBreakCertifier, type PeriodCertificate } from './certificate.js';
import { checkpointPath } from './checkpoint.js';
import { specName, takeAndBreakCode, type TakeAndBreakCode } from './code.js';
import { pairSetSequence } from './pair-set.js';
import { takeAndBreakSequence, type TakeAndBreakPartial, type TakeAndBreakResult } from './sequence.js';

/**
 * The take-and-break game of a code as a ruleset on heaps: the plain reference the fast kernels are checked
 * against, with the sequence kernel and certifier as its capabilities.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class TakeAndBreakGame implements Ruleset<Heaps> {
  readonly domain = heapMultisetDomain;
  readonly convention = 'normal';
  readonly terminating = true;
  readonly name: string;
  /**
   * The sequence kernel and the certifier (certificate.ts: Guy–Smith windows for every kind of digit).
   * The kernel is takeAndBreakSequence (sparse space, period tracked and certified as the values grow,
   * checkpoints), except for three-heap codes without `!`, where the pair sets of pair-set.ts are faster
   * (one hexadecimal digit to 2^12: 7-17 s against 35-47 s for the plain three-heap loop; measured in
   * docs/take-and-break.md) and keep no checkpoints.
   */
  readonly capabilities: Capabilities;

  /**
   * `family` is the spec's prefix as written (`hex:0.7` stays a member of the hexadecimal family by name);
   * without it, `octal:` when every digit is octal, else `hex:`.
   */
  constructor(
    readonly code: TakeAndBreakCode,
    family?: 'octal' | 'hex',
  ) {
    this.name = family ? `${family}:${code.text}` : specName(code);
    const pairSets = code.maxParts === 3 && !code.unequal.some((u) => u);
    this.capabilities = {
      picture: 'sequence',
      sequence: pairSets ? (max, options) => this.pairSetSequence(max, options) : (max, options) => this.sequence(max, options),
      certifier: () => takeAndBreakCertifier(code),
      ...(pairSets ? {} : { checkpoints: true }),
    };
  }

  private sequence(max: number, options: SequenceKernelOptions): KernelSequence {
    const { signal, onProgress, checkpoint } = options;
    let r: TakeAndBreakResult;
    try {
      r = takeAndBreakSequence(this.code, max, {
        atPeriod: options.stopAtPeriod ? 'stop' : 'extend',
        ...(signal ? { signal } : {}),
        ...(onProgress ? { onProgress } : {}),
        ...(checkpoint ? { checkpoint: checkpointPath(checkpoint.dir, this.code), ...(checkpoint.every === undefined ? {} : { checkpointEvery: checkpoint.every }) } : {}),
      });
    } catch (e) {
      // The values done, their fingerprint and where the run resumed from: a KernelSequence.
      if (e instanceof InterruptedError && e.partial) {
        const { values, fingerprint, resumedFrom } = e.partial as TakeAndBreakPartial;
        throw new InterruptedError({ values, fingerprint, resumedFrom, searched: true } satisfies KernelSequence);
      }
      throw e;
    }
    return { values: r.values, period: periodicity(r.period, r.apparent), searched: true, fingerprint: r.fingerprint, resumedFrom: r.resumedFrom };
  }

  private pairSetSequence(max: number, options: SequenceKernelOptions): KernelSequence {
    const { values, period } = pairSetSequence(this.code, max, { signal: options.signal, onProgress: options.onProgress });
    return period ? { values, period } : { values };
  }

  /**
   * The options of one heap of n tokens, each the list of heaps left (ascending within an option):
   * for each k <= n with digit d_k, bit 1 takes the whole heap (k = n >= 1), bit 2 leaves one heap
   * n - k >= 1 (k >= 1), bit 4 leaves two heaps a <= b, bit 8 three heaps a <= b <= c, all non-empty
   * and summing to n - k; with `!` the heaps of a split are pairwise unequal.
   */
  heapOptions(n: number): Heaps[] {
    const out: Heaps[] = [];
    const { digits, unequal } = this.code;
    for (let k = 0; k < digits.length && k <= n; k++) {
      const d = digits[k]!;
      const rest = n - k;
      const distinct = unequal[k]!;
      if (d & 1 && k >= 1 && rest === 0) out.push([]);
      if (d & 2 && k >= 1 && rest >= 1) out.push([rest]);
      if (d & 4) {
        for (let a = 1; 2 * a <= rest; a++) {
          const b = rest - a;
          if (!(distinct && a === b)) out.push([a, b]);
        }
      }
      if (d & 8) {
        for (let a = 1; 3 * a <= rest; a++) {
          for (let b = a; a + 2 * b <= rest; b++) {
            const c = rest - a - b;
            if (!(distinct && (a === b || b === c))) out.push([a, b, c]);
          }
        }
      }
    }
    return out;
  }

  options(p: Heaps): Heaps[] {
    const out: Heaps[] = [];
    p.forEach((h, i) => {
      const others = p.filter((_, j) => j !== i);
      for (const o of this.heapOptions(h)) out.push([...others, ...o]);
    });
    return out;
  }

  /** A position is the disjunctive sum of its heaps. */
  decompose(p: Heaps): Component[] | undefined {
    return splitHeaps(this, p);
  }
}

/**
 * The former octal ruleset's name and constructor: `new OctalGame(digits, radix)` is the take-and-break
 * game of those digits (d0 first), named `octal:` for radix 8 and `hex:` for radix 16.
 *
 * @deprecated Use `TakeAndBreakGame` (`new TakeAndBreakGame(takeAndBreakCode(digits))`), the one ruleset
 * of octal and hexadecimal codes, which the specs `octal:CODE` and `hex:CODE` make.
 * @remarks Since 0.1.0
 * @public
 */
export class OctalGame extends TakeAndBreakGame {
  constructor(
    digits: readonly number[],
    /** 8 names the game `octal:` (and refuses digits above 7), 16 names it `hex:`. */
    readonly radix: 8 | 16 = 8,
  ) {
    if (radix === 8 && digits.some((d) => d > 7)) throw new RangeError('octal digits are 0..7');
    super(takeAndBreakCode(digits), radix === 8 ? 'octal' : 'hex');
  }

  /** The digits d0, d1, ..., dt (trailing zeros dropped). */
  get digits(): readonly number[] {
    return this.code.digits;
  }

  /** The most parts a move may leave: 3 when some digit has bit 8, else 2. */
  get maxParts(): 2 | 3 {
    return this.code.maxParts === 3 ? 3 : 2;
  }

  /** Index of the last non-zero digit (t in the Guy–Smith periodicity theorem). */
  get lastDigit(): number {
    return this.code.t;
  }
}

/** G(0..max) by the mex over heapOptions: the slow, plain reference (O(options) arrays per heap). */
export function referenceValues(game: TakeAndBreakGame, max: number): number[] {
  const G: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    for (const o of game.heapOptions(n)) seen.add(o.reduce((x, h) => x ^ G[h]!, 0));
    let g = 0;
    while (seen.has(g)) g++;
    G.push(g);
  }
  return G;
}

/** The kernel's certificate (or the period it saw but could not prove) in the shape the analyses share. */
function periodicity(cert: PeriodCertificate | undefined, apparent: { period: number; preperiod: number } | undefined): Periodicity {
  if (cert) return { period: cert.period, preperiod: cert.preperiod, certified: true, certificate: cert.certificate };
  return { period: null, preperiod: null, certified: false, ...(apparent ? { apparentPeriod: apparent.period, apparentPreperiod: apparent.preperiod } : {}) };
}
