/**
 * Formula -> automaton (Büchi's theorem as used in deciding-game-invariance, Theorems 21 and 28):
 * every arithmetic subterm gets a fresh variable constrained by an adder, constant or comparator
 * automaton, and is projected away as soon as its enclosing comparison is built.
 */
import { InputError, LimitError } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';
import { Dfa } from '../automata/dfa.js';
import { minimise } from '../automata/minimise.js';
import { product } from '../automata/ops.js';
import { NumerationSystem } from '../numeration/system.js';
import { type CmpOp, type Node } from './parser.js';
import { coReachable, reverseDfa } from '../numeration/build.js';
import {
  combine,
  compareNames,
  digitCompatible,
  exists,
  forall,
  type Limits,
  negate,
  Predicate,
  radixOf,
  reversePredicate,
  type Track,
  validityOf,
  widen,
  unionTracks,
} from './predicate.js';

/** A word automaton (DFAO): its input tracks, in order, and outputs per state. */
export interface WordAutomaton {
  readonly tracks: readonly Track[];
  readonly dfa: Dfa;
}

/** What a formula can refer to: stored predicates ($name) and word automata (W[...]). */
export interface Library {
  predicate(name: string): Predicate | undefined;
  word(name: string): WordAutomaton | undefined;
}

/** Statistics of one compilation: the state count of every intermediate automaton, in order. */
export interface CompileTrace {
  steps: { what: string; states: number }[];
  /** When set (Walnut's `::`), every intermediate automaton too, in the same order. */
  automata?: Predicate[];
}

let fresh = 0;
/** Temporary names sort before user variables and cannot clash with them. */
const temp = () => `#t${(fresh++).toString().padStart(6, '0')}`;

function system(name: string): NumerationSystem {
  return NumerationSystem.byName(name);
}

/** A predicate on the given tracks (in the order given) from a DFA, sorted and minimised. */
function predicateOn(tracks: Track[], dfa: Dfa): Predicate {
  const sorted = [...tracks].sort((a, b) => compareNames(a.name, b.name));
  const holder = new Predicate(
    tracks.map((t, i) => ({ ...t, name: `#p${i.toString().padStart(4, '0')}` })),
    dfa,
  );
  const map = new Map(tracks.map((t, i) => [`#p${i.toString().padStart(4, '0')}`, t.name]));
  const p = holder.rename(map);
  if (p.tracks.some((t, i) => t.name !== sorted[i]!.name)) throw new InputError('internal: track order');
  return new Predicate(sorted, p.dfa);
}

export class Compiler {
  readonly trace: CompileTrace = { steps: [] };

  constructor(
    private readonly lib: Library,
    private readonly limits: Limits = {},
  ) {}

  private note(what: string, p: Predicate): Predicate {
    this.trace.steps.push({ what, states: p.dfa.stateCount });
    this.trace.automata?.push(p);
    return p;
  }

  /**
   * Binds the tracks of an automaton (given in order, with fresh names) to `names`; a name used
   * twice becomes an equality with a temporary that is then projected.
   */
  private bind(tracks: Track[], dfa: Dfa, names: string[]): Predicate {
    const seen = new Set<string>();
    const extra: [string, string, NumerationSystem | null, Track][] = [];
    const bound = tracks.map((t, i) => {
      const want = names[i]!;
      if (!seen.has(want)) {
        seen.add(want);
        return { ...t, name: want };
      }
      const tmp = temp();
      extra.push([tmp, want, t.system, t]);
      return { ...t, name: tmp };
    });
    let p = predicateOn(bound, dfa);
    for (const [tmp, want, sys, t] of extra) {
      if (!sys) throw new InputError(`the same variable ${want} twice on a non-arithmetic track`);
      const eq = predicateOn([{ ...t, name: tmp }, { ...t, name: want }], sys.equality());
      p = exists(combine(p, eq, 'and', this.limits), tmp, this.limits);
    }
    return p;
  }

  formula(node: Node): Predicate {
    switch (node.k) {
      case 'bool':
        return Predicate.constant(node.value);
      case 'logic': {
        const op = ({ '&': 'and', '|': 'or', '^': 'xor', '=>': 'implies', '<=>': 'iff' } as const)[node.op];
        return this.note(node.op, combine(this.formula(node.l), this.formula(node.r), op, this.limits));
      }
      case 'not':
        return this.note('~', negate(this.formula(node.e), this.limits));
      case 'quant': {
        // One variable at a time, innermost first: measured faster than projecting them together
        // (the intermediate minimisation prunes the subsets).
        let p = this.formula(node.body);
        for (const v of [...node.vars].reverse()) {
          p = this.note(`${node.q}${v}`, node.q === 'E' ? exists(p, v, this.limits) : node.q === 'A' ? forall(p, v, this.limits) : this.infinitelyMany(p, v));
        }
        return p;
      }
      case 'cmp':
        return this.comparison(node.op, node.l, node.r, node.sys);
      case 'pred':
        return this.predicateCall(node.name, node.args, node.sys);
      case 'rev':
        return this.note('`', reversePredicate(this.formula(node.e), this.limits));
      default:
        throw new InputError(`a term (${node.k}) where a formula was expected`);
    }
  }

  /**
   * I v φ, Walnut's "infinitely many": a sentence, true iff φ has infinitely many solutions (tuples
   * of all its free variables; cases 520-522). Padding is removed first (no leading zero letter in
   * msd, no trailing one in lsd) so that each tuple has one word; the set is infinite iff a cycle
   * lies on an accepting path.
   */
  private infinitelyMany(p: Predicate, v: string): Predicate {
    if (!p.tracks.some((u) => u.name === v)) return p;
    const first = p.tracks.find((u) => u.system);
    const msd = first ? first.system!.msd : true;
    const d = msd ? p.dfa : reverseDfa(p.dfa.mapOutput((o) => (o !== 0 ? 1 : 0)));
    return Predicate.constant(hasInfiniteLanguage(d, 0));
  }

  private predicateCall(name: string, args: Node[], sysName: string): Predicate {
    let stored = this.lib.predicate(name);
    if (!stored && name === 'vu') {
      // The built-in $vu(m, v): v = V_U(m) in the system in force (deciding-game-invariance, section 3).
      const sys = system(sysName);
      stored = predicateOn([{ name: 'm', system: sys }, { name: 'v', system: sys }], sys.vU());
    }
    if (!stored) throw new InputError(`no predicate named $${name} (define it with def or reg first)`);
    if (stored.tracks.length !== args.length) {
      throw new InputError(`$${name} takes ${stored.tracks.length} arguments, got ${args.length}`);
    }
    const names: string[] = [];
    const constraints: { name: string; p: Predicate | null; temps: string[] }[] = [];
    const used = new Set<string>();
    args.forEach((arg, i) => {
      const t = stored.tracks[i]!;
      if (arg.k === 'var' && !used.has(arg.name)) {
        used.add(arg.name);
        names.push(arg.name);
        return;
      }
      const tmp = temp();
      names.push(tmp);
      // A term on an explicit {0..b-1} track is computed in the system in force and read digit by digit.
      const argSys = t.system ?? digitCompatible(t, { name: tmp, system: system(sysName) })?.system;
      if (!argSys) throw new InputError(`argument ${i + 1} of $${name} is on a non-arithmetic track and must be a variable`);
      const c = this.term(arg, argSys.name, tmp);
      constraints.push({ name: tmp, p: c.p, temps: c.temps });
    });
    let p = this.bind([...stored.tracks], stored.dfa, names);
    for (const c of constraints) if (c.p) p = combine(p, c.p, 'and', this.limits);
    const gone = constraints.flatMap((c) => [c.name, ...c.temps]);
    if (gone.length > 0) p = exists(p, gone, this.limits);
    return this.note(`$${name}`, p);
  }

  /**
   * The automaton of a term: a predicate relating its free variables to the variable `v` holding its
   * value (p is null when the term is a plain variable), and the temporaries still to project.
   * With `target`, the value is placed on that variable.
   */
  term(node: Node, sysName: string, target?: string): { p: Predicate | null; v: string; temps: string[] } {
    const sys = system('sys' in node ? node.sys : sysName);
    const track = (name: string): Track => ({ name, system: sys });
    switch (node.k) {
      case 'var': {
        if (!target) return { p: null, v: node.name, temps: [] };
        return { p: this.bind([track('#a'), track('#b')], sys.equality(), [node.name, target]), v: target, temps: [] };
      }
      case 'num': {
        const v = target ?? temp();
        return { p: predicateOn([track(v)], sys.constant(node.value)), v, temps: target ? [] : [v] };
      }
      case 'neg': {
        if (!sys.signed) {
          if (node.e.k === 'num') throw new InputError(`negative constant -${node.e.value}`);
          throw new InputError(`negation of a term in ${sys.name}, which has no negative numbers`);
        }
        if (node.e.k === 'num') {
          const v = target ?? temp();
          return { p: predicateOn([track(v)], sys.constant(-node.e.value)), v, temps: target ? [] : [v] };
        }
        // -e = v iff e + v = 0.
        const v = target ?? temp();
        const e = this.term(node.e, sys.name);
        const zero = temp();
        let p = this.bind([track('#x'), track('#y'), track('#z')], sys.addition(), [e.v, v, zero]);
        p = combine(p, predicateOn([track(zero)], sys.constant(0)), 'and', this.limits);
        if (e.p) p = combine(p, e.p, 'and', this.limits);
        p = exists(p, [zero, ...e.temps], this.limits);
        return { p: this.note('_', p), v, temps: target ? [] : [v] };
      }
      case 'arith':
        return this.arith(node, sys, target);
      case 'word':
      case 'out':
        return this.splitTerm(node, node, sys.name, target);
      default:
        return this.formulaTerm(node, target);
    }
  }

  private arith(node: Extract<Node, { k: 'arith' }>, sys: NumerationSystem, target?: string): { p: Predicate | null; v: string; temps: string[] } {
    const v = target ?? temp();
    const tr = (name: string): Track => ({ name, system: sys });
    const constOf = (n: Node): bigint | undefined => (n.k === 'num' ? n.value : sys.signed && n.k === 'neg' && n.e.k === 'num' ? -n.e.value : undefined);
    // In a negative base: c*x with c < 0 is -(|c| x), and x/c is (-x)/|c| (the floor either way).
    if (sys.signed && (node.op === '*' || node.op === '/')) {
      const c = node.op === '/' ? constOf(node.r) : (constOf(node.l) ?? constOf(node.r));
      if (c !== undefined && c < 0n) {
        const abs: Node = { k: 'num', value: -c, sys: sys.name };
        const other = node.op === '/' || constOf(node.l) === undefined ? node.l : node.r;
        const rewritten: Node =
          node.op === '*'
            ? { k: 'neg', e: { k: 'arith', op: '*', l: abs, r: other, sys: sys.name }, sys: sys.name }
            : { k: 'arith', op: '/', l: { k: 'neg', e: other, sys: sys.name }, r: abs, sys: sys.name };
        return this.term(rewritten, sys.name, target);
      }
    }
    let operands: { p: Predicate | null; v: string; temps: string[] }[];
    let rel: Predicate;
    // DFAO values (deciding-game-invariance, section 5: a word automaton is a finite-valued function):
    // a purely valued side is computed pointwise, a mixed one case by case over its values.
    if (containsWord(node)) {
      if (this.valued(node, sys.name)) return this.splitTerm(node, node, sys.name, target);
      const side = this.valuedPart(node, sys.name);
      if (!side) throw new InputError('this combination of word automaton values and terms is not supported');
      return this.splitTerm(node, side, sys.name, target);
    }
    if (node.op === '*') {
      const cl = constOf(node.l);
      const cr = constOf(node.r);
      if (cl === undefined && cr === undefined) throw new InputError('multiplication of two variables is not in the theory (only multiplication by a constant)');
      const c = cl ?? cr!;
      const other = cl !== undefined ? node.r : node.l;
      const o = this.term(other, sys.name);
      operands = [o];
      rel = this.bind([tr('#x'), tr('#y')], this.multiplier(sys, c), [o.v, v]);
    } else if (node.op === '/') {
      const c = constOf(node.r);
      if (c === undefined) throw new InputError('division is only by a constant');
      if (c === 0n) throw new InputError('division by zero');
      const o = this.term(node.l, sys.name);
      operands = [o];
      rel = this.bind([tr('#x'), tr('#y')], this.divider(sys, c), [o.v, v]);
    } else {
      const a = this.term(node.l, sys.name);
      const b = this.term(node.r, sys.name);
      operands = [a, b];
      // x + y = z on tracks (x, y, z); a - b = v iff b + v = a.
      const names = node.op === '+' ? [a.v, b.v, v] : [b.v, v, a.v];
      rel = this.bind([tr('#x'), tr('#y'), tr('#z')], sys.addition(), names);
    }
    let p = rel;
    const temps: string[] = [];
    for (const o of operands) {
      if (o.p) p = combine(p, o.p, 'and', this.limits);
      temps.push(...o.temps);
    }
    if (temps.length > 0) p = exists(p, temps, this.limits);
    return { p: this.note(node.op, p), v, temps: target ? [] : [v] };
  }

  private readonly mulCache = new Map<string, Dfa>();

  /** y = c x on tracks (x, y), by doubling and adding: O(log c) additions. */
  multiplier(sys: NumerationSystem, c: bigint): Dfa {
    const key = `${sys.name}*${c}`;
    const hit = this.mulCache.get(key);
    if (hit) return hit;
    // Reading y = c x, the automaton keeps the difference y - c x of the prefixes read, one state per value
    // in (-c, 0]: c states at least, refused up front past the state cap (20 digits ran for minutes).
    const maxStates = this.limits.maxStates ?? limitDefault('logicStates');
    if (c > BigInt(maxStates)) throw new LimitError(`multiplying or dividing by ${c.toString().length > 30 ? `a ${c.toString().length}-digit constant` : c} needs an automaton of about that many states, more than ${maxStates}`, 'logicStates');
    const tr = (name: string): Track => ({ name, system: sys });
    let result: Predicate;
    const lim = this.limits;
    if (c === 0n) {
      result = combine(predicateOn([tr('y')], sys.constant(0)), predicateOn([tr('x')], sys.validity()), 'and', lim);
    } else if (c === 1n) {
      result = predicateOn([tr('x'), tr('y')], sys.equality());
    } else {
      const half = predicateOn([tr('x'), tr('h')], this.multiplier(sys, c / 2n));
      // y = h + h (+ x when c is odd).
      const dbl = exists(combine(predicateOn([tr('h'), tr('g'), tr('d')], sys.addition()), predicateOn([tr('h'), tr('g')], sys.equality()), 'and', lim), 'g', lim);
      let p = exists(combine(half, dbl, 'and', lim), 'h', lim);
      if (c % 2n === 1n) p = exists(combine(p, predicateOn([tr('d'), tr('x'), tr('y')], sys.addition()), 'and', lim), 'd', lim);
      else p = p.rename(new Map([['d', 'y']]));
      result = p;
    }
    const dfa = result.dfa;
    this.mulCache.set(key, dfa);
    return dfa;
  }

  /** y = floor(x / c) on tracks (x, y): x = c y + r with r < c. */
  divider(sys: NumerationSystem, c: bigint): Dfa {
    const tr = (name: string): Track => ({ name, system: sys });
    const lim = this.limits;
    const cy = predicateOn([tr('y'), tr('m')], this.multiplier(sys, c));
    const add = predicateOn([tr('m'), tr('r'), tr('x')], sys.addition());
    let small = exists(combine(predicateOn([tr('r'), tr('k')], sys.lessThan()), predicateOn([tr('k')], sys.constant(c)), 'and', lim), 'k', lim);
    if (sys.signed) {
      // 0 <= r: in a negative base r ranges over all integers.
      const nonNegative = negate(exists(combine(predicateOn([tr('r'), tr('k')], sys.lessThan()), predicateOn([tr('k')], sys.constant(0)), 'and', lim), 'k', lim), lim);
      small = combine(small, nonNegative, 'and', lim);
    }
    const p = exists(exists(combine(combine(cy, add, 'and', lim), small, 'and', lim), 'm', lim), 'r', lim);
    return p.dfa;
  }

  private comparison(op: CmpOp, l: Node, r: Node, sysName: string): Predicate {
    if (containsWord(l) || containsWord(r) || l.k === 'out' || r.k === 'out') {
      const vl = this.valued(l, sysName);
      const vr = this.valued(r, sysName);
      if (vl && vr) return this.note(op, this.pointwiseCompare(op, vl, vr));
      if (vl && (l.k === 'word' || l.k === 'out' || l.k === 'arith')) return this.splitFormula(vl, (c) => this.comparison(op, c, r, sysName), sysName);
      if (vr && (r.k === 'word' || r.k === 'out' || r.k === 'arith')) return this.splitFormula(vr, (c) => this.comparison(op, l, c, sysName), sysName);
    }
    const sys = system(sysName);
    // x = term: compute the term straight onto x.
    if (op === '=' && (l.k === 'var' || r.k === 'var')) {
      const [v, other] = l.k === 'var' ? [l, r] : [r as Extract<Node, { k: 'var' }>, l];
      if (other.k !== 'var') {
        const t = this.term(other, sysName, v.name);
        return this.note('=', t.p!);
      }
    }
    const a = this.term(l, sysName);
    const b = this.term(r, sysName);
    const tr = (name: string): Track => ({ name, system: sys });
    let rel: Predicate;
    switch (op) {
      case '=':
        rel = this.bind([tr('#x'), tr('#y')], sys.equality(), [a.v, b.v]);
        break;
      case '!=':
        rel = negate(this.bind([tr('#x'), tr('#y')], sys.equality(), [a.v, b.v]), this.limits);
        break;
      case '<':
        rel = this.bind([tr('#x'), tr('#y')], sys.lessThan(), [a.v, b.v]);
        break;
      case '>':
        rel = this.bind([tr('#x'), tr('#y')], sys.lessThan(), [b.v, a.v]);
        break;
      case '<=':
        rel = negate(this.bind([tr('#x'), tr('#y')], sys.lessThan(), [b.v, a.v]), this.limits);
        break;
      case '>=':
        rel = negate(this.bind([tr('#x'), tr('#y')], sys.lessThan(), [a.v, b.v]), this.limits);
        break;
    }
    let p = rel;
    for (const t of [a, b]) if (t.p) p = combine(p, t.p, 'and', this.limits);
    if (a.temps.length + b.temps.length > 0) p = exists(p, [...a.temps, ...b.temps], this.limits);
    return this.note(op, p);
  }

  /** A side of a comparison of word values: a predicate whose outputs are the values. */
  private valuedSide(n: Node, sysName: string): { p: Predicate; temps: { name: string; c: Predicate | null; temps: string[] }[] } {
    if (n.k === 'out') return { p: new Predicate([], Dfa.from(1, 1, () => 0, () => n.value)), temps: [] };
    if (n.k !== 'word') throw new InputError('comparing a word automaton value with a term (DFAO arithmetic) is not supported');
    const w = this.lib.word(n.name);
    if (!w) throw new InputError(`no word automaton named ${n.name}`);
    if (w.tracks.length !== n.index.length) throw new InputError(`${n.name} takes ${w.tracks.length} indices, got ${n.index.length}`);
    const names: string[] = [];
    const temps: { name: string; c: Predicate | null; temps: string[] }[] = [];
    n.index.forEach((ix, i) => {
      const t = w.tracks[i]!;
      if (ix.k === 'var' && !names.includes(ix.name)) {
        names.push(ix.name);
        return;
      }
      if (isFormula(ix)) {
        // T[a<5]: the formula's free variable is the index, read on the word's track (Walnut, case 469).
        const f = this.formulaTerm(ix);
        const c = t.system ? relabel(f.p!, f.v, t.system) : f.p!;
        names.push(f.v);
        temps.push({ name: '', c, temps: [] });
        return;
      }
      const tmp = temp();
      names.push(tmp);
      // The index is computed in the system in force and fed to the word digit by digit (case 473).
      const c = this.term(ix, t.system ? t.system.name : sysName, tmp);
      temps.push({ name: tmp, c: c.p && t.system ? relabel(c.p, tmp, t.system) : c.p, temps: c.temps });
    });
    // Bind without the validity product: the outputs are values, not acceptance.
    const tracks = w.tracks.map((t, i) => ({ ...t, name: names[i]! }));
    const distinct = new Set(names);
    if (distinct.size !== names.length) throw new InputError(`${n.name}[...] with the same variable twice is not supported`);
    return { p: predicateOn(tracks, w.dfa), temps };
  }

  /**
   * A formula used as a term (Walnut: `T[a<5]`, `$f(x<4 & x>=2)`): its one free variable is the
   * value, constrained by the formula.
   */
  private formulaTerm(node: Node, target?: string): { p: Predicate | null; v: string; temps: string[] } {
    const p = this.formula(node);
    if (p.tracks.length !== 1) throw new InputError(`a formula used as a term must have exactly one free variable, not ${p.tracks.length}`);
    const t = p.tracks[0]!;
    if (!target) return { p, v: t.name, temps: [] };
    if (!t.system) throw new InputError(`a formula used as a term must have an arithmetic free variable`);
    const eq = predicateOn([{ ...t, name: '#a' }, { ...t, name: '#b' }], t.system.equality()).rename(new Map([['#a', t.name], ['#b', target]]));
    return { p: combine(p, eq, 'and', this.limits), v: target, temps: [] };
  }

  /**
   * The values of an expression built from word automata, output constants and integer constants
   * by + - * / and negation: value -> where it is taken. Undefined when a leaf is a variable.
   */
  private valued(node: Node, sysName: string): Map<number, Predicate> | undefined {
    const key = JSON.stringify(node, (_, v) => (typeof v === 'bigint' ? v.toString() : v)) + sysName;
    const hit = this.valuedCache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const result = this.valuedUncached(node, sysName);
    this.valuedCache.set(key, result ?? null);
    return result;
  }

  private readonly valuedCache = new Map<string, Map<number, Predicate> | null>();

  private valuedUncached(node: Node, sysName: string): Map<number, Predicate> | undefined {
    const one = (v: number) => new Map([[v, Predicate.constant(true)]]);
    switch (node.k) {
      case 'out':
        return one(node.value);
      case 'num':
        return one(Number(node.value));
      case 'word': {
        const w = this.lib.word(node.name);
        if (!w) throw new InputError(`no word automaton named ${node.name}`);
        const out = new Map<number, Predicate>();
        for (const o of w.dfa.reachableOutputs()) out.set(o, this.wordComparison('=', node, { k: 'out', value: o }, sysName));
        return out;
      }
      case 'neg': {
        const e = this.valued(node.e, sysName);
        return e && new Map([...e].map(([v, p]) => [-v, p]));
      }
      case 'arith': {
        const sys = 'sys' in node ? node.sys : sysName;
        const a = this.valued(node.l, sys);
        const b = this.valued(node.r, sys);
        if (!a || !b) return undefined;
        if (node.op === '/' && b.has(0)) throw new InputError('division by zero');
        const f = { '+': (x: number, y: number) => x + y, '-': (x: number, y: number) => x - y, '*': (x: number, y: number) => x * y, '/': (x: number, y: number) => (y === 0 ? undefined : Math.floor(x / y)) }[node.op];
        const out = new Map<number, Predicate>();
        for (const [x, px] of a) {
          for (const [y, py] of b) {
            const v = f(x, y);
            if (v === undefined) continue;
            const p = combine(px, py, 'and', this.limits);
            const old = out.get(v);
            out.set(v, old ? combine(old, p, 'or', this.limits) : p);
          }
        }
        return out;
      }
      default:
        return undefined;
    }
  }

  /** The first subterm reading a word automaton whose value is a finite function (undefined if none). */
  private valuedPart(node: Node, sysName: string): Node | undefined {
    if (!containsWord(node)) return undefined;
    if (this.valued(node, sysName)) return node;
    if (node.k === 'arith') return this.valuedPart(node.l, sysName) ?? this.valuedPart(node.r, sysName);
    if (node.k === 'neg') return this.valuedPart(node.e, sysName);
    return undefined;
  }

  /** x op y for two valued expressions: where the pair of values satisfies op. */
  private pointwiseCompare(op: CmpOp, a: Map<number, Predicate>, b: Map<number, Predicate>): Predicate {
    const test = cmpTest(op);
    // Start from the empty set over all the tracks, so an impossible comparison keeps its variables.
    const tracks = [...a.values(), ...b.values()].reduce<Track[]>((acc, q) => unionTracks(acc, q.tracks), []);
    const K = tracks.map(radixOf).reduce((x, r) => x * r, 1);
    let p = new Predicate(tracks, Dfa.from(1, K, () => 0, () => 0));
    for (const [x, px] of a) for (const [y, py] of b) if (test(x, y)) p = combine(p, combine(px, py, 'and', this.limits), 'or', this.limits);
    return p;
  }

  /** The constant o as a formula node (o < 0 is a negation, valid only in negative bases). */
  private static constNode(o: number, sys: string): Node {
    const num: Node = { k: 'num', value: BigInt(Math.abs(o)), sys };
    return o < 0 ? { k: 'neg', e: num, sys } : num;
  }

  /** ∨_o (where the values are o) ∧ build(o): a formula over a valued expression, case by case. */
  private splitFormula(values: Map<number, Predicate>, build: (c: Node) => Predicate, sys = 'msd_2'): Predicate {
    let p = Predicate.constant(false);
    for (const [o, where] of values) {
      let q: Predicate;
      try {
        q = build(Compiler.constNode(o, sys));
      } catch (e) {
        // A negative value in a system without negative numbers takes no part.
        if (o < 0 && e instanceof InputError && /negative/.test(e.message)) continue;
        throw e;
      }
      p = combine(p, combine(where, q, 'and', this.limits), 'or', this.limits);
    }
    return p;
  }

  /** The term `node` with its valued subterm `side` replaced by each of its values in turn. */
  private splitTerm(node: Node, side: Node, sysName: string, target?: string): { p: Predicate | null; v: string; temps: string[] } {
    const values = this.valued(side, sysName)!;
    const v = target ?? temp();
    const p = this.splitFormula(
      values,
      (c) => {
        const t = this.term(replaceNode(node, side, c), sysName, v);
        return t.temps.length > 0 ? exists(t.p!, t.temps, this.limits) : t.p!;
      },
      sysName,
    );
    return { p: this.note('[]', p), v, temps: target ? [] : [v] };
  }

  private wordComparison(op: CmpOp, l: Node, r: Node, sysName: string): Predicate {
    const a = this.valuedSide(l, sysName);
    const b = this.valuedSide(r, sysName);
    const tracks = unionTracks(a.p.tracks, b.p.tracks);
    const test = cmpTest(op);
    const wa = widen(a.p, tracks);
    const wb = widen(b.p, tracks);
    const { signal } = this.limits;
    const stop = signal ? { signal } : {};
    let d = product(wa.dfa, wb.dfa, (x, y) => (test(x, y) ? 1 : 0), undefined, stop);
    d = product(d, validityOf(tracks), (x, y) => (x !== 0 && y !== 0 ? 1 : 0), undefined, stop);
    let p = new Predicate(tracks, minimise(d, signal));
    for (const t of [...a.temps, ...b.temps]) {
      if (t.c) p = combine(p, t.c, 'and', this.limits);
      for (const v of [t.name, ...t.temps]) if (v) p = exists(p, v, this.limits);
    }
    return this.note(op, p);
  }
}

/**
 * Whether infinitely many accepted words do not begin with the letter `zero`: a cycle among the
 * useful states of the automaton entered after a first letter other than zero.
 */
function hasInfiniteLanguage(dfa: Dfa, zero: number): boolean {
  const k = dfa.alphabetSize;
  const live = coReachable(dfa);
  // States reachable after a non-zero first letter.
  const seen = new Uint8Array(dfa.stateCount);
  const stack: number[] = [];
  for (let a = 0; a < k; a++) {
    const t = dfa.next(dfa.start, a);
    if (a !== zero && live[t] && !seen[t]) {
      seen[t] = 1;
      stack.push(t);
    }
  }
  const order: number[] = [];
  while (stack.length > 0) {
    const s = stack.pop()!;
    order.push(s);
    for (let a = 0; a < k; a++) {
      const t = dfa.next(s, a);
      if (live[t] && !seen[t]) {
        seen[t] = 1;
        stack.push(t);
      }
    }
  }
  // A cycle among these states: Kahn's algorithm leaves some state unremoved.
  const indeg = new Int32Array(dfa.stateCount);
  for (const s of order) for (let a = 0; a < k; a++) if (seen[dfa.next(s, a)]) indeg[dfa.next(s, a)]!++;
  const queue = order.filter((s) => indeg[s] === 0);
  let removed = 0;
  while (queue.length > 0) {
    const s = queue.pop()!;
    removed++;
    for (let a = 0; a < k; a++) {
      const t = dfa.next(s, a);
      if (seen[t] && --indeg[t]! === 0) queue.push(t);
    }
  }
  return removed < order.length;
}

/** Whether a node is a formula (not a term). */
function isFormula(n: Node): boolean {
  return n.k === 'cmp' || n.k === 'logic' || n.k === 'not' || n.k === 'rev' || n.k === 'quant' || n.k === 'pred' || n.k === 'bool';
}

/** p with the track `name` re-labelled in `system` (same digits), as Walnut feeds a term to a word automaton. */
function relabel(p: Predicate, name: string, system: NumerationSystem): Predicate {
  const tracks = p.tracks.map((t) => (t.name === name && t.system && t.system !== system && t.system.base === system.base ? { ...t, system } : t));
  return new Predicate(tracks, p.dfa);
}

/** Whether a term reads a word automaton. */
function containsWord(n: Node): boolean {
  if (n.k === 'word') return true;
  if (n.k === 'arith') return containsWord(n.l) || containsWord(n.r);
  if (n.k === 'neg') return containsWord(n.e);
  return false;
}

/** node with the subtree `from` (by identity) replaced by `to`. */
function replaceNode(node: Node, from: Node, to: Node): Node {
  if (node === from) return to;
  if (node.k === 'arith') return { ...node, l: replaceNode(node.l, from, to), r: replaceNode(node.r, from, to) };
  if (node.k === 'neg') return { ...node, e: replaceNode(node.e, from, to) };
  return node;
}

function cmpTest(op: CmpOp): (x: number, y: number) => boolean {
  switch (op) {
    case '=':
      return (x, y) => x === y;
    case '!=':
      return (x, y) => x !== y;
    case '<':
      return (x, y) => x < y;
    case '>':
      return (x, y) => x > y;
    case '<=':
      return (x, y) => x <= y;
    case '>=':
      return (x, y) => x >= y;
  }
}

export { predicateOn, radixOf };
