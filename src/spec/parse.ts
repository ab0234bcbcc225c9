/**
 * The game-spec grammar of docs/specs.md, by recursive descent. Errors are SpecErrors that point at the
 * column where the spec stops making sense.
 *
 *   spec  := term ('⊙' term)*                         R1⊙R2 is push(R1,R2)
 *   term  := NAME | NAME ':' ARGS | NAME '(' spec (',' spec)* ')' | 'wythoff+' K ',' L (',' K ',' L)*
 *
 * t-invariant games (deciding-game-invariance, Definition 3), classes by residues of linear forms:
 *   tinvariant:CLASS (';' CLASS)*      CLASS := '[' COND ']' MOVES?      MOVES as in invariant:
 *   COND := 'else' | ATOM ('&' ATOM)*  ATOM := LINEAR 'mod' M '=' R      LINEAR like x, x+y, 2x-y, x3
 */
import { InputError, SpecError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import type { Ruleset } from '../core/ruleset.js';
import type { MovePair } from '../games/heaps/wythoff.js';
import { readTakeAndBreakCode } from '../games/heaps/take-and-break/code.js';
import type { MoveEntry } from '../games/heaps/invariant.js';
import type { ResidueClass, ResidueCondition } from '../games/heaps/tinvariant.js';
import { RESERVED, type RewriteRule } from '../games/rewrite/rules.js';
import { familyModule as family, FamilyNotLoaded, loadFamily } from './families.js';

/** Games named by a bare word. */
const SIMPLE: Record<string, () => Ruleset<any>> = {
  nim: () => new (family('nim').Nim)(),
  wythoff: () => new (family('wythoff').WythoffFamily)(),
  maharaja: () => new (family('wythoff').WythoffFamily)([[1, 2]], 'maharaja'),
  euclid: () => new (family('euclid').Euclid)(),
  zeruclid: () => new (family('zeruclid').Zeruclid)(),
  cram: () => new (family('cram').CramRuleset)(),
  pushcram: () => new (family('pushCram').PushCramRuleset)(),
  mark: () => new (family('mark').Mark)(),
  geven: () => family('tinvariant').gEven(),
  hprime: () => family('tinvariant').twoInvariantWythoffTwin(),
};

/**
 * The named octal games of Winning Ways (chapter 4), as a researcher types them: each stands for its code,
 * so a census, a checkpoint or a table names the game the same way whichever was typed. Read before the
 * plain names, case-insensitively, with or without the possessive and the word "game".
 */
const NAMED_CODES: readonly { pattern: RegExp; code: string; typed: string }[] = [
  { pattern: /^kayles(?![a-z])/i, code: '0.77', typed: 'kayles' },
  { pattern: /^dawson'?s?[ _-]?chess(?![a-z])/i, code: '0.137', typed: "dawson's chess" },
  { pattern: /^dawson(?:'?s?[ _-]?kayles)?(?![a-z])/i, code: '0.07', typed: "dawson's kayles" },
  { pattern: /^grundy(?:'?s?[ _-]?game)?(?![a-z])/i, code: '4!.0', typed: "grundy's game" },
  { pattern: /^treblecross(?![a-z])/i, code: '0.007', typed: 'treblecross' },
  { pattern: /^officers(?![a-z])/i, code: '0.6', typed: 'officers' },
];

/** Games whose arguments follow a colon. */
const WITH_ARGS = ['subtraction', 'octal', 'hex', 'invariant', 'tinvariant', 'rewrite'] as const;

/** Compounds written as functions of specs, with their least and greatest number of arguments. */
const COMPOUNDS: Record<string, { min: number; max: number; make: (args: Ruleset<any>[]) => Ruleset<any> }> = {
  push: { min: 2, max: Infinity, make: (a) => new (family('compounds').PushCompound)(a) },
  sum: { min: 1, max: Infinity, make: (a) => new (family('compounds').DisjunctiveSum)(a) },
  misere: { min: 1, max: 1, make: (a) => new (family('compounds').Misere)(a[0]!) },
  conjoined: { min: 2, max: Infinity, make: (a) => new (family('compounds').ConjoinedCompound)(a) },
  pass: { min: 1, max: 1, make: (a) => new (family('compounds').PassCompound)(a[0]!) },
};

/** The variants of the switch, `push:VARIANT(R1,R2)` (core/compounds.ts PUSH_VARIANTS; listed here so that an error needs no family loaded). */
const PUSH_VARIANT_NAMES = ['before', 'after', 'around', 'nopass'] as const;

/**
 * Register a game named by a bare word: a game family living outside this module (its ruleset and,
 * optionally, the kernels it declares in `capabilities`). A registration lives in the thread that made
 * it; to reach the worker threads of the CLI's jobs, register from a module loaded by `loadGameModules`.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function registerGame(name: string, make: () => Ruleset<any>): void {
  // A spec names a game by lower-case letters only (the grammar of docs/specs.md): another name could never be typed.
  if (!/^[a-z]+$/.test(name)) throw new RangeError(`registerGame: ${JSON.stringify(name)} is not a game name a spec can use (lower-case letters a-z only)`);
  SIMPLE[name] = make;
}

/** The modules loaded by `loadGameModules`, in order: the worker threads of a job load them too. */
const GAME_MODULES: string[] = [];

/**
 * Imports modules (absolute URLs) that register games, once each, and remembers them so that a worker
 * thread, which has a registry of its own, can load the same ones before it parses a spec.
 *
 * @remarks Since 0.1.0
 * @public
 */
export async function loadGameModules(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (GAME_MODULES.includes(url)) continue;
    const loaded = (await import(url)) as { default?: unknown };
    // A CommonJS module loads sprague (an ES module) with import() and exports the promise of its registration.
    if (loaded.default instanceof Promise) await loaded.default;
    GAME_MODULES.push(url);
  }
}

/** The game modules loaded in this thread (see `loadGameModules`). */
export function gameModules(): string[] {
  return [...GAME_MODULES];
}

/**
 * The game names a spec may use: plain names, families that take an argument (`octal:`), `wythoff+K,L`, and
 * compounds (`push(...)`).
 *
 * @remarks Since 0.1.0
 * @public
 */
export function knownGameNames(): string[] {
  return [
    ...Object.keys(SIMPLE),
    ...NAMED_CODES.map((g) => g.typed),
    ...WITH_ARGS.map((n) => `${n}:`),
    'wythoff+K,L',
    ...Object.keys(COMPOUNDS).map((n) => `${n}(...)`),
  ];
}

/**
 * How `parseSpec` reads a spec.
 *
 * @remarks Since 0.1.0
 * @public
 */
export interface SpecOptions {
  /** Accept rewrite systems that are not strongly terminating (the solver then needs a depth bound). */
  allowUnboundedRewriting?: boolean;
}

/**
 * Parses a spec whose game families are loaded (import spec/index.js, which loads them all, or use
 * parseSpecLoading); a family that is not throws FamilyNotLoaded.
 *
 * @remarks Since 0.1.0
 * @public
 */
export function parseSpec(text: string, options: SpecOptions = {}): Ruleset<any> {
  const p = new SpecParser(text, options);
  const r = p.chain();
  p.skipSpace();
  if (!p.atEnd()) p.fail(`unexpected ${JSON.stringify(p.peek())}`);
  return r;
}

/** parseSpec, loading each game family the spec names when the parser first meets it (then parsing again). */
export async function parseSpecLoading(text: string, options: SpecOptions = {}): Promise<Ruleset<any>> {
  for (;;) {
    try {
      return parseSpec(text, options);
    } catch (e) {
      if (!(e instanceof FamilyNotLoaded)) throw e;
      await loadFamily(e.family);
    }
  }
}

class SpecParser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly options: SpecOptions,
  ) {
    if (text.trim() === '') this.fail('empty spec');
  }

  fail(reason: string, at = this.pos): never {
    throw new SpecError(this.text, at + 1, reason);
  }

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(k = 0): string {
    return this.text[this.pos + k] ?? '';
  }

  skipSpace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  private expect(c: string, what = JSON.stringify(c)): void {
    if (this.peek() !== c) this.fail(this.atEnd() ? `expected ${what}, found the end` : `expected ${what}, found ${JSON.stringify(this.peek())}`);
    this.pos++;
  }

  chain(): Ruleset<any> {
    const start = this.pos;
    const terms = [this.term()];
    this.skipSpace();
    while (this.peek() === '⊙') {
      this.pos++;
      terms.push(this.term());
      this.skipSpace();
    }
    return terms.length === 1 ? terms[0]! : this.build(start, () => new (family('compounds').PushCompound)(terms));
  }

  private build<T>(at: number, make: () => T): T {
    try {
      return make();
    } catch (e) {
      if (e instanceof RangeError || e instanceof InputError) this.fail(e.message, at);
      throw e;
    }
  }

  private name(): string {
    const m = /^[a-z]+/.exec(this.text.slice(this.pos));
    if (!m && /^[\d!]*\.\d/.test(this.text.slice(this.pos))) {
      const code = /^[\d.!]+/.exec(this.text.slice(this.pos))![0];
      this.fail(`a code needs its family: write octal:${code} (or hex:${code} for hexadecimal digits)`);
    }
    if (!m) this.fail(this.atEnd() ? 'expected a game, found the end' : `expected a game name, found ${JSON.stringify(this.peek())}`);
    this.pos += m[0].length;
    return m[0];
  }

  term(): Ruleset<any> {
    this.skipSpace();
    const start = this.pos;
    const named = this.namedCode();
    if (named) return named;
    const name = this.name();
    if (name === 'wythoff' && this.peek() === '+') {
      this.pos++;
      return this.wythoffPlus(start);
    }
    const compound = COMPOUNDS[name];
    if (compound) return this.compound(name, compound, start);
    if ((WITH_ARGS as readonly string[]).includes(name)) {
      this.expect(':', `":" and the arguments of ${name}`);
      switch (name) {
        case 'subtraction':
          return this.subtraction(start);
        case 'octal':
          return this.octal(start, 8);
        case 'hex':
          return this.octal(start, 16);
        case 'tinvariant':
          return this.tinvariant(start);
        case 'invariant':
          return this.invariant(start);
        default:
          return this.rewrite(start);
      }
    }
    const simple = SIMPLE[name];
    if (!simple) this.fail(`unknown game ${JSON.stringify(name)} (known: ${knownGameNames().join(', ')})`, start);
    if (this.peek() === ':' || this.peek() === '(') this.fail(`${name} takes no arguments`);
    return simple();
  }

  /** A named octal game (NAMED_CODES) at the cursor, read as its code. */
  private namedCode(): Ruleset<any> | undefined {
    const rest = this.text.slice(this.pos);
    for (const g of NAMED_CODES) {
      const m = g.pattern.exec(rest);
      if (!m) continue;
      this.pos += m[0].length;
      const { code } = readTakeAndBreakCode(g.code, { spec: g.code, offset: 0 });
      return new (family('takeAndBreak').TakeAndBreakGame)(code, 'octal');
    }
    return undefined;
  }

  private compound(name: string, c: (typeof COMPOUNDS)[string], start: number): Ruleset<any> {
    if (name === 'push' && this.peek() === ':') return this.pushVariant(start);
    this.expect('(', `"(" after ${name}`);
    this.depth++;
    // The parser, the rulesets and the solver recurse through the nesting: a bound keeps the stack safe.
    if (this.depth > limitDefault('specNesting')) this.fail(`compounds nested more than ${limitDefault('specNesting')} deep`, start);
    const args = [this.chain()];
    this.skipSpace();
    while (this.peek() === ',') {
      this.pos++;
      args.push(this.chain());
      this.skipSpace();
    }
    this.expect(')', '"," or ")"');
    this.depth--;
    if (args.length < c.min) this.fail(`${name} needs at least ${c.min} games, found ${args.length}`, start);
    if (args.length > c.max) this.fail(`${name} takes ${c.max} game${c.max === 1 ? '' : 's'}, found ${args.length}`, start);
    return this.build(start, () => c.make(args));
  }

  /** `push:VARIANT(R1,R2)`, a variant of the switch (push-the-button, section 6). */
  private pushVariant(start: number): Ruleset<any> {
    this.pos++;
    const at = this.pos;
    const m = /^[a-z]+/.exec(this.text.slice(this.pos));
    if (!m) this.fail(`expected a variant of push after ":" (${PUSH_VARIANT_NAMES.join(', ')})`);
    if (!(PUSH_VARIANT_NAMES as readonly string[]).includes(m[0])) this.fail(`unknown variant of push ${JSON.stringify(m[0])} (known: ${PUSH_VARIANT_NAMES.join(', ')})`, at);
    this.pos += m[0].length;
    const variant = m[0] as (typeof PUSH_VARIANT_NAMES)[number];
    return this.compound(`push:${variant}`, { min: 2, max: 2, make: (a) => new (family('compounds').PushVariantCompound)(variant, a) }, start);
  }

  /**
   * Inside a compound, a comma may end an argument list instead of separating two items: it does when
   * a game name follows it.
   */
  private moreItems(): boolean {
    if (this.peek() !== ',') return false;
    if (this.depth === 0) return true;
    const m = /^\s*([a-z]+)(?![a-z])/.exec(this.text.slice(this.pos + 1));
    const named = NAMED_CODES.some((g) => g.pattern.test(this.text.slice(this.pos + 1).trimStart()));
    return !(named || (m && (m[1]! in SIMPLE || m[1]! in COMPOUNDS || (WITH_ARGS as readonly string[]).includes(m[1]!))));
  }

  private integer(what: string): number {
    const m = /^\d+/.exec(this.text.slice(this.pos));
    if (!m) this.fail(this.atEnd() ? `expected ${what}, found the end` : `expected ${what}, found ${JSON.stringify(this.peek())}`);
    const n = Number(m[0]);
    if (!Number.isSafeInteger(n)) this.fail(`${m[0]} is too large`);
    this.pos += m[0].length;
    return n;
  }

  private wythoffPlus(start: number): Ruleset<any> {
    const values: number[] = [];
    do {
      if (values.length > 0) this.pos++;
      values.push(this.integer('a move size'));
    } while (this.peek() === ',' && /\d/.test(this.peek(1)));
    if (values.length % 2 !== 0) this.fail('extra moves come in pairs K,L');
    const pairs: MovePair[] = [];
    for (let i = 0; i < values.length; i += 2) {
      if (values[i] === 0 && values[i + 1] === 0) this.fail('the move (0,0) is not a move', start);
      pairs.push([values[i]!, values[i + 1]!]);
    }
    const name = this.text.slice(start, this.pos);
    return new (family('wythoff').WythoffFamily)(pairs, pairs.length === 1 && pairs[0]![0] === 1 && pairs[0]![1] === 2 ? 'maharaja' : name);
  }

  private subtraction(start: number): Ruleset<any> {
    const set: number[] = [];
    for (let first = true; first || this.moreItems(); first = false) {
      if (!first) this.pos++;
      const itemAt = this.pos;
      if (this.peek() === ',' || this.atEnd() || this.peek() === ')') this.fail('empty element of the subtraction set');
      const lo = this.integer('a positive integer or a range like 1-4');
      let hi = lo;
      if (this.peek() === '-') {
        this.pos++;
        hi = this.integer('the end of the range');
        if (hi < lo) this.fail(`empty range ${lo}-${hi}`, itemAt);
        if (hi - lo > 1_000_000) this.fail('range too long', itemAt);
      }
      if (lo === 0) this.fail('0 is not a move: play would never end', itemAt);
      for (let s = lo; s <= hi; s++) set.push(s);
    }
    return this.build(start, () => new (family('subtraction').SubtractionGame)(set));
  }

  /**
   * A take-and-break code as CGSuite writes it (games/heaps/take-and-break/code.ts): octal or
   * hexadecimal digits, any number of them, `!` after a digit for splits into unequal heaps (Grundy's
   * game is `octal:4!.0`); d0 may be omitted. `octal:` takes the digits 0-7 only.
   */
  private octal(start: number, radix: 8 | 16): Ruleset<any> {
    const codeAt = this.pos;
    const { code, length } = readTakeAndBreakCode(this.text.slice(codeAt), { spec: this.text, offset: codeAt });
    if (radix === 8) {
      const at = [...this.text.slice(codeAt, codeAt + length)].findIndex((c) => /[89A-Fa-f]/.test(c));
      if (at >= 0) {
        const c = this.text[codeAt + at]!;
        this.fail(`${c} is not an octal digit (digits above 7 make a hexadecimal game: write hex:${this.text.slice(codeAt, codeAt + length)})`, codeAt + at);
      }
    }
    this.pos += length;
    return this.build(start, () => new (family('takeAndBreak').TakeAndBreakGame)(code, radix === 8 ? 'octal' : 'hex'));
  }

  private invariant(start: number): Ruleset<any> {
    const moves = this.moveVectors(false);
    return this.build(start, () => new (family('invariant').InvariantGame)(moves));
  }

  /** Move vectors `(a,b,...)` separated by commas, as in `invariant:`; an empty list when `allowEmpty`. */
  private moveVectors(allowEmpty: boolean): MoveEntry[][] {
    const moves: MoveEntry[][] = [];
    if (allowEmpty && this.peek() !== '(') return moves;
    for (let first = true; first || (this.peek() === ',' && this.peek(1) === '('); first = false) {
      if (!first) this.pos++;
      const vecAt = this.pos;
      this.expect('(', 'a move vector like (1,0)');
      const v: MoveEntry[] = [];
      do {
        if (v.length > 0) this.pos++;
        if (this.peek() === '*' || this.peek() === '=') {
          v.push(this.peek() as '*' | '=');
          this.pos++;
        } else v.push(this.integer('a non-negative integer, * or ='));
      } while (this.peek() === ',');
      this.expect(')', '"," or ")"');
      if (moves.length > 0 && v.length !== moves[0]!.length) {
        this.fail(`this move has ${v.length} coordinates, the first has ${moves[0]!.length}`, vecAt);
      }
      if (v.every((e) => e === 0)) this.fail('the zero vector is not a move: play would never end', vecAt);
      moves.push(v);
    }
    return moves;
  }

  /**
   * `tinvariant:[x+y mod 2=0](*,0);[else](=,=)`: a t-invariant game (deciding-game-invariance,
   * Definition 3) whose classes S_j are given by residue conditions and whose move sets I_j follow.
   * The classes must partition N^n: checked on one period box, overlaps and gaps are reported.
   */
  private tinvariant(start: number): Ruleset<any> {
    const classes: ResidueClass[] = [];
    const classAt: number[] = [];
    const vars: { coordinate: number; at: number }[] = [];
    let heapCount = 0;
    for (let first = true; first || this.peek() === ';'; first = false) {
      if (!first) this.pos++;
      this.skipSpace();
      const at = this.pos;
      if (classes.some((c) => c.conditions === 'else')) this.fail('[else] must be the last class', at);
      this.expect('[', 'a class like [x mod 2=0]');
      const conditions = this.residueConditions(vars);
      this.expect(']', '"&" or "]"');
      const movesAt = this.pos;
      const moves = this.moveVectors(true);
      if (moves.length > 0) {
        if (heapCount === 0) heapCount = moves[0]!.length;
        else if (moves[0]!.length !== heapCount) {
          this.fail(`these moves have ${moves[0]!.length} coordinates, those of the first class ${heapCount}`, movesAt);
        }
      }
      classes.push({ conditions, moves });
      classAt.push(at);
    }
    if (heapCount === 0) this.fail('a t-invariant game needs at least one move', start);
    for (const v of vars) if (v.coordinate >= heapCount) this.fail(`the moves have ${heapCount} coordinates, so there is no coordinate ${v.coordinate + 1}`, v.at);
    const padded = classes.map((c) => ({
      moves: c.moves,
      conditions: c.conditions === 'else' ? c.conditions : c.conditions.map((cond) => ({ ...cond, coefficients: Array.from({ length: heapCount }, (_, i) => cond.coefficients[i] ?? 0) })),
    }));
    const defect = this.build(start, () => family('tinvariant').residuePartitionTable(heapCount, padded));
    if ('kind' in defect) {
      const where = `(${defect.witness.join(',')})`;
      if (defect.kind === 'overlap') this.fail(`classes ${defect.first + 1} and ${defect.second + 1} overlap, e.g. at ${where}: the classes must partition the positions`, classAt[defect.second]);
      this.fail(`${where} is in no class: the classes must partition the positions (add [else] for the rest)`, this.pos);
    }
    const name = this.text.slice(start, this.pos).trim();
    return this.build(start, () => family('tinvariant').residueTInvariantGame(heapCount, padded, name));
  }

  /** `else`, or residue atoms joined by `&`; records each coordinate variable with its position. */
  private residueConditions(vars: { coordinate: number; at: number }[]): ResidueCondition[] | 'else' {
    this.skipSpace();
    if (this.text.startsWith('else', this.pos)) {
      this.pos += 4;
      this.skipSpace();
      return 'else';
    }
    const out: ResidueCondition[] = [];
    for (let first = true; first || this.peek() === '&'; first = false) {
      if (!first) this.pos++;
      out.push(this.residueAtom(vars));
    }
    return out;
  }

  /** LINEAR mod M = R, e.g. `x+y mod 2=0`, `2x-y mod 3 = 1`, `x2 mod 4=3`. */
  private residueAtom(vars: { coordinate: number; at: number }[]): ResidueCondition {
    const coefficients: number[] = [];
    this.skipSpace();
    for (let first = true; ; first = false) {
      this.skipSpace();
      let sign = 1;
      if (this.peek() === '+' || this.peek() === '-') {
        sign = this.peek() === '-' ? -1 : 1;
        this.pos++;
        this.skipSpace();
      } else if (!first) break;
      const coef = /\d/.test(this.peek()) ? this.integer('a coefficient') : 1;
      const at = this.pos;
      const m = /^(?:x(\d+)|([xyz]))(?![a-z])/.exec(this.text.slice(this.pos));
      if (!m) this.fail(this.atEnd() ? 'expected a coordinate (x, y, z or x1, x2, ...), found the end' : `expected a coordinate (x, y, z or x1, x2, ...), found ${JSON.stringify(this.peek())}`);
      const coordinate = m[1] !== undefined ? Number(m[1]) - 1 : 'xyz'.indexOf(m[2]!);
      if (coordinate < 0 || coordinate > 63) this.fail(`no coordinate ${m[0]}: they are numbered from x1`, at);
      this.pos += m[0].length;
      vars.push({ coordinate, at });
      coefficients[coordinate] = (coefficients[coordinate] ?? 0) + sign * coef;
    }
    if (!this.text.startsWith('mod', this.pos)) this.fail(this.atEnd() ? 'expected "mod", found the end' : `expected "+", "-" or "mod", found ${JSON.stringify(this.peek())}`);
    this.pos += 3;
    this.skipSpace();
    const modAt = this.pos;
    const modulus = this.integer('a modulus');
    if (modulus < 1) this.fail('the modulus must be at least 1', modAt);
    this.skipSpace();
    this.expect('=', '"=" and a residue');
    this.skipSpace();
    const resAt = this.pos;
    const residue = this.integer('a residue');
    if (residue >= modulus) this.fail(`residue ${residue} is not below the modulus ${modulus}`, resAt);
    this.skipSpace();
    for (let i = 0; i < coefficients.length; i++) coefficients[i] ??= 0;
    return { coefficients, modulus, residue };
  }

  private rewrite(start: number): Ruleset<any> {
    const rules: RewriteRule[] = [];
    for (let first = true; first || this.moreItems(); first = false) {
      if (!first) this.pos++;
      rules.push(this.rule());
    }
    const verdict = family('rewrite').checkTermination(rules);
    if (verdict.kind === 'loops') this.fail(`the rules never terminate: ${verdict.reason}`, start);
    if (verdict.kind === 'unknown' && !this.options.allowUnboundedRewriting) {
      this.fail(`not strongly terminating: ${verdict.reason}; explore it with a depth bound (--max-depth N)`, start);
    }
    return this.build(start, () => new (family('rewrite').RewriteGame)(rules));
  }

  private isLetter(c: string): boolean {
    return c !== '' && !RESERVED.has(c) && !/\d/.test(c);
  }

  /** Letters with optional exponents; returns the expanded word and how many letter tokens it had. */
  private word(): { word: string; tokens: number } {
    let word = '';
    let tokens = 0;
    while (this.isLetter(this.peek())) {
      const c = this.peek();
      this.pos++;
      let exp = 1;
      if (/\d/.test(this.peek())) {
        const at = this.pos;
        exp = this.integer('an exponent');
        if (exp === 0) this.fail('exponent must be positive', at);
        if (exp > 10_000) this.fail('exponent too large', at);
      }
      word += c.repeat(exp);
      tokens++;
    }
    return { word, tokens };
  }

  private rule(): RewriteRule {
    const at = this.pos;
    const lhs = this.word();
    if (this.peek() === '-' && this.peek(1) === '>') {
      if (lhs.word === '') this.fail('empty left side of a rule', at);
      this.pos += 2;
      const rhs = this.word();
      this.endOfRule();
      return { lhs: lhs.word, rhs: rhs.word };
    }
    if (lhs.word === '') {
      if (this.peek() === ',' || this.peek() === ')' || this.atEnd()) this.fail('empty rule', at);
      this.fail(`${JSON.stringify(this.peek())} cannot start a rule`);
    }
    if (lhs.tokens > 1) {
      this.fail(`a short rule is one letter with an optional exponent, like a3; write ${this.text.slice(at, this.pos)}-> to remove that factor`, at);
    }
    this.endOfRule();
    return { lhs: lhs.word, rhs: '' };
  }

  private endOfRule(): void {
    const c = this.peek();
    if (c === '' || c === ',' || c === ')' || c === '⊙' || c === ' ') return;
    this.fail(c === '-' ? 'expected "->"' : `${JSON.stringify(c)} is not a letter`);
  }
}
