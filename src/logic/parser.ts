/**
 * The Walnut formula language: a Pratt parser from text to a syntax tree. Binding, loosest first:
 * quantifiers and `?ns` (scope: the rest of the enclosing group), <=>, =>, ^, |, &, prefix ~ and `,
 * comparisons, + -, * /, prefix _ (negation).
 */
import { InputError, quoted } from '../core/errors.js';
import { limitDefault } from '../core/limits.js';

export type CmpOp = '=' | '!=' | '<' | '>' | '<=' | '>=';
export type LogicOp = '&' | '|' | '^' | '=>' | '<=>';

export type Node =
  | { k: 'num'; value: bigint; sys: string }
  | { k: 'var'; name: string; sys: string }
  | { k: 'arith'; op: '+' | '-' | '*' | '/'; l: Node; r: Node; sys: string }
  | { k: 'neg'; e: Node; sys: string }
  | { k: 'cmp'; op: CmpOp; l: Node; r: Node; sys: string }
  | { k: 'logic'; op: LogicOp; l: Node; r: Node }
  | { k: 'not'; e: Node }
  | { k: 'rev'; e: Node }
  | { k: 'quant'; q: 'E' | 'A' | 'I'; vars: string[]; body: Node }
  | { k: 'word'; name: string; index: Node[]; sys: string }
  | { k: 'out'; value: number }
  | { k: 'pred'; name: string; args: Node[]; sys: string }
  | { k: 'bool'; value: boolean };

interface Token {
  t: string;
  at: number;
}

/** A parse error naming the column (1-based) within the formula. */
export class FormulaError extends InputError {
  constructor(
    readonly formula: string,
    readonly column: number,
    reason: string,
  ) {
    super(`bad formula ${quoted(formula)} at column ${column}: ${reason}`);
  }
}

const SYMBOLS = ['<=>', '=>', '<=', '>=', '!=', '=', '<', '>', '&', '|', '^', '~', '`', '+', '-', '*', '/', '_', '(', ')', '[', ']', ',', '@', '$', '.'];

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '?') {
      const m = /^\?[A-Za-z0-9_]+/.exec(text.slice(i));
      if (!m) throw new FormulaError(text, i + 1, 'expected a numeration system after ?');
      out.push({ t: m[0], at: i });
      i += m[0].length;
      continue;
    }
    const id = /^[A-Za-z][A-Za-z0-9_]*|^\d+/.exec(text.slice(i));
    if (id) {
      out.push({ t: id[0], at: i });
      i += id[0].length;
      continue;
    }
    const sym = SYMBOLS.find((s) => text.startsWith(s, i));
    if (!sym) throw new FormulaError(text, i + 1, `unexpected character ${JSON.stringify(c)}`);
    out.push({ t: sym, at: i });
    i += sym.length;
  }
  return out;
}

const INFIX: Record<string, [number, number]> = {
  // [left binding power, right binding power]
  '<=>': [1, 2],
  '=>': [4, 3],
  '^': [5, 6],
  '|': [7, 8],
  '&': [9, 10],
  '=': [13, 14],
  '!=': [13, 14],
  '<': [13, 14],
  '>': [13, 14],
  '<=': [13, 14],
  '>=': [13, 14],
  '+': [15, 16],
  '-': [15, 16],
  '*': [17, 18],
  '/': [17, 18],
};
const NOT_BP = 11;
const NEG_BP = 19;

/** Parses a formula; `system` is the numeration system in force at the start (Walnut: msd_2). */
export function parseFormula(text: string, system = 'msd_2'): Node {
  const toks = tokenize(text);
  let pos = 0;
  let sys = system;
  const peek = () => toks[pos];
  const fail = (reason: string, tok = peek()): never => {
    throw new FormulaError(text, tok ? tok.at + 1 : text.length + 1, reason);
  };
  const expect = (t: string) => {
    if (peek()?.t !== t) fail(`expected ${JSON.stringify(t)}${peek() ? `, found ${JSON.stringify(peek()!.t)}` : ' at the end'}`);
    pos++;
  };
  const isVarName = (t: string) => /^[a-z][A-Za-z0-9_]*$/.test(t);

  const parseArgs = (): Node[] => {
    expect('(');
    const args: Node[] = [];
    if (peek()?.t !== ')') {
      for (;;) {
        args.push(expr(0));
        if (peek()?.t === ',') pos++;
        else break;
      }
    }
    expect(')');
    return args;
  };

  const primary = (): Node => {
    const tok = peek();
    if (!tok) return fail('unexpected end of formula');
    const t = tok.t;
    if (t.startsWith('?')) {
      pos++;
      const saved = sys;
      sys = t.slice(1);
      const body = expr(0);
      sys = saved;
      return body;
    }
    if ((t === 'E' || t === 'A' || t === 'I') || /^[EAI][a-z]/.test(t)) {
      // A quantifier: E x,y φ (the variable may be glued to the letter: Ex).
      pos++;
      const vars: string[] = [];
      let first = t.length > 1 ? t.slice(1) : undefined;
      for (;;) {
        const name = first ?? peek()?.t;
        if (!name || !isVarName(name)) return fail('expected a variable after the quantifier');
        if (first === undefined) pos++;
        first = undefined;
        vars.push(name);
        if (peek()?.t === ',') pos++;
        else break;
      }
      const body = expr(0);
      return { k: 'quant', q: t[0] as 'E' | 'A' | 'I', vars, body };
    }
    if (t === '(') {
      pos++;
      const saved = sys;
      const e = expr(0);
      sys = saved;
      expect(')');
      return e;
    }
    if (t === '~') {
      pos++;
      return { k: 'not', e: expr(NOT_BP) };
    }
    if (t === '`') {
      pos++;
      return { k: 'rev', e: expr(NOT_BP) };
    }
    if (t === '_') {
      pos++;
      return { k: 'neg', e: expr(NEG_BP), sys };
    }
    if (t === '@') {
      pos++;
      let sign = 1;
      if (peek()?.t === '-' || peek()?.t === '_') {
        sign = -1;
        pos++;
      }
      const n = peek();
      if (!n || !/^\d+$/.test(n.t)) return fail('expected an integer after @');
      pos++;
      return { k: 'out', value: sign * Number(n.t) };
    }
    if (t === '$') {
      pos++;
      const n = peek();
      if (!n || !/^[A-Za-z]/.test(n.t)) return fail('expected a predicate name after $');
      pos++;
      const here = sys;
      return { k: 'pred', name: n.t, args: peek()?.t === '(' ? parseArgs() : [], sys: here };
    }
    if (/^\d+$/.test(t)) {
      pos++;
      return { k: 'num', value: BigInt(t), sys };
    }
    if (t === 'true' || t === 'false') {
      pos++;
      return { k: 'bool', value: t === 'true' };
    }
    // Word automata are capitalised (T[n]), or any name followed by an index (test533[n]).
    if (t === '.' || /^[A-Z]/.test(t) || (isVarName(t) && toks[pos + 1]?.t === '[')) {
      if (t === '.') pos++;
      const n = peek();
      if (!n || !/^[A-Za-z]/.test(n.t)) return fail('expected a word automaton name');
      pos++;
      const index: Node[] = [];
      while (peek()?.t === '[') {
        pos++;
        index.push(expr(0));
        expect(']');
      }
      if (index.length === 0) return fail(`expected [ after the word automaton ${n.t}`);
      return { k: 'word', name: n.t, index, sys };
    }
    if (isVarName(t)) {
      pos++;
      return { k: 'var', name: t, sys };
    }
    return fail(`unexpected ${JSON.stringify(t)}`);
  };

  // Groups, prefix operators and right-hand operands recurse here: bounded, so that no input reaches the stack's end.
  let depth = 0;
  const expr = (minBp: number): Node => {
    if (++depth > MAX_NESTING) fail(`the formula nests more than ${MAX_NESTING} deep`);
    const left = operands(minBp);
    depth--;
    return left;
  };

  const operands = (minBp: number): Node => {
    let left = primary();
    for (;;) {
      const tok = peek();
      if (!tok) break;
      const bp = INFIX[tok.t];
      if (!bp || bp[0] < minBp) break;
      pos++;
      const right = expr(bp[1]);
      const op = tok.t;
      if (op === '+' || op === '-' || op === '*' || op === '/') left = { k: 'arith', op, l: left, r: right, sys };
      else if (op === '&' || op === '|' || op === '^' || op === '=>' || op === '<=>') left = { k: 'logic', op, l: left, r: right };
      else left = { k: 'cmp', op: op as CmpOp, l: left, r: right, sys };
    }
    return left;
  };

  const tree = expr(0);
  if (pos < toks.length) fail(`unexpected ${JSON.stringify(toks[pos]!.t)}`);
  // A chain of left-associative operators (a & b & c ...) is parsed by a loop but is as deep a tree as it is long.
  if (height(tree) > MAX_NESTING) fail(`the formula nests more than ${MAX_NESTING} deep (a chain of operators such as a & b & c counts each one)`);
  return tree;
}

/** Most nesting of a formula's tree (the compiler recurses through it): the formulaNesting row of core/limits.ts. */
const MAX_NESTING = limitDefault('formulaNesting');

/** The height of a syntax tree, without recursion (the tree may be too deep for it). */
function height(tree: Node): number {
  let most = 0;
  const stack: [Node, number][] = [[tree, 1]];
  while (stack.length > 0) {
    const [n, h] = stack.pop()!;
    if (h > most) most = h;
    for (const child of children(n)) stack.push([child, h + 1]);
  }
  return most;
}

function children(n: Node): Node[] {
  switch (n.k) {
    case 'arith':
    case 'cmp':
    case 'logic':
      return [n.l, n.r];
    case 'neg':
    case 'not':
    case 'rev':
      return [n.e];
    case 'quant':
      return [n.body];
    case 'word':
      return n.index;
    case 'pred':
      return n.args;
    default:
      return [];
  }
}
