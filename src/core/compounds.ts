/**
 * Compounds of rulesets: the disjunctive sum, the push-the-button compound ⊙ and its relatives
 * (seed push-the-button, sections 1.3, 2 and 6), and the misère convention.
 */
import { InputError, PositionError } from './errors.js';
import type { Capabilities, Component, Convention, PositionDomain, Ruleset } from './ruleset.js';

/**
 * A position of a phased compound: `phase` indexes the ruleset in force (0 = the first).
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface Phased<P> {
  readonly phase: number;
  readonly g: P;
}

function sameDomains(op: string, rulesets: readonly Ruleset<any>[]): void {
  const kinds = new Set(rulesets.map((r) => r.domain.kind));
  if (kinds.size > 1) {
    throw new InputError(
      `${op} needs rulesets over the same positions, but ${rulesets.map((r) => `${r.name} is on ${r.domain.kind}`).join(', ')}`,
    );
  }
}

function normalOnly(op: string, rulesets: readonly Ruleset<any>[]): void {
  const m = rulesets.find((r) => r.convention === 'misere');
  if (m) throw new InputError(`${m.name} cannot be a ${op}: the misère convention applies to a whole game`);
}

/**
 * A compound's rulesets may themselves be compounds (`push(nim,push(nim,nim))`): their positions then
 * carry phases of their own. Three maps let a compound hand a position from one ruleset to the next
 * whatever their positions look like. `ground` is the position of the common set Ω underneath (the
 * board, the heaps: the paper's g in (k, g)); `enter` is where a ruleset starts on a position of Ω
 * (every inner phase at its first); `buttonsPushed` says whether every button of the position has been
 * pushed. A push compound's own button comes after those of its rulesets ("one button after another":
 * push(push(A,B),C) is push(A,B,C)), since each must be pushed exactly once (Definition 2.0.1).
 */
interface Layers {
  ground(p: unknown): unknown;
  enter(ground: unknown): unknown;
  buttonsPushed(p: unknown): boolean;
}

const FLAT: Layers = { ground: (p) => p, enter: (g) => g, buttonsPushed: () => true };

function layersOf(r: Ruleset<any>): Layers {
  if (r instanceof PhasedCompound || r instanceof PassCompound || r instanceof DisjunctiveSum) return r.layers;
  if (r instanceof Misere) return layersOf(r.inner);
  return FLAT;
}

/**
 * Positions `g` (phase 1) or `k:g` (phase k, after k-1 button pushes), `g` written as a position of
 * the k-th ruleset. A phase-1 position whose text starts with an inner phase is written `1:k:g`, so
 * that the outer phase is always the first prefix.
 */
function phasedDomain(domains: readonly PositionDomain<any>[]): PositionDomain<Phased<any>> {
  const phases = domains.length;
  const inPhase = (phase: number, text: string, offset: number): Phased<any> => {
    try {
      return { phase, g: domains[phase]!.parse(text.slice(offset)) };
    } catch (e) {
      if (e instanceof PositionError && offset > 0) throw new PositionError(text, e.column + offset, e.reason);
      throw e;
    }
  };
  return {
    kind: domains[0]!.kind,
    key: (p) => `${p.phase}|${domains[p.phase]!.key(p.g)}`,
    format: (p) => {
      const g = domains[p.phase]!.format(p.g);
      return p.phase > 0 || /^\d+:/.test(g) ? `${p.phase + 1}:${g}` : g;
    },
    parse: (text) => {
      const m = /^(\d+):/.exec(text);
      if (!m) return inPhase(0, text, 0);
      const phase = Number(m[1]) - 1;
      if (phase < 0 || phase >= phases) throw new PositionError(text, 1, `phase must be 1..${phases}`);
      return inPhase(phase, text, m[0].length);
    },
  };
}

abstract class PhasedCompound<P> implements Ruleset<Phased<P>> {
  readonly domain: PositionDomain<Phased<P>>;
  readonly convention: Convention;
  readonly terminating: boolean;
  readonly heapCount?: number;
  /** Each ruleset's maps (see Layers), looked up once: the options below run in the solver's loop. */
  protected readonly stacked: readonly Layers[];
  /** How an enclosing compound hands positions of this one on (see Layers). */
  readonly layers: Layers;

  constructor(
    readonly name: string,
    readonly rulesets: readonly Ruleset<P>[],
  ) {
    if (rulesets.length < 2) throw new InputError(`${name} needs at least two rulesets`);
    sameDomains(name, rulesets);
    normalOnly('ruleset played before the last one', rulesets.slice(0, -1));
    this.domain = phasedDomain(rulesets.map((r) => r.domain));
    // The game ends under the last ruleset, so its convention decides who wins.
    this.convention = rulesets[rulesets.length - 1]!.convention;
    this.terminating = rulesets.every((r) => r.terminating);
    const counts = new Set(rulesets.map((r) => r.heapCount).filter((c) => c !== undefined));
    if (counts.size > 1) throw new InputError(`${name}: the rulesets are played on different numbers of heaps`);
    const heapCount = [...counts][0];
    if (heapCount !== undefined) this.heapCount = heapCount;
    this.stacked = rulesets.map(layersOf);
    this.layers = {
      ground: (p) => this.ground(p as Phased<P>),
      enter: (g) => this.enter(0, g),
      buttonsPushed: (p) => this.buttonsPushed(p as Phased<P>),
    };
  }

  /** Whether no button is still due at p (see Layers). */
  protected abstract buttonsPushed(p: Phased<P>): boolean;

  /** The position of Ω under p. */
  protected ground({ phase, g }: Phased<P>): unknown {
    return this.stacked[phase]!.ground(g);
  }

  /** The k-th ruleset's starting position on `ground`, as a position of this compound. */
  protected enter(phase: number, ground: unknown): Phased<P> {
    return { phase, g: this.stacked[phase]!.enter(ground) as P };
  }

  validate(p: Phased<P>): string | undefined {
    const why = this.rulesets[p.phase]!.validate?.(p.g);
    if (why) return why;
    const ground = this.ground(p);
    for (let k = p.phase + 1; k < this.rulesets.length; k++) {
      const later = this.rulesets[k]!.validate?.(this.enter(k, ground).g);
      if (later) return later;
    }
    return undefined;
  }

  abstract options(p: Phased<P>): Phased<P>[];

  /**
   * In the last phase the compound is the last ruleset itself: its own memo (and its own sum
   * decomposition, e.g. into heaps) then serves every compound that ends with it.
   */
  decompose(p: Phased<P>): Component[] | undefined {
    const last = this.rulesets.length - 1;
    return p.phase === last ? [{ ruleset: this.rulesets[last]!, position: p.g }] : undefined;
  }
}

/**
 * R1 ⊙ R2 ⊙ ... (seed push-the-button, Definition 2.0.1): play R1; instead of a move, a player may push
 * the button (a move), after which R2 applies, and so on. The last button is pushed exactly once
 * before the last ruleset applies, even when no other move is left.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PushCompound<P> extends PhasedCompound<P> {
  /** The ruleset played after the first button: R2, or R2 ⊙ R3 ⊙ ... */
  readonly afterButton: Ruleset<any>;
  /** What the first ruleset, played before the button, makes fast (e.g. a subtraction game's sequence), and the phases for the generic table. */
  readonly capabilities: Capabilities;

  constructor(rulesets: readonly Ruleset<P>[]) {
    super(`push(${rulesets.map((r) => r.name).join(',')})`, rulesets);
    const first = rulesets[0]!;
    this.afterButton = rulesets.length === 2 ? rulesets[1]! : new PushCompound(rulesets.slice(1));
    this.capabilities = { ...first.capabilities?.beforeButton?.(this.afterButton), phases: { kind: 'push', first, after: this.afterButton } };
  }

  /** Only in the last phase: every button before it has been pushed, this compound's own included. */
  protected buttonsPushed({ phase, g }: Phased<P>): boolean {
    return phase === this.rulesets.length - 1 && this.stacked[phase]!.buttonsPushed(g);
  }

  options(p: Phased<P>): Phased<P>[] {
    const { phase, g } = p;
    const out = this.rulesets[phase]!.options(g).map((o) => ({ phase, g: o }));
    if (phase < this.rulesets.length - 1 && this.stacked[phase]!.buttonsPushed(g)) out.push(this.enter(phase + 1, this.ground(p)));
    return out;
  }
}

/**
 * The variants of the switch that push-the-button, section 6, proposes (docs/specs.md, "Variants of the
 * button"). In `before`, `after` and `around` pushing costs no move: it comes with a move in the same turn,
 * just before it (the move is then by R2), just after it (the move was by R1), or either. In `nopass` pushing
 * is a move as in Definition 2.0.1, but the button cannot be pushed when R1 has no move left: R ⊙ R is then
 * R with a single pass (PassCompound).
 *
 * @remarks Since 0.1.0
 * @public
 */
export type PushVariant = 'before' | 'after' | 'around' | 'nopass';

/**
 * The variants, in the order the docs list them.
 *
 * @remarks Since 0.1.0
 * @public
 */
export const PUSH_VARIANTS: readonly PushVariant[] = ['before', 'after', 'around', 'nopass'];

/**
 * R1 ⊙ R2 under a variant of the switch (see PushVariant). A position is (k, g) as for the push compound:
 * phase 1 before the button, phase 2 after. Every option makes a move of R1 or of R2 (a free push rides on
 * one), so play ends whenever R1 and R2 always end: no loop of pushes, no draw. Where R1 has no move left
 * the button is still due: in `before`, `after` and `around` the player pushes it and moves by R2 (the game
 * ends under R2, as in the paper); in `nopass` the player has no move and loses.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PushVariantCompound<P> extends PhasedCompound<P> {
  constructor(
    readonly variant: PushVariant,
    rulesets: readonly Ruleset<P>[],
  ) {
    if (!PUSH_VARIANTS.includes(variant)) throw new InputError(`unknown variant of push ${JSON.stringify(variant)} (known: ${PUSH_VARIANTS.join(', ')})`);
    const name = `push:${variant}(${rulesets.map((r) => r.name).join(',')})`;
    if (rulesets.length !== 2) throw new InputError(`${name} takes exactly two rulesets (nest for more: push:${variant}(R1,push:${variant}(R2,R3)))`);
    super(name, rulesets);
  }

  protected buttonsPushed({ phase, g }: Phased<P>): boolean {
    return phase === 1 && this.stacked[1]!.buttonsPushed(g);
  }

  options(p: Phased<P>): Phased<P>[] {
    const { phase, g } = p;
    const moves = this.rulesets[phase]!.options(g);
    const out = moves.map((o) => ({ phase, g: o }));
    if (phase === 1) return out;
    // The button is this compound's: those of a compound R1 come first (as in PushCompound).
    const ready = (x: P) => this.stacked[0]!.buttonsPushed(x);
    const pushed = (x: P) => this.enter(1, this.ground({ phase: 0, g: x }));
    const pushThenMove = () => {
      if (!ready(g)) return;
      const at = pushed(g);
      for (const o of this.rulesets[1]!.options(at.g)) out.push({ phase: 1, g: o });
    };
    const moveThenPush = () => {
      for (const o of moves) if (ready(o)) out.push(pushed(o));
    };
    switch (this.variant) {
      case 'nopass':
        if (moves.length > 0 && ready(g)) out.push(pushed(g));
        break;
      case 'before':
        pushThenMove();
        break;
      case 'after':
        moveThenPush();
        // No move of R1 to push after: the due button is pushed, and the player moves by R2.
        if (moves.length === 0) pushThenMove();
        break;
      case 'around':
        pushThenMove();
        moveThenPush();
        break;
    }
    return out;
  }
}

/**
 * The conjoined ruleset (Huggan–Nowakowski; seed push-the-button §1.1): play R1 until it has no move,
 * then the rules switch to R2 by themselves (not a move), and so on.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class ConjoinedCompound<P> extends PhasedCompound<P> {
  constructor(rulesets: readonly Ruleset<P>[]) {
    super(`conjoined(${rulesets.map((r) => r.name).join(',')})`, rulesets);
  }

  options(p: Phased<P>): Phased<P>[] {
    for (let at = p; ; at = this.enter(at.phase + 1, this.ground(at))) {
      const opts = this.rulesets[at.phase]!.options(at.g);
      if (opts.length > 0 || at.phase === this.rulesets.length - 1) return opts.map((o) => ({ phase: at.phase, g: o }));
    }
  }

  /** The position in the ruleset actually in force: p after the switches the rules make by themselves. */
  private active(p: Phased<P>): Phased<P> {
    const last = this.rulesets.length - 1;
    let at = p;
    while (at.phase < last && this.rulesets[at.phase]!.options(at.g).length === 0) at = this.enter(at.phase + 1, this.ground(at));
    return at;
  }

  /**
   * The conjoined compound has no button of its own: what is due is what the ruleset in force still
   * owes. Later rulesets are not in the position yet (a button pushed around this compound may skip them).
   */
  protected buttonsPushed(p: Phased<P>): boolean {
    const at = this.active(p);
    return this.stacked[at.phase]!.buttonsPushed(at.g);
  }
}

/**
 * R with a single pass (seed push-the-button, section 6, after [MFL11]): once in the game either player
 * may pass instead of moving, but not when no other move is left. A position `2:g` has used the pass.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class PassCompound<P> implements Ruleset<Phased<P>> {
  readonly name: string;
  readonly domain: PositionDomain<Phased<P>>;
  readonly convention = 'normal';
  readonly terminating: boolean;
  readonly heapCount?: number;

  /** How an enclosing compound hands positions of this one on (see Layers). */
  readonly layers: Layers;

  constructor(readonly inner: Ruleset<P>) {
    normalOnly('game with a pass', [inner]);
    this.name = `pass(${inner.name})`;
    this.domain = phasedDomain([inner.domain, inner.domain]);
    this.terminating = inner.terminating;
    if (inner.heapCount !== undefined) this.heapCount = inner.heapCount;
    // The pass is optional: a position of the inner ruleset has pushed its buttons whether or not it passed.
    const under = layersOf(inner);
    this.layers = {
      ground: (p) => under.ground((p as Phased<P>).g),
      enter: (g) => ({ phase: 0, g: under.enter(g) }),
      buttonsPushed: (p) => under.buttonsPushed((p as Phased<P>).g),
    };
  }

  validate(p: Phased<P>): string | undefined {
    return this.inner.validate?.(p.g);
  }

  /** Once the pass is used, the game is the inner ruleset. */
  decompose(p: Phased<P>): Component[] | undefined {
    return p.phase === 1 ? [{ ruleset: this.inner, position: p.g }] : undefined;
  }

  options({ phase, g }: Phased<P>): Phased<P>[] {
    const out = this.inner.options(g).map((o) => ({ phase, g: o }));
    if (phase === 0 && out.length > 0) out.push({ phase: 1, g });
    return out;
  }
}

/**
 * The disjunctive sum R1 + R2 + ... (seed push-the-button, Definition 1.3.1): a move is a move in one
 * component. Positions are written `g1 + g2 + ...`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class DisjunctiveSum implements Ruleset<unknown[]> {
  readonly name: string;
  readonly domain: PositionDomain<unknown[]>;
  readonly convention = 'normal';
  readonly terminating: boolean;

  /** How an enclosing compound hands positions of this one on (see Layers). */
  readonly layers: Layers;

  constructor(readonly components: readonly Ruleset<any>[]) {
    if (components.length === 0) throw new InputError('sum needs at least one ruleset');
    normalOnly('summand (write misere(sum(...)) for a misère sum)', components);
    this.name = `sum(${components.map((r) => r.name).join(',')})`;
    this.terminating = components.every((r) => r.terminating);
    // A sum stands on the tuple of its summands' grounds; a button of any summand must be pushed.
    const parts = components.map(layersOf);
    this.layers = {
      ground: (p) => (p as unknown[]).map((g, i) => parts[i]!.ground(g)),
      enter: (g) => (g as unknown[]).map((x, i) => parts[i]!.enter(x)),
      buttonsPushed: (p) => (p as unknown[]).every((g, i) => parts[i]!.buttonsPushed(g)),
    };
    this.domain = {
      kind: `sum(${components.map((r) => r.domain.kind).join(',')})`,
      key: (p) => p.map((g, i) => components[i]!.domain.key(g)).join(' + '),
      format: (p) => p.map((g, i) => components[i]!.domain.format(g)).join(' + '),
      parse: (text) => parseSumPosition(text, components),
    };
  }

  validate(p: unknown[]): string | undefined {
    for (let i = 0; i < p.length; i++) {
      const why = this.components[i]!.validate?.(p[i]);
      if (why) return `summand ${i + 1}: ${why}`;
    }
    return undefined;
  }

  options(p: unknown[]): unknown[][] {
    const out: unknown[][] = [];
    p.forEach((g, i) => {
      for (const o of this.components[i]!.options(g)) out.push(p.map((x, j) => (j === i ? o : x)));
    });
    return out;
  }

  /** Seed push-the-button, Proposition 1.3.3: the value of a sum is the XOR of its summands' values. */
  decompose(p: unknown[]): Component[] | undefined {
    return p.map((g, i) => ({ ruleset: this.components[i]!, position: g }));
  }
}

function parseSumPosition(text: string, components: readonly Ruleset<any>[]): unknown[] {
  const parts = text.split('+');
  if (parts.length !== components.length) {
    throw new PositionError(text, 0, `a position of this sum has ${components.length} parts separated by "+", found ${parts.length}`);
  }
  let col = 0;
  return parts.map((part, i) => {
    try {
      const t = part.trim();
      return components[i]!.domain.parse(t);
    } catch (e) {
      if (e instanceof PositionError) throw new PositionError(text, col + part.indexOf(part.trim()) + Math.max(e.column, 1), e.reason);
      throw e;
    } finally {
      col += part.length + 1;
    }
  });
}

/**
 * R under the misère convention: the player who cannot move wins (seed push-the-button, §1.2). Only
 * outcomes are computed for it.
 *
 * @remarks Since 0.1.0
 * @public
 */
export class Misere<P> implements Ruleset<P> {
  readonly name: string;
  readonly domain: PositionDomain<P>;
  readonly convention = 'misere';
  readonly terminating: boolean;
  readonly heapCount?: number;
  /** What the inner ruleset makes fast under misère play (e.g. a ray table), and the phases for the generic table. */
  readonly capabilities: Capabilities;

  constructor(readonly inner: Ruleset<P>) {
    if (inner.convention === 'misere') throw new InputError(`${inner.name} is already misère`);
    this.name = `misere(${inner.name})`;
    this.domain = inner.domain;
    this.terminating = inner.terminating;
    if (inner.heapCount !== undefined) this.heapCount = inner.heapCount;
    this.capabilities = { ...inner.capabilities?.misereForm?.(), phases: { kind: 'misere', inner } };
  }

  validate(p: P): string | undefined {
    return this.inner.validate?.(p);
  }

  options(p: P): P[] {
    return this.inner.options(p);
  }
}
